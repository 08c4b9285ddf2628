"""Work per file: a budget of CPU time and memory for loading and checking it (or for a command's work on
it), the one-line words for work that ran out, and a cap on the findings a report lists.

Budget. ``Budget(seconds).running()`` starts the clock. Two mechanisms stop the work when it runs out:

* a deadline that the rule engine checks between rules and between the findings a rule yields
  (``Budget.check``); it works in any thread, including Dask's worker threads;
* in the main thread only, a real interruption: ``signal.setitimer(ITIMER_PROF)`` and a SIGPROF handler
  that raises :class:`OutOfBudget` wherever Python code is (``json.loads`` hooks, a rule's loops).

In the main thread the clock is the process's CPU time, so a busy machine (or ``--jobs 8`` on 2 CPUs)
changes no verdict; in another thread, where the process's CPU time is every thread's, the wall clock.
When the process already uses the profiling timer the alarm is left alone and only the deadline
applies. One long call into C is out of the alarm's reach: the worker processes of
dambuster.batch.workers end it. Memory: ``memory_limited`` (RLIMIT_DATA), so that an allocation past
the budget is a MemoryError where it is made. A file that runs out of time or of memory is reported with
one BUDGET finding (:func:`budget_finding`); a command's work, with one line (:func:`run_budgeted`).

Findings cap. A report lists at most MAX_FINDINGS findings per file (:class:`Findings`), then one
TRUNCATED finding counts the rest by code, and a witness longer than MAX_WITNESS_CHARS is left out, so
one hostile file cannot make a report GitHub refuses.
"""

from __future__ import annotations

import gc
import json
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterable
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used: `dambuster --help` reads DEFAULT_SECONDS without loading the rules
    from types import FrameType

    from dambuster.validators.violation import Violation

#: Seconds to load and check one file unless `validate --budget` says otherwise (library calls: no limit).
DEFAULT_SECONDS = 5.0

#: Findings listed per file; the rest are counted in one TRUNCATED finding.
MAX_FINDINGS = 1000
#: A finding's witness (geometry such as an overlap's WKT) longer than this, as JSON, is left out of reports.
MAX_WITNESS_CHARS = 10_000


class OutOfBudget(BaseException):
    """The file's budget ran out. A BaseException, as KeyboardInterrupt is, so that a rule's
    ``except Exception`` cannot swallow it and carry on."""


class Budget:
    """Seconds allowed for one file (or a command's work); ``None`` or 0: no limit."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds if seconds and seconds > 0 else None
        self.deadline: float | None = None
        self._armed = False
        main = threading.current_thread() is threading.main_thread()
        self._now = time.process_time if main else time.monotonic
        # (no interval timers on Windows, no alarm outside the main thread: there only the deadline applies)
        self._timer: int | None = getattr(signal, "ITIMER_PROF", None) if main else None
        self._signal: signal.Signals | None = getattr(signal, "SIGPROF", None)

    def check(self) -> None:
        """Raises OutOfBudget once the deadline has passed (a no-op without a budget)."""
        if self.deadline is not None and self._now() >= self.deadline:
            raise OutOfBudget()

    @contextmanager
    def running(self) -> Generator[Budget, None, None]:
        """Starts the clock; in the main thread also arms the alarm, and always disarms it on leaving."""
        if self.seconds is None:
            yield self
            return
        self.deadline = self._now() + self.seconds
        timer, signum = self._timer, self._signal
        if timer is None or signum is None or not _can_use_alarm(timer):
            yield self
            return
        previous = signal.signal(signum, self._on_alarm)
        self._armed = True
        signal.setitimer(timer, self.seconds)
        try:
            yield self
        finally:
            while True:  # the alarm may fire while disarming: disarm again, the work is over anyway
                try:
                    self._armed = False
                    if sys.getprofile() == self._after_import:
                        sys.setprofile(None)
                    signal.setitimer(timer, 0)
                    signal.signal(signum, previous)
                    break
                except OutOfBudget:
                    continue

    @contextmanager
    def paused(self) -> Generator[None, None, None]:
        """Stops the clock during one-time set-up that is not the file's doing (importing the rule modules of
        its profiles, dambuster.validators.engine.load), then gives back the time that was left. The cyclic
        garbage collector is off meanwhile: the set-up makes only long-lived objects (modules, classes), and
        the file's own work runs as it would in any process, whatever was checked before it."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            with self._clock_paused():
                yield
        finally:
            if collecting:
                gc.enable()

    @contextmanager
    def _clock_paused(self) -> Generator[None, None, None]:
        if self.deadline is None:
            yield
            return
        left, armed, timer = self.deadline - self._now(), self._armed, self._timer
        if armed and timer is not None:
            signal.setitimer(timer, 0)
        try:
            yield
        finally:
            self.deadline = self._now() + left
            if armed and timer is not None:
                signal.setitimer(timer, max(left, 1e-3))

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:
        if not self._armed:
            return
        if _importing(frame):  # never inside an import (a C extension stopped half-loaded prints its
            sys.setprofile(self._after_import)  # own traceback and fails for good): at its end
            return
        self._armed = False
        raise OutOfBudget()

    def _after_import(self, frame: FrameType, event: str, arg: object) -> None:
        """The budget ran out during an import: stopped at the first call or return outside it."""
        if self._armed and not _importing(frame):
            sys.setprofile(None)
            self._armed = False
            raise OutOfBudget()


