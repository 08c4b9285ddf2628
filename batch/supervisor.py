"""Checks files in worker processes that can be stopped: the hard edge of the per-file budget.

In the process that checks a file, the budget (dambuster.batch.budget) stops Python code at once, but not one
long GEOS computation (shapely looks for signals only between the elements of an array, never inside
one operation), and it cannot bound memory. So `dambuster validate` checks files in worker processes,
forked from itself (they start with its modules and rules loaded), and watches them: a worker still
busy GRACE seconds after its file's budget ran out, or holding more than MEMORY_CAP of resident memory,
is killed, the file gets one BUDGET finding naming the rule that was running, and a fresh worker takes
the next file. A worker that dies by itself (the kernel's out-of-memory killer) costs its file only:
an ENGINE finding, as a dead process pool worker gives.

Only where ``fork`` exists (Linux, the BSDs, macOS); elsewhere the caller checks in-process. The
workers are plain ``os.fork`` children talking over two pipes (paths in, pickled reports out), not
multiprocessing's: its modules were a tenth of a cold single-file validate.
"""

from __future__ import annotations

import mmap
import os
import pickle
import select
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import cast

from .budget import budget_finding, process_cpu_seconds
from .file_report import FileReport

#: Seconds a worker may go on after its file's budget before it is killed: room to write the BUDGET
#: report itself when the alarm did stop the work.
GRACE = 2.0
#: Resident memory a worker may hold while checking one file: 800 MB, so that with what it can take
#: between two looks (about 0.1 GB in TICK at memset speed) it stays under 1 GB.
MEMORY_CAP = 800 << 20
#: Seconds between looks at the workers' clocks and memory.
TICK = 0.05
#: A worker still on its file after this many times (budget + GRACE) of wall-clock time is stopped even
#: if it used little CPU (a stopped process, a machine with far more workers than CPUs).
STALL = 20

Check = Callable[[str, Callable[[str], None]], FileReport]  # check(path, on_rule) -> report


def available() -> bool:
    return hasattr(os, "fork")


class _Channel:
    """One end of a worker's pair of pipes: pickled messages, each after its length (4 bytes)."""

    def __init__(self, read_fd: int, write_fd: int):
        self.read_fd, self.write_fd = read_fd, write_fd

    def fileno(self) -> int:
        return self.read_fd

    def send(self, obj: object) -> None:
        data = pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)
        view = memoryview(len(data).to_bytes(4, "big") + data)
        while view:
            view = view[os.write(self.write_fd, view) :]

    def recv(self) -> object:
        size = int.from_bytes(self._exactly(4), "big")
        return pickle.loads(self._exactly(size))

    def _exactly(self, n: int) -> bytes:
        parts: list[bytes] = []
        left = n
        while left:
            chunk = os.read(self.read_fd, min(left, 1 << 20))
            if not chunk:
                raise EOFError("the other end is closed")
            parts.append(chunk)
            left -= len(chunk)
        return b"".join(parts)

    def poll(self) -> bool:
        return bool(select.select([self.read_fd], [], [], 0)[0])

    def close(self) -> None:
        for fd in {self.read_fd, self.write_fd}:
            try:
                os.close(fd)
            except OSError:
                pass


def wait(channels: Sequence[_Channel], timeout: float) -> list[_Channel]:
    """The channels with something to read (a message or the end), waiting at most ``timeout`` seconds."""
    if not channels:
        time.sleep(timeout)
        return []
    return select.select(list(channels), [], [], timeout)[0]


class _Trail:
    """The rules a worker has started on its current file, in memory it shares with the parent: the worker
    appends each rule's code as it starts, without a message (a message per rule cost the parent a wake-up
    and a read per rule: a tenth of a batch's time), and the parent reads the trail only when it judges the
    worker, after stopping it."""

    SIZE = 16384  # bytes: every rule of every profile, about 60 codes of at most 24 characters, fits twice

    def __init__(self):
        self.memory = mmap.mmap(-1, 4 + self.SIZE)  # anonymous and shared: seen by parent and child

    @property
    def length(self) -> int:
        return int.from_bytes(self.memory[:4], "little")

    def clear(self) -> None:
        self.memory[:4] = bytes(4)

    def add(self, code: str) -> None:
        entry = code.encode("utf-8", "replace")[:64] + b"\n"
        n = self.length
        if n + len(entry) > self.SIZE:  # cannot happen with the registry's codes; keep the latest rule
            n = 0
        self.memory[4 + n : 4 + n + len(entry)] = entry
        self.memory[:4] = (n + len(entry)).to_bytes(4, "little")  # after the bytes: never half a code

    def codes(self) -> list[str]:
        return self.memory[4 : 4 + self.length].decode("utf-8", "replace").splitlines()


