#!/usr/bin/env python3
"""Builds the bundled samples through the model API, so they are canonical and reproducible.

    .venv/bin/python scripts/make_samples.py              # rewrites samples/*.json
    .venv/bin/python scripts/make_samples.py --invalid    # also rewrites samples/invalid/ and samples/scale-errors/
    .venv/bin/python scripts/make_samples.py --out DIR    # writes into DIR instead of samples/

Running it again gives byte-identical files (tests/test_samples.py checks this). Every sample is
checked for coherence here before it is written (see ``check_hex_sample``): a broken sample stops the
script instead of landing in the repository.

The invalid corpus (``--invalid``) is one small file per kind of load error, each beside
``NAME.expected.json``: the exact standard output of
``dambuster validate --format json samples/invalid/NAME.json`` run from the repository root. The DBM
scale errors (``samples/scale-errors/``) are valid files that break one DBM rule at the table's true
scale, each beside its expected report (exit 1).
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import sys
from pathlib import Path

from dambuster.model import dumps, save
from dambuster.model.catalog import default_unit_types
from dambuster.model.hexgrid import (
    Hex,
    Layout,
    canonical_hexside,
    distance,
    hexside_between,
    hexside_hexes,
    neighbors,
)
from dambuster.model.scenario import (
    Area,
    Budget,
    Building,
    Corridor,
    Dam,
    Entrenchment,
    Floodplain,
    Gantry,
    HexMap,
    HexsideFeature,
    Markers,
    Meta,
    Mine,
    Model,
    Revetment,
    River,
    RiverBridge,
    Route,
    Scenario,
    SetupZone,
    Sewer,
    SewerPoint,
    Side,
    StreamBridge,
    TableMap,
    TableRiver,
    TableRoad,
    Town,
    Unit,
    VictoryLevel,
    Waterway,
)
from dambuster.model.terrain import Terrain

ROOT = Path(__file__).resolve().parent.parent
AUTHOR = "dambuster samples"
LICENSE = "CC0-1.0"
STAMP = "2026-11-22T00:00:00Z"


def meta(title: str, description: str, tags: list[str], profiles: list[str]) -> Meta:
    return Meta(title, AUTHOR, description, LICENSE, tags, STAMP, STAMP, profiles)


# ------------------------------------------------------------------------------ hex helpers
def _cube_round(x: float, z: float) -> Hex:
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return (int(rx), int(rz))


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from ``a`` to ``b`` passes through, each adjacent to the next."""
    n = distance(a, b)
    if n == 0:
        return [a]
    return [
        _cube_round(a[0] + (b[0] - a[0]) * i / n + 1e-6, a[1] + (b[1] - a[1]) * i / n + 2e-6)
        for i in range(n + 1)
    ]


def chain(layout: Layout, *waypoints: tuple[int, int]) -> list[Hex]:
    """An ordered chain of adjacent hexes through waypoints given as offset (column, row)."""
    pts = [layout.to_axial(c, r) for c, r in waypoints]
    out = [pts[0]]
    for a, b in zip(pts, pts[1:]):
        out += hex_line(a, b)[1:]
    return out


def disc(layout: Layout, centre: tuple[int, int], radius: int) -> list[Hex]:
    c = layout.to_axial(*centre)
    return [h for h in layout.hexes() if distance(h, c) <= radius]


def column_edge(layout: Layout, col: int, rows: range) -> list[tuple[int, int, int]]:
    """The hexsides along the right-hand edge of a flat-top column: a connected zigzag line."""
    sides = []
    for row in rows:
        h = layout.to_axial(col, row)
        sides += [canonical_hexside(h, 1), canonical_hexside(h, 0)]
    return sides


