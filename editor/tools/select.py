"""The select tool: a click picks the feature or unit under the cursor (units first, then point
features, hexside features, lines, areas); dragging a unit moves it (one undo step on release);
Delete removes the selection (undoable)."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterator

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem

from dambuster.model.scenario import Scenario

from ..edits.hex_map import delete_object, move_unit
from ..geometry.hexes import HexGeometry
from ..style import tool_preview_item
from .base import Tool
from .hexside import nearest_hexside
from .place import push_changes


def object_at(s: Scenario, geom: HexGeometry, x: float, y: float,
              allowed: Callable[[Any], bool] = lambda _o: True) -> Any:
    """The top-most selectable object at a scene point of a hex map (passing over those ``allowed``
    refuses: objects of hidden or locked layers), or None."""
    return next((o for o in _objects_at(s, geom, x, y) if allowed(o)), None)


def _objects_at(s: Scenario, geom: HexGeometry, x: float, y: float) -> Iterator[Any]:
    """The objects at a scene point, top-most first."""
    h = geom.hex_at(x, y)
    m, mk = s.map, s.map.markers
    yield from reversed([u for u in s.units if u.hex == h])  # the one drawn on top first
    for items in (m.dams, m.river_bridges, mk.revetments, mk.mines, mk.entrenchments, mk.road_cuts):
        yield from (o for o in items if o.hex == h)
    side = nearest_hexside(geom, x, y)
    if side is not None:
        for items in (m.stream_bridges, m.hexsides):
            yield from (o for o in reversed(items) if o.side == side)
    for items in (m.rivers, m.roads, m.rails, m.towns):
        yield from (o for o in items if h in o.hexes)


def describe(obj: Any) -> str:
    if obj is None:
        return ""
    kind = type(obj).__name__
    ident = getattr(obj, "id", None)
    return f"{kind} {ident}" if ident else kind


def summary(obj: Any, layout=None) -> str:
    """One line per field of a selected object, hexes as map labels when the layout is known."""
    if obj is None or not dataclasses.is_dataclass(obj):
        return ""

    def show(v):
        if isinstance(v, tuple) and len(v) == 2 and layout is not None:
            return layout.label(v)
        if isinstance(v, list) and len(v) > 4:
            return f"{len(v)} entries"
        if isinstance(v, list):
            return ", ".join(show(x) for x in v)
        return str(v)

    lines = [type(obj).__name__]
    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        if v not in (None, "", []):
            lines.append(f"{f.name}: {show(v)}")
    return "\n".join(lines)


class SelectTool(Tool):
    name = "select"

    def __init__(self, doc, controller, on_select: Callable[[Any], None] = lambda _o: None):
        super().__init__(doc, controller)
        self.on_select = on_select
        self.selection: Any = None
        self.dragging = False
        self.ghost: QGraphicsPathItem | None = None  # the dashed hex where a dragged unit would land

    def press(self, pos, modifiers=None) -> None:
        allowed = getattr(self.controller, "selectable", lambda _o: True)  # not from hidden or locked layers
        self.selection = object_at(self.doc.scenario, self.controller.geom, pos.x(), pos.y(), allowed)
        self.dragging = self.selection is not None and type(self.selection).__name__ == "Unit"
        self.on_select(self.selection)

    def move(self, pos) -> None:
        if self.dragging:
            h = self.controller.hex_at(pos)
            self._preview([] if h is None else self.controller.geom.corners(h, 0.8))

    def _preview(self, corners) -> None:
        if self.ghost is None:
            if not corners:
                return
            self.ghost = tool_preview_item(self.controller.view.scene())
        path = QPainterPath()
        if corners:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in corners]))
            path.closeSubpath()
        self.ghost.setPath(path)

    def release(self, pos) -> None:
        if self.ghost is not None:
            if self.ghost.scene() is not None:
                self.ghost.scene().removeItem(self.ghost)
            self.ghost = None
        if self.dragging:
            h = self.controller.hex_at(pos)
            unit = self.selection
            if h is not None and push_changes(self.doc, move_unit(self.doc.scenario, unit.id, h),
                                              f"Move {unit.id}"):
                self.selection = next(u for u in self.doc.scenario.units if u.id == unit.id)
                self.on_select(self.selection)
        self.dragging = False

    def delete(self) -> None:
        if self.selection is None:
            return
        if push_changes(self.doc, delete_object(self.doc.scenario, self.selection), f"Delete {describe(self.selection)}"):
            self.selection = None
            self.on_select(None)