def _serve(conn: _Channel, check: Check, trail: _Trail) -> None:
    """A worker: checks the paths it is sent, one at a time, keeping the trail of the rules it starts.
    Ctrl-C is the parent's to handle: it stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        path = cast("str | None", conn.recv())  # the parent sends paths, then None
        if path is None:
            return
        trail.clear()
        report = check(path, trail.add)
        conn.send(("done", report))


class _Worker:
    def __init__(self, check: Check):
        from_parent, to_child = os.pipe()  # (read end, write end)
        from_child, to_parent = os.pipe()
        self.trail = _Trail()
        _flush()  # nothing buffered here is written twice
        parent = os.getpid()
        self.pid = os.fork()
        if self.pid == 0:  # the worker: it never returns to the caller's code
            _die_with(parent)
            os.close(to_child)
            os.close(from_child)
            _worker_main(_Channel(from_parent, to_parent), check, self.trail)
        os.close(from_parent)
        os.close(to_parent)
        self.conn = _Channel(from_child, to_child)
        self.exit_status: int | None = None
        self.index: int | None = None
        self.started = 0.0  # the wall clock when it was given its file
        self.cpu_at_start = 0.0  # and its CPU time then

    def give(self, index: int, path: str) -> None:
        self.index, self.started = index, time.monotonic()
        self.cpu_at_start = process_cpu_seconds(self.pid)
        self.conn.send(path)

    def cpu(self) -> float:
        """CPU seconds spent on its current file (0 where /proc cannot tell)."""
        return process_cpu_seconds(self.pid) - self.cpu_at_start

    def current(self) -> int:
        """The index of the file this worker was given (called only while it has one)."""
        if self.index is None:
            raise RuntimeError("this worker has no file")
        return self.index

    def rules(self) -> list[str]:
        """The rules started on the current file, the last one unfinished (read once the worker is stopped)."""
        return self.trail.codes()

    def resident(self) -> int:
        """The memory this worker holds of its own: private pages (what its files cost), not the pages it
        still shares with the process it was forked from; resident pages where Linux cannot tell them apart.
        Resident pages (``statm``, cheap) bound the private ones from above, so the costly count
        (``smaps_rollup`` walks the page tables: about a millisecond) is made only near the cap."""
        try:
            with open(f"/proc/{self.pid}/statm", "rb") as f:
                rss = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError):
            return 0
        if rss <= MEMORY_CAP:
            return rss
        try:
            with open(f"/proc/{self.pid}/smaps_rollup", "rb") as f:
                fields = dict(line.split(b":", 1) for line in f.read().splitlines() if b":" in line)
            return sum(int(fields[k].split()[0]) for k in (b"Private_Clean", b"Private_Dirty")) * 1024
        except (OSError, ValueError, IndexError, KeyError):
            return rss

    def kill(self) -> None:
        if self.exit_status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def join(self, timeout: float | None = None) -> bool:
        """Waits for the worker to end (at most ``timeout`` seconds); whether it has."""
        deadline = time.monotonic() + (timeout if timeout is not None else 0.0)
        while self.exit_status is None:
            pid, status = os.waitpid(self.pid, 0 if timeout is None else os.WNOHANG)
            if pid:
                self.exit_status = status
            elif time.monotonic() >= deadline:
                return False
            else:
                time.sleep(0.005)
        return True

    def stop(self, kill: bool = False) -> None:
        if kill:
            self.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:
                pass
        if not self.join(5):
            self.kill()
            self.join()
        self.conn.close()


def _die_with(parent: int) -> None:
    """Makes this worker end with the command that forked it, however the command ends (Ctrl-C, a
    kill, a crash): on Linux the kernel sends it SIGKILL then (``prctl(PR_SET_PDEATHSIG)``), so a worker
    busy in one long computation is never left running unwatched, outside the budget. Elsewhere a
    worker notices at its next read from the command's pipe."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the command ended before that was set
        os._exit(1)


def _worker_main(conn: _Channel, check: Check, trail: _Trail) -> None:
    """The forked worker's whole life: serve, then leave without the parent's exit handlers."""
    code = 0
    try:
        try:  # what it reads is the parent's pipe, never the terminal
            sys.stdin.close()
        except (OSError, ValueError):
            pass
        _serve(conn, check, trail)
    except (KeyboardInterrupt, EOFError, BrokenPipeError):  # the command is gone: nothing to say
        code = 1
    except BaseException:  # a bug: its traceback on stderr, as a multiprocessing worker would print
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        _flush()
        os._exit(code)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):  # closed, a broken pipe, or None
            pass


