"""What `dambuster diff --format png|svg` draws over the new map: the changes of
:func:`dambuster.model.semantic_diff.compare`, outlined where they lie.

* changed hexes (terrain) and changed features: an amber outline (CHANGED) -- the field that changed
  where it has a place (a unit's new hex, a polygon's new outline, the hexsides added to a list), else
  the feature's own place (a dam's hex for its SP);
* added features, and hexes added to a town, a reservoir, a river's course...: a green outline (ADDED);
* removed features, hexes taken out of a list, and the old place of a moved feature: a red dashed
  outline (REMOVED) where they were, drawn on the new map's grid.

A set of hexes is outlined as one region (neighbouring hexes share one outline); hexsides as a thick
segment; on tables, points are ringed and lines and polygons traced. Changes without a place on the
map (meta, sides, parameters, unit types, an order) are not drawn: the text form lists them, and
neither is anything when a hex map was replaced by a table (or back): the whole map is new.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem

from dambuster.editor.geometry.hexes import HexGeometry
from dambuster.editor.geometry.locate import find_by_id
from dambuster.model.codec import to_dict
from dambuster.model.hexgrid import Hex, Hexside, Layout
from dambuster.model.scenario import HexMap, Model, Point, Scenario, TableMap
from dambuster.model.semantic_diff import Change

if TYPE_CHECKING:
    from .headless import HeadlessMap

CHANGED = QColor("#f08c00")
ADDED = QColor("#1e9e3c")
REMOVED = QColor("#d0201a")
Z = 5000.0  # above every layer of the map
#: top-level fields of a scenario whose values have a place on the map
PLACED = ("map", "units", "setup_zones")
_IDS = re.compile(r"\[([^\]]*)\]")


@dataclass
class Places:
    """Where a value lies: hexes and hexsides (hex maps), points, lines and polygons (tables)."""

    hexes: set[Hex] = field(default_factory=set[Hex])
    hexsides: set[Hexside] = field(default_factory=set[Hexside])
    points: list[Point] = field(default_factory=list[Point])
    lines: list[tuple[Point, ...]] = field(default_factory=list[tuple[Point, ...]])
    polygons: list[tuple[Point, ...]] = field(default_factory=list[tuple[Point, ...]])

    def __bool__(self) -> bool:
        return bool(self.hexes or self.hexsides or self.points or self.lines or self.polygons)

    def minus(self, other: Places) -> Places:
        """The places of this one that ``other`` does not have."""
        return Places(
            self.hexes - other.hexes,
            self.hexsides - other.hexsides,
            [p for p in self.points if p not in other.points],
            [ln for ln in self.lines if ln not in other.lines],
            [pg for pg in self.polygons if pg not in other.polygons],
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Places):
            return NotImplemented
        return (
            self.hexes,
            self.hexsides,
            sorted(self.points),
            sorted(self.lines),
            sorted(self.polygons),
        ) == (other.hexes, other.hexsides, sorted(other.points), sorted(other.lines), sorted(other.polygons))


def _numbers(v: Any, n: int, whole: bool) -> bool:
    if not isinstance(v, list):
        return False
    items = cast("list[Any]", v)  # JSON
    kinds = int if whole else (int, float)
    return len(items) == n and all(isinstance(x, kinds) and not isinstance(x, bool) for x in items)


def places_of(value: Any, hex_map: bool, out: Places | None = None, key: str = "") -> Places:
    """The places in a value as the file holds it (JSON): on a hex map [q, r] is a hex and [q, r, d] a
    hexside; on a table [x, y] is a point, a list of points a line (a polygon under ``polygon``)."""
    out = Places() if out is None else out
    if isinstance(value, dict):
        for k, v in cast("dict[str, Any]", value).items():  # JSON: an object's keys are text
            places_of(v, hex_map, out, k)
    elif isinstance(value, list):
        value = cast("list[Any]", value)  # JSON
        if hex_map and _numbers(value, 2, True):
            out.hexes.add(tuple(value))
        elif hex_map and _numbers(value, 3, True):
            out.hexsides.add(tuple(value))
        elif not hex_map and _numbers(value, 2, False):
            out.points.append(tuple(value))
        elif not hex_map and len(value) > 1 and all(_numbers(p, 2, False) for p in value):
            (out.polygons if key == "polygon" else out.lines).append(tuple(tuple(p) for p in value))
        else:
            for v in value:
                places_of(v, hex_map, out, key)
    return out


def anchor_of(obj: object, scenario: Scenario, hex_map: bool) -> Places:
    """Where a feature is marked when a field without a place changed: its hex, hexside or point, else
    all its places (a sewer model: its point along its corridor)."""
    data = to_dict(obj)
    if isinstance(data, dict):
        fields = cast("dict[str, Any]", data)  # JSON: an object's keys are text
        for key in ("hex", "side", "point"):
            if fields.get(key) is not None:
                return places_of(fields[key], hex_map)
    found = places_of(data, hex_map)
    sewer = scenario.map.sewer if isinstance(scenario.map, TableMap) else None
    if not found and isinstance(obj, Model) and obj.corridor and sewer:
        from dambuster.editor.geometry.table import model_point

        pt = model_point(sewer, obj)
        if pt is not None:
            found.points.append((pt[0], pt[1]))
    return found


def _feature(scenario: Scenario, path: str) -> object:
    """The deepest object with an id named in a change's path (``map.dams[dam-1].sp``), or None."""
    for ident in reversed(_IDS.findall(path)):
        obj = find_by_id(scenario, ident)
        if obj is not None:
            return obj
    return None


