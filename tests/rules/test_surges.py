"""All dams' surges in one pass (validators/ogre/surges.py) agree with following each dam's surge alone.

The reference is ``Flow.surge``, the hex-by-hex search the rules ran once per dam, and the formulas
SURGE-PATH, RIVER-OUTLET, FLOODPLAIN-REACH and DAM-SITE built on it. The networks are random: splits,
merges, cycles (through dams or not), hexes that drain off the map and hexes that do not.
"""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dambuster.model.digraph import Digraph
from dambuster.model.rivers import OFF_MAP
from dambuster.validators.ogre.flow import Flow
from dambuster.validators.ogre.surges import compute


@st.composite
def networks(draw):
    n = draw(st.integers(1, 14))
    hexes = [(q, 0) for q in range(n)]
    g = Digraph()
    g.add_nodes_from(hexes)
    downhill = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    for a, b in draw(st.lists(downhill, max_size=2 * n)):
        if a != b and (a < b or draw(st.integers(0, 4)) == 0):  # mostly downhill, now and then a cycle
            g.add_edge(hexes[a], hexes[b])
    for a in draw(st.lists(st.integers(0, n - 1), max_size=3)):
        g.add_edge(hexes[a], OFF_MAP)
    dams = frozenset(draw(st.lists(st.sampled_from(hexes), max_size=5)))
    return Flow(g, nx.ancestors(g.to_networkx(), OFF_MAP) if OFF_MAP in g else set()), dams


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(networks(), st.booleans())
def test_one_pass_equals_one_search_per_dam(network, block):
    flow, dams = network
    found = compute(flow, dams, block)
    wet = set()
    for dh in dams:
        stop = set(dams) - {dh} if block else set()
        hexes, escaped = flow.surge(dh, stop)
        wet |= hexes
        assert found.escapes(dh) == escaped
        assert found.size(dh) == len(hexes)
        assert found.ends(dh) == sorted(
            h for h in hexes if not any(n in hexes for n in flow.graph.successors(h))
        )
        assert found.blockers(dh) == {n for h in hexes | {dh} for n in flow.graph.successors(h) if n in stop}
        downstream = nx.descendants(flow.graph.to_networkx(), dh) | {dh}
        assert {
            h for h in flow.graph if h != OFF_MAP and compute(flow, dams, False).below(dh, h)
        } == downstream - {OFF_MAP}
    assert found.passed(dams) == wet
    some = set(sorted(dams)[::2])
    assert found.passed(some) == set().union(
        *(flow.surge(dh, set(dams) - {dh} if block else set())[0] for dh in some)
    )
