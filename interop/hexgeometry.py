"""Hex maps as plane geometry, for the GIS exports: one polygon per hex, lines through hex centres.

The unit is the distance between the centres of two neighbouring hexes (a hex is 1 across its flats),
axial hex (0, 0) is centred on the origin, and y grows downwards as on the screen and in the editor
(the GIS formats turn it up: interop/gis.py). Flat-top: x = sqrt(3)/2 q, y = r + q/2; pointy-top:
x = q + r/2, y = sqrt(3)/2 r.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from dambuster.model.hexgrid import DIRECTIONS, Hex, Hexside, Layout
from dambuster.model.scenario import HexMap

HALF_ROOT3 = math.sqrt(3) / 2
CIRCUMRADIUS = 1 / math.sqrt(3)  # centre to corner, for hexes 1 apart


def _tidy(v: float) -> float:
    """Nine decimals (no 0.30000000000000004 or -0.0 in the files)."""
    return round(v, 9) + 0.0


def centre(layout: Layout, h: Hex) -> tuple[float, float]:
    q, r = h
    if layout.orientation == "flat":
        return _tidy(HALF_ROOT3 * q), _tidy(r + q / 2)
    return _tidy(q + r / 2), _tidy(HALF_ROOT3 * r)


def corners(layout: Layout, h: Hex) -> list[tuple[float, float]]:
    """The six corners, going round the hex (flat-top: from the right-hand corner)."""
    cx, cy = centre(layout, h)
    start = 0 if layout.orientation == "flat" else 30
    return [
        (
            _tidy(cx + CIRCUMRADIUS * math.cos(math.radians(start + 60 * k))),
            _tidy(cy + CIRCUMRADIUS * math.sin(math.radians(start + 60 * k))),
        )
        for k in range(6)
    ]


def hexside_segment(layout: Layout, side: Hexside) -> list[tuple[float, float]]:
    """The edge two hexes share: the two corners nearest the midpoint of their centres."""
    q, r, d = side
    a = centre(layout, (q, r))
    dq, dr = DIRECTIONS[d]
    b = centre(layout, (q + dq, r + dr))
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    nearest = sorted(corners(layout, (q, r)), key=lambda c: math.dist(c, mid))
    return sorted(nearest[:2])


def hex_features(m: HexMap) -> Iterator[tuple[Hex, list[str]]]:
    """Every hex of the map with what stands on it (``dam:ID``, ``town:NAME``, ``floodplain``...)."""
    on: dict[Hex, list[str]] = {}

    def put(h: Hex, what: str) -> None:
        on.setdefault((h[0], h[1]), []).append(what)

    for d in m.dams:
        put(d.hex, f"dam:{d.id}")
        for h in d.reservoir:
            put(h, f"reservoir:{d.id}")
    for t in m.towns:
        for h in t.hexes:
            put(h, f"town:{t.name or t.id}")
    for h in m.floodplain.hexes:
        put(h, "floodplain")
    for b in m.river_bridges:
        put(b.hex, f"river-bridge:{b.id}")
    mk = m.markers
    for e in mk.entrenchments:
        put(e.hex, "entrenchment" if e.count == 1 else f"entrenchment:{e.count}")
    for v in mk.revetments:
        put(v.hex, f"revetment:{v.size}")
    for mine in mk.mines:
        put(mine.hex, f"mine:{mine.owner}")
    for c in mk.road_cuts:
        put(c.hex, f"road-cut:{c.route}" if c.route else "road-cut")
    for h in m.layout.hexes():
        yield h, on.get(h, [])
