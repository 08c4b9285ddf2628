"""Fills a MapView's scene for a table map: areas by kind, waterway, rivers (with width), roads,
the DBM sector overlay and the sewer, each under its layer's root (layer_table.py) on the table's
cloth. Scene units are table units; y grows down the screen. Text ignores zoom so it stays legible on
tables measured in hundreds of paces.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem, QGraphicsSimpleTextItem

from dambuster.editor import style
from dambuster.editor.geometry.locate import locate, witness_lines
from dambuster.editor.geometry.table import model_point, point_along, sector_rects
from dambuster.model.scenario import Sewer, TableMap

from .map_scene import LayerRoot


def _cosmetic(colour: QColor | str, width: float, dash=Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(QColor(colour), width, dash, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


def _scene_pen(colour: QColor | str, width: float) -> QPen:
    return QPen(
        QColor(colour), width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin
    )


def _poly(points) -> QPolygonF:
    return QPolygonF([QPointF(float(x), float(y)) for x, y in points])


def _line(points) -> QPainterPath:
    path = QPainterPath()
    for i, (x, y) in enumerate(points):
        path.moveTo(x, y) if i == 0 else path.lineTo(x, y)
    return path


class TableSceneController:
    kind = "table"

    def __init__(self, doc, view):
        self.doc, self.view = doc, view
        self.root: QGraphicsItem | None = None  # the table's cloth
        self.groups: dict[str, LayerRoot] = {}
        scene = view.scene()
        scene.clear()
        view.forget_items()
        view.tooltip_at = None  # the items' own tooltips (models)
        # the DBM sector overlay shows by default on DBM tables (layer_table.default_visible)
        scene.layers.reset("table", doc.scenario.meta.profiles)
        m: TableMap = doc.scenario.map
        margin = 0.04 * max(m.width, m.depth)
        scene.setSceneRect(QRectF(-margin, -margin, m.width + 2 * margin, m.depth + 2 * margin))
        self.rebuild()
        doc.features_changed.connect(self.rebuild)

    def detach(self) -> None:
        self.doc.features_changed.disconnect(self.rebuild)

    @property
    def show_sectors(self) -> bool:
        return self.view.scene().layers.visible("sectors")

    def set_labels(self, on: bool) -> None:
        self.view.scene().layers.set_visible("sectors", on)

    def selectable(self, obj) -> bool:
        """False for an object of a hidden or locked layer (the select tool passes over it)."""
        return self.view.scene().layers.selectable(obj)

    # -- drawing ---------------------------------------------------------------------------------
    def rebuild(self) -> None:
        scene = self.view.scene()
        for item in [self.root, *self.groups.values()]:
            if item is not None and item.scene() is scene:
                scene.removeItem(item)
        self.groups.clear()
        m: TableMap = self.doc.scenario.map
        self.root = QGraphicsRectItem(QRectF(0, 0, m.width, m.depth))
        self.root.setBrush(QColor("#f3eedb"))
        self.root.setPen(_cosmetic("#606060", 1.5))
        self.root.setZValue(-1)
        scene.addItem(self.root)
        self.unit = 0.01 * max(m.width, m.depth)  # a size that reads at zoom-to-fit
        self.layer = "areas"
        for a in m.areas:
            fill, pattern = style.AREA_STYLE.get(a.kind, ("#dddddd", None))
            self._path(_closed(a.polygon), _cosmetic(QColor(fill).darker(160), 1.2), QBrush(QColor(fill)), 1)
            if pattern is not None:
                self._path(_closed(a.polygon), None, QBrush(QColor(fill).darker(190), pattern), 1.1)
            self._label(a.name or a.kind, _centroid(a.polygon), 9, "#303030")
        self.layer = "waterway"
        if m.waterway is not None:
            self._path(_closed(m.waterway.polygon), _cosmetic(style.RIVER, 1.2), QBrush(QColor("#9cc8ea")), 2)
        self.layer = "rivers"
        for r in m.rivers:
            self._path(_line(r.line), _scene_pen("#9cc8ea", r.width), None, 3)
            self._path(_line(r.line), _cosmetic(style.RIVER, 1.0), None, 3.1)
            if r.name:
                self._label(
                    r.name, point_along([(p[0], p[1]) for p in r.line], _length(r.line) / 2), 8, style.RIVER
                )
        self.layer = "roads"
        for rd in m.roads:
            self._path(_line(rd.line), _cosmetic(style.ROAD, 3.0), None, 4)
        if m.sewer is not None:
            self._sewer(m.sewer)
        self.layer = "sectors"
        self._sectors(m)

    def _group(self) -> LayerRoot:
        """This rebuild's item under the current layer's root (``self.layer``)."""
        g = self.groups.get(self.layer)
        if g is None:
            g = self.groups[self.layer] = LayerRoot(self.layer)
            g.setParentItem(self.view.scene().root(self.layer))
        return g

    def _path(self, path: QPainterPath, pen: QPen | None, brush: QBrush | None, z: float):
        item = QGraphicsPathItem(path, self._group())
        item.setPen(pen if pen is not None else QPen(Qt.PenStyle.NoPen))
        item.setBrush(brush if brush is not None else QBrush(Qt.BrushStyle.NoBrush))
        item.setZValue(z)
        return item

    def _label(self, text: str, at, points: float, colour, bold=False, centre=True) -> QGraphicsItem:
        """Text of a fixed size on screen, centred on (or, with centre=False, starting at) a table point."""
        holder = QGraphicsRectItem(self._group())
        holder.setPen(QPen(Qt.PenStyle.NoPen))
        holder.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        holder.setPos(float(at[0]), float(at[1]))
        holder.setZValue(50)
        item = QGraphicsSimpleTextItem(text, holder)
        font = QFont()
        font.setPointSizeF(points)
        font.setBold(bold)
        item.setFont(font)
        item.setBrush(QColor(colour))
        r = item.boundingRect()
        if centre:
            item.setPos(-r.width() / 2, -r.height() / 2)
        holder.setRect(item.mapRectToParent(r).adjusted(-2, 0, 2, 0))
        holder.setBrush(QColor(255, 255, 255, 170))  # a pale halo: legible over any fill
        return holder

    def _sectors(self, m: TableMap) -> None:
        for n, (x, y, w, h) in sector_rects(m.width, m.depth):
            rect = QPainterPath()
            rect.addRect(QRectF(x, y, w, h))
            self._path(rect, _cosmetic("#7060a0", 1.0, Qt.PenStyle.DashLine), None, 40)
            self._label(str(n), (x + w * 0.04, y + h * 0.05), 14, "#7060a0", bold=True, centre=False)

    def _sewer(self, s: Sewer) -> None:
        u = self.unit
        self.layer = "sewer"
        for c in s.corridors:
            self._path(_line(c.line), _scene_pen("#b8b0a0", c.width), None, 5)
            self._path(_line(c.line), _cosmetic("#6a6050", 1.0), None, 5.1)
            if c.name:
                self._label(c.name, _beside(c.line, c.width / 2 + 2.5 * u), 8, "#6a6050")
        for g in s.gantries:
            self._path(
                _closed(g.polygon),
                _cosmetic("#404040", 1.5),
                QBrush(QColor("#a0a0a0"), Qt.BrushStyle.BDiagPattern),
                6,
            )

        def marks(points, shape, colour, size):
            path = QPainterPath()
            for p in points:
                x, y = p.point
                if shape == "circle":
                    path.addEllipse(QPointF(x, y), size, size)
                elif shape == "square":
                    path.addRect(QRectF(x - size, y - size, 2 * size, 2 * size))
                else:  # cross
                    path.moveTo(x - size, y - size)
                    path.lineTo(x + size, y + size)
                    path.moveTo(x + size, y - size)
                    path.lineTo(x - size, y + size)
            brush = QBrush(QColor(colour)) if shape != "cross" else None
            self._path(
                path,
                _cosmetic("#202020" if shape != "cross" else colour, 1.5 if shape != "cross" else 3),
                brush,
                7,
            )

        marks(s.nodes, "circle", "#ffffff", u * 0.6)
        marks(s.grates, "square", "#707070", u * 0.8)
        marks(s.sluice_gates, "square", "#2a6fc4", u * 0.9)
        marks(s.cave_ins, "cross", style.MARKER, u * 0.9)
        if s.flood_origin is not None:
            x, y = s.flood_origin
            p = QPainterPath()
            p.addEllipse(QPointF(x, y), u * 1.6, u * 1.6)
            self._path(p, _cosmetic(style.RIVER, 2.5), QBrush(QColor(42, 111, 196, 90)), 8)
            self._label("flood", (x, y - u * 3), 8, style.RIVER, bold=True)
        colours = {side.id: QColor(side.color) for side in self.doc.scenario.sides}
        self.layer = "models"
        for mo in s.models:
            pt = model_point(s, mo)
            if pt is None:
                continue
            p = QPainterPath()
            p.addEllipse(QPointF(*pt), u * 0.7, u * 0.7)
            item = self._path(
                p, _cosmetic("#000000", 1.2), QBrush(colours.get(mo.side, QColor("#909090"))), 9
            )
            item.setToolTip(
                f"{mo.id}: {mo.side}, strength {mo.strength}, {mo.position:g} along {mo.corridor}"
            )

    # -- queries ---------------------------------------------------------------------------------
    def hex_at(self, pos: QPointF):
        return None

    def describe(self, pos: QPointF) -> str:
        m: TableMap = self.doc.scenario.map
        x, y = pos.x(), pos.y()
        where = f"x {x:.0f}, y {y:.0f} {m.unit}"
        if not (0 <= x <= m.width and 0 <= y <= m.depth):
            return where + "   off the table"
        for n, (sx, sy, w, h) in sector_rects(m.width, m.depth):
            if sx <= x <= sx + w and sy <= y <= sy + h:
                return f"{where}   sector {n}"
        return where

    def locate(self, location: dict):
        return locate(self.doc.scenario, location, None)

    def witness_lines(self, witness):
        return witness_lines(witness, None)


def _closed(points) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(_poly(points))
    path.closeSubpath()
    return path


def _beside(line, gap: float):
    """A point half-way along a line, ``gap`` away from it on its left (so labels clear the line)."""
    pts = [tuple(p) for p in line]
    half = _length(pts) / 2
    a = point_along(pts, max(0.0, half - 0.01))
    b = point_along(pts, half + 0.01)
    mid = point_along(pts, half)
    assert a is not None and b is not None and mid is not None  # None only for a line with no points
    import math

    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    return mid[0] + dy / n * gap, mid[1] - dx / n * gap


def _length(points) -> float:
    import math

    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


def _centroid(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return sum(xs) / len(xs), sum(ys) / len(ys)
