"""The rules' graph (model/digraph.py) answers as networkx does, on random graphs with cycles and
self-loops: reachability both ways (also within a part of the graph), node and successor order,
degrees, whether there is a cycle, a valid topological order, and the round trip to networkx."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from dambuster.model.digraph import Digraph


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 12))
    nodes = draw(st.permutations(list(range(n))))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.sampled_from("abc"))))
    ours: Digraph[int] = Digraph()
    theirs = nx.DiGraph()
    ours.add_nodes_from(nodes[: n // 2])
    theirs.add_nodes_from(nodes[: n // 2])
    for u, v, label in edges:
        ours.add_edge(u, v, label)
        theirs.add_edge(u, v, label=label)
    cut = draw(st.lists(st.sampled_from(edges), max_size=3)) if edges else []
    ours.remove_edges_from((u, v) for u, v, _ in cut)
    theirs.remove_edges_from((u, v) for u, v, _ in cut if theirs.has_edge(u, v))
    within = set(draw(st.lists(st.sampled_from(list(theirs.nodes)), max_size=n))) if len(theirs) else set()
    return ours, theirs, within


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_the_rules_graph_answers_as_networkx(case):
    ours, theirs, within = case
    assert list(ours) == list(theirs.nodes)
    assert len(ours) == len(theirs)
    for n in theirs.nodes:
        assert list(ours.successors(n)) == list(theirs.successors(n))
        assert set(ours.predecessors(n)) == set(theirs.predecessors(n))
        assert ours.out_degree(n) == theirs.out_degree(n)
        assert ours.descendants(n) == nx.descendants(theirs, n)
        assert ours.ancestors(n) == nx.ancestors(theirs, n)
        if n in within:
            sub = theirs.subgraph(within)
            assert ours.ancestors(n, within=within) == nx.ancestors(sub, n)
            assert ours.descendants(n, within=within) == nx.descendants(sub, n)
    for u, v, label in ours.edges():
        assert theirs.edges[u, v]["label"] == label == ours.label(u, v)
    assert ours.acyclic() == nx.is_directed_acyclic_graph(theirs)
    order = ours.topological_order()
    if order is not None:
        place = {n: i for i, n in enumerate(order)}
        assert sorted(order) == sorted(theirs.nodes)
        assert all(place[u] < place[v] for u, v in theirs.edges)
    back = ours.to_networkx()
    assert list(back.nodes) == list(theirs.nodes) and nx.utils.edges_equal(back.edges, theirs.edges)
    copy = ours.copy()
    copy.remove_edges_from([(u, v) for u, v, _ in ours.edges()])
    assert list(ours.edges()) == [(u, v, d["label"]) for u, v, d in theirs.edges(data=True)]
    assert not list(copy.edges()) and list(copy) == list(ours)
