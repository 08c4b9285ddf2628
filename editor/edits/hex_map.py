"""Hex-map placement edits as pure functions (no Qt): each returns the changes
``[(owner, attribute, new value)]`` that a SetFields command applies in one undo step, or ``[]``
when the click does nothing. Model objects are never edited in place: a changed object is a
``dataclasses.replace`` copy in a new list, so undo can put the old list back.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from dambuster.model.hexgrid import Hex, Hexside, hexside_between
from dambuster.model.scenario import (
    BridgeOut,
    Entrenchment,
    HexMap,
    HexsideFeature,
    Mine,
    Revetment,
    RiverBridge,
    RoadCut,
    Scenario,
    SetupZone,
    Side,
    StreamBridge,
    TableMap,
    Town,
    Unit,
)

from .ids import fresh_id

Change = tuple[Any, str, Any]
HEXSIDE_KINDS = ("stream", "ridge", "trees", "cleared-ridge")
ROLES = ("attacker", "defender", "invader", "neutral")
#: kinds that exclude each other on one hexside (a ridge is either standing or cleared)
EXCLUSIVE = {"ridge": "cleared-ridge", "cleared-ridge": "ridge"}


def hex_map_of(s: Scenario) -> HexMap:
    """The scenario's hex map: these edits are offered only on a hex map."""
    m = s.map
    assert isinstance(m, HexMap), "a hex edit on a table map"
    return m


def _swap(items: list, old: Any, new: Any) -> list:
    return [new if x is old else x for x in items]


def _without(items: list, old: Any) -> list:
    return [x for x in items if x is not old]


def _crosses(route_hexes: list[Hex], side: Hexside) -> bool:
    return any(hexside_between(a, b) == side for a, b in zip(route_hexes, route_hexes[1:]))


# ------------------------------------------------------------------------------------ hexsides
def toggle_hexside(s: Scenario, side: Hexside, kind: str) -> list[Change]:
    """Adds the feature ``kind`` to a hexside, or removes it when the side already has it."""
    m = hex_map_of(s)
    if kind not in HEXSIDE_KINDS or not m.layout.hexside_on_map(side):
        return []
    here = [f for f in m.hexsides if f.side == side]
    if any(f.kind == kind for f in here):
        return [(m, "hexsides", [f for f in m.hexsides if not (f.side == side and f.kind == kind)])]
    keep = [f for f in m.hexsides if not (f.side == side and f.kind == EXCLUSIVE.get(kind))]
    return [(m, "hexsides", keep + [HexsideFeature(side, kind)])]


# ------------------------------------------------------------------------------------- bridges
def place_river_bridge(s: Scenario, h: Hex) -> list[Change]:
    """A bridge where a road crosses a river: needs a road and a river in the hex."""
    m = hex_map_of(s)
    road = next((r for r in m.roads if h in r.hexes), None)
    river = next((r for r in m.rivers if h in r.hexes), None)
    if road is None or river is None or any(b.hex == h for b in m.river_bridges):
        return []
    return [
        (m, "river_bridges", m.river_bridges + [RiverBridge(fresh_id(s, "bridge-"), h, road.id, river.id)])
    ]


def place_stream_bridge(s: Scenario, side: Hexside) -> list[Change]:
    """A bridge on a stream hexside that a road crosses."""
    m = hex_map_of(s)
    if not any(f.side == side and f.kind == "stream" for f in m.hexsides):
        return []
    road = next((r for r in m.roads if _crosses(r.hexes, side)), None)
    if road is None or any(b.side == side for b in m.stream_bridges):
        return []
    return [(m, "stream_bridges", m.stream_bridges + [StreamBridge(fresh_id(s, "bridge-"), side, road.id)])]