# ------------------------------------------------------------------------------ coherence
def check_hex_sample(s: Scenario) -> None:
    """Stops the script when a hex sample breaks what a designer of these rules would expect."""
    m = s.map
    t = m.terrain
    errors: list[str] = []

    def fail(msg: str) -> None:
        errors.append(msg)

    river_hexes = {h for r in m.rivers for h in r.hexes}
    for r in m.rivers:
        for a, b in zip(r.hexes, r.hexes[1:]):
            if distance(a, b) != 1:
                fail(f"river {r.id}: {a} and {b} are not adjacent")
        for h in r.hexes:
            if t[h] != "water":
                fail(f"river {r.id}: {h} is {t[h]}")
        if len(set(r.hexes)) != len(r.hexes):
            fail(f"river {r.id} visits a hex twice")
    for d in m.dams:
        river = next(r for r in m.rivers if r.id == d.river)
        i = river.hexes.index(d.hex)
        below = river.hexes[i + 1]
        if t[below] != "water" or below in d.reservoir:
            fail(f"dam {d.id}: the hex below is not open water")
        if not any(distance(h, d.hex) == 1 for h in d.reservoir):
            fail(f"dam {d.id}: reservoir does not touch the dam")
        if d.hex in d.reservoir or any(h in river.hexes[i:] for h in d.reservoir):
            fail(f"dam {d.id}: reservoir is not upstream")
        if any(t[h] != "water" for h in d.reservoir):
            fail(f"dam {d.id}: reservoir hex not water")
    bridged = {b.hex for b in m.river_bridges}
    stream_sides = {f.side for f in m.hexsides if f.kind == "stream"}
    blocking = {f.side for f in m.hexsides if f.kind in ("stream", "trees", "ridge")}
    bridged_sides = {b.side for b in m.stream_bridges}
    for route in m.roads + m.rails:
        for a, b in zip(route.hexes, route.hexes[1:]):
            side = hexside_between(a, b)
            if side is None:
                fail(f"route {route.id}: {a} and {b} are not adjacent")
            elif side in blocking and side not in bridged_sides:
                fail(f"route {route.id} crosses a hexside feature at {side} without a bridge")
        for h in route.hexes:
            if t[h] in ("water", "building", "swamp") and h not in bridged:
                fail(f"route {route.id} runs through {t[h]} at {h}")
    for b in m.river_bridges:
        road = next(x for x in m.roads + m.rails if x.id == b.road)
        river = next(x for x in m.rivers if x.id == b.river)
        if b.hex not in road.hexes or b.hex not in river.hexes:
            fail(f"bridge {b.id} is not where its road meets its river")
    for b in m.stream_bridges:
        road = next(x for x in m.roads + m.rails if x.id == b.road)
        if b.side not in stream_sides or b.side not in {
            hexside_between(x, y) for x, y in zip(road.hexes, road.hexes[1:])
        }:
            fail(f"stream bridge {b.id} is not where its road crosses a stream")
    for f in m.hexsides:
        if any(t.get(h) == "water" for h in hexside_hexes(f.side)):
            fail(f"{f.kind} hexside {f.side} touches water")
    for h in m.floodplain.hexes:
        if t[h] not in ("clear", "forest", "town") or not any(n in river_hexes for n in neighbors(h)):
            fail(f"floodplain hex {h} is {t[h]} or not beside the river")
    for town in m.towns:
        for h in town.hexes:
            if t[h] != "town":
                fail(f"town {town.id}: {h} is {t[h]}")
    route_hexes = {h for route in m.roads + m.rails for h in route.hexes}
    for x in m.markers.mines:
        if (x.on_road and x.hex not in route_hexes) or t[x.hex] in ("water", "building"):
            fail(f"mine {x.id} is not where it says")
    for e in m.markers.entrenchments:
        if t[e.hex] not in ("clear", "forest", "rubble"):
            fail(f"entrenchment in {t[e.hex]}")
    types = s.unit_types
    squads: dict[Hex, int] = {}
    others: dict[Hex, str] = {}
    for u in s.units:
        if u.hex is None:
            continue
        cls = types[u.type].movement_class
        if t[u.hex] == "building" or (t[u.hex] == "water" and cls not in ("gev", "ogre")):
            fail(f"unit {u.id} stands in {t[u.hex]}")
        if types[u.type].category == "infantry":
            squads[u.hex] = squads.get(u.hex, 0) + u.squads
            if squads[u.hex] > 3:
                fail(f"more than 3 squads in {u.hex}")
        elif u.hex in others:
            fail(f"units {others[u.hex]} and {u.id} share {u.hex}")
        else:
            others[u.hex] = u.id
        zones = [z for z in s.setup_zones if z.side == u.side and u.hex in z.hexes]
        if not zones:
            fail(f"unit {u.id} is outside its side's setup zones")
    if set(squads) & set(others):
        fail("infantry stacked with another unit")
    for b in s.budgets:
        force = [u for u in s.units if u.side == b.side]
        if b.infantry_attack is not None:
            got = sum(types[u.type].attack * u.squads for u in force if types[u.type].category == "infantry")
            if got != b.infantry_attack:
                fail(f"{b.side}: infantry attack {got} != budget {b.infantry_attack}")
        if b.armor_units is not None:
            got = sum(types[u.type].armor_weight for u in force if types[u.type].category == "armor")
            if got != b.armor_units:
                fail(f"{b.side}: armor units {got} != budget {b.armor_units}")
        for key, n in b.units.items():
            got = sum(1 for u in force if u.type == key)
            if got != n:
                fail(f"{b.side}: {got} {key} for a budget of {n}")
    if errors:
        raise SystemExit(f"{s.meta.title}: incoherent sample:\n  " + "\n  ".join(errors))


def check_dbm_sample(s: Scenario) -> None:
    """Stops the script when the DBM table breaks the layout decisions in its docstring."""
    from shapely.geometry import LineString, Point, Polygon, box

    m = s.map
    half = m.depth / 2
    third = m.width / 3
    errors: list[str] = []
    ww = Polygon(m.waterway.polygon)
    river_shapes = [LineString(r.line).buffer(r.width / 2, cap_style="flat") for r in m.rivers]
    shapes = {}
    for a in m.areas:
        poly = Polygon(a.polygon)
        row, col = divmod(a.sector - 1, 3)
        sector = box(col * third, row * half, (col + 1) * third, (row + 1) * half)
        if not sector.buffer(1e-9).contains(poly):
            errors.append(f"{a.id} is not inside sector {a.sector}")
        across = max(Point(p).distance(Point(q)) for p in a.polygon for q in a.polygon)
        if not 100 <= across <= 1000:
            errors.append(f"{a.id} is {across:.0f}p across")
        for other, shape in (
            list(shapes.items()) + [("waterway", ww)] + [(r.id, rs) for r, rs in zip(m.rivers, river_shapes)]
        ):
            if poly.intersection(shape).area > 1e-6:
                errors.append(f"{a.id} overlaps {other}")
        shapes[a.id] = poly
    edges = box(0, 0, m.width, m.depth).exterior
    for a in m.areas:
        poly = Polygon(a.polygon)
        touches = poly.distance(edges) < 1e-9 or poly.distance(ww) < 1e-9
        if (
            a.kind not in ("bua", "fields-open", "fields-enclosed")
            and not touches
            and poly.centroid.distance(edges) < 500
        ):
            errors.append(
                f"{a.id} neither touches an edge or the waterway nor has its centre 500p from the edges"
            )
    bua = next(a for a in m.areas if a.kind == "bua")
    if not Polygon(bua.polygon).touches(ww):
        errors.append("the BUA does not touch the waterway")
    for f in (a for a in m.areas if a.kind.startswith("fields")):
        if not Polygon(f.polygon).touches(Polygon(bua.polygon)) or f.sector != bua.sector:
            errors.append(f"{f.id} is not beside the BUA in its sector")
    xs = [x for x, _ in m.waterway.polygon]
    if not 300 <= max(xs) <= 900:
        errors.append("the waterway's inward extent is not 300-900p")
    deep = ww.intersection(box(600, 0, m.width, m.depth))
    if deep.bounds[3] - deep.bounds[1] > m.depth / 2:
        errors.append("more than half the waterway extends beyond 600p")
    for r in m.rivers:
        ys = [y for _, y in r.line]
        if min(ys) - r.width / 2 < 600 or max(ys) + r.width / 2 > half or max(ys) > m.depth - 600:
            errors.append(f"{r.id} is too near a long edge or crosses the centre line")
        line = LineString(r.line)
        pts_ = [line.interpolate(d) for d in range(0, int(line.length) + 1, 25)]
        along = [line.project(p) for p in pts_]
        ratio = max(
            (along[j] - along[i]) / pts_[i].distance(pts_[j])
            for i in range(len(pts_))
            for j in range(i + 1, len(pts_))
        )
        if ratio > 1.1:
            errors.append(f"{r.id} curves too much ({ratio:.3f})")
        if r.flows_into == m.waterway.id and Point(r.line[-1]).distance(ww) > 1e-6:
            errors.append(f"{r.id} does not reach the waterway")
    if errors:
        raise SystemExit(f"{s.meta.title}: incoherent sample:\n  " + "\n  ".join(errors))


