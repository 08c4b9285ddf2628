"""Terrain from the tilesets of any Tiled hex map: dambuster's own, and maps drawn by others.

A tile's terrain is the first of (docs/tiled.md, "Terrain of foreign maps"):

1. its ``dambuster:terrain`` or ``terrain`` property (a name no terrain answers to is an error);
2. its class (Tiled's tile ``type``/``class``);
3. the value of a property called ``terrain``, ``type``, ``kind``, ``class`` or ``name`` (any case);
4. its Wang set colour (Tiled 1.5 and later: the colour most of its corners or edges have, else the
   set's name), or its terrain type (Tiled before 1.5, likewise).

A name counts case-insensitively, with spaces, hyphens and underscores alike, directly (``Forest``,
``flooded town``) or through ``SYNONYMS`` (``Woods`` and ``Trees`` are forest, ``Lake`` and ``Sea``
water...). ``--terrain-map`` wins over all of them.

External tilesets (``<tileset source="...">``, TSX or JSON) are read only when they lie in the map's
own folder, are regular files (not links), hold at most MAX_TILESET_BYTES, and parse like the map
(TSX through defusedxml with DTDs refused, JSON through the scenario parser).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

from dambuster.model.errors import ScenarioError
from dambuster.model.files import InputError, read_input
from dambuster.model.io import parse_bytes
from dambuster.model.terrain import TERRAIN_KINDS

from .properties import read_ours
from .read import TiledImportError
from .tmx_read import TmxError, parse_tsx

MAX_TILESET_BYTES = 4 * 1024 * 1024
MAX_TILESETS = 256

#: other names of our terrain kinds in tilesets drawn by others (compared as ``normal`` makes them)
SYNONYMS: dict[str, str] = {
    **dict.fromkeys(
        (
            "grass",
            "grassland",
            "plain",
            "plains",
            "field",
            "fields",
            "meadow",
            "open",
            "open ground",
            "ground",
            "dirt",
            "earth",
            "steppe",
            "prairie",
            "savanna",
            "farmland",
            "clear terrain",
        ),
        "clear",
    ),
    **dict.fromkeys(("woods", "wood", "trees", "tree", "woodland", "jungle", "forests"), "forest"),
    **dict.fromkeys(("marsh", "marshes", "bog", "fen", "wetland", "wetlands", "mire", "morass"), "swamp"),
    **dict.fromkeys(
        ("lake", "sea", "ocean", "pond", "deep water", "shallow water", "shallows"),
        "water",
    ),
    **dict.fromkeys(("city", "village", "urban", "settlement", "houses", "built up area", "bua"), "town"),
    **dict.fromkeys(("ruins", "ruin"), "rubble"),
    **dict.fromkeys(("craters", "shell hole", "shell holes"), "crater"),
    **dict.fromkeys(("house", "bunker", "structure"), "building"),
    **dict.fromkeys(("flooded city", "flooded village"), "flooded-town"),
    **dict.fromkeys(("wreckage", "wrecks"), "debris"),
}
PROPERTY_NAMES = ("terrain", "type", "kind", "class", "name")  # properties whose value may name the terrain


def normal(name: str) -> str:
    return re.sub(r"[\s_-]+", " ", name.strip().lower())


_KINDS = {normal(k): k for k in TERRAIN_KINDS}
_SYNONYMS = {normal(k): v for k, v in SYNONYMS.items()}


def terrain_named(name: object) -> str | None:
    """The terrain kind a name means (``Woods`` -> forest), or None."""
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        return None
    n = normal(name)
    return _KINDS.get(n) or _SYNONYMS.get(n)


# ------------------------------------------------------------------------ external tilesets
def contents(ts: dict[str, Any], folder: Path | None) -> dict[str, Any]:
    """A tileset entry of the map as its tiles' data: itself, or the external tileset it names."""
    return _external(ts, folder) if "source" in ts else ts


def _external(ts: dict[str, Any], folder: Path | None) -> dict[str, Any]:
    """An external tileset's contents with the map's firstgid, read under the rules above."""
    source = ts.get("source")
    shown = str(source)[:80]
    if folder is None:
        raise TiledImportError(
            f"the map uses the external tileset {shown!r}, which cannot be found from standard input: "
            "import the map file itself"
        )
    if not isinstance(source, str) or Path(source).name != source or source in (".", ".."):
        raise TiledImportError(
            f"the external tileset {shown!r} is not in the map's folder; only tilesets beside the map are read"
        )
    path = folder / source
    if path.is_symlink():
        raise TiledImportError(f"the external tileset {shown!r} is a symbolic link; refused")
    try:
        data = read_input(path, MAX_TILESET_BYTES)
    except InputError as e:
        raise TiledImportError(f"the external tileset {shown!r}: {e}") from None
    try:
        if data.lstrip()[:1] == b"<":
            inner = parse_tsx(data)
        else:
            parsed = _object(parse_bytes(data))
            if parsed is None:
                raise TiledImportError(f"the external tileset {shown!r} is not a tileset")
            inner = parsed
    except TmxError as e:
        raise TiledImportError(f"the external tileset {shown!r}: {e}") from None
    except ScenarioError as e:
        raise TiledImportError(f"the external tileset {shown!r} is not readable: {e}") from None
    return {**inner, "firstgid": ts.get("firstgid", 1), "name": inner.get("name") or source}


