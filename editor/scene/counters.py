"""Unit counters as players know them from Ogre: a square in the side's colour with a die-cut edge and
a shadow, the unit's symbol (counter_symbols.py), and the figures where the basic game's rules put
them (shared/rules/ogre-basic-redesign.txt): defense in the top left-hand corner, movement points in the
top right-hand corner, and the combat factor attack/range ("4/2") below the symbol; an Ogre shows its
mark ("MK III") and "OGRE" (or the unit's name).

Level of detail: far out a plain square in the side's colour; then the frame and a large symbol; the
figures appear (and the symbol makes room for them) once their text is readable on screen.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem, QStyleOptionGraphicsItem

from dambuster.model.scenario import Unit, UnitType

from ..style import text_colour_on
from .counter_symbols import symbol

COUNTER = 1.06  # the counter's side, in hex radii (it fits inside the hex, under the hex label)
FIGURE_HEIGHT = 0.21  # the figures' font size, in counter sides
FIGURE_PIXELS = 7.0  # the figures' text height on screen from which they are drawn
PLAIN_BELOW = 5.0  # a counter under this many pixels is a plain square
STATUS_COLOUR = {"disabled": QColor("#e02020"), "stuck": QColor("#f0c020")}


@dataclass(frozen=True)
class CounterFace:
    """What a counter shows: a top line (an Ogre's mark) or top-left and top-right figures (defense,
    movement), and a bottom line (the combat factor, or an Ogre's name)."""

    top: str = ""
    left: str = ""
    right: str = ""
    bottom: str = ""


def _mark(unit_type: UnitType | None, type_key: str) -> str:
    name = unit_type.name if unit_type else type_key
    for word, short in (("Mark", "MK"), ("Mk", "MK")):
        if word in name:
            return f"{short} {name.split(word, 1)[1].strip().upper()}"
    return name.upper()


def counter_face(unit: Unit, unit_type: UnitType | None) -> CounterFace:
    """The figures of a counter: an infantry unit's attack and defense count its squads."""
    if unit_type is None:
        return CounterFace(unit.type.upper()[:8])
    if unit_type.category == "ogre":
        return CounterFace(_mark(unit_type, unit.type), bottom=(unit.name or "OGRE").upper()[:10])
    k = max(1, unit.squads) if unit_type.category == "infantry" else 1
    return CounterFace(left=str(unit_type.defense * k), right=str(unit_type.movement),
                       bottom=f"{unit_type.attack * k}/{unit_type.range}")


class FigureText(QGraphicsSimpleTextItem):
    """A figure on a counter, drawn only when it is readable."""

    def paint(self, painter: QPainter, option, widget=None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if self.boundingRect().height() * lod >= FIGURE_PIXELS:
            super().paint(painter, option, widget)


class UnitCounter(QGraphicsItem):
    def __init__(self, unit: Unit, unit_type: UnitType | None, fill: QColor, side: float, parent=None):
        super().__init__(parent)
        self.unit, self.fill, self.side = unit, QColor(fill), side
        self.rect = QRectF(-side / 2, -side / 2, side, side)
        self.ink = text_colour_on(self.fill)
        self.symbol = symbol(unit.type, unit_type.category if unit_type else "", unit.squads)
        self.face = counter_face(unit, unit_type)
        self._symbols = {detailed: self._placed(detailed) for detailed in (True, False)}
        self.figures: list[FigureText] = []
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(side * FIGURE_HEIGHT)
        f = self.face
        rows = ((f.top, 0.0, -0.33), (f.left, -0.29, -0.33), (f.right, 0.29, -0.33), (f.bottom, 0.0, 0.33))
        for text, x, y in rows:
            if text:
                self._figure(text, x * side, y * side, font)
        if unit.status == "destroyed":
            self.setOpacity(0.45)

    def _figure(self, text: str, x: float, y: float, font: QFont) -> None:
        item = FigureText(text, self)
        f = QFont(font)
        item.setFont(f)
        r = item.boundingRect()
        if r.width() > self.side * 0.9:  # a long name shrinks to fit the counter
            f.setPointSizeF(f.pointSizeF() * self.side * 0.9 / r.width())
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
        s, r = self.side, self.rect
        if s * lod < PLAIN_BELOW:
            painter.fillRect(r, self.fill)
            return
        corner = s * 0.09
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))  # the counter's thickness
        painter.drawRoundedRect(r.translated(s * 0.05, s * 0.05), corner, corner)
        painter.setBrush(self.fill)
        painter.setPen(QPen(self.fill.darker(170), s * 0.035))
        painter.drawRoundedRect(r, corner, corner)
        painter.setPen(QPen(QColor(255, 255, 255, 110), s * 0.03))  # the die-cut edge catching the light
        inner = r.adjusted(s * 0.05, s * 0.05, -s * 0.05, -s * 0.05)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(inner, corner * 0.6, corner * 0.6)
        status = STATUS_COLOUR.get(self.unit.status)
        if status is not None:  # a disabled (red) or stuck (yellow) unit carries a sash
            painter.setPen(QPen(status, s * 0.12, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            painter.drawLine(QPointF(r.left() + s * 0.1, r.bottom() - s * 0.1),
                             QPointF(r.right() - s * 0.1, r.top() + s * 0.1))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(self.ink))
        painter.drawPath(self._symbols[self.figures_readable(lod)])

    def _placed(self, detailed: bool):
        """The symbol scaled into the band between the figures, or large when they are not drawn."""
        s = self.side
        half_w, half_h = (0.42 * s, 0.22 * s) if detailed else (0.44 * s, 0.4 * s)
        k = min(half_w, half_h / 0.6)
        return QTransform.fromScale(k, k).map(self.symbol)
