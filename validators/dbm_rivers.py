"""Rules: DBM water features -- rivers, the waterway, islands and promontories (dbm-terrain.txt).

Distances are the text's paces, converted to the table's unit by ``dbm_table.to_unit``.
"""
from __future__ import annotations

import math
from bisect import bisect_right
from typing import Iterator

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import nearest_points

from ..model.scenario import Scenario, TableMap, TableRiver
from .curvature import max_detour
from .dbm_table import COMMON, Frame, nearest_edge, to_unit, tolerance
from .engine import param, rule
from .violation import Violation
from .common import point_json, table_map

P = "dbm-terrain"
F = "dbm-terrain.txt"

SOURCE: dict[str, str] = {
    "DBM-RIVER-CURVATURE": f"{F}, Water features (river curvature)",
    "DBM-RIVER-WIDTH": f"{F}, Water features (river width)",
    "DBM-RIVER-COURSE": f"{F}, Water features (first river) and Terrain choosing (defender's river)",
    "DBM-RIVER-LONG-EDGE": f"{F}, Terrain choosing (defender's river)",
    "DBM-RIVER-CENTRE": f"{F}, Terrain choosing (defender's river)",
    "DBM-WATERWAY": f"{F}, Water features (waterway extent)",
    "DBM-ISLAND": f"{F}, Water features (islands)",
    "DBM-PROMONTORY": f"{F}, Water features (promontories)",
}

DECISIONS: dict[str, str] = {
    "DBM-RIVER-CURVATURE": (
        "Checked exactly over all pairs of points of the mid-stream line, not only vertices (the "
        "largest ratio always has one point at a vertex; the best point on each segment has a closed "
        "form). A mid-stream line that crosses or touches itself fails with an infinite ratio. "
        "Parameter max_ratio (default 4/3: straight distance at least 3/4 of the distance along)."
    ),
    "DBM-RIVER-WIDTH": "Parameter max_width in paces (default 200). The width is the river's stated width.",
    "DBM-RIVER-COURSE": (
        "River order is list order: the first river listed is the first placed. The first river must "
        "start on a table edge and end on the opposite edge or at the waterway (its end within the "
        "tolerance of the waterway's outline); if the defender placed it, it must start on a short "
        "edge. Every later river must start on a short edge and end in the first river (its end within "
        "the first river's half width). The text allows a river from each player, so a third river is "
        "reported. 'On an edge' means within the DBM tolerance (default 5 paces)."
    ),
    "DBM-RIVER-LONG-EDGE": (
        "Applies to every river not placed by the invader (the text restricts the defender's river; "
        "the invader's may run from long edge to long edge). Distance is from the river's bank: the "
        "mid-stream line's distance minus half its width. Parameter min_distance in paces (default 600)."
    ),
    "DBM-RIVER-CENTRE": (
        "The 'transverse centre line' is read as the line midway between the long edges (a river from "
        "one short edge to the other must otherwise cross it). A river crosses it when its mid-stream "
        "line has points strictly on both sides; running along it is not crossing. Applies to rivers "
        "not placed by the invader."
    ),
    "DBM-WATERWAY": (
        "The waterway must touch its short edge (left = x 0, right = x width; an edge that is a long "
        "edge is reported). Its extent inward is measured at each point of its frontage on that edge: "
        "nowhere more than max_extent (900p), nowhere less than min_extent (300p), and the frontage "
        "where it extends more than deep_extent (600p) must be at most deep_fraction (1/2) of the "
        "frontage. A waterway need not cover the whole short edge. Computed exactly from the "
        "polygon: the set of frontage points reaching beyond a depth is the projection of the polygon "
        "part beyond that depth."
    ),
    "DBM-ISLAND": (
        "An island is a hill whose outline lies inside the waterway's outer boundary. 'The table edge' "
        "is the short edge the waterway extends from (the far side of the water); 'the shore' is the waterway's outer boundary apart from where it runs along "
        "a table edge. One element width is parameter element_width in paces (default 40, the project's "
        "choice; at 100 paces to the inch a 40 mm element base is about 157p, so set it to suit the "
        "figures' scale)."
    ),
    "DBM-PROMONTORY": (
        "A hill or BUA that overlaps the waterway but is not an island is a promontory; the part "
        "inside the water must be at least min_edge_distance (300p) from the short edge the waterway "
        "extends from."
    ),
}


