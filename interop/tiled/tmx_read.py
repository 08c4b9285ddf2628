"""TMX (Tiled's XML map format) -> the same dict a TMJ file parses to, so one importer serves both.

Untrusted input: the XML parser itself refuses a document type declaration (defusedxml with
``forbid_dtd=True``: the expat handler raises at ``<!DOCTYPE``), whatever the file's encoding (UTF-8,
UTF-16 LE/BE with or without a byte-order mark, Latin-1...), so no entity is ever declared, expanded or
fetched. The sizes the importer caps are checked there.

Bounded memory: what the tree and the dict would hold is counted before they are built. The XML
elements (an upper bound: the ``<`` in the file) before parsing, at most MAX_ELEMENTS (a 1000 x 1000
layer of ``<tile>`` elements and 200,000 others; the tree then holds about 400 MB); the CSV tiles
(the commas) before splitting them, at most a 1000 x 1000 map's in a layer and four times that in
all; a polygon's points before splitting them, at most 1,000,000 in all. Each is one TmxError naming what is over.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any
from xml.parsers.expat import ErrorString

import defusedxml
import defusedxml.ElementTree as SafeET

from .read import MAX_POINTS  # in one polyline or polygon

MAX_ELEMENTS = 1_200_000
MAX_LAYER_TILES = 1000 * 1000  # the importer's largest map
MAX_ALL_TILES = 4 * MAX_LAYER_TILES  # in all tile layers: four layers of the largest map
MAX_ALL_POINTS = 1_000_000  # in all of them (a table holds at most 100,000: the schema's cap)
_MAP_INTS = ("width", "height", "tilewidth", "tileheight", "hexsidelength", "nextlayerid", "nextobjectid")
MAX_GROUP_DEPTH = 16
_OBJ_FLOATS = ("x", "y", "width", "height", "rotation")


class TmxError(ValueError):
    """The TMX file cannot be read; the message is one sentence."""


def _num(text: str | None, default: float = 0) -> float:
    if text is None or text == "":
        return default
    try:
        v = float(text)
    except ValueError:
        raise TmxError(f"{text[:40]!r} is not a number") from None
    if v != v or v in (float("inf"), float("-inf")):
        raise TmxError(f"{text[:40]!r} is not a finite number")
    return int(v) if v.is_integer() else v


def _int(text: str | None, default: int = 0) -> int:
    v = _num(text, default)
    if not isinstance(v, int):
        raise TmxError(f"{text!r} is not a whole number")
    return v


def _sizes(el: ET.Element, *names: str) -> dict[str, int]:
    """The attributes among ``names`` that are whole numbers (sizes only the editor's import dialog
    reads, to show a tile's image: a bad one is left out, never a refusal of the map)."""
    out: dict[str, int] = {}
    for name in names:
        text = (el.get(name) or "").strip()
        if text.isascii() and text.isdigit() and len(text) <= 9:  # "²".isdigit(), yet int("²") fails
            out[name] = int(text)
    return out


def _properties(el: ET.Element) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    props = el.find("properties")
    if props is None:
        return out
    for p in props.findall("property"):
        kind = p.get("type", "string")
        raw = p.get("value")
        if raw is None:
            raw = p.text or ""
        if kind == "int":
            value: Any = _int(raw)
        elif kind == "float":
            value = float(_num(raw))
        elif kind == "bool":
            value = raw == "true"
        else:
            value = raw
        out.append({"name": p.get("name", ""), "type": kind, "value": value})
    return out


def _points(text: str | None, seen: list[int]) -> list[dict[str, Any]]:
    """The points of a polygon or polyline; ``seen[0]`` counts the points of the whole file."""
    text = text or ""
    count = text.count(" ") + 1  # counted before the pairs are split and built
    if count > MAX_POINTS:
        raise TmxError(f"a polygon or polyline has more than {MAX_POINTS:,} points")
    seen[0] += count
    if seen[0] > MAX_ALL_POINTS:
        raise TmxError(f"the polygons and polylines have more than {MAX_ALL_POINTS:,} points in all")
    pts: list[dict[str, Any]] = []
    for pair in text.split():
        x, _, y = pair.partition(",")
        pts.append({"x": _num(x), "y": _num(y)})
    return pts


def _object(el: ET.Element, seen: list[int]) -> dict[str, Any]:
    o: dict[str, Any] = {
        "id": _int(el.get("id")),
        "name": el.get("name", ""),
        "type": el.get("class", el.get("type", "")),
    }
    for k in _OBJ_FLOATS:
        o[k] = _num(el.get(k))
    if el.get("gid") is not None:
        o["gid"] = _int(el.get("gid"))
    if el.find("point") is not None:
        o["point"] = True
    if el.find("ellipse") is not None:
        o["ellipse"] = True
    for shape in ("polygon", "polyline"):
        child = el.find(shape)
        if child is not None:
            o[shape] = _points(child.get("points"), seen)
    props = _properties(el)
    if props:
        o["properties"] = props
    return o


def _data(el: ET.Element) -> dict[str, Any]:
    data = el.find("data")
    if data is None:
        return {"data": []}
    if data.find("chunk") is not None:
        raise TmxError("infinite maps (tile data in chunks) are not supported")
    encoding = data.get("encoding")
    if encoding == "csv":
        text = data.text or ""
        if text.count(",") >= MAX_LAYER_TILES:  # counted before the tiles are split and built
            raise TmxError(f"a tile layer holds more than {MAX_LAYER_TILES:,} tiles")
        return {"data": [_int(t.strip()) for t in text.split(",") if t.strip()]}
    if encoding == "base64":
        out: dict[str, Any] = {"encoding": "base64", "data": "".join((data.text or "").split())}
        if data.get("compression"):
            out["compression"] = data.get("compression")
        return out
    if encoding is None:
        tiles = data.findall("tile")
        if len(tiles) > MAX_LAYER_TILES:
            raise TmxError(f"a tile layer holds more than {MAX_LAYER_TILES:,} tiles")
        return {"data": [_int(t.get("gid"), 0) for t in tiles]}
    raise TmxError(f"tile data encoding {encoding!r} is not supported")


def _layers(parent: ET.Element, seen: list[int], depth: int = 0) -> list[dict[str, Any]]:
    if depth > MAX_GROUP_DEPTH:
        raise TmxError(f"layer groups nest more than {MAX_GROUP_DEPTH} deep")
    out: list[dict[str, Any]] = []
    for el in parent:
        common: dict[str, Any] = {
            "id": _int(el.get("id"), 0),
            "name": el.get("name", ""),
            "properties": _properties(el),
        }
        if el.tag == "layer":
            out.append(
                {
                    **common,
                    "type": "tilelayer",
                    "width": _int(el.get("width")),
                    "height": _int(el.get("height")),
                    **_data(el),
                }
            )
        elif el.tag == "objectgroup":
            out.append(
                {**common, "type": "objectgroup", "objects": [_object(o, seen) for o in el.findall("object")]}
            )
        elif el.tag == "group":
            out.append({**common, "type": "group", "layers": _layers(el, seen, depth + 1)})
        elif el.tag == "imagelayer":
            out.append({**common, "type": "imagelayer"})
    return out


def _tile(t: ET.Element) -> dict[str, Any]:
    tile: dict[str, Any] = {
        "id": _int(t.get("id")),
        "type": t.get("class", t.get("type", "")),
        "properties": _properties(t),
    }
    image = t.find("image")
    if image is not None:  # a tile of an image collection: its own image (Tiled 1.9+: a part of it)
        tile.update(_image(image))
        tile.update(_sizes(t, "x", "y", "width", "height"))
    if t.get("terrain") is not None:  # Tiled before 1.5: the terrain index at each corner ("0,0,,1")
        tile["terrain"] = [_int(c, -1) for c in t.get("terrain", "").split(",")]
    return tile


def _image(el: ET.Element) -> dict[str, Any]:
    """An ``<image>``'s file and size, as TMJ names them (``image``, ``imagewidth``, ``imageheight``)."""
    sizes = _sizes(el, "width", "height")
    return {"image": el.get("source", ""), **{f"image{k}": v for k, v in sizes.items()}}


def _wangset(el: ET.Element) -> dict[str, Any]:
    return {
        "name": el.get("name", ""),
        "colors": [{"name": c.get("name", "")} for c in el.findall("wangcolor")],
        "wangtiles": [
            {
                "tileid": _int(w.get("tileid")),
                "wangid": [_int(n) for n in w.get("wangid", "").split(",") if n],
            }
            for w in el.findall("wangtile")
        ],
    }


def _tileset(el: ET.Element) -> dict[str, Any]:
    ts: dict[str, Any] = {"firstgid": _int(el.get("firstgid"), 1)}
    if el.get("source") is not None:
        ts["source"] = el.get("source")
        return ts
    ts["name"] = el.get("name", "")
    ts["tilecount"] = _int(el.get("tilecount"), 0)
    ts["tiles"] = [_tile(t) for t in el.findall("tile")]
    # where each tile's part of the tileset image is
    ts.update(_sizes(el, "tilewidth", "tileheight", "margin", "spacing", "columns"))
    image = el.find("image")
    if image is not None:
        ts.update(_image(image))
    wangsets = el.find("wangsets")
    if wangsets is not None:
        ts["wangsets"] = [_wangset(w) for w in wangsets.findall("wangset")]
    terrains = el.find("terraintypes")  # Tiled before 1.5
    if terrains is not None:
        ts["terrains"] = [{"name": t.get("name", "")} for t in terrains.findall("terrain")]
    return ts


def _root(data: bytes, what: str) -> ET.Element:
    """The parsed XML, refused with one TmxError when over the caps, a DTD, or not well formed."""
    values = MAX_ALL_TILES + MAX_ALL_POINTS
    if data.count(b",") > values:  # CSV tiles and points hold a comma each: counted before any is split
        raise TmxError(f"the file holds more than {values:,} tiles and points in all")
    if data.count(b"<") > MAX_ELEMENTS:  # before the tree is built: at most one element a "<"
        raise TmxError(
            f"the {what} holds more than {MAX_ELEMENTS:,} XML elements (a 1000 x 1000 map's tiles and "
            "200,000 objects at most)"
        )
    try:
        return SafeET.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except defusedxml.DefusedXmlException:
        raise TmxError(f"the {what} declares a DTD or entities, which are refused") from None
    except ET.ParseError as e:
        line, column = e.position
        # e.code is typed int; the guard stays, the file being a stranger's
        reason = ErrorString(e.code) if isinstance(e.code, int) else "not well-formed"  # pyright: ignore[reportUnnecessaryIsInstance]
        raise TmxError(f"not well-formed XML at line {line}, column {column + 1}: {reason}") from None
    except (LookupError, ValueError) as e:  # a declared encoding expat and Python's codecs cannot serve
        raise TmxError(
            f"cannot read the XML in its declared encoding ({str(e)[:80]}); save the {what} as UTF-8"
        ) from None


def parse_tsx(data: bytes) -> dict[str, Any]:
    """An external TSX tileset as the dict its embedded twin parses to (no firstgid: the map gives it)."""
    root = _root(data, "tileset")
    if root.tag != "tileset":
        raise TmxError(f"the root element is <{root.tag[:40]}>, not <tileset>")
    ts = _tileset(root)
    del ts["firstgid"]
    if "source" in ts:
        raise TmxError("the tileset refers to another tileset file")
    return ts


def parse_tmx(data: bytes) -> dict[str, Any]:
    """A TMX document as the dict its TMJ twin would parse to (only what the importer reads)."""
    root = _root(data, "file")
    if root.tag != "map":
        raise TmxError(f"the root element is <{root.tag[:40]}>, not <map>")
    doc: dict[str, Any] = {"type": "map"}
    for k, v in root.attrib.items():
        doc[k] = _int(v) if k in _MAP_INTS else v
    doc["infinite"] = root.get("infinite") == "1"
    doc["properties"] = _properties(root)
    doc["tilesets"] = [_tileset(t) for t in root.findall("tileset")]
    doc["layers"] = _layers(root, [0])
    return doc
