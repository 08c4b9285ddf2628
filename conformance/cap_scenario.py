"""The conformance kit's map at the size cap: 1,000 x 1,000 hexes, pointy even-r (make_vectors.py writes it).

The scenario is about 1 MB of JSON, almost all terrain letters, so the kit ships it gzip-compressed
(``conformance/scenarios/cap-1000x1000.json.gz``, a few tens of kB); a reader inflates it (Python's
``gzip``, Node's ``zlib``) and reads the JSON as any other. Its vector holds the facts at a 12 x 12
grid of sampled hexes plus the river, dam and unit hexes, and one breach replay stopped after a few
turns (a whole run would take over 300 steps).

Terrain: bands of forest and swamp, towns in blocks, so it is not one letter; a river from the top
edge to the bottom edge near the middle, a tributary from the left edge that joins it, a dam with its
reservoir near the top, and units at the corners and on the river.
"""

from __future__ import annotations

from breach_scenarios import _hx, _path  # beside this file: the same path and hex helpers

from dambuster.model.hexgrid import Layout, neighbor

SIZE = 1000
LAY = Layout("pointy", "even-r", SIZE, SIZE)
AX = LAY.to_axial
NAME = "cap-1000x1000"
DESCRIPTION = "focused: the size cap, pointy even-r 1000 x 1000 (gzip-compressed scenario)"
DAM = "dam-cap"
RUNS = [(0, 4)]


def document() -> dict:
    def letter(c, r):
        if (c // 97 + r // 83) % 7 == 3:
            return "f"
        if (c // 151 + 2 * (r // 113)) % 11 == 5:
            return "s"
        if c % 200 in range(20, 26) and r % 250 in range(30, 34):
            return "t"
        return "c"

    terrain = [[letter(c, r) for c in range(SIZE)] for r in range(SIZE)]
    main = _path(AX(500, 0), AX(520, 400)) + _path(AX(520, 400), AX(480, SIZE - 1))[1:]
    joins_col = min(LAY.to_offset(h)[0] for h in main if LAY.to_offset(h)[1] == 640)
    tributary = [AX(c, 640) for c in range(joins_col)]  # along offset row 640 up to the main river
    dam = main[10]
    reservoir = [
        h for h in (neighbor(x, d) for x in main[:10] for d in range(6)) if h not in main and LAY.contains(h)
    ]
    reservoir = list(dict.fromkeys(reservoir))
    for h in main + tributary + reservoir:
        c, r = LAY.to_offset(h)
        terrain[r][c] = "w"
    return {
        "format_version": "1.2",
        "generator": "conformance/make_vectors.py",
        "meta": {
            "title": "Conformance: the size cap, 1000 x 1000",
            "profiles": ["ogre-basic", "ogre-dambusters"],
        },
        "map": {
            "kind": "hex",
            "orientation": "pointy",
            "offset": "even-r",
            "columns": SIZE,
            "rows": SIZE,
            "terrain": {"rows": ["".join(row) for row in terrain]},
            "rivers": [
                {"id": "great", "hexes": [_hx(h) for h in main]},
                {"id": "western", "hexes": [_hx(h) for h in tributary], "joins": "great"},
            ],
            "dams": [
                {
                    "id": DAM,
                    "hex": _hx(dam),
                    "river": "great",
                    "sp": 80,
                    "damage": 0,
                    "reservoir": [_hx(h) for h in reservoir],
                }
            ],
            "floodplain": {"mode": "random", "hexes": []},
        },
        "unit_types": {
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
        },
        "sides": [
            {"id": "blue", "name": "Blue", "role": "defender"},
            {"id": "red", "name": "Red", "role": "attacker"},
        ],
        "units": [
            {"id": "gev-river", "type": "gev", "side": "blue", "hex": _hx(main[16])},
            {"id": "tank-corner", "type": "heavy-tank", "side": "red", "hex": _hx(AX(SIZE - 1, SIZE - 1))},
            {"id": "tank-origin", "type": "heavy-tank", "side": "red", "hex": _hx(AX(0, 0))},
        ],
    }
