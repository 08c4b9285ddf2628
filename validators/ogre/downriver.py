"""Rules of the ogre-dambusters profile downriver of the dams, from ogre-dambusters.txt: bridges and
floodplains. (Dams and rivers: ``dambusters``.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from dambuster.model.hexgrid import Hex, Hexside, canonical_hexside, hexside_between, hexside_hexes, neighbors
from dambuster.model.scenario import HexMap, Scenario
from dambuster.validators.engine import param, rule
from dambuster.validators.violation import Violation

from .common import as_hex, at_hex, hex_map, hx, label
from .dambusters import PROFILE, dam_hexes
from .flow import analyse
from .surges import surges


def _side(side: Hexside) -> Hexside:
    return (side[0], side[1], side[2])


# ---------------------------------------------------------------------------------- bridges
def _bridge_problems(m: HexMap) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(code, message, location) for every misplaced bridge, each reported under one code."""
    flow = analyse(m)
    lay = m.layout
    streams = {_side(f.side) for f in m.hexsides if f.kind == "stream"}
    routes = {r.id: r for r in list(m.roads) + list(m.rails)}
    on_route: dict[str, set[Hex]] = {}  # route id -> its hexes, built once however many bridges it has
    crossed: dict[str, set[Hexside | None]] = {}  # route id -> the hexsides it crosses

    def hexes_of(rid: str) -> set[Hex]:
        if rid not in on_route:
            on_route[rid] = {as_hex(x) for x in routes[rid].hexes}
        return on_route[rid]

    def sides_of(rid: str) -> set[Hexside | None]:
        if rid not in crossed:
            hexes = [as_hex(x) for x in routes[rid].hexes]
            crossed[rid] = {hexside_between(p, q) for p, q in zip(hexes, hexes[1:])}
        return crossed[rid]

    for i, b in enumerate(m.river_bridges):
        h = as_hex(b.hex)
        loc = at_hex(lay, h, f"/map/river_bridges/{i}", feature=b.id)
        road = routes.get(b.road)
        if h not in flow.where:
            if any(canonical_hexside(h, d) in streams for d in range(6)):
                yield (
                    "BRIDGE-KIND",
                    f"river bridge {b.id} at {label(lay, h)} is beside a stream, not on a river: use a stream bridge",
                    loc,
                )
            else:
                yield "BRIDGE-SITE", f"river bridge {b.id} at {label(lay, h)} is on no river", loc
        elif h not in flow.by_river.get(b.river, ()):
            yield "BRIDGE-SITE", f"river bridge {b.id} at {label(lay, h)} is not on river {b.river}", loc
        elif road is not None and h not in hexes_of(b.road):
            yield (
                "BRIDGE-SITE",
                f"road {b.road} does not pass through {label(lay, h)}, where bridge {b.id} stands",
                loc,
            )
    for i, b in enumerate(m.stream_bridges):
        side = _side(b.side)
        a, c = hexside_hexes(side)
        on = a if lay.contains(a) else c  # a hexside on the map edge has one hex off it
        loc = at_hex(lay, on, f"/map/stream_bridges/{i}", hexside=hx(side), feature=b.id)
        road = routes.get(b.road)
        if side not in streams:
            if a in flow.where or c in flow.where:
                yield (
                    "BRIDGE-KIND",
                    f"stream bridge {b.id} crosses no stream but touches a river: use a river bridge",
                    loc,
                )
            else:
                yield "BRIDGE-SITE", f"stream bridge {b.id} is on a hexside with no stream", loc
        elif road is not None and side not in sides_of(b.road):
            yield "BRIDGE-SITE", f"road {b.road} does not cross the stream where bridge {b.id} stands", loc


def _bridge_violations(s: Scenario, code: str) -> Iterator[Violation]:
    """The misplaced bridges reported under ``code`` (each bridge falls under one of the two codes)."""
    m = hex_map(s)
    if m is None:
        return
    for found, message, loc in _bridge_problems(m):
        if found == code:
            yield Violation(message, location=loc)


@rule(
    "BRIDGE-SITE",
    PROFILE,
    "error",
    "A bridge is not where its road crosses water.",
    source="ogre-dambusters.txt, Downriver effects (river bridges and stream bridges)",
    decision=(
        "A river bridge must sit on a hex of the river it names and of the road (or rail) it "
        "carries. A stream bridge's hexside must carry a stream and its road must pass from one of "
        "the side's two hexes straight to the other. When the bridge is simply of the wrong kind, "
        "BRIDGE-KIND reports it instead."
    ),
    verdict="the text is silent on geometry: a bridge carries its road over its water.",
    fix=(
        "move the bridge to where its road crosses its river or a stream, when that is one free hex "
        "or hexside (anywhere else: none, moving it or re-routing the road is a choice)"
    ),
)
def bridge_site(s: Scenario) -> Iterator[Violation]:
    """A river bridge is on its river and its road; a stream bridge is on a stream hexside its road crosses."""
    yield from _bridge_violations(s, "BRIDGE-SITE")


