"""Rules: the sewer flash flood (sewer-flash-flood.txt, Flash flood rules).

A corridor is its centre line widened by half its width on each side (a cardboard strip). Points
"on a corridor" lie within that strip (plus a tolerance); corridors meet where one's end lies on the
other, or where their centre lines cross.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.strtree import STRtree

from dambuster.model.digraph import Digraph
from dambuster.model.scenario import Point as TablePoint
from dambuster.model.scenario import Scenario, Sewer, TableMap

from .common import point_json
from .engine import param, rule, settings
from .violation import Violation

P = "flash-flood"
#: Settings every rule here reads: the slack added to each "on a corridor" and "meets" test.
SETTINGS = settings("SEWER", {"tolerance": 0.01})
TOLERANCE_NOTE = (
    "Tolerance: parameters.rules['SEWER']['tolerance'] in table units (default 0.01) added to every "
    "'on a corridor' and 'meets' test."
)


def _sewer(s: Scenario) -> Sewer | None:
    m = s.map
    return m.sewer if isinstance(m, TableMap) else None


def _tol(s: Scenario) -> float:
    return param(s, SETTINGS, "tolerance")


class _Corridors:
    """Corridor centre lines with a spatial index."""

    def __init__(self, sewer: Sewer):
        self.items = [c for c in sewer.corridors if len(c.line) >= 2]
        self.lines = [LineString(c.line) for c in self.items]
        self.tree = STRtree(self.lines) if self.lines else None
        self.strips: dict[float, STRtree] = {}  # tolerance -> boxes of each corridor's own strip

    def containing(self, p: TablePoint, tol: float) -> list[int]:
        """Indices of corridors whose strip holds the point. Candidates are the corridors whose own
        strip's box holds it (one wide corridor does not make every point look at every corridor)."""
        if self.tree is None:
            return []
        if tol not in self.strips:
            b = shapely.bounds(self.lines)  # pyright: ignore[reportUnknownMemberType]  (its stub's **kwargs)
            w = np.array([c.width / 2 for c in self.items]) + tol
            self.strips[tol] = STRtree(shapely.box(b[:, 0] - w, b[:, 1] - w, b[:, 2] + w, b[:, 3] + w))
        pt = Point(p)
        near = self.strips[tol].query(pt)
        return [k for k in map(int, near) if self.lines[k].distance(pt) <= self.items[k].width / 2 + tol]


@rule(
    "SEWER-ORIGIN",
    P,
    "error",
    "The flood has no origin, or its origin is not on a corridor",
    source="sewer-flash-flood.txt, Flash flood rules (where the flood originates)",
    decision=(
        "The text only says to decide where the flood originates (a table corner suggested); we "
        "require an origin and that it lies on a corridor (within half the corridor's width of its "
        "centre line), since the flood travels along corridors. A table map in the flash-flood "
        "profile with no sewer at all is reported too. " + TOLERANCE_NOTE
    ),
    verdict="the text says: decide where the flood originates; on a corridor: the text is silent.",
    no_fix="where the flood starts is the designer's choice",
)
def origin(s: Scenario) -> Iterator[Violation]:
    """The flood has an origin, and it lies on a corridor (within half the corridor's width of its
    centre line)."""
    m = s.map
    if not isinstance(m, TableMap):
        return
    sewer = m.sewer
    if sewer is None:
        yield Violation(
            "the flash-flood profile needs a sewer with corridors and a flood origin",
            location={"pointer": "/map"},
        )
        return
    if sewer.flood_origin is None:
        yield Violation(
            "no flood origin: decide where the flood starts", location={"pointer": "/map/sewer/flood_origin"}
        )
        return
    if not _Corridors(sewer).containing(sewer.flood_origin, _tol(s)):
        yield Violation(
            f"the flood origin {point_json(sewer.flood_origin)} is not on any corridor",
            location={"pointer": "/map/sewer/flood_origin", "point": point_json(sewer.flood_origin)},
            witness={"point": point_json(sewer.flood_origin)},
        )


def corridor_graph(sewer: Sewer, tol: float) -> Digraph[str]:
    """Graph of corridor ids with an edge each way where two corridors meet (water flows both ways)."""
    cs = _Corridors(sewer)
    g: Digraph[str] = Digraph()
    g.add_nodes_from(c.id for c in cs.items)

    def meet(a: str, b: str) -> None:
        g.add_edge(a, b)
        g.add_edge(b, a)

    for i, c in enumerate(cs.items):
        for end in (c.line[0], c.line[-1]):
            for k in cs.containing(end, tol):
                if k != i:
                    meet(c.id, cs.items[k].id)
    if cs.tree is not None:
        left, right = cs.tree.query(cs.lines, predicate="intersects")
        for i, k in zip(map(int, left), map(int, right)):
            if i < k:
                meet(cs.items[i].id, cs.items[k].id)
    return g


