"""Validation reports: one FileReport per file, checked here, in worker processes (dambuster.batch.workers) or
on a Dask cluster (dambuster.batch.cluster), rendered by one of the formats in ``dambuster.batch.formats``
(text, json, sarif, junit, github).

The JSON report is a stable contract:
``{"files": [{"path": ..., "valid": ..., "violations": [{"code", "severity", "message", "location"}]}]}``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, TextIO

from dambuster.model.errors import ScenarioError

from .file_report import FileReport
from .load_codes import LOAD_STAGES

if TYPE_CHECKING:  # concurrent.futures is loaded only for a cluster: not for a single file
    from concurrent.futures import Executor

    from dambuster.model.scenario import Scenario
    from dambuster.validators.engine import Rule

    from .worker import Limits, Stop

#: Codes about the file or the run rather than a rule (load_codes.py): never filtered by --select / --ignore.
LOAD_CODES = tuple(LOAD_STAGES)
#: A file reported with one of these was not fully checked: exit 2, and never cached.
INCOMPLETE_CODES = ("ENGINE", "BUDGET")


# ------------------------------------------------------------------------------ code filter
@dataclass(frozen=True)
class CodeFilter:
    """--select / --ignore: exact codes or prefixes (``DBM-``). Load errors are never filtered."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    @staticmethod
    def split(text: str | None) -> tuple[str, ...]:
        return tuple(c.strip() for c in (text or "").split(",") if c.strip())

    def wants(self, code: str) -> bool:
        if code in LOAD_CODES:
            return True
        if self.select and not any(code.startswith(s) for s in self.select):
            return False
        return not any(code.startswith(i) for i in self.ignore)

    def also_ignoring(self, codes: Sequence[str]) -> CodeFilter:
        """This filter with ``codes`` ignored as well (a file's per-file-ignores)."""
        return CodeFilter(self.select, self.ignore + tuple(codes)) if codes else self

    def unknown(self, codes: Iterable[str]) -> list[str]:
        """Entries that match no known code: most likely a typo."""
        known = list(codes) + list(LOAD_CODES)
        return [c for c in self.select + self.ignore if not any(k.startswith(c) for k in known)]


ALL = CodeFilter()


def validate_file(
    path: str,
    profiles: Sequence[str] | None = None,
    codes: CodeFilter = ALL,
    budget: float | None = None,
    on_rule: Callable[[str], None] | None = None,
) -> FileReport:
    """Loads and checks one file. ``profiles`` replaces the scenario's declared profiles when given.

    ``budget``: seconds for loading and checking it (None or 0: no limit). A file that runs out of it,
    or of memory, ends with one BUDGET finding; the findings of the rules that finished are kept. At
    most ``budget.MAX_FINDINGS`` findings are listed, then one TRUNCATED finding counts the rest.
    ``on_rule(code)`` is told each rule as it starts (the marks a worker leaves, dambuster.batch.workers).
    """
    from dambuster.model.io import load
    from dambuster.validators import engine
    from dambuster.validators.engine import rules_for, run_rule

    from .budget import Budget, Findings, OutOfBudget, allocation_failed, budget_finding, warm_up

    warm_up()  # the one-time set-up of a process (the schema's validators) is not the file's work
    clock = Budget(budget)  # CPU time in the main thread; in Dask's threads the wall clock
    scenario: Scenario | None = None
    rules: list[Rule] = []
    done: list[str] = []  # codes of the rules that finished
    running = False
    found = Findings(codes.wants)
    try:
        with clock.running():
            try:
                scenario = load(path)
            except ScenarioError as e:
                return FileReport.from_error(path, e)
            except MemoryError:
                return FileReport.unreadable(path, "JSON", "", "the file is too large to load")
            except Exception as e:  # never a traceback for a stranger's file
                from .budget import process_memory_limit, ran_out_loading

                if ran_out_loading(e):  # numpy there but not loadable under the memory limit
                    why = f"not checked: memory ran out ({process_memory_limit()})"
                    return FileReport.unreadable(path, "ENGINE", "", why)
                return FileReport.unreadable(
                    path, "SCHEMA", "", f"cannot be checked: {type(e).__name__}: {str(e)[:120]}"
                )
            active = list(profiles) if profiles else scenario.meta.profiles
            with clock.paused():  # the first file of a profile imports its rule modules: set-up, not its work
                engine.load(active)
            rules = rules_for(active)
            for r in rules:
                clock.check()
                if on_rule:
                    on_rule(r.code)
                running = True
                try:
                    found.add_rule(run_rule(r, scenario, clock.check))
                except Exception as e:  # a library's own words for memory running out (GEOS: bad_alloc)
                    if allocation_failed(str(e)):
                        raise MemoryError(str(e)) from e
                    raise
                running = False
                done.append(r.code)
    except (OutOfBudget, MemoryError) as e:
        loaded, scenario = scenario is not None, None  # let the garbage go before the report is built
        stop = budget_finding(
            clock.seconds,
            isinstance(e, MemoryError),
            loaded,
            [r.code for r in rules[len(done) :]],
            between=not running,
        )
        checked = [c for c in done if codes.wants(c)]
        ran = sorted({r.profile for r in rules})
        return FileReport(path, [stop] + found.listed(), load_error=True, checked=checked, profiles=ran)
    ran = sorted({r.profile for r in rules})
    return FileReport(path, found.listed(), checked=[c for c in done if codes.wants(c)], profiles=ran)