def _importing(frame: FrameType | None) -> bool:
    """Whether the interrupted code runs inside an import (the import machinery is on the stack)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def _can_use_alarm(timer: int | None) -> bool:
    return timer is not None and hasattr(signal, "setitimer") and signal.getitimer(timer)[0] == 0


def budget_finding(
    seconds: float | None,
    out_of_memory: bool,
    loaded: bool,
    unfinished: list[str],
    killed: str = "",
    between: bool = False,
) -> Violation:
    """The one BUDGET finding of a file whose checks did not finish. ``unfinished``: the rules that did
    not finish, the one running first (``between``: none was running, the next had not started);
    ``killed``: why the checking process had to be stopped (then none of the file's findings survived),
    or empty when the work stopped by itself."""
    from dambuster.validators.violation import Violation

    why = "memory ran out" if out_of_memory else f"the {seconds:g} s budget ran out"
    if not loaded:
        message = f"not checked: {why} while loading the file (the schema and consistency checks)"
    elif unfinished:
        message = (
            f"not fully checked: {why} {'before' if between else 'during'} {unfinished[0]}; "
            f"rules that did not finish: {', '.join(unfinished)}"
        )
    else:
        message = f"not fully checked: {why}"
    if killed:
        message += f"; the checking process was stopped ({killed}), so no finding of this file is listed"
    elif loaded:
        message += "; the findings of the rules that finished are listed"
    if not out_of_memory:
        message += " (--budget SECONDS sets it, 0 for none)"
    return Violation(
        message,
        "BUDGET",
        "error",
        {"pointer": ""},
        witness={"budget_seconds": seconds, "out_of_memory": out_of_memory, "unfinished": unfinished},
    )


class Findings:
    """The findings of one file as they come: the first MAX_FINDINGS kept, the rest only counted."""

    def __init__(self, wanted: Callable[[str], bool] = lambda code: True, limit: int = MAX_FINDINGS):
        self.wanted = wanted
        self.limit = limit
        self.kept: list[Violation] = []
        self.left_out: Counter[str] = Counter()
        self.left_out_errors = 0

    def add_rule(self, violations: Iterable[Violation]) -> None:
        """All the findings of one rule, or none: a rule stopped half-way (out of budget) adds nothing."""
        kept: list[Violation] = []
        left_out: Counter[str] = Counter()
        errors = 0
        room = self.limit - len(self.kept)
        for v in violations:
            if not self.wanted(v.code):
                continue
            if len(kept) < room:
                kept.append(_bounded(v))
            else:
                left_out[v.code] += 1
                errors += v.severity == "error"
        self.kept += kept
        self.left_out.update(left_out)
        self.left_out_errors += errors

    def listed(self) -> list[Violation]:
        """The kept findings, plus one TRUNCATED finding when some were left out. It is an error when
        any left-out finding is one, so the file's verdict stays what the full list says."""
        from dambuster.validators.violation import Violation

        if not self.left_out:
            return list(self.kept)
        total = sum(self.left_out.values())
        counts = ", ".join(
            f"{code} {n:,}" for code, n in sorted(self.left_out.items(), key=lambda kv: (-kv[1], kv[0]))
        )
        note = Violation(
            f"{total:,} more findings are not listed ({counts}): a report lists at most "
            f"{self.limit:,} per file",
            "TRUNCATED",
            "error" if self.left_out_errors else "warning",
            {"pointer": ""},
            witness={"listed": len(self.kept), "left_out": dict(self.left_out)},
        )
        return self.kept + [note]


def _bounded(v: Violation) -> Violation:
    """The finding with its witness replaced by a note when the witness is too long to report."""
    if v.witness is not None:
        size = len(json.dumps(v.witness, ensure_ascii=False, default=str))
        if size > MAX_WITNESS_CHARS:
            v.witness = {
                "left_out": f"a witness of {size:,} characters (a report keeps at most {MAX_WITNESS_CHARS:,})"
            }
    return v


def warm_up() -> None:
    """Builds the schema validator once per process, before a file's clock starts: jsonschema-rs, which
    passes valid files; python-jsonschema (0.1 s to import and build) only where jsonschema-rs is missing,
    since it is otherwise needed only to word the error of a file that fails (and is built then)."""
    from dambuster.model.schema_check import fast_validator, validator

    if fast_validator() is None:
        validator()


# ------------------------------------------------------------------ the budget of the other commands
#: Memory a command may take for one file beyond what the process holds when the command starts (1 GB);
#: enforced as the process's data limit (RLIMIT_DATA: the heap and every private writable mapping), so an
#: allocation past it is a MemoryError, said in one line.
MEMORY_BYTES = 1 << 30
#: Memory a `validate` worker may take for one file beyond what it holds when the file starts (what it
#: still shares with the command it was forked from is not the file's doing), the same way: 800 MB, so
#: that with what it shares the worker stays under 1 GB.
FILE_MEMORY_BYTES = 800 << 20


def memory_words(limit: int = MEMORY_BYTES) -> str:
    return f"the {limit / (1 << 30):g} GB memory budget"


def out_of_budget_line(prog: str, subject: str, seconds: float | None) -> str:
    return (
        f"{prog}: {subject}: stopped: the {seconds:g} s budget (CPU time) ran out "
        "(--budget SECONDS raises it, 0 for none)"
    )


def out_of_memory_line(prog: str, subject: str, limited: bool) -> str:
    """The one line for work that ran out of memory: the limit that was reached, the budget's
    (``limited``) or one set from outside (ulimit -v or -d) when that is the lower."""
    outside = _outside_limit()
    if limited and (outside is None or outside[0] >= MEMORY_BYTES):
        return f"{prog}: {subject}: stopped: it needs more than {memory_words()} (--budget 0 lifts it)"
    return f"{prog}: {subject}: stopped: memory ran out ({_limit_words(outside)})"


#: What native code says when an allocation fails (GEOS's C++, Rust, OpenBLAS, glibc).
ALLOCATION_FAILED = ("memory allocation", "out of memory", "bad_alloc", "cannot allocate")


def allocation_failed(said: str) -> bool:
    """Whether a library's message (an exception's, or what native code wrote) says memory ran out."""
    return any(words in said.lower() for words in ALLOCATION_FAILED)


def ran_out_loading(e: BaseException) -> bool:
    """Whether an ImportError is a library that is there but could not be loaded for want of memory
    (under ulimit -v the dynamic loader cannot map it: "failed to map segment from shared object")."""
    if not isinstance(e, ImportError) or isinstance(e, ModuleNotFoundError):
        return False
    said = " ".join(str(x) for x in (e, e.__cause__, e.__context__) if x is not None).lower()
    return any(words in said for words in ("failed to map segment", "cannot allocate memory"))


def _outside_limit() -> tuple[int, str] | None:
    """The lowest memory limit the process runs under (bytes, the ulimit option), or None."""
    try:
        import resource

        found: list[tuple[int, str]] = []
        for name, what in (("RLIMIT_DATA", "ulimit -d"), ("RLIMIT_AS", "ulimit -v")):
            soft = resource.getrlimit(getattr(resource, name))[0]
            if soft != resource.RLIM_INFINITY:
                found.append((soft, what))
        return min(found) if found else None
    except (ImportError, AttributeError, OSError, ValueError):
        return None


def process_memory_limit() -> str:
    """The memory limit the process runs under, in words (ulimit -v or -d), or the machine's."""
    return _limit_words(_outside_limit())


def _limit_words(outside: tuple[int, str] | None) -> str:
    if outside is None:
        return "the machine's memory is used up"
    return f"the process may hold at most {outside[0] / (1 << 20):,.0f} MB: {outside[1]}"


@contextmanager
def memory_limited(extra: int | None) -> Generator[None, None, None]:
    """The process may hold ``extra`` more bytes of data than now (None: no limit) until the block ends."""
    old = _data_limit()
    if extra is None or old is None:
        yield
        return
    import resource  # (there: _data_limit read the limit with it)

    cap = _data_now() + extra
    if old[0] != resource.RLIM_INFINITY:
        cap = min(cap, old[0])
    try:
        resource.setrlimit(resource.RLIMIT_DATA, (cap, old[1]))
    except (OSError, ValueError):
        yield
        return
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_DATA, old)