def check_sewer_sample(s: Scenario) -> None:
    from shapely.geometry import LineString, Point, Polygon

    sw = s.map.sewer
    errors: list[str] = []
    lines = {c.id: LineString(c.line) for c in sw.corridors}
    ends = [tuple(p) for c in sw.corridors for p in (c.line[0], c.line[-1])]
    for n in sw.nodes:
        if ends.count(tuple(n.point)) < 2:
            errors.append(f"node {n.id} is not where corridors meet")
    for e in set(ends):
        if ends.count(e) > 1 and not any(tuple(n.point) == e for n in sw.nodes):
            errors.append(f"corridors meet at {e} without a node")
    if not any(ends.count(tuple(n.point)) >= 3 for n in sw.nodes):
        errors.append("no fork")
    for p in sw.grates + sw.sluice_gates + sw.cave_ins:
        if min(line.distance(Point(p.point)) for line in lines.values()) > 1e-9:
            errors.append(f"{p.id} is not on a corridor")
    for g in sw.gantries:
        if not any(
            line.buffer(c.width / 2, cap_style="flat").contains(Polygon(g.polygon))
            for c, line in zip(sw.corridors, lines.values())
        ):
            errors.append(f"{g.id} is not over a corridor")
    if tuple(sw.flood_origin) not in ends or ends.count(tuple(sw.flood_origin)) != 1:
        errors.append("the flood origin is not a corridor's free end")
    for md in sw.models:
        if not 0 <= md.position <= lines[md.corridor].length:
            errors.append(f"{md.id} is off its corridor")
    if errors:
        raise SystemExit(f"{s.meta.title}: incoherent sample:\n  " + "\n  ".join(errors))


