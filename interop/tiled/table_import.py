"""Tiled table map (orthogonal, map property ``dambuster:map`` = "table") -> table scenario: the reverse
of table_export, one small handler per object class.

Pixels become table units by dividing by ``dambuster:scale``. Where a shape is decides the geometry: an
area, waterway, gantry or setup zone is the polygon drawn (a rectangle its four corners, an ellipse a
24-sided polygon inside it); a river, road or corridor the polyline; a sewer fitting the point. The
table's size is the ``table`` rectangle's (or the map's when there is none). Sectors are left out
(they follow from the table). A sewer model keeps its ``dambuster:position`` along its corridor unless
it was moved off that spot, in which case it goes to the nearest point of the corridor.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from dambuster.interop.geojson import along
from dambuster.model import scenario as sc
from dambuster.model.catalog import default_unit_types
from dambuster.model.scenario import TableMap

from .precision import table_value
from .properties import map_property, properties_of
from .read import Handler, Lenience, TiledImportError, finish, meta, need, opt, place_objects, vertices, where
from .table_export import SCALE

ELLIPSE_SIDES = 24
MOVED = 1.0  # pixels a model may be off the spot its position gives before it counts as moved
MAX_SCALE = 10_000


class TableContext(Lenience):
    """The scale of the map being read, the models waiting for their corridors, the warnings."""

    def __init__(self, scale: float, lenient: bool):
        super().__init__(lenient)
        self.scale = scale
        self.model_spots: list[tuple[sc.Model, tuple[float, float]]] = []

    def table(self, xy: Sequence[float]) -> tuple[float, float]:
        return table_value(float(xy[0]), self.scale), table_value(float(xy[1]), self.scale)

    def outline(self, o: dict[str, Any]) -> list[tuple[float, float]]:
        """The polygon an object draws, in table units."""
        if o.get("polygon"):
            return [self.table(p) for p in vertices(o, o["_what"])]
        x, y = float(o.get("x", 0)), float(o.get("y", 0))
        w, h = float(o.get("width", 0) or 0), float(o.get("height", 0) or 0)
        if o.get("point") or o.get("polyline") or "gid" in o or w <= 0 or h <= 0:
            raise TiledImportError(f"{o['_what']} should be a polygon, a rectangle or an ellipse")
        if o.get("ellipse"):
            return [
                self.table((x + w / 2 * (1 + math.cos(t)), y + h / 2 * (1 + math.sin(t))))
                for t in (2 * math.pi * k / ELLIPSE_SIDES for k in range(ELLIPSE_SIDES))
            ]
        return [self.table(p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]

    def line(self, o: dict[str, Any]) -> list[tuple[float, float]]:
        if not (o.get("polyline") or o.get("polygon")):
            raise TiledImportError(f"{o['_what']} should be a polyline")
        return [self.table(p) for p in vertices(o, o["_what"])]

    def point(self, o: dict[str, Any]) -> tuple[float, float]:
        return self.table(where(o))


def _table_map(s: sc.Scenario) -> TableMap:
    """The map the table import builds (these handlers serve only it)."""
    assert isinstance(s.map, TableMap)
    return s.map


def _sewer(s: sc.Scenario) -> sc.Sewer:
    m = _table_map(s)
    if m.sewer is None:
        m.sewer = sc.Sewer()
    return m.sewer


def _table(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    _table_map(s).width, _table_map(s).depth = ctx.table(
        (float(o.get("width", 0) or 0), float(o.get("height", 0) or 0))
    )


def _area(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    w = o["_what"]
    _table_map(s).areas.append(
        sc.Area(
            need(p, "id", w),
            need(p, "kind", w),
            ctx.outline(o),
            opt(p, "sector", w, None, int),
            opt(p, "placed_by", w, None),
            opt(p, "name", w, ""),
        )
    )


def _waterway(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    w = o["_what"]
    if _table_map(s).waterway is not None:
        raise TiledImportError(f"{w} is a second waterway; a table has at most one")
    _table_map(s).waterway = sc.Waterway(
        need(p, "id", w), ctx.outline(o), need(p, "edge", w), opt(p, "placed_by", w, None)
    )


def _river(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    w = o["_what"]
    _table_map(s).rivers.append(
        sc.TableRiver(
            need(p, "id", w),
            ctx.line(o),
            need(p, "width", w, float),
            opt(p, "flows_into", w, None),
            opt(p, "placed_by", w, None),
            opt(p, "name", w, ""),
        )
    )


def _road(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    w = o["_what"]
    _table_map(s).roads.append(
        sc.TableRoad(need(p, "id", w), ctx.line(o), opt(p, "placed_by", w, None), opt(p, "name", w, ""))
    )


def _corridor(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    w = o["_what"]
    _sewer(s).corridors.append(
        sc.Corridor(need(p, "id", w), ctx.line(o), need(p, "width", w, float), opt(p, "name", w, ""))
    )


def _fitting(key: str) -> Handler[TableContext]:
    def handle(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
        getattr(_sewer(s), key).append(sc.SewerPoint(need(p, "id", o["_what"]), ctx.point(o)))

    return handle


def _gantry(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    _sewer(s).gantries.append(sc.Gantry(need(p, "id", o["_what"]), ctx.outline(o)))


def _flood_origin(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    _sewer(s).flood_origin = ctx.point(o)


def _model(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    w = o["_what"]
    model = sc.Model(
        need(p, "id", w),
        need(p, "side", w),
        need(p, "strength", w, int),
        need(p, "corridor", w),
        opt(p, "position", w, 0.0, float),
        opt(p, "name", w, ""),
    )
    _sewer(s).models.append(model)
    ctx.model_spots.append((model, where(o)))


def _setup_zone(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    w = o["_what"]
    outline = None if o.get("point") else ctx.outline(o)
    s.setup_zones.append(
        sc.SetupZone(
            need(p, "id", w),
            need(p, "side", w),
            [],
            outline,
            opt(p, "max_attack", w, None, int),
            opt(p, "name", w, ""),
        )
    )


def _unit(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    w = o["_what"]  # a table has no hexes: every unit waits off the map
    s.units.append(
        sc.Unit(
            need(p, "id", w),
            need(p, "unit_type", w),
            need(p, "side", w),
            None,
            opt(p, "squads", w, 1, int),
            opt(p, "status", w, "ready"),
            opt(p, "name", w, ""),
        )
    )


def _ignored(o: dict[str, Any], p: dict[str, Any], ctx: TableContext, s: sc.Scenario) -> None:
    """Sectors follow from the table's size: drawn for the eye, not read back."""


