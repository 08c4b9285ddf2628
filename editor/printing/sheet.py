"""What every kind of printed sheet shares: the print settings and the ``Sheet`` protocol.

A PDF is the pages of its sheets in order (maps, counters, overlays, templates). Each kind of sheet
is a module with ``sheet_for(scenario, settings) -> Sheet | None`` (None when the scenario has
nothing of that kind, e.g. no units for counters). A sheet draws one page at a time with a painter
whose unit is the millimetre, origin at the paper's top-left corner; the writer (writer.py) sets
that up for QPdfWriter and for the on-screen preview alike. Fonts are resolved at the device's logical
96 dpi on both, so text of a given size in mm is ``marks.mm_font(painter, mm)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

DEFAULT_MARGIN_MM = 10.0  # most office printers leave 4-6 mm unprinted; 10 mm leaves room for marks
DEFAULT_OVERLAP_MM = 10.0  # each map page repeats this much of its neighbour, for gluing


@dataclass(frozen=True)
class PrintSettings:
    hex_mm: float  # the hex across its flats
    paper_mm: tuple[float, float]  # portrait (width, height); landscape swaps them
    landscape: bool = False
    margin_mm: float = DEFAULT_MARGIN_MM
    overlap_mm: float = DEFAULT_OVERLAP_MM
    layers: frozenset[str] | None = None  # None: the layers the editor shows by default
    player_view: str | None = None  # a side's name: draw only what it may see

    @property
    def page_mm(self) -> tuple[float, float]:
        w, h = self.paper_mm
        return (h, w) if self.landscape else (w, h)

    @property
    def printable(self) -> QRectF:
        """The page inside its margins, in millimetres from the paper's top-left corner."""
        w, h = self.page_mm
        m = self.margin_mm
        return QRectF(m, m, w - 2 * m, h - 2 * m)


class Sheet(Protocol):
    name: str  # "maps", "counters", "overlays" or "templates"

    def page_count(self) -> int: ...

    def page_title(self, index: int) -> str:
        """A short label printed on the page and shown in the preview, e.g. "Map A2 (row A, column 2)"."""
        ...

    def draw_page(self, painter: QPainter, index: int) -> None:
        """Draws page ``index`` (0-based); the painter is in millimetres from the paper's top-left."""
        ...


__all__ = ["DEFAULT_MARGIN_MM", "DEFAULT_OVERLAP_MM", "PrintSettings", "Sheet"]
