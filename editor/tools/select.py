"""The select tool: a click picks the feature or unit under the cursor (units first, then point
features, hexside features, lines, areas); dragging a unit, dam (with its reservoir), river bridge,
marker or town moves it, a stream bridge snaps to the hexside nearest the cursor, and dragging a hex
of a river, road or rail reroutes the line through the drop (``edits.path_vertex``): one undo step on
release; a drop the format refuses leaves it where it was and says why in the status bar
(``edits.move``). A rubber band from an empty place selects several. Delete removes the selection
(undoable)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem

from dambuster.editor.edits.hex_map import delete_object, hex_map_of
from dambuster.editor.edits.move import anchor, delete_group, move_group, move_object, move_stream_bridge
from dambuster.editor.edits.path_vertex import list_of, move_path_hex, rerouted
from dambuster.editor.geometry.hexes import HexGeometry, nearest_hexside
from dambuster.editor.geometry.locate import find_by_id
from dambuster.editor.style import tool_preview_item
from dambuster.model.hexgrid import Hex, hexside_hexes
from dambuster.model.scenario import Scenario, StreamBridge

from .base import Tool, push_changes, say
from .object_words import describe, summary, words  # noqa: F401 (the Place dock reads them here)
from .selection_marks import SelectionMarks

#: a dragged stream bridge snaps to a side of the hex under the cursor from anywhere in it (the
#: farthest point of a hex from every side's midpoint is a corner, one hex size away)
SNAP = 1.0


def object_at(
    s: Scenario, geom: HexGeometry, x: float, y: float, allowed: Callable[[Any], bool] = lambda _o: True
) -> Any:
    """The top-most selectable object at a scene point of a hex map (passing over those ``allowed``
    refuses: objects of hidden or locked layers), or None."""
    return next((o for o in _objects_at(s, geom, x, y) if allowed(o)), None)


def _objects_at(s: Scenario, geom: HexGeometry, x: float, y: float) -> Iterator[Any]:
    """The objects at a scene point, top-most first."""
    h = geom.hex_at(x, y)
    m = hex_map_of(s)
    mk = m.markers
    yield from reversed([u for u in s.units if u.hex == h])  # the one drawn on top first
    for items in (m.dams, m.river_bridges, mk.revetments, mk.mines, mk.entrenchments, mk.road_cuts):
        yield from (o for o in items if o.hex == h)
    side = nearest_hexside(geom, x, y)
    if side is not None:
        for items in (m.stream_bridges, m.hexsides):
            yield from (o for o in reversed(items) if o.side == side)
    for items in (m.rivers, m.roads, m.rails, m.towns):
        yield from (o for o in items if h in o.hexes)


def objects_in(s: Scenario, geom: HexGeometry, rect: QRectF, allowed: Callable[[Any], bool]) -> list:
    """The draggable objects whose hexes' centres (a stream bridge: its hexside's midpoint) all lie in
    a scene rectangle (a rubber band)."""
    m = hex_map_of(s)
    mk = m.markers
    inside = lambda h: rect.contains(QPointF(*geom.center(h)))  # noqa: E731
    out = []
    for items in (
        s.units,
        m.dams,
        m.river_bridges,
        mk.revetments,
        mk.mines,
        mk.entrenchments,
        mk.road_cuts,
        m.towns,
    ):
        for o in items:
            hexes = _hexes(o)  # a unit entering later has no hex
            if hexes and None not in hexes and all(inside(h) for h in hexes) and allowed(o):
                out.append(o)
    out += [b for b in m.stream_bridges if rect.contains(QPointF(*geom.hexside_mid(b.side))) and allowed(b)]
    return out


def _hexes(obj: Any) -> list[Hex | None]:
    """The hexes of a town, river, road or rail, or the one hex of another object (None: a unit that
    enters later)."""
    return obj.hexes if hasattr(obj, "hexes") else [obj.hex]


def side_polygon(geom: HexGeometry, side) -> list[tuple[float, float]]:
    """A thin diamond over a hexside (its two ends and points a third of the way to each hex's
    centre): the ghost of a stream bridge."""
    (ax, ay), (bx, by) = geom.hexside_segment(side)
    mx, my = geom.hexside_mid(side)
    out = [(ax, ay)]
    for h in hexside_hexes(side):
        cx, cy = geom.center(h)
        out.append((mx + (cx - mx) / 3.0, my + (cy - my) / 3.0))
        if len(out) == 2:
            out.append((bx, by))
    return out


def outlines(geom: HexGeometry, objects: list) -> list[list[tuple[float, float]]]:
    """The polygons outlining selected objects: each hex they hold, slightly inset so neighbouring
    outlines stay apart (a stream bridge: the diamond over its hexside)."""
    out: list[list[tuple[float, float]]] = []
    for obj in objects:
        if isinstance(obj, StreamBridge):
            out.append(side_polygon(geom, tuple(obj.side)))
            continue
        hexes = obj.hexes if hasattr(obj, "hexes") else [getattr(obj, "hex", None)]
        out += [geom.corners(h, 0.9) for h in hexes if h is not None]
    return out


def live_ids(s: Scenario) -> set[int]:
    """The identities of every selectable object of a hex map (a selection not among them is gone:
    undone, deleted or replaced)."""
    m = hex_map_of(s)
    mk = m.markers
    groups = (s.units, m.dams, m.river_bridges, mk.revetments, mk.mines, mk.entrenchments, mk.road_cuts)
    groups += (m.stream_bridges, m.hexsides, m.rivers, m.roads, m.rails, m.towns)
    return {id(o) for items in groups for o in items}


class SelectTool(Tool):
    """Selects one object (a click), several (a rubber band dragged from an empty place: then they
    move together by dragging one of them, or go with Delete, one undo step each), or drags one."""

    name = "select"

    def __init__(self, doc, controller, on_select: Callable[[Any], None] = lambda _o: None):
        super().__init__(doc, controller)
        self.on_select = on_select
        self.selection: Any = None
        self.group: list = []  # the rubber band's objects (two or more), when selected
        self.band_from: QPointF | None = None
        self.vertex: int | None = None  # a dragged line's pressed hex
        self.dragging = False
        self.start: Hex | None = None  # the hex a drag started from (set by each press)
        self.ghost: QGraphicsPathItem | None = None  # the dashed hexes where a dragged feature would land
        self.marks = SelectionMarks()  # the selection's outline and handles
        doc.features_changed.connect(self._features_changed)

    def selected(self) -> list:
        """What is selected: the rubber band's group, or the one object picked, or nothing."""
        return list(self.group) or ([self.selection] if self.selection is not None else [])

    def select_objects(self, objs: list) -> None:
        """Selects ``objs`` (one, or a group of several), as after a paste."""
        self.group = list(objs) if len(objs) > 1 else []
        self.selection = objs[0] if len(objs) == 1 else None
        self.on_select(self.selection)
        self._mark()

    def _mark(self) -> None:
        self.marks.show(self.controller.view.scene(), outlines(self.controller.geom, self.selected()))

    def _features_changed(self) -> None:
        """An undo, a delete or another tool's edit: a selected object replaced by another of the same
        id (an undone move) stays selected as the new one; one no longer on the map leaves the
        selection (not during this tool's own drop, which selects what it moved)."""
        if self.dragging:
            return
        s = self.doc.scenario
        live = live_ids(s)

        def again(obj):
            if obj is None or id(obj) in live:
                return obj
            ident = getattr(obj, "id", None)
            found = find_by_id(s, ident) if ident else None
            return found if type(found) is type(obj) else None

        self.group = [g for g in map(again, self.group) if g is not None]
        if again(self.selection) is not self.selection:
            self.selection = again(self.selection)
            self.on_select(self.selection)
        self._mark()

    def drop(self) -> None:
        """Another tool or another file: the selection and its marks go."""
        self.marks.clear()
        if self.selection is not None or self.group:
            self.selection, self.group = None, []
            self.on_select(None)
        try:
            self.doc.features_changed.disconnect(self._features_changed)
        except (RuntimeError, TypeError):
            pass

    def press(self, pos, modifiers=None) -> None:
        allowed = getattr(self.controller, "selectable", lambda _o: True)  # not from hidden or locked layers
        obj = object_at(self.doc.scenario, self.controller.geom, pos.x(), pos.y(), allowed)
        self.start = self.controller.geom.hex_at(pos.x(), pos.y())
        self.band_from = None
        self.vertex = None
        self.group = [g for g in self.group if allowed(g)]  # a layer locked or hidden since: out
        if len(self.group) > 1 and any(obj is g for g in self.group):
            self.dragging = True  # the whole group follows
            return
        self.group = []
        self.selection = obj
        if obj is not None and list_of(self.doc.scenario, obj) is not None and self.start in obj.hexes:
            self.vertex = obj.hexes.index(self.start)
        self.dragging = anchor(obj) is not None or self.vertex is not None
        if obj is None:
            self.band_from = QPointF(pos)
        self.on_select(obj)
        self._mark()

    def _landing(self, h) -> list:
        """The outlines of where the dragged features would land with the pressed hex on ``h``."""
        geom = self.controller.geom
        if self.vertex is not None:
            return [geom.corners(x, 0.8) for x in rerouted(self.selection.hexes, self.vertex, h)]
        if self.start is None:
            return []
        d = (h[0] - self.start[0], h[1] - self.start[1])
        out = []
        for obj in self.group or [self.selection]:
            if isinstance(obj, StreamBridge):
                q, r, k = obj.side
                out.append(side_polygon(geom, (q + d[0], r + d[1], k)))
                continue
            out += [
                geom.corners((a[0] + d[0], a[1] + d[1]), 0.8)
                for a in (obj.hexes if hasattr(obj, "hexes") else [obj.hex])
            ]
        return out

    def _bridge_drag(self) -> bool:
        """A lone stream bridge is dragged: it goes to the hexside under the cursor."""
        return self.dragging and not self.group and isinstance(self.selection, StreamBridge)

    def move(self, pos) -> None:
        geom = self.controller.geom
        if self.band_from is not None:
            r = QRectF(self.band_from, pos).normalized()
            self._preview(
                [[(r.left(), r.top()), (r.right(), r.top()), (r.right(), r.bottom()), (r.left(), r.bottom())]]
            )
        elif self._bridge_drag():
            side = nearest_hexside(geom, pos.x(), pos.y(), SNAP)
            same = side is None or side == tuple(self.selection.side)
            self._preview([] if same else [side_polygon(geom, side)])
        elif self.dragging:
            h = geom.hex_at(pos.x(), pos.y())
            self._preview([] if h == self.start else self._landing(h))

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
        if self.band_from is not None:
            self._band(QRectF(self.band_from, pos).normalized())
        elif self._bridge_drag():
            self._drop_bridge(nearest_hexside(self.controller.geom, pos.x(), pos.y(), SNAP))
        elif self.dragging and self.vertex is not None:
            self._drop_vertex(self.controller.geom.hex_at(pos.x(), pos.y()))
        elif self.dragging and self.group:
            self._drop_group(self.controller.geom.hex_at(pos.x(), pos.y()))
        elif self.dragging:
            self._drop(self.controller.geom.hex_at(pos.x(), pos.y()))
        self.dragging = False
        self.band_from = None
        self._mark()

    def _band(self, rect: QRectF) -> None:
        allowed = getattr(self.controller, "selectable", lambda _o: True)
        found = objects_in(self.doc.scenario, self.controller.geom, rect, allowed)
        if len(found) == 1:
            self.selection = found[0]
            self.on_select(found[0])
        elif found:
            self.group = found
            self.on_select(None)
            say(
                self.controller,
                f"Selected {len(found)} objects: drag one to move them all, Delete removes them",
            )

    def _drop_group(self, h) -> None:
        if self.start is None or h == self.start:
            return
        changes, why = move_group(self.doc.scenario, self.group, self.start, h)
        if why:
            say(self.controller, f"Cannot move the {len(self.group)} objects there: {why}")
            return
        renamed = {}
        for owner, name, items in changes:  # the moved copies, found before the push applies them
            renamed.update({id(old): new for old, new in zip(getattr(owner, name), items) if old is not new})
        if push_changes(self.doc, changes, f"Move {len(self.group)} objects"):
            self.group = [renamed.get(id(o), o) for o in self.group]
            say(self.controller, f"Moved {len(self.group)} objects")

    def _drop_vertex(self, h) -> None:
        line = self.selection
        if self.vertex is None or h == self.start:
            return
        changes, why = move_path_hex(self.doc.scenario, line, self.vertex, h)
        if why:
            say(self.controller, f"Cannot move that hex of {line.id}: {why}")
            return
        owner, name, items = changes[0]
        moved = next(x for x in items if x not in getattr(owner, name))
        if push_changes(self.doc, changes, f"Move a hex of {line.id}"):
            self.selection = moved
            self.on_select(moved)

    def _drop_bridge(self, side) -> None:
        obj = self.selection
        if side == tuple(obj.side):
            return  # dropped where it was: a click
        changes, why = move_stream_bridge(self.doc.scenario, obj, side)
        if why:
            say(self.controller, f"Cannot move {describe(obj)} there: {why}")
            return
        if not changes:
            return
        moved = next(x for x in changes[0][2] if x not in self.doc.scenario.map.stream_bridges)
        if push_changes(self.doc, changes, f"Move {describe(obj)}"):
            self.selection = moved
            self.on_select(moved)

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
        if self.group:
            if push_changes(
                self.doc, delete_group(self.doc.scenario, self.group), f"Delete {len(self.group)} objects"
            ):
                self.group = []
            self._mark()
            return
        if self.selection is None:
            return
        if push_changes(
            self.doc, delete_object(self.doc.scenario, self.selection), f"Delete {describe(self.selection)}"
        ):
            self.selection = None
            self.on_select(None)
            self._mark()
