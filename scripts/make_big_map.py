#!/usr/bin/env python3
"""Generates a large Dambusters hex map: noise terrain (forest, swamp, towns), rivers running from the
northern edge to the southern edge, east-west roads bridging them, a dam with its reservoir, and a few
units. Deterministic for a given seed; a 1000 x 1000 map takes a few seconds.

    .venv/bin/python scripts/make_big_map.py --columns 200 --rows 200 --seed 7 -o samples/big-200x200.json

Layout: flat-top, odd-q. Each river keeps to its own band of columns, so rivers never touch; a road
crosses a river only where the river runs straight down for three rows, so every crossing is one hex
with one bridge. The reservoir lies upstream of the dam on the first river and never touches the river
below the dam.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from dambuster.model import save
from dambuster.model.catalog import default_unit_types
from dambuster.model.hexgrid import Hex, Layout, distance, neighbors
from dambuster.model.scenario import (
    Dam,
    Floodplain,
    HexMap,
    Meta,
    River,
    RiverBridge,
    Route,
    Scenario,
    SetupZone,
    Side,
    Town,
    Unit,
)
from dambuster.model.terrain import TERRAIN_KINDS, Terrain, kind_index

STAMP = "2026-11-22T00:00:00Z"
DOWN, DOWN_RIGHT, DOWN_LEFT = (0, 1), (1, 0), (-1, 1)


def value_noise(rng: np.random.Generator, rows: int, cols: int, cell: int) -> np.ndarray:
    """Smooth noise in [0, 1]: random values on a coarse grid, bilinearly interpolated."""
    gr, gc = rows // cell + 2, cols // cell + 2
    grid = rng.random((gr, gc))
    y = np.arange(rows) / cell
    x = np.arange(cols) / cell
    y0, x0 = y.astype(int), x.astype(int)
    fy, fx = (y - y0)[:, None], (x - x0)[None, :]
    fy, fx = fy * fy * (3 - 2 * fy), fx * fx * (3 - 2 * fx)  # smoothstep
    a = grid[np.ix_(y0, x0)]
    b = grid[np.ix_(y0, x0 + 1)]
    c = grid[np.ix_(y0 + 1, x0)]
    d = grid[np.ix_(y0 + 1, x0 + 1)]
    return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy


def base_terrain(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    cell = max(4, min(rows, cols) // 12)
    veg = value_noise(rng, rows, cols, cell) * 0.7 + value_noise(rng, rows, cols, max(2, cell // 3)) * 0.3
    wet = value_noise(rng, rows, cols, cell) * 0.7 + value_noise(rng, rows, cols, max(2, cell // 3)) * 0.3
    cells = np.full((rows, cols), kind_index("clear"), dtype=np.uint8)
    cells[veg > 0.62] = kind_index("forest")
    cells[wet > 0.7] = kind_index("swamp")
    return cells


def make_river(rng: np.random.Generator, L: Layout, lo: int, hi: int, straight_rows: set[int]) -> list[Hex]:
    """A river from the northern edge to the southern edge, kept within columns lo..hi."""
    col = int(rng.integers(lo, hi + 1))
    h = L.to_axial(col, 0)
    hexes = [h]
    while L.to_offset(h)[1] < L.rows - 1:
        _c, r = L.to_offset(h)
        roll = rng.random()
        step = DOWN if roll < 0.5 or r in straight_rows else (DOWN_RIGHT if roll < 0.75 else DOWN_LEFT)
        nxt = (h[0] + step[0], h[1] + step[1])
        if not lo <= L.to_offset(nxt)[0] <= hi:
            nxt = (h[0] + DOWN[0], h[1] + DOWN[1])
        h = nxt
        hexes.append(h)
    return hexes


def grow(L: Layout, centre: Hex, radius: int) -> list[Hex]:
    out, frontier, seen = [], [centre], {centre}
    while frontier:
        h = frontier.pop()
        out.append(h)
        for n in neighbors(h):
            if n not in seen and L.contains(n) and distance(n, centre) <= radius:
                seen.add(n)
                frontier.append(n)
    return sorted(out, key=L.index)


def generate(columns: int, rows: int, seed: int) -> Scenario:
    rng = np.random.default_rng(seed)
    L = Layout("flat", "odd-q", columns, rows)
    cells = base_terrain(rng, rows, columns)

    n_rivers = max(1, min(12, columns // 60))
    bands = np.linspace(0, columns, n_rivers + 1).astype(int)
    n_roads = max(1, min(12, rows // 50))
    road_rows = sorted({int(x) for x in np.linspace(rows * 0.2, rows * 0.9, n_roads)})
    straight = {r + k for r in road_rows for k in range(-2, 2)}
    rivers = [make_river(rng, L, int(a) + 2, int(b) - 3, straight) for a, b in zip(bands, bands[1:])]

    # The dam: a third of the way down the first river, away from the roads.
    main = rivers[0]
    radius = max(2, min(6, columns // 40))
    i = len(main) // 3
    while any(-3 <= L.to_offset(main[i])[1] - r <= 2 * radius + 4 for r in road_rows) and i < len(main) - 10:
        i += 1
    dam_hex = main[i]
    below = set(main[i:])
    near_below = {n for h in main[i + 1 :] for n in neighbors(h)} | below
    lo, hi = int(bands[0]) + 1, int(bands[1]) - 2
    reservoir = [
        h
        for h in grow(L, main[max(0, i - radius - 1)], radius)
        if h not in near_below and lo <= L.to_offset(h)[0] <= hi and L.to_offset(h)[1] > 0
    ]
    reservoir_rows = {L.to_offset(h)[1] for h in reservoir}
    assert not reservoir_rows & set(road_rows)

    def put(h: Hex, kind: str) -> None:
        c, r = L.to_offset(h)
        cells[r, c] = kind_index(kind)

    def kind_at(h: Hex) -> str:
        c, r = L.to_offset(h)
        return TERRAIN_KINDS[cells[r, c]]

    # Towns: small clusters of town hexes beside the roads, off the rivers.
    water = {h for river in rivers for h in river} | set(reservoir)
    towns = []
    for k in range(max(1, columns * rows // 8000)):
        r = road_rows[k % len(road_rows)] + int(rng.integers(-1, 2))
        c = int(rng.integers(2, columns - 2))
        hexes = [
            h
            for h in grow(L, L.to_axial(c, r), 1)
            if h not in water and not any(n in water for n in neighbors(h))
        ]
        if hexes:
            for h in hexes:
                put(h, "town")
            towns.append(Town(f"town-{k + 1}", f"Town {k + 1}", hexes))
    roads = []
    bridges = []
    for j, r in enumerate(road_rows):
        hexes = [L.to_axial(c, r) for c in range(columns)]
        roads.append(Route(f"road-{j + 1}", hexes, f"Road {j + 1}"))
        for h in hexes:
            if kind_at(h) == "swamp":
                put(h, "clear")  # a causeway
    for h in water:
        put(h, "water")
    river_of = {h: n for n, river in enumerate(rivers) for h in river}
    for j, road in enumerate(roads):
        for h in road.hexes:
            if h in river_of:
                n = river_of[h]
                bridges.append(RiverBridge(f"bridge-{j + 1}-{n + 1}", h, road.id, f"river-{n + 1}"))

    floodplain = []
    for h in main[i + 1 : i + 40]:
        for n in neighbors(h):
            if (
                L.contains(n)
                and n not in water
                and kind_at(n) in ("clear", "forest", "town")
                and n not in floodplain
            ):
                floodplain.append(n)

    # Forces: a garrison around the dam, an Ogre and a Vulcan on the southern edge.
    def land_near(centre: Hex, count: int, taken: set[Hex]) -> list[Hex]:
        found = []
        for h in grow(L, centre, 8):
            if kind_at(h) == "clear" and h not in taken and h not in water:
                found.append(h)
                taken.add(h)
                if len(found) == count:
                    break
        return found

    taken: set[Hex] = set()
    garrison_zone = [h for h in grow(L, dam_hex, 8) if h not in water]
    garrison = land_near(dam_hex, 6, taken)
    south = [
        h
        for h in (L.to_axial(c, rows - 1) for c in range(columns))
        if h not in water and kind_at(h) == "clear"
    ]
    kinds = ["heavy-tank", "heavy-tank", "missile-tank", "infantry", "infantry", "howitzer"]
    units = [
        Unit(f"pe-{n + 1}", kind, "paneuropean", h, squads=3 if kind == "infantry" else 1)
        for n, (kind, h) in enumerate(zip(kinds, garrison))
    ]
    units += [
        Unit("ogre-1", "ogre-mk3", "combine", south[len(south) // 3]),
        Unit("vulcan-1", "vulcan", "combine", south[2 * len(south) // 3]),
    ]
    attacker_zone = [
        h for h in (L.to_axial(c, r) for r in range(rows - 3, rows) for c in range(columns)) if h not in water
    ]

    terrain = Terrain(L, bytearray(cells.tobytes()))
    hex_map = HexMap(
        "flat",
        "odd-q",
        columns,
        rows,
        terrain,
        rivers=[River(f"river-{n + 1}", river, f"River {n + 1}") for n, river in enumerate(rivers)],
        roads=roads,
        dams=[
            Dam(
                "dam-1",
                dam_hex,
                "river-1",
                sp=80,
                damage=0,
                sp_known_to=["paneuropean"],
                reservoir=reservoir,
                name="Great dam",
            )
        ],
        river_bridges=bridges,
        towns=towns,
        floodplain=Floodplain("predetermined", sorted(floodplain, key=L.index)),
    )
    return Scenario(
        Meta(
            f"Generated valley {columns}x{rows} (seed {seed})",
            "dambuster samples",
            f"A generated {columns} x {rows} hex map for testing and benchmarks: made by scripts/make_big_map.py "
            f"--columns {columns} --rows {rows} --seed {seed}.",
            "CC0-1.0",
            ["generated", "large map", "dambusters"],
            STAMP,
            STAMP,
            ["ogre-dambusters"],
        ),
        hex_map,
        unit_types=default_unit_types(),
        sides=[
            Side("combine", "Combine", "attacker", "#c03030"),
            Side("paneuropean", "Paneuropean", "defender", "#3060c0"),
        ],
        units=units,
        setup_zones=[
            SetupZone("zone-dam", "paneuropean", garrison_zone, name="Dam garrison"),
            SetupZone("zone-south", "combine", attacker_zone, name="Southern edge"),
        ],
        turn_limit=20,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--columns", type=int, default=200, help="map columns (20-1000, default 200)")
    ap.add_argument("--rows", type=int, default=200, help="map rows (20-1000, default 200)")
    ap.add_argument("--seed", type=int, default=7, help="random seed (default 7)")
    ap.add_argument("-o", "--output", type=Path, required=True, help="file to write")
    args = ap.parse_args(argv)
    if not (20 <= args.columns <= 1000 and 20 <= args.rows <= 1000):
        ap.error("columns and rows must be between 20 and 1000")
    save(generate(args.columns, args.rows, args.seed), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
