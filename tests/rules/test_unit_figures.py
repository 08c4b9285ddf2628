"""Unit figures against the rule texts (shared/rules/)."""

from __future__ import annotations

import dataclasses

from dambuster.model.catalog import DEFAULT_UNIT_TYPES


def figures(key: str) -> tuple[int, int, int, int, int]:
    t = DEFAULT_UNIT_TYPES[key]
    return t.attack, t.range, t.defense, t.movement, t.second_move


def test_the_jeep_is_the_original_games_gev():
    """Basic redesign (paraphrased): the unit stats are identical to the original game, only the theme
    changes; its jeep moves 4 before combat and 3 after it, which in the original game is the GEV:
    attack 2 at range 2, defense 2, movement 4 then 3."""
    assert figures("jeep") == figures("gev") == (2, 2, 2, 4, 3)
    assert DEFAULT_UNIT_TYPES["jeep"].size == DEFAULT_UNIT_TYPES["gev"].size


def test_the_basic_games_figures_the_text_states():
    """Basic redesign (paraphrased): a Mark III starts with 45 leg units and a Mark V with 60, both
    moving 3; a tank's successful leg attack costs the Ogre 4 leg units (attack 4); the howitzer is
    stationary and counts as two armor units; the command post has attack and defense 0 and does not
    move, the mobile command trailer moves 1."""
    assert (DEFAULT_UNIT_TYPES["ogre-mk3"].treads, DEFAULT_UNIT_TYPES["ogre-mk5"].treads) == (45, 60)
    assert DEFAULT_UNIT_TYPES["ogre-mk3"].movement == DEFAULT_UNIT_TYPES["ogre-mk5"].movement == 3
    assert DEFAULT_UNIT_TYPES["heavy-tank"].attack == 4
    hw = DEFAULT_UNIT_TYPES["howitzer"]
    assert (hw.movement, hw.armor_weight) == (0, 2)
    cp = DEFAULT_UNIT_TYPES["command-post"]
    assert (cp.attack, cp.defense, cp.movement) == (0, 0, 0)
    assert DEFAULT_UNIT_TYPES["mobile-command-trailer"].movement == 1


def test_the_vulcan_and_its_drones_as_the_engineers_text_gives_them():
    """Combat engineers (paraphrased): the Vulcan starts with a move of 4 and 48 tread units and is a
    Mark III for size; a heavy drone has no weapons and moves and defends as a heavy tank; combat
    engineers are regular infantry for every other purpose."""
    v = DEFAULT_UNIT_TYPES["vulcan"]
    assert (v.movement, v.treads, v.size) == (4, 48, DEFAULT_UNIT_TYPES["ogre-mk3"].size)
    drone, heavy = DEFAULT_UNIT_TYPES["heavy-drone"], DEFAULT_UNIT_TYPES["heavy-tank"]
    assert (drone.attack, drone.range) == (0, 0)
    assert (drone.defense, drone.movement) == (heavy.defense, heavy.movement)
    ce, inf = (
        dataclasses.asdict(DEFAULT_UNIT_TYPES["combat-engineers"]),
        dataclasses.asdict(DEFAULT_UNIT_TYPES["infantry"]),
    )
    assert {k: v for k, v in ce.items() if k != "name"} == {k: v for k, v in inf.items() if k != "name"}