HANDLERS: dict[str, Handler[TableContext]] = {
    "table": _table,
    "sector": _ignored,
    "area": _area,
    "waterway": _waterway,
    "river": _river,
    "road": _road,
    "corridor": _corridor,
    "node": _fitting("nodes"),
    "grate": _fitting("grates"),
    "sluice-gate": _fitting("sluice_gates"),
    "cave-in": _fitting("cave_ins"),
    "gantry": _gantry,
    "flood-origin": _flood_origin,
    "model": _model,
    "setup-zone": _setup_zone,
    "unit": _unit,
}


def _place_models(ctx: TableContext, m: TableMap) -> None:
    """A model stays at its position along its corridor unless it was dragged away from that spot."""
    from shapely.geometry import LineString, Point

    lines = {c.id: c.line for c in (m.sewer.corridors if m.sewer else [])}
    for model, (x, y) in ctx.model_spots:
        line = lines.get(model.corridor)
        if line is not None and len(line) > 1:  # at a corridor's end, as far as Tiled's digits tell
            length = LineString(line).length
            if length < model.position <= length + MOVED / ctx.scale:
                model.position = length
        spot = along(line or [], model.position)
        if (
            line is None
            or spot is None
            or math.dist((spot[0] * ctx.scale, spot[1] * ctx.scale), (x, y)) <= MOVED
        ):
            continue
        path = LineString(line) if len(line) > 1 else None
        model.position = path.project(Point(x / ctx.scale, y / ctx.scale)) if path else 0.0


def _scale(raw: dict[str, Any]) -> tuple[str, float]:
    unit = map_property(raw, "unit")
    if unit not in SCALE:
        raise TiledImportError(
            f"map property 'dambuster:unit' must be one of {', '.join(SCALE)}, not {str(unit)[:20]!r}"
        )
    scale = map_property(raw, "scale")
    if scale is None:
        return unit, float(SCALE[unit])
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale <= MAX_SCALE:
        raise TiledImportError(
            f"map property 'dambuster:scale' must be a number of pixels per {unit}, "
            f"above 0 and at most {MAX_SCALE}"
        )
    return unit, float(scale)


def import_table(doc: dict[str, Any], lenient: bool) -> tuple[sc.Scenario, list[str]]:
    """The table scenario an exported (or hand-edited) table map describes, and the warnings."""
    raw = properties_of(doc)
    unit, scale = _scale(raw)
    ctx = TableContext(scale, lenient)
    tw, th, cols, rows = (doc.get(k) for k in ("tilewidth", "tileheight", "width", "height"))
    if not (
        isinstance(tw, int)
        and isinstance(th, int)
        and isinstance(cols, int)
        and isinstance(rows, int)
        and all(0 < v <= 1_000_000 for v in (tw, th, cols, rows))
    ):
        raise TiledImportError("the map's size and tile size must be positive whole numbers")
    width, depth = ctx.table((cols * tw, rows * th))
    table = TableMap(width, depth, unit)
    table.figures = map_property(raw, "figures") or table.figures  # the model's check judges what it holds
    table.reduced = map_property(raw, "reduced") or table.reduced
    s = sc.Scenario(meta(doc), table, unit_types=default_unit_types())
    if map_property(raw, "sewer") is True:
        _sewer(s)
    place_objects(doc, HANDLERS, ctx, s)
    _place_models(ctx, table)  # s.map
    models = table.sewer.models if table.sewer else []
    return finish(doc, s, [md.side for md in models]), ctx.warnings
