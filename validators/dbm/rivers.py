"""Rules: DBM rivers (dbm-terrain.txt, Water features). The waterway, islands and promontories are in
``waterway``.

Distances are the text's paces, converted to the table's unit by ``table.paces``; messages give
measures in paces and in the table's unit (``table.scale``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import nearest_points

from dambuster.model.scenario import Scenario, TableMap, TableRiver
from dambuster.validators.common import point_json, table_map
from dambuster.validators.engine import param, rule
from dambuster.validators.violation import Violation

from .curvature import max_detour
from .table import Frame, nearest_edge, paces, scale, tolerance

P = "dbm-terrain"


def _loc(i: int, r: TableRiver, **extra: Any) -> dict[str, Any]:
    return {"pointer": f"/map/rivers/{i}", "feature": r.id, **extra}


# ------------------------------------------------------------------------------------ rivers
@rule(
    "DBM-RIVER-CURVATURE",
    P,
    "error",
    "A river curves more than its mid-stream line allows",
    params={"max_ratio": 4 / 3},
    source="dbm-terrain.txt, Water features (river curvature)",
    decision=(
        "Checked exactly over all pairs of points of the mid-stream line, not only vertices (the "
        "largest ratio always has one point at a vertex; the best point on each segment has a closed "
        "form). A mid-stream line that crosses or touches itself fails with an infinite ratio. "
        "Parameter max_ratio (default 4/3: straight distance at least 3/4 of the distance along)."
    ),
    verdict=(
        "the text says: no two points closer in a straight line than 3/4 of their distance along the "
        "mid-stream line."
    ),
    no_fix="the river's course is the designer's choice",
)
def river_curvature(s: Scenario) -> Iterator[Violation]:
    """No two points of a river's mid-stream line (anywhere, not only vertices) may be closer in a
    straight line than 3/4 of their distance along the line; exact (validators/dbm/curvature.py). A
    self-crossing line fails. Witness: the worst pair and its ratio, or the crossing point."""
    m = table_map(s)
    if m is None:
        return
    limit = param(s, "DBM-RIVER-CURVATURE", "max_ratio")
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
        say = scale(s).say
        yield Violation(
            f"river {r.id!r} bends too sharply: {point_json(p)} and {point_json(q)} are {say(along)} apart along the "
            f"mid-stream line but {say(straight)} in a straight line (ratio {ratio:.4f} > {limit:.4f})",
            location=_loc(i, r, point=point_json(p)),
            witness={
                "p": point_json(p),
                "q": point_json(q),
                "ratio": ratio,
                "along": along,
                "straight": straight,
            },
        )


@rule(
    "DBM-RIVER-WIDTH",
    P,
    "error",
    "A river is wider than 200 paces",
    params={"max_width": 200},
    source="dbm-terrain.txt, Water features (river width)",
    decision="Parameter max_width in paces (default 200). The width is the river's stated width.",
    verdict="the text says: a river's width must not exceed 200p.",
    fix="narrow the river to the widest allowed",
)
def river_width(s: Scenario) -> Iterator[Violation]:
    """A river's width must not exceed 200 paces."""
    m = table_map(s)
    if m is None:
        return
    limit = paces(s, "DBM-RIVER-WIDTH", "max_width")
    for i, r in enumerate(m.rivers):
        if r.width > limit:
            yield Violation(
                "river {!r} is {} wide; at most {}".format(r.id, *scale(s).say_pair(r.width, limit)),
                location={"pointer": f"/map/rivers/{i}/width", "feature": r.id},
                witness={"width": r.width, "limit": limit},
            )


def _ends_in_waterway(m: TableMap, r: TableRiver, tol: float) -> bool:
    if m.waterway is None or r.flows_into not in (None, m.waterway.id):
        return False
    return Polygon(m.waterway.polygon).distance(Point(r.line[-1])) <= tol