# ------------------------------------------------------------------ the Dambusters valley
def valley() -> Scenario:
    L = Layout("flat", "odd-q", 22, 30)
    H = L.to_axial
    t = Terrain(L)

    # Reservoir: a lake narrowing to the dam at its southern outlet.
    dam_hex = H(10, 8)
    lake = [h for h in disc(L, (10, 4), 3) if L.to_offset(h)[1] < 7 or h == H(10, 7)]
    lake += [h for h in disc(L, (14, 3), 1) if h not in lake]
    # The main river: from the northern edge through the lake, over the dam, south to the map edge.
    main = chain(L, (10, 0), (10, 7), (10, 10), (11, 12), (11, 15), (12, 20), (13, 24), (12, 29))
    reservoir = [h for h in lake if h in main[: main.index(dam_hex)] or h not in main]
    # The tributary: from the eastern edge to the first hex beside the main river.
    trib = []
    for h in chain(L, (21, 15), (17, 18), (12, 19)):
        trib.append(h)
        if any(n in main for n in neighbors(h)):
            break

    for h in disc(L, (3, 6), 2) + disc(L, (17, 25), 2) + disc(L, (19, 5), 1):
        t[h] = "forest"
    for h in disc(L, (16, 21), 1):
        t[h] = "swamp"
    for h in (H(7, 18), H(7, 19), H(6, 19)):
        t[h] = "rubble"
    town_hexes = [H(12, 12), H(12, 13), H(13, 12), H(13, 13)]
    for h in town_hexes:
        t[h] = "town"
    for h in (H(5, 15), H(15, 9)):
        t[h] = "building"
    for h in lake + main + trib:
        t[h] = "water"

    road_ew = chain(L, (0, 13), (21, 13))
    road_ns = chain(L, (18, 0), (18, 13))
    rail = chain(L, (6, 0), (6, 10), (3, 16), (3, 29))
    bridge_hex = next(h for h in road_ew if h in main)
    stream = [
        s
        for s in column_edge(L, 14, range(4, 20))
        if all(t.get(h) not in (None, "water") for h in hexside_hexes(s))
    ]
    stream = stream[
        : next(
            (
                i
                for i, s in enumerate(stream)
                if any(n in trib for h in hexside_hexes(s) for n in neighbors(h))
            ),
            len(stream),
        )
        + 1
    ]
    stream_cross = next(
        hexside_between(a, b) for a, b in zip(road_ew, road_ew[1:]) if hexside_between(a, b) in stream
    )
    ridges = column_edge(L, 1, range(19, 25))
    trees = column_edge(L, 5, range(4, 8)) + column_edge(L, 15, range(24, 27))

    hexsides = [HexsideFeature(s, "stream") for s in stream]
    hexsides += [HexsideFeature(s, "ridge") for s in ridges] + [HexsideFeature(s, "trees") for s in trees]
    floodplain = []
    for h in L.hexes():
        row = L.to_offset(h)[1]
        if 12 <= row <= 24 and t[h] in ("clear", "forest", "town") and any(n in main for n in neighbors(h)):
            floodplain.append(h)

    hex_map = HexMap(
        "flat",
        "odd-q",
        22,
        30,
        t,
        hexsides=hexsides,
        rivers=[River("river-main", main, "Aller"), River("river-brook", trib, "Sieber", joins="river-main")],
        roads=[Route("road-valley", road_ew, "Valley road"), Route("road-north", road_ns, "North road")],
        rails=[Route("rail-west", rail, "West line")],
        dams=[
            Dam(
                "dam-aller",
                dam_hex,
                "river-main",
                sp=60,
                damage=12,
                sp_known_to=["paneuropean"],
                buildings=[
                    Building("dam-powerhouse", "power station", 10),
                    Building("dam-tower", "control tower", 6),
                ],
                reservoir=reservoir,
                hidden=False,
                name="Aller dam",
            )
        ],
        river_bridges=[RiverBridge("bridge-kessel", bridge_hex, "road-valley", "river-main")],
        stream_bridges=[StreamBridge("bridge-brook", stream_cross, "road-valley")],
        towns=[Town("town-kessel", "Kessel", town_hexes)],
        floodplain=Floodplain("predetermined", floodplain),
        markers=Markers(
            entrenchments=[Entrenchment(H(11, 9), 3), Entrenchment(H(9, 10), 2)],
            revetments=[Revetment("revetment-1", H(7, 9), "small")],
            mines=[
                Mine("mine-1", H(3, 13), "paneuropean", hidden=True, on_road=True),
                Mine("mine-2", H(16, 13), "paneuropean", hidden=True, on_road=True),
            ],
        ),
    )
    sides = [
        Side("combine", "Combine", "attacker", "#c03030"),
        Side("paneuropean", "Paneuropean", "defender", "#3060c0"),
    ]
    units = [
        Unit("ogre-1", "ogre-mk3", "combine", H(15, 28), name="Ogre Mark III"),
        Unit("vulcan-1", "vulcan", "combine", H(7, 28), name="Vulcan"),
        Unit("pe-heavy-1", "heavy-tank", "paneuropean", H(9, 9)),
        Unit("pe-heavy-2", "heavy-tank", "paneuropean", H(12, 10)),
        Unit("pe-gev-1", "gev", "paneuropean", H(8, 3), name="GEV on the reservoir"),
        Unit("pe-gev-2", "gev", "paneuropean", H(13, 11)),
        Unit("pe-howitzer", "howitzer", "paneuropean", H(7, 9)),
        Unit("pe-inf-1", "infantry", "paneuropean", H(11, 9), squads=3),
        Unit("pe-inf-2", "infantry", "paneuropean", H(9, 10), squads=2),
        Unit("pe-inf-3", "infantry", "paneuropean", H(12, 12), squads=1),
        Unit("pe-engineers", "combat-engineers", "paneuropean", H(11, 7), squads=2, name="Combat engineers"),
        Unit("pe-truck", "truck", "paneuropean", H(12, 7), name="Engineer truck"),
    ]
    defender_zone = [h for h in L.hexes() if L.to_offset(h)[1] <= 13 and t[h] != "building"]
    attacker_zone = [h for h in L.hexes() if L.to_offset(h)[1] >= 27 and t[h] not in ("building", "water")]
    s = Scenario(
        meta(
            "Dambusters: the Aller valley",
            "A Combine Ogre and a Vulcan come up the Aller valley to breach the dam above Kessel. The Paneuropean "
            "garrison knows how much punishment the dam can take; the attacker does not. Breaching it sends a surge "
            "of debris down the Aller, floods the fields beside the river and washes out the brook bridge.",
            ["ogre", "dambusters", "combat engineers", "dam", "sample"],
            ["ogre-dambusters", "ogre-basic", "ogre-engineers"],
        ),
        hex_map,
        unit_types=default_unit_types(),
        sides=sides,
        units=units,
        setup_zones=[
            SetupZone("zone-garrison", "paneuropean", defender_zone, name="Dam garrison"),
            SetupZone("zone-approach", "combine", attacker_zone, name="Southern approach"),
        ],
        budgets=[
            Budget("paneuropean", infantry_attack=8, armor_units=6, units={"truck": 1}),
            Budget("combine", units={"ogre-mk3": 1, "vulcan": 1}),
        ],
        victory=[
            VictoryLevel(
                "combine",
                1,
                "Complete Combine victory",
                "The dam collapses and the Ogre leaves the map by the southern edge.",
            ),
            VictoryLevel(
                "combine", 2, "Marginal Combine victory", "The dam collapses but the Ogre is destroyed."
            ),
            VictoryLevel(
                "paneuropean",
                1,
                "Complete Paneuropean victory",
                "The dam stands at the end of turn 12 and the Ogre is destroyed.",
            ),
            VictoryLevel(
                "paneuropean", 2, "Marginal Paneuropean victory", "The dam stands at the end of turn 12."
            ),
        ],
        turn_limit=12,
    )
    check_hex_sample(s)
    return s


