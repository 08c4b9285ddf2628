"""The tiles of a foreign hex map whose names say no terrain, for the editor's import dialog (Qt-free).

``unresolved_tiles`` lists each tile the terrain layer shows that no name, class, property or Wang set
maps to a terrain (``tilesets.tileset_terrain``): its gid, where it is (tileset and number), the name
it has, a guess from the words of that name (``Dark grass 2`` -> clear: only a suggestion, the import
itself never guesses), how many hexes show it, and where its picture is: a part of its tileset's image
or its own image, by file name. Only a bare file name is given (an image in the map's own folder); the
dialog reads it under the rules of external tilesets (beside the map, a regular file, bounded size).

``mapping_json`` writes the designer's choices as the ``--terrain-map`` file the command line reads
(``importer.load_terrain_map``).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from dambuster.model.terrain import TERRAIN_KINDS

from .importer import terrain_gids
from .tilesets import MAX_TILESETS, contents, normal, terrain_named, tile_of, tileset_terrain

MAX_SIZE = 1 << 16  # pixels: a tile's place in an image beyond this is not believed


@dataclass(frozen=True)
class TileImage:
    file: str  # the image's file name, in the map's folder
    rect: tuple[int, int, int, int] | None  # x, y, width, height of the tile in it; None: all of it


@dataclass(frozen=True)
class UnresolvedTile:
    gid: int
    where: str  # "tile 3 of tileset 'hex mini'"
    name: str  # the name it has that no terrain answers to; "" when it has none
    guess: str | None  # a terrain kind a word of its name suggests, or None
    hexes: int  # how many hexes of the map show it
    image: TileImage | None  # None: its tileset says of no image in the map's folder


def guess(name: str) -> str | None:
    """The terrain the words of a name suggest: the longest run of its words that is a terrain or a
    synonym (``Dense forest`` -> forest, ``grass_dark_2`` -> clear); None when none is."""
    words = normal(name).split()
    for size in range(min(len(words), 4), 0, -1):
        for start in range(len(words) - size + 1):
            kind = terrain_named(" ".join(words[start : start + size]))
            if kind:
                return kind
    return None


def _size(value: object) -> int | None:
    return value if isinstance(value, int) and 0 <= value <= MAX_SIZE else None


def _bare(name: object) -> str | None:
    """A file name with no folder in it (an image beside the map), else None."""
    if not isinstance(name, str) or not name or name in (".", "..") or len(name) > 255:
        return None
    return name if Path(name).name == name and "\\" not in name else None


def _image(ts: dict[str, Any], tid: int) -> TileImage | None:
    tiles = ts.get("tiles")
    for tile in cast("list[object]", tiles) if isinstance(tiles, list) else []:
        if isinstance(tile, dict) and cast("dict[str, Any]", tile).get("id") == tid:
            own = cast("dict[str, Any]", tile)
            if "image" in own:  # a tile of an image collection: its own picture (or a part of it)
                file = _bare(own["image"])
                w, h = _size(own.get("width")), _size(own.get("height"))
                x, y = _size(own.get("x")) or 0, _size(own.get("y")) or 0
                return TileImage(file, (x, y, w, h) if w and h else None) if file else None
    file = _bare(ts.get("image"))
    tw, th = _size(ts.get("tilewidth")), _size(ts.get("tileheight"))
    if file is None or not tw or not th:
        return None
    margin, spacing = _size(ts.get("margin")) or 0, _size(ts.get("spacing")) or 0
    columns = _size(ts.get("columns"))
    if not columns:  # TMX before Tiled 1.0 gives no columns: as many as the image's width holds
        width = _size(ts.get("imagewidth")) or 0
        columns = (width - 2 * margin + spacing) // (tw + spacing)
    if columns < 1:
        return None
    row, column = divmod(tid, columns)
    return TileImage(file, (margin + column * (tw + spacing), margin + row * (th + spacing), tw, th))


def unresolved_tiles(doc: dict[str, Any], folder: Path | None) -> list[UnresolvedTile]:
    """The tiles of a hex map's terrain layer no name maps to a terrain, in gid order; TiledImportError
    (one sentence) where the import itself would refuse the map's geometry, layers or tilesets."""
    shown = Counter(g for g in terrain_gids(doc) if g)
    kinds, unknown = tileset_terrain(doc, folder)
    left = sorted(g for g in shown if g not in kinds)
    if not left:
        return []
    tilesets = doc.get("tilesets")
    entries = cast("list[object]", tilesets)[:MAX_TILESETS] if isinstance(tilesets, list) else []
    found = [cast("dict[str, Any]", t) for t in entries if isinstance(t, dict)]
    found = [t for t in found if isinstance(t.get("firstgid"), int)]
    found.sort(key=lambda t: t["firstgid"])
    out: list[UnresolvedTile] = []
    for gid in left:
        owner = next((t for t in reversed(found) if t["firstgid"] <= gid), None)
        image = _image(contents(owner, folder), gid - owner["firstgid"]) if owner else None
        name = unknown.get(gid, "")
        out.append(UnresolvedTile(gid, tile_of(doc, gid), name, guess(name), shown[gid], image))
    return out


def mapping_json(choices: dict[int, str]) -> bytes:
    """The ``--terrain-map`` file for gid -> terrain choices: ``{"1": "clear", ...}``, in gid order."""
    for gid, kind in choices.items():
        if kind not in TERRAIN_KINDS or gid < 1:
            raise ValueError(f"gid {gid}: {kind!r} is not a terrain")
    return (json.dumps({str(g): choices[g] for g in sorted(choices)}, indent=2) + "\n").encode()
