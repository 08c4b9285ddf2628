"""The `dambuster` command: validate, schema, new, surge, flood (more plug in through COMMANDS)."""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .options import BUDGET_SECONDS, HEX_COUNT, JOBS, TABLE_SIZE, WAIT_SECONDS, OneLineParser
from .output import error_line, tolerate_narrow_stdout, write_document
from .work import DEFAULT_SECONDS as DEFAULT_BUDGET

if TYPE_CHECKING:  # names for the types alone: a cold `dambuster validate` imports none of them
    from collections.abc import Generator
    from typing import TextIO, TypeAlias

    from .report import CodeFilter, FileReport, ProgressBar

    #: What ``add_subparsers`` returns (argparse gives the class no public name).
    Subparsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]  # pyright: ignore[reportPrivateUsage]

EXIT_OK, EXIT_RULES, EXIT_UNREADABLE = 0, 1, 2

#: Hook for more subcommands: each entry is called with the subparsers object and adds its parser
#: (with ``set_defaults(func=...)``); build_parser() calls them after the built-in commands.
COMMANDS: list[Callable[[Subparsers], None]] = []


def _simulation_commands(sub: Subparsers) -> None:
    """`surge` (dam breach preview) and `flood` (sewer flash flood) from dambuster.simulation."""
    from .simulation.cli import add_parsers

    add_parsers(sub)


COMMANDS.append(_simulation_commands)


def _collapse_commands(sub: Subparsers) -> None:
    """`collapse` (the referee's collapse rolls for a damaged dam, then its breach) from dambuster.simulation."""
    from .simulation.collapse_cli import add_parsers

    add_parsers(sub)


COMMANDS.append(_collapse_commands)


def _interop_commands(sub: Subparsers) -> None:
    """`export-tiled` and `import-tiled` (Tiled maps) from dambuster.interop."""
    from .interop.cli import add_parsers

    add_parsers(sub)


COMMANDS.append(_interop_commands)


def _geojson_view_commands(sub: Subparsers) -> None:
    """`export-geojson` (table maps as GeoJSON) and `player-view` (one side's copy) from dambuster.interop."""
    from .interop.batch_cli import add_parsers

    add_parsers(sub)


COMMANDS.append(_geojson_view_commands)


def _dbm_setup_commands(sub: Subparsers) -> None:
    """`dbm-setup` (the DBM terrain-choosing procedure) from dambuster.simulation."""
    from .simulation.dbm.cli import add_parsers

    add_parsers(sub)


COMMANDS.append(_dbm_setup_commands)


def _completion_commands(sub: Subparsers) -> None:
    """`completion` (shell completion scripts) from dambuster.completion."""
    from .completion import add_parsers

    add_parsers(sub, build_parser)


COMMANDS.append(_completion_commands)


def _add_fmt(sub: Subparsers) -> None:
    from . import fmt

    fmt.add_parsers(sub)


def _collection_commands(sub: Subparsers) -> None:
    """`fmt` (canonical form), `diff` (what changed between two) and `render` (see a map headless) for map collections."""
    from . import diff, render

    _add_fmt(sub)
    diff.add_parsers(sub)
    render.add_parsers(sub)


COMMANDS.append(_collection_commands)


def _site_commands(sub: Subparsers) -> None:
    """`site` (a static web gallery of a folder of maps, docs/web.md) from dambuster.interop.web."""
    from .interop.web.site import add_parsers

    add_parsers(sub)


COMMANDS.append(_site_commands)


