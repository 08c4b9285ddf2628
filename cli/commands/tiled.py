"""Command-line subcommands `export-tiled` and `import-tiled`; ``add_parsers(subparsers)`` plugs them in.

Errors are one line on standard error and exit code 2; --lenient import warnings are lines on standard
error too, and the import then succeeds (exit 0). Files are written atomically (the map and its tileset
image together), never over an existing file or an input without --force (model.atomic_write).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from dambuster.cli.options import add_budget_argument
from dambuster.cli.status import EXIT_OK, fail
from dambuster.model.output import error_line, write_json

from . import Declared, Example

if TYPE_CHECKING:
    from . import Subparsers

_XML_SAFE = ("ogre-dambusters-xml-safe", "dbm-terrain-xml-safe")
DECLARED = (
    Declared(
        "export-tiled",
        reads="a scenario",
        examples=(
            Example("{map} -o {out}.tmj"),
            Example("{map} -o {out}.tmx", on=_XML_SAFE),
            Example(
                "{map} -o {out}.tmx",
                on=("ogre-dambusters",),
                status=2,
                error="which a TMX (XML) file cannot carry; write a .tmj map instead",
            ),
        ),
    ),
    Declared(
        "import-tiled",
        reads="a Tiled map (TMJ or TMX) and its tilesets",
        examples=(
            Example("{tmj} -o {out}.json", on=("dbm-terrain",)),
            Example("{tmj}", on=("ogre-dambusters",), stdout="json"),
            Example("{tmx}", on=_XML_SAFE, stdout="json"),
        ),
    ),
)


def cmd_export(args: argparse.Namespace) -> int:
    from dambuster.interop.tiled.export import ExportError, export_tiled, outputs
    from dambuster.model.atomic_write import outputs_problem
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import load

    if args.scenario == "-" and not args.output:
        return fail("export-tiled", "-: reading standard input: name the map to write with -o MAP.tmj")
    out = Path(args.output) if args.output else Path(args.scenario).with_suffix(".tmj")
    try:
        scenario = load(args.scenario)
    except ScenarioError as e:
        return fail("export-tiled", f"{args.scenario}: {e}")
    targets = outputs(scenario, out)
    typed = [args.output, *targets[1:]] if args.output else targets  # "maps/" names a folder
    problem = outputs_problem(typed, args.force, [args.scenario])
    if problem:
        return fail("export-tiled", problem)
    try:
        written = export_tiled(scenario, out)
    except ExportError as e:
        return fail("export-tiled", f"{args.scenario}: {e}")
    except OSError as e:
        what = " and ".join(map(str, targets))
        return fail("export-tiled", f"cannot write {what}: {e.strerror or e}; nothing was changed")
    error_line("wrote " + " and ".join(map(str, written)))
    return EXIT_OK


def cmd_import(args: argparse.Namespace) -> int:
    from dambuster.interop.tiled.importer import TiledImportError, import_file, load_terrain_map
    from dambuster.model.atomic_write import outputs_problem
    from dambuster.model.io import dumps, save

    out = Path(args.output) if args.output not in (None, "-") else None  # -o -: standard output
    problem = outputs_problem([args.output if out else None], args.force, [args.map, args.terrain_map])
    if problem:
        return fail("import-tiled", problem)
    try:
        mapping = load_terrain_map(args.terrain_map) if args.terrain_map else None
    except TiledImportError as e:
        return fail("import-tiled", f"{args.terrain_map}: {e}")
    try:
        result = import_file(args.map, mapping, args.lenient)
    except TiledImportError as e:
        return fail("import-tiled", f"{args.map}: {e}")
    for w in result.warnings:
        error_line(f"dambuster import-tiled: {args.map}: warning: {w}")
    if out is None:
        write_json(dumps(result.scenario))
        return EXIT_OK
    try:
        save(result.scenario, out)
    except OSError as e:
        return fail("import-tiled", f"cannot write {out}: {e.strerror or e}; nothing was changed")
    error_line(f"wrote {out}")
    return EXIT_OK


def add_parsers(sub: Subparsers) -> None:
    e = sub.add_parser(
        "export-tiled",
        help="write a scenario as a Tiled map (TMJ or TMX)",
        description="Write a scenario as a Tiled map: JSON (.tmj) or, when the output ends in .tmx, "
        "XML (TMX, which pytmx reads). A hex map is a hexagonal map with its terrain "
        "tileset image (<name>-terrain.png beside it); a table map an orthogonal map of "
        "object layers. See docs/tiled.md for the mapping.",
    )
    e.add_argument(
        "scenario", help="dambuster scenario file (.json); - reads it from standard input (then -o is needed)"
    )
    e.add_argument(
        "-o", "--output", help="map to write, .tmj or .tmx (default: the scenario's name with .tmj)"
    )
    e.add_argument(
        "--force", action="store_true", help="replace existing files (the map and its tileset image)"
    )
    add_budget_argument(e)
    e.set_defaults(func=cmd_export)

    i = sub.add_parser(
        "import-tiled",
        help="read a hexagonal Tiled map or a table map (TMJ or TMX) as a scenario",
        description="Read a hexagonal Tiled map, or a table map export-tiled wrote (.tmj/.json or "
        ".tmx), as a dambuster scenario. Terrain comes from the names of each tile, in embedded "
        "tilesets and external ones beside the map: its 'dambuster:terrain' (or 'terrain') "
        "property, its class, its Wang colour (Woods and Trees are forest, Lake and Sea water: "
        "docs/tiled.md), or from --terrain-map; objects become features by their class. Exit 0 "
        "on success, 2 when the map cannot be imported.",
    )
    i.add_argument("map", help="Tiled map (.tmj, .json or .tmx); - reads it from standard input")
    i.add_argument("-o", "--output", help="scenario file to write (default, or -: standard output)")
    i.add_argument("--force", action="store_true", help="replace an existing file")
    i.add_argument(
        "--terrain-map",
        metavar="JSON",
        help='JSON file mapping tile gids to terrain kinds, e.g. {"1": "clear", "2": "forest"}',
    )
    i.add_argument(
        "--lenient",
        action="store_true",
        help="warn instead of failing on objects and tiles dambuster cannot map (they are dropped, or clear)",
    )
    add_budget_argument(i)
    i.set_defaults(func=cmd_import)
