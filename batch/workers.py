"""Work under a budget in worker processes: how `validate` checks its files (one worker, or ``--jobs N``)
and how every command with ``--budget`` runs its work, so that one stuck or greedy item never takes the
run with it. (On a Dask cluster, ``--scheduler``, the checks run in Dask's threads: dambuster.batch.cluster.)

``run(items, do, stopped, limits, jobs)`` forks ``jobs`` workers (dambuster.batch.worker: each item under
the kernel's limits of time and memory), hands the items out, and collects the results in input order.
When a worker ends without a result, ``stopped(item, why)`` gives the item's result from a Stop (time,
memory, a stall, another death; the rules the item started; the first line native code said), and a
fresh worker takes the next item. A worker that uses no CPU at all (a stopped process) is killed after
``Limits.wall`` seconds of the wall clock, since no CPU limit ever fires there. ``run_watched`` runs one
command's work so, as a single item.

Kept by hand, as the standard library's pools do not do this (measured on the 1,000 maps of
scripts/bench_validate.py, 2 CPUs): ``concurrent.futures.ProcessPoolExecutor`` is broken as a whole by
one worker's death (every pending item fails with BrokenProcessPool, and nothing tells which item the
dead worker held); with ``max_tasks_per_child=1`` (a fresh process per item, so that its limits start
from zero) it refuses the fork start method, and on forkserver with our modules preloaded it checked 37
maps/s where these workers check over 400; importing it costs 18 ms, a tenth of a cold single-file
validate. ``multiprocessing.Pool`` replaces a dead worker but its task's result never comes. Forking a
fresh process per item ourselves checked 55 maps/s (16 ms of CPU a fork), so a worker is reused and its
limits are set again for each item.
"""

from __future__ import annotations

import os
import select
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar, cast

from .worker import Limits, Stop, Worker

T = TypeVar("T")
R = TypeVar("R")

#: Seconds between looks at the wall clock while results are awaited.
LOOK = 0.25


#: do(item, mark): the item's result, calling mark(text) as it goes (a rule starting)
Do = Callable[[T, Callable[[str], None]], R]


def available() -> bool:
    return hasattr(os, "fork")


