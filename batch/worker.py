"""One worker process of dambuster.batch.workers. Forked from the run, so that it starts with every module
and rule loaded, it does the items it is given one at a time, each under limits the kernel enforces
inside it (``resource``):

* time: the item's own clock (dambuster.batch.budget.Budget) stops Python code when its budget runs out;
  GRACE seconds of CPU later the worker's CPU limit (RLIMIT_CPU, counted in whole seconds) ends it with
  SIGXCPU, even inside one long call into C (a GEOS intersection, Qt drawing a scene), where no Python
  code runs to look at a clock;
* memory: ``Limits.memory`` bytes of data beyond what the worker holds when the item starts
  (RLIMIT_DATA, dambuster.batch.budget.memory_limited): an allocation past it fails where it is made, a
  MemoryError in Python code; native code that cannot go on aborts.

What the item marks as it goes (the rules it starts) is kept in memory shared with the run, and what
native code writes on the worker's standard error (file descriptor 2; Python's sys.stderr keeps the real
one) goes to the run, which passes it on when the item ends its own way. So a worker that ends without a
result can be told apart (:class:`Stop`: time, memory, another death) and its item named. A worker never
outlives the run: on Linux the kernel kills it with its parent (``prctl(PR_SET_PDEATHSIG)``).
"""

from __future__ import annotations

import math
import mmap
import os
import pickle
import select
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, cast

from dambuster.model.escape import visible

from .budget import allocation_failed, memory_limited

#: CPU seconds an item may go on after its budget before the kernel stops its worker: room for the
#: budget's own signal to stop Python code and for the item to end its own way (a fuller report).
GRACE = 2.0
#: A worker still on its item after this many times (budget + GRACE) of wall-clock time, having used
#: little CPU (a stopped process, a machine with far more workers than CPUs), is stopped: validate's.
STALL = 20
#: Bytes of what native code writes on a worker's standard error kept until its item ends.
NATIVE_KEPT = 64 * 1024


@dataclass(frozen=True)
class Limits:
    """What one item may take; None: no limit."""

    seconds: float | None = None  # CPU seconds (the item's Budget); the worker is ended GRACE s after
    memory: int | None = None  # bytes of data beyond what the worker holds when the item starts
    wall: float | None = None  # wall-clock seconds, for a worker that stopped using CPU


@dataclass(frozen=True)
class Stop:
    """Why a worker ended without its item's result."""

    cause: Literal["time", "memory", "stalled", "died"]
    how: str  # "signal 24 (SIGXCPU)", "exit status 3"
    said: str = ""  # the first line native code wrote on standard error, made visible
    #: what the item marked as it went (the rules it started), the last one unfinished
    marks: list[str] = field(default_factory=list[str])


class _Channel:
    """One end of a worker's pair of pipes: pickled messages, each after its length (4 bytes)."""

    def __init__(self, read_fd: int, write_fd: int):
        self.read_fd, self.write_fd = read_fd, write_fd

    def send(self, obj: object) -> None:
        data = pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)
        view = memoryview(len(data).to_bytes(4, "big") + data)
        while view:
            view = view[os.write(self.write_fd, view) :]

    def recv(self) -> object:
        return pickle.loads(self._exactly(int.from_bytes(self._exactly(4), "big")))

    def _exactly(self, n: int) -> bytes:
        parts: list[bytes] = []
        while n:
            chunk = os.read(self.read_fd, min(n, 1 << 20))
            if not chunk:
                raise EOFError("the other end is closed")
            parts.append(chunk)
            n -= len(chunk)
        return b"".join(parts)

    def close(self) -> None:
        for fd in {self.read_fd, self.write_fd}:
            _close(fd)


class _Marks:
    """What an item marked as it went (the rules it started), in memory the worker shares with the parent:
    written without a message (a message per rule cost the parent a wake-up and a read per rule, a tenth of
    a batch's time), read by the parent only once the worker has ended."""

    SIZE = 16384  # bytes: every rule of every profile, about 60 codes of at most 24 characters, fits twice

    def __init__(self):
        self.memory = mmap.mmap(-1, 4 + self.SIZE)  # anonymous and shared: seen by parent and child

    def clear(self) -> None:
        self.memory[:4] = bytes(4)

    def add(self, text: str) -> None:
        entry = text.encode("utf-8", "replace")[:64] + b"\n"
        n = int.from_bytes(self.memory[:4], "little")
        if n + len(entry) > self.SIZE:  # cannot happen with the registry's codes; keep the latest
            n = 0
        self.memory[4 + n : 4 + n + len(entry)] = entry
        self.memory[:4] = (n + len(entry)).to_bytes(4, "little")  # after the bytes: never half an entry

    def read(self) -> list[str]:
        n = int.from_bytes(self.memory[:4], "little")
        return self.memory[4 : 4 + n].decode("utf-8", "replace").splitlines()


