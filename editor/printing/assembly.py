"""The first page of the map sheet: the whole map small, the pages' outlines over it with their
names, and how to put them together."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from . import marks
from .map_source import MapSource
from .page_grid import PageGrid
from .sheet import PrintSettings

HOW_TO = (
    "Print at 100 % (no fit to page) and check the bar on each page with a ruler. Trim each page along its "
    "crop marks, except the left edge of column 1 and the top edge of row A. Lay each page over the one to "
    "its left (then above) so its edge meets the dashed glue line and the registration crosses lie on "
    "each other, and glue the overlap."
)
PAGE_LINE = QColor(200, 30, 30)


class AssembledMap(Protocol):
    """What the assembly page shows of the map sheet (map_pages.MapSheet)."""

    @property
    def source(self) -> MapSource: ...
    @property
    def settings(self) -> PrintSettings: ...
    @property
    def grid(self) -> PageGrid: ...
    @property
    def title(self) -> str: ...


def draw(painter: QPainter, sheet: AssembledMap) -> None:
    g, p, s = sheet.grid, sheet.settings.printable, sheet.settings
    marks.text(
        painter,
        QRectF(p.left(), p.top(), p.width(), 8),
        f"{sheet.title}: map assembly",
        5.0,
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        bold=True,
    )
    w, h = sheet.source.size_mm
    size = (
        f"map {w:.0f} x {h:.0f} mm on {g.count} page{'s' if g.count > 1 else ''} "
        f"({g.rows} row{'s' if g.rows > 1 else ''} x {g.columns} column{'s' if g.columns > 1 else ''}) "
        f"of {s.page_mm[0]:.0f} x {s.page_mm[1]:.0f} mm, {s.overlap_mm:g} mm overlap"
    )
    if sheet.source.kind == "hex":
        size = f"hexes {s.hex_mm:.2f} mm across the flats; " + size
    marks.text(
        painter,
        QRectF(p.left(), p.top() + 8, p.width(), 5),
        size,
        2.8,
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    )
    words = QRectF(p.left(), p.bottom() - 16, p.width(), 16)
    marks.text(
        painter,
        words,
        HOW_TO,
        2.6,
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
    )
    area = QRectF(p.left(), p.top() + 16, p.width(), p.height() - 16 - 18)
    (ox, oy), (sx, sy) = g.origin, g.step
    total_w, total_h = g.columns * sx + g.overlap, g.rows * sy + g.overlap
    k = min(area.width() / total_w, area.height() / total_h)
    left = area.left() + (area.width() - total_w * k) / 2
    top = area.top() + (area.height() - total_h * k) / 2
    sheet.source.draw(
        painter, QRectF(left - ox * k, top - oy * k, w * k, h * k), QRectF(0, 0, w, h), thumbnail=True
    )
    painter.save()
    painter.setPen(QPen(PAGE_LINE, 0.3))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for i in range(g.count):
        row, col = g.position(i)
        x, y, ww, hh = g.window(row, col)
        r = QRectF(left + (x - ox) * k, top + (y - oy) * k, ww * k, hh * k)
        painter.drawRect(r)
        name = g.name(row, col)
        height = min(3.5, r.height() * 0.3, r.width() * 0.6 / (0.7 * len(name)))  # fits small cells
        label = QRectF(0, 0, height * 0.7 * len(name) + height * 0.4, height * 1.5)
        label.moveCenter(r.center())
        painter.fillRect(label, QColor(255, 255, 255, 210))
        marks.text(painter, label, name, height, bold=True, colour=PAGE_LINE)
    painter.restore()


__all__ = ["draw"]
