"""What a printer's page carries besides the map: crop marks, registration crosses, the overlap's
glue line, a calibration bar and text of a size given in millimetres. Every function draws with a
painter whose unit is the millimetre (sheet.py)."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

INK = QColor("#000000")
HAIRLINE_MM = 0.15  # crop marks and crosses: thin, as printers' marks are
CROP_GAP_MM, CROP_LENGTH_MM = 1.0, 5.0  # a crop mark starts 1 mm outside the corner and is 5 mm long
CROSS_MM = 6.0  # a registration cross's arms, end to end


def mm_font(painter: QPainter, height_mm: float, bold: bool = False) -> QFont:
    """A font whose size is ``height_mm`` millimetres on the page, whatever the device's resolution."""
    font = QFont()
    font.setPointSizeF(height_mm * 72.0 / painter.device().logicalDpiY())
    font.setBold(bold)
    return font


def text(
    painter: QPainter,
    rect: QRectF,
    words: str,
    height_mm: float,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
    bold: bool = False,
    colour: QColor = INK,
) -> None:
    painter.save()
    painter.setFont(mm_font(painter, height_mm, bold))
    painter.setPen(colour)
    painter.drawText(rect, int(align), words)
    painter.restore()


def _pen(width: float = HAIRLINE_MM, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    return QPen(INK, width, style, Qt.PenCapStyle.FlatCap)


def crop_marks(painter: QPainter, rect: QRectF) -> None:
    """Marks outside each corner of ``rect`` along its edges: where the page is cut."""
    painter.save()
    painter.setPen(_pen())
    g, n = CROP_GAP_MM, CROP_GAP_MM + CROP_LENGTH_MM
    for x, dx in ((rect.left(), -1), (rect.right(), 1)):
        for y, dy in ((rect.top(), -1), (rect.bottom(), 1)):
            painter.drawLine(QLineF(x + dx * g, y, x + dx * n, y))
            painter.drawLine(QLineF(x, y + dy * g, x, y + dy * n))
    painter.restore()


def registration_cross(painter: QPainter, at: QPointF) -> None:
    """A cross in a circle, the same on both pages that share it."""
    painter.save()
    painter.setPen(_pen())
    painter.setBrush(Qt.BrushStyle.NoBrush)
    h = CROSS_MM / 2
    painter.drawLine(QLineF(at.x() - h, at.y(), at.x() + h, at.y()))
    painter.drawLine(QLineF(at.x(), at.y() - h, at.x(), at.y() + h))
    painter.drawEllipse(at, h * 0.55, h * 0.55)
    painter.restore()


def glue_line(painter: QPainter, line: QLineF) -> None:
    """A dashed line where a neighbour's page ends: the edge of the strip to glue."""
    painter.save()
    painter.setPen(_pen(0.1, Qt.PenStyle.DashLine))
    painter.drawLine(line)
    painter.restore()


def calibration_bar(
    painter: QPainter, left: QPointF, length_mm: float, label: str, height_mm: float = 1.6
) -> QRectF:
    """A solid black bar exactly ``length_mm`` long from ``left`` (its left end, vertically centred),
    labelled to its right; a ruler on the print tells whether the printer kept the scale."""
    bar = QRectF(left.x(), left.y() - height_mm / 2, length_mm, height_mm)
    painter.fillRect(bar, INK)
    text(
        painter,
        QRectF(bar.right() + 1.5, bar.top() - 2, 120, height_mm + 4),
        label,
        2.2,
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    )
    return bar


__all__ = ["calibration_bar", "crop_marks", "glue_line", "mm_font", "registration_cross", "text"]