# -------------------------------------------------------------------------- basic Ogre
def ogre_basic() -> Scenario:
    L = Layout("flat", "odd-q", 15, 22)
    H = L.to_axial
    t = Terrain(L)
    houses = [H(0, 10), H(14, 10)]  # the two houses at the map edges that mark the forward line
    for h in houses + [H(4, 4), H(10, 3), H(7, 8), H(3, 15), H(11, 17), H(7, 19)]:
        t[h] = "building"
    trees = (
        column_edge(L, 2, range(6, 9)) + column_edge(L, 8, range(12, 15)) + column_edge(L, 11, range(5, 7))
    )
    trees += [canonical_hexside(H(5, 13), 2), canonical_hexside(H(6, 13), 2), canonical_hexside(H(12, 14), 5)]
    hex_map = HexMap(
        "flat",
        "odd-q",
        15,
        22,
        t,
        hexsides=[HexsideFeature(s, "trees") for s in trees],
        markers=Markers(
            mines=[
                Mine(f"mine-{i + 1}", H(c, r), "defense", True, False)
                for i, (c, r) in enumerate([(5, 14), (9, 16), (12, 18)])
            ]
        ),
    )
    defense_units = [("cp", "command-post", (7, 2), 1)]
    defense_units += [
        (f"heavy-{i + 1}", "heavy-tank", pos, 1) for i, pos in enumerate([(3, 12), (11, 12), (5, 7), (9, 7)])
    ]
    defense_units += [(f"missile-{i + 1}", "missile-tank", pos, 1) for i, pos in enumerate([(3, 6), (12, 6)])]
    defense_units += [(f"jeep-{i + 1}", "jeep", pos, 1) for i, pos in enumerate([(1, 8), (13, 8)])]
    defense_units += [(f"howitzer-{i + 1}", "howitzer", pos, 1) for i, pos in enumerate([(6, 1), (8, 1)])]
    inf = [((5, 12), 3), ((9, 12), 3), ((6, 3), 3), ((8, 3), 3), ((7, 4), 3), ((5, 9), 3), ((9, 9), 2)]
    defense_units += [(f"infantry-{i + 1}", "infantry", pos, n) for i, (pos, n) in enumerate(inf)]
    units = [Unit(ident, kind, "defense", H(*pos), squads=n) for ident, kind, pos, n in defense_units]
    units.append(Unit("ogre-1", "ogre-mk3", "ogre", None, name="Ogre Mark III (enters from the bottom edge)"))
    main_zone = [h for h in L.hexes() if L.to_offset(h)[1] <= 10 and t[h] != "building"]
    forward_zone = [h for h in L.hexes() if 11 <= L.to_offset(h)[1] <= 16 and t[h] != "building"]
    entry = [H(c, 21) for c in range(15) if t[H(c, 21)] != "building"]
    s = Scenario(
        meta(
            "Ogre: the basic scenario",
            "A single Ogre Mark III attacks a command post guarded by 20 attack points of infantry and 12 armor "
            "units (each howitzer counts as two). Up to 20 attack points of the defense may set up beyond the line "
            "between the two houses on the map edges. The Ogre enters anywhere along the bottom edge.",
            ["ogre", "basic scenario", "sample"],
            ["ogre-basic"],
        ),
        hex_map,
        unit_types=default_unit_types(),
        sides=[
            Side("ogre", "Ogre", "attacker", "#c03030"),
            Side("defense", "Defense", "defender", "#3060c0"),
        ],
        units=units,
        setup_zones=[
            SetupZone("zone-main", "defense", main_zone, name="Behind the line"),
            SetupZone(
                "zone-forward",
                "defense",
                forward_zone,
                max_attack=20,
                name="Beyond the line (20 attack points at most)",
            ),
            SetupZone("zone-entry", "ogre", entry, name="Bottom edge (entry)"),
        ],
        budgets=[
            Budget("defense", infantry_attack=20, armor_units=12, units={"command-post": 1}),
            Budget("ogre", units={"ogre-mk3": 1}),
        ],
        victory=[
            VictoryLevel(
                "ogre", 1, "Complete Ogre victory", "Every defending unit and the command post are destroyed."
            ),
            VictoryLevel(
                "ogre", 2, "Standard Ogre victory", "The command post is destroyed and the Ogre escapes."
            ),
            VictoryLevel(
                "ogre",
                3,
                "Marginal Ogre victory",
                "The command post is destroyed but the Ogre is destroyed too.",
            ),
            VictoryLevel(
                "defense",
                1,
                "Complete defense victory",
                "The command post survives with at least 30 attack points of the defense.",
            ),
            VictoryLevel(
                "defense",
                2,
                "Standard defense victory",
                "The command post survives and the Ogre is destroyed.",
            ),
            VictoryLevel(
                "defense", 3, "Marginal defense victory", "The command post survives but the Ogre escapes."
            ),
        ],
    )
    check_hex_sample(s)
    forward = [u for u in units if u.hex in forward_zone]
    attack = sum(s.unit_types[u.type].attack * u.squads for u in forward)
    assert attack <= 20, attack
    return s


# ---------------------------------------------------------------------------- DBM table
def rect(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(float(x0), float(y0)), (float(x1), float(y0)), (float(x1), float(y1)), (float(x0), float(y1))]


def pts(*xy: tuple[float, float]) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in xy]


def dbm_table() -> Scenario:
    """2400 x 1800 paces, x along the width. Sectors: the centre line y = 900 bisects the table, each half
    is trisected along x; 1, 2, 3 from x = 0 where y < 900, 4, 5, 6 where y >= 900 (flanks 1, 3, 4, 6).
    Every area feature other than the BUA and its fields touches a table edge or the waterway, or keeps
    its centre 500p from every edge (the second DBM placement die)."""
    # The waterway runs the whole left short edge: 750p deep for its first 800p, tapering to 400p by 900p.
    waterway = Waterway(
        "ww-sea", pts((0, 0), (750, 0), (750, 800), (400, 900), (400, 1800), (0, 1800)), "left", "defender"
    )
    areas = [
        Area(
            "hill-1",
            "hill-gentle",
            pts((950, 0), (1450, 0), (1480, 300), (1350, 500), (1000, 470)),
            2,
            "invader",
            "Long barrow",
        ),
        Area(
            "wood-1",
            "wood",
            pts((1750, 0), (2200, 0), (2250, 380), (1900, 460), (1700, 300)),
            3,
            "defender",
            "Oak wood",
        ),
        Area(
            "marsh-1",
            "marsh",
            pts((950, 1000), (1350, 980), (1450, 1200), (1200, 1330), (900, 1200)),
            5,
            "defender",
            "Fen",
        ),
        Area(
            "rocky-1",
            "rocky",
            pts((1000, 1500), (1400, 1480), (1500, 1800), (1050, 1800)),
            5,
            "defender",
            "Scree",
        ),
        Area(
            "hill-2",
            "hill-steep",
            pts((1850, 1000), (2400, 1000), (2400, 1300), (2050, 1380), (1800, 1250)),
            6,
            "defender",
            "Crag",
        ),
        Area("bua-1", "bua", rect(400, 1000, 750, 1350), 4, "defender", "Portus"),
        Area("fields-1", "fields-open", rect(400, 1350, 750, 1700), 4, "defender", "Portus fields"),
    ]
    river = TableRiver(
        "river-1",
        pts((2400, 760), (2000, 720), (1600, 780), (1200, 740), (750, 750)),
        150.0,
        "ww-sea",
        "defender",
        "Tamesis",
    )
    road = TableRoad(
        "road-1", pts((750, 1250), (1200, 1400), (1700, 1410), (2400, 1420)), "defender", "Portus road"
    )
    s = Scenario(
        meta(
            "DBM: a coastal table",
            "A 2400 x 1800 pace table laid out by the DBM terrain rules: a waterway along the left short edge with a "
            "built-up area and its fields on the shore, a river from the right short edge into the waterway, a road "
            "from the town, and hills, a wood, a marsh and rocky ground each in its own sector.",
            ["dbm", "terrain", "table", "sample"],
            ["dbm-terrain"],
        ),
        TableMap(2400.0, 1800.0, "paces", areas=areas, waterway=waterway, rivers=[river], roads=[road]),
        unit_types=default_unit_types(),
        sides=[
            Side("invader", "Invader", "invader", "#c03030"),
            Side("defender", "Defender", "defender", "#3060c0"),
        ],
    )
    check_dbm_sample(s)
    return s


