"""Where the DBM terrain procedure runs a road (dbm-terrain.txt, external roads).

A road is a straight centre line. Decisions (docs/dbm-setup.md): a road from a BUA runs from the edge
of the town straight to a long edge (the nearer one first, the other for a second road); a road with
no BUA runs from one long edge to the other across an earlier road; the invader's road, or a
compulsory road with nothing to link, runs from one short edge to the other. Roads go over or through
any feature, as the text allows, and so never block a later one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from shapely.geometry import LineString, Polygon

from dambuster.model.ground_scale import GroundScale
from dambuster.model.scenario import Point
from dambuster.validators.dbm.table import Frame, nearest_edge

from .shapes import rounded


def road_line(
    frame: Frame,
    scale: GroundScale,
    bua: Polygon | None,
    earlier: Sequence[Sequence[Point]],
    free: bool,
    rng: random.Random,
) -> tuple[list[Point] | None, str]:
    """A road's centre line and how it runs (words for the log), or (None, "") when it links nothing
    and may not stand alone (``free``: the invader's road, or a compulsory one)."""
    W, D = frame.width, frame.depth
    if bua is not None:
        line, how = _from_bua(bua, earlier, frame, scale.unit)
        if line:
            return line, how
    if earlier:
        for _ in range(20):
            x = rng.uniform(0.15, 0.85) * W
            line = LineString([(x, 0.0), (x, D)])
            hit = next((k for k, e in enumerate(earlier) if LineString(e).intersects(line)), None)
            if hit is not None:
                pts = rounded(list(line.coords), scale.unit)
                return pts, f"{_from_to(pts, frame)}, across road {hit + 1}"
    if free:
        y = rng.uniform(0.25, 0.75) * D
        pts = rounded([(0.0, y), (W, y)], scale.unit)
        return pts, _from_to(pts, frame)
    return None, ""


def _from_to(line: Sequence[Point], frame: Frame) -> str:
    """ "from the top edge to the bottom edge": the edges a road's ends lie on, named as drawn."""
    return f"from the {_edge(line[0], frame)} edge to the {_edge(line[-1], frame)} edge"


def _from_bua(
    bua: Polygon, earlier: Sequence[Sequence[Point]], frame: Frame, unit: str
) -> tuple[list[Point], str]:
    """Straight from the BUA to the nearer long edge, else the farther one, else a short edge: the first
    edge no earlier road from this BUA reaches and that the BUA does not already touch."""
    c, W, D = bua.centroid, frame.width, frame.depth
    long_edges = [("top", (c.x, 0.0)), ("bottom", (c.x, D))]  # as drawn: y = 0 along the top
    short_edges = [("left", (0.0, c.y)), ("right", (W, c.y))]
    if c.y > D / 2:
        long_edges.reverse()
    if c.x > W / 2:
        short_edges.reverse()
    taken = {_edge(line[-1], frame) for line in earlier if LineString(line).distance(bua) <= 1e-6}
    for name, end in long_edges + short_edges:
        if name in taken:
            continue
        outside = LineString([(c.x, c.y), end]).difference(bua)
        parts = [p for p in getattr(outside, "geoms", [outside]) if not p.is_empty]
        piece = next((p for p in parts if p.coords[-1] == end), None)
        if piece is not None and piece.length > 0:
            pts = rounded(list(piece.coords), unit)
            if len(set(pts)) == len(pts) >= 2:
                return pts, f"from the BUA to the {name} edge"
    return [], ""


def _edge(p: Point, frame: Frame) -> str | None:
    """The edge a point lies on, by name (``Frame.edges``: y = 0 is the top edge, as drawn), or None."""
    return nearest_edge(frame, p, 0.0)
