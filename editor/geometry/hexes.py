"""Hex <-> pixel arithmetic for drawing. Pure Python (no Qt), built on model.hexgrid.Layout.

Scene units: a hex has circumradius ``R`` (20 scene units by default). Axial coordinates map to
pixel centres the same way whatever the offset layout; the offset only decides which axial hexes
are on the map (model.hexgrid.Layout.contains).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from dambuster.model.hexgrid import Hex, Hexside, Layout, canonical_hexside, hexside_hexes

SQRT3 = math.sqrt(3.0)
R = 20.0


@dataclass(frozen=True)
class HexGeometry:
    layout: Layout
    size: float = R

    @property
    def flat(self) -> bool:
        return self.layout.orientation == "flat"

    def center(self, h: Hex) -> tuple[float, float]:
        q, r = h
        s = self.size
        if self.flat:
            return s * 1.5 * q, s * SQRT3 * (r + q / 2.0)
        return s * SQRT3 * (q + r / 2.0), s * 1.5 * r

    def corners(self, h: Hex, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.center(h)
        start = 0.0 if self.flat else -30.0
        rad = self.size * scale
        out = []
        for i in range(6):
            a = math.radians(start + 60.0 * i)
            out.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        return out

    def hex_at(self, x: float, y: float) -> Hex:
        """The axial hex containing a scene point (on or off the map)."""
        s = self.size
        if self.flat:
            qf = (2.0 / 3.0 * x) / s
            rf = (-1.0 / 3.0 * x + SQRT3 / 3.0 * y) / s
        else:
            qf = (SQRT3 / 3.0 * x - 1.0 / 3.0 * y) / s
            rf = (2.0 / 3.0 * y) / s
        return cube_round(qf, rf)

    def hexside_segment(self, side: Hexside) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two end points of a hexside: perpendicular to the line joining the two centres."""
        a, b = hexside_hexes(side)
        (ax, ay), (bx, by) = self.center(a), self.center(b)
        mx, my = (ax + bx) / 2.0, (ay + by) / 2.0
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        px, py = -dy / length * self.size / 2.0, dx / length * self.size / 2.0
        return (mx - px, my - py), (mx + px, my + py)

    def hexside_mid(self, side: Hexside) -> tuple[float, float]:
        a, b = hexside_hexes(side)
        (ax, ay), (bx, by) = self.center(a), self.center(b)
        return (ax + bx) / 2.0, (ay + by) / 2.0

    def bounds(self, hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) enclosing whole hexes."""
        xs, ys = [], []
        for h in hexes:
            x, y = self.center(h)
            xs.append(x)
            ys.append(y)
        if not xs:
            return 0.0, 0.0, 0.0, 0.0
        s = self.size
        return min(xs) - s, min(ys) - s, max(xs) + s, max(ys) + s

    def block_bounds(self, c0: int, r0: int, c1: int, r1: int) -> tuple[float, float, float, float]:
        """Bounds of the offset block of columns c0..c1-1 and rows r0..r1-1. A centre's x and y are
        affine in the column and row but for a half-hex shift of every other row (or column), so the
        extremes lie in the block's corners: its first two and last two columns and rows. Blocks of one
        size whose first column and row have the same parities are the same shape moved, so the shape
        is worked out once (a 1000x1000 map's 3,969 terrain chunks have four shapes)."""
        ox, oy = self.center(self.layout.to_axial(c0, r0))
        x0, y0, x1, y1 = _block_shape(self, c0 % 2, r0 % 2, c1 - c0, r1 - r0)
        return ox + x0, oy + y0, ox + x1, oy + y1

    def _corner_bounds(self, c0: int, r0: int, c1: int, r1: int) -> tuple[float, float, float, float]:
        lay = self.layout
        rows = {r for r in (r0, r0 + 1, r1 - 2, r1 - 1) if r0 <= r < r1}
        cols = {c for c in (c0, c0 + 1, c1 - 2, c1 - 1) if c0 <= c < c1}
        return self.bounds([lay.to_axial(c, r) for c in cols for r in rows])

    def map_bounds(self) -> tuple[float, float, float, float]:
        """Bounds of the whole map; computed once per geometry (the minimap asks on every paint)."""
        return _map_bounds(self)


#: a click counts as "near a hexside" within this fraction of the hex size of the side's midpoint
NEAR = 0.5


def nearest_hexside(geom: HexGeometry, x: float, y: float, near: float = NEAR) -> Hexside | None:
    """The canonical hexside of the hex under (x, y) whose midpoint is nearest, if within
    ``near`` x hex size of it and on the map; None for a click in the middle of a hex."""
    h = geom.hex_at(x, y)
    best, best_d = None, math.inf
    for d in range(6):
        side = canonical_hexside(h, d)
        mx, my = geom.hexside_mid(side)
        dist = math.hypot(mx - x, my - y)
        if dist < best_d:
            best, best_d = side, dist
    if best is None or best_d > near * geom.size or not geom.layout.hexside_on_map(best):
        return None
    return best


def cube_round(qf: float, rf: float) -> Hex:
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)


def chunk_of(layout: Layout, h: Hex, chunk: int) -> tuple[int, int]:
    col, row = layout.to_offset(h)
    return col // chunk, row // chunk


def chunk_hexes(layout: Layout, key: tuple[int, int], chunk: int) -> Iterator[Hex]:
    cx, cy = key
    for row in range(cy * chunk, min((cy + 1) * chunk, layout.rows)):
        for col in range(cx * chunk, min((cx + 1) * chunk, layout.columns)):
            yield layout.to_axial(col, row)


def disc(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` of ``center`` (radius 0 is the hex itself)."""
    q0, r0 = center
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append((q0 + dq, r0 + dr))
    return out


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """The chain of adjacent hexes from ``a`` to ``b`` (both included), by cube interpolation."""
    n = (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) // 2
    if n == 0:
        return [a]
    eps = 1e-6  # nudge so that ties on a hexside break the same way every time
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(cube_round(a[0] + (b[0] - a[0]) * t + eps, a[1] + (b[1] - a[1]) * t + eps))
    return out


@lru_cache(maxsize=64)
def _block_shape(geom: HexGeometry, col_parity: int, row_parity: int, columns: int, rows: int):
    """The bounds of a block of ``columns`` x ``rows`` starting at a column and row of these parities,
    relative to the centre of its first hex."""
    x0, y0, x1, y1 = geom._corner_bounds(col_parity, row_parity, col_parity + columns, row_parity + rows)
    ox, oy = geom.center(geom.layout.to_axial(col_parity, row_parity))
    return x0 - ox, y0 - oy, x1 - ox, y1 - oy


@lru_cache(maxsize=16)
def _map_bounds(geom: HexGeometry) -> tuple[float, float, float, float]:
    return geom.block_bounds(0, 0, geom.layout.columns, geom.layout.rows)
