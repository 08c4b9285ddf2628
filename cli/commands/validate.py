"""``dambuster validate PATH...``: check scenario files and folders, print a report in one of the
formats, exit 0 (valid), 1 (a rule error) or 2 (a file unreadable, failing the schema or not checked in
its budget). The checks of many files run in dambuster.batch (``validate_files``)."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
from typing import TYPE_CHECKING

from dambuster.batch.budget import DEFAULT_SECONDS as DEFAULT_BUDGET
from dambuster.cli.options import BUDGET_SECONDS, JOBS, WAIT_SECONDS
from dambuster.cli.status import EXIT_ERROR, EXIT_OK, fail
from dambuster.model.output import error_line, write_document

from . import Declared, Example

if TYPE_CHECKING:  # names for the types alone: a cold `dambuster validate` imports none of them
    from collections.abc import Generator
    from typing import TextIO

    from dambuster.batch.report import CodeFilter, FileReport, ProgressBar

    from . import Subparsers

#: The unloadable map among {maps}: reported on standard error, and the run exits 2.
_UNLOADABLE = "unloadable.json: /meta/title: the text holds an unpaired surrogate"
DECLARED = (
    Declared(
        "validate",
        reads="scenario files and folders, a list of them, standard input",
        examples=(
            Example("{maps} --format text", status=2, error=_UNLOADABLE),
            Example("{maps} --format github", status=2, error=_UNLOADABLE),
            Example("{maps} --format json", status=2, error=_UNLOADABLE, stdout="json"),
            Example("{maps} --format sarif", status=2, error=_UNLOADABLE, stdout="json"),
            Example("{maps} --format junit", status=2, error=_UNLOADABLE, stdout="xml"),
            Example("-", stdin="{map}", on=("dbm-terrain",)),
        ),
    ),
)


def run(args: argparse.Namespace) -> int:
    # every rule is loaded only to check the codes given to --select/--ignore: a file's check loads the
    # rules of its profiles alone (their modules pull in shapely, numpy or networkx)
    from dambuster import validators
    from dambuster.batch.report import CodeFilter
    from dambuster.cli.config import ConfigError, apply, settings_for

    try:  # collection settings (dambuster.toml, [tool.dambuster]): what the command line leaves unset
        settings = settings_for(args.paths, args.config, args.isolated, args.within)
    except ConfigError as e:
        return fail("validate", str(e))
    for key, listed in settings.code_lists():
        unknown = CodeFilter((), listed).unknown(validators.REGISTRY)
        if unknown:
            error_line(
                f"dambuster validate: {settings.file}: {key}: unknown rule code or prefix: {', '.join(unknown)}"
            )
            return EXIT_ERROR
    apply(settings, args, {"format": "text", "budget": DEFAULT_BUDGET})
    codes = CodeFilter(CodeFilter.split(args.select), CodeFilter.split(args.ignore))
    unknown = codes.unknown(validators.REGISTRY) if codes.select or codes.ignore else []
    if unknown:
        # the codes may come from a collection's settings file: a stranger's text
        return fail("validate", f"unknown rule code or prefix: {', '.join(unknown)}")
    if args.jobs < 1:
        print("dambuster validate: --jobs must be at least 1", file=sys.stderr)
        return EXIT_ERROR
    from dambuster.cli.path_lists import gather_paths

    problem = gather_paths(args)
    if problem:
        return fail("validate", problem)
    if "-" not in args.paths:
        return _validate(args, list(args.paths), codes)
    if args.paths.count("-") > 1:
        print("dambuster validate: standard input (-) can be named once", file=sys.stderr)
        return EXIT_ERROR
    from dambuster.model.files import InputError

    try:
        with _stdin_as_file() as stdin:
            return _validate(args, [stdin if p == "-" else p for p in args.paths], codes, stdin)
    except InputError as e:
        return fail("validate", f"-: {e}")


@contextlib.contextmanager
def _stdin_as_file() -> Generator[str, None, None]:
    """Standard input (bounded as a file is) in a private temporary file, removed afterwards: the checks,
    their worker processes and the reports' line numbers all read files."""
    import tempfile  # (only here: most runs read no standard input, and tempfile costs every start)

    from dambuster.model.files import read_stdin
    from dambuster.model.io import MAX_FILE_BYTES

    data = read_stdin(MAX_FILE_BYTES)
    folder = tempfile.mkdtemp(prefix="dambuster-stdin-")
    path = os.path.join(folder, "stdin.json")
    try:
        with open(path, "wb") as f:
            f.write(data)
        yield path
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _validate(args: argparse.Namespace, paths: list[str], codes: CodeFilter, stdin: str | None = None) -> int:
    """Checks the files and folders of ``paths`` and prints the report; ``stdin``: the file standing for -."""
    from dambuster.batch.collect import collect_files, may_be_scenario
    from dambuster.batch.executors import ExecutorError
    from dambuster.batch.formats import UTF8_DOCUMENTS
    from dambuster.batch.report import FileReport, ProgressBar, exit_status, render

    if sys.stdout is None:  # started with standard output closed (`>&-`): say so before any work
        error_line("dambuster validate: standard output is closed: nowhere to write the report")
        return EXIT_ERROR
    corpora: list[str] = []
    unlisted: list[tuple[str, str]] = []
    files, missing = collect_files(paths, corpora, unlisted)
    within = args.within or getattr(args.settings, "within", None)
    refused: list[FileReport] = []
    if within:  # before anything reads them: a link or a file outside is never opened
        from dambuster.cli.path_lists import outside_reason

        why = {f: outside_reason(f, within) for f in files if f != stdin}
        refused = [FileReport.unreadable(f, "JSON", "", w) for f, w in why.items() if w]
        files = [f for f in files if not why.get(f)]
    found_any = bool(files or refused)
    if args.scenarios_only:
        files = [f for f in files if f == stdin or may_be_scenario(f)]
    for c in corpora:
        error_line(
            f"dambuster: skipped {c}: a test corpus (it holds *.expected.json reports); name it to check it"
        )
    refused += [FileReport.unreadable(path, "JSON", "", why) for path, why in unlisted]
    if not files and not missing and not refused:
        if args.scenarios_only and found_any:  # a pre-commit batch of other JSON: nothing to check
            if args.format == "text":
                return EXIT_OK
        else:
            print("dambuster: no .json files found", file=sys.stderr)
            return EXIT_ERROR
    bar = ProgressBar(sys.stderr) if _is_terminal(sys.stderr) and len(files) > 1 else None
    try:
        settings = getattr(args, "settings", None)  # per-file-ignores: never load codes, never stdin
        ignored = {f: settings.ignored_for(f) for f in files if f != stdin} if settings else {}
        found = _run_validation(files, args, codes, bar, ignored)
    except ExecutorError as e:  # no cluster extra, no scheduler at that address
        return fail("validate", str(e))
    finally:
        if bar:
            bar.close()
    reports: list[FileReport] = [
        FileReport.unreadable(p, "JSON", "", "no such file or folder") for p in missing
    ]
    reports += refused + found
    for r in reports:
        if stdin is not None and r.path == stdin:  # reported as -, its lines still found in the file
            r.source, r.path = r.path, "-"
    from dambuster.model.errors import where_and

    for r in reports:
        if r.load_error:
            v = r.violations[0]
            error_line(f"dambuster: {r.path}: {where_and(v.where(), v.message)} ({v.code})")
    if (
        args.format == "text"
    ):  # a file that cannot be read was just said on stderr: each problem is printed once
        from dambuster.batch.formats.text import render as render_text

        text = render_text(reports, unreadable=False)
    else:
        text = render(reports, args.format)
    try:
        if args.format in UTF8_DOCUMENTS:
            write_document(text)
        else:
            sys.stdout.write(text)
            sys.stdout.flush()
    except BrokenPipeError:  # `| head`: main() ends quietly
        raise
    except OSError as e:  # a full disk behind `> report.json`: the verdict is unknown to the caller
        return fail("validate", f"cannot write the report: {e.strerror or e}")
    return exit_status(reports)


