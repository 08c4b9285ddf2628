"""``dambuster player-view FILE --side ID``: a copy of a scenario without what one side must not know."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from dambuster.cli.map_io import load, output_refused, write
from dambuster.cli.options import add_budget_argument
from dambuster.cli.status import EXIT_ERROR, EXIT_OK, fail
from dambuster.model.output import error_line

from . import Declared, Example

if TYPE_CHECKING:
    from dambuster.model.atomic_write import Original

    from . import Subparsers

DECLARED = (
    Declared(
        "player-view",
        reads="a scenario",
        examples=(
            Example("{map} --side {side} -o {out}.json"),
            Example("{map} --side {side}", stdout="json"),
        ),
    ),
)


def cmd_player_view(args: argparse.Namespace) -> int:
    from dambuster.interop.player_view import PlayerViewError, player_view
    from dambuster.model.io import dumps

    if output_refused("player-view", args):
        return EXIT_ERROR
    originals: list[Original] = []  # -o FILE --force over its own input: a save made meanwhile is kept
    scenario = load("player-view", args.file, originals)
    if scenario is None:
        return EXIT_ERROR
    try:
        view, _masked = player_view(scenario, args.side, hide_reserves=args.hide_reserves)
    except PlayerViewError as e:
        return fail("player-view", f"{args.file}: {e}")
    code = write("player-view", args.output, dumps(view), originals)
    if code == EXIT_OK:
        error_line(view.meta.description.rsplit("\n\n", 1)[-1])
    return code


def add_parsers(sub: Subparsers) -> None:
    v = sub.add_parser(
        "player-view",
        help="write a copy of a scenario without what one side must not know",
        description="Write the scenario as one side sees it: other sides' hidden mines removed, the "
        "SP and damage of dams whose SP the side does not know masked (the text's "
        "minimum SP, no damage). The copy is tagged player-view and validates.",
    )
    v.add_argument("file", metavar="FILE", help="scenario file; - reads it from standard input")
    v.add_argument("--side", required=True, metavar="ID", help="the side that will see the copy")
    v.add_argument("-o", "--output", metavar="OUT", help="file to write (default: standard output)")
    v.add_argument("--force", action="store_true", help="replace an existing file, even the input file")
    v.add_argument(
        "--hide-reserves",
        action="store_true",
        help="also remove other sides' units that are not on the map yet",
    )
    add_budget_argument(v)
    v.set_defaults(func=cmd_player_view)