def validate_supervised(
    paths: Sequence[str],
    check: Check,
    budget: float,
    jobs: int,
    progress: Callable[[int, int], None] | None = None,
) -> list[FileReport]:
    """Reports in input order, each file checked by ``check`` in a watched worker process."""
    total = len(paths)
    out: list[FileReport | None] = [None] * total
    todo = deque(range(total))
    workers = [_Worker(check) for _ in range(max(1, min(jobs, total)))]
    done = 0

    def finish(w: _Worker, report: FileReport) -> None:
        nonlocal done
        out[w.current()] = report
        w.index = None
        done += 1
        if progress:
            progress(done, total)

    try:
        _run(paths, check, budget, workers, todo, finish)
    except BaseException:  # Ctrl-C, a broken pipe: no worker outlives the run
        for w in workers:
            w.stop(kill=True)
        raise
    for w in workers:
        w.stop()
    return [report for report in out if report is not None]  # every slot is filled once the loop ends


def _run(
    paths: Sequence[str],
    check: Check,
    budget: float,
    workers: list[_Worker],
    todo: deque[int],
    finish: Callable[[_Worker, FileReport], None],
) -> None:
    """Hands out files and collects reports until every file has one; kills and replaces stuck workers."""
    next_look = 0.0  # memory is read from /proc once a TICK, not after every message
    while todo or any(w.index is not None for w in workers):
        for w in workers:
            if w.index is None and todo:
                i = todo.popleft()
                w.give(i, paths[i])
        busy = [w for w in workers if w.index is not None]
        for conn in wait([w.conn for w in busy], TICK):
            w = next(x for x in busy if x.conn is conn)
            _read_report(w, paths, check, workers, finish)
        now = time.monotonic()
        look = now >= next_look
        if look:
            next_look = now + TICK
        for w in [x for x in workers if x.index is not None]:
            # CPU time, not the wall clock: a busy machine or more workers than CPUs (--jobs 8 on two)
            # must not change a file's verdict. A worker cannot use more CPU than wall time, so its CPU
            # is read only once the wall clock is past the budget; a worker that uses none (stopped)
            # is stopped by the wall clock at STALL times the budget.
            past = now - w.started
            stalled = past > (budget + GRACE) * STALL
            over_time = stalled or (past > budget + GRACE and look and w.cpu() > budget + GRACE)
            over_memory = look and not over_time and w.resident() > MEMORY_CAP
            if over_time or over_memory:
                if _has_message(w.conn):  # its report came in before it was judged
                    _read_report(w, paths, check, workers, finish)
                    if w.index is None or w not in workers:
                        continue
                w.kill()  # stopped before its trail is read: the trail is then final
                w.join()
                finish(w, _stopped(paths[w.current()], budget, over_memory, w.rules(), stalled))
                workers[workers.index(w)] = _replace(w, check, kill=True)


def _has_message(conn: _Channel) -> bool:
    try:
        return conn.poll()
    except (EOFError, OSError):
        return True  # the end of the pipe: _read_report reports the worker gone


def _read_report(
    w: _Worker,
    paths: Sequence[str],
    check: Check,
    workers: list[_Worker],
    finish: Callable[[_Worker, FileReport], None],
) -> None:
    """The report the worker sent, or an ENGINE finding when it died before sending one."""
    try:
        _kind, report = cast("tuple[str, FileReport]", w.conn.recv())  # what _serve sends
    except (EOFError, OSError):  # it died by itself: killed by the kernel, a crash in C
        finish(
            w,
            FileReport.unreadable(
                paths[w.current()], "ENGINE", "", "not checked: its worker process stopped (out of memory?)"
            ),
        )
        workers[workers.index(w)] = _replace(w, check)
        return
    finish(w, report)


def _replace(w: _Worker, check: Check, kill: bool = False) -> _Worker:
    w.stop(kill=kill)
    return _Worker(check)


def _stopped(
    path: str, budget: float, out_of_memory: bool, rules: list[str], stalled: bool = False
) -> FileReport:
    """The report of a file whose worker had to be killed: its findings went with the worker."""
    if out_of_memory:
        why = f"it held more than {MEMORY_CAP >> 20:,} MB"
    elif stalled:
        why = f"its worker made no progress for {(budget + GRACE) * STALL:g} s (stopped, or given no CPU)"
    else:
        why = f"still busy {GRACE:g} s of CPU after the budget ran out, inside one long computation"
    stop = budget_finding(budget, out_of_memory, loaded=bool(rules), unfinished=rules[-1:], killed=why)
    return FileReport(path, [stop], load_error=True, checked=rules[:-1])
