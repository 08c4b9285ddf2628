"""Rules of the ogre-dambusters profile, from ogre-dambusters.txt: the rivers a dam's surge runs down
(Downriver effects), and the surge's path off the map. (Dams: ``dambusters``; bridges and floodplains:
``downriver``.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import groupby, pairwise
from typing import cast

from dambuster.model.hexgrid import Hex, distance
from dambuster.model.rivers import FlowNode, confluence
from dambuster.model.scenario import HexMap, Scenario
from dambuster.validators.engine import param, rule
from dambuster.validators.violation import Violation

from .common import as_hex, at_hex, hex_map, hx, label
from .dambusters import PROFILE, WATER, dam_hexes, dam_location
from .flow import Flow, analyse
from .surges import surges


@rule(
    "RIVER-GAP",
    PROFILE,
    "error",
    "Consecutive hexes of a river are not adjacent.",
    source="ogre-dambusters.txt, Downriver effects (the surge moves hex by hex down the river)",
    decision=(
        "A hex repeated twice in a row counts as a gap too (the river does not move); a run of "
        "repeats of one hex is one finding, and so is the same jump (same from and to hexes) made "
        "again and again in one river: it is reported at its first place with how many times. A "
        "river that joins another must end in or next to one of that river's hexes; otherwise the "
        "joins link is reported as a gap at /map/rivers/i/joins."
    ),
    verdict="the text is silent: the surge moves into the next hexes of the river.",
    fix="a hex repeated twice in a row: drop the repeat (a jump: none, many courses fill it)",
)
def river_gap(s: Scenario) -> Iterator[Violation]:
    """Each river hex is adjacent to the next one, and a river that joins another ends in or beside it."""
    m = hex_map(s)
    if m is None:
        return
    lay = m.layout
    by_id = {r.id: r for r in m.rivers}
    for i, r in enumerate(m.rivers):
        hexes = [as_hex(h) for h in r.hexes]
        # the same jump repeated in a river is one finding, at its first place, saying how often
        jumps = Counter((a, b) for a, b in pairwise(hexes) if distance(a, b) > 1)
        before: Hex | None = None
        for h, places in groupby(range(len(hexes)), key=hexes.__getitem__):  # runs of one hex
            first, *repeats = places
            if before is not None and (times := jumps.pop((before, h), 0)):  # 0: no jump, or said already
                gap, often = distance(before, h), "" if times == 1 else f" ({times:,} times)"
                yield Violation(
                    f"river {r.id} jumps {gap} hexes from {label(lay, before)} to {label(lay, h)}{often}",
                    location=at_hex(lay, h, f"/map/rivers/{i}/hexes/{first}", feature=r.id),
                    witness={"from": hx(before), "to": hx(h), "distance": gap, "times": times},
                )
            if repeats:  # "0101 0101 0101" repeats 0101 twice: one finding
                run = len(repeats)
                yield Violation(
                    f"river {r.id} repeats {label(lay, h)}{'' if run == 1 else f' {run:,} times in a row'}",
                    location=at_hex(lay, h, f"/map/rivers/{i}/hexes/{first + 1}", feature=r.id),
                    witness={"from": hx(h), "to": hx(h), "distance": 0, "repeats": run},
                )
            before = h
        joined = by_id.get(r.joins) if r.joins else None
        if joined is not None and r.hexes and joined.hexes and confluence(r, joined) is None:
            last = as_hex(r.hexes[-1])
            yield Violation(
                f"river {r.id} ends at {label(lay, last)}, away from river {joined.id} that it joins",
                location=at_hex(lay, last, f"/map/rivers/{i}/joins", feature=r.id),
                witness={"end": hx(last), "joins": joined.id},
            )


@rule(
    "RIVER-CYCLE",
    PROFILE,
    "error",
    "The river flow network has a cycle.",
    source="ogre-dambusters.txt, Downriver effects (the surge moves down the river)",
    decision=(
        "Each strongly connected part of the flow network is reported once, with one cycle through "
        "it as the witness (a list of hexes, the first repeated at the end)."
    ),
    verdict="the text is silent: the surge moves down the river, which needs a river that flows.",
    no_fix="which link of the cycle to break is the designer's choice",
)
def river_cycle(s: Scenario) -> Iterator[Violation]:
    """Water never flows back to a hex it has passed; the witness is one cycle of hexes."""
    m = hex_map(s)
    if m is None:
        return
    flow = analyse(m)
    if flow.graph.acyclic():
        return
    import networkx as nx  # a broken network: networkx finds its cycles

    g = flow.graph.to_networkx("river")
    for comp in nx.strongly_connected_components(g):
        if len(comp) < 2:
            continue
        # networkx's stubs leave find_cycle's result untyped: the cycle's edges
        found = nx.find_cycle(g.subgraph(comp))  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
        edges = cast("list[tuple[FlowNode, FlowNode]]", found)
        cycle = [u for u, _ in edges if not isinstance(u, str)]  # OFF_MAP, a sink, is on no cycle
        first = cycle[0]
        river = g.edges[cycle[0], cycle[1]]["river"]
        yield Violation(
            f"river water flows in a circle through {len(cycle)} hexes from {label(m.layout, first)}",
            location=at_hex(m.layout, first, flow.pointer(first), feature=river),
            witness={
                "cycle": [hx(h) for h in cycle + [first]],
                "labels": [label(m.layout, h) for h in cycle + [first]],
            },
        )


@rule(
    "RIVER-SPLIT",
    PROFILE,
    "warning",
    "River flow divides: a hex has two downstream hexes.",
    source="ogre-dambusters.txt, Downriver effects (the surge moves into the next hexes of the river)",
    decision=(
        "The surge follows the river, and the text has no rule for a river that divides, so a hex "
        "with two downstream hexes (for example a tributary listed as starting on the main river) is "
        "a warning: the surge is assumed to take every branch."
    ),
    verdict="the text is silent on a river that divides: a warning, the surge takes every branch.",
    no_fix="a warning; which branch is wrong, if any, is the designer's choice",
)
def river_split(s: Scenario) -> Iterator[Violation]:
    """Every river hex has at most one downstream hex."""
    m = hex_map(s)
    if m is None:
        return
    flow = analyse(m)
    for h in flow.graph:
        out = flow.graph.out_degree(h)
        if out > 1 and not isinstance(h, str):  # a str: OFF_MAP
            succ = list(flow.graph.successors(h))
            yield Violation(
                f"the river divides at {label(m.layout, h)} into {out} branches",
                location=at_hex(m.layout, h, flow.pointer(h)),
                witness={"from": hx(h), "to": [n if isinstance(n, str) else hx(n) for n in succ]},
            )


@rule(
    "RIVER-TERRAIN",
    PROFILE,
    "error",
    "A river hex is not water.",
    source="ogre-dambusters.txt, Downriver effects (river hexes are water; debris hexes stay water)",
    decision=(
        "Not a sentence of the text, but the overlays it describes (debris, surge) lie on water "
        "hexes and the format defines a river as a chain of water hexes: every river hex must be "
        "water or water with debris. Above a destroyed dam (damage equal to its SP) a river hex may "
        "be clear or swamp: the text turns every edge water hex of the drained reservoir to clear or "
        "swamp, river hexes included."
    ),
    verdict=(
        "the text is silent: river hexes are water in the format; debris hexes stay water (the text says)."
    ),
    fix="paint the river hex water",
)
def river_terrain(s: Scenario) -> Iterator[Violation]:
    """Every river hex is water or water with debris, except above a destroyed dam, where the drained
    reservoir's edge has become clear or swamp (Upriver effects)."""
    m = hex_map(s)
    if m is None:
        return
    seen: set[Hex] = set()
    drained = _drained_bed(m)
    for i, r in enumerate(m.rivers):
        for j, h in enumerate(r.hexes):
            h = as_hex(h)
            kind = m.terrain.get(h)
            if h in drained and kind in DRAINED:
                continue
            if kind not in WATER and kind is not None and h not in seen:
                seen.add(h)
                yield Violation(
                    f"river {r.id} runs through {label(m.layout, h)}, which is {kind}, not water",
                    location=at_hex(m.layout, h, f"/map/rivers/{i}/hexes/{j}", feature=r.id),
                )


