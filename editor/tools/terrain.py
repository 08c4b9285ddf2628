"""Terrain tools for hex maps: brush (its footprint shown under the cursor before it paints),
rectangle fill, bucket fill and eyedropper."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem

from dambuster.editor.commands import PaintTerrain, new_stroke_id
from dambuster.editor.geometry.hexes import disc
from dambuster.editor.style import TERRAIN_STYLE, tool_preview_item
from dambuster.model.hexgrid import Hex, neighbors

from .base import Tool

BRUSH_RADII = {1: 0, 2: 1, 3: 2}  # brush size -> radius in hexes


def brush_hexes(layout, h: Hex, size: int, shape: str = "hexagon") -> list[Hex]:
    """The hexes one stamp covers: every hex within the size's radius ("hexagon"), or the offset
    columns and rows within it ("square", which looks square on the map); off-map hexes dropped."""
    radius = BRUSH_RADII.get(size, 0)
    if shape == "square":
        col, row = layout.to_offset(h)
        hexes = [
            layout.to_axial(col + dc, row + dr)
            for dc in range(-radius, radius + 1)
            for dr in range(-radius, radius + 1)
        ]
    else:
        hexes = disc(h, radius)
    return [x for x in hexes if layout.contains(x)]


def footprint_item(scene):
    """The item a brush's footprint is drawn with: a thin dark outline over a tint, above the map."""
    item = QGraphicsPathItem()
    pen = QPen(QColor(40, 40, 40, 220), 1.5)
    pen.setCosmetic(True)
    item.setPen(pen)
    item.setZValue(890)  # under a tool's dashed preview (900)
    scene.addItem(item)
    return item


class TerrainBrush(Tool):
    """Paints the palette's terrain; one stroke (press to release) is one undo step."""

    name = "brush"

    def __init__(
        self,
        doc,
        controller,
        kind: Callable[[], str],
        size: Callable[[], int],
        shape: Callable[[], str] = lambda: "hexagon",
    ):
        super().__init__(doc, controller)
        self.kind, self.size, self.shape = kind, size, shape
        self.stroke: int | None = None
        self.last: Hex | None = None

    def hover(self, pos) -> None:
        """The brush's footprint under the cursor, as Tiled shows a stamp before it paints: the hexes
        a click would paint, tinted with the terrain and outlined (``pos`` None: the cursor left)."""
        h = self.controller.hex_at(pos) if pos is not None else None
        key = (h, self.size(), self.shape(), self.kind())
        if key == getattr(self, "_footprint_at", None):
            return
        self._footprint_at = key
        if h is None:
            self.drop()
            return
        footprint = getattr(self, "footprint", None)
        if footprint is None or footprint.scene() is None:
            footprint = self.footprint = footprint_item(self.controller.view.scene())
            labels = getattr(self.controller, "labels", None)
            if labels is not None:  # under the hex numbers, so the one under the cursor stays readable
                footprint.setZValue(labels.zValue() - 0.01)
        geom = self.controller.geom
        path = QPainterPath()
        for x in brush_hexes(geom.layout, h, self.size(), self.shape()):
            path.addPolygon(QPolygonF([QPointF(a, b) for a, b in geom.corners(x, 0.97)]))
            path.closeSubpath()
        footprint.setPath(path.simplified())
        fill = QColor(TERRAIN_STYLE.get(self.kind(), ("#ffffff",))[0])
        fill.setAlpha(150)
        footprint.setBrush(fill)

    def drop(self) -> None:
        """Another tool, another file or the cursor off the map: the footprint goes."""
        item, self.footprint, self._footprint_at = getattr(self, "footprint", None), None, None
        if item is not None and shiboken6.isValid(item) and item.scene() is not None:
            item.scene().removeItem(item)

    def stamp(self, h: Hex) -> None:
        kind = self.kind()
        hexes = brush_hexes(self.controller.geom.layout, h, self.size(), self.shape())
        changes = {x: kind for x in hexes if self.doc.terrain_at(x) != kind}
        if changes:
            self.doc.push(PaintTerrain(self.doc, changes, self.stroke))

    def press(self, pos, modifiers=None) -> None:
        self.stroke = new_stroke_id()
        h = self.controller.hex_at(pos)
        self.last = h
        if h is not None:
            self.stamp(h)

    def move(self, pos) -> None:
        self.hover(pos)
        if self.stroke is None:
            return
        h = self.controller.hex_at(pos)
        if h is not None and h != self.last:
            self.stamp(h)
        self.last = h

    def release(self, pos) -> None:
        self.move(pos)
        self.stroke = None


class RectangleFill(Tool):
    """Fills the rectangle of offset columns and rows between press and release."""

    name = "rectangle"

    def __init__(self, doc, controller, kind: Callable[[], str]):
        super().__init__(doc, controller)
        self.kind = kind
        self.start: Hex | None = None
        self.preview: QGraphicsPathItem | None = None

    def hexes(self, a: Hex, b: Hex) -> list[Hex]:
        lay = self.controller.geom.layout
        (c0, r0), (c1, r1) = lay.to_offset(a), lay.to_offset(b)
        return [
            lay.to_axial(c, r)
            for r in range(min(r0, r1), max(r0, r1) + 1)
            for c in range(min(c0, c1), max(c0, c1) + 1)
        ]

    def press(self, pos, modifiers=None) -> None:
        self.start = self.controller.hex_at(pos)
        self.move(pos)

    def move(self, pos) -> None:
        end = self.controller.hex_at(pos)
        if self.start is None or end is None:
            return
        geom = self.controller.geom
        path = QPainterPath()
        for h in self.hexes(self.start, end):
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in geom.corners(h)]))
            path.closeSubpath()
        if self.preview is None:
            self.preview = tool_preview_item(self.controller.view.scene())
        self.preview.setPath(path.simplified())

    def release(self, pos) -> None:
        end = self.controller.hex_at(pos)
        if self.preview is not None:
            self.controller.view.scene().removeItem(self.preview)
            self.preview = None
        if self.start is not None and end is not None:
            kind = self.kind()
            changes = {h: kind for h in self.hexes(self.start, end) if self.doc.terrain_at(h) != kind}
            if changes:
                self.doc.push(PaintTerrain(self.doc, changes, text=f"Fill rectangle with {kind}"))
        self.start = None


def flood_region(terrain_at: Callable[[Hex], str | None], start: Hex) -> list[Hex]:
    """The hexes connected to ``start`` through hexes of the same terrain."""
    kind = terrain_at(start)
    if kind is None:
        return []
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in neighbors(h):
            if n not in seen and terrain_at(n) == kind:
                seen.add(n)
                todo.append(n)
    return list(seen)


class BucketFill(Tool):
    name = "bucket"

    def __init__(self, doc, controller, kind: Callable[[], str]):
        super().__init__(doc, controller)
        self.kind = kind

    def press(self, pos, modifiers=None) -> None:
        h = self.controller.hex_at(pos)
        kind = self.kind()
        if h is None or self.doc.terrain_at(h) == kind:
            return
        region = flood_region(self.doc.terrain_at, h)
        self.doc.push(PaintTerrain(self.doc, dict.fromkeys(region, kind), text=f"Bucket fill with {kind}"))


class Eyedropper(Tool):
    """Picks the terrain under the cursor into the palette."""

    name = "eyedropper"

    def __init__(self, doc, controller, pick: Callable[[str], None]):
        super().__init__(doc, controller)
        self.pick = pick

    def press(self, pos, modifiers=None) -> None:
        h = self.controller.hex_at(pos)
        if h is not None:
            self.pick(self.doc.terrain_at(h))
