"""`dambuster diff OLD NEW [--format text|json|png|svg]`: what changed between two scenarios, semantically.

The comparison is :func:`dambuster.model.semantic_diff.compare` (terrain runs by hex label, features by id
and field). Exit status as ``diff``'s: 0 equal, 1 different, 2 when a file cannot be loaded (one line
on standard error). Either file may be ``-`` (standard input). The text form prints one change a line,
everything from the files made visible; the JSON form is
``{"old": PATH, "new": PATH, "equal": BOOL, "changes": [{"path", "change", "old", "new", ...}]}``.
The image forms (png, svg, written to ``-o``) draw the new map with the changes outlined; the drawing
is the editor's (dambuster.editor.render.diff_marks), found as the ``diff-image`` renderer.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from dambuster.cli.options import add_budget_argument
from dambuster.cli.status import EXIT_ERROR, EXIT_FOUND, EXIT_OK, fail
from dambuster.model.escape import text_line
from dambuster.model.output import error_line, json_text, write_document

from . import Declared, Example

if TYPE_CHECKING:
    from . import Subparsers

PROG = "dambuster diff"
IMAGE_FORMATS = ("png", "svg")
DECLARED = (
    Declared(
        "diff",
        reads="two scenarios",
        examples=(
            Example("{sample} {map} --format text", status=1),
            Example("{sample} {map} --format json", status=1, stdout="json"),
            # (drawing is slow on a busy machine: these runs are about what is written, not how fast)
            Example("{sample} {map} -o {out}.svg --budget 0", on=("dbm-terrain",), status=1),
            Example("{sample} {map} -o {out}.png --budget 0", on=("ogre-basic",), status=1),
        ),
    ),
)


def _load(path: str):
    """The scenario at ``path``, or None after one line on standard error."""
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import load

    try:
        return load(path)
    except ScenarioError as e:
        error_line(f"{PROG}: {e.one_line(path)}")
        return None


def _image_format(args: argparse.Namespace) -> str | None:
    """png or svg when the image form is asked for (--format, else the extension of -o), else None."""
    if args.format is None and args.output:
        suffix = args.output.rsplit(".", 1)[-1].lower() if "." in args.output else ""
        return suffix if suffix in IMAGE_FORMATS else None
    return args.format if args.format in IMAGE_FORMATS else None


def _cmd_diff(args: argparse.Namespace) -> int:
    if args.old == "-" and args.new == "-":
        return fail("diff", "standard input (-) can be named once")
    image = _image_format(args)
    if image is not None:
        return _cmd_diff_image(args, image)
    if args.output:
        error_line(
            f"{PROG}: -o is for the image forms (--format png|svg); text and json go to standard output"
        )
        return EXIT_ERROR
    old, new = _load(args.old), _load(args.new)
    if old is None or new is None:
        return EXIT_ERROR
    from dambuster.model.semantic_diff import compare

    changes = compare(old, new)
    if args.format == "json":
        write_document(
            json_text(
                {
                    "old": args.old,
                    "new": args.new,
                    "equal": not changes,
                    "changes": [c.as_json() for c in changes],
                }
            )
        )
    else:
        write_document("".join(text_line(c.text) + "\n" for c in changes))
    return EXIT_FOUND if changes else EXIT_OK


def _cmd_diff_image(args: argparse.Namespace, fmt: str) -> int:
    """The new map drawn with the changes outlined, by the ``diff-image`` renderer (the editor's scene)."""
    from .render import load_renderer

    if not args.output:
        return fail("diff", f"--format {fmt} writes an image: name it with -o FILE.{fmt}")
    args.format = fmt
    from dambuster.cli.options import budget_subject

    renderer = load_renderer("diff-image", PROG, budget_subject(args))
    return EXIT_ERROR if renderer is None else renderer(args)


def add_parsers(sub: Subparsers) -> None:
    from .render import add_scale_arguments

    d = sub.add_parser(
        "diff",
        help="what changed between two scenarios: terrain by hex label, features by id",
        description="Compare two scenarios as loaded (layout, key order and generator do not count): "
        "terrain changes by hex label in runs, features added, removed or changed by id "
        "and field, sides, parameters, meta. Exit 0 when equal, 1 when they differ, "
        "2 when a file cannot be loaded.",
    )
    d.add_argument("old", metavar="OLD", help="the scenario before (- for standard input)")
    d.add_argument("new", metavar="NEW", help="the scenario after (- for standard input)")
    d.add_argument(
        "--format",
        choices=["text", "json", *IMAGE_FORMATS],
        default=None,
        help="text (one change a line, default), json, or an image of the new map with the changes "
        "outlined: png or svg (needs -o and the gui extra; default when -o ends in .png or .svg)",
    )
    d.add_argument("-o", "--output", metavar="FILE", help="png, svg: the image to write")
    d.add_argument("--force", action="store_true", help="png, svg: replace an existing image")
    add_scale_arguments(d)
    add_budget_argument(d)
    d.set_defaults(func=_cmd_diff)


__all__ = ["add_parsers"]