def _run_validation(
    files: list[str],
    args: argparse.Namespace,
    codes: CodeFilter,
    bar: ProgressBar | None,
    ignored: dict[str, tuple[str, ...]],
) -> list[FileReport]:
    """validate_files on the chosen executor (--scheduler: a Dask cluster), through the cache (--cache)."""
    from dambuster.batch.report import validate_files

    def run(paths: list[str]) -> list[FileReport]:
        if args.scheduler:
            from dambuster.batch.cluster import dask_executor  # concurrent.futures, sockets: only here

            with dask_executor(args.scheduler, worker_wait=args.wait_workers) as ex:
                return validate_files(
                    paths, args.profile or None, codes, args.jobs, bar, ex, args.budget, ignored
                )
        return validate_files(paths, args.profile or None, codes, args.jobs, bar, None, args.budget, ignored)

    if not args.cache:
        return run(files)
    from dambuster.batch.cache import Cache, options_key, validate_cached

    files = [f for f in files if os.path.abspath(f) != os.path.abspath(args.cache)]  # not a scenario
    cache = Cache.open(args.cache)
    if cache is None:  # a link or a special file at its path, or no place for the key: said on stderr
        return run(files)
    found = validate_cached(
        files, cache, lambda f: options_key(args.profile, codes.select, codes.ignore, ignored.get(f, ())), run
    )
    try:
        cache.save()
    except OSError as e:
        error_line(f"dambuster: cannot write the cache {args.cache}: {e.strerror or e}")
    print(f"dambuster: cache: {cache.hits} unchanged, {cache.misses} checked", file=sys.stderr)
    return found


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def add_parsers(sub: Subparsers) -> None:
    from dambuster.batch.formats import FORMATS
    from dambuster.model.scenario import PROFILES

    v = sub.add_parser(
        "validate",
        help="check scenario files; exit 0 valid, 1 rule errors, 2 unreadable or schema errors",
        description="Check scenario files. Folders are searched recursively for *.json "
        "(files named *.expected.json are skipped, and so are sub-folders holding them: "
        "test corpora such as samples/invalid, checked when named). Exit 0 when every file is valid, "
        "1 when a rule finds an error, 2 when a file cannot be read or fails the schema. Options not given "
        "are taken from the collection's dambuster.toml or pyproject.toml [tool.dambuster] "
        "(found from the first PATH's folder upwards; see --config, --isolated).",
    )
    v.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="scenario files or folders; - reads one scenario from standard input; after -- every "
        "argument is a PATH, even one that starts with -",
    )
    v.add_argument(
        "--files-from",
        metavar="LIST",
        help="also check the files named in LIST (- : standard input), NUL-separated when it holds a NUL "
        "(git diff -z, find -print0), else one per line: no command line is too long for it",
    )
    v.add_argument(
        "--within",
        metavar="DIR",
        help="refuse (one line each, exit 2) every file that is a symbolic link or lies outside DIR, "
        "such as the checkout of a pull request",
    )
    v.add_argument(
        "--force",
        action="store_true",
        help="let --cache replace a file that is not a dambuster cache",
    )
    v.add_argument(
        "--format",
        choices=list(FORMATS),
        default=None,
        help="report format: text, json (stable contract), sarif (2.1.0), junit (XML), "
        "github (Actions annotations); default text",
    )
    v.add_argument(
        "--jobs",
        "-j",
        type=JOBS,
        default=1,
        metavar="N",
        help=JOBS.help("validate N files at a time in worker processes (default 1: in this process)"),
    )
    v.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the checks on a Dask cluster whose scheduler is at ADDRESS (tcp://HOST:PORT); "
        "needs the cluster extra: pip install 'dambuster[cluster]'",
    )
    v.add_argument(
        "--wait-workers",
        type=WAIT_SECONDS,
        default=None,
        metavar="SECONDS",
        help=WAIT_SECONDS.help(
            "with --scheduler: how long to wait for a worker to join, before the run and whenever "
            "every worker is lost (default 30)"
        ),
    )
    v.add_argument(
        "--cache",
        metavar="FILE",
        help="skip files unchanged since the run that wrote FILE (same content, options and "
        "dambuster version, schema and rules), reusing their reports; FILE is created or updated. "
        "Keep it outside the checkout: entries not signed with this machine's key are checked again",
    )
    v.add_argument(
        "--scenarios-only",
        action="store_true",
        help="skip .json files that are provably not scenarios (no format_version key, however "
        "written), such as editor settings or package files; the pre-commit hook uses it",
    )
    v.add_argument(
        "--select",
        metavar="CODES",
        help="report only these rule codes, comma-separated; prefixes such as DBM- allowed",
    )
    v.add_argument(
        "--ignore",
        metavar="CODES",
        help="do not report these rule codes, comma-separated; prefixes allowed "
        "(JSON and SCHEMA load errors are always reported)",
    )
    v.add_argument(
        "--profile",
        action="append",
        choices=PROFILES,
        default=[],
        help="check against this rule profile instead of the ones the scenario declares (repeatable)",
    )
    v.add_argument(
        "--budget",
        type=BUDGET_SECONDS,
        default=None,
        metavar="SECONDS",
        help=BUDGET_SECONDS.help(
            f"seconds to load and check each file (default {DEFAULT_BUDGET:g}); a file "
            "not done in time, or out of memory, gets one BUDGET finding listing the rules that did "
            "not finish, and the run exits 2 (not a verdict)"
        ),
    )
    where = v.add_mutually_exclusive_group()
    where.add_argument(
        "--config",
        metavar="FILE",
        help="read the settings from FILE (a dambuster.toml, or a pyproject.toml's [tool.dambuster]) "
        "instead of the one found from the first PATH's folder upwards",
    )
    where.add_argument("--isolated", action="store_true", help="read no settings file")
    v.set_defaults(func=run)
