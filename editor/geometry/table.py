"""Table-map arithmetic for drawing (Qt-free): DBM sectors and models placed along corridors."""

from __future__ import annotations

import math

from dambuster.model.scenario import Model, Sewer


def sector_rects(width: float, depth: float) -> list[tuple[int, tuple[float, float, float, float]]]:
    """The six DBM sectors as (number, (x, y, w, h)): the table is split at y = depth/2 and in thirds
    of x; sectors 1-3 run from x = 0 in the half y < depth/2, sectors 4-6 from x = 0 in the other."""
    third, half = width / 3.0, depth / 2.0
    out = []
    for i in range(3):
        out.append((i + 1, (i * third, 0.0, third, half)))
    for i in range(3):
        out.append((i + 4, (i * third, half, third, depth - half)))
    return out


def point_along(line: list[tuple[float, float]], distance: float) -> tuple[float, float] | None:
    """The point ``distance`` along a polyline from its first point (clamped to its ends)."""
    if not line:
        return None
    if distance <= 0 or len(line) == 1:
        x, y = line[0]
        return x, y
    left = distance
    for (x0, y0), (x1, y1) in zip(line, line[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg >= left and seg > 0:
            t = left / seg
            return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        left -= seg
    x, y = line[-1]
    return x, y


def model_point(sewer: Sewer, model: Model) -> tuple[float, float] | None:
    for c in sewer.corridors:
        if c.id == model.corridor:
            return point_along([(p[0], p[1]) for p in c.line], model.position)
    return None