# ------------------------------------------------------------------------ names of one tile
def _object(value: object) -> dict[str, Any] | None:
    """``value`` when it is a JSON object (a stranger's: each member is checked where it is read), else None."""
    return cast("dict[str, Any]", value) if isinstance(value, dict) else None


def _array(value: object) -> list[object]:
    """The items of ``value`` when it is a JSON array; none for anything else."""
    return cast("list[object]", value) if isinstance(value, list) else []


def _majority(indices: Iterable[object]) -> int | None:
    counted = Counter(i for i in indices if isinstance(i, int) and i > 0)
    return counted.most_common(1)[0][0] if counted else None


def _wang_names(ts: dict[str, Any]) -> dict[int, list[str]]:
    """Tile id -> the Wang colour / set names (and old terrain names) that may say its terrain."""
    out: dict[int, list[str]] = {}
    for ws in map(_object, _array(ts.get("wangsets"))):
        if ws is None:
            continue
        colors = [(_object(c) or {}).get("name", "") for c in _array(ws.get("colors"))]
        for wt in map(_object, _array(ws.get("wangtiles"))):
            if wt is None or not isinstance(wt.get("tileid"), int):
                continue
            colour = _majority(list(wt.get("wangid") or []))
            names = [colors[colour - 1]] if colour and colour <= len(colors) else []
            out.setdefault(wt["tileid"], []).extend([*names, ws.get("name", "")])
    old = [(_object(t) or {}).get("name", "") for t in _array(ts.get("terrains"))]
    for tile in map(_object, _array(ts.get("tiles"))):
        tid = tile.get("id") if tile is not None else None
        terrain: object = tile.get("terrain") if tile is not None else None
        corners = _array(terrain)
        if isinstance(terrain, list) and old and isinstance(tid, int):  # other ids name no tile
            index = _majority(c + 1 for c in corners if isinstance(c, int) and c >= 0)
            if index and index <= len(old):
                out.setdefault(tid, []).append(old[index - 1])
    return out


def _candidates(tile: dict[str, Any], wang: list[str]) -> list[str]:
    """The names that may say a tile's terrain, in the order they count."""
    names: list[object] = [tile.get("type"), tile.get("class")]
    props = {str(k).lower(): v for k, v in read_ours(tile).items()}
    names += [props.get(p) for p in PROPERTY_NAMES]
    return [n for n in [*names, *wang] if isinstance(n, str) and n.strip()]


def tile_of(doc: dict[str, Any], gid: int) -> str:
    """How a message names the tile of ``gid``: its tileset and its number there."""
    found: dict[str, Any] | None = None
    for ts in map(_object, _array(doc.get("tilesets"))):
        if ts is None or not isinstance(ts.get("firstgid"), int) or ts["firstgid"] > gid:
            continue
        if found is None or ts["firstgid"] >= found["firstgid"]:
            found = ts
    if found is None:
        return "in no tileset"
    name = str(found.get("name") or found.get("source") or "")[:40]
    return f"tile {gid - found['firstgid']} of tileset {name!r}"


def tileset_terrain(doc: dict[str, Any], folder: Path | None) -> tuple[dict[int, str], dict[int, str]]:
    """(gid -> terrain kind, gid -> the name a tile has that no terrain answers to) over every tileset."""
    kinds: dict[int, str] = {}
    unknown: dict[int, str] = {}
    tilesets = _array(doc.get("tilesets"))
    if len(tilesets) > MAX_TILESETS:
        raise TiledImportError(f"the map has more than {MAX_TILESETS} tilesets")
    for ts in map(_object, tilesets):
        if ts is None:
            continue
        ts = contents(ts, folder)
        first = ts.get("firstgid", 1)
        wang = _wang_names(ts)
        tiles = {t.get("id"): t for t in map(_object, _array(ts.get("tiles"))) if t is not None}
        for tid in {*tiles, *wang}:
            if not isinstance(tid, int):
                continue
            tile = tiles.get(tid, {})
            gid = first + tid
            explicit = read_ours(tile).get("terrain")
            if explicit is not None:
                kind = terrain_named(explicit)
                if kind is None:
                    raise TiledImportError(
                        f"tileset {str(ts.get('name', ''))[:40]!r}: tile {tid} has terrain "
                        f"{str(explicit)[:30]!r}, not one of {', '.join(TERRAIN_KINDS)}"
                    )
                kinds[gid] = kind
                continue
            names = _candidates(tile, wang.get(tid, []))
            kind = next((k for k in map(terrain_named, names) if k), None)
            if kind:
                kinds[gid] = kind
            elif names:
                unknown[gid] = names[0]
    return kinds, unknown
