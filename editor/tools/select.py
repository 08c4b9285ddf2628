"""The select tool: a click picks the feature or unit under the cursor (units first, then point
features, hexside features, lines, areas); dragging a unit, dam (with its reservoir), river bridge,
marker or town moves it (one undo step on release; a drop the format refuses leaves it where it was
and says why in the status bar, see ``edits.move``); Delete removes the selection (undoable)."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterator

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem

from dambuster.model.scenario import Scenario

from ..edits.hex_map import delete_object
from ..edits.move import anchor, move_object
from ..geometry.hexes import HexGeometry
from ..style import tool_preview_item
from .base import Tool, say
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
        self.start = None  # the hex a drag started from
        self.ghost: QGraphicsPathItem | None = None  # the dashed hexes where a dragged feature would land

    def press(self, pos, modifiers=None) -> None:
        allowed = getattr(self.controller, "selectable", lambda _o: True)  # not from hidden or locked layers
        self.selection = object_at(self.doc.scenario, self.controller.geom, pos.x(), pos.y(), allowed)
        self.start = self.controller.geom.hex_at(pos.x(), pos.y())
        self.dragging = anchor(self.selection) is not None
        self.on_select(self.selection)

    def _landing(self, h) -> list:
        """The hexes the dragged feature would cover with the pressed hex on ``h``."""
        obj = self.selection
        d = (h[0] - self.start[0], h[1] - self.start[1])
        hexes = obj.hexes if hasattr(obj, "hexes") else [obj.hex]
        return [(a[0] + d[0], a[1] + d[1]) for a in hexes]

    def move(self, pos) -> None:
        if self.dragging:
            geom = self.controller.geom
            h = geom.hex_at(pos.x(), pos.y())
            self._preview([] if h == self.start else
                          [geom.corners(x, 0.8) for x in self._landing(h)])

    def _preview(self, polygons) -> None:
        if self.ghost is None:
            if not polygons:
                return
            self.ghost = tool_preview_item(self.controller.view.scene())
        path = QPainterPath()
        for corners in polygons:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in corners]))
            path.closeSubpath()
        self.ghost.setPath(path)

    def release(self, pos) -> None:
        if self.ghost is not None:
            if self.ghost.scene() is not None:
                self.ghost.scene().removeItem(self.ghost)
            self.ghost = None
        if self.dragging:
            self._drop(self.controller.geom.hex_at(pos.x(), pos.y()))
        self.dragging = False

    def _drop(self, h) -> None:
        obj = self.selection
        if h == self.start:
            return  # a click, not a move
        changes, why = move_object(self.doc.scenario, obj, h, self.start)
        if why:
            say(self.controller, f"Cannot move {describe(obj)} there: {why}")
            return
        owner, name, items = changes[0]
        moved = next(x for x in items if x not in getattr(owner, name))
        if push_changes(self.doc, changes, f"Move {describe(obj)}"):
            self.selection = moved
            self.on_select(moved)

    def delete(self) -> None:
        if self.selection is None:
            return
        if push_changes(self.doc, delete_object(self.doc.scenario, self.selection), f"Delete {describe(self.selection)}"):
            self.selection = None
            self.on_select(None)
