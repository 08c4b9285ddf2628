"""Rules: DBM features compared pairwise -- overlaps and road links (dbm-terrain.txt).

Both go through an STRtree, never over every pair: DBM-OVERLAP computes the intersection only of
features whose outlines meet (the tree's ``intersects`` query, the query outline prepared), and
DBM-ROAD cuts the roads into short pieces (``shapes.pieces``) so that a road is compared only with
the pieces of other roads that come near it, whatever their bounding boxes do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

from dambuster.model.scenario import Scenario
from dambuster.validators.common import point_json, table_map
from dambuster.validators.engine import param, rule
from dambuster.validators.shapes import coords, line, pieces, polygon
from dambuster.validators.violation import Violation

from .table import scale, tolerance

P = "dbm-terrain"

_PAIRS = 64  # intersections computed at once (each may hold as many points as both outlines)
_QUERIES = 256  # road pieces looked up at once (bounds the candidate pairs held in memory)


# ----------------------------------------------------------------------------------- overlap
def _allowed(k1: str, k2: str) -> bool:
    """May features of these two kinds overlap?"""

    def one_is(kind: str, ok: Callable[[str], bool]) -> bool:
        return (k1 == kind and ok(k2)) or (k2 == kind and ok(k1))

    if k1 in ("river", "waterway") and k2 in ("river", "waterway"):
        return True  # a river's mouth or a confluence
    if one_is("waterway", lambda o: o.startswith("hill") or o == "bua"):
        return True  # an island or a promontory
    return one_is("bua", lambda o: o.startswith("hill"))  # a BUA on a hill


@rule(
    "DBM-OVERLAP",
    P,
    "error",
    "Features are superimposed other than as the text allows",
    source="dbm-terrain.txt, Terrain choosing (superimposed features)",
    decision=(
        "Features overlap when their intersection has an area above the tolerance squared; touching "
        "is allowed. Allowed overlaps: a hill and the waterway; a BUA and a hill; a BUA and the "
        "waterway (a promontory); a river and the waterway or another river (a mouth or confluence). "
        "Rivers take part with their bodies (mid-stream line widened by half their width), so a "
        "river through a wood or a hill is reported. Roads never overlap anything. The beach is not "
        "drawn, so marsh, rocks, dunes or a BUA replacing beach need no exception."
    ),
    verdict=(
        "the text says: no superimposed features but the exceptions it lists; rivers through area "
        "features are reported because they are not among them."
    ),
    no_fix="which feature to move, and where, is the designer's choice",
)
def overlap(s: Scenario) -> Iterator[Violation]:
    """Features are not superimposed except a hill on the waterway, a BUA on a hill or the waterway,
    and rivers meeting the waterway or each other. Witness: the overlap, as WKT."""
    m = table_map(s)
    if m is None:
        return
    tol = tolerance(s)
    feats: list[tuple[str, str, str]] = []  # kind, id, pointer
    outlines: list[BaseGeometry] = []  # the outline, or for a river its box until its body is needed
    bodies: dict[
        int, tuple[LineString, float]
    ] = {}  # feature index -> (mid-stream line, half width) of a river
    for i, a in enumerate(m.areas):
        feats.append((a.kind, a.id, f"/map/areas/{i}"))
        outlines.append(polygon(a.polygon))
    if m.waterway is not None:
        feats.append(("waterway", m.waterway.id, "/map/waterway"))
        outlines.append(polygon(m.waterway.polygon))
    for i, r in enumerate(m.rivers):
        if len(r.line) >= 2:
            bodies[len(feats)] = (line(r.line), r.width / 2)
            feats.append(("river", r.id, f"/map/rivers/{i}"))
            x0, y0, x1, y1 = bodies[len(feats) - 1][0].bounds
            outlines.append(
                shapely.box(x0 - r.width / 2, y0 - r.width / 2, x1 + r.width / 2, y1 + r.width / 2)
            )
    if not outlines:
        return
    geoms: npt.NDArray[np.object_] = np.asarray(outlines, dtype=object)
    left, right = STRtree(geoms).query(geoms)  # boxes that meet; a river's body lies within its box
    pairs = sorted(
        (i, j)
        for i, j in zip(map(int, left), map(int, right))
        if j > i and not _allowed(feats[i][0], feats[j][0])
    )
    for k in {k for pair in pairs for k in pair if k in bodies}:  # the river bodies that matter
        mid, half = bodies[k]
        geoms[k] = mid.buffer(half, cap_style="flat")
    if pairs:
        shapely.prepare(geoms)
        meet = shapely.intersects(geoms[[i for i, _ in pairs]], geoms[[j for _, j in pairs]])
        pairs = [pair for pair, yes in zip(pairs, meet.tolist()) if yes]
    for start in range(0, len(pairs), _PAIRS):
        chunk = np.asarray(pairs[start : start + _PAIRS])
        parts = shapely.intersection(geoms[chunk[:, 0]], geoms[chunk[:, 1]])
        areas: list[float] = shapely.area(parts).tolist()  # pyright: ignore[reportUnknownMemberType]  (its stub's **kwargs)
        for (i, j), part, area in zip(pairs[start : start + _PAIRS], parts, areas):
            if area <= tol * tol:
                continue
            (k1, id1, p1), (k2, id2, p2) = feats[i], feats[j]
            yield Violation(
                f"{k1} {id1!r} and {k2} {id2!r} overlap by {scale(s).say_area(area)}",
                location={
                    "pointer": p2,
                    "feature": id2,
                    "point": point_json(part.representative_point().coords[0]),
                },
                witness={"features": [id1, id2], "pointers": [p1, p2], "overlap": part.wkt, "area": area},
            )


# -------------------------------------------------------------------------------------- roads
def _joins_earlier(geoms: np.ndarray, owner: np.ndarray, count: int, tol: float) -> np.ndarray:
    """For each of ``count`` lines cut into pieces ``geoms`` (piece k belongs to line owner[k]):
    does it come within ``tol`` of a line listed before it?"""
    joins = np.zeros(count, dtype=bool)
    if len(geoms) == 0:
        return joins
    b = shapely.bounds(geoms)  # pyright: ignore[reportUnknownMemberType]  (its stub's **kwargs)
    reach = shapely.box(b[:, 0] - tol, b[:, 1] - tol, b[:, 2] + tol, b[:, 3] + tol)
    tree = STRtree(geoms)
    for start in range(0, len(geoms), _QUERIES):
        ask = np.arange(start, min(start + _QUERIES, len(geoms)))
        ask = ask[~joins[owner[ask]]]  # a line known to join needs no more looking at
        if len(ask) == 0:
            continue
        i, j = tree.query(reach[ask])
        i = ask[i]
        earlier = owner[j] < owner[i]
        i, j = i[earlier], j[earlier]
        near = shapely.dwithin(geoms[i], geoms[j], tol)
        joins[owner[i[near]]] = True
    return joins


@rule(
    "DBM-ROAD",
    P,
    "error",
    "A road neither links a BUA nor joins or crosses an earlier road",
    params={"max_roads": 2, "compulsory": 0},
    source="dbm-terrain.txt, Terrain choosing (external roads)",
    decision=(
        "Road order is list order. A road not placed by the invader must touch a BUA or an earlier "
        "road (within the DBM tolerance), unless roads are compulsory (parameter compulsory = 1). "
        "More than max_roads (2) roads not placed by the invader are reported. dambuster dbm-setup "
        "sets compulsory to 1 when the defender's list has a compulsory road."
    ),
    verdict=(
        "the text says: up to 2 external roads, each linking a BUA or joining or crossing an earlier "
        "road, unless roads are compulsory."
    ),
    no_fix="where the road runs is the designer's choice",
)
def road(s: Scenario) -> Iterator[Violation]:
    """A road not placed by the invader touches a BUA or an earlier road (unless roads are
    compulsory); at most 2 such roads."""
    m = table_map(s)
    if m is None:
        return
    tol = tolerance(s)
    compulsory = bool(param(s, "DBM-ROAD", "compulsory"))
    most = param(s, "DBM-ROAD", "max_roads")
    drawn = [i for i, r in enumerate(m.roads) if len(r.line) >= 2]  # roads that are lines
    geoms, owner = pieces([coords(m.roads[i].line) for i in drawn])
    links = _joins_earlier(geoms, owner, len(drawn), tol)
    buas = [polygon(a.polygon) for a in m.areas if a.kind == "bua"]
    if buas and len(geoms):
        _, near = STRtree(geoms).query(buas, predicate="dwithin", distance=tol)
        links[owner[near]] = True
    counted = 0
    for k, i in enumerate(drawn):
        r = m.roads[i]
        if r.placed_by == "invader":
            continue
        loc = {"pointer": f"/map/roads/{i}", "feature": r.id}
        counted += 1
        if counted > most:
            yield Violation(
                f"road {r.id!r} is road number {counted}; at most {most:g} external roads", location=loc
            )
        if not links[k] and not compulsory:
            yield Violation(
                f"road {r.id!r} neither reaches a BUA nor joins or crosses an earlier road",
                location={**loc, "point": point_json(r.line[0])},
                witness={"start": point_json(r.line[0]), "end": point_json(r.line[-1])},
            )