def _cmd_validate(args: argparse.Namespace) -> int:
    # every rule is loaded only to check the codes given to --select/--ignore: a file's check loads the
    # rules of its profiles alone (their modules pull in shapely, numpy or networkx)
    from . import validators
    from .config import ConfigError, apply, settings_for
    from .report import CodeFilter

    try:  # collection settings (dambuster.toml, [tool.dambuster]): what the command line leaves unset
        settings = settings_for(args.paths, args.config, args.isolated, args.within)
    except ConfigError as e:
        error_line(f"dambuster validate: {e}")
        return EXIT_UNREADABLE
    for key, listed in settings.code_lists():
        unknown = CodeFilter((), listed).unknown(validators.REGISTRY)
        if unknown:
            error_line(
                f"dambuster validate: {settings.file}: {key}: unknown rule code or prefix: {', '.join(unknown)}"
            )
            return EXIT_UNREADABLE
    apply(settings, args, {"format": "text", "budget": DEFAULT_BUDGET})
    codes = CodeFilter(CodeFilter.split(args.select), CodeFilter.split(args.ignore))
    unknown = codes.unknown(validators.REGISTRY) if codes.select or codes.ignore else []
    if unknown:
        # the codes may come from a collection's settings file: a stranger's text
        error_line(f"dambuster validate: unknown rule code or prefix: {', '.join(unknown)}")
        return EXIT_UNREADABLE
    if args.jobs < 1:
        print("dambuster validate: --jobs must be at least 1", file=sys.stderr)
        return EXIT_UNREADABLE
    from .path_lists import gather_paths

    problem = gather_paths(args)
    if problem:
        error_line(f"dambuster validate: {problem}")
        return EXIT_UNREADABLE
    if "-" not in args.paths:
        return _validate(args, list(args.paths), codes)
    if args.paths.count("-") > 1:
        print("dambuster validate: standard input (-) can be named once", file=sys.stderr)
        return EXIT_UNREADABLE
    from .model.files import InputError

    try:
        with _stdin_as_file() as stdin:
            return _validate(args, [stdin if p == "-" else p for p in args.paths], codes, stdin)
    except InputError as e:
        error_line(f"dambuster validate: -: {e}")
        return EXIT_UNREADABLE


@contextlib.contextmanager
def _stdin_as_file() -> Generator[str, None, None]:
    """Standard input (bounded as a file is) in a private temporary file, removed afterwards: the checks,
    their worker processes and the reports' line numbers all read files."""
    import tempfile  # (only here: most runs read no standard input, and tempfile costs every start)

    from .model.files import read_stdin
    from .model.io import MAX_FILE_BYTES

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
    from .collect import collect_files, may_be_scenario
    from .executors import ExecutorError
    from .formats import UTF8_DOCUMENTS
    from .report import FileReport, ProgressBar, exit_status, render

    if sys.stdout is None:  # started with standard output closed (`>&-`): say so before any work
        error_line("dambuster validate: standard output is closed: nowhere to write the report")
        return EXIT_UNREADABLE
    corpora: list[str] = []
    unlisted: list[tuple[str, str]] = []
    files, missing = collect_files(paths, corpora, unlisted)
    within = args.within or getattr(args.settings, "within", None)
    refused: list[FileReport] = []
    if within:  # before anything reads them: a link or a file outside is never opened
        from .path_lists import outside_reason

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
            return EXIT_UNREADABLE
    bar = ProgressBar(sys.stderr) if _is_terminal(sys.stderr) and len(files) > 1 else None
    try:
        settings = getattr(args, "settings", None)  # per-file-ignores: never load codes, never stdin
        ignored = {f: settings.ignored_for(f) for f in files if f != stdin} if settings else {}
        found = _run_validation(files, args, codes, bar, ignored)
    except ExecutorError as e:  # no cluster extra, no scheduler at that address
        error_line(f"dambuster validate: {e}")
        return EXIT_UNREADABLE
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
    from .model.errors import where_and

    for r in reports:
        if r.load_error:
            v = r.violations[0]
            error_line(f"dambuster: {r.path}: {where_and(v.where(), v.message)} ({v.code})")
    if (
        args.format == "text"
    ):  # a file that cannot be read was just said on stderr: each problem is printed once
        from .formats.text import render as render_text

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
        error_line(f"dambuster validate: cannot write the report: {e.strerror or e}")
        return EXIT_UNREADABLE
    return exit_status(reports)