def _labels(layout: Layout | None, labels: Iterable[str] | None) -> set[Hex]:
    hexes: set[Hex] = set()
    if layout is None:  # a table: no hex labels
        return hexes
    for label in labels or ():
        try:
            hexes.add(layout.from_label(label))
        except ValueError:
            continue
    return hexes


def _terrain_hexes(layout: Layout, change: Change) -> set[Hex]:
    """The hexes of a terrain run: ``count`` hexes down the column from the first label."""
    first = _labels(layout, change.extra.get("hexes", [])[:1])
    if not first:
        return set()
    col, row = layout.to_offset(first.pop())
    return {layout.to_axial(col, row + i) for i in range(int(change.extra.get("count", 1)))}


def sort_changes(old: Scenario, new: Scenario, changes: Iterable[Change], hex_map: bool) -> dict[str, Places]:
    """The places of ``changes`` by how they are drawn: "changed", "added", "removed"."""
    marks = {"changed": Places(), "added": Places(), "removed": Places()}
    if type(old.map) is not type(new.map):  # a hex map replaced by a table, or back: all of it is new
        return marks
    layout = new.map.layout if hex_map and isinstance(new.map, HexMap) else None

    def into(kind: str, places: Places) -> None:
        m = marks[kind]
        m.hexes |= places.hexes
        m.hexsides |= places.hexsides
        m.points += places.points
        m.lines += places.lines
        m.polygons += places.polygons

    for c in changes:
        if c.change == "terrain":
            if layout is not None:
                into("changed", Places(hexes=_terrain_hexes(layout, c)))
            continue
        if c.change == "order" or c.path.split(".")[0].split("[")[0] not in PLACED:
            continue
        if c.change in ("added", "removed"):
            into(c.change, places_of(c.new if c.change == "added" else c.old, hex_map))
        elif "added" in c.extra or "removed" in c.extra:  # a list of hexes
            into("added", Places(hexes=_labels(layout, c.extra.get("added"))))
            into("removed", Places(hexes=_labels(layout, c.extra.get("removed"))))
        else:
            now, before = places_of(c.new, hex_map), places_of(c.old, hex_map)
            if now or before:  # a moved feature, a reshaped area, a list of hexsides...
                into("changed", now.minus(before) or now)
                into("removed", before.minus(now))
            else:
                obj = _feature(new, c.path)
                if obj is not None:
                    into("changed", anchor_of(obj, new, hex_map))
    return marks


def _path(places: Places, geom: HexGeometry | None) -> QPainterPath:
    path = QPainterPath()
    if geom is not None:
        region = QPainterPath()
        for h in places.hexes:
            region.addPolygon(QPolygonF([QPointF(x, y) for x, y in geom.corners(h)]))
            region.closeSubpath()
        path.addPath(region.simplified())
        for side in places.hexsides:
            (x0, y0), (x1, y1) = geom.hexside_segment(side)
            path.moveTo(x0, y0)
            path.lineTo(x1, y1)
    return path


def _table_path(places: Places, radius: float) -> QPainterPath:
    path = QPainterPath()
    for x, y in places.points:
        path.addEllipse(QPointF(x, y), radius, radius)
    for line in places.lines:
        path.moveTo(*line[0])
        for p in line[1:]:
            path.lineTo(*p)
    for poly in places.polygons:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in poly]))
        path.closeSubpath()
    return path


def mark_changes(
    headless: HeadlessMap, old: Scenario, new: Scenario, changes: Iterable[Change]
) -> dict[str, Places]:
    """Adds the outlines of ``changes`` to the headless map's scene (above every layer); the places."""
    hex_map = headless.doc.is_hex
    marks = sort_changes(old, new, changes, hex_map)
    geom = headless.hex_geometry()
    if geom is not None:
        width = 0.16 * geom.size
    else:
        m = new.map
        width = 0.004 * max(m.width, m.depth) if isinstance(m, TableMap) else 0.0
    scene = headless.scene
    headless.marks = []  # the scene does not keep the Python side of items added through MapScene.addItem
    for kind, colour, dash in (
        ("removed", REMOVED, Qt.PenStyle.DashLine),
        ("changed", CHANGED, Qt.PenStyle.SolidLine),
        ("added", ADDED, Qt.PenStyle.SolidLine),
    ):
        places = marks[kind]
        if not places:
            continue
        path = _path(places, geom) if hex_map else _table_path(places, 4 * width)
        item = QGraphicsPathItem(path)
        item.setPen(QPen(colour, width, dash, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        item.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        item.setZValue(Z)
        scene.addItem(item)
        headless.marks.append(item)
    return marks


__all__ = ["ADDED", "CHANGED", "REMOVED", "Places", "anchor_of", "mark_changes", "places_of", "sort_changes"]