# ------------------------------------------------------------------------------ towns, zones ...
def paint_town(s: Scenario, hexes: Iterable[Hex], name: str, remove: bool = False) -> list[Change]:
    """Paints hexes into the town called ``name`` (made when missing); a hex belongs to one town,
    so painting moves it. ``remove`` takes the hexes out of that town (an emptied town is deleted)."""
    m = hex_map_of(s)
    hexes = [h for h in dict.fromkeys(hexes) if m.layout.contains(h)]
    name = name.strip() or "Town"
    town = next((t for t in m.towns if t.name == name), None)
    if not hexes:
        return []
    if remove:
        if town is None or not set(hexes) & set(town.hexes):
            return []
        left = [h for h in town.hexes if h not in set(hexes)]
        towns = (
            _swap(m.towns, town, dataclasses.replace(town, hexes=left)) if left else _without(m.towns, town)
        )
        return [(m, "towns", towns)]
    if town is not None and set(hexes) <= set(town.hexes):
        return []
    towns = []
    for t in m.towns:
        if t is town:
            continue
        left = [h for h in t.hexes if h not in set(hexes)]
        if left:
            towns.append(t if len(left) == len(t.hexes) else dataclasses.replace(t, hexes=left))
    if town is None:
        towns.append(Town(fresh_id(s, "town-"), name, hexes))
    else:
        towns.insert(
            min(m.towns.index(town), len(towns)),
            dataclasses.replace(town, hexes=town.hexes + [h for h in hexes if h not in town.hexes]),
        )
    return [(m, "towns", towns)]


def toggle_floodplain(s: Scenario, hexes: Iterable[Hex]) -> list[Change]:
    """A stroke starting on a floodplain hex removes its hexes from the floodplain, else adds them."""
    fp = hex_map_of(s).floodplain
    hexes = [h for h in dict.fromkeys(hexes) if hex_map_of(s).layout.contains(h)]
    if not hexes:
        return []
    if hexes[0] in fp.hexes:
        return [(fp, "hexes", [h for h in fp.hexes if h not in set(hexes)])]
    new = [h for h in hexes if h not in fp.hexes]
    return [(fp, "hexes", fp.hexes + new)] if new else []


def set_floodplain_mode(s: Scenario, mode: str) -> list[Change]:
    fp = hex_map_of(s).floodplain
    return [] if mode == fp.mode or mode not in ("predetermined", "random") else [(fp, "mode", mode)]


def side_id(text: str) -> str:
    """A typed side name as an id the file accepts (lower case, digits and hyphens): "Blue Team" is
    "blue-team"; nothing typed is "defender"."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.strip().lower()).strip("-")
    return slug or "defender"


def ensure_side(s: Scenario, side: str) -> list[Change]:
    """Adds a side with this id when the scenario has none (its role is the id when that is a role)."""
    if any(x.id == side for x in s.sides):
        return []
    role = side if side in ROLES else "defender"
    colour = "#c03030" if role in ("attacker", "invader") else "#3060c0"
    return [(s, "sides", s.sides + [Side(side, side.replace("-", " ").title(), role, colour)])]


def paint_zone(s: Scenario, hexes: Iterable[Hex], side: str, remove: bool = False) -> list[Change]:
    """Paints hexes into the side's setup zone (the first hex zone of that side, made when missing)."""
    hexes = [h for h in dict.fromkeys(hexes) if hex_map_of(s).layout.contains(h)]
    zone = next((z for z in s.setup_zones if z.side == side and z.polygon is None), None)
    if remove:
        if zone is None or not set(hexes) & set(zone.hexes):
            return []
        return [
            (
                s,
                "setup_zones",
                _swap(
                    s.setup_zones,
                    zone,
                    dataclasses.replace(zone, hexes=[h for h in zone.hexes if h not in set(hexes)]),
                ),
            )
        ]
    if not hexes:
        return []
    if zone is None:
        return ensure_side(s, side) + [
            (s, "setup_zones", s.setup_zones + [SetupZone(fresh_id(s, "zone-"), side, hexes)])
        ]
    new = [h for h in hexes if h not in zone.hexes]
    if not new:
        return []
    return [(s, "setup_zones", _swap(s.setup_zones, zone, dataclasses.replace(zone, hexes=zone.hexes + new)))]


