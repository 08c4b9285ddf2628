"""The outlines and lines the DBM terrain procedure draws: area features from a size, the waterway,
rivers and roads. Coordinates are table units, rounded to ``DECIMALS`` of the table's unit (0.1 mm,
0.001 inch, 0.1 pace: at most a fifth of a pace at any scale), so that what the procedure checks is
exactly what it writes.

Decisions (docs/dbm-setup.md): an area feature given by its size is a 24-sided polygon inscribed in an
ellipse ``across`` long and ``breadth`` wide, drawn half a pace short of its size so that rounding
never takes it past it; its narrowest width is at least cos(pi/24) of its breadth, so a generated
outline needs a breadth of ``MIN_BREADTH`` paces to stay 100 paces across everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from dambuster.model.scenario import Point

#: Decimals of the table's unit kept in coordinates.
DECIMALS = {"mm": 1, "inches": 3, "paces": 1}
SIDES = 24
#: Paces a generated outline is drawn short of its size (more than the rounding of its points).
SHORT_BY = 0.5
#: The least breadth, in paces, of a generated outline (100 / cos(pi/24), plus rounding).
MIN_BREADTH = 103.0


def rounded(points: Sequence[Sequence[float]], unit: str) -> list[Point]:
    d = DECIMALS[unit]
    return [(round(float(x), d) + 0.0, round(float(y), d) + 0.0) for x, y in points]


def area_outline(across: float, breadth: float, turn: float, pace: float, unit: str) -> list[Point]:
    """A feature ``across`` x ``breadth`` paces, its long axis turned by ``turn`` radians, centred on
    (0, 0), in table units."""
    a = (across - SHORT_BY) * pace / 2
    b = min(breadth, across - SHORT_BY) * pace / 2
    c, s = math.cos(turn), math.sin(turn)
    pts: list[Point] = []
    for k in range(SIDES):
        t = 2 * math.pi * k / SIDES
        x, y = a * math.cos(t), b * math.sin(t)
        pts.append((x * c - y * s, x * s + y * c))
    return rounded(pts, unit)


def turned(points: Sequence[Point], quarter_turns: int) -> list[Point]:
    """Points turned about (0, 0) by a multiple of 90 degrees (exact: no rounding needed)."""
    out = list(points)
    for _ in range(quarter_turns % 4):
        out = [(-y + 0.0, x) for x, y in out]
    return out


def centred(points: Sequence[Point], unit: str) -> list[Point]:
    """An outline moved so that its bounding box's centre is near (0, 0), on the rounding grid."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = rounded([((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)], unit)[0]
    return rounded([(x - cx, y - cy) for x, y in points], unit)


def waterway_outline(
    length: float, edge: str, extents: Sequence[float], width: float, unit: str
) -> list[Point]:
    """The water along the short edge ``edge`` (x = 0 or x = width) of a table ``length`` deep (its
    short edge), reaching ``extents[k]`` inward (table units) at k / (n - 1) of the way along the edge."""
    n = len(extents)
    shore = [(e, length * k / (n - 1)) for k, e in enumerate(extents)]
    pts = [(0.0, 0.0)] + shore + [(0.0, length)]
    if edge == "right":
        pts = [(width - x, y) for x, y in reversed(pts)]
    return rounded(pts, unit)


def waterway_extents(extent: float, wobble: Sequence[float]) -> list[float]:
    """Extents inward in paces at each shore point: ``extent`` give or take ``wobble``, never under 310
    paces; when ``extent`` is over 600, only the points before the middle reach past 600 (the text lets
    at most half the frontage do so) and the rest keep to 590."""
    n = len(wobble)
    out: list[float] = []
    for k, w in enumerate(wobble):
        deep = extent > 600 and k < (n - 1) / 2
        e = extent + w if deep else min(extent, 590.0) + w
        out.append(min(max(e, 601.0 if deep else 310.0), 890.0 if deep else 590.0))
    return out


def meander(start: Point, end: Point, offsets: Sequence[float], unit: str) -> list[Point]:
    """A river's mid-stream line from ``start`` to ``end``, its inner points pushed across the flow by
    ``offsets`` (table units): a gentle meander, far within the text's curvature limit."""
    n = len(offsets) + 1
    (x0, y0), (x1, y1) = start, end
    pts = [start]
    for k, off in enumerate(offsets, start=1):
        pts.append((x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n + off))
    pts.append(end)
    return rounded(pts, unit)
