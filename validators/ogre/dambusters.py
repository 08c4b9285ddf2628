"""Rules of the ogre-dambusters profile, from ogre-dambusters.txt (Dambusters, Drew Metzger): the dams.
The rivers their surge runs down are in ``rivers``, bridges and floodplains in ``downriver``.

The river network is analysed once per map (``flow.analyse``) and shared by the dam, river, surge and
floodplain rules; the surges of all dams are followed together, in one pass (``surges``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from dambuster.model.hexgrid import Hex, Layout, distance, neighbors
from dambuster.model.rivers import OFF_MAP
from dambuster.model.scenario import Dam, HexMap, Scenario
from dambuster.validators.engine import param, rule
from dambuster.validators.violation import Violation

from .common import as_hex, at_hex, hex_list, hex_map, label
from .flow import Flow, analyse
from .surges import surges

PROFILE = "ogre-dambusters"
WATER = frozenset({"water", "debris"})


def dam_hexes(m: HexMap) -> frozenset[Hex]:
    """The hexes of the map's dams."""
    return frozenset((d.hex[0], d.hex[1]) for d in m.dams)


def dam_location(layout: Layout, i: int, d: Dam, pointer: str | None = None) -> dict[str, Any]:
    """Where dam ``i`` is, for a finding about it (its hex; its JSON pointer unless another is given)."""
    return at_hex(layout, d.hex, pointer or f"/map/dams/{i}", feature=d.id)


# ------------------------------------------------------------------------------------- dams
@rule(
    "DAM-SP-MIN",
    PROFILE,
    "warning",
    "A dam has fewer structure points than the suggested minimum of 50.",
    params={"min_sp": 50},
    source="ogre-dambusters.txt, Dams and their destruction",
    decision=(
        "The text calls 50 SP a minimum but says 'should', so this is a warning, not an error. It "
        "checks the dam's intact SP (sp), not what is left after damage: damage is game state."
    ),
    verdict="the text says: 50 SP 'should' be a minimum; a warning because of 'should'.",
    fix="raise the dam's SP to the minimum (min_sp)",
)
def dam_sp_min(s: Scenario) -> Iterator[Violation]:
    """Every dam's intact structure points (sp) are at least min_sp."""
    m = hex_map(s)
    if m is None:
        return
    least = param(s, "DAM-SP-MIN", "min_sp")
    for i, d in enumerate(m.dams):
        if d.sp < least:
            yield Violation(
                f"dam {d.id} has {d.sp} SP; dams should have at least {least:g}",
                location=dam_location(m.layout, i, d),
                witness={"sp": d.sp, "min_sp": least},
            )


@rule(
    "DAM-STACK",
    PROFILE,
    "error",
    "More than three buildings are stacked on a dam.",
    params={"max_buildings": 3},
    source="ogre-dambusters.txt, 11.05",
    decision=(
        "'Only three other buildings' is read as at most three buildings listed on the dam "
        "(parameter max_buildings)."
    ),
    verdict="the text says: only three other buildings in a dam's hex (11.05).",
    no_fix="which building to remove is the designer's choice",
)
def dam_stack(s: Scenario) -> Iterator[Violation]:
    """A dam carries at most max_buildings other buildings."""
    m = hex_map(s)
    if m is None:
        return
    most = param(s, "DAM-STACK", "max_buildings")
    for i, d in enumerate(m.dams):
        if len(d.buildings) > most:
            yield Violation(
                f"dam {d.id} carries {len(d.buildings)} buildings; at most {most:g} may stand on a dam",
                location=dam_location(m.layout, i, d),
                witness={"buildings": [b.id for b in d.buildings], "max_buildings": most},
            )


@rule(
    "DAM-HIDDEN",
    PROFILE,
    "error",
    "A dam is marked hidden; every player knows where the dams are.",
    source="ogre-dambusters.txt, 11.06",
    decision=(
        "The text forbids hidden dams outright; the SP may still be secret (sp_known_to), which is "
        "not checked."
    ),
    verdict="the text says: dams may not be hidden (11.06).",
    fix="clear the dam's hidden mark",
)
def dam_hidden(s: Scenario) -> Iterator[Violation]:
    """No dam is marked hidden."""
    m = hex_map(s)
    if m is None:
        return
    for i, d in enumerate(m.dams):
        if d.hidden:
            yield Violation(
                f"dam {d.id} is marked hidden; dams are always visible to every player",
                location=dam_location(m.layout, i, d, pointer=f"/map/dams/{i}/hidden"),
            )