def toggle_reservoir(s: Scenario, dam_id: str, hexes: Iterable[Hex]) -> list[Change]:
    """A stroke starting on a reservoir hex of the dam removes its hexes, else adds them (never the
    dam's own hex)."""
    m = hex_map_of(s)
    dam = next((d for d in m.dams if d.id == dam_id), None)
    hexes = [h for h in dict.fromkeys(hexes) if m.layout.contains(h) and dam is not None and h != dam.hex]
    if dam is None or not hexes:
        return []
    if hexes[0] in dam.reservoir:
        res = [h for h in dam.reservoir if h not in set(hexes)]
    else:
        res = dam.reservoir + [h for h in hexes if h not in dam.reservoir]
    return (
        []
        if res == dam.reservoir
        else [(m, "dams", _swap(m.dams, dam, dataclasses.replace(dam, reservoir=res)))]
    )


# ------------------------------------------------------------------------------------- markers
def entrench(s: Scenario, h: Hex, delta: int) -> list[Change]:
    """Adds ``delta`` entrenchments to a hex (one entry per hex; a count of 0 removes it)."""
    mk = hex_map_of(s).markers
    if not hex_map_of(s).layout.contains(h):
        return []
    old = next((e for e in mk.entrenchments if e.hex == h), None)
    count = max(0, min(1000, (old.count if old else 0) + delta))
    if count == (old.count if old else 0):
        return []
    if old is None:
        return [(mk, "entrenchments", mk.entrenchments + [Entrenchment(h, count)])]
    if count == 0:
        return [(mk, "entrenchments", _without(mk.entrenchments, old))]
    return [(mk, "entrenchments", _swap(mk.entrenchments, old, Entrenchment(h, count)))]


def place_revetment(s: Scenario, h: Hex, size: str) -> list[Change]:
    """One revetment per hex; a click on one of the other size changes its size."""
    mk = hex_map_of(s).markers
    old = next((r for r in mk.revetments if r.hex == h), None)
    if not hex_map_of(s).layout.contains(h) or (old is not None and old.size == size):
        return []
    if old is not None:
        return [(mk, "revetments", _swap(mk.revetments, old, dataclasses.replace(old, size=size)))]
    return [(mk, "revetments", mk.revetments + [Revetment(fresh_id(s, "revetment-"), h, size)])]


def place_mine(s: Scenario, h: Hex, owner: str, hidden: bool = True) -> list[Change]:
    """One mine per hex; it is on a road when a road runs through the hex."""
    mk = hex_map_of(s).markers
    if not hex_map_of(s).layout.contains(h) or any(x.hex == h for x in mk.mines):
        return []
    on_road = any(h in r.hexes for r in hex_map_of(s).roads)
    return ensure_side(s, owner) + [
        (mk, "mines", mk.mines + [Mine(fresh_id(s, "mine-"), h, owner, hidden, on_road)])
    ]


def toggle_road_cut(s: Scenario, h: Hex) -> list[Change]:
    """Cuts every road and rail in a hex (route None), or removes the cuts there; needs a route."""
    m = hex_map_of(s)
    mk = m.markers
    here = [c for c in mk.road_cuts if c.hex == h]
    if here:
        return [(mk, "road_cuts", [c for c in mk.road_cuts if c.hex != h])]
    if not any(h in r.hexes for r in m.roads + m.rails):
        return []
    return [(mk, "road_cuts", mk.road_cuts + [RoadCut(h)])]


def toggle_bridge_out(s: Scenario, bridge_id: str | None) -> list[Change]:
    mk = hex_map_of(s).markers
    if bridge_id is None:
        return []
    if any(b.bridge == bridge_id for b in mk.bridges_out):
        return [(mk, "bridges_out", [b for b in mk.bridges_out if b.bridge != bridge_id])]
    return [(mk, "bridges_out", mk.bridges_out + [BridgeOut(bridge_id)])]


def bridge_at(s: Scenario, h: Hex | None, side: Hexside | None) -> str | None:
    """The id of the river bridge in hex ``h`` or else of the stream bridge on ``side``."""
    m = hex_map_of(s)
    b = next((b for b in m.river_bridges if b.hex == h), None) or next(
        (b for b in m.stream_bridges if b.side == side), None
    )
    return b.id if b is not None else None


