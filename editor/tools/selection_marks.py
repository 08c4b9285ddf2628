"""What is selected, drawn on the map as Tiled draws it: each selected object outlined (a solid azure
line on a white halo, so it reads on every terrain), and small square handles at the corners and
edge midpoints of the whole selection's bounds. The marks keep their screen size at every zoom.

``SelectionMarks`` is owned by a selection tool, which hands it the selection's outlines as polygons
(on hex maps ``tools.select.outlines``)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem

#: a bright azure, as Tiled's selection, far from the rivers' and streams' blues (editor/style.py)
SELECTED = QColor("#0099ff")
HANDLE_PX = 7.0
Z = 950  # above every layer, under nothing but a tool's dashed preview's neighbours


def _pen(colour, width: float) -> QPen:
    pen = QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


class SelectionMarks:
    """The outline and handles of the current selection in one scene (none when nothing is selected)."""

    def __init__(self):
        self.items: list[QGraphicsItem] = []
        self.polygons: list[list[tuple[float, float]]] = []

    def show(self, scene, polygons: list[list[tuple[float, float]]]) -> None:
        """Replaces the marks by outlines of ``polygons`` (scene coordinates) with handles round them."""
        self.show_shapes(scene, [(p, True) for p in polygons])

    def show_shapes(self, scene, shapes: list[tuple[list[tuple[float, float]], bool]]) -> None:
        """As ``show`` for ``(points, closed)`` shapes: outlines, lines (a table's road) and single
        points (a sewer node: its handles alone mark it)."""
        self.clear()
        self.polygons = [p for p, _closed in shapes if p]
        if scene is None or not self.polygons:
            return
        path = QPainterPath()
        for points, closed in shapes:
            if len(points) == 1:
                path.addRect(QRectF(QPointF(*points[0]), QPointF(*points[0])))  # in the bounds only
                continue
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
            if closed:
                path.closeSubpath()
        for pen in (_pen(QColor("white"), 5.0), _pen(SELECTED, 2.0)):
            item = QGraphicsPathItem(path)
            item.setPen(pen)
            item.setZValue(Z)
            scene.addItem(item)
            self.items.append(item)
        for point in _handle_points(path.boundingRect()):
            self.items.append(_handle(scene, point))

    def clear(self) -> None:
        for item in self.items:
            try:
                if item.scene() is not None:
                    item.scene().removeItem(item)
            except RuntimeError:  # its scene went with another file: nothing left to remove
                pass
        self.items, self.polygons = [], []


def _handle_points(r: QRectF) -> list[QPointF]:
    xs, ys = (r.left(), r.center().x(), r.right()), (r.top(), r.center().y(), r.bottom())
    return [QPointF(x, y) for x in xs for y in ys if (x, y) != (xs[1], ys[1])]


def _handle(scene, at: QPointF) -> QGraphicsRectItem:
    """A small white square with a blue edge at ``at``, the same size on screen at every zoom."""
    half = HANDLE_PX / 2
    item = QGraphicsRectItem(-half, -half, HANDLE_PX, HANDLE_PX)
    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
    item.setPos(at)
    item.setPen(_pen(SELECTED, 1.2))
    item.setBrush(QBrush(QColor("white")))
    item.setZValue(Z + 1)
    scene.addItem(item)
    return item
