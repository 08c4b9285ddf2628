"""Subcommands `export-geojson` and `player-view`; ``add_parsers(subparsers)`` plugs them in.

Errors are one line on standard error and exit code 2. Output goes to ``-o FILE`` (written
atomically, never over an existing file or the input without --force) or to standard output.
"""

from __future__ import annotations

import argparse
from collections.abc import Sized
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ..options import add_budget_argument
from ..output import error_line, write_json

if TYPE_CHECKING:
    from ..model.atomic_write import Original
    from ..model.scenario import Scenario

EXIT_OK, EXIT_ERROR = 0, 2


def _fail(cmd: str, msg: str) -> int:
    error_line(f"dambuster {cmd}: {msg}")
    return EXIT_ERROR


def _load(cmd: str, path: str, originals: list[Original] | None = None) -> Scenario | None:
    """The scenario, or None after printing why it cannot be loaded; ``originals`` gets the file's
    Original (model.atomic_write) for a command that may write over it."""
    from ..model.errors import ScenarioError
    from ..model.io import load_for_update

    try:
        scenario, original = load_for_update(path)
        if originals is not None and original is not None:
            originals.append(original)
        return scenario
    except ScenarioError as e:
        p = e.problems[0]
        error_line(f"dambuster {cmd}: {path}: {p.message} ({e.code})")
        return None


def _output_refused(cmd: str, args: argparse.Namespace) -> bool:
    """True after printing why ``-o`` must not be written (asked before any work)."""
    from ..model.atomic_write import outputs_problem

    if args.output in (None, "-"):
        return False
    problem = outputs_problem([args.output], args.force, [args.file])
    if problem:
        _fail(cmd, problem)
    return problem is not None


def _write(cmd: str, out: str | None, text: str | bytes, originals: list[Original] | None = None) -> int:
    from ..model.atomic_write import write_files

    if out in (None, "-"):
        # bytes (GeoPackage, FlatGeobuf) are written only to a file whose suffix asks for them
        assert isinstance(text, str)
        write_json(text)
        return EXIT_OK
    try:
        write_files([(out, text.encode("utf-8") if isinstance(text, str) else text)], originals or ())
    except OSError as e:
        return _fail(cmd, f"cannot write {out}: {e.strerror or e}; nothing was changed")
    error_line(f"wrote {out}")
    return EXIT_OK


# Features written a second of the budget (CPU), about twice what a loaded two-core machine measured
# (a 400 x 400 hex map: 160,000 hexes in 9.9 s as GeoJSON, 18.8 s as GeoPackage), so a map refused
# up front would surely have run out of budget.
GEOJSON_FEATURES_PER_SECOND = 32_000
GIS_FEATURES_PER_SECOND = 16_000


def check_export(scenario: Scenario, gis: bool, budget: float | None) -> None:
    """Refuses (EstimateTooLarge) an export whose features (a hex each, and every river, road, area,
    unit...) cannot be written within ``budget`` seconds, before any is built."""
    from ..work import check_estimate

    m = scenario.map
    hexes = int(getattr(m, "columns", 0) or 0) * int(getattr(m, "rows", 0) or 0)
    others = sum(len(cast("Sized", v)) for v in vars(m).values() if isinstance(v, (list, tuple, dict)))
    check_estimate(
        "features to write (hexes and features)",
        hexes + others + len(getattr(scenario, "units", None) or ()),
        GIS_FEATURES_PER_SECOND if gis else GEOJSON_FEATURES_PER_SECOND,
        budget,
        "a smaller map",
    )


def cmd_export_geojson(args: argparse.Namespace) -> int:
    from .geojson import dumps
    from .gis import DRIVERS, GISError, gis_bytes

    if _output_refused("export-geojson", args):
        return EXIT_ERROR
    scenario = _load("export-geojson", args.file)
    if scenario is None:
        return EXIT_ERROR
    suffix = Path(args.output).suffix.lower() if args.output not in (None, "-") else ""
    from ..work import EstimateTooLarge

    try:
        check_export(scenario, suffix in DRIVERS, args.budget)
    except EstimateTooLarge as e:
        return _fail("export-geojson", f"{args.file}: {e}")
    if suffix in DRIVERS:  # GeoPackage or FlatGeobuf: y up, a local engineering CRS (interop/gis.py)
        try:
            data = gis_bytes(scenario, suffix, args.sectors)
        except GISError as e:
            return _fail("export-geojson", str(e))
        return _write("export-geojson", args.output, data)
    return _write("export-geojson", args.output, dumps(scenario, sectors=args.sectors))


def cmd_player_view(args: argparse.Namespace) -> int:
    from ..model.io import dumps
    from .player_view import PlayerViewError, player_view

    if _output_refused("player-view", args):
        return EXIT_ERROR
    originals: list[Original] = []  # -o FILE --force over its own input: a save made meanwhile is kept
    scenario = _load("player-view", args.file, originals)
    if scenario is None:
        return EXIT_ERROR
    try:
        view, _masked = player_view(scenario, args.side, hide_reserves=args.hide_reserves)
    except PlayerViewError as e:
        return _fail("player-view", f"{args.file}: {e}")
    code = _write("player-view", args.output, dumps(view), originals)
    if code == EXIT_OK:
        error_line(view.meta.description.rsplit("\n\n", 1)[-1])
    return code


# add_subparsers() returns a class argparse names private; typeshed types it so
def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:  # pyright: ignore[reportPrivateUsage]
    g = sub.add_parser(
        "export-geojson",
        help="write a map as GeoJSON, or for GIS tools as GeoPackage or FlatGeobuf",
        description="Write a map as an RFC 7946 FeatureCollection: for a table map areas, waterway, "
        "rivers, roads, DBM sectors, sewer corridors, points and models, in table units (x along the "
        "width, y along the depth); for a hex map one polygon per hex (terrain, label, what stands on "
        "it) and lines for rivers, roads, rails and hexside features. The coordinates are not "
        "longitude/latitude: with -o OUT.gpkg (GeoPackage) or OUT.fgb (FlatGeobuf) the same features "
        "are written y up in a local engineering CRS that GIS tools read (docs/batch.md).",
    )
    g.add_argument("file", metavar="FILE", help="scenario file; - reads it from standard input")
    g.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="file to write: .gpkg or .fgb for GIS tools, else GeoJSON (default: GeoJSON on standard output)",
    )
    g.add_argument("--force", action="store_true", help="replace an existing file, even the input file")
    g.add_argument(
        "--sectors",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="add the six DBM sectors as polygons (default: when the scenario follows dbm-terrain)",
    )
    add_budget_argument(g)
    g.set_defaults(func=cmd_export_geojson)

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
