"""Hex labels ("0101": column then row, one-based) at the top of each hex, drawn only when the zoom
makes them readable: one item over the whole map that paints the labels of the hexes in view, so a
large map costs nothing when they are too small to read."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from ...geometry.hexes import HexGeometry

LABEL_MIN_PIXELS = 7.0  # the label's text height on screen from which it is drawn
LABEL_COLOUR = QColor(26, 26, 26, 170)
LABEL_CENTRE = 0.71  # the label's centre, in hex radii above the hex's centre (above a counter)
LABEL_HEIGHT = 0.2  # the label's height (font point size), in hex radii, at most
LABEL_WIDTH = 0.92  # the label's width, in hex radii, at most


class HexLabels(QGraphicsItem):
    def __init__(self, geom: HexGeometry, parent=None):
        super().__init__(parent)
        self.geom = geom
        x0, y0, x1, y1 = geom.map_bounds()
        self.rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.font = QFont()
        s = geom.size
        self.font.setPointSizeF(s * LABEL_HEIGHT)
        sample = geom.layout.label((0, 0))
        width = QFontMetricsF(self.font).horizontalAdvance("8" * len(sample))
        if width > s * LABEL_WIDTH:  # long labels of big maps get a smaller font
            self.font.setPointSizeF(s * LABEL_HEIGHT * s * LABEL_WIDTH / width)
        self.text_height = QFontMetricsF(self.font).height()

    def boundingRect(self) -> QRectF:
        return self.rect

    def readable_at(self, zoom: float) -> bool:
        """True when labels are drawn at this view scale (screen pixels per scene unit)."""
        return self.text_height * zoom >= LABEL_MIN_PIXELS

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if not self.readable_at(lod):
            return
        painter.setFont(self.font)
        painter.setPen(LABEL_COLOUR)
        geom, lay, s = self.geom, self.geom.layout, self.geom.size
        rect = option.exposedRect
        if painter.hasClipping():  # QGraphicsScene.render exposes the whole item: a printed page clips it
            rect = rect.intersected(painter.clipBoundingRect().adjusted(-s, -s, s, s))
        for h in self.hexes_in(rect):
            x, y = geom.center(h)
            box = QRectF(x - s, y - s * LABEL_CENTRE - self.text_height / 2, 2 * s, self.text_height)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, lay.label(h))

    def hexes_in(self, rect: QRectF):
        """The map's hexes whose label box may meet ``rect``."""
        geom, lay = self.geom, self.geom.layout
        corners = [
            geom.hex_at(x, y) for x in (rect.left(), rect.right()) for y in (rect.top(), rect.bottom())
        ]
        offsets = [lay.to_offset(h) for h in corners]
        c0 = max(0, min(c for c, _ in offsets) - 1)
        c1 = min(lay.columns - 1, max(c for c, _ in offsets) + 1)
        r0 = max(0, min(r for _, r in offsets) - 1)
        r1 = min(lay.rows - 1, max(r for _, r in offsets) + 1)
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                yield lay.to_axial(col, row)