def _run_validation(
    files: list[str],
    args: argparse.Namespace,
    codes: CodeFilter,
    bar: ProgressBar | None,
    ignored: dict[str, tuple[str, ...]],
) -> list[FileReport]:
    """validate_files on the chosen executor (--scheduler: a Dask cluster), through the cache (--cache)."""
    from .report import validate_files

    def run(paths: list[str]) -> list[FileReport]:
        if args.scheduler:
            from .cluster import executor_for  # concurrent.futures and sockets: only for a cluster

            with executor_for(args.jobs, args.scheduler, args.wait_workers) as ex:
                return validate_files(
                    paths, args.profile or None, codes, args.jobs, bar, ex, args.budget, ignored
                )
        return validate_files(paths, args.profile or None, codes, args.jobs, bar, None, args.budget, ignored)

    if not args.cache:
        return run(files)
    from .cache import Cache, options_key, validate_cached

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


def _add_validate(sub: Subparsers) -> None:
    from .formats import FORMATS
    from .model.scenario import PROFILES

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
    v.set_defaults(func=_cmd_validate)


def _cmd_schema(args: argparse.Namespace) -> int:
    from .schema import schema_text

    write_document(schema_text())
    return EXIT_OK


def _cmd_new(args: argparse.Namespace) -> int:
    from .model import dumps, new_hex_scenario, new_table_scenario, save

    try:
        if args.kind == "hex":
            sc = new_hex_scenario(
                args.columns, args.rows, args.orientation, args.offset, args.title, args.profile
            )
        else:
            sc = new_table_scenario(
                args.width, args.depth, args.unit, args.title, args.profile, args.figures, args.reduced
            )
    except ValueError as e:
        error_line(f"dambuster new: {e}")
        return EXIT_UNREADABLE
    if args.output in (None, "-"):  # -o -: standard output, as without -o
        write_document(dumps(sc))
        return EXIT_OK
    from .model.atomic_write import outputs_problem

    out = Path(args.output)
    problem = outputs_problem([args.output], args.force)  # the name as typed: "maps/" names a folder
    if problem:
        error_line(f"dambuster new: {problem}")
        return EXIT_UNREADABLE
    try:
        save(sc, out)
    except OSError as e:
        error_line(f"dambuster new: cannot write {out}: {e.strerror or e}; nothing was changed")
        return EXIT_UNREADABLE
    error_line(f"wrote {out}")
    return EXIT_OK


def _add_schema(sub: Subparsers) -> None:
    s = sub.add_parser(
        "schema",
        help="print the JSON Schema of the scenario format",
        description="Print the JSON Schema (draft 2020-12) of the scenario format.",
    )
    s.set_defaults(func=_cmd_schema)


def _add_new(sub: Subparsers) -> None:
    from .model.scenario import PROFILES

    n = sub.add_parser(
        "new", help="write a blank scenario", description="Write a blank scenario of a given kind and size."
    )
    n.add_argument("kind", choices=["hex", "table"], help="hex grid (Ogre) or table (DBM, skirmish)")
    n.add_argument("-o", "--output", help="file to write (default, or -: standard output)")
    n.add_argument("--force", action="store_true", help="replace an existing file")
    n.add_argument("--title", default="Untitled scenario", help="scenario title")
    n.add_argument(
        "--profile", action="append", choices=PROFILES, default=[], help="rule profile (repeatable)"
    )
    n.add_argument(
        "--columns", type=HEX_COUNT, default=15, help=HEX_COUNT.help("hex map columns (default 15)")
    )
    n.add_argument("--rows", type=HEX_COUNT, default=22, help=HEX_COUNT.help("hex map rows (default 22)"))
    n.add_argument(
        "--orientation", choices=["flat", "pointy"], default="flat", help="hex orientation (default flat)"
    )
    n.add_argument(
        "--offset",
        choices=["odd-q", "even-q", "odd-r", "even-r"],
        help="offset layout (default odd-q / odd-r)",
    )
    n.add_argument(
        "--width", type=TABLE_SIZE, default=2400, help=TABLE_SIZE.help("table width (default 2400)")
    )
    n.add_argument(
        "--depth", type=TABLE_SIZE, default=1200, help=TABLE_SIZE.help("table depth (default 1200)")
    )
    n.add_argument(
        "--unit", choices=["paces", "inches", "mm"], default="paces", help="table unit (default paces)"
    )
    n.add_argument(
        "--figures",
        choices=["2mm", "6mm", "15mm", "25mm"],
        default="15mm",
        help="the table's figures, which set DBM's ground scale (default 15mm)",
    )
    n.add_argument(
        "--reduced",
        action="store_true",
        help="DBM's 5/8 distances for 25mm figures on a 1.8 m x 1.2 m table (mm or inches)",
    )
    n.set_defaults(func=_cmd_new)