#: Thresholds per code (parameters.rules.<CODE>.<name>); distances in paces.
PARAMETERS: dict[str, dict[str, float]] = {
    "DBM-RIVER-CURVATURE": {"max_ratio": 4 / 3},
    "DBM-RIVER-WIDTH": {"max_width": 200},
    "DBM-RIVER-LONG-EDGE": {"min_distance": 600},
    "DBM-WATERWAY": {"min_extent": 300, "max_extent": 900, "deep_extent": 600, "deep_fraction": 0.5},
    "DBM-ISLAND": {"min_edge_distance": 300, "element_width": 40},
    "DBM-PROMONTORY": {"min_edge_distance": 300},
}

for _code in SOURCE:
    DECISIONS[_code] = DECISIONS.get(_code, "") + " " + COMMON




def _loc(i: int, r: TableRiver, **extra) -> dict:
    return {"pointer": f"/map/rivers/{i}", "feature": r.id, **extra}


def _paces(s: Scenario, code: str, name: str, default: float | None = None) -> float:
    return to_unit(s, param(s, code, name, PARAMETERS[code][name] if default is None else default))


# ------------------------------------------------------------------------------------ rivers
@rule("DBM-RIVER-CURVATURE", P, "error", "A river curves more than its mid-stream line allows")
def river_curvature(s: Scenario) -> Iterator[Violation]:
    """No two points of a river's mid-stream line (anywhere, not only vertices) may be closer in a
    straight line than 3/4 of their distance along the line; exact (validators/curvature.py). A
    self-crossing line fails. Witness: the worst pair and its ratio, or the crossing point."""
    m = table_map(s)
    if m is None:
        return
    limit = param(s, "DBM-RIVER-CURVATURE", "max_ratio", 4 / 3)
    for i, r in enumerate(m.rivers):
        if len(r.line) < 3:
            continue
        ratio, p, q = max_detour(r.line, floor=limit)
        if ratio <= limit:
            continue
        if math.isinf(ratio):
            yield Violation(
                f"river {r.id!r} crosses or touches itself at {point_json(p)}",
                location=_loc(i, r, point=point_json(p)),
                witness={"crossing": point_json(p), "ratio": None},
            )
            continue
        straight = math.dist(p, q)
        along = ratio * straight
        yield Violation(
            f"river {r.id!r} bends too sharply: {point_json(p)} and {point_json(q)} are {along:.4g} apart along the "
            f"mid-stream line but {straight:.4g} in a straight line (ratio {ratio:.4f} > {limit:.4f})",
            location=_loc(i, r, point=point_json(p)),
            witness={"p": point_json(p), "q": point_json(q), "ratio": ratio, "along": along, "straight": straight},
        )


@rule("DBM-RIVER-WIDTH", P, "error", "A river is wider than 200 paces")
def river_width(s: Scenario) -> Iterator[Violation]:
    """A river's width must not exceed 200 paces."""
    m = table_map(s)
    if m is None:
        return
    limit = _paces(s, "DBM-RIVER-WIDTH", "max_width", 200)
    for i, r in enumerate(m.rivers):
        if r.width > limit:
            yield Violation(
                f"river {r.id!r} is {r.width:g} wide; at most {limit:g} ({m.unit})",
                location={"pointer": f"/map/rivers/{i}/width", "feature": r.id},
                witness={"width": r.width, "limit": limit},
            )


