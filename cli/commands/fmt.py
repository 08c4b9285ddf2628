"""`dambuster fmt [--check] PATH...`: scenario files rewritten in the canonical form the saver writes.

The canonical form is ``model.io.dumps(load(path))``: the same scenario always gives the same bytes,
so a map saved by the editor never shows a diff after ``fmt``. Files are rewritten in place, atomically
(``model.atomic_write``), and only when they change. Decisions:

* the file's ``"generator"`` (who wrote it, with a version) is kept as it is: upgrading dambuster must
  not make every map of a collection "need formatting";
* an older ``format_version`` is migrated (the canonical form is the current format);
* ``--check`` writes nothing, prints ``would reformat: PATH`` for each file that would change and
  exits 1 when any would (as ``ruff format --check``); 0 when all are canonical;
* a file that cannot be loaded is one line on standard error; the other files are still done; exit 2;
* ``-`` reads a scenario from standard input and writes its canonical form to standard output
  (with ``--check``: nothing is written; ``would reformat: -`` and exit 1 when it is not canonical).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from dambuster.cli.options import add_budget_argument
from dambuster.cli.status import EXIT_ERROR, EXIT_FOUND, EXIT_OK, fail
from dambuster.model.escape import json_escapes
from dambuster.model.output import error_line, write_document

from . import Declared, Example

if TYPE_CHECKING:
    from . import Subparsers

PROG = "dambuster fmt"
DECLARED = (
    Declared(
        "fmt",
        reads="scenario files and folders, standard input",
        examples=(
            Example("{copy}"),
            Example("--check {map}", status=1),
            Example("-", stdin="{map}", on=("ogre-dambusters",), stdout="json"),
            Example(
                "--check {map}",
                on=("unloadable",),
                status=2,
                error="unloadable.json: /meta/title: the text holds an unpaired surrogate",
            ),
        ),
    ),
)


class Unloadable(Exception):
    """The input cannot be loaded; ``str(e)`` is one sentence (where and why, with the code)."""


def canonical_text(data: bytes) -> str:
    """The canonical text of a scenario file's bytes, keeping its ``generator``; Unloadable otherwise."""
    from dambuster import __version__
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import GENERATOR, document_to_scenario, dumps, parse_bytes

    try:
        tree = parse_bytes(data)
        written_by = cast(dict[str, object], tree).get("generator") if isinstance(tree, dict) else None
        text = dumps(document_to_scenario(tree))
    except ScenarioError as e:  # validate's words: "WHERE: MESSAGE (CODE)"
        raise Unloadable(f"{e} ({e.code})") from None
    if isinstance(written_by, str):
        ours = f'  "generator": {json.dumps(f"{GENERATOR} {__version__}", ensure_ascii=False)},\n'
        theirs = json_escapes(json.dumps(written_by, ensure_ascii=False))
        text = text.replace(ours, f'  "generator": {theirs},\n', 1)
    return text


def _read(path: str) -> bytes:
    from dambuster.model.files import InputError, read_input
    from dambuster.model.io import MAX_FILE_BYTES

    try:
        return read_input(path, MAX_FILE_BYTES)
    except InputError as e:
        raise Unloadable(f"{e} (JSON)") from None


def _canonical_within(subject: str, data: bytes, budget: float | None) -> str | None:
    """canonical_text within ``budget`` seconds of CPU and 1 GB of memory; None after one line naming
    ``subject`` when it runs out (Unloadable passes through)."""
    from dambuster.batch.budget import run_budgeted

    texts: list[str] = []

    def work() -> int:
        texts.append(canonical_text(data))
        return 0

    return texts[0] if run_budgeted(PROG, subject, budget, work) == 0 else None


def _format_stdin(check: bool, budget: float | None = None) -> int:
    try:
        data = _read("-")
        text = _canonical_within("<stdin>", data, budget)
        if text is None:
            return EXIT_ERROR
    except Unloadable as e:
        return fail("fmt", f"-: {e}")
    if check:
        if text.encode("utf-8") == data:
            return EXIT_OK
        print("would reformat: -", flush=True)
        return EXIT_FOUND
    write_document(text)
    return EXIT_OK