def run(
    items: Sequence[T],
    do: Do[T, R],
    stopped: Callable[[T, Stop], R],
    limits: Limits,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[R]:
    """``do(item, mark)`` for every item, each in a worker process under ``limits``; the results in input
    order, ``stopped(item, why)`` standing for the result of an item whose worker ended without one."""
    if not items:
        return []
    pool = _Pool(items, do, stopped, limits)
    try:
        pool.start(max(1, min(jobs, len(items))))
        pool.drive(progress)
    except BaseException:  # Ctrl-C, a broken pipe: no worker outlives the run
        pool.close(kill=True)
        raise
    pool.close()
    return cast("list[R]", pool.out)  # every slot is filled once drive() returns


class _Pool(Generic[T, R]):
    """The workers of one run, the items left and the results so far."""

    def __init__(self, items: Sequence[T], do: Do[T, R], stopped: Callable[[T, Stop], R], limits: Limits):
        self.items, self.do, self.stopped, self.limits = items, do, stopped, limits
        self.out: list[R | None] = [None] * len(items)
        self.todo = deque(range(len(items)))
        self.workers: list[Worker] = []

    def start(self, n: int) -> None:
        self.workers = [self._fork() for _ in range(n)]

    def _fork(self) -> Worker:
        return Worker(lambda i, mark: self.do(self.items[i], mark), self.limits)

    def drive(self, progress: Callable[[int, int], None] | None) -> None:
        """Hands out items and collects results until every item has one."""
        done, total = 0, len(self.items)
        while self.todo or any(w.index is not None for w in self.workers):
            for w in self.workers:
                if w.index is None and self.todo:
                    w.give(self.todo.popleft())
            busy = [w for w in self.workers if w.index is not None]
            ready = select.select([w.conn.read_fd for w in busy] + [w.native for w in busy], [], [], LOOK)[0]
            for w in busy:
                if w.native in ready:
                    w.drain()
                if w.conn.read_fd in ready:
                    self._collect(w)
                elif self.limits.wall and time.monotonic() - w.started > self.limits.wall:
                    w.kill()
                    self._collect(w, stalled=True)
                if w.index is None:
                    done += 1
                    if progress:
                        progress(done, total)

    def _collect(self, w: Worker, stalled: bool = False) -> None:
        """The item's result from its worker, or the caller's for a worker that ended without one."""
        i = w.current()
        if not stalled:
            try:
                self.out[i] = cast("R", w.conn.recv())
                w.index = None
                w.pass_on()
                return
            except (EOFError, OSError):  # it ended without a result
                pass
        w.join()
        self.out[i] = self.stopped(self.items[i], w.why(self.limits, stalled))
        w.index = None
        w.close()
        self.workers.remove(w)
        if self.todo:  # a fresh worker for the items left
            self.workers.append(self._fork())

    def close(self, kill: bool = False) -> None:
        for w in self.workers:
            w.stop(kill)


# ------------------------------------------------------------------------ a command's work, watched
def can_fork_command() -> bool:
    """Whether a command's work can run in a worker: fork exists, the process has started no thread and no
    Qt (a command run from the shell, not main() called inside the editor or a test that started Qt), and
    its output streams are its file descriptors 1 and 2, which the worker shares (not a stream redirected
    inside Python: a program calling main() with its own sys.stdout, pytest's capsys)."""
    return (
        available()
        and threading.active_count() == 1
        and "PySide6.QtCore" not in sys.modules
        and _on_fd(sys.stdout, 1)
        and _on_fd(sys.stderr, 2)
    )


def _on_fd(stream: object, fd: int) -> bool:
    fileno = getattr(stream, "fileno", None)
    try:
        return callable(fileno) and fileno() == fd
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is an OSError and a ValueError
        return False


def run_watched(
    prog: str, subject: str, seconds: float | None, work: Callable[[], int], always: bool = False
) -> int:
    """``work()`` (a command's, whose exit status it returns) within ``seconds`` of CPU and 1 GB of memory
    (dambuster.batch.budget.run_budgeted), in one worker (see the module's text) where it can fork: one
    line and exit status 2 when the worker is ended or dies. ``always``: in a worker even without a
    time limit (for its deaths by memory alone)."""
    from .budget import run_budgeted

    if not (seconds or always) or not can_fork_command():
        return run_budgeted(prog, subject, seconds, work)

    def command(_item: None, _mark: Callable[[str], None]) -> int:
        return _run_command(prog, subject, seconds, work)

    def ended(_item: None, stop: Stop) -> int:
        _command_stopped(prog, subject, seconds, stop)
        return 2

    return run([None], command, ended, Limits(seconds))[0]


def _run_command(prog: str, subject: str, seconds: float | None, work: Callable[[], int]) -> int:
    """In the worker: the command under its budget, with main()'s last resorts."""
    from .budget import out_of_memory_line, ran_out_loading, run_budgeted

    try:
        return run_budgeted(prog, subject, seconds, work)
    except BrokenPipeError:  # the reader went away (| head): as main() does, not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as e:  # the last resort of main(), in the worker: one line
        from dambuster.model.output import error_line

        if ran_out_loading(e):  # numpy or Qt there, but not loadable under the memory limit
            name = getattr(e, "name", None) or "a library"
            error_line(out_of_memory_line(prog, subject, False) + f"; loading {name} failed")
        else:
            error_line(f"{prog}: internal error: {type(e).__name__}: {str(e)[:200]}")
        return 2


def _command_stopped(prog: str, subject: str, seconds: float | None, stop: Stop) -> None:
    """The one line for a command whose worker was ended, or died (a signal, or an exit from native code)."""
    from dambuster.model.output import error_line

    from .budget import out_of_budget_line, out_of_memory_line

    if stop.cause in ("time", "stalled"):
        error_line(out_of_budget_line(prog, subject, seconds) + "; the work was stopped in the middle")
        return
    how = stop.how + (" from native code" if stop.how.startswith("exit") else "")
    said = f": {stop.said}" if stop.said else ""
    if stop.cause == "memory":
        error_line(f"{out_of_memory_line(prog, subject, bool(seconds))}; the work ended by {how}{said}")
    else:
        error_line(f"{prog}: {subject}: stopped: the work ended by {how}{said}")
