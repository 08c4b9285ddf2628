"""The focused breach scenarios of the conformance kit (make_vectors.py writes them and their replays).

One valley map, flat odd-q 16 x 20, in three floodplain variants:

* a main river from the top edge to the bottom edge with a dam and its reservoir near the top; a
  **fork** below the dam whose west arm comes back (a **confluence**) and whose east arm flows off the
  right edge, so the **surge leaves the map** by three ways;
* units of every kind the swell treats differently: infantry (marines, allowed in water by the
  scenario's `marines_water`) of three squads and of one, a GEV under a river bridge (marines on it in
  the random variant), a disabled GEV, a superheavy, an Ogre, a destroyed unit, an armor unit in a floodplain hex;
* a road over the dam (cut at the breach), a road over the river bridge through floodplain hexes,
  a rail, and a road to the east carrying two **stream bridges**: one exactly 6 hexsides from the
  swell (it washes out) and one exactly 7 (it does not), the ogre-dambusters text's "within six
  hexsides";
* the floodplain **predetermined** (`breach-valley`), **random** over every clear, forest and town hex
  next to the river (`breach-valley-random`), or random over a listed set (`breach-valley-random-listed`).

And `breach-short-window`, pointy odd-r 8 x 8: a river that flows off the right edge after a few
hexes, a swell shorter than its speed (length 2, speed 4: some hexes are never covered) and
simulation options and a combat table of its own.
"""

from __future__ import annotations

from dambuster.model.hexgrid import Layout, distance, hexside_between, hexside_hexes, neighbor

COLUMNS, ROWS = 16, 20
LAY = Layout("flat", "odd-q", COLUMNS, ROWS)
AX = LAY.to_axial


def _walk(start, dirs):
    out = [start]
    for d in dirs:
        out.append(neighbor(out[-1], d))
    return out


def _path(a, b):
    """Hexes from a to b, each step to the neighbour nearest b (the first direction on a tie)."""
    out = [a]
    while out[-1] != b:
        out.append(min((neighbor(out[-1], d) for d in range(6)), key=lambda n: distance(n, b)))
    return out


def _hx(h):
    return [h[0], h[1]]


UNIT_TYPES = {
    "infantry": {
        "name": "Infantry",
        "category": "infantry",
        "movement_class": "infantry",
        "attack": 1,
        "range": 1,
        "defense": 1,
        "movement": 2,
        "size": 1,
    },
    "marines": {
        "name": "Marines",
        "category": "infantry",
        "movement_class": "infantry",
        "attack": 1,
        "range": 1,
        "defense": 1,
        "movement": 2,
        "size": 1,
    },
    "gev": {
        "name": "GEV",
        "category": "armor",
        "movement_class": "gev",
        "attack": 2,
        "range": 2,
        "defense": 2,
        "movement": 4,
        "size": 2,
    },
    "heavy-tank": {
        "name": "Heavy tank",
        "category": "armor",
        "movement_class": "armor",
        "attack": 4,
        "range": 2,
        "defense": 3,
        "movement": 3,
        "size": 2,
    },
    "superheavy": {
        "name": "Superheavy",
        "category": "armor",
        "movement_class": "superheavy",
        "attack": 6,
        "range": 3,
        "defense": 4,
        "movement": 2,
        "size": 4,
    },
    "ogre-mk3": {
        "name": "Ogre Mark III",
        "category": "ogre",
        "movement_class": "ogre",
        "attack": 4,
        "range": 3,
        "defense": 0,
        "movement": 3,
        "size": 7,
    },
}
SIDES = [{"id": "blue", "name": "Blue", "role": "defender"}, {"id": "red", "name": "Red", "role": "attacker"}]


def _valley_parts():
    main = [AX(7, r) for r in range(ROWS)]
    dam = main[3]
    west = _walk(main[6], [4, 4, 5, 5, 0])  # forks at main[6], rejoins main (confluence)
    east = _walk(main[10], [0, 0, 1, 0, 0, 1, 0, 0])  # forks at main[10], flows off the right edge
    river_hexes = set(main) | set(west) | set(east)
    terrain = [["c"] * COLUMNS for _ in range(ROWS)]
    for c in range(COLUMNS):
        for r in range(ROWS):
            v = (3 * c + 7 * r + c * r) % 11
            terrain[r][c] = "f" if v in (1, 5) else "s" if v == 8 else "c"
    reservoir = [AX(c, r) for r in range(3) for c in range(4, 11)] + [AX(6, 3), AX(8, 3)]
    for h in reservoir:
        c, r = LAY.to_offset(h)
        terrain[r][c] = "w"
    for h in river_hexes:
        c, r = LAY.to_offset(h)
        terrain[r][c] = "w"
    town = [AX(8, 12), AX(9, 12), AX(8, 13)]
    for h in town:
        c, r = LAY.to_offset(h)
        terrain[r][c] = "t"
    reservoir = [h for h in reservoir if h not in river_hexes]
    return main, dam, west, east, river_hexes, terrain, reservoir, town