def _ends_in_waterway(m: TableMap, r: TableRiver, tol: float) -> bool:
    if m.waterway is None or r.flows_into not in (None, m.waterway.id):
        return False
    return Polygon(m.waterway.polygon).distance(Point(r.line[-1])) <= tol


@rule("DBM-RIVER-COURSE", P, "error", "A river does not run where the text allows (edge to edge, to the waterway or the first river)")
def river_course(s: Scenario) -> Iterator[Violation]:
    """The first river runs from a table edge to the opposite edge or into the waterway (from a
    short edge if the defender placed it); a second river runs from a short edge into the first;
    there is no third."""
    m = table_map(s)
    if m is None or not m.rivers:
        return
    frame, tol = Frame.of(m), tolerance(s)
    first = m.rivers[0]
    for i, r in enumerate(m.rivers):
        if len(r.line) < 2:
            continue
        start, end = r.line[0], r.line[-1]
        e = nearest_edge(frame, start, tol)
        if i >= 2:
            yield Violation(f"river {r.id!r} is a third river; each player may place only one",
                            location=_loc(i, r))
            continue
        if e is None:
            yield Violation(f"river {r.id!r} does not start on a table edge", location=_loc(i, r, point=point_json(start)),
                            witness={"start": point_json(start)})
            continue
        must_be_short = i == 1 or r.placed_by == "defender"
        if must_be_short and not frame.is_short(e):
            who = "a second river" if i == 1 else "the defender's river"
            yield Violation(f"river {r.id!r} starts on a long edge ({e}); {who} must start on a short edge",
                            location=_loc(i, r, point=point_json(start)), witness={"start": point_json(start), "edge": e})
        if i == 0:
            if nearest_edge(frame, end, tol) == frame.opposite(e) or _ends_in_waterway(m, r, tol):
                continue
            yield Violation(
                f"river {r.id!r} starts on the {e} edge but ends neither on the {frame.opposite(e)} edge nor in the waterway",
                location=_loc(i, r, point=point_json(end)), witness={"start": point_json(start), "end": point_json(end)},
            )
        else:
            gap = LineString(first.line).distance(Point(end)) - first.width / 2
            if gap > tol:
                yield Violation(
                    f"river {r.id!r} must flow into the first river {first.id!r}; its end is {gap:.4g} from it",
                    location=_loc(i, r, point=point_json(end)), witness={"end": point_json(end), "gap": gap, "first": first.id},
                )


def _restricted(r: TableRiver) -> bool:
    return r.placed_by != "invader"


@rule("DBM-RIVER-LONG-EDGE", P, "error", "A river is closer than 600 paces to a long table edge")
def river_long_edge(s: Scenario) -> Iterator[Violation]:
    """A river not placed by the invader keeps its banks at least 600 paces from both long edges.
    Witness: the nearest river and edge points."""
    m = table_map(s)
    if m is None:
        return
    frame = Frame.of(m)
    limit = _paces(s, "DBM-RIVER-LONG-EDGE", "min_distance", 600)
    for i, r in enumerate(m.rivers):
        if len(r.line) < 2 or not _restricted(r):
            continue
        line = LineString(r.line)
        for edge in frame.long_edges():
            d = edge.distance(line) - r.width / 2
            if d < limit - 1e-9 * frame.length:
                near, on_edge = nearest_points(line, edge)
                yield Violation(
                    f"river {r.id!r} comes within {max(d, 0):.4g} of a long table edge; at least {limit:g} required",
                    location=_loc(i, r, point=point_json((near.x, near.y))),
                    witness={"river_point": point_json((near.x, near.y)), "edge_point": point_json((on_edge.x, on_edge.y)),
                             "distance": d, "limit": limit},
                )
                break


