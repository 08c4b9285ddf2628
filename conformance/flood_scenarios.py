"""The focused flash-flood scenarios of the conformance kit (make_vectors.py writes them and their replays).

``flood-junctions``: a table in mm (so the carry converts at 25.4 mm to the inch) with a sewer whose
corridors are straight or bend at right angles, and one slanting 3-4-5 corridor, so every length is
exact. From the origin an intake runs to a **junction** of three ways on; one of them leads to a
second junction of four ways on (a die picks one of four and rolls again on 5 and 6), another to a
dead end; a grate and a cave-in stop models; a gantry keeps one model out of reach; a corridor not
joined to the rest is never flooded. Models stand close together (a carried one **bumps** them) and
two stand at the same distance from the origin (a tie, ordered by a draw). The seeds are the first
ones whose runs show an **exploding six** (a carry die of 6 rolled again), a bump that knocks a model
off, a junction die rolled again and a model stopped by a cave-in.

``flood-now`` is the same sewer with a turn table whose first turn needs 1 (the flood comes without a
draw); ``flood-never`` one whose only turn needs 7 (it never comes).
"""

from __future__ import annotations

CORRIDORS = [
    ("intake", [[20, 300], [300, 300]], 30),
    ("north", [[300, 300], [300, 100], [600, 100]], 30),
    ("east", [[300, 300], [700, 300]], 30),
    ("south", [[300, 300], [300, 500]], 30),
    ("e-dead", [[700, 300], [950, 300]], 20),
    ("e-up", [[700, 300], [700, 40]], 20),
    ("e-down", [[700, 300], [700, 560]], 20),
    ("e-slant", [[700, 300], [880, 540]], 20),
    ("isolated", [[50, 50], [250, 50]], 20),
]
MODELS = [  # id, corridor, position (mm), strength
    ("m-intake-a", "intake", 150, 2),
    ("m-intake-b", "intake", 170, 1),
    ("m-intake-c", "intake", 260, 3),
    ("m-north", "north", 50, 1),
    ("m-south", "south", 50, 1),
    ("m-east-a", "east", 60, 2),
    ("m-east-b", "east", 75, 1),
    ("m-east-c", "east", 390, 2),
    ("m-slant", "e-slant", 120, 1),
    ("m-under-gantry", "south", 180, 1),
    ("m-isolated", "isolated", 100, 1),
]


def document(turns: list[dict] | None) -> dict:
    flash = {"turns": turns, "hit_strength": 1, "hit_step": 3.0, "impassable_hit": 3, "bump_on": 4}
    doc = {
        "format_version": "1.2",
        "generator": "conformance/make_vectors.py",
        "meta": {"title": "Conformance: flash flood, junctions and bumps", "profiles": ["flash-flood"]},
        "map": {
            "kind": "table",
            "width": 1000,
            "depth": 600,
            "unit": "mm",
            "sewer": {
                "corridors": [
                    {"id": i, "line": [[float(x), float(y)] for x, y in line], "width": w}
                    for i, line, w in CORRIDORS
                ],
                "nodes": [],
                "grates": [{"id": "grate-north", "point": [450.0, 100.0]}],
                "sluice_gates": [],
                "cave_ins": [
                    {"id": "cave-in-up", "point": [700.0, 180.0]},
                    {"id": "cave-in-south", "point": [300.0, 420.0]},
                ],
                "gantries": [
                    {
                        "id": "gantry-south",
                        "polygon": [[280.0, 460.0], [320.0, 460.0], [320.0, 500.0], [280.0, 500.0]],
                    }
                ],
                "flood_origin": [20.0, 300.0],
                "models": [
                    {"id": i, "side": "red", "strength": s, "corridor": c, "position": float(p)}
                    for i, c, p, s in MODELS
                ],
            },
        },
        "unit_types": {},
        "sides": [
            {"id": "red", "name": "Red", "role": "defender"},
            {"id": "blue", "name": "Blue", "role": "attacker"},
        ],
    }
    if turns is not None:
        doc["parameters"] = {"flash_flood": flash}
    return doc


def _features(output: dict) -> set[str]:
    """What a run shows: an exploding six, a knock-off, a junction die rolled again, a stop at a cave-in."""
    found = set()
    for e in output["events"]:
        rolls = e.get("rolls", [])
        if e["kind"] == "carried" and 6 in e["detail"]["dice"] and len(e["detail"]["dice"]) > 1:
            found.add("six")
        if e["kind"] == "bump" and e["detail"]["knocked_off"]:
            found.add("knock")
        if any(r["for"].endswith("(1 of 4)") and r["value"] > 4 for r in rolls):
            found.add("reroll")
        if e["kind"] == "carried" and (e["detail"]["stopped_by"] or "").startswith("cave-in"):
            found.add("cave-in")
    return found


def pick_seeds(run) -> list[int]:
    """The first seeds (0, 1, ...) that together show every feature, each adding one; at least three."""
    want = {"six", "knock", "reroll", "cave-in"}
    seeds, seen = [], set()
    for seed in range(500):
        new = _features(run(seed)) - seen
        if new or (len(seeds) < 3 and seed < 3):
            seeds.append(seed)
            seen |= new
        if seen == want and len(seeds) >= 3:
            return seeds
    raise ValueError(f"no seed shows {sorted(want - seen)}")


#: name -> (document builder, description, seeds: None to pick them with pick_seeds, or a list)
FLOODS = {
    "flood-junctions": (
        lambda: document(None),
        "focused flash flood: junctions of 3 and 4 ways, bumps, a tie, exploding sixes, a grate, a "
        "cave-in, a dead end, a gantry and a corridor out of reach (mm)",
        None,
    ),
    "flood-now": (
        lambda: document([{"turn": 1, "on": 1}]),
        "focused flash flood: the first turn needs 1, the flood comes without a draw",
        [0, 1],
    ),
    "flood-never": (
        lambda: document([{"turn": 2, "on": 7}]),
        "focused flash flood: the only turn needs 7, the flood never comes",
        [0],
    ),
}
