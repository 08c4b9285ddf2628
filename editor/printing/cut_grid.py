"""A grid of equal pieces to cut from a page, shared by the counter and overlay sheets: where the cells
go (centred on the paper, so a duplex back mirrors about the paper's own centre line), the header
above them, the cutting lines between the cells and the crop ticks outside the grid.

All lengths in millimetres; the painter is in millimetres from the paper's top-left corner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from dambuster.editor.scene.counter_face import draw_text

from .sheet import PrintSettings

HEADER_MM = 9.0  # two lines of header text above the grid (and as much room kept below it)
HEADER_EM_MM = 3.0  # the header's first line; the second is smaller
TICK_MM = 4.0  # a crop tick's length, outside the grid
TICK_GAP_MM = 1.0  # ticks stop short of the grid, so a slightly wide cut does not show them
CUT_LINE_MM = 0.1  # the cutting lines' width
CUT_COLOUR = QColor("#808080")


@dataclass(frozen=True)
class CutGrid:
    left: float
    top: float
    cols: int
    rows: int
    cell_w: float
    cell_h: float

    @classmethod
    def fit(cls, settings: PrintSettings, cell_w: float, cell_h: float | None = None) -> CutGrid:
        """As many cells as fit the printable area, leaving room for the crop ticks all round and the
        header above (and as much below, so the grid is centred on the paper); at least one cell."""
        cell_h = cell_w if cell_h is None else cell_h
        p = settings.printable
        w, h = settings.page_mm
        ticks = TICK_GAP_MM + TICK_MM
        room_x = p.width() - 2 * ticks
        room_y = p.height() - 2 * (HEADER_MM + ticks)
        cols = max(1, math.floor(room_x / cell_w + 1e-9))
        rows = max(1, math.floor(room_y / cell_h + 1e-9))
        return cls((w - cols * cell_w) / 2, (h - rows * cell_h) / 2, cols, rows, cell_w, cell_h)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def rect(self) -> QRectF:
        return QRectF(self.left, self.top, self.cols * self.cell_w, self.rows * self.cell_h)

    def cell(self, row: int, col: int) -> QRectF:
        return QRectF(self.left + col * self.cell_w, self.top + row * self.cell_h, self.cell_w, self.cell_h)

    def place(self, index: int) -> tuple[int, int]:
        """(row, column) of the index-th piece on its page, row by row."""
        k = index % self.per_page
        return k // self.cols, k % self.cols

    def pages(self, pieces: int) -> int:
        return max(1, math.ceil(pieces / self.per_page)) if pieces else 0


def draw_cut_lines(painter: QPainter, grid: CutGrid, rows: int | None = None) -> None:
    """Thin grey lines along every cell edge of the first ``rows`` rows (all by default) and crop
    ticks beyond the grid's edges where each line meets them, for a knife and a ruler."""
    rows = grid.rows if rows is None else rows
    if rows <= 0:
        return
    painter.save()
    pen = QPen(CUT_COLOUR, CUT_LINE_MM)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    x0, y0 = grid.left, grid.top
    x1, y1 = x0 + grid.cols * grid.cell_w, y0 + rows * grid.cell_h
    gap = TICK_GAP_MM
    for c in range(grid.cols + 1):
        x = x0 + c * grid.cell_w
        painter.drawLine(QPointF(x, y0), QPointF(x, y1))
        painter.drawLine(QPointF(x, y0 - gap - TICK_MM), QPointF(x, y0 - gap))
        painter.drawLine(QPointF(x, y1 + gap), QPointF(x, y1 + gap + TICK_MM))
    for r in range(rows + 1):
        y = y0 + r * grid.cell_h
        painter.drawLine(QPointF(x0, y), QPointF(x1, y))
        painter.drawLine(QPointF(x0 - gap - TICK_MM, y), QPointF(x0 - gap, y))
        painter.drawLine(QPointF(x1 + gap, y), QPointF(x1 + gap + TICK_MM, y))
    painter.restore()


def draw_header(painter: QPainter, settings: PrintSettings, title: str, detail: str = "") -> None:
    """The page's title (bold) and a line of detail (narrowed to the page when long) at the top of the
    printable area."""
    p = settings.printable
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    painter.save()
    painter.setPen(QColor("#000000"))
    bold = QFont()
    bold.setBold(True)
    draw_text(
        painter,
        QRectF(p.left(), p.top(), p.width(), HEADER_EM_MM * 1.3),
        left,
        title,
        bold,
        HEADER_EM_MM,
        fit=True,
    )
    if detail:
        draw_text(
            painter,
            QRectF(p.left(), p.top() + HEADER_EM_MM * 1.35, p.width(), HEADER_EM_MM),
            left,
            detail,
            QFont(),
            HEADER_EM_MM * 0.72,
            fit=True,
        )
    painter.restore()


__all__ = ["HEADER_MM", "TICK_MM", "CutGrid", "draw_cut_lines", "draw_header"]
