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

from dambuster.editor import style

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
BELOW_CENTRE = {"flat": (0.18, 0.86, 0.9), "pointy": (0.17, 0.63, 1.3)}
FREE_BELOW = 0.55  # where the label's centre goes, in hex radii below the hex's centre, while no numbers show


class BelowCentreLabel(QGraphicsItem):
    """A bold label under the centre (x, y) of a hex (a HexGeometry's), such as a dam's SP: at ``size``
    while no hex numbers are drawn, and made smaller to fit the band where no hex number is drawn
    (``BELOW_CENTRE``) while they are (``numbers_at(scale)``: whether they are at a view scale), so it
    never covers one."""

    def __init__(self, geom, text: str, x: float, y: float, size: float, colour, numbers_at=None):
        super().__init__()
        self.text = text
        self.numbers_at = numbers_at if numbers_at is not None else (lambda _scale: False)
        s = geom.size
        self.free = MapLabel(text, 0.0, s * FREE_BELOW, size, colour, bold=True)
        top, foot, half = (v * s for v in BELOW_CENTRE["flat" if geom.flat else "pointy"])
        while True:
            fitted = MapLabel(text, 0.0, 0.0, size, colour, bold=True)
            r = fitted.rect
            if (r.height() <= foot - top and r.right() <= half) or size < s * 0.08:
                break
            size *= 0.92
        fitted.setPos(0.0, top + r.height() / 2)
        self.fitted = fitted
        self.rect = self.free.rect.translated(self.free.pos()).united(fitted.rect.translated(fitted.pos()))
        self.setPos(x, y)

    def shown(self, scale: float) -> MapLabel:
        """The label drawn at a view scale: fitted where hex numbers are drawn."""
        return self.fitted if self.numbers_at(scale) else self.free

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        label = self.shown(QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform()))
        painter.save()
        painter.translate(label.pos())
        label.paint(painter, option, widget)
        painter.restore()
