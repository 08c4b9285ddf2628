"""A directed graph for the rule checks: adjacency with a label on each edge, reachability, and a
topological order from the standard library's ``graphlib``.

Why not networkx here: importing networkx costs about 0.15 s (it loads some 300 modules and scans
every installed package's entry points for backends), which was half of a cold ``dambuster validate``
of an Ogre map; the rules only walk the river network forwards and backwards and order it. networkx
stays the graph library of the product: ``to_networkx`` hands this graph to it for what it does
best (shortest paths in the surge plan; finding a cycle in a broken network, after ``acyclic`` has
said there is one), and the tests check every answer here against networkx's on random graphs
(tests/rules/test_digraph.py).

Nodes keep the order they were first added in and successors the order of their edges, as in a
networkx ``DiGraph``, so what the rules report comes out in the same order either way.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Iterator
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    import networkx as nx

N = TypeVar("N", bound=Hashable)


class Digraph(Generic[N]):
    """Nodes and labelled edges u -> v (a second edge u -> v replaces the first's label)."""

    def __init__(self) -> None:
        self._succ: dict[N, dict[N, str]] = {}
        self._pred: dict[N, dict[N, str]] = {}

    def add_node(self, n: N) -> None:
        if n not in self._succ:
            self._succ[n] = {}
            self._pred[n] = {}

    def add_nodes_from(self, nodes: Iterable[N]) -> None:
        for n in nodes:
            self.add_node(n)

    def add_edge(self, u: N, v: N, label: str = "") -> None:
        self.add_node(u)
        self.add_node(v)
        self._succ[u][v] = label
        self._pred[v][u] = label

    def remove_edges_from(self, edges: Iterable[tuple[N, N]]) -> None:
        for u, v in edges:
            if v in self._succ.get(u, {}):
                del self._succ[u][v]
                del self._pred[v][u]

    def copy(self) -> Digraph[N]:
        g: Digraph[N] = Digraph()
        g._succ = {n: dict(out) for n, out in self._succ.items()}
        g._pred = {n: dict(into) for n, into in self._pred.items()}
        return g

    def __contains__(self, n: object) -> bool:
        return n in self._succ

    def __iter__(self) -> Iterator[N]:
        return iter(self._succ)

    def __len__(self) -> int:
        return len(self._succ)

    def successors(self, n: N) -> Iterator[N]:
        return iter(self._succ[n])

    def predecessors(self, n: N) -> Iterator[N]:
        return iter(self._pred[n])

    def out_degree(self, n: N) -> int:
        return len(self._succ[n])

    def label(self, u: N, v: N) -> str:
        """The label of the edge u -> v."""
        return self._succ[u][v]

    def edges(self) -> Iterator[tuple[N, N, str]]:
        for u, out in self._succ.items():
            for v, label in out.items():
                yield u, v, label

    def descendants(self, n: N, within: Iterable[N] | None = None) -> set[N]:
        """Nodes reachable from n (n left out, as networkx does, even on a cycle through it), walking
        only nodes in ``within`` when it is given."""
        return self._reach(n, self._succ, within)

    def ancestors(self, n: N, within: Iterable[N] | None = None) -> set[N]:
        """Nodes from which n is reachable (n left out), walking only nodes in ``within`` if given."""
        return self._reach(n, self._pred, within)

    def _reach(self, n: N, adj: dict[N, dict[N, str]], within: Iterable[N] | None) -> set[N]:
        allowed = None if within is None else set(within)
        seen: set[N] = set()
        todo = deque([n])
        while todo:
            for m in adj[todo.popleft()]:
                if m not in seen and (allowed is None or m in allowed):
                    seen.add(m)
                    todo.append(m)
        seen.discard(n)
        return seen

    def topological_order(self) -> list[N] | None:
        """Every node, each after all nodes with an edge into it; None when the graph has a cycle."""
        import graphlib

        sorter: graphlib.TopologicalSorter[N] = graphlib.TopologicalSorter(
            {n: into.keys() for n, into in self._pred.items()}
        )
        try:
            return list(sorter.static_order())
        except graphlib.CycleError:
            return None

    def acyclic(self) -> bool:
        return self.topological_order() is not None

    def to_networkx(self, label: str = "label") -> nx.DiGraph[N]:
        """The same graph as a networkx DiGraph, each edge's label under the attribute ``label``."""
        import networkx as nx

        g: nx.DiGraph[N] = nx.DiGraph()
        g.add_nodes_from(self._succ)
        g.add_edges_from((u, v, {label: lab}) for u, v, lab in self.edges())
        return g
