"""Building blocks of a Tiled JSON map (TMJ) that hex and table exports share: objects in pixels with
ids handed out in the order they are made, coloured object layers, the map properties of a scenario,
a unit's properties and where units not on the map stand.

Object ids follow the scenario's own order (the importer reads objects by id), whatever layer an
object ends up in: units of several sides lie in several layers yet come back in their order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from dambuster.model import migrations
from dambuster.model.codec import to_dict
from dambuster.model.scenario import Scenario, Unit

from .properties import LAYER_COLOURS, UNKNOWN_SIDE_COLOUR, prop

TILED_VERSION = "1.8.2"  # the oldest Tiled the tests run (Debian 12); newer ones read it
FORMAT_VERSION = "1.8"
RULE_FIELDS = ("unit_types", "sides", "budgets", "victory", "turn_limit", "parameters")

XY = tuple[float, float]


class ExportError(ValueError):
    """The scenario cannot be written as a Tiled map (TMX cannot hold a control character, say): one sentence."""


class Objects:
    """Hands out object ids and builds Tiled objects from pixel positions."""

    def __init__(self):
        self.next_id = 1

    def _obj(self, cls: str, name: str, x: float, y: float, props: list[dict[str, Any]]) -> dict[str, Any]:
        o: dict[str, Any] = {
            "id": self.next_id,
            "name": name,
            "type": cls,
            "x": x,
            "y": y,
            "width": 0,
            "height": 0,
            "rotation": 0,
            "visible": True,
        }
        if props:
            o["properties"] = props
        self.next_id += 1
        return o

    def point(self, cls: str, name: str, xy: XY, props: list[dict[str, Any]]) -> dict[str, Any]:
        o = self._obj(cls, name, xy[0], xy[1], props)
        o["point"] = True
        return o

    def polyline(
        self, cls: str, name: str, points: list[XY], props: list[dict[str, Any]], anchor: XY | None = None
    ) -> dict[str, Any]:
        """A polyline through pixel points, anchored at its first point (or at ``anchor``)."""
        return self._shape("polyline", cls, name, points, props, anchor)

    def polygon(
        self, cls: str, name: str, points: list[XY], props: list[dict[str, Any]], anchor: XY | None = None
    ) -> dict[str, Any]:
        return self._shape("polygon", cls, name, points, props, anchor)

    def rectangle(self, cls: str, name: str, xy: XY, size: XY, props: list[dict[str, Any]]) -> dict[str, Any]:
        o = self._obj(cls, name, xy[0], xy[1], props)
        o["width"], o["height"] = size
        return o

    def _shape(
        self,
        shape: str,
        cls: str,
        name: str,
        points: list[XY],
        props: list[dict[str, Any]],
        anchor: XY | None,
    ) -> dict[str, Any]:
        x0, y0 = anchor if anchor is not None else points[0]
        o = self._obj(cls, name, x0, y0, props)
        o[shape] = [{"x": x - x0, "y": y - y0} for x, y in points]
        return o


def object_layer(
    layer_id: int, name: str, objects: list[dict[str, Any]], colour: str | None = None
) -> dict[str, Any]:
    """An object layer drawn in ``colour`` (default: the colour docs/tiled.md gives its name)."""
    return {
        "id": layer_id,
        "name": name,
        "type": "objectgroup",
        "color": colour or LAYER_COLOURS[name],
        "draworder": "index",
        "objects": objects,
        "opacity": 1,
        "visible": True,
        "x": 0,
        "y": 0,
    }


def by_side(
    s: Scenario, what: str, items: Iterable[tuple[str, dict[str, Any]]]
) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """Objects grouped into one layer per side, in the scenario's order of sides: (name, colour, objects).
    Each side's layer is there even when empty; a side the scenario does not list gets a grey layer."""
    layers: dict[str, tuple[str, str, list[dict[str, Any]]]] = {
        side.id: (f"{what}: {side.name or side.id}", side.color, []) for side in s.sides
    }
    for side, o in items:
        if side not in layers:
            layers[side] = (f"{what}: {side}", UNKNOWN_SIDE_COLOUR, [])
        layers[side][2].append(o)
    return list(layers.values())


def meta_properties(s: Scenario) -> list[dict[str, Any]]:
    """The scenario's meta, its rules as one JSON text, and the format version, as map properties."""
    m = s.meta
    props = [
        prop("title", m.title),
        prop("author", m.author),
        prop("description", m.description),
        prop("license", m.license),
        prop("tags", json.dumps(m.tags, ensure_ascii=False)),
        prop("profiles", json.dumps(m.profiles)),
    ]
    props += [prop(k, getattr(m, k)) for k in ("created", "modified") if getattr(m, k) is not None]
    rules = {k: to_dict(getattr(s, k)) for k in RULE_FIELDS}
    props.append(prop("rules", json.dumps(rules, ensure_ascii=False)))
    props.append(prop("format", migrations.CURRENT))
    return props


def map_document(
    orientation: str,
    size: tuple[int, int],
    tile: tuple[int, int],
    layers: list[dict[str, Any]],
    tilesets: list[dict[str, Any]],
    properties: list[dict[str, Any]],
    next_object_id: int,
    **more: Any,
) -> dict[str, Any]:
    """The TMJ map object around its layers (``more``: hexsidelength, staggeraxis...)."""
    return {
        "type": "map",
        "version": FORMAT_VERSION,
        "tiledversion": TILED_VERSION,
        "orientation": orientation,
        "renderorder": "right-down",
        "width": size[0],
        "height": size[1],
        "tilewidth": tile[0],
        "tileheight": tile[1],
        **more,
        "infinite": False,
        "compressionlevel": -1,
        "nextlayerid": len(layers) + 1,
        "nextobjectid": next_object_id,
        "layers": layers,
        "tilesets": tilesets,
        "properties": properties,
    }


def unit_properties(u: Unit) -> list[dict[str, Any]]:
    """A unit's properties; one not on the map (no hex) is marked ``reserve``."""
    props = [
        prop("id", u.id),
        prop("unit_type", u.type),
        prop("side", u.side),
        prop("squads", u.squads),
        prop("status", u.status),
        prop("name", u.name),
    ]
    return props + ([prop("reserve", True)] if u.hex is None else [])


def reserve_spot(n: int, width: float, height: float) -> tuple[float, float]:
    """Where the n-th unit not on the map stands: a column left of the map, one ``width`` x ``height`` cell each."""
    return -width / 2, height * (n + 0.5)
