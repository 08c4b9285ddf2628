"""Scenario -> Tiled map: a hexagonal map whose tiles are our terrain and whose objects are our features,
each carrying typed ``dambuster:`` properties so that importer rebuilds exactly the same scenario.
Table maps go to table_export; ``export_tiled`` writes either, as TMJ or (by the suffix) TMX.

Layers: "terrain" (tile layer; an embedded tileset with one tile per terrain kind, each tile holding a
``dambuster:terrain`` property), then object layers, each in its colour (properties): one per
hexside kind ("streams", "ridges"...: a two-point polyline along each hexside), "rivers", "roads",
"rails", "dams", "bridges", "towns", "floodplain", "markers", "setup zones" and one "units: SIDE" per
side. The object's class (TMJ ``type``) names what it is; where an object sits on the map is what
counts on import (a dragged unit moves). Everything with no place on a map (unit types, sides,
budgets, victory, parameters) travels as JSON in the map property ``dambuster:rules``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from dambuster.interop import png
from dambuster.interop.hexpixels import HexPixels, stagger_of
from dambuster.model.atomic_write import write_files
from dambuster.model.codec import to_dict
from dambuster.model.escape import json_escapes, xml_document
from dambuster.model.hexgrid import Hex, Hexside, Layout
from dambuster.model.scenario import HexMap, Scenario
from dambuster.model.terrain import TERRAIN_KINDS

from .doc import (
    ExportError,
    Objects,
    by_side,
    map_document,
    meta_properties,
    object_layer,
    reserve_spot,
    unit_properties,
)
from .properties import HEXSIDE_LAYERS, prop

TERRAIN_COLOURS: dict[str, tuple[int, int, int]] = {
    "clear": (214, 222, 170),
    "forest": (62, 128, 62),
    "swamp": (120, 150, 120),
    "water": (80, 140, 210),
    "town": (190, 150, 120),
    "rubble": (140, 130, 120),
    "crater": (100, 80, 60),
    "building": (170, 90, 80),
    "flooded-town": (120, 150, 190),
    "debris": (150, 120, 90),
}


def hex_labels(layout: Layout, hexes: list[Hex]) -> str:
    return " ".join(layout.label(h) for h in hexes)


class _HexObjects(Objects):
    """Objects placed on hexes and hexsides."""

    def __init__(self, px: HexPixels):
        super().__init__()
        self.px = px

    def at_hex(self, cls: str, name: str, h: Hex, props: list[dict[str, Any]]) -> dict[str, Any]:
        return self.point(cls, name, self.px.centre(h), props)

    def through(self, cls: str, name: str, hexes: list[Hex], props: list[dict[str, Any]]) -> dict[str, Any]:
        return self.polyline(cls, name, [self.px.centre(h) for h in hexes], props)

    def along_side(self, cls: str, name: str, side: Hexside, props: list[dict[str, Any]]) -> dict[str, Any]:
        return self.polyline(cls, name, list(self.px.side_ends(side)), props)


def _feature_layers(
    s: Scenario, m: HexMap, ob: _HexObjects
) -> list[tuple[str, str | None, list[dict[str, Any]]]]:
    """(layer name, colour or None for the layer's own, objects) in drawing order."""
    L = m.layout
    px = ob.px
    side_pt = px.side_midpoint
    hexsides: dict[str, list[dict[str, Any]]] = {name: [] for name in HEXSIDE_LAYERS.values()}
    for f in m.hexsides:
        hexsides[HEXSIDE_LAYERS.get(f.kind, "ridges")].append(ob.along_side(f.kind, f.kind, f.side, []))
    lines: dict[str, list[dict[str, Any]]] = {}
    for key, cls in (("rivers", "river"), ("roads", "road"), ("rails", "rail")):
        objs: list[dict[str, Any]] = []
        for r in getattr(m, key):
            props = [prop("id", r.id), prop("name", r.name)]
            if key == "rivers" and r.joins is not None:
                props.append(prop("joins", r.joins))
            objs.append(ob.through(cls, r.name or r.id, r.hexes, props))
        lines[key] = objs
    dams = [
        ob.at_hex(
            "dam",
            d.name or d.id,
            d.hex,
            [
                prop("id", d.id),
                prop("river", d.river),
                prop("sp", d.sp),
                prop("damage", d.damage),
                prop("sp_known_to", json.dumps(d.sp_known_to)),
                prop("buildings", json.dumps(to_dict(d.buildings))),
                prop("reservoir", hex_labels(L, d.reservoir)),
                prop("hidden", d.hidden),
                prop("name", d.name),
            ],
        )
        for d in m.dams
    ]
    where = {b.id: px.centre(b.hex) for b in m.river_bridges}
    where.update({b.id: side_pt(b.side) for b in m.stream_bridges})
    bridges = [
        ob.at_hex(
            "river-bridge", b.id, b.hex, [prop("id", b.id), prop("road", b.road), prop("river", b.river)]
        )
        for b in m.river_bridges
    ]
    bridges += [
        ob.point("stream-bridge", b.id, side_pt(b.side), [prop("id", b.id), prop("road", b.road)])
        for b in m.stream_bridges
    ]
    bridges += [
        ob.point("bridge-out", f"{b.bridge} out", where.get(b.bridge, (0.0, 0.0)), [prop("bridge", b.bridge)])
        for b in m.markers.bridges_out
    ]
    towns = [
        ob.at_hex(
            "town",
            t.name,
            t.hexes[0] if t.hexes else (0, 0),
            [prop("id", t.id), prop("name", t.name), prop("hexes", hex_labels(L, t.hexes))],
        )
        for t in m.towns
    ]
    fp = m.floodplain
    first = fp.hexes[0] if fp.hexes else L.to_axial(0, 0)
    flood = [
        ob.at_hex(
            "floodplain", "floodplain", first, [prop("mode", fp.mode), prop("hexes", hex_labels(L, fp.hexes))]
        )
    ]
    mk = m.markers
    markers = [
        ob.at_hex("entrenchment", f"entrenchment x{e.count}", e.hex, [prop("count", e.count)])
        for e in mk.entrenchments
    ]
    markers += [
        ob.at_hex("revetment", r.id, r.hex, [prop("id", r.id), prop("size", r.size)]) for r in mk.revetments
    ]
    markers += [
        ob.at_hex(
            "mine",
            x.id,
            x.hex,
            [prop("id", x.id), prop("owner", x.owner), prop("hidden", x.hidden), prop("on_road", x.on_road)],
        )
        for x in mk.mines
    ]
    markers += [
        ob.at_hex("road-cut", "road cut", c.hex, [prop("route", c.route)] if c.route is not None else [])
        for c in mk.road_cuts
    ]
    markers += [ob.along_side("graded-ridge", "graded ridge", g, []) for g in mk.graded_ridges]
    zones: list[dict[str, Any]] = []
    for z in s.setup_zones:
        props = [
            prop("id", z.id),
            prop("side", z.side),
            prop("name", z.name),
            prop("hexes", hex_labels(L, z.hexes)),
        ]
        if z.max_attack is not None:
            props.append(prop("max_attack", z.max_attack))
        zones.append(
            ob.at_hex("setup-zone", z.name or z.id, z.hexes[0] if z.hexes else L.to_axial(0, 0), props)
        )
    units: list[tuple[str, dict[str, Any]]] = []
    reserve = 0
    for u in s.units:
        props = unit_properties(u)
        if u.hex is None:  # not on the map yet: a column of points left of the map
            units.append(
                (u.side, ob.point("unit", u.name or u.id, reserve_spot(reserve, px.tile_w, px.tile_h), props))
            )
            reserve += 1
        else:
            units.append((u.side, ob.at_hex("unit", u.name or u.id, u.hex, props)))
    return [
        *((name, None, objs) for name, objs in hexsides.items()),
        ("rivers", None, lines["rivers"]),
        ("roads", None, lines["roads"]),
        ("rails", None, lines["rails"]),
        ("dams", None, dams),
        ("bridges", None, bridges),
        ("towns", None, towns),
        ("floodplain", None, flood),
        ("markers", None, markers),
        ("setup zones", None, zones),
        *by_side(s, "units", units),
    ]


def to_tmj(s: Scenario, image: str) -> dict[str, Any]:
    """The TMJ document of a hex scenario; ``image`` is the tileset image's path relative to the map."""
    m = s.map
    if not isinstance(m, HexMap):
        raise ExportError("to_tmj writes hex maps; table_export.to_tmj writes table maps")
    px = HexPixels.default(m.layout)
    axis, index = stagger_of(m.layout)
    ob = _HexObjects(px)
    data = [c + 1 for c in m.terrain.cells]
    layers = [
        {
            "id": 1,
            "name": "terrain",
            "type": "tilelayer",
            "width": m.columns,
            "height": m.rows,
            "x": 0,
            "y": 0,
            "data": data,
            "opacity": 1,
            "visible": True,
        }
    ]
    for i, (name, colour, objs) in enumerate(_feature_layers(s, m, ob), start=2):
        layers.append(object_layer(i, name, objs, colour))
    tiles = [
        {"id": i, "type": kind, "properties": [prop("terrain", kind)]} for i, kind in enumerate(TERRAIN_KINDS)
    ]
    tileset = {
        "firstgid": 1,
        "name": "dambuster terrain",
        "tilewidth": px.tile_w,
        "tileheight": px.tile_h,
        "tilecount": len(TERRAIN_KINDS),
        "columns": len(TERRAIN_KINDS),
        "margin": 0,
        "spacing": 0,
        "image": image,
        "imagewidth": px.tile_w * len(TERRAIN_KINDS),
        "imageheight": px.tile_h,
        "tiles": tiles,
    }
    return map_document(
        "hexagonal",
        (m.columns, m.rows),
        (px.tile_w, px.tile_h),
        layers,
        [tileset],
        meta_properties(s),
        ob.next_id,
        hexsidelength=px.side,
        staggeraxis=axis,
        staggerindex=index,
    )


def tileset_png(layout: Layout) -> bytes:
    px = HexPixels.default(layout)
    return png.hex_strip([TERRAIN_COLOURS[k] for k in TERRAIN_KINDS], px.tile_w, px.tile_h, px.inside_tile)


def tileset_path(path: str | os.PathLike[str]) -> Path:
    """The tileset image written beside a map: ``<stem>-terrain.png``."""
    target = Path(path)
    return target.with_name(f"{target.stem}-terrain.png")


def is_tmx(path: str | os.PathLike[str]) -> bool:
    """Does the name ask for Tiled's XML format? (``.tmx``; anything else is written as TMJ)"""
    return Path(path).suffix.lower() == ".tmx"


def outputs(s: Scenario, path: str | os.PathLike[str]) -> list[Path]:
    """The files ``export_tiled`` writes: the map, and for a hex map its tileset image beside it."""
    return [Path(path), tileset_path(path)] if isinstance(s.map, HexMap) else [Path(path)]


def export_tiled(s: Scenario, path: str | os.PathLike[str]) -> list[Path]:
    """Write the scenario as a Tiled map, TMX when ``path`` ends in .tmx and TMJ otherwise, with a hex
    map's tileset image beside it: all or nothing. Returns the paths written."""
    from . import table_export, tmx_write

    target = Path(path)
    if isinstance(s.map, HexMap):
        image = tileset_path(target)
        doc = to_tmj(s, image.name)
        files = [(image, tileset_png(s.map.layout))]
    else:
        doc = table_export.to_tmj(s)
        files = []
    if is_tmx(target):
        data = xml_document(tmx_write.to_tmx(doc).decode("utf-8"), exact=True).encode("utf-8")
    else:
        data = (json_escapes(json.dumps(doc, indent=1, ensure_ascii=False)) + "\n").encode("utf-8")
    write_files([*files, (target, data)])
    return [target, *(p for p, _ in files)]