#: The commands defined here, by name; the others come from the COMMANDS hooks.
BUILT_IN: dict[str, Callable[[Subparsers], None]] = {
    "validate": _add_validate,
    "schema": _add_schema,
    "new": _add_new,
}
#: The commands a run of one builds alone: the built-in ones, and fmt (a pre-commit hook runs it once
#: per batch of files; its parser alone imports no other command's module)
ALONE = {**BUILT_IN, "fmt": _add_fmt}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; ``only``: the parser with just that command (one of ALONE), which is all a run
    of it needs (main() builds that one: the COMMANDS hooks import the simulation, interop and completion
    modules, a cost a pre-commit hook would pay on every file)."""
    parser = argparse.ArgumentParser(
        prog="dambuster",
        description="Check, create and inspect dambuster scenario files (hex and table wargame maps).",
    )
    parser.add_argument("--version", action="version", version=f"dambuster {__version__}")
    # (each command's parser is a OneLineParser; the hooks need only what an ArgumentParser offers)
    sub: Subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=OneLineParser
    )
    if only is not None:
        ALONE[only](sub)
        return parser
    for add in (*BUILT_IN.values(), *COMMANDS):
        add(sub)
    return parser


def files_after_double_dash(argv: list[str]) -> list[str]:
    """After ``--`` every argument is a file: ``-`` there names the file ./-, never standard input."""
    if "--" not in argv:
        return argv
    cut = argv.index("--") + 1
    return argv[:cut] + [os.path.join(".", a) if a == "-" else a for a in argv[cut:]]


def main(argv: list[str] | None = None) -> int:
    # before numpy loads: OpenBLAS's buffers for one thread, not one per core (the command line's
    # numpy work is elementwise, and a low memory limit no longer fails at OpenBLAS's start)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    # Start-up makes only long-lived objects (modules, classes, the parser): the cyclic garbage collector
    # would walk them again and again for nothing. It is off until the command runs, then those objects
    # are frozen out of its sight, which also spares the pages validate's forked workers share (the
    # pattern the Python docs give for gc.freeze).
    gc.disable()
    argv = files_after_double_dash(sys.argv[1:] if argv is None else argv)
    # a built-in command or fmt named first needs only its own parser; --help, --version, the other
    # commands and a mistyped name (whose error lists every command) need them all
    parser = build_parser(argv[0] if argv and argv[0] in ALONE else None)
    args = parser.parse_args(argv)
    tolerate_narrow_stdout()
    gc.freeze()
    gc.enable()
    try:
        if getattr(args, "budgeted", False):  # every command with --budget: its time and memory bounded
            from .options import budget_subject
            from .watched import run_watched

            prog = f"dambuster {args.command}"
            return run_watched(prog, budget_subject(args), args.budget, lambda: args.func(args))
        return args.func(args)
    except MemoryError:  # never "internal error": the machine's memory, or a limit set from outside
        from .options import budget_subject
        from .work import out_of_memory_line

        error_line(out_of_memory_line(f"dambuster {args.command}", budget_subject(args), False))
        return EXIT_UNREADABLE
    except KeyboardInterrupt:
        print("dambuster: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except Exception as e:  # last resort: one line, never a traceback (DAMBUSTER_DEBUG=1 shows it)
        if os.environ.get("DAMBUSTER_DEBUG"):
            raise
        error_line(
            f"dambuster {args.command}: internal error: {type(e).__name__}: {str(e)[:200]} "
            "(please report it; DAMBUSTER_DEBUG=1 shows the traceback)"
        )
        return EXIT_UNREADABLE