class Worker:
    """A forked worker: item numbers in, results out, its standard error (fd 2) to the parent."""

    def __init__(self, do: Callable[[int, Callable[[str], None]], object], limits: Limits):
        from_parent, to_child = os.pipe()
        from_child, to_parent = os.pipe()
        self.native, native_w = os.pipe()
        self.marks = _Marks()
        _flush()  # nothing buffered here is written twice
        parent = os.getpid()
        self.pid = os.fork()
        if self.pid == 0:  # the worker: it never returns to the caller's code
            for fd in (to_child, from_child, self.native):
                os.close(fd)
            _worker_main(parent, _Channel(from_parent, to_parent), native_w, do, limits, self.marks)
        for fd in (from_parent, to_parent, native_w):
            os.close(fd)
        self.conn = _Channel(from_child, to_child)
        self.kept = bytearray()
        self.status: int | None = None
        self.index: int | None = None
        self.started = 0.0

    def give(self, index: int) -> None:
        self.index, self.started = index, time.monotonic()
        try:
            self.conn.send(index)
        except OSError:  # it died meanwhile: the end of its pipe says so, and the item is reported
            pass

    def current(self) -> int:
        if self.index is None:
            raise RuntimeError("this worker has no item")
        return self.index

    def drain(self) -> None:
        """Reads what native code wrote, without waiting: kept up to NATIVE_KEPT, the rest passed on."""
        while select.select([self.native], [], [], 0)[0]:
            chunk = os.read(self.native, 65536)
            if not chunk:
                return
            room = max(0, NATIVE_KEPT - len(self.kept))
            self.kept += chunk[:room]
            if chunk[room:]:
                _write_stderr(chunk[room:])

    def pass_on(self) -> None:
        """The item ended its own way: what its native code said goes to standard error as it was."""
        self.drain()
        if self.kept:
            _write_stderr(bytes(self.kept))
            self.kept.clear()

    def why(self, limits: Limits, stalled: bool) -> Stop:
        """Why the worker (ended, and joined) gave no result."""
        self.drain()
        said = self.kept.decode("utf-8", "replace")
        self.kept.clear()
        first = visible(next((line.strip() for line in said.splitlines() if line.strip()), ""))[:120]
        status = self.status or 0
        signum = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        how = (
            f"signal {signum} ({signal.Signals(signum).name})"
            if signum is not None
            else f"exit status {os.WEXITSTATUS(status)}"
        )
        cause: Literal["time", "memory", "stalled", "died"] = "died"
        if stalled:
            cause = "stalled"
        elif signum == getattr(signal, "SIGXCPU", None) and limits.seconds:
            cause = "time"
        elif allocation_failed(said) or signum in (signal.SIGABRT, signal.SIGKILL, signal.SIGSEGV):
            cause = "memory"
        return Stop(cause, how, first, self.marks.read())

    def kill(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def join(self, timeout: float | None = None) -> bool:
        """Waits for the worker to end (at most ``timeout`` seconds); whether it has."""
        deadline = time.monotonic() + (timeout or 0.0)
        while self.status is None:
            pid, status = os.waitpid(self.pid, 0 if timeout is None else os.WNOHANG)
            if pid:
                self.status = status
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
        if not kill:
            self.pass_on()
        self.close()

    def close(self) -> None:
        self.conn.close()
        _close(self.native)
        self.marks.memory.close()


def _worker_main(
    parent: int,
    conn: _Channel,
    native_w: int,
    do: Callable[[int, Callable[[str], None]], object],
    limits: Limits,
    marks: _Marks,
) -> None:
    """The forked worker's whole life: items until told to stop, then out without the parent's clean-up.
    Ctrl-C is the parent's to handle: it stops the workers."""
    code = 0
    try:
        _die_with(parent)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _stderr_for_python_only(native_w)
        _no_core_files()
        while (index := cast("int | None", conn.recv())) is not None:  # item numbers, then None
            marks.clear()
            _limit_cpu(limits.seconds)
            with memory_limited(limits.memory):
                result = do(index, marks.add)
            _flush()
            conn.send(result)
    except (EOFError, BrokenPipeError):  # the run is gone: nothing to say
        code = 1
    except BaseException:  # a bug: its traceback on stderr, as a multiprocessing worker would print
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        _flush()
        os._exit(code)


def _die_with(parent: int) -> None:
    """Makes this worker end with the process that forked it, however that ends (Ctrl-C, a kill, a
    crash): on Linux the kernel sends it SIGKILL then (``prctl(PR_SET_PDEATHSIG)``), so a worker busy in
    one long computation is never left running unwatched. Elsewhere a worker notices at its next read."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent ended before that was set
        os._exit(1)


def _stderr_for_python_only(native_w: int) -> None:
    """Python's sys.stderr keeps the real standard error (a terminal stays one, lines come as they are
    written), while file descriptor 2, where native libraries write their dying words, goes to the parent."""
    import io

    real = os.dup(2)
    os.dup2(native_w, 2)
    os.close(native_w)
    old = sys.stderr
    sys.stderr = io.TextIOWrapper(
        io.FileIO(real, "w"),
        encoding=getattr(old, "encoding", None) or "utf-8",
        errors=getattr(old, "errors", None) or "backslashreplace",
        line_buffering=True,
        write_through=True,
    )


def _no_core_files() -> None:
    """A worker ended by the kernel (SIGXCPU) or by an abort leaves no core file in the user's folder."""
    import resource

    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))
    except (OSError, ValueError):
        pass


def _limit_cpu(seconds: float | None) -> None:
    """The kernel ends this worker once it has used GRACE seconds of CPU past ``seconds`` more from now
    (RLIMIT_CPU counts whole seconds, so between GRACE and GRACE + 1); None: no limit."""
    import resource

    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    soft = hard
    if seconds:
        soft = math.ceil(time.process_time() + seconds + GRACE)
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
    try:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
    except (OSError, ValueError):
        pass


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):  # closed, a broken pipe, or None
            pass


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass


def _write_stderr(data: bytes) -> None:
    _flush()
    try:
        os.write(2, data)
    except OSError:
        pass
