"""Table scenario -> Tiled map: an orthogonal map of object layers only, in table units times a scale.

Pixels: ``SCALE`` pixels per table unit (1 per pace, 1 per mm, 32 per inch: powers of two, so that a
coordinate multiplied and divided again is the same number), x along the table's width and y along its
depth as in the scenario (and the editor). The map's grid is ``GRID`` pixels (100 paces, 25 mm, an
inch), its size the table's rounded up to whole cells. Polygons and polylines are anchored at the
table's corner (object x = y = 0), so each vertex is exactly its table position times the scale.

Layers, each in its colour (properties): "table" (a rectangle: the table's size), "sectors" (the
six DBM sectors, from geojson.sector_features, when the scenario follows the dbm-terrain profile; not
read back), one layer per area kind ("wood", "hill-gentle"...), "waterway", "rivers", "roads", then
for a sewer "sewer corridors", "gantries", "sewer fittings" (nodes, grates, sluice gates, cave-ins, the
flood origin) and one "models: SIDE" per side, then "setup zones" and one "units: SIDE" per side
(units have no place on a table: a column left of it). Map properties ``dambuster:map`` = "table",
``dambuster:unit`` and ``dambuster:scale`` tell table_import how to read the map back;
``dambuster:figures`` and ``dambuster:reduced`` carry the table's ground scale.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from dambuster.interop.geojson import along, sector_features
from dambuster.model.scenario import Scenario, TableMap

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
from .precision import kept
from .properties import AREA_COLOURS, UNKNOWN_SIDE_COLOUR, prop

SCALE = {"paces": 1, "inches": 32, "mm": 1}  # pixels per table unit
GRID = {"paces": 100, "inches": 32, "mm": 25}  # pixels per grid cell of the Tiled map
ORIGIN = (0.0, 0.0)


class _TableObjects(Objects):
    """Objects in table units, scaled to pixels."""

    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def px(self, p: Sequence[float]) -> tuple[float, float]:
        """Pixels, with the digits Tiled keeps (so that Tiled's own TMX save changes none of them)."""
        return kept(float(p[0]) * self.scale), kept(float(p[1]) * self.scale)

    def at(self, cls: str, name: str, p: Sequence[float], props: list[dict[str, Any]]) -> dict[str, Any]:
        return self.point(cls, name, self.px(p), props)

    def line(
        self, cls: str, name: str, points: Iterable[Sequence[float]], props: list[dict[str, Any]]
    ) -> dict[str, Any]:
        return self.polyline(cls, name, [self.px(p) for p in points], props, anchor=ORIGIN)

    def area(
        self, cls: str, name: str, points: Iterable[Sequence[float]], props: list[dict[str, Any]]
    ) -> dict[str, Any]:
        return self.polygon(cls, name, [self.px(p) for p in points], props, anchor=ORIGIN)


def _optional(**values: object) -> list[dict[str, Any]]:
    """Properties for the values that are set (None leaves the property out)."""
    return [prop(k, v) for k, v in values.items() if v is not None]


def _map_layers(
    s: Scenario, m: TableMap, ob: _TableObjects
) -> list[tuple[str, str | None, list[dict[str, Any]]]]:
    layers: list[tuple[str, str | None, list[dict[str, Any]]]] = [
        ("table", None, [ob.rectangle("table", "table", ORIGIN, ob.px((m.width, m.depth)), [])])
    ]
    if "dbm-terrain" in s.meta.profiles:  # as the GeoJSON export: the sectors of the DBM terrain rules
        sectors = [
            ob.area(
                "sector",
                f["properties"]["name"],
                f["geometry"]["coordinates"][0][:-1],
                [prop("sector", f["properties"]["sector"])],
            )
            for f in sector_features(m)
        ]
        layers.append(("sectors", None, sectors))
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for a in m.areas:
        by_kind.setdefault(a.kind, []).append(
            ob.area(
                "area",
                a.name or a.id,
                a.polygon,
                [
                    prop("id", a.id),
                    prop("kind", a.kind),
                    prop("name", a.name),
                    *_optional(sector=a.sector, placed_by=a.placed_by),
                ],
            )
        )
    layers += [(kind, AREA_COLOURS.get(kind, UNKNOWN_SIDE_COLOUR), objs) for kind, objs in by_kind.items()]
    w = m.waterway
    layers.append(
        (
            "waterway",
            None,
            []
            if w is None
            else [
                ob.area(
                    "waterway",
                    w.id,
                    w.polygon,
                    [prop("id", w.id), prop("edge", w.edge), *_optional(placed_by=w.placed_by)],
                )
            ],
        )
    )
    layers.append(
        (
            "rivers",
            None,
            [
                ob.line(
                    "river",
                    r.name or r.id,
                    r.line,
                    [
                        prop("id", r.id),
                        prop("width", float(r.width)),
                        prop("name", r.name),
                        *_optional(flows_into=r.flows_into, placed_by=r.placed_by),
                    ],
                )
                for r in m.rivers
            ],
        )
    )
    layers.append(
        (
            "roads",
            None,
            [
                ob.line(
                    "road",
                    r.name or r.id,
                    r.line,
                    [prop("id", r.id), prop("name", r.name), *_optional(placed_by=r.placed_by)],
                )
                for r in m.roads
            ],
        )
    )
    return layers


def _sewer_layers(
    s: Scenario, m: TableMap, ob: _TableObjects
) -> list[tuple[str, str | None, list[dict[str, Any]]]]:
    sw = m.sewer
    if sw is None:
        return []
    corridors = [
        ob.line(
            "corridor",
            c.name or c.id,
            c.line,
            [prop("id", c.id), prop("width", float(c.width)), prop("name", c.name)],
        )
        for c in sw.corridors
    ]
    gantries = [ob.area("gantry", g.id, g.polygon, [prop("id", g.id)]) for g in sw.gantries]
    fittings = [
        ob.at(cls, p.id, p.point, [prop("id", p.id)])
        for cls, points in (
            ("node", sw.nodes),
            ("grate", sw.grates),
            ("sluice-gate", sw.sluice_gates),
            ("cave-in", sw.cave_ins),
        )
        for p in points
    ]
    if sw.flood_origin is not None:
        fittings.append(ob.at("flood-origin", "flood origin", sw.flood_origin, []))
    lines = {c.id: c.line for c in sw.corridors}
    models: list[tuple[str, dict[str, Any]]] = []
    for md in sw.models:
        where = along(lines.get(md.corridor, []), md.position) or ORIGIN
        models.append(
            (
                md.side,
                ob.at(
                    "model",
                    md.name or md.id,
                    where,
                    [
                        prop("id", md.id),
                        prop("side", md.side),
                        prop("strength", md.strength),
                        prop("corridor", md.corridor),
                        prop("position", float(md.position)),
                        prop("name", md.name),
                    ],
                ),
            )
        )
    return [
        ("sewer corridors", None, corridors),
        ("gantries", None, gantries),
        ("sewer fittings", None, fittings),
        *by_side(s, "models", models),
    ]


def _pieces(s: Scenario, ob: _TableObjects) -> list[tuple[str, str | None, list[dict[str, Any]]]]:
    """Setup zones (a polygon, or a point left of the table when the zone has none) and units."""
    cell = 16.0  # pixels between the points left of the table
    spare = 0
    zones: list[dict[str, Any]] = []
    for z in s.setup_zones:
        props = [
            prop("id", z.id),
            prop("side", z.side),
            prop("name", z.name),
            *_optional(max_attack=z.max_attack),
        ]
        if z.polygon:
            zones.append(ob.area("setup-zone", z.name or z.id, z.polygon, props))
        else:
            zones.append(ob.point("setup-zone", z.name or z.id, reserve_spot(spare, 2 * cell, cell), props))
            spare += 1
    units: list[tuple[str, dict[str, Any]]] = []
    for u in s.units:
        units.append(
            (
                u.side,
                ob.point("unit", u.name or u.id, reserve_spot(spare, 2 * cell, cell), unit_properties(u)),
            )
        )
        spare += 1
    return [("setup zones", None, zones), *by_side(s, "units", units)]


def to_tmj(s: Scenario) -> dict[str, Any]:
    """The TMJ document of a table scenario."""
    m = s.map
    if not isinstance(m, TableMap):
        raise ExportError("table_export.to_tmj writes table maps; export.to_tmj writes hex maps")
    scale, grid = SCALE[m.unit], GRID[m.unit]
    ob = _TableObjects(scale)
    named = [*_map_layers(s, m, ob), *_sewer_layers(s, m, ob), *_pieces(s, ob)]
    layers = [object_layer(i, name, objs, colour) for i, (name, colour, objs) in enumerate(named, start=1)]
    size = (max(1, math.ceil(m.width * scale / grid)), max(1, math.ceil(m.depth * scale / grid)))
    props = [
        *meta_properties(s),
        prop("map", "table"),
        prop("unit", m.unit),
        prop("scale", scale),
        prop("figures", m.figures),
        prop("reduced", m.reduced),
    ]
    if m.sewer is not None:
        props.append(prop("sewer", True))  # an empty sewer has no objects to say so
    return map_document("orthogonal", size, (grid, grid), layers, [], props, ob.next_id)
