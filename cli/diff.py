"""`dambuster diff OLD NEW [--format text|json]`: what changed between two scenarios, semantically.

The comparison is :func:`dambuster.semantic_diff.compare` (terrain runs by hex label, features by id
and field). Exit status as ``diff``'s: 0 equal, 1 different, 2 when a file cannot be loaded (one line
on standard error). Either file may be ``-`` (standard input). The text form prints one change a line,
everything from the files made visible; the JSON form is
``{"old": PATH, "new": PATH, "equal": BOOL, "changes": [{"path", "change", "old", "new", ...}]}``.
"""
from __future__ import annotations

import argparse

from .output import error_line, json_text, write_document

EXIT_SAME, EXIT_DIFFERENT, EXIT_UNREADABLE = 0, 1, 2
PROG = "dambuster diff"


def _load(path: str):
    """The scenario at ``path``, or None after one line on standard error."""
    from .model.errors import ScenarioError
    from .model.io import load

    try:
        return load(path)
    except ScenarioError as e:
        error_line(f"{PROG}: {path}: {e} ({e.code})")
        return None


def _cmd_diff(args: argparse.Namespace) -> int:
    if args.old == "-" and args.new == "-":
        error_line(f"{PROG}: standard input (-) can be named once")
        return EXIT_UNREADABLE
    old, new = _load(args.old), _load(args.new)
    if old is None or new is None:
        return EXIT_UNREADABLE
    from .escape import visible
    from .semantic_diff import compare

    changes = compare(old, new)
    if args.format == "json":
        write_document(json_text({"old": args.old, "new": args.new, "equal": not changes,
                                  "changes": [c.as_json() for c in changes]}))
    else:
        write_document("".join(visible(c.text) + "\n" for c in changes))
    return EXIT_DIFFERENT if changes else EXIT_SAME


def add_parsers(sub: argparse._SubParsersAction) -> None:
    d = sub.add_parser("diff", help="what changed between two scenarios: terrain by hex label, features by id",
                       description="Compare two scenarios as loaded (layout, key order and generator do not count): "
                                   "terrain changes by hex label in runs, features added, removed or changed by id "
                                   "and field, sides, parameters, meta. Exit 0 when equal, 1 when they differ, "
                                   "2 when a file cannot be loaded.")
    d.add_argument("old", metavar="OLD", help="the scenario before (- for standard input)")
    d.add_argument("new", metavar="NEW", help="the scenario after (- for standard input)")
    d.add_argument("--format", choices=["text", "json"], default="text",
                   help="text (one change a line, default) or json")
    d.set_defaults(func=_cmd_diff)


__all__ = ["add_parsers"]
