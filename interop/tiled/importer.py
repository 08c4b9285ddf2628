"""Tiled TMJ or TMX -> Scenario, through the same model (and the same checks) as our own files.

Hexagonal maps, and the orthogonal table maps table_export writes (read by table_import).
Terrain comes from the ``dambuster:terrain`` (or ``terrain``) property of each tile in an embedded
tileset, or from a gid -> terrain mapping the caller gives. Objects become features by their class (TMJ
``type``, TMX ``class``/``type``) and properties; where a point sits decides its hex or hexside.
Anything the importer cannot place is an error, or a warning when ``lenient`` (the object is dropped,
an empty or unmapped tile becomes clear terrain). Inputs are untrusted: sizes are capped and XML DTDs
are refused (see tmx_read.py).
"""

from __future__ import annotations

import base64
import binascii
import gzip
import os
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from dambuster.interop.hexpixels import HexPixels, layout_of
from dambuster.model import scenario as sc
from dambuster.model.catalog import default_unit_types
from dambuster.model.errors import ScenarioError
from dambuster.model.escape import visible
from dambuster.model.files import InputError, read_input
from dambuster.model.hexgrid import Layout
from dambuster.model.io import parse_bytes
from dambuster.model.terrain import TERRAIN_KINDS, Terrain, kind_index

from .objects import HANDLERS, Context
from .properties import map_property, properties_of
from .read import TiledImportError, finish, layers, meta, place_objects
from .tilesets import tile_of, tileset_terrain
from .tmx_read import TmxError, parse_tmx

MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_TERRAIN_MAP_BYTES = 1024 * 1024  # a gid -> terrain object; a tileset of 10,000 tiles needs 200 KB
MAX_SIDE = 1000  # columns and rows, as `dambuster new`
MAX_HEXES_NAMED = 12  # a message names this many hexes, then says how many more
FLIP_BITS = 0xF0000000  # Tiled's flip and rotation flags in the top bits of a gid
MAX_GID = ~FLIP_BITS & 0xFFFFFFFF


@dataclass
class Imported:
    scenario: sc.Scenario
    warnings: list[str] = field(default_factory=list[str])