# ----------------------------------------------------------- DBM tables at the true scale
#: The features both set-up samples bring: the invader's road; the defender's compulsory waterway, gentle
#: hill and wood, and his chosen BUA with open fields, river, small wood and steep hill (3 equivalents).
DBM_FEATURES = {
    "invader": {"kind": "road"},
    "defender": [
        {"kind": "waterway", "compulsory": True},
        {"kind": "hill-gentle", "across": 700, "compulsory": True},
        {"kind": "wood", "across": 600, "compulsory": True, "name": "Old forest"},
        {"kind": "bua", "across": 320, "name": "Vicus"},
        {"kind": "fields-open", "across": 300},
        {"kind": "river", "width": 120, "name": "Flumen"},
        {"kind": "wood", "across": 420},
        {"kind": "hill-steep", "across": 450},
    ],
}


def check_clean(s: Scenario) -> None:
    """Stops the script when a sample breaks one of its profiles' rules."""
    from dambuster.validators import check_scenario

    found = [f"{v.code}: {v.message}" for v in check_scenario(s) if v.severity == "error"]
    if found:
        raise SystemExit(f"{s.meta.title}: the sample is not valid:\n  " + "\n  ".join(found))


def dbm_set_up(title: str, description: str, table: dict, edge: str, seed: int, dice: list[int]) -> Scenario:
    """A table laid out by the terrain-choosing procedure (dambuster dbm-setup) with these dice."""
    from dambuster.simulation.dbm.request import request_from_dict
    from dambuster.simulation.dbm.setup import run
    from dambuster.simulation.dice import TableDice

    features = copy.deepcopy(DBM_FEATURES)
    features["defender"][0]["edge"] = edge
    setup = run(request_from_dict({"table": table, **features}), seed, TableDice(dice))
    s = setup.scenario
    if any(step.outcome != "placed" for step in setup.steps):
        raise SystemExit(f"{title}: a feature was not placed; choose other dice")
    s.meta = meta(
        title,
        f"{description} {s.meta.description}",
        ["dbm", "dbm-setup", "terrain", "table", "sample"],
        ["dbm-terrain"],
    )
    check_clean(s)
    return s


def dbm_15mm() -> Scenario:
    return dbm_set_up(
        "DBM: a 15mm competition table",
        "A 1800 x 1200 mm table for 15mm figures (50 paces = 25 mm): a waterway along "
        "the left edge, a BUA with open fields on its shore, a river into it, the invader's road, two hills and two woods.",
        {"width": 1800, "depth": 1200, "unit": "mm", "figures": "15mm"},
        "left",
        1,
        [2, 5, 6, 1, 3, 2, 5, 3],
    )


def dbm_25mm() -> Scenario:
    return dbm_set_up(
        "DBM: a 25mm table in inches",
        "A 108 x 60 inch table for 25mm figures (50 paces = 40 mm, 1.6 of the text's "
        "25 mm inches): a waterway along the right edge, a BUA with open fields on its shore, a river into it, the "
        "invader's road, two hills and two woods.",
        {"width": 108, "depth": 60, "unit": "inches", "figures": "25mm"},
        "right",
        2,
        [5, 6, 4, 1, 2, 4, 6, 2],
    )


