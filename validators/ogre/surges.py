"""Every dam's surge at once: which dams' surges pass each hex of the flow network.

``Flow.surge`` follows one dam's surge; checking a hundred dams on a 100,000-hex network that way is
ten million steps. ``surges(flow, dams, block)`` makes one pass instead. Each dam hex gets a bit;
the flow network's strongly connected parts are visited in topological order (a network without
cycles is its own condensation), and each part's mask is the union of the masks and dam bits of the
parts that flow into it: a dam's bit in a hex's mask means the dam's surge passes that hex. When dams
block (``block``), a surge never enters another dam, so the edges into dam hexes are left out first;
then each dam is a source and its surge is exactly what lies downstream of it.

What the rules ask is read from the masks: whether a surge leaves the map (the off-map sink has the
bit), how many hexes it passes, where it ends (hexes it passes whose every next hex it cannot
enter), which dams stop it, and the hexes any of several dams' surges pass. Each answer agrees with
``Flow.surge`` run dam by dam (tests/rules/test_surges.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Set
from dataclasses import dataclass, field

from dambuster.model.digraph import Digraph
from dambuster.model.hexgrid import Hex
from dambuster.model.rivers import OFF_MAP, FlowNode

from .flow import Flow


@dataclass
class Surges:
    bit: dict[Hex, int]  # dam hex -> its bit
    mask: dict[FlowNode, int]  # node -> bits of the dams whose surge passes it (0 when none: absent)
    # bit -> hexes where that surge stops
    ends_of: dict[int, list[Hex]] = field(default_factory=dict[int, list[Hex]])
    # bit -> dam hexes that stop it
    blockers_of: dict[int, set[Hex]] = field(default_factory=dict[int, set[Hex]])
    sizes: Counter[int] = field(default_factory=Counter[int])  # bit -> hexes the surge passes

    def below(self, dam: Hex, h: Hex) -> bool:
        """Is h the dam's hex or downstream of it (passed by its surge)?"""
        return h == dam or (dam in self.bit and bool(self.mask.get(h, 0) >> self.bit[dam] & 1))

    def escapes(self, dam: Hex) -> bool:
        """Does the surge of the dam at this hex leave the map?"""
        return dam in self.bit and bool(self.mask.get(OFF_MAP, 0) >> self.bit[dam] & 1)

    def size(self, dam: Hex) -> int:
        return self.sizes[self.bit[dam]] if dam in self.bit else 0

    def ends(self, dam: Hex) -> list[Hex]:
        """Hexes of the surge with no next hex in the surge, sorted."""
        return sorted(self.ends_of.get(self.bit.get(dam, -1), []))

    def blockers(self, dam: Hex) -> set[Hex]:
        """Other dams' hexes that the surge runs into (only when dams block)."""
        return set(self.blockers_of.get(self.bit.get(dam, -1), ()))

    def passed(self, dams: Iterable[Hex]) -> set[Hex]:
        """Hexes the surge of any of these dams passes (a dam's own hex is not in its surge)."""
        want = 0
        for h in dams:
            want |= 1 << self.bit[h] if h in self.bit else 0
        return {
            n
            for n, m in self.mask.items()
            if not isinstance(n, str) and m & want & ~(1 << self.bit[n] if n in self.bit else 0)
        }


def _parts(g: Digraph[FlowNode]) -> list[list[FlowNode]]:
    """The strongly connected parts of g, each a list of nodes, in topological order."""
    order = g.topological_order()
    if order is not None:
        return [[n] for n in order]
    import networkx as nx  # a network with a cycle (RIVER-CYCLE): networkx condenses it

    c = nx.condensation(g.to_networkx())
    return [list(c.nodes[k]["members"]) for k in nx.topological_sort(c)]


def _bits(m: int) -> Iterator[int]:
    """The positions of the set bits of m."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def compute(flow: Flow, dams: frozenset[Hex], block: bool) -> Surges:
    """The surges of the dams at these hexes (hexes off the network have none)."""
    g = flow.graph
    bit = {h: k for k, h in enumerate(sorted(h for h in dams if h in g))}
    own: dict[FlowNode, int] = {h: 1 << k for h, k in bit.items()}
    cut = [(u, v) for v in bit for u in g.predecessors(v)] if block else []
    if "parts" not in flow.cache:
        flow.cache["parts"] = _parts(g)
    order: list[list[FlowNode]] = flow.cache["parts"]
    if cut and len(order) < len(g):  # cycles, some perhaps through dams: the parts of the cut network
        g = g.copy()
        g.remove_edges_from(cut)
        order = _parts(g)
    blocked: set[FlowNode] = set(bit) if block else set()
    mask: dict[FlowNode, int] = {}
    for part in order:
        mine = 0
        m = 0
        for n in part:
            mine |= own.get(n, 0)
            m |= mask.get(n, 0)
        if len(part) > 1:
            m |= mine  # within a cycle every hex reaches the others
        for n in part:
            if m:
                mask[n] = m
        out = m | mine
        if not out:
            continue
        inside: Set[FlowNode] = set(part) if len(part) > 1 else frozenset()
        for n in part:
            for s in g.successors(n):
                if s not in blocked and s not in inside:
                    mask[s] = mask.get(s, 0) | out
    found = Surges(bit, mask)
    for m, count in Counter(m & ~own.get(n, 0) for n, m in mask.items() if not isinstance(n, str)).items():
        for k in _bits(m):
            found.sizes[k] += count
    for n, m in mask.items():  # where each surge ends: no hex it may enter comes next
        nxt = [s for s in g.successors(n) if s not in blocked and s != OFF_MAP]
        if isinstance(n, str) or len(nxt) > 1 or (nxt and nxt[0] not in bit):  # a str: OFF_MAP
            continue
        keep = m & ~own.get(n, 0)
        if nxt:
            keep &= own[nxt[0]]  # its only way on is back into its own dam
        for k in _bits(keep):
            found.ends_of.setdefault(k, []).append(n)
    for u, v in cut:  # a surge reaching u runs into the dam at v
        for k in _bits(mask.get(u, 0) | own.get(u, 0)):
            if k != bit[v]:
                found.blockers_of.setdefault(k, set()).add(v)
    return found


def surges(flow: Flow, dams: Iterable[Hex], block: bool) -> Surges:
    """All dams' surges on this flow network, computed once per (dams, block) and kept on the Flow."""
    key = ("surges", frozenset(dams), bool(block))
    if key not in flow.cache:
        flow.cache[key] = compute(flow, key[1], key[2])
    found: Surges = flow.cache[key]
    return found