@rule(
    "SEWER-UNREACHED",
    P,
    "warning",
    "Corridors the flood cannot reach from its origin",
    source="sewer-flash-flood.txt, Flash flood rules (parts out of the flood's reach)",
    decision=(
        "A warning, not an error: the text expects some parts to stay out of reach. Corridors meet "
        "when an end of one lies on the other (within half the other's width -- this includes ends "
        "that coincide) or when their centre lines cross. Reach runs from every corridor the origin "
        "lies on through that graph. Grates, sluice gates and cave-ins stop models, not water, so "
        "they do not cut the graph. A corridor lying wholly under a gantry (a part declared out of "
        "reach) is not reported. Not checked when the origin is missing or off every corridor "
        "(SEWER-ORIGIN reports that). " + TOLERANCE_NOTE
    ),
    verdict=(
        "the text says: note which parts stay out of the flood's reach; a warning, since some parts "
        "are expected to."
    ),
    no_fix="a warning the text expects; which corridor to join is a choice",
)
def unreached(s: Scenario) -> Iterator[Violation]:
    """Every corridor not under a gantry can be reached by the flood from the corridors at its
    origin, through corridors that meet."""
    sewer = _sewer(s)
    if sewer is None or sewer.flood_origin is None:
        return
    tol = _tol(s)
    cs = _Corridors(sewer)
    start = [cs.items[k].id for k in cs.containing(sewer.flood_origin, tol)]
    if not start:
        return
    g = corridor_graph(sewer, tol)
    reached = set(start)
    for c in start:
        reached |= g.descendants(c)
    safe = [Polygon(x.polygon).buffer(tol) for x in sewer.gantries if len(x.polygon) >= 3]
    safe_tree = STRtree(safe) if safe else None
    for i, c in enumerate(sewer.corridors):
        if c.id in reached or len(c.line) < 2:
            continue
        line = LineString(c.line)
        if safe_tree is not None and len(safe_tree.query(line, predicate="covered_by")):
            continue
        yield Violation(
            f"corridor {c.id!r} is not connected to the corridors the flood starts in",
            location={
                "pointer": f"/map/sewer/corridors/{i}",
                "feature": c.id,
                "point": point_json(c.line[0]),
            },
            witness={"origin": point_json(sewer.flood_origin), "reached": sorted(reached)},
        )


@rule(
    "SEWER-FEATURE",
    P,
    "error",
    "A grate, sluice gate, cave-in or node is not on a corridor",
    source="sewer-flash-flood.txt, Flash flood rules (grates, sluice gates, cave-ins)",
    decision=(
        "Nodes, grates, sluice gates and cave-ins must lie on some corridor (within half its width). "
        + TOLERANCE_NOTE
    ),
    verdict=(
        "the text is silent: it names grates, sluice gates and cave-ins in the system; that they lie "
        "on a corridor is what the format needs to use them."
    ),
    no_fix="which corridor it belongs on is the designer's choice",
)
def feature(s: Scenario) -> Iterator[Violation]:
    """Every node, grate, sluice gate and cave-in lies on a corridor."""
    sewer = _sewer(s)
    if sewer is None:
        return
    tol = _tol(s)
    cs = _Corridors(sewer)
    for key, what in (
        ("nodes", "node"),
        ("grates", "grate"),
        ("sluice_gates", "sluice gate"),
        ("cave_ins", "cave-in"),
    ):
        for i, x in enumerate(getattr(sewer, key)):
            if not cs.containing(x.point, tol):
                yield Violation(
                    f"{what} {x.id!r} at {point_json(x.point)} is not on a corridor",
                    location={
                        "pointer": f"/map/sewer/{key}/{i}",
                        "feature": x.id,
                        "point": point_json(x.point),
                    },
                    witness={"point": point_json(x.point)},
                )


@rule(
    "SEWER-MODEL",
    P,
    "error",
    "A model is not on a corridor (missing corridor or position past its end)",
    source="sewer-flash-flood.txt, Flash flood rules (models carried along corridors)",
    decision=(
        "A model's position is a distance along its corridor's centre line from the first point; it "
        "must name an existing corridor and lie between 0 and the corridor's length (plus "
        "tolerance). " + TOLERANCE_NOTE
    ),
    verdict="the text is silent: models are carried along corridors, so each stands on one.",
    fix="a model past its corridor's end: put it at that end (a missing corridor: none)",
)
def model(s: Scenario) -> Iterator[Violation]:
    """Every model names an existing corridor and stands within its length."""
    sewer = _sewer(s)
    if sewer is None:
        return
    tol = _tol(s)
    by_id = {c.id: c for c in sewer.corridors}
    for i, x in enumerate(sewer.models):
        loc = {"pointer": f"/map/sewer/models/{i}", "feature": x.id}
        c = by_id.get(x.corridor)
        if c is None:
            yield Violation(
                f"model {x.id!r} stands in corridor {x.corridor!r}, which does not exist",
                location={**loc, "pointer": f"/map/sewer/models/{i}/corridor"},
            )
            continue
        length = LineString(c.line).length if len(c.line) >= 2 else 0.0
        if x.position < -tol or x.position > length + tol:
            yield Violation(
                f"model {x.id!r} is {x.position:g} along corridor {c.id!r}, which is only {length:.4g} long",
                location={**loc, "pointer": f"/map/sewer/models/{i}/position"},
                witness={"position": x.position, "length": length},
            )
