"""A command's work in a forked process that is watched: the hard edge of its --budget.

In the process doing the work, the budget (dambuster.work.run_budgeted) stops Python code at once,
but not one long call into C: Qt draws a whole scene in one ``QGraphicsScene.render`` (two crossing
comb-shaped woods took 4 s of CPU in that one call, and the budget could act only after it), and Qt
aborts the process when an allocation fails under the memory limit. So a command with a budget runs
its work in a child forked from itself, and the parent watches it every TICK: a child still busy GRACE
seconds of CPU after its budget is killed, and a child that dies by a signal (Qt's abort when memory
ran out) is one line too; either way the exit status is 2 and the command's outputs, written whole at
the end, are not there.

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

from .work import MEMORY_BYTES, memory_words, out_of_budget_line, run_budgeted

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
    )


def run_watched(prog: str, subject: str, seconds: float | None, work: Callable[[], int]) -> int:
    """``work()`` under run_budgeted in a watched child (see the module's text); its exit status."""
    if not seconds or not can_fork():
        return run_budgeted(prog, subject, seconds, work)
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: the command's work, then out without the parent's clean-up
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
            from .output import error_line

            error_line(f"{prog}: internal error: {type(e).__name__}: {str(e)[:200]}")
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
    return _watch(pid, prog, subject, seconds)


def _watch(pid: int, prog: str, subject: str, seconds: float) -> int:
    from .output import error_line

    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if _cpu_seconds(pid) > seconds + GRACE:
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
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        why = "memory ran out" if sig in (signal.SIGABRT, signal.SIGKILL, signal.SIGSEGV) else "it crashed"
        error_line(
            f"{prog}: {subject}: stopped: the work ended by signal {sig} ({signal.Signals(sig).name}): "
            f"{why}, most likely past {memory_words(MEMORY_BYTES)} (--budget 0 lifts it)"
        )
        return 2
    return os.WEXITSTATUS(status)


def _cpu_seconds(pid: int) -> float:
    """The child's user and system CPU time so far (``/proc/PID/stat``), 0 when it cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


__all__ = ["GRACE", "can_fork", "run_watched"]
