"""A TMJ map document (the dict export builds) -> TMX, Tiled's XML map format, as Tiled 1.8 writes
it: map attributes, properties, embedded tilesets, tile layers as CSV, object layers with their colour
and their points, polylines, polygons and rectangles. pytmx and other loaders read TMX only.

Numbers are written in full (Python's shortest exact repr), so a table map's coordinates come back
bit for bit; Tiled itself keeps six significant digits when it saves a TMX. XML 1.0 cannot carry most
control characters, even escaped: a scenario text holding one is refused with one sentence (write TMJ).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Any

from .doc import ExportError

#: characters XML 1.0 forbids anywhere, even as character references
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_MAP_ATTRIBUTES = (
    "version",
    "tiledversion",
    "orientation",
    "renderorder",
    "width",
    "height",
    "tilewidth",
    "tileheight",
    "infinite",
    "hexsidelength",
    "staggeraxis",
    "staggerindex",
    "nextlayerid",
    "nextobjectid",
)


def _text(value: Any, where: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return repr(value)
    text = str(value)
    bad = _NOT_XML.search(text)
    if bad:
        raise ExportError(
            f"{where} holds the control character U+{ord(bad.group()):04X}, which a TMX (XML) file "
            "cannot carry; write a .tmj map instead"
        )
    return text


def _set(el: ET.Element, node: dict[str, Any], keys: Iterable[str], where: str) -> None:
    for k in keys:
        if k in node:
            el.set(k, _text(int(node[k]) if isinstance(node[k], bool) else node[k], where))


def _properties(parent: ET.Element, node: dict[str, Any], where: str) -> None:
    props: list[dict[str, Any]] = node.get("properties") or []
    if not props:
        return
    holder = ET.SubElement(parent, "properties")
    for p in props:
        el = ET.SubElement(holder, "property", name=_text(p["name"], where))
        if p["type"] != "string":
            el.set("type", p["type"])
        el.set("value", _text(p["value"], f"{where} (property {p['name']})"))


def _points(points: list[dict[str, Any]], where: str) -> str:
    return " ".join(f"{_text(float(p['x']), where)},{_text(float(p['y']), where)}" for p in points)


def _object(parent: ET.Element, o: dict[str, Any]) -> None:
    ident = next((p["value"] for p in o.get("properties", []) if p["name"] == "dambuster:id"), None)
    where = f"the {o.get('type') or 'object'} {ident!r}" if ident is not None else f"object {o['id']}"
    el = ET.SubElement(parent, "object", id=str(o["id"]))
    for k in ("name", "type"):
        if o.get(k):
            el.set(k, _text(o[k], where))
    for k in ("x", "y"):
        el.set(k, _text(float(o[k]), where))
    for k in ("width", "height", "rotation"):
        if o.get(k):
            el.set(k, _text(float(o[k]), where))
    if o.get("visible") is False:
        el.set("visible", "0")
    _properties(el, o, where)
    if o.get("point"):
        ET.SubElement(el, "point")
    for shape in ("polygon", "polyline"):
        if shape in o:
            ET.SubElement(el, shape, points=_points(o[shape], where))


def _tile_layer(parent: ET.Element, layer: dict[str, Any], columns: int) -> None:
    where = f"layer {layer['name']!r}"
    el = ET.SubElement(
        parent,
        "layer",
        id=str(layer["id"]),
        name=_text(layer["name"], where),
        width=str(layer["width"]),
        height=str(layer["height"]),
    )
    _properties(el, layer, where)
    data = layer["data"]
    rows = [",".join(map(str, data[i : i + columns])) for i in range(0, len(data), columns)]
    ET.SubElement(el, "data", encoding="csv").text = "\n" + ",\n".join(rows) + "\n"


def _object_layer(parent: ET.Element, layer: dict[str, Any]) -> None:
    where = f"layer {layer['name']!r}"
    el = ET.SubElement(parent, "objectgroup", id=str(layer["id"]), name=_text(layer["name"], where))
    if layer.get("color"):
        el.set("color", layer["color"])
    if layer.get("draworder") == "index":
        el.set("draworder", "index")
    _properties(el, layer, where)
    for o in layer["objects"]:
        _object(el, o)


def _tileset(parent: ET.Element, ts: dict[str, Any]) -> None:
    where = f"tileset {ts['name']!r}"
    el = ET.SubElement(parent, "tileset")
    _set(el, ts, ("firstgid", "name", "tilewidth", "tileheight", "tilecount", "columns"), where)
    if "image" in ts:
        ET.SubElement(
            el,
            "image",
            source=_text(ts["image"], where),
            width=str(ts["imagewidth"]),
            height=str(ts["imageheight"]),
        )
    tiles: list[dict[str, Any]] = ts.get("tiles") or []
    for tile in tiles:
        t = ET.SubElement(el, "tile", id=str(tile["id"]))
        if tile.get("type"):
            t.set("type", _text(tile["type"], where))
        _properties(t, tile, where)


def to_tmx(doc: dict[str, Any]) -> bytes:
    """The TMX bytes (UTF-8) of a TMJ map document."""
    root = ET.Element("map")
    _set(root, doc, _MAP_ATTRIBUTES, "the map")
    _properties(root, doc, "the map")
    tilesets: list[dict[str, Any]] = doc.get("tilesets") or []
    for ts in tilesets:
        _tileset(root, ts)
    for layer in doc["layers"]:
        if layer["type"] == "tilelayer":
            _tile_layer(root, layer, doc["width"])
        elif layer["type"] == "objectgroup":
            _object_layer(root, layer)
    ET.indent(root, " ")
    text = ET.tostring(root, encoding="unicode").replace(" />", "/>")  # as Tiled writes empty elements
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + text.encode("utf-8") + b"\n"
