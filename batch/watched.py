"""A command's work in a forked process that is watched: the hard edge of its --budget.

In the process doing the work, the budget (dambuster.batch.budget.run_budgeted) stops Python code at once,
but not one long call into C: Qt draws a whole scene in one ``QGraphicsScene.render`` (two crossing
comb-shaped woods took 4 s of CPU in that one call, and the budget could act only after it), and Qt
aborts the process when an allocation fails under the memory limit. So a command with a budget runs
its work in a child forked from itself, and the parent watches it every TICK: a child still busy GRACE
seconds of CPU after its budget is killed, and a child that dies by a signal (Qt's abort when memory
ran out) is one line too; either way the exit status is 2 and the command's outputs, written whole at
the end, are not there. The child's file descriptor 2 (where native code writes) goes to the parent,
while Python's ``sys.stderr`` keeps the real standard error: a child that ends without finishing its
own way (jsonschema-rs's "memory allocation of N bytes failed" and abort, OpenBLAS's "Memory
allocation still failed" and exit 1) is one line naming the file and the actual memory limit, exit 2;
a child that finishes has what native code wrote passed on.

Only where ``fork`` exists and the process is single-threaded with Qt not loaded (a command run from
the shell; not ``main()`` called inside the editor or a test that has started Qt): elsewhere the work
runs in this process, under run_budgeted alone.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable

from dambuster.model.escape import visible

from .budget import out_of_budget_line, process_cpu_seconds, run_budgeted

#: CPU seconds a child may go on after its budget before it is killed: room for the budget's own
#: signal to stop Python code and for the one line it prints.
GRACE = 2.0
#: Seconds between looks at the child's CPU time.
TICK = 0.05


def can_fork() -> bool:
    return (
        hasattr(os, "fork")
        and threading.active_count() == 1
        and "PySide6.QtCore" not in sys.modules
        and os.path.exists("/proc/self/stat")
        and _on_fd(sys.stdout, 1)
        and _on_fd(sys.stderr, 2)
    )


def _on_fd(stream: object, fd: int) -> bool:
    """Whether ``stream`` writes to the process's own file descriptor ``fd``: a child's output reaches
    the parent's readers only then. A stream redirected inside Python (a program calling main() with
    its own sys.stdout, pytest's capsys) stays in the process: the work then runs there, unforked."""
    fileno = getattr(stream, "fileno", None)
    try:
        return callable(fileno) and fileno() == fd
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is an OSError and a ValueError
        return False


def run_watched(
    prog: str, subject: str, seconds: float | None, work: Callable[[], int], always: bool = False
) -> int:
    """``work()`` under run_budgeted in a watched child (see the module's text); its exit status.
    ``always``: in a child even without a time limit (for its deaths by memory alone)."""
    if not (seconds or always) or not can_fork():
        return run_budgeted(prog, subject, seconds, work)
    sys.stdout.flush()
    sys.stderr.flush()
    done_r, done_w = os.pipe()  # the child writes one byte there when its work ended its own way
    native_r, native_w = os.pipe()  # what native code writes on fd 2 (OpenBLAS, Rust, Qt)
    pid = os.fork()
    if pid == 0:  # the child: the command's work, then out without the parent's clean-up
        os.close(done_r)
        os.close(native_r)
        _stderr_for_python_only(native_w)
        code = 2
        try:
            code = run_budgeted(prog, subject, seconds, work)
        except KeyboardInterrupt:
            code = 130
        except BrokenPipeError:  # the reader went away (| head): as main() does, not an error
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            code = 0
        except BaseException as e:  # the last resort of main(), in the child: one line
            from dambuster.model.output import error_line

            from .budget import out_of_memory_line, ran_out_loading

            if ran_out_loading(e):  # numpy or Qt there, but not loadable under the memory limit
                error_line(
                    out_of_memory_line(prog, subject, False)
                    + f"; loading {getattr(e, 'name', None) or 'a library'} failed"
                )
            else:
                error_line(f"{prog}: internal error: {type(e).__name__}: {str(e)[:200]}")
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
                os.write(done_w, b"1")
            finally:
                os._exit(code)
    os.close(done_w)
    os.close(native_w)
    try:
        return _watch(pid, prog, subject, seconds, native_r, done_r)
    finally:
        os.close(native_r)
        os.close(done_r)


def _stderr_for_python_only(native_w: int) -> None:
    """In the child: Python's sys.stderr keeps the real standard error (a terminal stays one), while
    file descriptor 2, where native libraries write their dying words, goes to the parent."""
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


#: Bytes of native code's standard error kept while the child runs (the rest is passed on at once).
NATIVE_KEPT = 64 * 1024
#: What native code says when an allocation fails (Rust, OpenBLAS, C++, glibc).
ALLOCATION_FAILED = ("memory allocation", "out of memory", "bad_alloc", "cannot allocate")


def _drain(fd: int, kept: bytearray) -> None:
    """Reads what is there on ``fd`` without waiting: kept up to NATIVE_KEPT, the rest passed on."""
    import select

    while select.select([fd], [], [], 0)[0]:
        chunk = os.read(fd, 65536)
        if not chunk:
            return
        room = max(0, NATIVE_KEPT - len(kept))
        kept += chunk[:room]
        if chunk[room:]:
            os.write(2, chunk[room:])


def _watch(pid: int, prog: str, subject: str, seconds: float | None, native: int, done: int) -> int:
    from dambuster.model.output import error_line

    kept = bytearray()
    try:
        while True:
            _drain(native, kept)
            finished, status = os.waitpid(pid, os.WNOHANG)
            if finished:
                break
            if seconds and process_cpu_seconds(pid) > seconds + GRACE:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                error_line(
                    out_of_budget_line(prog, subject, seconds) + "; the work was stopped in the middle"
                )
                return 2
            time.sleep(TICK)
    except KeyboardInterrupt:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raise
    _drain(native, kept)
    import select

    ended_its_way = bool(select.select([done], [], [], 0)[0] and os.read(done, 1))
    said = kept.decode("utf-8", "replace")
    if ended_its_way and not os.WIFSIGNALED(status):
        sys.stderr.flush()
        os.write(2, bytes(kept))
        return os.WEXITSTATUS(status)
    return _died(prog, subject, seconds, status, said)


def _died(prog: str, subject: str, seconds: float | None, status: int, said: str) -> int:
    """One line for a child that died (a signal, or an exit from native code): out of memory when it
    says so or died by abort, kill or segfault; exit status 2, never the child's own."""
    from dambuster.model.output import error_line

    from .budget import out_of_memory_line

    first = next((line.strip() for line in said.splitlines() if line.strip()), "")
    how = (
        f"signal {os.WTERMSIG(status)} ({signal.Signals(os.WTERMSIG(status)).name})"
        if os.WIFSIGNALED(status)
        else f"exit status {os.WEXITSTATUS(status)} from native code"
    )
    memory = any(word in said.lower() for word in ALLOCATION_FAILED) or (
        os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGABRT, signal.SIGKILL, signal.SIGSEGV)
    )
    if memory:
        line = out_of_memory_line(prog, subject, bool(seconds))
        error_line(f"{line}; the work ended by {how}" + (f": {visible(first)[:120]}" if first else ""))
    else:
        error_line(
            f"{prog}: {subject}: stopped: the work ended by {how}"
            + (f": {visible(first)[:120]}" if first else "")
        )
    return 2


__all__ = ["GRACE", "can_fork", "run_watched"]