@rule("DBM-RIVER-CENTRE", P, "error", "A river crosses the table's centre line")
def river_centre(s: Scenario) -> Iterator[Violation]:
    """A river not placed by the invader does not cross the centre line midway between the long
    edges. Witness: the crossing point."""
    m = table_map(s)
    if m is None:
        return
    frame = Frame.of(m)
    c = frame.span / 2
    eps = 1e-9 * frame.span
    centre = frame.centre_line()
    for i, r in enumerate(m.rivers):
        if len(r.line) < 2 or not _restricted(r):
            continue
        across = [frame.across(p) for p in r.line]
        if min(across) < c - eps and max(across) > c + eps:
            hit = LineString(r.line).intersection(centre)
            x = shapely.get_coordinates(hit)
            pt = point_json(x[0]) if len(x) else point_json(r.line[0])
            yield Violation(f"river {r.id!r} crosses the centre line at {pt}",
                            location=_loc(i, r, point=pt), witness={"crossing": pt})


# ---------------------------------------------------------------------------------- waterway
def _intervals(geom, frame: Frame) -> list[tuple[float, float]]:
    """Merged across-coordinate ranges covered by the projection of a geometry's parts."""
    parts = getattr(geom, "geoms", [geom])
    spans = []
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


def _uncovered(need: list[tuple[float, float]], have: list[tuple[float, float]], tol: float):
    """Parts of ``need`` not in ``have`` (longer than tol). Both are sorted and disjoint (``_intervals``),
    so each part of ``need`` looks only at the parts of ``have`` from the first that ends after it."""
    gaps = []
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


