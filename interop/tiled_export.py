"""Scenario -> Tiled TMJ (JSON map): a hexagonal map whose tiles are our terrain and whose objects are
our features, each carrying typed properties so that tiled_import rebuilds exactly the same scenario.

Layers: "terrain" (tile layer; an embedded tileset with one tile per terrain kind, each tile holding a
``terrain`` property), then object layers "hexsides", "rivers", "roads", "rails", "dams", "bridges",
"towns", "floodplain", "markers", "setup zones" and "units". The object's class (TMJ ``type``) names
what it is; where an object sits on the map is what counts on import (a dragged unit moves).
Everything with no place on a map (unit types, sides, budgets, victory, parameters) travels as JSON in
the map property ``dambuster.rules``; the scenario's meta are plain map properties.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..model import migrations
from ..model.codec import to_dict
from ..model.hexgrid import Hex, Layout
from ..model.atomic_write import write_files
from ..model.scenario import HexMap, Scenario
from ..model.terrain import TERRAIN_KINDS
from . import png
from .hexpixels import HexPixels, stagger_of

TILED_VERSION = "1.8.2"  # the oldest Tiled the tests run (Debian 12); newer ones read it
RULES_PROPERTY = "dambuster.rules"
FORMAT_PROPERTY = "dambuster.format"

TERRAIN_COLOURS: dict[str, tuple[int, int, int]] = {
    "clear": (214, 222, 170), "forest": (62, 128, 62), "swamp": (120, 150, 120), "water": (80, 140, 210),
    "town": (190, 150, 120), "rubble": (140, 130, 120), "crater": (100, 80, 60), "building": (170, 90, 80),
    "flooded-town": (120, 150, 190), "debris": (150, 120, 90),
}


class ExportError(ValueError):
    """The scenario cannot be written as a Tiled hex map (a table map, say)."""


def prop(name: str, value: Any) -> dict:
    if isinstance(value, bool):
        kind = "bool"
    elif isinstance(value, int):
        kind = "int"
    elif isinstance(value, float):
        kind = "float"
    else:
        kind, value = "string", str(value)
    return {"name": name, "type": kind, "value": value}


def hex_labels(layout: Layout, hexes: list[Hex]) -> str:
    return " ".join(layout.label(h) for h in hexes)


class _Objects:
    """Hands out object ids and builds point and polyline objects in pixels."""

    def __init__(self, px: HexPixels):
        self.px = px
        self.next_id = 1

    def _obj(self, cls: str, name: str, x: float, y: float, props: list[dict]) -> dict:
        o = {"id": self.next_id, "name": name, "type": cls, "x": x, "y": y, "width": 0, "height": 0,
             "rotation": 0, "visible": True}
        if props:
            o["properties"] = props
        self.next_id += 1
        return o

    def point(self, cls: str, name: str, xy: tuple[float, float], props: list[dict]) -> dict:
        o = self._obj(cls, name, xy[0], xy[1], props)
        o["point"] = True
        return o

    def at_hex(self, cls: str, name: str, h: Hex, props: list[dict]) -> dict:
        return self.point(cls, name, self.px.centre(h), props)

    def polyline(self, cls: str, name: str, hexes: list[Hex], props: list[dict]) -> dict:
        pts = [self.px.centre(h) for h in hexes]
        x0, y0 = pts[0]
        o = self._obj(cls, name, x0, y0, props)
        o["polyline"] = [{"x": x - x0, "y": y - y0} for x, y in pts]
        return o


def _group(layer_id: int, name: str, objects: list[dict]) -> dict:
    return {"id": layer_id, "name": name, "type": "objectgroup", "draworder": "index", "objects": objects,
            "opacity": 1, "visible": True, "x": 0, "y": 0}


def _meta_properties(s: Scenario) -> list[dict]:
    m = s.meta
    props = [prop("title", m.title), prop("author", m.author), prop("description", m.description),
             prop("license", m.license), prop("tags", json.dumps(m.tags, ensure_ascii=False)),
             prop("profiles", json.dumps(m.profiles))]
    props += [prop(k, getattr(m, k)) for k in ("created", "modified") if getattr(m, k) is not None]
    rules = {k: to_dict(getattr(s, k)) for k in ("unit_types", "sides", "budgets", "victory", "turn_limit", "parameters")}
    props.append(prop(RULES_PROPERTY, json.dumps(rules, ensure_ascii=False)))
    props.append(prop(FORMAT_PROPERTY, migrations.CURRENT))
    return props


def _feature_layers(s: Scenario, m: HexMap, ob: _Objects) -> list[tuple[str, list[dict]]]:
    L = m.layout
    px = ob.px
    side_pt = px.side_midpoint
    hexsides = [ob.point(f.kind, f.kind, side_pt(f.side), []) for f in m.hexsides]
    lines = {}
    for key, cls in (("rivers", "river"), ("roads", "road"), ("rails", "rail")):
        objs = []
        for r in getattr(m, key):
            props = [prop("id", r.id), prop("name", r.name)]
            if key == "rivers" and r.joins is not None:
                props.append(prop("joins", r.joins))
            objs.append(ob.polyline(cls, r.name or r.id, r.hexes, props))
        lines[key] = objs
    dams = [ob.at_hex("dam", d.name or d.id, d.hex, [
        prop("id", d.id), prop("river", d.river), prop("sp", d.sp), prop("damage", d.damage),
        prop("sp_known_to", json.dumps(d.sp_known_to)), prop("buildings", json.dumps(to_dict(d.buildings))),
        prop("reservoir", hex_labels(L, d.reservoir)), prop("hidden", d.hidden), prop("name", d.name)])
        for d in m.dams]
    where = {b.id: px.centre(b.hex) for b in m.river_bridges}
    where.update({b.id: side_pt(b.side) for b in m.stream_bridges})
    bridges = [ob.at_hex("river-bridge", b.id, b.hex, [prop("id", b.id), prop("road", b.road), prop("river", b.river)])
               for b in m.river_bridges]
    bridges += [ob.point("stream-bridge", b.id, side_pt(b.side), [prop("id", b.id), prop("road", b.road)])
                for b in m.stream_bridges]
    bridges += [ob.point("bridge-out", f"{b.bridge} out", where.get(b.bridge, (0.0, 0.0)), [prop("bridge", b.bridge)])
                for b in m.markers.bridges_out]
    towns = [ob.at_hex("town", t.name, t.hexes[0] if t.hexes else (0, 0),
                       [prop("id", t.id), prop("name", t.name), prop("hexes", hex_labels(L, t.hexes))]) for t in m.towns]
    fp = m.floodplain
    first = fp.hexes[0] if fp.hexes else L.to_axial(0, 0)
    flood = [ob.at_hex("floodplain", "floodplain", first, [prop("mode", fp.mode), prop("hexes", hex_labels(L, fp.hexes))])]
    mk = m.markers
    markers = [ob.at_hex("entrenchment", f"entrenchment x{e.count}", e.hex, [prop("count", e.count)]) for e in mk.entrenchments]
    markers += [ob.at_hex("revetment", r.id, r.hex, [prop("id", r.id), prop("size", r.size)]) for r in mk.revetments]
    markers += [ob.at_hex("mine", x.id, x.hex, [prop("id", x.id), prop("owner", x.owner), prop("hidden", x.hidden),
                                                prop("on_road", x.on_road)]) for x in mk.mines]
    markers += [ob.at_hex("road-cut", "road cut", c.hex, [prop("route", c.route)] if c.route is not None else [])
                for c in mk.road_cuts]
    markers += [ob.point("graded-ridge", "graded ridge", side_pt(g), []) for g in mk.graded_ridges]
    zones = []
    for z in s.setup_zones:
        props = [prop("id", z.id), prop("side", z.side), prop("name", z.name), prop("hexes", hex_labels(L, z.hexes))]
        if z.max_attack is not None:
            props.append(prop("max_attack", z.max_attack))
        zones.append(ob.at_hex("setup-zone", z.name or z.id, z.hexes[0] if z.hexes else L.to_axial(0, 0), props))
    units, reserve = [], 0
    for u in s.units:
        props = [prop("id", u.id), prop("unit_type", u.type), prop("side", u.side), prop("squads", u.squads),
                 prop("status", u.status), prop("name", u.name)]
        if u.hex is None:  # not on the map yet: a column of points left of the map
            props.append(prop("reserve", True))
            units.append(ob.point("unit", u.name or u.id, (-px.tile_w / 2, px.tile_h * (reserve + 0.5)), props))
            reserve += 1
        else:
            units.append(ob.at_hex("unit", u.name or u.id, u.hex, props))
    return [("hexsides", hexsides), ("rivers", lines["rivers"]), ("roads", lines["roads"]), ("rails", lines["rails"]),
            ("dams", dams), ("bridges", bridges), ("towns", towns), ("floodplain", flood), ("markers", markers),
            ("setup zones", zones), ("units", units)]


def to_tmj(s: Scenario, image: str) -> dict:
    """The TMJ document of a hex scenario; ``image`` is the tileset image's path relative to the map."""
    m = s.map
    if not isinstance(m, HexMap):
        raise ExportError("only hex maps can be exported to Tiled (this scenario is a table map)")
    px = HexPixels.default(m.layout)
    axis, index = stagger_of(m.layout)
    ob = _Objects(px)
    data = [c + 1 for c in m.terrain.cells]
    layers = [{"id": 1, "name": "terrain", "type": "tilelayer", "width": m.columns, "height": m.rows, "x": 0, "y": 0,
               "data": data, "opacity": 1, "visible": True}]
    for i, (name, objs) in enumerate(_feature_layers(s, m, ob), start=2):
        layers.append(_group(i, name, objs))
    tiles = [{"id": i, "type": kind, "properties": [prop("terrain", kind)]} for i, kind in enumerate(TERRAIN_KINDS)]
    tileset = {"firstgid": 1, "name": "dambuster terrain", "tilewidth": px.tile_w, "tileheight": px.tile_h,
               "tilecount": len(TERRAIN_KINDS), "columns": len(TERRAIN_KINDS), "margin": 0, "spacing": 0,
               "image": image, "imagewidth": px.tile_w * len(TERRAIN_KINDS), "imageheight": px.tile_h, "tiles": tiles}
    return {"type": "map", "version": "1.8", "tiledversion": TILED_VERSION, "orientation": "hexagonal",
            "renderorder": "right-down", "width": m.columns, "height": m.rows, "tilewidth": px.tile_w,
            "tileheight": px.tile_h, "hexsidelength": px.side, "staggeraxis": axis, "staggerindex": index,
            "infinite": False, "compressionlevel": -1, "nextlayerid": len(layers) + 1, "nextobjectid": ob.next_id,
            "layers": layers, "tilesets": [tileset], "properties": _meta_properties(s)}


def tileset_png(layout: Layout) -> bytes:
    px = HexPixels.default(layout)
    return png.hex_strip([TERRAIN_COLOURS[k] for k in TERRAIN_KINDS], px.tile_w, px.tile_h, px.inside_tile)


def tileset_path(path: str | os.PathLike) -> Path:
    """The tileset image written beside a map: ``<stem>-terrain.png``."""
    target = Path(path)
    return target.with_name(f"{target.stem}-terrain.png")


def export_tmj(s: Scenario, path: str | os.PathLike) -> list[Path]:
    """Write ``path`` (the map) and its tileset image beside it, both or neither; returns both paths."""
    target, image = Path(path), tileset_path(path)
    doc = to_tmj(s, image.name)
    tmj = (json.dumps(doc, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    write_files([(image, tileset_png(s.map.layout)), (target, tmj)])
    return [target, image]
