"""One unit counter drawn into a square on any QPainter: the editor's scene (counters.py) and the
printed counter sheets (printing/counters.py) share it, so a printed counter looks like the editor's.

A counter is a square in the side's colour with a die-cut edge, the unit's symbol
(counter_symbols.py) and its figures where the basic game's rules put them
(shared/rules/ogre-basic-redesign.txt): defense in the top left-hand corner, movement points in the
top right-hand corner and the combat factor attack/range ("4/2") below the symbol; an Ogre shows its
mark ("MK III") and "OGRE" (or the unit's name). All sizes are fractions of the counter's side.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from dambuster.editor.style import text_colour_on
from dambuster.model.scenario import Unit, UnitType

from .counter_symbols import symbol

FIGURE_HEIGHT = 0.21  # the figures' font size (points in the editor's scene), in counter sides
#: The figures' em in counter sides as the editor shows them: FIGURE_HEIGHT points at 96 logical dpi
#: (Qt's usual logical dpi, and the offscreen platform's), so a printed counter reads the same.
FIGURE_EM = FIGURE_HEIGHT * 96 / 72
FIGURE_WIDTH = 0.9  # a figure wider than this (in counter sides) shrinks to fit
#: Where each figure's centre goes, in counter sides from the counter's centre (x right, y down).
FIGURE_PLACES = {"top": (0.0, -0.33), "left": (-0.29, -0.33), "right": (0.29, -0.33), "bottom": (0.0, 0.33)}
STATUS_COLOUR = {"disabled": QColor("#e02020"), "stuck": QColor("#f0c020")}
DISABLED_BORDER = QColor("#e02020")  # the rules' red border of a disabled armor unit's reverse side


@dataclass(frozen=True)
class CounterFace:
    """What a counter shows: a top line (an Ogre's mark) or top-left and top-right figures (defense,
    movement), and a bottom line (the combat factor, or an Ogre's name)."""

    top: str = ""
    left: str = ""
    right: str = ""
    bottom: str = ""

    def figures(self) -> list[tuple[str, float, float]]:
        """(text, x, y) of each figure written, top first; x, y as in FIGURE_PLACES."""
        return [(getattr(self, k), x, y) for k, (x, y) in FIGURE_PLACES.items() if getattr(self, k)]


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
    return CounterFace(
        left=str(unit_type.defense * k),
        right=str(unit_type.movement),
        bottom=f"{unit_type.attack * k}/{unit_type.range}",
    )


@dataclass(frozen=True)
class CounterArt:
    """Everything drawn on one side of a counter but its figures."""

    fill: QColor
    symbol: QPainterPath  # in the symbol box x in [-1, 1], y in [-0.6, 0.6], facing right
    status: str = "ready"  # a disabled (red) or stuck (yellow) unit carries a sash
    border: QColor | None = None  # the frame's colour; None: the fill, darker
    facing: int = 1  # 1 faces right; -1 faces left (an Ogre's other view)

    @property
    def ink(self) -> QColor:
        return text_colour_on(self.fill)


def counter_art(unit: Unit, unit_type: UnitType | None, fill: QColor, **kw) -> CounterArt:
    sym = symbol(unit.type, unit_type.category if unit_type else "", unit.squads)
    return CounterArt(QColor(fill), sym, **kw)


def paint_counter(
    painter: QPainter, rect: QRectF, art: CounterArt, *, detailed: bool, shadow: bool = True
) -> None:
    """The counter's body and symbol in ``rect`` (a square): the shadow of its thickness (``shadow``),
    the frame, the die-cut edge, a status sash; the symbol smaller when ``detailed`` (to leave room
    for the figures) and large otherwise."""
    s, r = rect.width(), rect
    corner = s * 0.09
    painter.save()
    if shadow:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))  # the counter's thickness
        painter.drawRoundedRect(r.translated(s * 0.05, s * 0.05), corner, corner)
    painter.setBrush(art.fill)
    painter.setPen(QPen(art.border if art.border is not None else art.fill.darker(170), s * 0.035))
    painter.drawRoundedRect(r, corner, corner)
    painter.setPen(QPen(QColor(255, 255, 255, 110), s * 0.03))  # the die-cut edge catching the light
    inner = r.adjusted(s * 0.05, s * 0.05, -s * 0.05, -s * 0.05)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, corner * 0.6, corner * 0.6)
    status = STATUS_COLOUR.get(art.status)
    if status is not None:
        painter.setPen(QPen(status, s * 0.12, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        painter.drawLine(
            QPointF(r.left() + s * 0.1, r.bottom() - s * 0.1), QPointF(r.right() - s * 0.1, r.top() + s * 0.1)
        )
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(art.ink))
    half_w, half_h = (0.42 * s, 0.22 * s) if detailed else (0.44 * s, 0.4 * s)
    k = min(half_w, half_h / 0.6)  # the symbol scaled into the band between the figures
    c = r.center()
    painter.translate(c.x(), c.y())
    painter.scale(k * art.facing, k)
    painter.drawPath(art.symbol)
    painter.restore()


def font_of_em(font: QFont, em: float, painter: QPainter) -> QFont:
    """``font`` whose em is ``em`` in the painter's current units (whatever the device's dpi)."""
    f = QFont(font)
    f.setPointSizeF(em * 72.0 / painter.device().logicalDpiY())
    return f


#: Text is laid out this many times larger and drawn scaled down: a font a few device pixels high
#: (a 2 mm label on a painter in millimetres) gets whole-pixel glyph advances, up to 50 % off.
TEXT_SCALE = 64.0


def text_width(painter: QPainter, font: QFont, em: float, text: str) -> float:
    """How wide ``text`` is in the painter's units, in ``font`` at ``em``."""
    big = font_of_em(font, em * TEXT_SCALE, painter)
    return QFontMetricsF(big, painter.device()).horizontalAdvance(text) / TEXT_SCALE


def draw_text(
    painter: QPainter, rect: QRectF, flags, text: str, font: QFont, em: float, fit: bool = False
) -> None:
    """``text`` in ``rect`` in ``font`` at ``em`` (painter units); ``fit``: narrowed to the rect's width."""
    if fit:
        wide = text_width(painter, font, em, text)
        if wide > rect.width():
            em *= rect.width() / wide
    k = TEXT_SCALE
    painter.save()
    painter.scale(1 / k, 1 / k)
    painter.setFont(font_of_em(font, em * k, painter))
    painter.drawText(QRectF(rect.x() * k, rect.y() * k, rect.width() * k, rect.height() * k), flags, text)
    painter.restore()


def paint_figures(painter: QPainter, rect: QRectF, face: CounterFace, ink: QColor) -> None:
    """The figures written on a counter in ``rect``, as the editor's scene places them (its text items)."""
    s = rect.width()
    bold = QFont()
    bold.setBold(True)
    painter.save()
    painter.setPen(ink)
    c = rect.center()
    h = s * FIGURE_EM * 1.5
    for text, x, y in face.figures():  # a long name shrinks to fit the counter
        box = QRectF(c.x() + x * s - s * FIGURE_WIDTH / 2, c.y() + y * s - h / 2, s * FIGURE_WIDTH, h)
        draw_text(painter, box, Qt.AlignmentFlag.AlignCenter, text, bold, s * FIGURE_EM, fit=True)
    painter.restore()


__all__ = [
    "DISABLED_BORDER",
    "FIGURE_EM",
    "FIGURE_HEIGHT",
    "FIGURE_PLACES",
    "STATUS_COLOUR",
    "TEXT_SCALE",
    "CounterArt",
    "CounterFace",
    "counter_art",
    "counter_face",
    "draw_text",
    "font_of_em",
    "paint_counter",
    "paint_figures",
    "text_width",
]