# ------------------------------------------------------------------------ sewer flash flood
def sewer() -> Scenario:
    # Corridor centre lines in inches on a 48 x 48 table; junctions where their ends meet.
    n1, n2, n3 = (24.0, 4.0), (24.0, 24.0), (24.0, 44.0)
    corridors = [
        Corridor("c-intake", pts((4, 4), n1), 4.0, "Intake"),
        Corridor("c-east", pts(n1, (44, 4), (44, 20)), 3.0, "East gallery"),
        Corridor("c-shaft", pts(n1, n2), 4.0, "Main shaft"),
        Corridor("c-west", pts(n2, (8, 24), (8, 40)), 3.0, "West gallery"),
        Corridor("c-outfall", pts(n2, n3), 4.0, "Outfall"),
        Corridor("c-south", pts(n3, (44, 44)), 3.0, "South drain"),
    ]
    nodes = [SewerPoint("n-north", n1), SewerPoint("n-centre", n2), SewerPoint("n-south", n3)]
    grates = [SewerPoint("grate-1", (44.0, 12.0)), SewerPoint("grate-2", (8.0, 32.0))]
    sluices = [SewerPoint("sluice-1", (24.0, 34.0))]
    cave_ins = [SewerPoint("cave-in-1", (36.0, 44.0))]
    gantries = [Gantry("gantry-1", rect(14, 2.5, 18, 5.5))]
    models = [
        Model(f"guard-{i + 1}", "imperials", 3, "c-shaft", float(p), f"Guardsman {i + 1}")
        for i, p in enumerate([4, 7, 10, 13, 16])
    ]
    models += [
        Model(f"stealer-{i + 1}", "tyranids", 4, "c-west", float(p), f"Genestealer {i + 1}")
        for i, p in enumerate([6, 10, 16, 22])
    ]
    sewer_ = Sewer(corridors, nodes, grates, sluices, cave_ins, gantries, (4.0, 4.0), models)
    s = Scenario(
        meta(
            "Flash flood in the hive sewers",
            "A 48 x 48 inch sewer table for the flash flood special event: galleries meeting at three junctions, "
            "grates, a sluice gate and a cave-in that hold back anyone swept away, a gantry above the water line, "
            "and the flood rising from the intake in the north-west corner. A squad of guardsmen in the main shaft "
            "meets a brood of genestealers in the west gallery.",
            ["flash flood", "sewer", "skirmish", "sample"],
            ["flash-flood"],
        ),
        TableMap(48.0, 48.0, "inches", sewer=sewer_),
        unit_types=default_unit_types(),
        sides=[
            Side("imperials", "Imperial Guard", "attacker", "#3060c0"),
            Side("tyranids", "Tyranids", "defender", "#803090"),
        ],
        turn_limit=6,
    )
    check_sewer_sample(s)
    return s


SAMPLES = {
    "ogre-dambusters-valley.json": valley,
    "ogre-basic.json": ogre_basic,
    "dbm-table.json": dbm_table,
    "dbm-15mm-competition.json": dbm_15mm,
    "dbm-25mm-inches.json": dbm_25mm,
    "sewer-flash-flood.json": sewer,
}


# ----------------------------------------------------------------------- invalid corpus
def _base_hex() -> dict:
    """A small valid hex scenario as a JSON tree: the invalid files are each one fault away from it."""
    L = Layout("flat", "odd-q", 6, 5)
    t = Terrain(L)
    river = chain(L, (2, 0), (2, 4))
    for h in river:
        t[h] = "water"
    m = HexMap(
        "flat",
        "odd-q",
        6,
        5,
        t,
        rivers=[River("river-1", river, "Brook")],
        dams=[Dam("dam-1", river[1], "river-1", sp=50, reservoir=[river[0]])],
        hexsides=[HexsideFeature(canonical_hexside(L.to_axial(4, 2), 0), "ridge")],
    )
    s = Scenario(
        meta("Invalid-file base", "", [], ["ogre-dambusters"]),
        m,
        unit_types={},
        sides=[Side("red", "Red", "attacker", "#c03030")],
    )
    return json.loads(dumps(s))


def _base_table() -> dict:
    s = Scenario(
        meta("Invalid-file base", "", [], ["dbm-terrain"]),
        TableMap(
            2400.0,
            1800.0,
            "paces",
            areas=[Area("wood-1", "wood", rect(1000, 100, 1400, 400), 2, "defender")],
            rivers=[TableRiver("river-1", pts((2400, 700), (1200, 750)), 150.0)],
        ),
        unit_types={},
    )
    return json.loads(dumps(s))


def _base_sewer() -> dict:
    s = Scenario(
        meta("Invalid-file base", "", [], ["flash-flood"]),
        TableMap(
            48.0,
            48.0,
            "inches",
            sewer=Sewer(
                corridors=[Corridor("c-1", pts((4, 4), (24, 4)), 4.0)],
                models=[Model("m-1", "red", 3, "c-1", 5.0)],
            ),
        ),
        unit_types={},
        sides=[Side("red", "Red", "attacker", "#c03030")],
    )
    return json.loads(dumps(s))


def _text(doc: dict) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def _edit(base, fn) -> bytes:
    doc = copy.deepcopy(base())
    fn(doc)
    return _text(doc).encode("utf-8")


def _replace(base, old: str, new: str) -> bytes:
    text = _text(base())
    assert text.count(old) == 1, old
    return text.replace(old, new).encode("utf-8")


def invalid_files() -> dict[str, bytes]:
    hexdoc = _base_hex
    return {
        "truncated": _text(hexdoc()).encode()[:300],
        "empty": b"",
        "nan": _replace(hexdoc, '"sp": 50', '"sp": NaN'),
        "infinity": _replace(hexdoc, '"turn_limit": null', '"turn_limit": Infinity'),
        "duplicate-key": _replace(
            hexdoc, '"title": "Invalid-file base",', '"title": "Invalid-file base",\n    "title": "Again",'
        ),
        "integer-30-digits": _replace(
            hexdoc, '"turn_limit": null', '"turn_limit": 123456789012345678901234567890'
        ),
        "bom": b"\xef\xbb\xbf" + _text(hexdoc()).encode(),
        "utf16": _text(hexdoc()).encode("utf-16"),
        "not-utf8": _replace(hexdoc, '"Brook"', '"Br\u00f6ok"').replace("Br\u00f6ok".encode(), b"Br\xf6ok"),
        "top-level-array": b"[1, 2, 3]\n",
        "too-deep": b'{"format_version": "1.0", "meta": ' + b"[" * 100 + b"]" * 100 + b"}\n",
        "version-2": _edit(hexdoc, lambda d: d.update(format_version="2.0")),
        "missing-format-version": _edit(hexdoc, lambda d: d.pop("format_version")),
        "missing-required": _edit(hexdoc, lambda d: d["meta"].pop("title")),
        "wrong-type": _edit(hexdoc, lambda d: d["map"].update(columns="6")),
        "integer-out-of-range": _edit(hexdoc, lambda d: d["map"].update(columns=5000)),
        "unknown-property": _edit(hexdoc, lambda d: d["sides"][0].update(colour="#c03030")),
        "bad-date": _edit(hexdoc, lambda d: d["meta"].update(created="22/11/2026")),
        "hexside-d4": _edit(hexdoc, lambda d: d["map"]["hexsides"][0].update(side=[4, 0, 4])),
        "hex-off-map": _edit(hexdoc, lambda d: d["map"]["dams"][0].update(hex=[2, 7])),
        "dangling-reference": _edit(hexdoc, lambda d: d["map"]["dams"][0].update(river="river-2")),
        "duplicate-id": _edit(hexdoc, lambda d: d["map"]["dams"][0].update(id="river-1")),
        "terrain-row-length": _edit(hexdoc, lambda d: d["map"]["terrain"]["rows"].__setitem__(2, "cccc")),
        "damage-over-sp": _edit(hexdoc, lambda d: d["map"]["dams"][0].update(damage=60)),
        "flat-odd-r": _edit(hexdoc, lambda d: d["map"].update(offset="odd-r")),
        "self-intersecting-polygon": _edit(
            _base_table,
            lambda d: d["map"]["areas"][0].update(
                polygon=[[1000.0, 100.0], [1400.0, 400.0], [1400.0, 100.0], [1000.0, 400.0]]
            ),
        ),
        "zero-length-river": _edit(
            _base_table, lambda d: d["map"]["rivers"][0].update(line=[[1200.0, 750.0], [1200.0, 750.0]])
        ),
        "model-past-corridor-end": _edit(
            _base_sewer, lambda d: d["map"]["sewer"]["models"][0].update(position=25.0)
        ),
        "reduced-15mm": _edit(_base_table, lambda d: d["map"].update(reduced=True)),
    }