def toggle_graded_ridge(s: Scenario, side: Hexside) -> list[Change]:
    """Grades (or ungrades) a ridge hexside; only a side with a ridge can be graded."""
    mk = hex_map_of(s).markers
    if side in mk.graded_ridges:
        return [(mk, "graded_ridges", [x for x in mk.graded_ridges if x != side])]
    if not any(f.side == side and f.kind == "ridge" for f in hex_map_of(s).hexsides):
        return []
    return [(mk, "graded_ridges", mk.graded_ridges + [side])]


# --------------------------------------------------------------------------------------- units
def place_unit(s: Scenario, h: Hex, unit_type: str, side: str, squads: int = 1) -> list[Change]:
    """A unit of the type and side chosen in the palette; squads only for infantry (1-3)."""
    if not hex_map_of(s).layout.contains(h) or unit_type not in s.unit_types:
        return []
    infantry = s.unit_types[unit_type].category == "infantry"
    unit = Unit(fresh_id(s, "unit-"), unit_type, side, h, squads=max(1, min(3, squads)) if infantry else 1)
    return ensure_side(s, side) + [(s, "units", s.units + [unit])]


def move_unit(s: Scenario, unit_id: str, h: Hex) -> list[Change]:
    unit = next((u for u in s.units if u.id == unit_id), None)
    if unit is None or unit.hex == h or not hex_map_of(s).layout.contains(h):
        return []
    return [(s, "units", _swap(s.units, unit, dataclasses.replace(unit, hex=h)))]


# -------------------------------------------------------------------------------------- delete
def owners(s: Scenario) -> list[Any]:
    """The objects whose list attributes hold deletable features."""
    m = s.map
    out: list[Any] = [s, m]
    out += [m.markers, m.floodplain] if isinstance(m, HexMap) else []
    if isinstance(m, TableMap) and m.sewer is not None:
        out.append(m.sewer)
    return out


def delete_object(s: Scenario, obj: Any) -> list[Change]:
    """Removes one feature, unit or marker from whatever list holds it, and with it whatever refers
    to it (a strict load refuses dangling references): a river takes its dams and river bridges, a
    road its bridges and road cuts, a bridge its bridge-out marker, a corridor its models; a river
    that joined a deleted river now ends at the map edge."""
    work: dict[tuple[int, str], tuple[Any, str, Any]] = {}

    def value(owner, name):
        key = (id(owner), name)
        return work[key][2] if key in work else getattr(owner, name)

    def put(owner, name, new):
        work[(id(owner), name)] = (owner, name, new)

    def drop(owner, name, keep) -> list:
        old = value(owner, name)
        gone = [x for x in old if not keep(x)]
        if gone:
            put(owner, name, [x for x in old if keep(x)])
        return gone

    found = False
    for owner in owners(s):
        for f in dataclasses.fields(owner):
            v = getattr(owner, f.name)
            if isinstance(v, list) and any(x is obj for x in v):
                drop(owner, f.name, lambda x: x is not obj)
                found = True
            elif v is obj and f.name == "waterway":
                put(owner, "waterway", None)
                found = True
    if not found:
        return []
    ident = getattr(obj, "id", None)
    m = s.map
    if ident is not None and isinstance(m, HexMap):
        gone_bridges = [b.id for b in drop(m, "river_bridges", lambda b: ident not in (b.road, b.river))]
        gone_bridges += [b.id for b in drop(m, "stream_bridges", lambda b: b.road != ident)]
        drop(m, "dams", lambda d: d.river != ident)
        dead = set(gone_bridges) | {ident}
        drop(m.markers, "bridges_out", lambda b: b.bridge not in dead)
        drop(m.markers, "road_cuts", lambda c: c.route != ident)
        rivers = value(m, "rivers")
        if any(r.joins == ident for r in rivers):
            put(m, "rivers", [dataclasses.replace(r, joins=None) if r.joins == ident else r for r in rivers])
    elif ident is not None and isinstance(m, TableMap):
        if m.sewer is not None:
            drop(m.sewer, "models", lambda x: x.corridor != ident)
        rivers = value(m, "rivers")
        if any(r.flows_into == ident for r in rivers):
            put(
                m,
                "rivers",
                [dataclasses.replace(r, flows_into=None) if r.flows_into == ident else r for r in rivers],
            )
    return list(work.values())
