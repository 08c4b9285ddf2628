"""Table geometry for the DBM terrain rules (dbm-terrain.txt, Terrain choosing): the long and short
edges, the centre line, the six sectors, and distances in paces converted to the table's unit by its
ground scale (model/ground_scale.py: its figures and the 5/8 reduction).

Frame: x runs along the table's width, y along its depth. When width >= depth the long edges are
y = 0 and y = depth and the short edges x = 0 and x = width; otherwise the roles swap. ``Frame``
hides that: ``along`` / ``across`` give a point's coordinate along the long edges and across them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from shapely.geometry import LineString, Polygon, box

from dambuster.model.ground_scale import GroundScale
from dambuster.model.scenario import Scenario, TableMap
from dambuster.validators.common import XY
from dambuster.validators.engine import param, settings

#: Sectors 1-3 lie in the half next to the first long edge (across < half depth), 4-6 in the other;
#: numbered from the first short edge.
FLANK_SECTORS = (1, 3, 4, 6)
CENTRAL_SECTORS = (2, 5)

#: Settings every DBM rule reads (parameters.rules.DBM): the slack of "touches" and "on an edge", in paces.
SETTINGS = settings("DBM", {"tolerance": 5.0})


def scale(s: Scenario) -> GroundScale:
    """The table's ground scale: the length of the text's pace and of an element (model/ground_scale.py)."""
    if not isinstance(s.map, TableMap):  # the DBM rules check tables only
        raise TypeError("a hex map has no ground scale")
    return GroundScale.of(s.map)


def to_unit(s: Scenario, paces: float) -> float:
    """A distance the text gives in paces, in the table's unit (the table's figures and reduction)."""
    return scale(s).length(paces)


def paces(s: Scenario, code: str, name: str) -> float:
    """A rule's parameter given in paces (``param``), in the table's unit."""
    return to_unit(s, param(s, code, name))


def tolerance(s: Scenario) -> float:
    """Slack for "touches" / "on the edge" tests: parameters.rules["DBM"]["tolerance"] paces (default 5)."""
    return paces(s, SETTINGS, "tolerance")


@dataclass(frozen=True)
class Frame:
    width: float
    depth: float

    @classmethod
    def of(cls, m: TableMap) -> Frame:
        return cls(m.width, m.depth)

    @property
    def swapped(self) -> bool:
        return self.depth > self.width

    @property
    def length(self) -> float:
        """Length of a long edge."""
        return max(self.width, self.depth)

    @property
    def span(self) -> float:
        """Length of a short edge (the distance between the long edges)."""
        return min(self.width, self.depth)

    def along(self, p: XY) -> float:
        return float(p[1] if self.swapped else p[0])

    def across(self, p: XY) -> float:
        return float(p[0] if self.swapped else p[1])

    def point(self, along: float, across: float) -> tuple[float, float]:
        return (across, along) if self.swapped else (along, across)

    def rect(self, a0: float, a1: float, c0: float, c1: float) -> Polygon:
        """The box along in [a0, a1], across in [c0, c1], in table coordinates."""
        return box(c0, a0, c1, a1) if self.swapped else box(a0, c0, a1, c1)

    def segment(self, a0: float, c0: float, a1: float, c1: float) -> LineString:
        return LineString([self.point(a0, c0), self.point(a1, c1)])

    @property
    def table(self) -> Polygon:
        return box(0, 0, self.width, self.depth)

    def long_edges(self) -> list[LineString]:
        return [self.segment(0, 0, self.length, 0), self.segment(0, self.span, self.length, self.span)]

    def short_edges(self) -> list[LineString]:
        return [self.segment(0, 0, 0, self.span), self.segment(self.length, 0, self.length, self.span)]

    def edges(self) -> dict[str, LineString]:
        """Edges by name, as the table is drawn on screen and on paper (y grows downwards, as a hex
        map's rows; docs/dbm-setup.md): top (y = 0), bottom (y = depth), left (x = 0), right (x = width)."""
        w, d = self.width, self.depth
        return {
            "left": LineString([(0, 0), (0, d)]),
            "right": LineString([(w, 0), (w, d)]),
            "top": LineString([(0, 0), (w, 0)]),
            "bottom": LineString([(0, d), (w, d)]),
        }

    def is_short(self, edge: str) -> bool:
        return (edge in ("left", "right")) != self.swapped

    def opposite(self, edge: str) -> str:
        return {"left": "right", "right": "left", "bottom": "top", "top": "bottom"}[edge]

    def centre_line(self) -> LineString:
        return self.segment(0, self.span / 2, self.length, self.span / 2)

    def sector(self, k: int) -> Polygon:
        third = self.length / 3
        col = (k - 1) % 3
        half = (k - 1) // 3
        return self.rect(col * third, (col + 1) * third, half * self.span / 2, (half + 1) * self.span / 2)

    def sectors(self) -> Iterable[tuple[int, Polygon]]:
        return ((k, self.sector(k)) for k in range(1, 7))


def nearest_edge(frame: Frame, p: tuple[float, float], tol: float) -> str | None:
    """The edge a point lies on (within tol), or None."""
    from shapely.geometry import Point

    pt = Point(p)
    best = min(frame.edges().items(), key=lambda kv: kv[1].distance(pt))
    return best[0] if best[1].distance(pt) <= tol else None
