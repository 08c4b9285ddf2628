"""Rules: DBM waterway, islands and promontories (dbm-terrain.txt, Water features).

Distances are the text's paces, converted to the table's unit by ``table.paces``; messages give
measures in paces and in the table's unit (``table.scale``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator

import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from dambuster.model.scenario import Scenario
from dambuster.validators.common import point_json, table_map
from dambuster.validators.engine import param, rule
from dambuster.validators.violation import Violation

from .table import Frame, paces, scale, tolerance

P = "dbm-terrain"


# ---------------------------------------------------------------------------------- waterway
def _intervals(geom: BaseGeometry, frame: Frame) -> list[tuple[float, float]]:
    """Merged across-coordinate ranges covered by the projection of a geometry's parts."""
    parts: Iterable[BaseGeometry] = getattr(geom, "geoms", [geom])  # a collection's parts, or itself
    spans: list[tuple[float, float]] = []
    for g in parts:
        if g.is_empty or g.area <= 0:
            continue
        x0, y0, x1, y1 = g.bounds
        spans.append((x0, x1) if frame.swapped else (y0, y1))
    spans.sort()
    out: list[list[float]] = []
    for a, b in spans:
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def _measure(iv: list[tuple[float, float]]) -> float:
    return sum(b - a for a, b in iv)


def _uncovered(
    need: list[tuple[float, float]], have: list[tuple[float, float]], tol: float
) -> list[tuple[float, float]]:
    """Parts of ``need`` not in ``have`` (longer than tol). Both are sorted and disjoint (``_intervals``),
    so each part of ``need`` looks only at the parts of ``have`` from the first that ends after it."""
    gaps: list[tuple[float, float]] = []
    ends = [d for _, d in have]
    for a, b in need:
        cur = a
        for k in range(bisect_right(ends, a), len(have)):
            c, d = have[k]
            if c >= b:
                break
            if d <= cur:
                continue
            if c > cur + tol:
                gaps.append((cur, c))
            cur = max(cur, d)
        if b > cur + tol:
            gaps.append((cur, b))
    return gaps


@rule(
    "DBM-WATERWAY",
    P,
    "error",
    "The waterway does not extend 300-900 paces inward from its short edge (at most half beyond 600)",
    params={"deep_fraction": 0.5, "min_extent": 300, "max_extent": 900, "deep_extent": 600},
    source="dbm-terrain.txt, Water features (waterway extent)",
    decision=(
        "The waterway must touch its short edge (left = x 0, right = x width; an edge that is a long "
        "edge is reported). Its extent inward is measured at each point of its frontage on that "
        "edge: nowhere more than max_extent (900p), nowhere less than min_extent (300p), and the "
        "frontage where it extends more than deep_extent (600p) must be at most deep_fraction (1/2) "
        "of the frontage. A waterway need not cover the whole short edge. Computed exactly from the "
        "polygon: the set of frontage points reaching beyond a depth is the projection of the "
        "polygon part beyond that depth."
    ),
    verdict="the text says: 300p to 900p inward from a short edge, no more than half beyond 600p.",
    no_fix="the waterway's outline can change in many ways",
)
def waterway(s: Scenario) -> Iterator[Violation]:
    """The waterway lies along a short edge, extends 300-900 paces inward everywhere along its
    frontage, and more than 600 paces along at most half of it."""
    m = table_map(s)
    if m is None or m.waterway is None:
        return
    ww, frame, tol = m.waterway, Frame.of(m), tolerance(s)
    loc = {"pointer": "/map/waterway", "feature": ww.id}
    if not frame.is_short(ww.edge):
        yield Violation(
            f"waterway {ww.id!r} lies along the {ww.edge} edge, a long edge; it must extend from a short edge",
            location=loc,
        )
        return
    poly = Polygon(ww.polygon)
    if not poly.is_valid:
        poly = poly.buffer(0)
    L = frame.length
    from_start = ww.edge == "left"  # (with a swapped frame left/right are long edges: reported above)

    def band(d0: float, d1: float) -> Polygon:
        return frame.rect(d0, d1, 0, frame.span) if from_start else frame.rect(L - d1, L - d0, 0, frame.span)

    lo = paces(s, "DBM-WATERWAY", "min_extent")
    hi = paces(s, "DBM-WATERWAY", "max_extent")
    deep = paces(s, "DBM-WATERWAY", "deep_extent")
    frac = param(s, "DBM-WATERWAY", "deep_fraction")
    front = _intervals(poly.intersection(band(0, tol)), frame)
    if not front:
        yield Violation(f"waterway {ww.id!r} does not touch the {ww.edge} edge", location=loc)
        return
    inward = [frame.along(p) if from_start else L - frame.along(p) for p in poly.exterior.coords]
    k = max(range(len(inward)), key=inward.__getitem__)
    if inward[k] > hi + 1e-9 * L:
        p = poly.exterior.coords[k]
        yield Violation(
            "waterway {!r} extends {} inward; at most {}".format(ww.id, *scale(s).say_pair(inward[k], hi)),
            location={**loc, "point": point_json(p)},
            witness={"point": point_json(p), "extent": inward[k], "limit": hi},
        )
    gaps = _uncovered(front, _intervals(poly.intersection(band(lo - 1e-9 * L, L)), frame), tol)
    if gaps:
        a, b = gaps[0]
        pa = frame.point(0 if from_start else L, a)
        pb = frame.point(0 if from_start else L, b)
        yield Violation(
            f"waterway {ww.id!r} extends less than {scale(s).say(lo)} inward along {scale(s).say(b - a)} of its edge, "
            f"from {point_json(pa)} to {point_json(pb)}",
            location={**loc, "point": point_json(pa)},
            witness={"from": point_json(pa), "to": point_json(pb), "limit": lo},
        )
    far = _measure(_intervals(poly.intersection(band(deep, L)), frame))
    total = _measure(front)
    if far > frac * total + tol:
        yield Violation(
            f"waterway {ww.id!r} extends more than {scale(s).say(deep)} inward along {scale(s).say(far)} of its "
            f"{scale(s).say(total)} frontage; at most {frac:g} of it may",
            location=loc,
            witness={"deep_frontage": far, "frontage": total, "fraction": far / total},
        )