def _washout_distances(doc, sides):
    """The washout distance of each candidate hexside (fewest hexsides from the swell over the run)."""
    import json

    from dambuster.model import loads
    from dambuster.simulation.breach import Breach

    probe = json.loads(json.dumps(doc))
    probe["parameters"] = {**probe.get("parameters", {}), "washout_radius": 30}
    probe["map"]["stream_bridges"] = [
        {"id": f"probe-{i}", "side": list(s), "road": "road-dam"} for i, s in enumerate(sides)
    ]
    b = Breach(loads(json.dumps(probe)), "dam-1")
    best: dict[str, int] = {}
    for k in range(b.plan.last_step):
        for bid, n in b.washouts(k):
            best[bid] = min(n, best.get(bid, n))
    return {sides[int(bid.split("-")[1])]: n for bid, n in best.items()}


def valley(floodplain_mode: str, listed: bool, under_bridge: str) -> dict:
    main, dam, west, east, river_hexes, terrain, reservoir, town = _valley_parts()
    road_dam = [AX(4, 4), AX(5, 4), AX(6, 4), dam, AX(8, 4), AX(9, 4), AX(10, 4)]
    road_bridge = _path(AX(3, 13), AX(7, 12)) + _path(AX(7, 12), AX(9, 12))[1:]
    rail = _path(AX(0, 16), AX(6, 13))
    if river_hexes & set(rail):
        raise ValueError("a route crosses the river off a bridge")
    floodplain_hexes = [
        AX(6, 8),
        AX(8, 8),
        AX(8, 9),
        AX(6, 12),
        AX(8, 12),
        AX(8, 13),
        AX(6, 15),
        AX(8, 15),
        AX(8, 17),
    ]
    doc = {
        "format_version": "1.2",
        "generator": "conformance/make_vectors.py",
        "meta": {
            "title": f"Conformance: breach, {floodplain_mode} floodplain",
            "profiles": ["ogre-basic", "ogre-dambusters"],
        },
        "map": {
            "kind": "hex",
            "orientation": "flat",
            "offset": "odd-q",
            "columns": COLUMNS,
            "rows": ROWS,
            "terrain": {"rows": ["".join(row) for row in terrain]},
            "hexsides": [],
            "rivers": [
                {"id": "main", "hexes": [_hx(h) for h in main]},
                {"id": "west-arm", "hexes": [_hx(h) for h in west], "joins": "main"},
                {"id": "east-arm", "hexes": [_hx(h) for h in east]},
            ],
            "roads": [
                {"id": "road-dam", "hexes": [_hx(h) for h in road_dam]},
                {"id": "road-bridge", "hexes": [_hx(h) for h in road_bridge]},
            ],
            "rails": [{"id": "rail-south", "hexes": [_hx(h) for h in rail]}],
            "dams": [
                {
                    "id": "dam-1",
                    "hex": _hx(dam),
                    "river": "main",
                    "sp": 60,
                    "damage": 0,
                    "reservoir": [_hx(h) for h in reservoir],
                }
            ],
            "river_bridges": [
                {"id": "bridge-river", "hex": _hx(AX(7, 12)), "road": "road-bridge", "river": "main"}
            ],
            "towns": [{"id": "town-1", "name": "Town", "hexes": [_hx(h) for h in town]}],
            "floodplain": {
                "mode": floodplain_mode,
                "hexes": [_hx(h) for h in floodplain_hexes] if listed else [],
            },
        },
        "unit_types": UNIT_TYPES,
        "sides": SIDES,
        "parameters": {"rules": {"UNIT-TERRAIN": {"marines_water": 1}}},
        "units": [
            {"id": "inf-3", "type": "marines", "side": "blue", "hex": _hx(main[5]), "squads": 3},
            {"id": "inf-1", "type": "marines", "side": "blue", "hex": _hx(main[11]), "squads": 1},
            {"id": "ogre", "type": "ogre-mk3", "side": "red", "hex": _hx(main[8])},
            {
                "id": "at-bridge",
                "type": under_bridge,
                "side": "blue",
                "hex": _hx(AX(7, 12)),
                **({"squads": 2} if under_bridge == "marines" else {}),
            },
            {"id": "gev-disabled", "type": "gev", "side": "red", "hex": _hx(west[3]), "status": "disabled"},
            {"id": "superheavy", "type": "superheavy", "side": "red", "hex": _hx(east[4])},
            {
                "id": "wreck",
                "type": "infantry",
                "side": "red",
                "hex": _hx(main[9]),
                "squads": 2,
                "status": "destroyed",
            },
            {"id": "tank-plain", "type": "heavy-tank", "side": "blue", "hex": _hx(AX(6, 8))},
            {"id": "tank-plain-2", "type": "heavy-tank", "side": "blue", "hex": _hx(AX(8, 15))},
            {"id": "reserve", "type": "infantry", "side": "blue"},
        ],
    }
    # two short roads east of the river, each crossing a stream hexside with a bridge: the first
    # hexside (row by row) exactly 6 hexsides from the swell and the first exactly 7
    candidates = [(AX(c, r), d) for r in range(3, 8) for c in range(10, COLUMNS - 1) for d in (0, 5)]
    candidates = [hexside_between(h, neighbor(h, d)) for h, d in candidates]
    dist = _washout_distances(doc, candidates)
    bridges = [next(s for s in candidates if dist.get(s) == n) for n in (6, 7)]
    for n, side in zip((6, 7), bridges):
        a, b = hexside_hexes(side)
        doc["map"]["roads"].append({"id": f"road-east-{n}", "hexes": [_hx(a), _hx(b)]})
        doc["map"]["hexsides"].append({"side": list(side), "kind": "stream"})
        doc["map"]["stream_bridges"] = doc["map"].get("stream_bridges", []) + [
            {"id": f"bridge-at-{n}", "side": list(side), "road": f"road-east-{n}"}
        ]
    return doc


