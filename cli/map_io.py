"""What the commands that read one map and write one file share (export-geojson, player-view).

Errors are one line on standard error and exit code 2 (:func:`dambuster.cli.status.fail`). Output goes to ``-o FILE`` (written
atomically, never over an existing file or the input without --force) or to standard output.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from dambuster.model.output import error_line, write_json

from .status import EXIT_OK, fail

if TYPE_CHECKING:
    from dambuster.model.atomic_write import Original
    from dambuster.model.scenario import Scenario


def load(cmd: str, path: str, originals: list[Original] | None = None) -> Scenario | None:
    """The scenario, or None after printing why it cannot be loaded; ``originals`` gets the file's
    Original (model.atomic_write) for a command that may write over it."""
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import load_for_update

    try:
        scenario, original = load_for_update(path)
        if originals is not None and original is not None:
            originals.append(original)
        return scenario
    except ScenarioError as e:
        p = e.problems[0]
        error_line(f"dambuster {cmd}: {path}: {p.message} ({e.code})")
        return None


def output_refused(cmd: str, args: argparse.Namespace) -> bool:
    """True after printing why ``-o`` must not be written (asked before any work)."""
    from dambuster.model.atomic_write import outputs_problem

    if args.output in (None, "-"):
        return False
    problem = outputs_problem([args.output], args.force, [args.file])
    if problem:
        fail(cmd, problem)
    return problem is not None


def write(cmd: str, out: str | None, text: str | bytes, originals: list[Original] | None = None) -> int:
    from dambuster.model.atomic_write import write_files

    if out in (None, "-"):
        # bytes (GeoPackage, FlatGeobuf) are written only to a file whose suffix asks for them
        assert isinstance(text, str)
        write_json(text)
        return EXIT_OK
    try:
        write_files([(out, text.encode("utf-8") if isinstance(text, str) else text)], originals or ())
    except OSError as e:
        return fail(cmd, f"cannot write {out}: {e.strerror or e}; nothing was changed")
    error_line(f"wrote {out}")
    return EXIT_OK