# --------------------------------------------------------------------- DBM scale errors
def _dbm_base(
    title: str, width: float, depth: float, unit: str, figures: str = "15mm", reduced: bool = False
) -> Scenario:
    return Scenario(
        meta(title, "", [], ["dbm-terrain"]),
        TableMap(width, depth, unit, figures=figures, reduced=reduced),
        unit_types={},
    )


def _circle(cx: float, cy: float, r: float, sides: int = 16) -> list[tuple[float, float]]:
    return [
        (
            round(cx + r * math.cos(2 * math.pi * k / sides), 1),
            round(cy + r * math.sin(2 * math.pi * k / sides), 1),
        )
        for k in range(sides)
    ]


def scale_error_files() -> dict[str, Scenario]:
    """One DBM table per figure scale and unit, each with one measure just past the text's limit."""
    wood = _dbm_base("A wood 520 mm across on a 15mm table (1,040 paces)", 1800.0, 1200.0, "mm")
    wood.map.areas = [Area("wood-1", "wood", _circle(400, 300, 260), None, "defender")]
    river = _dbm_base("A river 6.432 inches wide on a 25mm table (201 paces)", 108.0, 60.0, "inches", "25mm")
    river.map.rivers = [TableRiver("river-1", pts((108, 25), (0, 25)), 6.432, None, "defender")]
    shallow = _dbm_base("A waterway 5.9 inches deep on a 15mm table (295 paces)", 72.0, 48.0, "inches")
    shallow.map.waterway = Waterway("sea", rect(0, 0, 5.9, 48), "left", "defender")
    near = _dbm_base(
        "A river 295 mm from a long edge, 25mm figures reduced to 5/8 (590 paces)",
        1800.0,
        1200.0,
        "mm",
        "25mm",
        True,
    )
    near.map.rivers = [TableRiver("river-1", pts((1800, 325), (0, 325)), 60.0, None, "defender")]
    isle = _dbm_base(
        "An island 70 paces from the shore, 25mm figures (an element is 75 paces)",
        3375.0,
        1875.0,
        "paces",
        "25mm",
    )
    isle.map.waterway = Waterway("sea", rect(0, 0, 500, 1875), "left", "defender")
    isle.map.areas = [Area("isle", "hill-gentle", rect(300, 800, 430, 1000), None, "defender")]
    return {
        "wood-1040-paces-15mm-mm": wood,
        "river-201-paces-wide-25mm-inches": river,
        "waterway-295-paces-15mm-inches": shallow,
        "river-590-paces-from-edge-25mm-reduced-mm": near,
        "island-70-paces-from-shore-25mm-paces": isle,
    }


def write_scale_errors(out: Path) -> None:
    """Each file beside NAME.expected.json, the exact output of `dambuster validate --format json` (exit 1)."""
    from dambuster.batch.report import render, validate_file

    folder = out / "scale-errors"
    folder.mkdir(parents=True, exist_ok=True)
    for name, scenario in scale_error_files().items():
        path = folder / f"{name}.json"
        save(scenario, path)
        report = validate_file(str(path))
        report.path = f"samples/scale-errors/{name}.json"  # as run from the repository root
        if report.load_error or len(report.violations) != 1:
            raise SystemExit(
                f"{name}.json should break exactly one DBM rule: {[v.message for v in report.violations]}"
            )
        (folder / f"{name}.expected.json").write_text(render([report], "json"), encoding="utf-8")


def write_invalid(out: Path) -> None:
    from dambuster.batch.report import render, validate_file

    folder = out / "invalid"
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in invalid_files().items():
        path = folder / f"{name}.json"
        path.write_bytes(data)
        report = validate_file(str(path))
        report.path = f"samples/invalid/{name}.json"  # as run from the repository root
        if not report.load_error:
            raise SystemExit(f"{name}.json loads; it should not")
        (folder / f"{name}.expected.json").write_text(render([report], "json"), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "samples", help="folder to write (default samples/)")
    ap.add_argument(
        "--invalid",
        action="store_true",
        help="also write the invalid corpus into OUT/invalid/ and the DBM scale errors into OUT/scale-errors/",
    )
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, build in SAMPLES.items():
        save(build(), args.out / name)
    if args.invalid:
        write_invalid(args.out)
        write_scale_errors(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
