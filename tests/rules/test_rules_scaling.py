"""The rules that compare features pairwise give exactly the findings of a plain pairwise reference.

DBM-ROAD, DBM-BUA and DBM-OVERLAP go through spatial indexes (validators/dbm/pairs.py,
validators/shapes.py); each test here compares them with a few lines that check every pair the
obvious way, on tables whose points lie on a 5-pace grid so that features often lie exactly the
tolerance (5 paces) apart, and on a few hundred features at once.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import union_all
from shapely.geometry import LineString, Polygon

from dambuster.model.factory import new_table_scenario
from dambuster.model.ground_scale import GroundScale
from dambuster.model.scenario import Area, TableRiver, TableRoad, Waterway
from dambuster.validators import REGISTRY
from dambuster.validators.common import point_json
from dambuster.validators.dbm.pairs import _allowed
from dambuster.validators.dbm.table import FLANK_SECTORS, Frame

TOL = 5.0  # the DBM tolerance on a table in paces
PACES = GroundScale("paces")  # messages give measures in paces (and the table's unit, here paces too)
FIELDS = ("fields-open", "fields-enclosed")


def findings(s, code):
    return [(v.message, v.location, v.witness) for v in REGISTRY[code].fn(s)]


def _poly(points):
    p = Polygon(points)
    return p if p.is_valid else p.buffer(0)


# ------------------------------------------------------------------------ pairwise references
def road_reference(s):
    buas = [_poly(a.polygon) for a in s.map.areas if a.kind == "bua"]
    earlier, counted, out = [], 0, []
    for i, r in enumerate(s.map.roads):
        if len(r.line) < 2:
            continue
        line = LineString(r.line)
        loc = {"pointer": f"/map/roads/{i}", "feature": r.id}
        if r.placed_by != "invader":
            counted += 1
            if counted > 2:
                out.append((f"road {r.id!r} is road number {counted}; at most 2 external roads", loc, None))
            if not any(line.distance(x) <= TOL for x in buas + earlier):
                out.append(
                    (
                        f"road {r.id!r} neither reaches a BUA nor joins or crosses an earlier road",
                        {**loc, "point": point_json(r.line[0])},
                        {"start": point_json(r.line[0]), "end": point_json(r.line[-1])},
                    )
                )
        earlier.append(line)
    return out


def bua_reference(s):
    m, frame, out = s.map, Frame.of(s.map), []
    polys = [_poly(a.polygon) for a in m.areas]
    buas = [i for i, a in enumerate(m.areas) if a.kind == "bua"]
    roads = [LineString(r.line) for r in m.roads if r.placed_by != "defender" and len(r.line) >= 2]
    loc = lambda i: {"pointer": f"/map/areas/{i}", "feature": m.areas[i].id}  # noqa: E731
    for i, a in enumerate(m.areas):
        if a.kind in FIELDS and not any(polys[i].distance(polys[b]) <= TOL for b in buas):
            near = (
                f" (the nearest is {PACES.say(min(polys[i].distance(polys[b]) for b in buas))} away)"
                if buas
                else ""
            )
            out.append((f"fields {a.id!r} are not contiguous with a BUA{near}", loc(i), None))
    for b in buas:
        a = m.areas[b]
        fields = [i for i, x in enumerate(m.areas) if x.kind in FIELDS and polys[i].distance(polys[b]) <= TOL]
        whole = union_all([polys[b], *(polys[i] for i in fields)])
        home = [k for k, box in frame.sectors() if box.buffer(TOL, join_style="mitre").covers(whole)]
        if not home:
            touched = [k for k, box in frame.sectors() if box.intersection(whole).area > TOL * TOL]
            out.append(
                (
                    f"BUA {a.id!r} and its fields are not within one sector (they reach sectors {touched})",
                    loc(b),
                    {"sectors": touched, "fields": [m.areas[i].id for i in fields]},
                )
            )
        if a.placed_by == "invader":
            continue
        flank = bool(home) and home[0] in FLANK_SECTORS
        if not home:
            flank = any(k in FLANK_SECTORS and box.covers(polys[b].centroid) for k, box in frame.sectors())
        if not flank and not any(r.distance(polys[b]) <= TOL for r in roads):
            out.append(
                (
                    f"BUA {a.id!r} is in a central sector and no invader's road reaches it",
                    loc(b),
                    {"sectors": home},
                )
            )
    return out


def overlap_reference(s):
    m, feats = s.map, []
    for i, a in enumerate(m.areas):
        feats.append((a.kind, a.id, f"/map/areas/{i}", _poly(a.polygon)))
    if m.waterway is not None:
        feats.append(("waterway", m.waterway.id, "/map/waterway", _poly(m.waterway.polygon)))
    for i, r in enumerate(m.rivers):
        feats.append(
            ("river", r.id, f"/map/rivers/{i}", LineString(r.line).buffer(r.width / 2, cap_style="flat"))
        )
    out = []
    for i, (k1, id1, p1, g1) in enumerate(feats):
        for k2, id2, p2, g2 in feats[i + 1 :]:
            part = g1.intersection(g2)
            if _allowed(k1, k2) or part.area <= TOL * TOL:
                continue
            out.append(
                (
                    f"{k1} {id1!r} and {k2} {id2!r} overlap by {PACES.say_area(part.area)}",
                    {
                        "pointer": p2,
                        "feature": id2,
                        "point": point_json(part.representative_point().coords[0]),
                    },
                    {"features": [id1, id2], "pointers": [p1, p2], "overlap": part.wkt, "area": part.area},
                )
            )
    return out


# ------------------------------------------------------------------------------- random tables
SIZE = 600  # a corner of the table, so that features crowd together

grid = st.integers(0, SIZE // 5).map(lambda k: 5.0 * k)
points = st.tuples(grid, grid)
placed_by = st.sampled_from([None, "invader", "defender"])


@st.composite
def grid_lines(draw, max_points=8):
    pts = [draw(points)]
    for _ in range(draw(st.integers(1, max_points - 1))):
        p = draw(points)
        if p != pts[-1]:
            pts.append(p)
    return pts if len(pts) >= 2 else pts + [(pts[0][0] + 5.0, pts[0][1])]


@st.composite
def grid_rects(draw):
    x, y = draw(grid), draw(grid)
    w, d = draw(st.integers(1, 40).map(lambda k: 5.0 * k)), draw(st.integers(1, 40).map(lambda k: 5.0 * k))
    return [(x, y), (x + w, y), (x + w, y + d), (x, y + d)]


def table(areas=(), roads=(), rivers=(), waterway=None):
    s = new_table_scenario(2400, 1800, profiles=["dbm-terrain"], title="scaling")
    s.map.areas, s.map.roads, s.map.rivers, s.map.waterway = list(areas), list(roads), list(rivers), waterway
    return s


@st.composite
def crowded_tables(draw):
    kinds = st.sampled_from(["bua", "bua", "fields-open", "fields-enclosed", "wood", "hill-gentle", "marsh"])
    areas = [
        Area(f"a{i}", draw(kinds), draw(grid_rects()), placed_by=draw(placed_by))
        for i in range(draw(st.integers(0, 12)))
    ]
    roads = [TableRoad(f"r{i}", draw(grid_lines()), draw(placed_by)) for i in range(draw(st.integers(0, 12)))]
    rivers = [
        TableRiver(f"w{i}", draw(grid_lines(4)), draw(st.sampled_from([5.0, 10.0, 40.0])))
        for i in range(draw(st.integers(0, 2)))
    ]
    waterway = Waterway("sea", draw(grid_rects()), "left") if draw(st.booleans()) else None
    return table(areas, roads, rivers, waterway)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(crowded_tables())
def test_roads_buas_and_overlaps_match_the_pairwise_reference(s):
    assert findings(s, "DBM-ROAD") == road_reference(s)
    assert findings(s, "DBM-OVERLAP") == overlap_reference(s)
    s.map.waterway = None  # DBM-BUA without a waterway looks at the roads
    assert findings(s, "DBM-BUA") == bua_reference(s)


def test_three_hundred_roads_and_woods_match_the_pairwise_reference():
    rng = random.Random(14)

    def wiggle(x, y, n):
        pts = [(x, y)]
        for _ in range(n - 1):
            x, y = x + rng.choice([5.0, 10.0]), y + rng.choice([-5.0, 0.0, 5.0])
            pts.append((x, y))
        return pts

    roads = [
        TableRoad(
            f"r{i}",
            wiggle(5.0 * rng.randrange(400), 5.0 * rng.randrange(300), rng.randrange(2, 40)),
            rng.choice([None, "invader", "defender"]),
        )
        for i in range(300)
    ]
    woods = []
    for i in range(300):
        x, y, w, d = (5.0 * rng.randrange(n) for n in (400, 300, 1, 1))
        w, d = 5.0 * rng.randrange(1, 30), 5.0 * rng.randrange(1, 30)
        woods.append(
            Area(
                f"a{i}",
                rng.choice(["wood", "bua", "fields-open", "hill-steep"]),
                [(x, y), (x + w, y), (x + w, y + d), (x, y + d)],
                placed_by=rng.choice([None, "invader"]),
            )
        )
    s = table(woods, roads)
    assert findings(s, "DBM-ROAD") == road_reference(s)
    assert findings(s, "DBM-OVERLAP") == overlap_reference(s)
    assert findings(s, "DBM-BUA") == bua_reference(s)
    assert len(findings(s, "DBM-OVERLAP")) > 100 and len(findings(s, "DBM-ROAD")) > 100


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 60), st.integers(1, 8)), max_size=12),
    st.lists(st.tuples(st.integers(0, 60), st.integers(1, 8)), max_size=12),
    st.sampled_from([0.0, 0.5, 2.0]),
)
@pytest.mark.slow
def test_waterway_frontage_gaps_match_the_plain_scan(need, have, tol):
    from dambuster.validators.dbm.waterway import _uncovered

    def merged(spans):  # sorted, disjoint, as the waterway rule builds them
        out = []
        for a, b in sorted((float(a), float(a + w)) for a, w in spans):
            if out and a <= out[-1][1]:
                out[-1][1] = max(out[-1][1], b)
            else:
                out.append([a, b])
        return [(a, b) for a, b in out]

    need, have = merged(need), merged(have)
    gaps = []
    for a, b in need:  # every part of have against every part of need
        cur = a
        for c, d in have:
            if d <= cur or c >= b:
                continue
            if c > cur + tol:
                gaps.append((cur, c))
            cur = max(cur, d)
        if b > cur + tol:
            gaps.append((cur, b))
    assert _uncovered(need, have, tol) == gaps
