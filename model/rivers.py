"""River topology of a hex map as a networkx directed graph.

Nodes are on-map hexes plus the sink ``OFF_MAP``; an edge u -> v means water flows from u to v.
Each river contributes edges between its consecutive hexes (upstream first). A river that ``joins``
another flows from its last hex into the joined river's first hex adjacent to (or equal to) that last
hex -- the confluence -- and on downstream from there. A river that joins nothing and ends on the map
edge flows off the map. Edge attribute ``river`` names the river an edge belongs to.

Used by the rule checks (cycles, outlets, splits, surge paths) and by the breach simulation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .hexgrid import Hex, distance
from .scenario import HexMap, River

if TYPE_CHECKING:  # networkx is imported by the functions that build a graph: a second of a start-up
    import networkx as nx

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


def flow_graph(m: HexMap) -> nx.DiGraph[FlowNode]:
    import networkx as nx

    g: nx.DiGraph[FlowNode] = nx.DiGraph()
    layout = m.layout
    by_id = {r.id: r for r in m.rivers}
    for r in m.rivers:
        hexes = r.hexes
        g.add_nodes_from(hexes)
        for a, b in zip(hexes, hexes[1:]):
            if a != b:
                g.add_edge(a, b, river=r.id)
    for r in m.rivers:
        if not r.hexes:
            continue
        last = r.hexes[-1]
        if r.joins is not None and r.joins in by_id:
            c = confluence(r, by_id[r.joins])
            if c is not None and c != last:
                g.add_edge(last, c, river=r.id)
        elif layout.is_edge(last):
            g.add_edge(last, OFF_MAP, river=r.id)
    return g


def downstream(g: nx.DiGraph[FlowNode], h: Hex) -> list[FlowNode]:
    """The hexes (and OFF_MAP) water reaches from ``h``, excluding ``h`` itself."""
    if h not in g:
        return []
    import networkx as nx

    # networkx's stubs leave descendants' source untyped
    return list(nx.descendants(g, h))  # pyright: ignore[reportUnknownMemberType]


def river_hexes(m: HexMap) -> set[Hex]:
    return {h for r in m.rivers for h in r.hexes}
