"""Pieces of different sizes laid out on pages row by row (shelf packing), Qt-free, lengths in mm.

Pieces go left to right in the order given; a piece that does not fit the row starts a new row
(as tall as its tallest piece), a row that does not fit the page starts a new page. A piece larger
than the area still gets a page of its own (the caller tiles it).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Placed:
    page: int
    x: float  # the piece's top-left corner, from the area's top-left
    y: float


def shelf_pack(sizes: list[tuple[float, float]], area_w: float, area_h: float, gap: float) -> list[Placed]:
    out: list[Placed] = []
    page, x, y, row_h = 0, 0.0, 0.0, 0.0
    for w, h in sizes:
        if x > 0 and x + w > area_w:  # a new row
            x, y, row_h = 0.0, y + row_h + gap, 0.0
        if y > 0 and y + h > area_h:  # a new page
            page, x, y, row_h = page + 1, 0.0, 0.0, 0.0
        out.append(Placed(page, x, y))
        x += w + gap
        row_h = max(row_h, h)
    return out


def page_count(placed: list[Placed]) -> int:
    return max((p.page for p in placed), default=-1) + 1


__all__ = ["Placed", "page_count", "shelf_pack"]
