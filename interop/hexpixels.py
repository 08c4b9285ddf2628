"""Tiled's hexagonal geometry for our layouts: hex <-> pixel centre, the stagger settings, tile size.

Tiled draws a hexagonal map as a staggered grid of tiles. For ``staggeraxis`` "x" (flat-top hexes) a
column is ``columnwidth = (tilewidth - hexsidelength) / 2 + hexsidelength`` wide and every staggered
column is pushed down half a tile; for "y" (pointy-top) rows are pushed right by half a tile. With
``staggerindex`` "odd" the odd (zero-based) columns or rows are the pushed ones: exactly our odd-q /
odd-r, checked against Tiled's own renderer (tests/interop/test_tiled_roundtrip.py, docs/tiled.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dambuster.model.hexgrid import Hex, Hexside, Layout, canonical_hexside, hexside_hexes

SIDE = 16  # pixels along one side of a hex in the exported map


def stagger_of(layout: Layout) -> tuple[str, str]:
    """(staggeraxis, staggerindex) for one of our layouts."""
    axis = "x" if layout.orientation == "flat" else "y"
    return axis, "odd" if layout.offset.startswith("odd") else "even"


def layout_of(axis: str, index: str, columns: int, rows: int) -> Layout:
    if axis == "x":
        return Layout("flat", f"{index}-q", columns, rows)
    return Layout("pointy", f"{index}-r", columns, rows)


@dataclass(frozen=True)
class HexPixels:
    layout: Layout
    tile_w: int
    tile_h: int
    side: int

    @classmethod
    def of_map(cls, layout: Layout, tile_w: int, tile_h: int, side: int) -> HexPixels:
        """Geometry of a map Tiled made: Tiled rounds tile sizes down to even numbers."""
        return cls(layout, tile_w & ~1, tile_h & ~1, side)

    @classmethod
    def default(cls, layout: Layout) -> HexPixels:
        across = round(SIDE * math.sqrt(3))  # flat-to-flat
        if layout.orientation == "flat":
            return cls(layout, 2 * SIDE, across, SIDE)
        return cls(layout, across, 2 * SIDE, SIDE)

    @property
    def flat(self) -> bool:
        return self.layout.orientation == "flat"

    @property
    def _odd(self) -> bool:
        return self.layout.offset.startswith("odd")

    def _shifted(self, n: int) -> bool:
        return (n & 1) == (1 if self._odd else 0)

    @property
    def step(self) -> tuple[float, float]:
        """Distance between neighbouring columns and rows of tiles."""
        if self.flat:  # Tiled divides in integers
            return (self.tile_w - self.side) // 2 + self.side, self.tile_h
        return self.tile_w, (self.tile_h - self.side) // 2 + self.side

    def offset_centre(self, col: int, row: int) -> tuple[float, float]:
        sx, sy = self.step
        x, y = col * sx + self.tile_w / 2, row * sy + self.tile_h / 2
        if self.flat and self._shifted(col):
            y += self.tile_h / 2
        if not self.flat and self._shifted(row):
            x += self.tile_w / 2
        return x, y

    def centre(self, h: Hex) -> tuple[float, float]:
        return self.offset_centre(*self.layout.to_offset(h))

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of a hex as Tiled draws its tile's hexagon (clockwise from the left or top)."""
        cx, cy = self.centre(h)
        hw, hh = self.tile_w / 2, self.tile_h / 2
        if self.flat:  # Tiled cuts (tilewidth - hexsidelength) / 2 off the left and right
            inset = hw - (self.tile_w - self.side) // 2
            return [
                (cx - hw, cy),
                (cx - inset, cy - hh),
                (cx + inset, cy - hh),
                (cx + hw, cy),
                (cx + inset, cy + hh),
                (cx - inset, cy + hh),
            ]
        inset = hh - (self.tile_h - self.side) // 2
        return [
            (cx, cy - hh),
            (cx + hw, cy - inset),
            (cx + hw, cy + inset),
            (cx, cy + hh),
            (cx - hw, cy + inset),
            (cx - hw, cy - inset),
        ]

    def side_ends(self, side: Hexside) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners a hexside runs between: the corners of its first hex nearest the other's centre."""
        a, b = hexside_hexes(side)
        far = self.centre(b)
        first, second = sorted(self.corners(a), key=lambda c: _dist2(c, far))[:2]
        return (first, second) if first <= second else (second, first)

    def side_midpoint(self, side: Hexside) -> tuple[float, float]:
        a, b = hexside_hexes(side)
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        return (ax + bx) / 2, (ay + by) / 2

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex whose centre is nearest to a pixel (also off the map)."""
        sx, sy = self.step
        col0, row0 = round((x - self.tile_w / 2) / sx), round((y - self.tile_h / 2) / sy)
        near = [(col, row) for col in range(col0 - 1, col0 + 2) for row in range(row0 - 1, row0 + 2)]
        col, row = min(near, key=lambda cr: _dist2(self.offset_centre(*cr), (x, y)))  # the first of equals
        return self.layout.to_axial(col, row)

    def side_at(self, x: float, y: float) -> Hexside:
        """The hexside whose midpoint is nearest to a pixel."""
        h = self.hex_at(x, y)
        best = min(range(6), key=lambda d: _dist2(self.side_midpoint(canonical_hexside(h, d)), (x, y)))
        return canonical_hexside(h, best)

    def map_size(self) -> tuple[float, float]:
        """The map's pixel size as Tiled computes it."""
        sx, sy = self.step
        cols, rows = self.layout.columns, self.layout.rows
        if self.flat:
            return cols * sx + (self.tile_w - sx), rows * sy + (self.tile_h / 2 if cols > 1 else 0)
        return cols * sx + (self.tile_w / 2 if rows > 1 else 0), rows * sy + (self.tile_h - sy)

    def inside_tile(self, x: float, y: float) -> bool:
        """Is a point of a tile image inside the hexagon drawn on it?"""
        w, h, s = self.tile_w, self.tile_h, self.side
        if self.flat:  # corners cut at left and right
            cut = (w - s) / 2
            dx = max(0.0, abs(x - w / 2) - s / 2)
            return dx * (h / 2) <= cut * (h / 2 - abs(y - h / 2)) + 1e-9
        cut = (h - s) / 2
        dy = max(0.0, abs(y - h / 2) - s / 2)
        return dy * (w / 2) <= cut * (w / 2 - abs(x - w / 2)) + 1e-9


def _dist2(a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