def _safe_validate(
    path: str,
    profiles: Sequence[str] | None,
    codes: CodeFilter,
    budget: float | None = None,
    on_rule: Callable[[str], None] | None = None,
) -> FileReport:
    try:
        return validate_file(path, profiles, codes, budget, on_rule)
    except Exception as e:  # a rule that crashes reports the file, it does not stop the batch
        return FileReport.unreadable(
            path, "ENGINE", "", f"the rule checks failed: {type(e).__name__}: {str(e)[:120]}"
        )


def _validate_chunk(
    paths: Sequence[str],
    codes: Sequence[CodeFilter],
    profiles: Sequence[str] | None,
    budget: float | None = None,
) -> list[FileReport]:
    """One task for an executor: a few files (each with its codes), so that a cluster's per-task cost
    is paid once per chunk."""
    return [_safe_validate(p, profiles, c, budget) for p, c in zip(paths, codes)]


def validate_files(
    paths: Sequence[str],
    profiles: Sequence[str] | None = None,
    codes: CodeFilter = ALL,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
    budget: float | None = None,
    ignored: Mapping[str, Sequence[str]] | None = None,
) -> list[FileReport]:
    """Reports in input order; ``progress(done, total)`` as files finish.

    ``ignored``: codes turned off for some files only (per-file-ignores), by path. They are left out
    where the file is checked, before its findings are cut at ``budget.MAX_FINDINGS``: a file whose
    only findings are ignored passes, however many there are.

    ``budget``: seconds per file, counted where the file is checked (see validate_file). Where the checks
    run: on ``executor`` when given (any concurrent.futures.Executor: a Dask cluster's, see
    dambuster.batch.cluster), in chunks; otherwise, where the platform can fork and there is a budget or
    more than one job, in ``jobs`` worker processes (dambuster.batch.workers), where a file gets
    FILE_MEMORY_BYTES of memory and its worker is ended past its budget; otherwise here, one by one.
    """
    profiles = list(profiles) if profiles else None
    per_file = ignored or {}
    filters = [codes.also_ignoring(tuple(per_file.get(p, ()))) for p in paths]
    if executor is not None:
        return _run_on(executor, paths, profiles, filters, max(jobs, 2), progress, budget)
    from . import workers

    if paths and (budget or min(jobs, len(paths)) > 1) and workers.available():
        return _run_in_workers(paths, profiles, filters, jobs, progress, budget)
    out: list[FileReport] = []
    for i, (p, c) in enumerate(zip(paths, filters), 1):
        out.append(_safe_validate(p, profiles, c, budget))
        if progress:
            progress(i, len(paths))
    return out


