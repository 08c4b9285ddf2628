"""Table-map tools: draw polygons and polylines (a click per vertex, double-click or Enter to
finish, Escape to drop), place points (sewer points, flood origin, models), and edit vertices
(drag one, double-click an edge to insert one, select one and press Delete); sewer points, models
(onto the nearest corridor) and the flood origin are dragged, refused off the table; areas and lines
are dragged whole by their body; a rubber band selects several (``edits.table_group``). One undo
step each."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainterPath

from dambuster.editor.edits.hex_map import delete_object
from dambuster.editor.edits.move import move_table_point
from dambuster.editor.edits.refusals import point_refusal, shape_refusal
from dambuster.editor.edits.table_group import (
    clamp,
    delete_table_group,
    objects,
    points_of,
    table_objects_in,
    translate_group,
)
from dambuster.editor.edits.table_map import (
    delete_vertex,
    insert_vertex,
    move_vertex,
    nearest_edge,
    nearest_vertex,
    point_feature_at,
    set_flood_origin,
    shape_at,
)
from dambuster.editor.style import tool_preview_item
from dambuster.model.scenario import Area, Gantry, Model, SewerPoint, Waterway

from .base import Tool, push_changes, say
from .refusal_hint import clear, refuse
from .selection_marks import SelectionMarks

PICK_PIXELS = 10.0  # how near (in screen pixels) a click must be to a vertex or an edge
DRAG_PIXELS = 2.0  # a press that moves less than this (on screen) is a click: nothing moves


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

    def show_many(self, shapes) -> None:
        """Several outlines at once: ``[(points, closed)]``; a single point shows as a small square."""
        if self.item is None:
            self.item = tool_preview_item(self.view.scene())
        path = QPainterPath()
        for points, closed in shapes:
            if len(points) == 1:
                (x, y), r = points[0], 4.0 / max(self.view.zoom(), 1e-9)
                path.addRect(x - r, y - r, 2 * r, 2 * r)
                continue
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
        if push_changes(self.doc, self.finish_edit(self.doc.scenario, points), self.text):
            return True
        if points:
            refuse(self.controller, shape_refusal(self.name, self.closed), QPointF(*points[-1]))
        return False

    def cancel(self) -> None:
        self.points = []
        self.preview.clear()


class PointTool(Tool):
    """A click applies ``edit(scenario, point)``."""

    def __init__(self, doc, controller, edit: Callable, text: str, name: str = "point"):
        super().__init__(doc, controller)
        self.edit, self.text, self.name = edit, text, name

    def press(self, pos, modifiers=None) -> None:

        clear(self.controller.view)
        if not push_changes(self.doc, self.edit(self.doc.scenario, _xy(pos)), self.text):
            refuse(self.controller, point_refusal(self.name, self.doc.scenario), pos)


class VertexTool(Tool):
    """A click near a vertex grabs it (drag to move, Delete to remove it); elsewhere it selects a
    sewer point, a model or the shape under the mouse: dragging it moves it whole (every point of an
    area or line), Delete removes it. A drag from empty cloth is a rubber band: the features wholly
    inside it become a group that moves by dragging any member, goes with Delete and copies with
    Copy. One undo step each; the live validation follows the document."""

    name = "vertex"

    def __init__(self, doc, controller, on_select: Callable[[Any], None] = lambda _o: None):
        super().__init__(doc, controller)
        self.on_select = on_select
        self.grab = None  # (target, index) being dragged or selected
        self.selection: Any = None  # a point feature, a model or a shape
        self.group: list = []  # the rubber band's features (two or more), when selected
        self.band_from: tuple[float, float] | None = None
        self.press_at: tuple[float, float] | None = None
        self.dragged = False
        self.origin = False  # the sewer's flood origin is pressed (it is a point, not an object)
        self.preview = _Preview(controller.view)
        self.marks = SelectionMarks()  # what is selected, outlined as on hex maps
        doc.features_changed.connect(self._mark)

    def _mark(self, *_args) -> None:
        """Outlines the group, the selection or the shape whose vertex is grabbed (not what is gone)."""
        s, grabbed = self.doc.scenario, self.grab[0].obj if self.grab else None
        live = {id(o) for o in objects(s)}
        chosen = self.group or [o for o in (self.selection, grabbed) if o is not None]
        shapes = [(points_of(s, o), _closed(o)) for o in chosen if id(o) in live]
        self.marks.show_shapes(self.controller.view.scene(), shapes)

    def select_objects(self, objs: list) -> None:
        """Selects ``objs`` (one, or a group of several), as after a paste."""
        self.grab = None
        self.group = list(objs) if len(objs) > 1 else []
        self.selection = objs[0] if len(objs) == 1 else None
        self.on_select(self.selection)
        self._mark()

    def drop(self) -> None:
        """Another tool or another file: the marks go."""
        self.marks.clear()
        try:
            self.doc.features_changed.disconnect(self._mark)
        except (RuntimeError, TypeError):
            pass

    def _near_origin(self, p) -> bool:
        sewer = self.doc.scenario.map.sewer
        o = None if sewer is None else sewer.flood_origin
        layers = getattr(self.controller.view.scene(), "layers", None)
        return (
            o is not None
            and math.hypot(o[0] - p[0], o[1] - p[1]) <= self.tolerance()
            and (layers is None or layers.editable("sewer"))
        )

    def tolerance(self) -> float:
        return PICK_PIXELS / max(self.controller.view.zoom(), 1e-9)

    def _allowed(self):
        return getattr(self.controller, "selectable", lambda _o: True)  # not from hidden or locked layers

    def press(self, pos, modifiers=None) -> None:
        s, p, ok = self.doc.scenario, _xy(pos), self._allowed()
        self.press_at, self.band_from, self.dragged = p, None, False
        live = {id(o) for o in objects(s)}
        self.group = [
            g for g in self.group if id(g) in live and ok(g)
        ]  # deleted, locked or hidden since: out
        self.grab = nearest_vertex(s, p, self.tolerance(), ok)
        point = point_feature_at(s, p, self.tolerance(), ok)
        self.origin = self.grab is None and point is None and self._near_origin(p)  # drawn over the shapes
        hit = None if self.origin else point or shape_at(s, p, self.tolerance(), ok)
        member = self.grab[0].obj if self.grab else hit
        if len(self.group) > 1 and any(member is g for g in self.group):
            self.grab = None  # the whole group follows
            return self._mark()
        self.group = []
        self.selection = None if self.grab else hit
        if self.grab is None and hit is None and not self.origin:
            self.band_from = p
        self.on_select(self.grab[0].obj if self.grab else self.selection)
        self._mark()

    def _offset(self, pos) -> tuple[float, float]:
        """How far ``pos`` is from where the button went down (asked only while it is down)."""
        if self.press_at is None:
            raise RuntimeError("no button is down")
        x, y = _xy(pos)
        return x - self.press_at[0], y - self.press_at[1]

    def move(self, pos) -> None:
        if self.press_at is None:
            return
        dx, dy = self._offset(pos)
        if self.band_from is not None:
            (x0, y0), (x1, y1) = self.band_from, _xy(pos)
            self.preview.show([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], closed=True)
            return
        if math.hypot(dx, dy) * self.controller.view.zoom() >= DRAG_PIXELS:
            self.dragged = (
                self.grab is not None or self.selection is not None or bool(self.group) or self.origin
            )
        if self.dragged and self.origin:
            self.preview.show_many([([_xy(pos)], False)])
        whole = self.group or ([self.selection] if self.selection is not None and self.grab is None else [])
        if self.dragged and whole:
            s = self.doc.scenario
            dx, dy = clamp(s, [q for o in whole for q in points_of(s, o)], dx, dy)
            self.preview.show_many([(_shifted_pts(points_of(s, o), dx, dy), _closed(o)) for o in whole])

    def release(self, pos) -> None:
        self.preview.clear()
        if self.band_from is not None:
            self._band(self.band_from, _xy(pos))
        elif self.dragged and self.origin:
            self._move_origin(_xy(pos))
        elif self.dragged and self.group:
            self._move_whole(self.group, pos, f"Move {len(self.group)} features")
        elif self.dragged and self.grab is None and self.selection is not None:
            obj = self.selection
            if isinstance(obj, (SewerPoint, Model)):
                self._move_point(obj, pos)
            else:
                self._move_whole([obj], pos, f"Move {obj.id}")
        elif self.dragged and self.grab is not None:
            target, i = self.grab
            if push_changes(self.doc, move_vertex(target, i, _xy(pos)), f"Move a vertex of {target.obj.id}"):
                self.grab = nearest_vertex(self.doc.scenario, _xy(pos), self.tolerance(), self._allowed())
        self.dragged = self.origin = False
        self.band_from = self.press_at = None
        self._mark()

    def _band(self, a, b) -> None:
        rect = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
        found = table_objects_in(self.doc.scenario, rect, self._allowed())
        if len(found) == 1:
            self.selection = found[0]
            self.on_select(found[0])
        elif found:
            self.group = found
            self.on_select(None)
            say(
                self.controller,
                f"Selected {len(found)} features: drag one to move them all, Delete removes them",
            )

    def _move_point(self, obj, pos) -> None:
        changes, why = move_table_point(self.doc.scenario, obj, _xy(pos))
        if why:
            say(self.controller, f"Cannot move {obj.id} there: {why}")
        elif changes:
            owner, name, items = changes[0]
            moved = next(x for x in items if x not in getattr(owner, name))  # before the push applies it
            push_changes(self.doc, changes, f"Move {obj.id}")
            self.selection = moved
            self.on_select(moved)

    def _move_origin(self, p) -> None:
        t = self.doc.scenario.map
        if not (0 <= p[0] <= t.width and 0 <= p[1] <= t.depth):
            say(self.controller, "Cannot move the flood origin there: it cannot leave the table")
            return
        push_changes(self.doc, set_flood_origin(self.doc.scenario, p), "Move the flood origin")

    def _move_whole(self, objs: list, pos, text: str) -> None:
        changes, shortened = translate_group(self.doc.scenario, objs, *self._offset(pos))
        renamed = {}
        for owner, name, value in changes:  # the moved copies, found before the push applies them
            old = getattr(owner, name)
            if isinstance(value, list):
                renamed.update({id(a): b for a, b in zip(old, value) if a is not b})
            elif old is not None and value is not old:
                renamed[id(old)] = value
        if not push_changes(self.doc, changes, text):
            if shortened:
                say(self.controller, "Kept on the table: nothing can go further off its edge")
            return
        if self.group:
            self.group = [renamed.get(id(o), o) for o in self.group]
        else:
            self.selection = renamed.get(id(objs[0]), objs[0])
            self.on_select(self.selection)
        if shortened:
            say(self.controller, "Kept on the table: the move stops at its edge")

    def double_click(self, pos) -> None:
        hit = nearest_edge(self.doc.scenario, _xy(pos), self.tolerance(), self._allowed())
        if hit is not None:
            target, index, p = hit
            push_changes(self.doc, insert_vertex(target, index, p), f"Insert a vertex into {target.obj.id}")

    def delete(self) -> None:
        if self.group:
            if push_changes(
                self.doc,
                delete_table_group(self.doc.scenario, self.group),
                f"Delete {len(self.group)} features",
            ):
                self.group = []
        elif self.grab is not None:
            target, i = self.grab
            push_changes(self.doc, delete_vertex(target, i), f"Delete a vertex of {target.obj.id}")
            self.grab = None
        elif self.selection is not None:
            push_changes(
                self.doc, delete_object(self.doc.scenario, self.selection), f"Delete {self.selection.id}"
            )
            self.selection = None
        self._mark()

    def cancel(self) -> None:
        self.preview.clear()


def _shifted_pts(points, dx: float, dy: float) -> list:
    return [(x + dx, y + dy) for x, y in points]


def _closed(obj) -> bool:
    return isinstance(obj, (Area, Waterway, Gantry))