def short_window() -> dict:
    lay = Layout("pointy", "odd-r", 8, 8)
    ax = lay.to_axial
    river = _path(ax(3, 0), ax(3, 2)) + _path(ax(3, 2), ax(7, 3))[1:]
    terrain = [["c" if (c + r) % 4 else "f" for c in range(8)] for r in range(8)]
    for h in river + [ax(2, 0), ax(2, 1)]:
        c, r = lay.to_offset(h)
        terrain[r][c] = "w"
    return {
        "format_version": "1.2",
        "generator": "conformance/make_vectors.py",
        "meta": {
            "title": "Conformance: breach, swell shorter than its speed",
            "profiles": ["ogre-basic", "ogre-dambusters"],
        },
        "map": {
            "kind": "hex",
            "orientation": "pointy",
            "offset": "odd-r",
            "columns": 8,
            "rows": 8,
            "terrain": {"rows": ["".join(row) for row in terrain]},
            "rivers": [{"id": "brook", "hexes": [_hx(h) for h in river]}],
            "dams": [
                {
                    "id": "dam-small",
                    "hex": _hx(river[2]),
                    "river": "brook",
                    "sp": 50,
                    "damage": 0,
                    "buildings": [  # 11.05: destroyed with the dam, unless destroyed already
                        {"id": "sluice-house", "kind": "sluice house", "sp": 8},
                        {"id": "crane", "kind": "crane", "sp": 4, "damage": 2},
                        {"id": "ruin", "kind": "ruin", "sp": 3, "damage": 3},
                    ],
                    "reservoir": [_hx(ax(2, 1)), _hx(ax(2, 0))],
                }
            ],
            "floodplain": {"mode": "random", "hexes": []},
        },
        "unit_types": UNIT_TYPES,
        "sides": SIDES,
        "units": [
            {"id": "gev-a", "type": "gev", "side": "blue", "hex": _hx(river[3])},
            {"id": "gev-b", "type": "gev", "side": "blue", "hex": _hx(river[4])},
            {"id": "inf-a", "type": "marines", "side": "red", "hex": _hx(river[6]), "squads": 2},
        ],
        "parameters": {
            "surge": {"length": 2, "speed": 4},
            "floodplain_floods_on": 3,
            "random_towns_roll": False,
            "flooding_cuts_routes": False,
            "crt": {
                "columns": ["1:1", "2:1"],
                "results": [["NE", "D", "D", "X", "X", "X"], ["D", "D", "X", "X", "X", "X"]],
                "above": "D",
                "below": "NE",
            },
            "rules": {
                "UNIT-TERRAIN": {"marines_water": 1},
                "SIMULATION": {"gev_surge_attack": 8, "infantry_odds_attack": 3, "infantry_odds_defense": 1},
            },
        },
    }


#: name -> (document builder, description, dam, [(seed, turns)])
BREACHES = {
    "breach-valley": (
        lambda: valley("predetermined", True, "gev"),
        "focused breach: fork, confluence, leaving the map, predetermined floodplain, stream bridges at 6 and 7 hexsides",
        "dam-1",
        [(0, None), (1, None), (2, None), (3, 1)],
    ),
    "breach-valley-random": (
        lambda: valley("random", False, "marines"),
        "focused breach: the valley with a random floodplain over every eligible hex",
        "dam-1",
        [(0, None), (1, None), (2, None)],
    ),
    "breach-valley-random-listed": (
        lambda: valley("random", True, "gev"),
        "focused breach: the valley with a random floodplain over listed hexes",
        "dam-1",
        [(0, None), (1, None), (2, None)],
    ),
    "breach-short-window": (
        short_window,
        "focused breach: pointy odd-r 8 x 8, swell length 2 speed 4, options and a combat table of its own, buildings on the dam",
        "dam-small",
        [(0, None), (1, None), (2, None)],
    ),
}