# ------------------------------------------------------------------------------- reading
def read_document(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The map as a TMJ-shaped dict, from a .tmj/.json or a .tmx file (a regular file, read up to the cap)."""
    try:
        data = read_input(path, MAX_FILE_BYTES)
    except InputError as e:
        raise TiledImportError(str(e)) from None
    if Path(path).suffix.lower() == ".tmx" or data.lstrip()[:1] == b"<":
        try:
            return parse_tmx(data)
        except TmxError as e:
            raise TiledImportError(str(e)) from None
    try:
        doc = parse_bytes(data)
    except ScenarioError as e:
        raise TiledImportError(f"not a readable TMJ file: {e}") from None
    if not isinstance(doc, dict):
        raise TiledImportError("not a Tiled map: the top level is not an object")
    return cast("dict[str, Any]", doc)  # a parsed JSON object: each member is checked where it is read


TILED_KEYS = frozenset({"orientation", "tilewidth", "tileheight", "layers"})  # every TMJ map has them


def looks_like_tiled(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a Tiled map rather than a scenario: a .tmx/.tmj name, a file starting with
    ``<?xml`` or ``<map``, or a JSON object with Tiled's keys (read bounded, as the import reads it)."""
    if Path(path).suffix.lower() in (".tmx", ".tmj"):
        return True
    try:
        data = read_input(path, MAX_FILE_BYTES)
    except InputError:
        return False
    if data.lstrip()[:5] in (b"<?xml", b"<map ", b"<map>"):
        return True
    try:
        doc = parse_bytes(data)
    except ScenarioError:
        return False
    return isinstance(doc, dict) and cast("dict[str, Any]", doc).keys() >= TILED_KEYS


def load_terrain_map(path: str | os.PathLike[str]) -> dict[int, str]:
    """A --terrain-map file: a JSON object of gid -> terrain kind."""
    try:
        raw = parse_bytes(read_input(path, MAX_TERRAIN_MAP_BYTES))
    except InputError as e:
        raise TiledImportError(f"the terrain map {e}") from None
    except ScenarioError as e:
        raise TiledImportError(f"the terrain map is not JSON: {e}") from None
    if not isinstance(raw, dict):
        raise TiledImportError("the terrain map must be a JSON object of gid -> terrain")
    out: dict[int, str] = {}
    for k, v in cast("dict[str, object]", raw).items():  # a parsed JSON object: its keys are text
        gid = (
            int(k) if k.isascii() and k.isdigit() and len(k) <= 10 else 0
        )  # "²".isdigit(), yet int("²") fails
        if not 1 <= gid <= MAX_GID:
            raise TiledImportError(
                f"terrain map: the key {k[:20]!r} is not a gid (a whole number from 1 to {MAX_GID})"
            )
        if not isinstance(v, str) or v not in TERRAIN_KINDS:
            raise TiledImportError(
                f"terrain map: {str(v)[:30]!r} is not a terrain ({', '.join(TERRAIN_KINDS)})"
            )
        out[gid] = v
    return out


# ------------------------------------------------------------------------------- helpers


def _gids(layer: dict[str, Any], n: int) -> list[int]:
    data = layer.get("data")
    if "chunks" in layer:
        raise TiledImportError("infinite maps (tile data in chunks) are not supported")
    if isinstance(data, str):
        try:
            raw = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            raise TiledImportError(f"layer {layer.get('name')!r}: the tile data is not base64") from None
        comp = layer.get("compression") or ""
        try:
            if comp == "zlib":
                d = zlib.decompressobj()
                raw = d.decompress(raw, 4 * n + 1)
            elif comp == "gzip":
                with gzip.GzipFile(fileobj=__import__("io").BytesIO(raw)) as f:
                    raw = f.read(4 * n + 1)
            elif comp:
                raise TiledImportError(
                    f"tile data compressed with {comp!r} is not supported (use zlib, gzip or none)"
                )
        except (zlib.error, OSError, EOFError):
            raise TiledImportError(
                f"layer {layer.get('name')!r}: the tile data does not decompress"
            ) from None
        if len(raw) > 4 * n:
            verb = "inflates to" if comp else "holds"
            raise TiledImportError(
                f"layer {layer.get('name')!r}: the tile data {verb} more than the map's {n} tiles "
                f"({4 * n} bytes); refused"
            )
        if len(raw) % 4:
            raise TiledImportError(
                f"layer {layer.get('name')!r}: the tile data is {len(raw)} bytes, "
                "not a whole number of 4-byte tiles"
            )
        if len(raw) != 4 * n:
            raise TiledImportError(
                f"layer {layer.get('name')!r} holds {len(raw) // 4} tiles; the map has {n}"
            )
        return [int.from_bytes(raw[i : i + 4], "little") for i in range(0, len(raw), 4)]
    items = cast("list[object]", data) if isinstance(data, list) else None
    if items is None or not all(isinstance(g, int) and g >= 0 for g in items):
        raise TiledImportError(f"layer {layer.get('name')!r}: the tile data is not a list of gids")
    if len(items) != n:
        raise TiledImportError(f"layer {layer.get('name')!r} holds {len(items)} tiles; the map has {n}")
    return cast("list[int]", items)  # each one checked above


# ------------------------------------------------------------------------------- the map
def _geometry(doc: dict[str, Any]) -> tuple[Layout, HexPixels]:
    orientation = doc.get("orientation")
    if orientation != "hexagonal":
        if isinstance(orientation, str) and orientation.strip():
            word = orientation.strip()[:20]
            what = f"this is {'an' if word[0].lower() in 'aeiou' else 'a'} {word} map"
        else:
            what = (
                "the map gives no orientation"
                if orientation in (None, "")
                else f"the map's orientation {str(orientation)[:20]!r} is not one Tiled writes"
            )
        raise TiledImportError(
            f"{what}; only hexagonal Tiled maps can be imported (a dambuster map is a grid of hexes: "
            "square or diamond tiles have no hexes to give terrain and places to), and table maps "
            "(orthogonal, with the map property dambuster:map = table)"
        )
    if doc.get("infinite"):
        raise TiledImportError("infinite maps are not supported; give the map a fixed size in Tiled")
    cols, rows = doc.get("width"), doc.get("height")
    if not (
        isinstance(cols, int) and isinstance(rows, int) and 1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE
    ):
        raise TiledImportError(
            f"the map must be 1 to {MAX_SIDE} tiles wide and high, not {cols!r} x {rows!r}"
        )
    axis, index = doc.get("staggeraxis", "y"), doc.get("staggerindex", "odd")
    if axis not in ("x", "y") or index not in ("odd", "even"):
        raise TiledImportError(f"unknown stagger {axis!r}/{index!r} (Tiled writes x or y, odd or even)")
    tw, th, side = doc.get("tilewidth"), doc.get("tileheight"), doc.get("hexsidelength", 0)
    if (
        not (
            isinstance(tw, int)
            and isinstance(th, int)
            and isinstance(side, int)
            and all(0 <= v <= 4096 for v in (tw, th, side))
        )
        or tw < 2
        or th < 2
    ):
        raise TiledImportError(
            "the tile size and hex side length must be whole numbers of pixels (tiles at least 2)"
        )
    layout = layout_of(axis, index, cols, rows)
    return layout, HexPixels.of_map(layout, tw, th, side)


def _terrain_gids(doc: dict[str, Any], layout: Layout) -> list[int]:
    """The gids of the tile layer the terrain is taken from, flip bits and all, one a hex in offset order."""
    tile_layers = [layer for layer in layers(doc.get("layers")) if layer.get("type") == "tilelayer"]
    if not tile_layers:
        raise TiledImportError("the map has no tile layer to take the terrain from")
    named = [layer for layer in tile_layers if layer.get("name") == "terrain"]
    if not named and len(tile_layers) > 1:
        raise TiledImportError(f'the map has {len(tile_layers)} tile layers; name the terrain one "terrain"')
    return _gids((named or tile_layers)[0], layout.columns * layout.rows)


def terrain_gids(doc: dict[str, Any]) -> list[int]:
    """The terrain layer's gids of a hex map, without flip bits; TiledImportError as the import would give."""
    layout, _px = _geometry(doc)
    return [raw & ~FLIP_BITS for raw in _terrain_gids(doc, layout)]


def hexes_named(labels: list[str]) -> str:
    """``hex 0101``, ``hexes 0101, 0202``, or the first MAX_HEXES_NAMED and how many more."""
    if len(labels) == 1:
        return f"hex {labels[0]}"
    shown = ", ".join(labels[:MAX_HEXES_NAMED])
    rest = len(labels) - MAX_HEXES_NAMED
    return f"hexes {shown}" + (f" and {rest} more ({len(labels)} in all)" if rest > 0 else "")


def _terrain(
    doc: dict[str, Any], layout: Layout, ctx: Context, terrain_map: dict[int, str] | None, folder: Path | None
) -> Terrain:
    gids = _terrain_gids(doc, layout)
    kinds, unknown = tileset_terrain(doc, folder)
    kinds.update(terrain_map or {})
    cells = bytearray(len(gids))
    unmapped: dict[int, list[int]] = {}  # gid -> every hex (index) that shows it, in map order
    for i, raw in enumerate(gids):
        gid = raw & ~FLIP_BITS
        kind = kinds.get(gid)
        if kind is None:
            unmapped.setdefault(gid, []).append(i)
            kind = "clear"
        cells[i] = kind_index(kind)
    others = len([g for g in unmapped if g]) - 1
    for gid, where in sorted(unmapped.items(), key=lambda kv: kv[1][0]):
        labels = [layout.label(layout.to_axial(i % layout.columns, i // layout.columns)) for i in where]
        if gid == 0:
            what = f"{'has' if len(where) == 1 else 'have'} no tile"
        else:
            called = f", called {visible(unknown[gid][:40])!r}," if gid in unknown else ""
            more = f" (as do {others} other tile{'s' if others > 1 else ''})" if others > 0 else ""
            what = (
                f"show{'s' if len(where) == 1 else ''} tile gid {gid} ({tile_of(doc, gid)}){called} whose "
                f"name, class and properties say no terrain{more}: give it a class in Tiled "
                f"({', '.join(TERRAIN_KINDS)}), or map its gid with --terrain-map"
            )
        ctx.problem(f"{hexes_named(labels)} {what}" + (" (taken as clear)" if ctx.lenient else ""))
    return Terrain(layout, cells)


def import_document(
    doc: object,
    terrain_map: dict[int, str] | None = None,
    lenient: bool = False,
    folder: Path | None = None,
) -> Imported:
    """The scenario a parsed TMJ (or TMX, via tmx_read.parse_tmx) describes; TiledImportError when it
    cannot. ``folder``: the map's folder, where its external tilesets are (None: none can be read)."""
    if not isinstance(doc, dict):
        raise TiledImportError("not a Tiled map: the top level is not an object")
    try:
        return _import(cast("dict[str, Any]", doc), terrain_map, lenient, folder)  # a parsed JSON object
    except TiledImportError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, OverflowError, RecursionError):
        # never Python's own words ("unhashable type: 'dict'"): what the user can act on
        raise TiledImportError(
            "the map is malformed: a value is of a kind (text, number, list or object) Tiled never "
            "writes there; open and save it in Tiled, or compare it with a map Tiled wrote"
        ) from None


def _import(
    doc: dict[str, Any], terrain_map: dict[int, str] | None, lenient: bool, folder: Path | None
) -> Imported:
    if doc.get("orientation") == "orthogonal" and map_property(properties_of(doc), "map") == "table":
        from .table_import import import_table

        checked, warnings = import_table(doc, lenient)
        return Imported(checked, warnings)
    layout, px = _geometry(doc)
    ctx = Context(layout, px, lenient)
    terrain = _terrain(doc, layout, ctx, terrain_map, folder)
    hex_map = sc.HexMap(layout.orientation, layout.offset, layout.columns, layout.rows, terrain)
    s = sc.Scenario(meta(doc), hex_map, unit_types=default_unit_types())
    place_objects(doc, HANDLERS, ctx, s)
    mentioned = [m.owner for m in hex_map.markers.mines] + [n for d in hex_map.dams for n in d.sp_known_to]
    return Imported(finish(doc, s, mentioned), ctx.warnings)


def import_file(
    path: str | os.PathLike[str], terrain_map: dict[int, str] | None = None, lenient: bool = False
) -> Imported:
    folder = None if str(path) == "-" else Path(path).parent
    return import_document(read_document(path), terrain_map, lenient, folder)
