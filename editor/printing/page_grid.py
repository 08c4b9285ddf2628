"""How a map larger than a page is cut into pages (Qt-free arithmetic, all lengths in millimetres).

Pages are laid in rows (A, B, C ... from the top) and columns (1, 2, 3 ... from the left); a page is
named by both ("B3"). Neighbouring pages repeat ``overlap`` mm of each other: the right-hand strip of
a page is the left-hand strip of the next page in its row, the bottom strip the top of the page below,
so a page can be trimmed and glued over its neighbour. The map starts at the first page's top-left
corner; the last column and row hold what is left of it.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass


def row_name(index: int) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA": rows named as spreadsheet columns are."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = string.ascii_uppercase[rest] + name
    return name


def _count(length: float, window: float, overlap: float) -> int:
    if length <= window:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


@dataclass(frozen=True)
class PageGrid:
    map_w: float
    map_h: float
    window_w: float  # how much of the map one page shows
    window_h: float
    overlap: float
    columns: int
    rows: int

    @property
    def count(self) -> int:
        return self.columns * self.rows

    @property
    def step(self) -> tuple[float, float]:
        return self.window_w - self.overlap, self.window_h - self.overlap

    @property
    def origin(self) -> tuple[float, float]:
        """Where the pages' combined area starts, in map mm: at the map's top-left corner."""
        return 0.0, 0.0

    def position(self, page: int) -> tuple[int, int]:
        """(row, column) of the ``page``-th map page, pages in reading order."""
        return divmod(page, self.columns)

    def name(self, row: int, column: int) -> str:
        return f"{row_name(row)}{column + 1}"

    def window(self, row: int, column: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the map, in mm from its top-left corner, that page (row, column) shows."""
        (ox, oy), (sx, sy) = self.origin, self.step
        return ox + column * sx, oy + row * sy, self.window_w, self.window_h

    def crosses(self) -> list[tuple[float, float]]:
        """Registration crosses in map mm: one in the middle of every overlap strip shared by two pages,
        so each shows on both and the pages are aligned by laying one cross over the other."""
        (ox, oy), (sx, sy) = self.origin, self.step
        out: list[tuple[float, float]] = []
        for c in range(self.columns - 1):
            x = ox + (c + 1) * sx + self.overlap / 2
            out += [(x, oy + r * sy + self.window_h / 2) for r in range(self.rows)]
        for r in range(self.rows - 1):
            y = oy + (r + 1) * sy + self.overlap / 2
            out += [(ox + c * sx + self.window_w / 2, y) for c in range(self.columns)]
        return out


class GridError(ValueError):
    """Pages too small for the margins and the overlap: one sentence."""


def page_grid(map_w: float, map_h: float, window_w: float, window_h: float, overlap: float) -> PageGrid:
    """The fewest pages of ``window_w`` x ``window_h`` mm of map each that cover a map of
    ``map_w`` x ``map_h`` mm with ``overlap`` mm between neighbours."""
    if window_w <= 2 * overlap or window_h <= 2 * overlap:
        raise GridError(
            f"a page shows {window_w:.0f} x {window_h:.0f} mm of map, too little for an overlap "
            f"of {overlap:g} mm on each side; choose larger paper or smaller margins"
        )
    return PageGrid(
        map_w,
        map_h,
        window_w,
        window_h,
        overlap,
        _count(map_w, window_w, overlap),
        _count(map_h, window_h, overlap),
    )


__all__ = ["GridError", "PageGrid", "page_grid", "row_name"]
