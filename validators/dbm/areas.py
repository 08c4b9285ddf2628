"""Rules: DBM area features -- sectors, size, counts, BUA (dbm-terrain.txt).

Overlaps and roads, the rules that compare features pairwise, are in ``pairs``.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt
from shapely import union_all
from shapely.geometry import Point, Polygon
from shapely.geometry.polygon import orient
from shapely.strtree import STRtree

from dambuster.model.scenario import Area, Scenario, TableMap
from dambuster.validators.common import XY, point_json, table_map
from dambuster.validators.engine import param, rule
from dambuster.validators.shapes import coords, pieces, polygon
from dambuster.validators.violation import Violation

from .table import FLANK_SECTORS, Frame, paces, scale, tolerance

P = "dbm-terrain"

FIELDS = ("fields-open", "fields-enclosed")
NOT_DICED = ("bua",) + FIELDS

#: Going class of each area kind, for DBM-FEATURE-COUNT.
GOING: dict[str, str] = {
    "hill-gentle": "good",
    "fields-open": "good",
    "hill-rocky": "rough",
    "rocky": "rough",
    "dunes": "rough",
    "fields-enclosed": "rough",
    "hill-steep": "difficult",
    "hill-wooded": "difficult",
    "wood": "difficult",
    "marsh": "difficult",
    "bua": "bua",
}


def _loc(i: int, a: Area, **extra: Any) -> dict[str, Any]:
    return {"pointer": f"/map/areas/{i}", "feature": a.id, **extra}


# ------------------------------------------------------------------------------ measurements
Pt = tuple[float, float]


def _pt(xy: XY) -> Pt:
    return (float(xy[0]), float(xy[1]))


def _hull(poly: Polygon) -> npt.NDArray[np.float64]:
    """Convex hull vertices, counter-clockwise, without repeating the first (without collinear ones)."""
    hull = poly.convex_hull
    if not isinstance(hull, Polygon):  # a point or a line
        return np.asarray(hull.coords, dtype=float).reshape(-1, 2)
    return np.asarray(orient(hull, 1.0).exterior.coords, dtype=float)[:-1]


def _calipers(poly: Polygon) -> tuple[float, Pt, Pt, float, Pt, Pt]:
    """Rotating calipers over the hull, vectorised: (diameter, p, q, min width, edge start, edge end).

    For each hull edge, the vertex farthest from its line is the one where the edge direction has
    turned by half a circle (found by binary search on the edges' angles); the width for that edge
    direction is that vertex's distance, and the diameter is the longest such edge-end/vertex pair.
    """
    h = _hull(poly)
    n = len(h)
    if n < 3:
        a, b = (_pt(h[0]), _pt(h[-1])) if n else ((0.0, 0.0), (0.0, 0.0))
        return math.dist(a, b), a, b, 0.0, a, b
    e = np.roll(h, -1, axis=0) - h
    ang = np.unwrap(np.arctan2(e[:, 1], e[:, 0]))
    ang = np.concatenate([ang, ang + 2 * np.pi])
    k = np.searchsorted(ang, ang[:n] + np.pi) % n
    cand = np.stack([(k - 1) % n, k, (k + 1) % n], axis=1)  # neighbours absorb rounding at ties
    ln = np.hypot(e[:, 0], e[:, 1])
    rel = h[cand] - h[:, None, :]
    heights = np.abs(e[:, None, 0] * rel[..., 1] - e[:, None, 1] * rel[..., 0]).max(axis=1) / ln
    i = int(np.argmin(heights))
    ends = np.stack([np.arange(n), (np.arange(n) + 1) % n], axis=1)
    d = np.hypot(*(h[ends][:, :, None, :] - h[cand][:, None, :, :]).transpose(3, 0, 1, 2))
    a, b, c = np.unravel_index(int(np.argmax(d)), d.shape)
    p, q = _pt(h[ends[a, b]]), _pt(h[cand[a, c]])
    return float(d[a, b, c]), p, q, float(heights[i]), _pt(h[i]), _pt(h[(i + 1) % n])


def diameter(poly: Polygon) -> tuple[float, Pt, Pt]:
    """Largest distance between two points of the outline, with the two points."""
    d, p, q, *_ = _calipers(poly)
    return d, p, q


def min_width(poly: Polygon) -> tuple[float, Pt, Pt]:
    """Smallest width over all directions: (width, start and end of the hull edge it is measured from).

    The minimum is reached with one side of the calipers flush with a hull edge.
    """
    *_, w, a, b = _calipers(poly)
    return w, a, b


# ---------------------------------------------------------------------------------- sectors
@rule(
    "DBM-SECTOR",
    P,
    "error",
    "An area feature is not entirely within the sector diced for it",
    source="dbm-terrain.txt, Terrain choosing (dicing for sectors)",
    decision=(
        "Sectors: the table is bisected by the line midway between the long edges, then each half is "
        "trisected along the long edges; 1-3 from the first short edge in the half next to the first "
        "long edge (y = 0 when width >= depth), 4-6 in the other half. An area whose sector is null "
        "has not been diced and is not checked; BUA and fields are never diced (dambuster dbm-setup "
        "writes the sector it threw for every other area feature, and null for them). The outline "
        "may stray outside its sector by the DBM tolerance."
    ),
    verdict="the text says: each diced area feature entirely in its sector.",
    no_fix="the feature fits its sector in many places (or the sector is re-diced)",
)
def sector(s: Scenario) -> Iterator[Violation]:
    """A diced area feature (not a BUA or fields) lies entirely within the sector diced for it.
    Witness: the part outside, as WKT."""
    m = table_map(s)
    if m is None:
        return
    frame, tol = Frame.of(m), tolerance(s)
    for i, a in enumerate(m.areas):
        if a.sector is None or a.kind in NOT_DICED:
            continue
        box = frame.sector(a.sector)
        poly = polygon(a.polygon)
        if box.buffer(tol, join_style="mitre").covers(poly):
            continue
        outside = poly.difference(box)
        beyond = max(box.distance(Point(p)) for p in poly.exterior.coords)
        yield Violation(
            f"{a.kind} {a.id!r} was diced for sector {a.sector} but extends {scale(s).say(beyond)} outside it",
            location=_loc(i, a, point=point_json(outside.representative_point().coords[0])),
            witness={"sector": a.sector, "outside": outside.wkt, "sector_box": box.wkt},
        )


# ---------------------------------------------------------------------------- size and count
@rule(
    "DBM-FEATURE-SIZE",
    P,
    "error",
    "An area feature is more than 1000 or less than 100 paces across",
    params={"max_across": 1000, "min_across": 100},
    source="dbm-terrain.txt, Terrain choosing (area feature size)",
    decision=(
        "'Across in a direction' is the outline's width measured in that direction (the distance "
        "between two parallel lines enclosing it). The largest such width is the diameter (largest "
        "distance between two of its points), the smallest is the minimum width of its convex hull. "
        "Too big: diameter above max_across (1000p); too small: minimum width below min_across "
        "(100p). Applies to every area feature, BUA and fields included."
    ),
    verdict=(
        "the text says: at most 1,000p across in any direction, at least 100p. How 'across' is "
        "measured: the text is silent (diameter and minimum width)."
    ),
    no_fix="an outline can be reshaped in many ways",
)
def feature_size(s: Scenario) -> Iterator[Violation]:
    """An area feature is at most 1000 paces across in any direction (its diameter) and at least 100
    paces (its narrowest width)."""
    m = table_map(s)
    if m is None:
        return
    big = paces(s, "DBM-FEATURE-SIZE", "max_across")
    small = paces(s, "DBM-FEATURE-SIZE", "min_across")
    say = scale(s).say_pair
    for i, a in enumerate(m.areas):
        poly = polygon(a.polygon)
        if poly.is_empty:
            continue
        d, p, q, w, e0, e1 = _calipers(poly)
        if d > big:
            yield Violation(
                "{} {!r} is {} across; at most {}".format(a.kind, a.id, *say(d, big)),
                location=_loc(i, a, point=point_json(p)),
                witness={"p": point_json(p), "q": point_json(q), "across": d, "limit": big},
            )
        if w < small:
            yield Violation(
                "{} {!r} is only {} across at its narrowest; at least {}".format(
                    a.kind, a.id, *say(w, small)
                ),
                location=_loc(i, a, point=point_json(e0)),
                witness={"edge": [point_json(e0), point_json(e1)], "across": w, "limit": small},
            )


def _equivalence_bounds(s: Scenario) -> tuple[float, float]:
    """Diameters (table units) up to which a feature counts 1/2, and above which 1 1/2, equivalents."""
    return (
        paces(s, "DBM-FEATURE-COUNT", "half_across"),
        paces(s, "DBM-FEATURE-COUNT", "one_and_half_across"),
    )


def equivalence(s: Scenario, poly: Polygon) -> float:
    d = diameter(poly)[0]
    half, one_and_half = _equivalence_bounds(s)
    if d <= half:
        return 0.5
    if d > one_and_half:
        return 1.5
    return 1.0


def _equivalence_words(s: Scenario, eq: float) -> str:
    """What makes a feature count ``eq`` equivalents, in both units."""
    half, one_and_half = (scale(s).say(x) for x in _equivalence_bounds(s))
    if eq == 0.5:
        return f"at most {half} across"
    if eq == 1.5:
        return f"more than {one_and_half} across"
    return f"more than {half} and at most {one_and_half} across"


@rule(
    "DBM-FEATURE-COUNT",
    P,
    "error",
    "A player uses more than 3 features of the same equivalence and going",
    params={"max_same": 3, "half_across": 500, "one_and_half_across": 750},
    source="dbm-terrain.txt, Terrain choosing (feature equivalents)",
    decision=(
        "Equivalence from the diameter: 1/2 if at most half_across (500p), 1 1/2 if above "
        "one_and_half_across (750p), else 1. Going classes: good (gentle hill, open fields), rough "
        "(rocky hill, rocky ground, dunes, enclosed fields), difficult (steep or wooded hill, wood, "
        "marsh), and BUA on its own. Counted per player (placed_by); area features without placed_by "
        "are not counted. Roads, rivers and the waterway are not area features and are not counted. "
        "Parameter max_same (3)."
    ),
    verdict=(
        "the text says: at most 3 features of the same equivalence and going per player, 1/2 up to "
        "500p across, 1 1/2 beyond 750p. The going classes are our reading of the terrain list (the "
        "text is silent on a table of them)."
    ),
    no_fix="which feature to drop or resize is the designer's choice",
)
def feature_count(s: Scenario) -> Iterator[Violation]:
    """No player has more than 3 area features of the same feature equivalence (1/2, 1, 1 1/2 by
    size) and going."""
    m = table_map(s)
    if m is None:
        return
    limit = param(s, "DBM-FEATURE-COUNT", "max_same")
    groups: dict[tuple[str, float, str], list[int]] = defaultdict(list)
    for i, a in enumerate(m.areas):
        if a.placed_by is None:
            continue
        poly = polygon(a.polygon)
        if poly.is_empty:
            continue
        groups[(a.placed_by, equivalence(s, poly), GOING.get(a.kind, a.kind))].append(i)
    for (who, eq, going), idx in groups.items():
        if len(idx) > limit:
            extra = m.areas[idx[int(limit)]]
            yield Violation(
                f"the {who} uses {len(idx)} {going}-going features counting {eq:g} equivalent each "
                f"({_equivalence_words(s, eq)}); at most {limit:g}",
                location=_loc(idx[int(limit)], extra),
                witness={
                    "player": who,
                    "equivalence": eq,
                    "going": going,
                    "features": [m.areas[k].id for k in idx],
                },
            )


# --------------------------------------------------------------------------------------- BUA
def _fields_near(
    buas: list[int], fields: list[int], polys: dict[int, Polygon], tol: float
) -> dict[int, list[int]]:
    """The fields (area indices, in file order) within the tolerance of each BUA: one STRtree query."""
    near: dict[int, list[int]] = {b: [] for b in buas}
    if buas and fields:
        tree = STRtree([polys[i] for i in fields])
        x, y = tree.query([polys[b] for b in buas], predicate="dwithin", distance=tol)
        for k, f in sorted(zip(map(int, x), map(int, y))):
            near[buas[k]].append(fields[f])
    return near


def _on_invaders_road(m: TableMap, buas: list[int], polys: dict[int, Polygon], tol: float) -> set[int]:
    """The BUAs (area indices) within the tolerance of a road placed by the invader or by nobody."""
    lines = [coords(r.line) for r in m.roads if r.placed_by != "defender" and len(r.line) >= 2]
    geoms, _ = pieces(lines)
    if not buas or len(geoms) == 0:
        return set()
    x, _ = STRtree(geoms).query([polys[b] for b in buas], predicate="dwithin", distance=tol)
    return {buas[k] for k in map(int, x)}


@rule(
    "DBM-BUA",
    P,
    "error",
    "A BUA or its fields are not placed as the text requires",
    source="dbm-terrain.txt, Terrain choosing (BUA and fields)",
    decision=(
        "A BUA's fields are the fields within the DBM tolerance of it; BUA and fields must lie in "
        "one sector (tolerance allowed). Fields touching no BUA are reported. The placement "
        "condition (touching the waterway if there is one, else in a flank sector 1, 3, 4, 6 or "
        "touching a road placed by the invader or by nobody in particular) applies to BUAs not "
        "placed by the invader."
    ),
    verdict=(
        "the text says: one BUA, touching the waterway, else in a flank sector or linked to an "
        "invader's road; BUA and fields in one sector; fields contiguous with the BUA. The tolerance "
        "is ours."
    ),
    no_fix="where to put the BUA or its fields is the designer's choice",
)
def bua(s: Scenario) -> Iterator[Violation]:
    """A BUA and its fields lie within one sector; fields touch a BUA; a BUA not placed by the
    invader touches the waterway, or, with no waterway, lies in a flank sector or touches an
    invader's road."""
    m = table_map(s)
    if m is None:
        return
    frame, tol = Frame.of(m), tolerance(s)
    buas = [i for i, a in enumerate(m.areas) if a.kind == "bua"]
    fields = [i for i, a in enumerate(m.areas) if a.kind in FIELDS]
    polys = {i: polygon(m.areas[i].polygon) for i in buas + fields}
    water = polygon(m.waterway.polygon) if m.waterway else None
    near = _fields_near(buas, fields, polys, tol)
    with_bua = {i for found in near.values() for i in found}
    for i in fields:
        if i not in with_bua:
            gap = min((polys[i].distance(polys[b]) for b in buas), default=None)
            how_far = "" if gap is None else f" (the nearest is {scale(s).say(gap)} away)"
            yield Violation(
                f"fields {m.areas[i].id!r} are not contiguous with a BUA{how_far}",
                location=_loc(i, m.areas[i]),
            )
    on_road = _on_invaders_road(m, buas, polys, tol)
    for b in buas:
        a = m.areas[b]
        fields = near[b]
        whole = union_all([polys[b], *(polys[i] for i in fields)])  # (geom.union's 2nd argument is grid_size)
        home = [k for k, box in frame.sectors() if box.buffer(tol, join_style="mitre").covers(whole)]
        if not home:
            touched = [k for k, box in frame.sectors() if box.intersection(whole).area > tol * tol]
            yield Violation(
                f"BUA {a.id!r} and its fields are not within one sector (they reach sectors {touched})",
                location=_loc(b, a),
                witness={"sectors": touched, "fields": [m.areas[i].id for i in fields]},
            )
        if a.placed_by == "invader":
            continue
        if water is not None:
            gap = polys[b].distance(water)
            if gap > tol:
                yield Violation(
                    f"BUA {a.id!r} does not touch the waterway: it is {scale(s).say(gap)} from it",
                    location=_loc(b, a),
                    witness={"distance": gap},
                )
            continue
        flank = bool(home) and home[0] in FLANK_SECTORS
        if not home:
            c = polys[b].centroid
            flank = any(k in FLANK_SECTORS and box.covers(c) for k, box in frame.sectors())
        if not flank and b not in on_road:
            yield Violation(
                f"BUA {a.id!r} is in a central sector and no invader's road reaches it",
                location=_loc(b, a),
                witness={"sectors": home},
            )
