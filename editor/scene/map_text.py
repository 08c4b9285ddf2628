"""Text on a hex map: names and figures on a pale halo so they read over any terrain. ``MapLabel``
draws itself only when its text is readable on screen, so a zoomed-out map is not strewn with
specks; ``halo_text`` makes plain items (kept for the previews, which label what they show)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
)

from .. import style

READABLE_PIXELS = 7.0  # a label's text height on screen from which it is drawn
HALO = QColor(255, 255, 255, 200)


class MapLabel(QGraphicsItem):
    """Text centred on a scene point, on a halo, drawn once it is ``READABLE_PIXELS`` high on screen."""

    def __init__(
        self, text: str, x: float, y: float, size: float, colour=style.TEXT, bold=False, parent=None
    ):
        super().__init__(parent)
        self.text = text
        self.colour = QColor(colour)
        self.font = QFont()
        self.font.setPointSizeF(size)
        self.font.setBold(bold)
        m = QFontMetricsF(self.font)
        w, h = m.horizontalAdvance(text), m.height()
        pad = size * 0.15
        self.rect = QRectF(-w / 2 - pad, -h / 2, w + 2 * pad, h)
        self.setPos(x, y)

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if self.rect.height() * lod < READABLE_PIXELS:
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(HALO)
        painter.drawRect(self.rect)
        painter.setFont(self.font)
        painter.setPen(self.colour)
        painter.drawText(self.rect, Qt.AlignmentFlag.AlignCenter, self.text)


def halo_text(
    parent, text: str, x: float, y: float, size: float, colour=style.TEXT, bold=False, centre=True, halo=False
):
    """A text item centred on (x, y); with ``halo`` it sits on a pale box so it reads over any terrain."""
    holder = parent
    if halo:
        holder = QGraphicsRectItem(parent)
        holder.setBrush(HALO)
        holder.setPen(QPen(Qt.PenStyle.NoPen))
    item = QGraphicsSimpleTextItem(text, holder)
    font = QFont()
    font.setPointSizeF(size)
    font.setBold(bold)
    item.setFont(font)
    item.setBrush(colour)
    r = item.boundingRect()
    item.setPos(x - r.width() / 2 if centre else x, y - r.height() / 2)
    if halo:
        holder.setRect(item.mapRectToParent(r).adjusted(-size * 0.15, 0, size * 0.15, 0))
        return holder
    return item


#: where a label below a hex's centre (a dam's SP) cannot meet a hex number -- its own, or those of the
#: hexes round it -- by orientation: (its top, its foot, its half width at most), in hex radii
BELOW_CENTRE = {"flat": (0.18, 0.86, 1.0), "pointy": (0.17, 0.63, 1.3)}


def label_below(geom, text: str, x: float, y: float, size: float, colour) -> MapLabel:
    """A bold ``MapLabel`` under the centre (x, y) of a hex (a HexGeometry's), in the band where no hex
    number is drawn (``BELOW_CENTRE``), made smaller until it fits the band."""
    s = geom.size
    top, foot, half = (v * s for v in BELOW_CENTRE["flat" if geom.flat else "pointy"])
    while True:
        label = MapLabel(text, x, y, size, colour, bold=True)
        r = label.rect
        if (r.height() <= foot - top and r.right() <= half) or size < s * 0.08:
            label.setPos(x, y + top + r.height() / 2)
            return label
        size *= 0.92