DRAINED = frozenset({"clear", "swamp"})  # what a reservoir's edge water becomes at a breach


def _drained_bed(m: HexMap) -> frozenset[FlowNode]:
    """River hexes upstream of a destroyed dam (damage = SP): its reservoir has drained there."""
    broken = [as_hex(d.hex) for d in m.dams if d.damage >= d.sp]
    if not broken:
        return frozenset()
    from dambuster.model.rivers import flow_graph

    g = flow_graph(m)
    return frozenset(h for d in broken if d in g for h in g.ancestors(d))


def _stranded_dams(m: HexMap, flow: Flow, block: bool) -> dict[int, Hex]:
    """Dams (by index) on their river whose surge never leaves the map: index -> dam hex."""
    found = surges(flow, dam_hexes(m), block)
    out: dict[int, Hex] = {}
    for i, d in enumerate(m.dams):
        dh = as_hex(d.hex)
        if dh in flow.by_river.get(d.river, ()) and not found.escapes(dh):
            out[i] = dh
    return out


@rule(
    "RIVER-OUTLET",
    PROFILE,
    "error",
    "River water never reaches a map edge downstream.",
    source="ogre-dambusters.txt, Downriver effects (the surge moves on until it leaves the map)",
    decision=(
        "Water must reach a map edge: each river end where water collects without leaving the map "
        "(not on the map edge, joining no river) is reported once, at that end. One mistake gives "
        "one violation: a cycle with no way out is left to RIVER-CYCLE, a 'joins' that does not "
        "touch its river to RIVER-GAP, and an end below a dam whose surge is stranded by it to "
        "SURGE-PATH (at the dam)."
    ),
    verdict="the text says: the surge moves until it moves off the map.",
    fix=(
        "a river that joins none and ends beside exactly one other river joins it (anywhere else: "
        "none, where it should run off the map is a choice)"
    ),
)
def river_outlet(s: Scenario) -> Iterator[Violation]:
    """Water from every river hex reaches the map edge (a river ending on the edge, or joining one that does)."""
    m = hex_map(s)
    if m is None:
        return
    flow = analyse(m)
    g = flow.graph
    stranded = {
        h for h in g if not isinstance(h, str)
    } - flow.drains  # the hexes (not OFF_MAP) that drain nowhere
    if not stranded:
        return
    block = bool(param(s, "SURGE-PATH", "dams_block"))
    covered = surges(flow, dam_hexes(m), block).passed(_stranded_dams(m, flow, block).values())
    by_id = {r.id: r for r in m.rivers}
    broken = {
        as_hex(r.hexes[-1])
        for r in m.rivers  # reported by RIVER-GAP
        if r.joins in by_id and r.hexes and confluence(r, by_id[r.joins]) is None
    }
    for h in sorted(stranded, key=flow.where.__getitem__):  # in file order
        if g.out_degree(h) or h in covered or h in broken:  # (what follows a stranded hex is stranded)
            continue  # flows on (possibly round a cycle: RIVER-CYCLE), or reported elsewhere
        i, j = flow.where[h]
        for k, r in enumerate(m.rivers):  # point at the river that ends here
            if r.hexes and as_hex(r.hexes[-1]) == h:
                i, j = k, len(r.hexes) - 1
                break
        rid = m.rivers[i].id
        upstream = g.ancestors(h, within=stranded)
        yield Violation(
            f"river {rid} ends at {label(m.layout, h)} without reaching a map edge or joining another river",
            location=at_hex(m.layout, h, f"/map/rivers/{i}/hexes/{j}", feature=rid),
            witness={"end": hx(h), "stranded": len(upstream) + 1},
        )


