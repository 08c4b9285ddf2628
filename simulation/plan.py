"""The deterministic part of a breach: where the swell is at each step and when it arrives.

Step 0 is the breach: the swell covers the river hexes 1..length below the dam (distance counted in
hexes along the flow graph from the dam's hex). Before each later player turn (step k) it advances
``speed`` hexes: it covers the hexes at distance 1 + k*speed .. length + k*speed. At a fork each
branch has its own distances (the swell follows every branch); through a confluence it flows on down
the joined river. A hex reachable by two routes counts the shorter one. The swell has left the map at
the first step whose window holds no on-map hex.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import networkx as nx

from dambuster.model.hexgrid import Hex, neighbors
from dambuster.model.rivers import OFF_MAP, FlowNode, flow_graph
from dambuster.model.scenario import Dam, HexMap, Scenario


class SimulationError(ValueError):
    """The scenario cannot be simulated as asked (one plain sentence)."""


def hex_map(scenario: Scenario) -> HexMap:
    """The scenario's map, which must be a hex map (else SimulationError)."""
    if not isinstance(scenario.map, HexMap):
        raise SimulationError("a breach needs a hex map")
    return scenario.map


def find_dam(m: HexMap, dam_id: str) -> Dam:
    for d in m.dams:
        if d.id == dam_id:
            return d
    known = ", ".join(d.id for d in m.dams) or "none"
    raise SimulationError(f"no dam {dam_id!r} on the map (dams: {known})")


@dataclass
class SurgePlan:
    dam: Dam
    length: int
    speed: int
    depth: dict[Hex, int]  # on-map river hex below the dam -> distance from the dam in hexes
    graph: nx.DiGraph[FlowNode]  # the river flow graph, hexes and OFF_MAP

    @classmethod
    def build(cls, m: HexMap, dam: Dam, length: int, speed: int) -> SurgePlan:
        g = flow_graph(m).to_networkx("river")
        if dam.hex not in g:
            raise SimulationError(f"dam {dam.id!r} stands on hex {list(dam.hex)}, which is on no river")
        lengths = nx.single_source_shortest_path_length(g, dam.hex)
        depth = {h: d for h, d in lengths.items() if h != OFF_MAP and d > 0}
        if not depth:
            raise SimulationError(f"no river hex lies below dam {dam.id!r}")
        return cls(dam, length, speed, depth, g)

    @cached_property
    def order(self) -> list[Hex]:
        """River hexes below the dam, nearest first (ties by axial q, r)."""
        return sorted(self.depth, key=lambda h: (self.depth[h], h))

    @cached_property
    def max_depth(self) -> int:
        return max(self.depth.values())

    @cached_property
    def last_step(self) -> int:
        """The step at which the swell has left the map (its window holds no on-map hex)."""
        k = 0
        while 1 + k * self.speed <= self.max_depth:
            k += 1
        return k

    def window(self, step: int) -> tuple[int, int]:
        return 1 + step * self.speed, self.length + step * self.speed

    def swell(self, step: int) -> list[Hex]:
        lo, hi = self.window(step)
        return [h for h in self.order if lo <= self.depth[h] <= hi]

    def arrival(self, h: Hex) -> int:
        """The step at which the swell first covers river hex ``h``."""
        d = self.depth[h]
        return max(0, -(-(d - self.length) // self.speed))

    @cached_property
    def arrivals(self) -> dict[Hex, int]:
        return {h: self.arrival(h) for h in self.order}

    @cached_property
    def below_dam(self) -> list[Hex]:
        """The hex(es) just below the dam (more than one when the river forks right there)."""
        return [h for h in self.order if self.depth[h] == 1]

    @cached_property
    def river_hexes(self) -> frozenset[Hex]:
        return frozenset(h for h in self.graph.nodes if not isinstance(h, str))  # not OFF_MAP

    def first_adjacent(self, contains: Callable[[Hex], bool]) -> dict[Hex, int]:
        """Non-river on-map hexes next to the swell -> the first step the swell is adjacent."""
        out: dict[Hex, int] = {}
        for h in self.order:
            k = self.arrivals[h]
            for n in neighbors(h):
                if n in self.river_hexes or not contains(n):
                    continue
                if n not in out or k < out[n]:
                    out[n] = k
        return out
