"""Unit counters on the map as players know them from Ogre, drawn by counter_face.py (the design the
printed counter sheets share): a square in the side's colour with a die-cut edge and a shadow, the
unit's symbol and its figures (here text items, so that they appear only when readable).

Level of detail: far out a plain square in the side's colour; then the frame and a large symbol; the
figures appear (and the symbol makes room for them) once their text is readable on screen.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem, QStyleOptionGraphicsItem, QWidget

from dambuster.model.scenario import Unit, UnitType

from .counter_face import (
    FIGURE_HEIGHT,
    FIGURE_WIDTH,
    STATUS_COLOUR,
    CounterFace,
    counter_art,
    counter_face,
    paint_counter,
)

COUNTER = 1.06  # the counter's side, in hex radii (it fits inside the hex, under the hex label)
FIGURE_PIXELS = 7.0  # the figures' text height on screen from which they are drawn
PLAIN_BELOW = 5.0  # a counter under this many pixels is a plain square


class FigureText(QGraphicsSimpleTextItem):
    """A figure on a counter, drawn only when it is readable."""

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if self.boundingRect().height() * lod >= FIGURE_PIXELS:
            # PySide6's stub wants a widget; Qt passes none when a scene is rendered off screen
            super().paint(painter, option, widget)  # pyright: ignore[reportArgumentType]


class UnitCounter(QGraphicsItem):
    def __init__(self, unit: Unit, unit_type: UnitType | None, fill: QColor, side: float, parent=None):
        super().__init__(parent)
        self.unit, self.fill, self.side = unit, QColor(fill), side
        self.rect = QRectF(-side / 2, -side / 2, side, side)
        self.art = counter_art(unit, unit_type, self.fill, status=unit.status)
        self.ink = self.art.ink
        self.face = counter_face(unit, unit_type)
        self.figures: list[FigureText] = []
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(side * FIGURE_HEIGHT)
        for text, x, y in self.face.figures():
            self._figure(text, x * side, y * side, font)
        if unit.status == "destroyed":
            self.setOpacity(0.45)

    def _figure(self, text: str, x: float, y: float, font: QFont) -> None:
        item = FigureText(text, self)
        f = QFont(font)
        item.setFont(f)
        r = item.boundingRect()
        if r.width() > self.side * FIGURE_WIDTH:  # a long name shrinks to fit the counter
            f.setPointSizeF(f.pointSizeF() * self.side * FIGURE_WIDTH / r.width())
            item.setFont(f)
            r = item.boundingRect()
        item.setBrush(self.ink)
        item.setPos(x - r.width() / 2, y - r.height() / 2)
        self.figures.append(item)

    def texts(self) -> list[str]:
        """The figures written on the counter, top first."""
        return [t.text() for t in self.figures]

    def boundingRect(self) -> QRectF:
        d = self.side * 0.06
        return self.rect.adjusted(-d, -d, 2 * d, 2 * d)

    def figures_readable(self, lod: float) -> bool:
        return bool(self.figures) and self.figures[0].boundingRect().height() * lod >= FIGURE_PIXELS

    def paint(self, painter: QPainter, option, widget=None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if self.side * lod < PLAIN_BELOW:
            painter.fillRect(self.rect, self.fill)
            return
        paint_counter(painter, self.rect, self.art, detailed=self.figures_readable(lod))


__all__ = ["COUNTER", "FIGURE_HEIGHT", "STATUS_COLOUR", "CounterFace", "UnitCounter", "counter_face"]