# --------------------------------------------------------------------------- islands, promontories
def _hills_and_water(s: Scenario):
    m = table_map(s)
    if m is None or m.waterway is None:
        return None
    water = Polygon(m.waterway.polygon)
    if not water.is_valid:
        water = water.buffer(0)
    outline = Polygon(water.exterior)
    edge = Frame.of(m).edges()[m.waterway.edge]
    lagoon = outline.buffer(tolerance(s))  # what an island lies within: built once, not once per hill
    shapely.prepare(lagoon)
    return m, water, outline, edge, lagoon


@rule(
    "DBM-ISLAND",
    P,
    "error",
    "An island is closer than 300 paces to the table edge or one element width to the shore",
    params={"min_edge_distance": 300},
    source="dbm-terrain.txt, Water features (islands)",
    decision=(
        "An island is a hill whose outline lies inside the waterway's outer boundary. 'The table "
        "edge' is the short edge the waterway extends from (the far side of the water); 'the shore' "
        "is the waterway's outer boundary apart from where it runs along a table edge. One element "
        "width is the frontage of an element of the table's figures (40 mm for 15mm figures, 60 mm "
        "for 25mm: 80 or 75 paces; never reduced), from the table's ground scale."
    ),
    verdict="the text says: at least 300p from the table edge and one element width from the shore.",
    no_fix="the island can move or shrink in many ways",
)
def island(s: Scenario) -> Iterator[Violation]:
    """A hill inside the waterway (an island) is at least 300 paces from the table edge and one
    element width from the shore."""
    got = _hills_and_water(s)
    if got is None:
        return
    m, _water, outline, edge, lagoon = got
    frame, tol = Frame.of(m), tolerance(s)
    edge_min = paces(s, "DBM-ISLAND", "min_edge_distance")
    shore_min = scale(s).element_width
    border = frame.table.boundary
    shore = LineString(outline.exterior.coords).difference(border.buffer(tol))
    border = edge
    for i, a in enumerate(m.areas):
        if not a.kind.startswith("hill"):
            continue
        hill = Polygon(a.polygon)
        if not lagoon.covers(hill):
            continue
        loc = {"pointer": f"/map/areas/{i}", "feature": a.id}
        d = hill.distance(border)
        if d < edge_min:
            p, q = nearest_points(hill, border)
            yield Violation(
                "island {!r} is {} from the table edge; at least {}".format(
                    a.id, *scale(s).say_pair(d, edge_min)
                ),
                location={**loc, "point": point_json((p.x, p.y))},
                witness={
                    "island_point": point_json((p.x, p.y)),
                    "edge_point": point_json((q.x, q.y)),
                    "distance": d,
                },
            )
        if not shore.is_empty:
            d = hill.distance(shore)
            if d < shore_min:
                p, q = nearest_points(hill, shore)
                yield Violation(
                    "island {!r} is {} from the shore; at least one element width, {}".format(
                        a.id, *scale(s).say_pair(d, shore_min)
                    ),
                    location={**loc, "point": point_json((p.x, p.y))},
                    witness={
                        "island_point": point_json((p.x, p.y)),
                        "shore_point": point_json((q.x, q.y)),
                        "distance": d,
                    },
                )


@rule(
    "DBM-PROMONTORY",
    P,
    "error",
    "A promontory projects into the waterway closer than 300 paces to the table edge",
    params={"min_edge_distance": 300},
    source="dbm-terrain.txt, Water features (promontories)",
    decision=(
        "A hill or BUA that overlaps the waterway but is not an island is a promontory; the part "
        "inside the water must be at least min_edge_distance (300p) from the short edge the waterway "
        "extends from."
    ),
    verdict="the text says: a promontory no closer than 300p to the table edge.",
    no_fix="the feature can move or shrink in many ways",
)
def promontory(s: Scenario) -> Iterator[Violation]:
    """The part of a hill or BUA projecting into the waterway (a promontory) is at least 300 paces
    from the table edge."""
    got = _hills_and_water(s)
    if got is None:
        return
    m, water, _outline, border, lagoon = got
    tol = tolerance(s)
    limit = paces(s, "DBM-PROMONTORY", "min_edge_distance")
    for i, a in enumerate(m.areas):
        if not (a.kind.startswith("hill") or a.kind == "bua"):
            continue
        poly = Polygon(a.polygon)
        if a.kind.startswith("hill") and lagoon.covers(poly):
            continue  # an island: DBM-ISLAND
        part = poly.intersection(water)
        if part.area <= tol * tol:
            continue
        d = part.distance(border)
        if d < limit:
            p, q = nearest_points(part, border)
            yield Violation(
                "{} {!r} projects into the waterway {} from the table edge; at least {}".format(
                    a.kind, a.id, *scale(s).say_pair(d, limit)
                ),
                location={"pointer": f"/map/areas/{i}", "feature": a.id, "point": point_json((p.x, p.y))},
                witness={
                    "point": point_json((p.x, p.y)),
                    "edge_point": point_json((q.x, q.y)),
                    "distance": d,
                    "projecting_part": part.wkt,
                },
            )