@rule(
    "DBM-RIVER-COURSE",
    P,
    "error",
    "A river does not run where the text allows (edge to edge, to the waterway or the first river)",
    source="dbm-terrain.txt, Water features (first river) and Terrain choosing (defender's river)",
    decision=(
        "River order is list order: the first river listed is the first placed. The first river must "
        "start on a table edge and end on the opposite edge or at the waterway (its end within the "
        "tolerance of the waterway's outline); if the defender placed it, it must start on a short "
        "edge. Every later river must start on a short edge and end in the first river (its end "
        "within the first river's half width). The text allows a river from each player, so a third "
        "river is reported. 'On an edge' means within the DBM tolerance (default 5 paces)."
    ),
    verdict=(
        "the text says: the first river edge to opposite edge or to the waterway, the defender's "
        "from a short edge to the opposite one, the waterway or the first river. List order as "
        "placing order: the text is silent."
    ),
    no_fix="the river's course is the designer's choice",
)
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
            yield Violation(
                f"river {r.id!r} is a third river; each player may place only one", location=_loc(i, r)
            )
            continue
        if e is None:
            gap = min(edge.distance(Point(start)) for edge in frame.edges().values())
            yield Violation(
                f"river {r.id!r} does not start on a table edge: its start is {scale(s).say(gap)} from the nearest",
                location=_loc(i, r, point=point_json(start)),
                witness={"start": point_json(start)},
            )
            continue
        must_be_short = i == 1 or r.placed_by == "defender"
        if must_be_short and not frame.is_short(e):
            who = "a second river" if i == 1 else "the defender's river"
            yield Violation(
                f"river {r.id!r} starts on a long edge ({e}); {who} must start on a short edge",
                location=_loc(i, r, point=point_json(start)),
                witness={"start": point_json(start), "edge": e},
            )
        if i == 0:
            if nearest_edge(frame, end, tol) == frame.opposite(e) or _ends_in_waterway(m, r, tol):
                continue
            far = frame.edges()[frame.opposite(e)].distance(Point(end))
            yield Violation(
                f"river {r.id!r} starts on the {e} edge but ends neither on the {frame.opposite(e)} edge nor in the "
                f"waterway: its end is {scale(s).say(far)} from the {frame.opposite(e)} edge",
                location=_loc(i, r, point=point_json(end)),
                witness={"start": point_json(start), "end": point_json(end)},
            )
        else:
            gap = LineString(first.line).distance(Point(end)) - first.width / 2
            if gap > tol:
                yield Violation(
                    f"river {r.id!r} must flow into the first river {first.id!r}; its end is {scale(s).say(gap)} from it",
                    location=_loc(i, r, point=point_json(end)),
                    witness={"end": point_json(end), "gap": gap, "first": first.id},
                )


def _restricted(r: TableRiver) -> bool:
    return r.placed_by != "invader"


@rule(
    "DBM-RIVER-LONG-EDGE",
    P,
    "error",
    "A river is closer than 600 paces to a long table edge",
    params={"min_distance": 600},
    source="dbm-terrain.txt, Terrain choosing (defender's river)",
    decision=(
        "Applies to every river not placed by the invader (the text restricts the defender's river; "
        "the invader's may run from long edge to long edge). Distance is from the river's bank: the "
        "mid-stream line's distance minus half its width. Parameter min_distance in paces (default "
        "600)."
    ),
    verdict="the text says: the defender's river at least 600p from both long edges.",
    no_fix="the river's course is the designer's choice",
)
def river_long_edge(s: Scenario) -> Iterator[Violation]:
    """A river not placed by the invader keeps its banks at least 600 paces from both long edges.
    Witness: the nearest river and edge points."""
    m = table_map(s)
    if m is None:
        return
    frame = Frame.of(m)
    limit = paces(s, "DBM-RIVER-LONG-EDGE", "min_distance")
    for i, r in enumerate(m.rivers):
        if len(r.line) < 2 or not _restricted(r):
            continue
        line = LineString(r.line)
        for edge in frame.long_edges():
            d = edge.distance(line) - r.width / 2
            if d < limit - 1e-9 * frame.length:
                near, on_edge = nearest_points(line, edge)
                yield Violation(
                    "river {!r} comes within {} of a long table edge; at least {} required".format(
                        r.id, *scale(s).say_pair(max(d, 0), limit)
                    ),
                    location=_loc(i, r, point=point_json((near.x, near.y))),
                    witness={
                        "river_point": point_json((near.x, near.y)),
                        "edge_point": point_json((on_edge.x, on_edge.y)),
                        "distance": d,
                        "limit": limit,
                    },
                )
                break


@rule(
    "DBM-RIVER-CENTRE",
    P,
    "error",
    "A river crosses the table's centre line",
    source="dbm-terrain.txt, Terrain choosing (defender's river)",
    decision=(
        "The 'transverse centre line' is read as the line midway between the long edges (a river "
        "from one short edge to the other must otherwise cross it). A river crosses it when its "
        "mid-stream line has points strictly on both sides; running along it is not crossing. "
        "Applies to rivers not placed by the invader."
    ),
    verdict=(
        "the text is ambiguous: 'the transverse centre line' is read as the line midway between the "
        "long edges, the one reading under which an edge-to-edge river can obey it."
    ),
    no_fix="the river's course is the designer's choice",
)
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
            yield Violation(
                f"river {r.id!r} crosses the centre line at {pt}",
                location=_loc(i, r, point=pt),
                witness={"crossing": pt},
            )