def _run_in_workers(
    paths: Sequence[str],
    profiles: Sequence[str] | None,
    codes: Sequence[CodeFilter],
    jobs: int,
    progress: Callable[[int, int], None] | None,
    budget: float | None,
) -> list[FileReport]:
    from dambuster.validators import engine

    from .budget import FILE_MEMORY_BYTES, warm_up
    from .worker import GRACE, STALL, Limits
    from .workers import run

    if min(jobs, len(paths)) > 1:  # loaded once here, so that the workers share them; one worker loads
        engine.load()  # only its files' profiles' rules (hex maps alone: no shapely, no numpy)
    warm_up()
    seconds = budget or None
    limits = Limits(seconds, FILE_MEMORY_BYTES, (seconds + GRACE) * STALL) if seconds else Limits()

    def check(item: tuple[str, CodeFilter], mark: Callable[[str], None]) -> FileReport:
        return _safe_validate(item[0], profiles, item[1], budget, mark)

    def stopped(item: tuple[str, CodeFilter], stop: Stop) -> FileReport:
        return _stopped(item[0], seconds, limits, stop)

    return run(list(zip(paths, codes)), check, stopped, limits, jobs, progress)


def _stopped(path: str, seconds: float | None, limits: Limits, stop: Stop) -> FileReport:
    """The report of a file whose worker was ended or died: its findings went with the worker."""
    from .budget import budget_finding
    from .worker import GRACE

    said = f": {stop.said}" if stop.said else ""
    if stop.cause == "died" or (stop.cause == "memory" and not limits.memory):
        why = f"not checked: its worker process stopped ({stop.how}{said}; out of memory?)"
        return FileReport.unreadable(path, "ENGINE", "", why)
    if stop.cause == "memory":
        why = f"it ended by {stop.how}{said}, most likely past its {(limits.memory or 0) >> 20:,} MB"
    elif stop.cause == "stalled":
        why = f"its worker made no progress for {limits.wall:g} s (stopped, or given no CPU)"
    else:
        why = f"still busy {GRACE:g} s of CPU after the budget ran out, inside one long computation"
    rules = stop.marks
    finding = budget_finding(seconds, stop.cause == "memory", bool(rules), rules[-1:], killed=why)
    return FileReport(path, [finding], load_error=True, checked=rules[:-1])


def _run_on(
    executor: Executor,
    paths: Sequence[str],
    profiles: Sequence[str] | None,
    codes: Sequence[CodeFilter],
    workers: int,
    progress: Callable[[int, int], None] | None,
    budget: float | None = None,
) -> list[FileReport]:
    """The files in chunks of up to 16 on ``executor``, so that a cluster pays its per-task cost once a chunk;
    the files of a chunk the executor lost (a Dask worker gone) are reported, never lost."""
    total = len(paths)
    size = max(1, min(16, total // (workers * 8)))
    chunks = [list(paths[i : i + size]) for i in range(0, total, size)]
    chunk_codes = [list(codes[i : i + size]) for i in range(0, total, size)]
    out: list[FileReport] = []
    try:
        for reports in executor.map(
            partial(_validate_chunk, profiles=profiles, budget=budget), chunks, chunk_codes
        ):
            out += reports
            if progress:
                progress(len(out), total)
    except Exception as e:  # a cluster worker lost, a scheduler gone: the rest are reported, with the reason
        why = f"{type(e).__name__}: {str(e)[:120]}"
        out += [
            FileReport.unreadable(p, "ENGINE", "", f"not checked: the executor failed ({why})")
            for p in paths[len(out) :]
        ]
    return out


class ProgressBar:
    """A one-line bar on a terminal stream; callers create it only when the stream is a terminal."""

    def __init__(self, stream: TextIO | None = None, width: int = 30):
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // max(total, 1)
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} files")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def exit_status(reports: Sequence[FileReport]) -> int:
    """0 valid, 1 a rule error, 2 a file that cannot be read, fails the schema or was not fully checked
    (ENGINE, BUDGET: not a verdict)."""
    if any(r.load_error for r in reports):
        return 2
    if any(v.severity == "error" for r in reports for v in r.violations):
        return 1
    return 0


def render(reports: list[FileReport], fmt: str) -> str:
    from .formats import FORMATS

    return FORMATS[fmt](reports)
