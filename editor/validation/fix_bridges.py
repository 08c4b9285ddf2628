"""The quick fixes of misplaced bridges (BRIDGE-SITE, BRIDGE-KIND), offered only where there is one
place the bridge can go: its road crosses its water at exactly one free hex (a river bridge) or
hexside (a stream bridge). Anywhere else, moving the bridge or re-routing the road is the designer's
choice, and no fix is offered."""

from __future__ import annotations

from dambuster.model.hexgrid import Hex, Hexside, hexside_between, hexside_hexes
from dambuster.model.scenario import HexMap, RiverBridge, StreamBridge

from .fix_rules import Fix, set_fields, set_fields_later, target


def _hex(x) -> Hex:
    return (int(x[0]), int(x[1]))


def _side(x) -> Hexside:
    return (int(x[0]), int(x[1]), int(x[2]))


def _route_hexes(m: HexMap, rid: str) -> list[Hex] | None:
    route = next((r for r in [*m.roads, *m.rails] if r.id == rid), None)
    return None if route is None else [_hex(h) for h in route.hexes]


def _crossings(hexes: list[Hex]) -> list[tuple[Hex, Hex, Hexside]]:
    """Each step of a route: (from, to, the hexside it crosses)."""
    out = []
    for a, b in zip(hexes, hexes[1:]):
        side = hexside_between(a, b)
        if side is not None:
            out.append((a, b, side))
    return out


def _streams(m: HexMap) -> set[Hexside]:
    return {_side(f.side) for f in m.hexsides if f.kind == "stream"}


def _one(found: set):
    return next(iter(found)) if len(found) == 1 else None


def _river_bridge_site(m: HexMap, bridge: RiverBridge) -> Hex | None:
    """The one free hex of the bridge's river its road passes through (None: none or several)."""
    road = _route_hexes(m, bridge.road)
    river = next((r for r in m.rivers if r.id == bridge.river), None)
    if road is None or river is None:
        return None
    taken = {_hex(b.hex) for b in m.river_bridges if b is not bridge}
    return _one(set(road) & {_hex(h) for h in river.hexes} - taken)


def _stream_bridge_site(m: HexMap, bridge: StreamBridge) -> Hexside | None:
    """The one free stream hexside its road crosses (None: none or several)."""
    road = _route_hexes(m, bridge.road)
    if road is None:
        return None
    taken = {_side(b.side) for b in m.stream_bridges if b is not bridge}
    return _one({side for _a, _b, side in _crossings(road)} & _streams(m) - taken)


def bridge_site(violation, scenario) -> Fix | None:
    m = scenario.map
    if not isinstance(m, HexMap):
        return None
    river_bridge = target(violation, scenario, RiverBridge)
    if river_bridge is not None:
        h = _river_bridge_site(m, river_bridge)
        if h is None or h == _hex(river_bridge.hex):
            return None
        where = m.layout.label(h)
        return Fix(
            f"Move the bridge to {where}, where its road crosses the river",
            "move the bridges to where their roads cross their water",
            set_fields([(river_bridge, "hex", h)]),
        )
    stream_bridge = target(violation, scenario, StreamBridge)
    if stream_bridge is None:
        return None
    side = _stream_bridge_site(m, stream_bridge)
    if side is None or side == _side(stream_bridge.side):
        return None
    return Fix(
        "Move the bridge to the hexside where its road crosses the stream",
        "move the bridges to where their roads cross their water",
        set_fields([(stream_bridge, "side", side)]),
    )


def bridge_kind(violation, scenario) -> Fix | None:
    """A river bridge beside a stream becomes a stream bridge on the one stream hexside of its hex its
    road crosses; a stream bridge touching a river becomes a river bridge on the one hex of the side
    where its road meets a single river."""
    m = scenario.map
    if not isinstance(m, HexMap):
        return None
    river_bridge = target(violation, scenario, RiverBridge)
    if river_bridge is not None:
        h, road = _hex(river_bridge.hex), _route_hexes(m, river_bridge.road)
        if road is None:
            return None
        taken = {_side(b.side) for b in m.stream_bridges}
        sides = {side for a, b, side in _crossings(road) if h in (a, b)} & _streams(m) - taken
        side = _one(sides)
        if side is None:
            return None
        new = StreamBridge(river_bridge.id, side, river_bridge.road)
        return Fix(
            "Make it a stream bridge over the stream its road crosses",
            "make each bridge the kind its water needs",
            set_fields_later(
                lambda: [
                    (m, "river_bridges", [b for b in m.river_bridges if b is not river_bridge]),
                    (m, "stream_bridges", [*m.stream_bridges, new]),
                ]
            ),
        )
    stream_bridge = target(violation, scenario, StreamBridge)
    road = _route_hexes(m, stream_bridge.road) if stream_bridge is not None else None
    if stream_bridge is None or road is None:
        return None
    taken = {_hex(b.hex) for b in m.river_bridges}
    sites = {
        (h, r.id)
        for h in set(hexside_hexes(_side(stream_bridge.side))) & set(road) - taken
        for r in m.rivers
        if h in {_hex(x) for x in r.hexes}
    }
    site = _one(sites)
    if site is None:
        return None
    h, river = site
    new_bridge = RiverBridge(stream_bridge.id, h, stream_bridge.road, river)
    return Fix(
        f"Make it a river bridge over river {river} at {m.layout.label(h)}",
        "make each bridge the kind its water needs",
        set_fields_later(
            lambda: [
                (m, "stream_bridges", [b for b in m.stream_bridges if b is not stream_bridge]),
                (m, "river_bridges", [*m.river_bridges, new_bridge]),
            ]
        ),
    )


PLANS = {"BRIDGE-SITE": bridge_site, "BRIDGE-KIND": bridge_kind}
