"""Validation reports: one FileReport per file, validated in-process or on an executor (dambuster.batch.executors), rendered
by one of the formats in ``dambuster.batch.formats`` (text, json, sarif, junit, github).

The JSON report is a stable contract:
``{"files": [{"path": ..., "valid": ..., "violations": [{"code", "severity", "message", "location"}]}]}``.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, TextIO

from dambuster.model.errors import ScenarioError

from .file_report import FileReport
from .load_codes import LOAD_STAGES

if TYPE_CHECKING:  # a process pool is loaded only when one is used: not for a single file
    from concurrent.futures import Executor

    from dambuster.model.scenario import Scenario
    from dambuster.validators.engine import Rule

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
    most ``work.MAX_FINDINGS`` findings are listed, then one TRUNCATED finding counts the rest.
    ``on_rule(code)`` is told each rule as it starts (dambuster.batch.supervisor watches with it).
    """
    from dambuster.model.io import load
    from dambuster.validators import engine
    from dambuster.validators.engine import rules_for, run_rule

    from .budget import Budget, Findings, OutOfBudget, budget_finding, warm_up

    warm_up()  # the one-time set-up of a process (the schema's validators) is not the file's work
    # CPU time in a process's main thread (a validate worker): a busy machine, or --jobs 8 on 2 CPUs,
    # changes no verdict. In another thread (Dask's) the process's CPU time is every thread's: wall clock.
    clock = Budget(budget, cpu=threading.current_thread() is threading.main_thread())
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
                found.add_rule(run_rule(r, scenario, clock.check))
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
        return FileReport(path, [stop] + found.listed(), load_error=True, checked=checked)
    return FileReport(path, found.listed(), checked=[c for c in done if codes.wants(c)])


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
    where the file is checked, before its findings are cut at ``work.MAX_FINDINGS``: a file whose
    only findings are ignored passes, however many there are.

    ``executor`` (any concurrent.futures.Executor, see dambuster.batch.executors) runs the checks; without
    one, ``jobs`` > 1 uses a local process pool and ``jobs`` == 1 checks in this process.
    ``budget``: seconds per file, counted where the file is checked (see validate_file). With a budget
    and no executor, files are checked in watched worker processes that are killed when one long
    computation overruns the budget or memory (dambuster.batch.supervisor), where the platform can fork.
    """
    from . import supervisor

    profiles = list(profiles) if profiles else None
    total = len(paths)
    per_file = ignored or {}
    filters = [codes.also_ignoring(tuple(per_file.get(p, ()))) for p in paths]
    if executor is None and budget and total and supervisor.available():
        from dambuster.validators import engine

        from .budget import warm_up

        if min(jobs, total) > 1:  # loaded once here, so that the workers share them; one worker loads
            engine.load()  # only its files' profiles' rules (hex maps alone: no shapely, no numpy)
        warm_up()
        check = partial(_safe_validate, profiles=profiles, budget=budget)
        by_path = dict(zip(paths, filters))
        return supervisor.validate_supervised(
            paths, lambda p, on_rule: check(p, codes=by_path[p], on_rule=on_rule), budget, jobs, progress
        )
    if executor is None and (jobs <= 1 or total <= 1):
        out: list[FileReport] = []
        for i, (p, c) in enumerate(zip(paths, filters), 1):
            out.append(_safe_validate(p, profiles, c, budget))
            if progress:
                progress(i, total)
        return out
    if executor is None:
        from .executors import local_pool

        with local_pool(min(jobs, total)) as pool:
            return _run_on(pool, paths, profiles, filters, jobs, progress, budget)
    return _run_on(executor, paths, profiles, filters, max(jobs, 2), progress, budget)


def _run_on(
    executor: Executor,
    paths: Sequence[str],
    profiles: Sequence[str] | None,
    codes: Sequence[CodeFilter],
    workers: int,
    progress: Callable[[int, int], None] | None,
    budget: float | None = None,
) -> list[FileReport]:
    from concurrent.futures.process import BrokenProcessPool

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
    except BrokenProcessPool:  # a worker was killed (out of memory?): the rest are reported, not lost
        out += [
            FileReport.unreadable(p, "ENGINE", "", "not checked: a worker process stopped (out of memory?)")
            for p in paths[len(out) :]
        ]
    except Exception as e:  # a cluster worker lost, a scheduler gone: the same, with the executor's reason
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