def format_files(
    paths: list[str], check: bool, scenarios_only: bool = False, budget: float | None = None
) -> int:
    """Formats (or with ``check`` only compares) the files and folders of ``paths``, each within
    ``budget`` seconds of CPU and 1 GB of memory (None or 0: no limit); the exit status."""
    from dambuster.batch.collect import collect_files, may_be_scenario
    from dambuster.model.atomic_write import ChangedSinceRead, Original, write_atomic
    from dambuster.model.escape import visible_path

    corpora: list[str] = []
    unlisted: list[tuple[str, str]] = []
    files, missing = collect_files(paths, corpora, unlisted)
    found_any = bool(files)
    if scenarios_only:
        files = [f for f in files if may_be_scenario(f)]
    for c in corpora:
        error_line(
            f"{PROG}: skipped {c}: a test corpus (it holds *.expected.json reports); name it to format it"
        )
    for m in missing:
        error_line(f"{PROG}: {m}: no such file or folder")
    for path, why in unlisted:  # a folder that cannot be listed is never passed by in silence
        error_line(f"{PROG}: {visible_path(path)}: {why}")
    missing += [path for path, _ in unlisted]
    if not files and not missing:
        if scenarios_only and found_any:  # a pre-commit batch of other JSON only: nothing to do
            return EXIT_OK
        return fail("fmt", "no .json files found")
    changed = unchanged = 0
    failed = len(missing)
    for path in files:
        try:
            data = _read(path)
            original = Original.of(path, data)  # what a save made meanwhile is told from
            text = _canonical_within(path, data, budget)
            if text is None:
                failed += 1  # its one line said why (the budget, or memory)
                continue
        except Unloadable as e:
            error_line(f"{PROG}: {path}: {e}")
            failed += 1
            continue
        new = text.encode("utf-8")
        if new == data:
            unchanged += 1
            continue
        if check:
            print(f"would reformat: {visible_path(path)}", flush=True)
            changed += 1
            continue
        try:
            write_atomic(path, new, expected=original)
        except ChangedSinceRead as e:
            error_line(f"{PROG}: {path}: {e}")
            failed += 1
            continue
        except OSError as e:
            error_line(f"{PROG}: cannot write {path}: {e.strerror or e}; it was left as it was")
            failed += 1
            continue
        changed += 1
    verb = "would be reformatted" if check else "reformatted"
    summary = f"{PROG}: {changed} file(s) {verb}, {unchanged} already canonical"
    error_line(summary + (f", {failed} could not be formatted" if failed else ""))
    if failed:
        return EXIT_ERROR
    return EXIT_FOUND if check and changed else EXIT_OK


def _cmd_fmt(args: argparse.Namespace) -> int:
    if "-" in args.paths:
        if len(args.paths) > 1:
            return fail("fmt", "standard input (-) is formatted alone, not with other paths")
        return _watched("<stdin>", lambda: _format_stdin(args.check, args.budget))
    paths = list(args.paths)
    subject = paths[0] if len(paths) == 1 else f"{paths[0]} (and {len(paths) - 1} more)"
    return _watched(subject, lambda: format_files(paths, args.check, args.scenarios_only, args.budget))


def _watched(subject: str, work: Callable[[], int]) -> int:
    """The run in a watched child: a native library dying for want of memory (jsonschema-rs aborts,
    OpenBLAS exits 1) is one line naming the file and the limit, exit 2 (batch/workers.py)."""
    from dambuster.batch.workers import run_watched

    return run_watched(PROG, subject, None, work, always=True)


def add_parsers(sub: Subparsers) -> None:
    f = sub.add_parser(
        "fmt",
        help="rewrite scenario files in the canonical form the editor saves",
        description="Rewrite scenario files in place, atomically, in the canonical form the editor "
        "saves (the file's generator is kept). Folders are searched for *.json as "
        "validate does. Exit 0 when done (--check: when every file is canonical), "
        "1 with --check when a file would change, 2 when a file cannot be loaded.",
    )
    f.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="scenario files or folders; - reads one scenario from standard input and writes its "
        "canonical form to standard output",
    )
    f.add_argument(
        "--check",
        action="store_true",
        help="write nothing: list each file that would change and exit 1 if any would",
    )
    f.add_argument(
        "--scenarios-only",
        action="store_true",
        help="skip .json files that are provably not scenarios (no format_version key, however "
        "written); the pre-commit hook uses it",
    )
    add_budget_argument(f, per_file=True)
    f.set_defaults(func=_cmd_fmt)


__all__ = ["Unloadable", "add_parsers", "canonical_text", "format_files"]