@rule("DBM-WATERWAY", P, "error", "The waterway does not extend 300-900 paces inward from its short edge (at most half beyond 600)")
def waterway(s: Scenario) -> Iterator[Violation]:
    """The waterway lies along a short edge, extends 300-900 paces inward everywhere along its
    frontage, and more than 600 paces along at most half of it."""
    m = table_map(s)
    if m is None or m.waterway is None:
        return
    ww, frame, tol = m.waterway, Frame.of(m), tolerance(s)
    loc = {"pointer": "/map/waterway", "feature": ww.id}
    if not frame.is_short(ww.edge):
        yield Violation(f"waterway {ww.id!r} lies along the {ww.edge} edge, a long edge; it must extend from a short edge",
                        location=loc)
        return
    poly = Polygon(ww.polygon)
    if not poly.is_valid:
        poly = poly.buffer(0)
    L = frame.length
    from_start = ww.edge == "left"  # (with a swapped frame left/right are long edges: reported above)

    def band(d0: float, d1: float) -> Polygon:
        return frame.rect(d0, d1, 0, frame.span) if from_start else frame.rect(L - d1, L - d0, 0, frame.span)

    lo = _paces(s, "DBM-WATERWAY", "min_extent", 300)
    hi = _paces(s, "DBM-WATERWAY", "max_extent", 900)
    deep = _paces(s, "DBM-WATERWAY", "deep_extent", 600)
    frac = param(s, "DBM-WATERWAY", "deep_fraction", 0.5)
    front = _intervals(poly.intersection(band(0, tol)), frame)
    if not front:
        yield Violation(f"waterway {ww.id!r} does not touch the {ww.edge} edge", location=loc)
        return
    inward = [frame.along(p) if from_start else L - frame.along(p) for p in poly.exterior.coords]
    k = max(range(len(inward)), key=inward.__getitem__)
    if inward[k] > hi + 1e-9 * L:
        p = poly.exterior.coords[k]
        yield Violation(f"waterway {ww.id!r} extends {inward[k]:.4g} inward; at most {hi:g}", location={**loc, "point": point_json(p)},
                        witness={"point": point_json(p), "extent": inward[k], "limit": hi})
    gaps = _uncovered(front, _intervals(poly.intersection(band(lo - 1e-9 * L, L)), frame), tol)
    if gaps:
        a, b = gaps[0]
        pa = frame.point(0 if from_start else L, a)
        pb = frame.point(0 if from_start else L, b)
        yield Violation(
            f"waterway {ww.id!r} extends less than {lo:g} inward along part of its edge, from {point_json(pa)} to {point_json(pb)}",
            location={**loc, "point": point_json(pa)}, witness={"from": point_json(pa), "to": point_json(pb), "limit": lo},
        )
    far = _measure(_intervals(poly.intersection(band(deep, L)), frame))
    total = _measure(front)
    if far > frac * total + tol:
        yield Violation(
            f"waterway {ww.id!r} extends more than {deep:g} inward along {far:.4g} of its {total:.4g} frontage; "
            f"at most {frac:g} of it may",
            location=loc, witness={"deep_frontage": far, "frontage": total, "fraction": far / total},
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
    return m, water, outline, edge


@rule("DBM-ISLAND", P, "error", "An island is closer than 300 paces to the table edge or one element width to the shore")
def island(s: Scenario) -> Iterator[Violation]:
    """A hill inside the waterway (an island) is at least 300 paces from the table edge and one
    element width from the shore."""
    got = _hills_and_water(s)
    if got is None:
        return
    m, water, outline, edge = got
    frame, tol = Frame.of(m), tolerance(s)
    edge_min = _paces(s, "DBM-ISLAND", "min_edge_distance", 300)
    shore_min = _paces(s, "DBM-ISLAND", "element_width", 40)
    border = frame.table.boundary
    shore = LineString(outline.exterior.coords).difference(border.buffer(tol))
    border = edge
    for i, a in enumerate(m.areas):
        if not a.kind.startswith("hill"):
            continue
        hill = Polygon(a.polygon)
        if not outline.buffer(tol).covers(hill):
            continue
        loc = {"pointer": f"/map/areas/{i}", "feature": a.id}
        d = hill.distance(border)
        if d < edge_min:
            p, q = nearest_points(hill, border)
            yield Violation(f"island {a.id!r} is {d:.4g} from the table edge; at least {edge_min:g}",
                            location={**loc, "point": point_json((p.x, p.y))},
                            witness={"island_point": point_json((p.x, p.y)), "edge_point": point_json((q.x, q.y)), "distance": d})
        if not shore.is_empty:
            d = hill.distance(shore)
            if d < shore_min:
                p, q = nearest_points(hill, shore)
                yield Violation(f"island {a.id!r} is {d:.4g} from the shore; at least one element width ({shore_min:g})",
                                location={**loc, "point": point_json((p.x, p.y))},
                                witness={"island_point": point_json((p.x, p.y)), "shore_point": point_json((q.x, q.y)), "distance": d})


@rule("DBM-PROMONTORY", P, "error", "A promontory projects into the waterway closer than 300 paces to the table edge")
def promontory(s: Scenario) -> Iterator[Violation]:
    """The part of a hill or BUA projecting into the waterway (a promontory) is at least 300 paces
    from the table edge."""
    got = _hills_and_water(s)
    if got is None:
        return
    m, water, outline, border = got
    tol = tolerance(s)
    limit = _paces(s, "DBM-PROMONTORY", "min_edge_distance", 300)
    for i, a in enumerate(m.areas):
        if not (a.kind.startswith("hill") or a.kind == "bua"):
            continue
        poly = Polygon(a.polygon)
        if a.kind.startswith("hill") and outline.buffer(tol).covers(poly):
            continue  # an island: DBM-ISLAND
        part = poly.intersection(water)
        if part.area <= tol * tol:
            continue
        d = part.distance(border)
        if d < limit:
            p, q = nearest_points(part, border)
            yield Violation(
                f"{a.kind} {a.id!r} projects into the waterway {d:.4g} from the table edge; at least {limit:g}",
                location={"pointer": f"/map/areas/{i}", "feature": a.id, "point": point_json((p.x, p.y))},
                witness={"point": point_json((p.x, p.y)), "edge_point": point_json((q.x, q.y)), "distance": d,
                         "projecting_part": part.wkt},
            )
