"""``dambuster new hex|table``: write a blank scenario of a given kind and size."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from dambuster.cli.options import HEX_COUNT, TABLE_SIZE
from dambuster.cli.status import EXIT_OK, fail
from dambuster.model.output import error_line, write_document

from . import Declared, Example

if TYPE_CHECKING:
    from . import Subparsers

DECLARED = (
    Declared(
        "new",
        reads=None,
        examples=(
            Example("hex --title {text} -o {out}.json"),
            Example("table --title {text}", stdout="json"),
        ),
    ),
)


def run(args: argparse.Namespace) -> int:
    from dambuster.model import dumps, new_hex_scenario, new_table_scenario, save

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
        return fail("new", str(e))
    if args.output in (None, "-"):  # -o -: standard output, as without -o
        write_document(dumps(sc))
        return EXIT_OK
    from dambuster.model.atomic_write import outputs_problem

    out = Path(args.output)
    problem = outputs_problem([args.output], args.force)  # the name as typed: "maps/" names a folder
    if problem:
        return fail("new", problem)
    try:
        save(sc, out)
    except OSError as e:
        return fail("new", f"cannot write {out}: {e.strerror or e}; nothing was changed")
    error_line(f"wrote {out}")
    return EXIT_OK


def add_parsers(sub: Subparsers) -> None:
    from dambuster.model.scenario import PROFILES

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
    n.set_defaults(func=run)