def _data_limit() -> tuple[int, int] | None:
    """The process's data limit (soft, hard), or None where it cannot be read (no ``resource``: Windows)."""
    try:
        import resource

        return resource.getrlimit(resource.RLIMIT_DATA)
    except (ImportError, AttributeError, OSError, ValueError):
        return None


def _data_now() -> int:
    """The process's data size now (VmData: what RLIMIT_DATA counts), in bytes."""
    try:
        with open("/proc/self/status", "rb") as f:
            for line in f:
                if line.startswith(b"VmData:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def run_budgeted(prog: str, subject: str, seconds: float | None, work: Callable[[], int]) -> int:
    """``work()`` within ``seconds`` (None or 0: no limit) and, with a limit, within MEMORY_BYTES more
    memory; one line and exit status 2 when either runs out (outputs are written atomically, so none
    is left half-written)."""
    from dambuster.model.output import error_line

    budget = Budget(seconds)
    try:
        with memory_limited(MEMORY_BYTES if budget.seconds else None), budget.running():
            return work()
    except OutOfBudget:
        error_line(out_of_budget_line(prog, subject, budget.seconds))
    except MemoryError:
        error_line(out_of_memory_line(prog, subject, budget.seconds is not None))
    return 2


class EstimateTooLarge(Exception):
    """Work refused before it starts: ``str(e)`` says what, how much, and the option that changes it."""


def check_estimate(what: str, amount: float, per_second: float, seconds: float | None, option: str) -> None:
    """Refuses (EstimateTooLarge) work of ``amount`` units done at about ``per_second`` when it cannot
    fit in the budget ``seconds`` (None or 0: no limit); ``option`` names what lowers the amount."""
    if not seconds or amount <= per_second * seconds:
        return
    raise EstimateTooLarge(
        f"{what}: about {amount:,.0f}, more than the {seconds:g} s budget allows "
        f"(about {per_second * seconds:,.0f}); {option}, or --budget SECONDS raises it (0 for none)"
    )
