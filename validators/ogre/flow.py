"""The river flow network of a hex map, analysed once and shared by the dambusters rules.

``analyse(map)`` wraps ``model.rivers.flow_graph`` with what several rules need (which hexes drain
off the map, where each river hex is listed) and memoises the last result: the key is the rivers'
content and the layout, so one engine run builds the graph once however many rules ask, and an
edited map is never served a stale graph.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Set
from dataclasses import dataclass, field
from typing import Any

from dambuster.model.digraph import Digraph
from dambuster.model.hexgrid import Hex
from dambuster.model.rivers import OFF_MAP, FlowNode, flow_graph
from dambuster.model.scenario import HexMap


@dataclass
class Flow:
    graph: Digraph[FlowNode]
    drains: set[FlowNode]  # nodes (hexes) from which water reaches OFF_MAP
    where: dict[Hex, tuple[int, int]] = field(
        default_factory=dict[Hex, tuple[int, int]]
    )  # hex -> (river index, position), first listing
    by_river: dict[str, set[Hex]] = field(default_factory=dict[str, set[Hex]])
    # what is derived from the graph (surges.py), each entry of its own type, read back by its writer
    cache: dict[Hashable, Any] = field(default_factory=dict[Hashable, Any], repr=False)

    def pointer(self, h: Hex) -> str:
        i, j = self.where.get(h, (None, None))
        return "/map/rivers" if i is None else f"/map/rivers/{i}/hexes/{j}"

    def surge(self, start: Hex, stop: Set[Hex] = frozenset()) -> tuple[set[Hex], bool]:
        """Hexes a surge from ``start`` passes (downstream, not ``start``) and whether it leaves the
        map. It does not enter hexes in ``stop`` (other dams, when they hold the surge back)."""
        g = self.graph
        if start not in g:
            return set(), False
        seen: set[Hex] = set()
        escaped = False
        todo = deque([start])
        while todo:
            for n in g.successors(todo.popleft()):
                if isinstance(n, str):  # OFF_MAP, the one node that is not a hex
                    escaped = True
                elif n not in seen and n != start and n not in stop:
                    seen.add(n)
                    todo.append(n)
        return seen, escaped


_memo: tuple[tuple[object, ...] | None, Flow | None] = (
    None,
    None,
)  # (key, Flow), rebound in one step so a thread never sees a mixed pair


def _key(m: HexMap) -> tuple[object, ...]:
    return (
        m.orientation,
        m.offset,
        m.columns,
        m.rows,
        tuple((r.id, r.joins, tuple((h[0], h[1]) for h in r.hexes)) for r in m.rivers),
    )


def analyse(m: HexMap) -> Flow:
    global _memo
    key = _key(m)
    last_key, last = _memo
    if last_key == key and last is not None:
        return last
    g = flow_graph(m)
    drains: set[FlowNode] = g.ancestors(OFF_MAP) if OFF_MAP in g else set()
    where: dict[Hex, tuple[int, int]] = {}
    by_river: dict[str, set[Hex]] = {}
    for i, r in enumerate(m.rivers):
        hexes = by_river.setdefault(r.id, set())
        for j, h in enumerate(r.hexes):
            h = (h[0], h[1])
            hexes.add(h)
            where.setdefault(h, (i, j))
    flow = Flow(g, drains, where, by_river)
    _memo = (key, flow)
    return flow