@rule(
    "DAM-SITE",
    PROFILE,
    "error",
    "A dam is not on its river with its reservoir upstream and river downstream.",
    params={"require_reservoir": 1},
    source="ogre-dambusters.txt, Dams and their destruction; Upriver effects of breaching a dam",
    decision=(
        "The text places a dam on a river with its reservoir above it but gives no geometry. We "
        "require: the dam hex is one of its river's hexes; water flows on from the dam to another "
        "river hex (a dam on the river's last hex has nowhere for the surge to be placed); the "
        "reservoir is not empty (parameter require_reservoir, 0 to allow a dam without one), every "
        "reservoir hex is water (or debris), none lies on the dam hex or anywhere downstream of it, "
        "at least one touches the dam, and all of them are connected to the dam through reservoir "
        "hexes. Each failure is its own violation."
    ),
    verdict="the text is silent on geometry: a dam on its river, its reservoir above it.",
    no_fix="the dam, its river and its reservoir can each be changed",
)
def dam_site(s: Scenario) -> Iterator[Violation]:
    """The dam hex lies on its river, a river hex follows it downstream, and its reservoir is a connected
    body of water touching the dam and lying nowhere downstream of it."""
    m = hex_map(s)
    if m is None:
        return
    flow = analyse(m)
    need_reservoir = param(s, "DAM-SITE", "require_reservoir")
    lay = m.layout
    for i, d in enumerate(m.dams):
        river = flow.by_river.get(d.river)
        if river is None:
            continue  # an unknown river is a SCHEMA error
        dh = as_hex(d.hex)
        if dh not in river:
            yield Violation(
                f"dam {d.id} at {label(lay, dh)} is not on river {d.river}", location=dam_location(lay, i, d)
            )
            continue
        below = [n for n in flow.graph.successors(dh) if n != OFF_MAP]
        if not below:
            yield Violation(
                f"dam {d.id} has no river hex below it: the surge would have nowhere to go",
                location=dam_location(lay, i, d),
            )
        yield from _reservoir(s, m, flow, i, d, bool(need_reservoir))


def _reservoir(s: Scenario, m: HexMap, flow: Flow, i: int, d: Dam, need: bool) -> Iterator[Violation]:
    lay, dh = m.layout, as_hex(d.hex)
    res = [as_hex(h) for h in d.reservoir]
    ptr = f"/map/dams/{i}/reservoir"
    if not res:
        if need:
            yield Violation(
                f"dam {d.id} holds back no reservoir", location=dam_location(lay, i, d, pointer=ptr)
            )
        return
    dry = [(j, h) for j, h in enumerate(res) if m.terrain.get(h) not in WATER]
    if dry:
        j, h = dry[0]
        yield Violation(
            f"{len(dry)} reservoir hex(es) of dam {d.id} are not water, first {label(lay, h)} "
            f"({m.terrain.get(h)})",
            location=at_hex(lay, h, f"{ptr}/{j}", feature=d.id),
            witness=hex_list(lay, [h for _, h in dry]),
        )
    below = surges(flow, dam_hexes(m), block=False).below
    wrong = [(j, h) for j, h in enumerate(res) if below(dh, h)]
    if wrong:
        j, h = wrong[0]
        yield Violation(
            f"reservoir of dam {d.id} reaches the dam hex or below it, first {label(lay, h)}",
            location=at_hex(lay, h, f"{ptr}/{j}", feature=d.id),
            witness=hex_list(lay, [h for _, h in wrong]),
        )
    cells = set(res) - {dh}
    start = [h for h in cells if distance(h, dh) == 1]
    if not start:
        yield Violation(
            f"no reservoir hex of dam {d.id} touches the dam",
            location=dam_location(lay, i, d, pointer=ptr),
            witness=hex_list(lay, res),
        )
        return
    seen, todo = set(start), list(start)
    while todo:
        for n in neighbors(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    apart = [(j, h) for j, h in enumerate(res) if h in cells and h not in seen]
    if apart:
        j, h = apart[0]
        yield Violation(
            f"{len(apart)} reservoir hex(es) of dam {d.id} are cut off from the dam, first {label(lay, h)}",
            location=at_hex(lay, h, f"{ptr}/{j}", feature=d.id),
            witness=hex_list(lay, [h for _, h in apart]),
        )
