"""``dambuster export-geojson FILE``: a map as GeoJSON, or for GIS tools as GeoPackage or FlatGeobuf."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, cast

from dambuster.cli.map_io import load, output_refused, write
from dambuster.cli.options import add_budget_argument
from dambuster.cli.status import EXIT_ERROR, fail

from . import Declared, Example

if TYPE_CHECKING:
    from collections.abc import Sized

    from dambuster.model.scenario import Scenario

    from . import Subparsers

DECLARED = (
    Declared(
        "export-geojson",
        reads="a scenario",
        examples=(
            Example("{map} -o {out}.geojson", on=("flash-flood",)),
            Example("{map}", on=("dbm-terrain",), stdout="json"),
        ),
    ),
)

# Features written a second of the budget (CPU), about twice what a loaded two-core machine measured
# (a 400 x 400 hex map: 160,000 hexes in 9.9 s as GeoJSON, 18.8 s as GeoPackage), so a map refused
# up front would surely have run out of budget.
GEOJSON_FEATURES_PER_SECOND = 32_000
GIS_FEATURES_PER_SECOND = 16_000


def check_export(scenario: Scenario, gis: bool, budget: float | None) -> None:
    """Refuses (EstimateTooLarge) an export whose features (a hex each, and every river, road, area,
    unit...) cannot be written within ``budget`` seconds, before any is built."""
    from dambuster.batch.budget import check_estimate

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
    from dambuster.interop.geojson import dumps
    from dambuster.interop.gis import DRIVERS, GISError, gis_bytes

    if output_refused("export-geojson", args):
        return EXIT_ERROR
    scenario = load("export-geojson", args.file)
    if scenario is None:
        return EXIT_ERROR
    suffix = Path(args.output).suffix.lower() if args.output not in (None, "-") else ""
    from dambuster.batch.budget import EstimateTooLarge

    try:
        check_export(scenario, suffix in DRIVERS, args.budget)
    except EstimateTooLarge as e:
        return fail("export-geojson", f"{args.file}: {e}")
    if suffix in DRIVERS:  # GeoPackage or FlatGeobuf: y up, a local engineering CRS (interop/gis.py)
        try:
            data = gis_bytes(scenario, suffix, args.sectors)
        except GISError as e:
            return fail("export-geojson", str(e))
        return write("export-geojson", args.output, data)
    return write("export-geojson", args.output, dumps(scenario, sectors=args.sectors))


def add_parsers(sub: Subparsers) -> None:
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
