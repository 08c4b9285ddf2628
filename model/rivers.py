"""River topology of a hex map as a directed graph (model/digraph.py; ``to_networkx`` for networkx).

Nodes are on-map hexes plus the sink ``OFF_MAP``; an edge u -> v means water flows from u to v.
Each river contributes edges between its consecutive hexes (upstream first). A river that ``joins``
another flows from its last hex into the joined river's first hex adjacent to (or equal to) that last
hex -- the confluence -- and on downstream from there. A river that joins nothing and ends on the map
edge flows off the map. An edge's label names the river it belongs to.

Used by the rule checks (cycles, outlets, splits, surge paths) and by the breach simulation.
"""

from __future__ import annotations

from .digraph import Digraph
from .hexgrid import Hex, distance
from .scenario import HexMap, River

OFF_MAP = "off-map"

#: A node of the flow graph: a hex, or OFF_MAP.
FlowNode = Hex | str


def confluence(river: River, joined: River) -> Hex | None:
    """The hex of ``joined`` where ``river`` enters it: the first (most upstream) hex of ``joined``
    that is the tributary's last hex or adjacent to it; None when they do not touch."""
    if not river.hexes:
        return None
    last = river.hexes[-1]
    for h in joined.hexes:
        if distance(h, last) <= 1:
            return h
    return None


def flow_graph(m: HexMap) -> Digraph[FlowNode]:
    g: Digraph[FlowNode] = Digraph()
    layout = m.layout
    by_id = {r.id: r for r in m.rivers}
    for r in m.rivers:
        hexes = r.hexes
        g.add_nodes_from(hexes)
        for a, b in zip(hexes, hexes[1:]):
            if a != b:
                g.add_edge(a, b, r.id)
    for r in m.rivers:
        if not r.hexes:
            continue
        last = r.hexes[-1]
        if r.joins is not None and r.joins in by_id:
            c = confluence(r, by_id[r.joins])
            if c is not None and c != last:
                g.add_edge(last, c, r.id)
        elif layout.is_edge(last):
            g.add_edge(last, OFF_MAP, r.id)
    return g


def downstream(g: Digraph[FlowNode], h: Hex) -> list[FlowNode]:
    """The hexes (and OFF_MAP) water reaches from ``h``, excluding ``h`` itself."""
    return list(g.descendants(h)) if h in g else []


def river_hexes(m: HexMap) -> set[Hex]:
    return {h for r in m.rivers for h in r.hexes}
