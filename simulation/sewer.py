"""The sewer's corridor network (networkx): junctions, impassable points, gantries, the origin.

Corridor ends closer than ``join_tolerance`` are one junction. Positions are distances along a
corridor's polyline, in table units, from its first point. Grates, sluice gates and cave-ins sit on
every corridor that passes within the tolerance (or half the corridor's width) of their point.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

import networkx as nx
from shapely.geometry import LineString, Point, Polygon

from dambuster.model.scenario import Sewer, TableMap

from .plan import SimulationError


@dataclass
class CorridorInfo:
    id: str
    line: LineString
    length: float
    start: int  # junction ids
    end: int
    blocks: list[tuple[float, str, str]] = field(
        default_factory=list[tuple[float, str, str]]
    )  # (position, kind, id), sorted


@dataclass
class Network:
    sewer: Sewer
    corridors: dict[str, CorridorInfo]
    graph: nx.MultiGraph[int]  # junction -- junction, key = corridor id, weight = length
    gantries: list[Polygon]
    origin: tuple[str, float]
    dist: dict[int, float]  # junction -> distance along the network from the origin

    @classmethod
    def build(cls, m: TableMap, tolerance: float) -> Network:
        sw = m.sewer
        if sw is None or not sw.corridors:
            raise SimulationError("the map has no sewer corridors")
        if sw.flood_origin is None:
            raise SimulationError("the sewer has no flood origin")
        ends: list[tuple[float, float]] = []
        corridors: dict[str, CorridorInfo] = {}

        def junction(p: Sequence[float]) -> int:
            for i, q in enumerate(ends):
                if (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 <= tolerance**2:
                    return i
            ends.append((float(p[0]), float(p[1])))
            return len(ends) - 1

        g: nx.MultiGraph[int | str] = nx.MultiGraph()  # junctions, and the origin while measuring
        for c in sw.corridors:
            line = LineString(c.line)
            info = CorridorInfo(c.id, line, line.length, junction(c.line[0]), junction(c.line[-1]))
            corridors[c.id] = info
            g.add_edge(info.start, info.end, key=c.id, weight=info.length)
            reach = max(tolerance, c.width / 2)
            for kind, pts in (
                ("grate", sw.grates),
                ("sluice gate", sw.sluice_gates),
                ("cave-in", sw.cave_ins),
            ):
                for p in pts:
                    pt = Point(p.point)
                    if line.distance(pt) <= reach:
                        info.blocks.append((line.project(pt), kind, p.id))
            info.blocks.sort()
        origin_pt = Point(sw.flood_origin)
        best = min(corridors.values(), key=lambda ci: (ci.line.distance(origin_pt), ci.id))
        origin = (best.id, best.line.project(origin_pt))
        g.add_node("origin")
        g.add_edge("origin", best.start, key="origin-a", weight=origin[1])
        g.add_edge("origin", best.end, key="origin-b", weight=best.length - origin[1])
        lengths = nx.single_source_dijkstra_path_length(g, "origin")
        g.remove_node("origin")
        dist = {n: d for n, d in lengths.items() if isinstance(n, int)}  # not "origin"
        gantries = [Polygon(x.polygon) for x in sw.gantries]
        junctions = cast("nx.MultiGraph[int]", g)  # the origin is gone: junctions only
        return cls(sw, corridors, junctions, gantries, origin, dist)

    def distance(self, corridor: str, pos: float) -> float:
        """Distance along the network from the origin; inf when not connected."""
        c = self.corridors[corridor]
        if corridor == self.origin[0]:
            return abs(pos - self.origin[1])
        inf = float("inf")
        return min(self.dist.get(c.start, inf) + pos, self.dist.get(c.end, inf) + c.length - pos)

    def downstream_dir(self, corridor: str, pos: float) -> int:
        """+1 when water runs toward the corridor's end at ``pos``, -1 toward its start."""
        c = self.corridors[corridor]
        if corridor == self.origin[0]:
            return 1 if pos >= self.origin[1] else -1
        inf = float("inf")
        via_start = self.dist.get(c.start, inf) + pos
        via_end = self.dist.get(c.end, inf) + c.length - pos
        return 1 if via_start <= via_end else -1

    def point(self, corridor: str, pos: float) -> Point:
        return self.corridors[corridor].line.interpolate(pos)

    def out_of_reach(self, corridor: str, pos: float) -> bool:
        p = self.point(corridor, pos)
        return any(g.covers(p) for g in self.gantries)

    def branches(self, junction: int, came: tuple[str, int] | None) -> list[tuple[str, int]]:
        """(corridor, direction) ways out of a junction, except the way one came in; sorted by id."""
        out: list[tuple[str, int]] = []
        for cid, c in sorted(self.corridors.items()):
            if c.start == junction and came != (cid, 0):
                out.append((cid, 1))
            if c.end == junction and came != (cid, 1):
                out.append((cid, -1))
        return out

    def flooded(self) -> list[str]:
        """Corridors the water reaches: those connected to the origin."""
        return sorted(cid for cid, c in self.corridors.items() if c.start in self.dist or c.end in self.dist)