@rule(
    "SURGE-PATH",
    PROFILE,
    "error",
    "A dam's surge has no path off the map.",
    params={"dams_block": 0},
    source="ogre-dambusters.txt, Downriver effects of breaching a dam",
    decision=(
        "The surge runs down the flow network from the dam until it leaves the map. The text says "
        "nothing about a second dam downstream; by default the surge passes it (parameter dams_block "
        "= 0); set dams_block to 1 to make another dam stop the surge. Dams not on their river are "
        "left to DAM-SITE."
    ),
    verdict=(
        "the text says: the surge moves on until it leaves the map; a second dam downstream: the "
        "text is silent (dams_block)."
    ),
    no_fix="the river's course below the dam is the designer's choice",
)
def surge_path(s: Scenario) -> Iterator[Violation]:
    """The surge of a breached dam can run down the river network and off the map."""
    m = hex_map(s)
    if m is None:
        return
    flow = analyse(m)
    block = bool(param(s, "SURGE-PATH", "dams_block"))
    dam_at = {as_hex(d.hex): d.id for d in m.dams}
    found = surges(flow, dam_hexes(m), block)
    for i, dh in _stranded_dams(m, flow, block).items():
        d = m.dams[i]
        ends, blockers = found.ends(dh), found.blockers(dh)
        why = (
            f"it is stopped by dam(s) {', '.join(sorted(dam_at[b] for b in blockers))}"
            if blockers
            else "the river below it never reaches a map edge"
        )
        yield Violation(
            f"the surge of dam {d.id} cannot leave the map: {why}",
            location=dam_location(m.layout, i, d),
            witness={
                "ends": [hx(h) for h in ends],
                "blocked_by": sorted(dam_at[b] for b in blockers),
                "surge_hexes": found.size(dh),
            },
        )
