"""Table-map tools: draw polygons and polylines (a click per vertex, double-click or Enter to
finish, Escape to drop), place points (sewer points, flood origin, models), and edit vertices
(drag one, double-click an edge to insert one, select one and press Delete); sewer points and models
are dragged whole (a model onto the nearest corridor), one undo step, refused off the table."""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath

from ..edits.hex_map import delete_object
from ..edits.table_map import (delete_vertex, insert_vertex, move_vertex, nearest_edge, nearest_vertex,
                               point_feature_at, shape_at)
from ..style import tool_preview_item
from ..edits.move import move_table_point
from .base import Tool, say
from .place import push_changes

PICK_PIXELS = 10.0  # how near (in screen pixels) a click must be to a vertex or an edge


def _xy(pos: QPointF) -> tuple[float, float]:
    return float(pos.x()), float(pos.y())


class _Preview:
    def __init__(self, view):
        self.view, self.item = view, None

    def show(self, points, closed: bool = False) -> None:
        if self.item is None:
            self.item = tool_preview_item(self.view.scene())
        path = QPainterPath()
        for i, (x, y) in enumerate(points):
            path.moveTo(x, y) if i == 0 else path.lineTo(x, y)
        if closed and len(points) > 2:
            path.closeSubpath()
        self.item.setPath(path)

    def clear(self) -> None:
        if self.item is not None and self.item.scene() is not None:
            self.item.scene().removeItem(self.item)
        self.item = None


class DrawTool(Tool):
    """Collects vertices, then applies ``finish(scenario, points)`` (one undo step)."""

    def __init__(self, doc, controller, finish: Callable, text: str, closed: bool, name: str = "draw"):
        super().__init__(doc, controller)
        self.finish_edit, self.text, self.closed, self.name = finish, text, closed, name
        self.points: list[tuple[float, float]] = []
        self.preview = _Preview(controller.view)

    def press(self, pos, modifiers=None) -> None:
        p = _xy(pos)
        if not self.points or self.points[-1] != p:
            self.points.append(p)
        self.preview.show(self.points, self.closed)

    def move(self, pos) -> None:
        if self.points:
            self.preview.show(self.points + [_xy(pos)], self.closed)

    def double_click(self, pos) -> None:
        self.press(pos)
        self.finish()

    def finish(self) -> bool:
        points, self.points = self.points, []
        self.preview.clear()
        return push_changes(self.doc, self.finish_edit(self.doc.scenario, points), self.text)

    def cancel(self) -> None:
        self.points = []
        self.preview.clear()


class PointTool(Tool):
    """A click applies ``edit(scenario, point)``."""

    def __init__(self, doc, controller, edit: Callable, text: str, name: str = "point"):
        super().__init__(doc, controller)
        self.edit, self.text, self.name = edit, text, name

    def press(self, pos, modifiers=None) -> None:
        push_changes(self.doc, self.edit(self.doc.scenario, _xy(pos)), self.text)


class VertexTool(Tool):
    """A click near a vertex grabs it (drag to move, Delete to remove it); elsewhere it selects a
    sewer point, a model or the shape under the mouse (Delete removes it whole)."""

    name = "vertex"

    def __init__(self, doc, controller, on_select: Callable[[Any], None] = lambda _o: None):
        super().__init__(doc, controller)
        self.on_select = on_select
        self.grab = None  # (target, index) being dragged or selected
        self.selection: Any = None  # a point feature or model
        self.dragged = False

    def tolerance(self) -> float:
        return PICK_PIXELS / max(self.controller.view.zoom(), 1e-9)

    def press(self, pos, modifiers=None) -> None:
        s, p = self.doc.scenario, _xy(pos)
        ok = getattr(self.controller, "selectable", lambda _o: True)  # not from hidden or locked layers
        self.grab = nearest_vertex(s, p, self.tolerance(), ok)
        self.selection = None if self.grab else (point_feature_at(s, p, self.tolerance(), ok)
                                                 or shape_at(s, p, self.tolerance(), ok))
        self.dragged = False
        self.on_select(self.grab[0].obj if self.grab else self.selection)

    def move(self, pos) -> None:
        self.dragged = self.grab is not None or self.selection is not None

    def release(self, pos) -> None:
        if self.grab is None and self.selection is not None and self.dragged:
            obj = self.selection
            changes, why = move_table_point(self.doc.scenario, obj, _xy(pos))
            if why:
                say(self.controller, f"Cannot move {obj.id} there: {why}")
            elif changes:
                owner, name, items = changes[0]
                moved = next(x for x in items if x not in getattr(owner, name))  # before the push applies it
                push_changes(self.doc, changes, f"Move {obj.id}")
                self.selection = moved
                self.on_select(moved)
        if self.grab is not None and self.dragged:
            target, i = self.grab
            if push_changes(self.doc, move_vertex(target, i, _xy(pos)), f"Move a vertex of {target.obj.id}"):
                self.grab = nearest_vertex(self.doc.scenario, _xy(pos), self.tolerance(),
                                           getattr(self.controller, "selectable", lambda _o: True))
        self.dragged = False

    def double_click(self, pos) -> None:
        hit = nearest_edge(self.doc.scenario, _xy(pos), self.tolerance(),
                           getattr(self.controller, "selectable", lambda _o: True))
        if hit is not None:
            target, index, p = hit
            push_changes(self.doc, insert_vertex(target, index, p), f"Insert a vertex into {target.obj.id}")

    def delete(self) -> None:
        if self.grab is not None:
            target, i = self.grab
            push_changes(self.doc, delete_vertex(target, i), f"Delete a vertex of {target.obj.id}")
            self.grab = None
        elif self.selection is not None:
            push_changes(self.doc, delete_object(self.doc.scenario, self.selection), f"Delete {self.selection.id}")
            self.selection = None