@rule(
    "BRIDGE-KIND",
    PROFILE,
    "error",
    "A river bridge spans a stream, or a stream bridge a river.",
    source="ogre-dambusters.txt, Downriver effects (river bridges and stream bridges)",
    decision=(
        "A river bridge is of the wrong kind when its hex is on no river but one of its hexsides "
        "carries a stream; a stream bridge is of the wrong kind when its hexside carries no stream "
        "but touches a river hex."
    ),
    verdict=(
        "the text says: river bridges and stream bridges are different things (the surge passes "
        "under one and washes out the other)."
    ),
    fix=(
        "the bridge becomes the other kind where there is one place for it: the one stream hexside "
        "of its hex its road crosses, or the one hex of its hexside where its road meets one river "
        "(anywhere else: none, moving it or the road is a choice)"
    ),
)
def bridge_kind(s: Scenario) -> Iterator[Violation]:
    """River bridges stand on river hexes, stream bridges on stream hexsides."""
    yield from _bridge_violations(s, "BRIDGE-KIND")


# ------------------------------------------------------------------------------- floodplain
@rule(
    "FLOODPLAIN-TERRAIN",
    PROFILE,
    "error",
    "A floodplain hex is not clear, forest or town.",
    params={"allow_towns": 1},
    source="ogre-dambusters.txt, Downriver effects (floodplains; flooded towns)",
    decision=(
        "The text names clear and forest hexes as floodplain and lets towns flood too, so clear, "
        "forest and town are accepted (parameter allow_towns, 0 to refuse towns). Swamp or flooded "
        "town are results of a flood, not a starting floodplain."
    ),
    verdict=("the text says: clear and forest hexes along the river may be floodplain; towns may flood too."),
    no_fix="repaint the hex or take it out of the floodplain: two edits",
)
def floodplain_terrain(s: Scenario) -> Iterator[Violation]:
    """Floodplain hexes are clear, forest or (unless allow_towns is 0) town."""
    m = hex_map(s)
    if m is None:
        return
    ok = {"clear", "forest"} | ({"town"} if param(s, "FLOODPLAIN-TERRAIN", "allow_towns") else set[str]())
    for j, h in enumerate(m.floodplain.hexes):
        kind = m.terrain.get(as_hex(h))
        if kind is not None and kind not in ok:
            yield Violation(
                f"floodplain hex {label(m.layout, as_hex(h))} is {kind}; only {', '.join(sorted(ok))} can flood",
                location=at_hex(m.layout, h, f"/map/floodplain/hexes/{j}"),
            )


@rule(
    "FLOODPLAIN-REACH",
    PROFILE,
    "error",
    "No dam's surge can ever come next to a floodplain hex.",
    source="ogre-dambusters.txt, Downriver effects (floodplains flood when the surge is adjacent)",
    decision=(
        "A hex is reachable when it is within one hex of a hex the surge of some dam passes (the "
        "hexes below the dam, not the dam itself). Other dams stop the surge only when SURGE-PATH's "
        "dams_block is 1. With no dam on a river every floodplain hex is reported."
    ),
    verdict=(
        "the text says: floodplain hexes roll when the surge is adjacent, so one it never comes next "
        "to cannot flood."
    ),
    no_fix="a new dam or a smaller floodplain: the designer's choice",
)
def floodplain_reach(s: Scenario) -> Iterator[Violation]:
    """Every floodplain hex is next to (or on) a hex that the surge of some dam passes."""
    m = hex_map(s)
    if m is None or not m.floodplain.hexes:
        return
    flow = analyse(m)
    block = bool(param(s, "SURGE-PATH", "dams_block"))
    dams = dam_hexes(m)
    wet = surges(flow, dams, block).passed(dams)
    reach = set(wet)
    for h in wet:
        reach.update(neighbors(h))
    for j, h in enumerate(m.floodplain.hexes):
        h = as_hex(h)
        if h not in reach:
            yield Violation(
                f"floodplain hex {label(m.layout, h)} is never next to a dam's surge, so it can never flood",
                location=at_hex(m.layout, h, f"/map/floodplain/hexes/{j}"),
            )
