"""Table-map edits as pure functions (no Qt): new areas, lines, the waterway, sewer features and
models, and vertex edits. Each returns SetFields changes ``[(owner, attribute, value)]``."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from typing import Any, NamedTuple

from dambuster.model.scenario import (
    Area,
    Corridor,
    Gantry,
    Model,
    Scenario,
    Sewer,
    SewerPoint,
    TableMap,
    TableRiver,
    TableRoad,
    Waterway,
)

from .hex_map import Change, ensure_side
from .ids import fresh_id

Pt = tuple[float, float]
SEWER_POINTS = {
    "node": ("nodes", "node-"),
    "grate": ("grates", "grate-"),
    "sluice-gate": ("sluice_gates", "sluice-"),
    "cave-in": ("cave_ins", "cave-in-"),
}
MIN_VERTICES = {"polygon": 3, "line": 2}


def table_of(s: Scenario) -> TableMap:
    """The scenario's table: these edits are offered only on a table map."""
    t = s.map
    assert isinstance(t, TableMap), "a table edit on a hex map"
    return t


def sector_of(width: float, depth: float, x: float, y: float) -> int:
    """The DBM sector of a table point: thirds of x, 1-3 in y < depth/2, 4-6 in the other half."""
    third = min(2, max(0, int(x // (width / 3.0))))
    return third + (1 if y < depth / 2.0 else 4)


def centroid(points: list[Pt]) -> Pt:
    from shapely.geometry import LineString, Polygon

    poly = Polygon(points)
    c = poly.centroid if poly.is_valid and poly.area > 0 else LineString(points).centroid
    return float(c.x), float(c.y)


def _pts(points) -> list[Pt]:
    """Float points with consecutive repeats dropped (a double-click gives the last point twice)."""
    out: list[Pt] = []
    for x, y in points:
        p = (float(x), float(y))
        if not out or out[-1] != p:
            out.append(p)
    return out


def valid_shape(points, coords: str) -> bool:
    """What a strict load accepts: a simple polygon with area, or a line of length with no repeats."""
    from shapely.geometry import LineString, Polygon

    pts = _pts(points)
    if coords == "polygon":
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts = pts[:-1]
        if len(pts) < 3:
            return False
        poly = Polygon(pts)
        return poly.is_valid and poly.area > 0
    return len(pts) >= 2 and len(pts) == len([tuple(p) for p in points]) and LineString(pts).length > 0


def add_area(s: Scenario, kind: str, polygon: list[Pt], sector: int | None = None) -> list[Change]:
    """An area of ``kind``; with no sector chosen, the sector of the polygon's centroid."""
    t = table_of(s)
    if not valid_shape(polygon, "polygon"):
        return []
    if sector is None:
        sector = sector_of(t.width, t.depth, *centroid(polygon))
    return [(t, "areas", t.areas + [Area(fresh_id(s, "area-"), kind, _pts(polygon), sector)])]


def add_table_river(s: Scenario, line: list[Pt], width: float, upstream_first: bool = True) -> list[Change]:
    """A river of ``width``; the line is stored upstream first (reversed when drawn downstream first)."""
    t = table_of(s)
    if not valid_shape(_pts(line), "line") or width <= 0:
        return []
    line = _pts(line if upstream_first else line[::-1])
    return [(t, "rivers", t.rivers + [TableRiver(fresh_id(s, "river-"), line, float(width))])]


def add_table_road(s: Scenario, line: list[Pt]) -> list[Change]:
    t = table_of(s)
    return (
        []
        if not valid_shape(_pts(line), "line")
        else [(t, "roads", t.roads + [TableRoad(fresh_id(s, "road-"), _pts(line))])]
    )


def set_waterway(s: Scenario, polygon: list[Pt]) -> list[Change]:
    """The (one) waterway; it extends from the short edge nearer its centroid."""
    t = table_of(s)
    if not valid_shape(polygon, "polygon"):
        return []
    edge = "left" if centroid(polygon)[0] < t.width / 2.0 else "right"
    ident = t.waterway.id if t.waterway is not None else fresh_id(s, "waterway-")
    return [(t, "waterway", Waterway(ident, _pts(polygon), edge))]


def _sewer(s: Scenario) -> tuple[Sewer, list[Change]]:
    """The table's sewer, and the change that creates it when the table has none."""
    t = table_of(s)
    if t.sewer is not None:
        return t.sewer, []
    sewer = Sewer()
    return sewer, [(t, "sewer", sewer)]


def add_corridor(s: Scenario, line: list[Pt], width: float) -> list[Change]:
    if not valid_shape(_pts(line), "line") or width <= 0:
        return []
    sewer, make = _sewer(s)
    return make + [
        (sewer, "corridors", sewer.corridors + [Corridor(fresh_id(s, "corridor-"), _pts(line), float(width))])
    ]


def add_gantry(s: Scenario, polygon: list[Pt]) -> list[Change]:
    if not valid_shape(polygon, "polygon"):
        return []
    sewer, make = _sewer(s)
    return make + [(sewer, "gantries", sewer.gantries + [Gantry(fresh_id(s, "gantry-"), _pts(polygon))])]


def add_sewer_point(s: Scenario, kind: str, point: Pt) -> list[Change]:
    """A junction node, grate, sluice gate or cave-in at a point."""
    name, prefix = SEWER_POINTS[kind]
    sewer, make = _sewer(s)
    return make + [(sewer, name, getattr(sewer, name) + [SewerPoint(fresh_id(s, prefix), _pts([point])[0])])]


def set_flood_origin(s: Scenario, point: Pt) -> list[Change]:
    sewer, make = _sewer(s)
    return make + [(sewer, "flood_origin", _pts([point])[0])]


def nearest_corridor(sewer: Sewer | None, point: Pt) -> tuple[Corridor, float] | None:
    """The corridor nearest a point and the point's projected distance along it from its first point."""
    from shapely.geometry import LineString, Point

    if sewer is None:
        return None
    best = None
    p = Point(point)
    for c in sewer.corridors:
        if len(c.line) < 2:
            continue
        line = LineString(c.line)
        d = line.distance(p)
        if best is None or d < best[0]:
            best = (d, c, float(line.project(p)))
    return None if best is None else (best[1], best[2])


def add_model(s: Scenario, side: str, strength: int, point: Pt) -> list[Change]:
    """A model placed on the nearest corridor at the distance the point projects to."""
    t = table_of(s)
    sewer = t.sewer
    hit = nearest_corridor(sewer, point)
    if sewer is None or hit is None:
        return []
    corridor, position = hit
    position = math.floor(position * 1000) / 1000  # to the mm, never rounded past the corridor's end
    model = Model(fresh_id(s, "model-"), side, max(1, int(strength)), corridor.id, position)
    return ensure_side(s, side) + [(sewer, "models", sewer.models + [model])]


# ------------------------------------------------------------------------------- vertex editing
class Target(NamedTuple):
    """A shape with vertices: ``owner.attr`` is a list holding ``obj`` (or ``obj`` itself, for the
    waterway); ``coords`` names its point list (polygon or line)."""

    owner: Any
    attr: str
    obj: Any
    coords: str


def targets(s: Scenario, allowed=lambda _o: True) -> Iterator[Target]:
    """The shapes with vertices that ``allowed`` accepts (all by default)."""
    yield from (tg for tg in _targets(s) if allowed(tg.obj))


def _targets(s: Scenario) -> Iterator[Target]:
    t = table_of(s)
    for attr, coords in (("areas", "polygon"), ("rivers", "line"), ("roads", "line")):
        for o in getattr(t, attr):
            yield Target(t, attr, o, coords)
    if t.waterway is not None:
        yield Target(t, "waterway", t.waterway, "polygon")
    if t.sewer is not None:
        for o in t.sewer.corridors:
            yield Target(t.sewer, "corridors", o, "line")
        for o in t.sewer.gantries:
            yield Target(t.sewer, "gantries", o, "polygon")


def with_coords(target: Target, points: list[Pt]) -> list[Change]:
    """The target with new vertices; [] when the shape would not load (crossing itself, no area,
    a repeated point). Models on an edited corridor stay within its new length."""
    from shapely.geometry import LineString

    if not valid_shape(points, target.coords):
        return []
    new = dataclasses.replace(target.obj, **{target.coords: _pts(points)})
    value = getattr(target.owner, target.attr)
    if not isinstance(value, list):
        return [(target.owner, target.attr, new)]
    changes: list[Change] = [(target.owner, target.attr, [new if x is target.obj else x for x in value])]
    if isinstance(new, Corridor):
        length = LineString(new.line).length
        models = [
            dataclasses.replace(m, position=math.floor(length * 1000) / 1000)
            if m.corridor == new.id and m.position > length
            else m
            for m in target.owner.models
        ]
        if models != target.owner.models:
            changes.append((target.owner, "models", models))
    return changes


def nearest_vertex(s: Scenario, p: Pt, tol: float, allowed=lambda _o: True) -> tuple[Target, int] | None:
    best = None
    for tg in targets(s, allowed):
        for i, (x, y) in enumerate(getattr(tg.obj, tg.coords)):
            d = math.hypot(x - p[0], y - p[1])
            if d <= tol and (best is None or d < best[0]):
                best = (d, tg, i)
    return None if best is None else (best[1], best[2])


def nearest_edge(s: Scenario, p: Pt, tol: float, allowed=lambda _o: True) -> tuple[Target, int, Pt] | None:
    """The edge within ``tol`` of ``p``: (target, index the new vertex takes, the point on the edge)."""
    from shapely.geometry import LineString, Point

    best = None
    for tg in targets(s, allowed):
        pts = getattr(tg.obj, tg.coords)
        edges = list(zip(pts, pts[1:])) + ([(pts[-1], pts[0])] if tg.coords == "polygon" else [])
        for i, (a, b) in enumerate(edges):
            seg = LineString([a, b])
            d = seg.distance(Point(p))
            if d <= tol and (best is None or d < best[0]):
                q = seg.interpolate(seg.project(Point(p)))
                best = (d, tg, i + 1, (float(q.x), float(q.y)))
    return None if best is None else best[1:]


def move_vertex(target: Target, index: int, p: Pt) -> list[Change]:
    pts = list(getattr(target.obj, target.coords))
    if pts[index] == tuple(p):
        return []
    pts[index] = p
    return with_coords(target, pts)


def insert_vertex(target: Target, index: int, p: Pt) -> list[Change]:
    pts = list(getattr(target.obj, target.coords))
    return with_coords(target, pts[:index] + [p] + pts[index:])


def delete_vertex(target: Target, index: int) -> list[Change]:
    """Removes a vertex, keeping at least 3 for a polygon and 2 for a line."""
    pts = list(getattr(target.obj, target.coords))
    if len(pts) <= MIN_VERTICES[target.coords]:
        return []
    return with_coords(target, pts[:index] + pts[index + 1 :])


def point_feature_at(s: Scenario, p: Pt, tol: float, allowed=lambda _o: True) -> Any:
    """A sewer point or model near ``p`` (for select and Delete) that ``allowed`` accepts."""
    sewer = table_of(s).sewer
    if sewer is None:
        return None
    for name, _prefix in SEWER_POINTS.values():
        for o in getattr(sewer, name):
            if math.hypot(o.point[0] - p[0], o.point[1] - p[1]) <= tol and allowed(o):
                return o
    from dambuster.editor.geometry.table import model_point

    for m in sewer.models:
        q = model_point(sewer, m)
        if q is not None and math.hypot(q[0] - p[0], q[1] - p[1]) <= tol and allowed(m):
            return m
    return None


def shape_at(s: Scenario, p: Pt, tol: float, allowed=lambda _o: True) -> Any:
    """The top-most shape at ``p`` that ``allowed`` accepts: a line within ``tol`` of it or a polygon
    containing it."""
    from shapely.geometry import LineString, Point, Polygon

    hit = None
    for tg in targets(s, allowed):
        pts = getattr(tg.obj, tg.coords)
        geom = Polygon(pts) if tg.coords == "polygon" and len(pts) >= 3 else LineString(pts)
        if len(pts) >= 2 and geom.distance(Point(p)) <= (0 if tg.coords == "polygon" else tol):
            hit = tg.obj  # later targets are drawn above earlier ones
    return hit
