"""The ogre-basic and ogre-engineers rules on a small basic-scenario setup (8x8, flat odd-q): a
defender with infantry, a heavy tank, a howitzer and a command post inside its setup zones, and an
attacking Ogre Mark III waiting off the map."""

from __future__ import annotations

import pytest

from dambuster.model import io
from dambuster.model.factory import new_hex_scenario
from dambuster.model.scenario import Budget, Entrenchment, Mine, Revetment, SetupZone, Side, Unit
from dambuster.validators import check_scenario

BACK = [(q, r) for q in range(8) for r in range(-4, 1) if 0 <= r + (q - (q & 1)) // 2 <= 2]  # top three rows
FRONT = [(q, 1 - (q - (q & 1)) // 2 + 2) for q in range(8)]  # row 4


def basic(profiles=("ogre-basic",)):
    s = new_hex_scenario(8, 8, profiles=list(profiles), title="basic")
    s.sides = [Side("def", "Defender"), Side("ogre", "Ogre", role="attacker")]
    s.units = [
        Unit("inf1", "infantry", "def", (1, 0), squads=3),
        Unit("tank1", "heavy-tank", "def", (2, 0)),
        Unit("how1", "howitzer", "def", (3, -1)),
        Unit("cp", "command-post", "def", (4, -1)),
        Unit("inf2", "infantry", "def", FRONT[5], squads=2),
        Unit("mk3", "ogre-mk3", "ogre", None),
    ]
    s.setup_zones = [
        SetupZone("back", "def", list(BACK)),
        SetupZone("front", "def", list(FRONT), max_attack=2),
    ]
    s.budgets = [
        Budget("def", infantry_attack=5, armor_units=3, units={"command-post": 1}),
        Budget("ogre", units={"ogre-mk3": 1}),
    ]
    return s


def only(s, code):
    found = check_scenario(s)
    assert {v.code for v in found} == {code}, [(v.code, v.message) for v in found]
    return found


def clean(s):
    found = check_scenario(s)
    assert found == [], [(v.code, v.message) for v in found]


def unit(s, uid):
    return next(u for u in s.units if u.id == uid)


def test_basic_setup_is_clean_and_a_valid_file():
    s = basic()
    clean(s)
    clean(io.loads(io.dumps(s)))


# --------------------------------------------------------------------------------- stacking
def test_two_vehicles_in_a_hex():
    s = basic()
    unit(s, "how1").hex = (2, 0)
    (v,) = only(s, "STACK-LIMIT")
    assert v.location["hex"] == [2, 0] and set(v.witness["units"]) == {"tank1", "how1"}
    assert v.location["pointer"] == "/units/2"


def test_infantry_up_to_three_squads_per_hex():
    s = basic()
    s.budgets = []
    unit(s, "inf1").squads = 2
    s.units.append(Unit("inf3", "infantry", "def", (1, 0), squads=1))
    clean(s)  # 2 + 1 squads
    unit(s, "inf3").squads = 2
    (v,) = only(s, "STACK-LIMIT")
    assert v.witness["squads"] == 4


def test_infantry_beside_a_tank_only_with_the_engineers_rules():
    s = basic()
    unit(s, "inf1").hex = (2, 0)
    only(s, "STACK-LIMIT")
    s.meta.profiles = ["ogre-basic", "ogre-engineers"]
    clean(s)


def test_engineers_scenarios_still_limit_squads():
    s = engineers()
    unit(s, "inf2").squads = 3
    s.units.append(Unit("inf3", "infantry", "def", FRONT[5], squads=1))
    s.budgets = []
    s.setup_zones[1].max_attack = None
    (v,) = only(s, "STACK-LIMIT")
    assert v.profile == "ogre-basic"


def test_destroyed_units_do_not_stack():
    s = basic()
    s.units.append(Unit("wreck", "light-tank", "def", (2, 0), status="destroyed"))
    s.budgets[0].armor_units = 4
    clean(s)


# ---------------------------------------------------------------------------------- terrain
@pytest.mark.parametrize("kind", ["building", "water", "debris", "crater"])
def test_tank_cannot_stand_on(kind):
    s = basic()
    s.map.terrain[(2, 0)] = kind
    (v,) = only(s, "UNIT-TERRAIN")
    assert v.location["pointer"] == "/units/1/hex" and v.location["feature"] == "tank1"


@pytest.mark.parametrize("kind", ["clear", "forest", "swamp", "town", "rubble", "flooded-town"])
def test_tank_may_stand_on(kind):
    s = basic()
    s.map.terrain[(2, 0)] = kind
    clean(s)


def test_gev_and_hovertruck_and_ogre_in_water():
    s = basic()
    s.map.terrain[(2, 0)] = "water"
    s.map.terrain[(6, -3)] = "water"
    unit(s, "tank1").type = "gev"
    s.units.append(Unit("ht", "hovertruck", "def", (6, -3)))
    s.units.append(Unit("mk3b", "ogre-mk3", "ogre", (6, 1)))
    s.map.terrain[(6, 1)] = "debris"
    s.budgets = []
    clean(s)


def test_nobody_on_a_building():
    s = basic()
    s.map.terrain[(1, 0)] = "building"
    (v,) = only(s, "UNIT-TERRAIN")
    assert v.location["feature"] == "inf1"


def test_superheavy_submerged_only_under_the_dambusters_rules():
    s = basic()
    s.map.terrain[(2, 0)] = "water"
    unit(s, "tank1").type = "superheavy"
    only(s, "UNIT-TERRAIN")
    s.meta.profiles.append("ogre-dambusters")
    clean(s)
    s.parameters.rules["UNIT-TERRAIN"] = {"superheavy_water": 0}
    only(s, "UNIT-TERRAIN")


def test_infantry_in_water_marines_only_by_parameter():
    s = basic()
    s.map.terrain[(1, 0)] = "water"
    only(s, "UNIT-TERRAIN")
    unit(s, "inf1").type = "marines"
    only(s, "UNIT-TERRAIN")
    s.parameters.rules["UNIT-TERRAIN"] = {"marines_water": 1}
    clean(s)


# ---------------------------------------------------------------------------- setup zones
def test_unit_outside_its_setup_zones():
    s = basic()
    unit(s, "tank1").hex = (2, 5)  # the bottom of the map
    (v,) = only(s, "SETUP-ZONE")
    assert v.location["pointer"] == "/units/1/hex" and v.location["hex_label"] == "0307"


def test_units_off_the_map_and_sides_without_zones_are_fine():
    s = basic()
    unit(s, "mk3").hex = (3, 4)  # the attacker has no zones
    unit(s, "tank1").hex = None
    clean(s)


def test_zone_attack_cap():
    s = basic()
    unit(s, "inf2").squads = 3  # 3 attack in a zone capped at 2
    s.budgets[0].infantry_attack = 6
    (v,) = only(s, "SETUP-ZONE")
    assert v.location["pointer"] == "/setup_zones/1/max_attack"
    assert v.witness == {"attack": 3, "max_attack": 2, "units": ["inf2"]}


# ---------------------------------------------------------------------------------- budgets
def test_one_armor_unit_too_many():
    s = basic()
    s.units.append(Unit("tank2", "light-tank", "def", (5, -2)))
    (v,) = only(s, "FORCE-BUDGET")
    assert v.location["pointer"] == "/budgets/0/armor_units" and v.witness == {"have": 4, "budget": 3}


def test_howitzer_counts_two_armor_units():
    s = basic()
    unit(s, "how1").type = "missile-tank"  # weight 1 instead of 2
    (v,) = only(s, "FORCE-BUDGET")
    assert v.witness == {"have": 2, "budget": 3}
    s.parameters.rules["FORCE-BUDGET"] = {"allow_under": 1}
    clean(s)


def test_infantry_attack_counts_squads():
    s = basic()
    unit(s, "inf1").squads = 2
    (v,) = only(s, "FORCE-BUDGET")
    assert v.location["pointer"] == "/budgets/0/infantry_attack" and v.witness == {"have": 4, "budget": 5}


def test_exact_count_of_other_types():
    s = basic()
    s.units.append(Unit("mk3b", "ogre-mk3", "ogre", None))
    (v,) = only(s, "FORCE-BUDGET")
    assert v.location["pointer"] == "/budgets/1/units/ogre-mk3"


def test_unlisted_types_only_when_strict():
    s = basic()
    s.units.append(Unit("truck1", "truck", "def", None))
    clean(s)
    s.parameters.rules["FORCE-BUDGET"] = {"strict": 1}
    (v,) = only(s, "FORCE-BUDGET")
    assert v.witness["type"] == "truck"


# ------------------------------------------------------------------------------------ mines
def test_visible_mine_is_a_warning_unless_tagged():
    s = basic()
    s.map.markers.mines = [Mine("m1", (4, 2), "def", hidden=False)]
    (v,) = only(s, "MINE-VISIBLE")
    assert v.severity == "warning" and v.location["pointer"] == "/map/markers/mines/0/hidden"
    s.meta.tags = ["Tutorial"]
    clean(s)
    s.meta.tags = []
    s.map.markers.mines[0].hidden = True
    clean(s)


# ----------------------------------------------------------------------------- engineering
def engineers():
    """Engineering scenarios declare both profiles: the engineering rules extend the basic game."""
    return basic(profiles=("ogre-basic", "ogre-engineers"))


@pytest.mark.parametrize("kind", ["swamp", "water", "town", "crater"])
def test_entrenchment_terrain(kind):
    s = engineers()
    s.map.terrain[(5, 2)] = kind
    s.map.markers.entrenchments = [Entrenchment((5, 2), 2)]
    (v,) = only(s, "ENTRENCH-TERRAIN")
    assert v.location["pointer"] == "/map/markers/entrenchments/0"


@pytest.mark.parametrize("kind", ["clear", "forest", "rubble"])
def test_entrenchment_terrain_allowed(kind):
    s = engineers()
    s.map.terrain[(5, 2)] = kind
    s.map.markers.entrenchments = [Entrenchment((5, 2), 2)]
    clean(s)


def test_at_most_fifteen_entrenchments_per_hex():
    s = engineers()
    s.map.markers.entrenchments = [Entrenchment((5, 2), 15)]
    clean(s)
    s.map.markers.entrenchments[0].count = 16
    (v,) = only(s, "ENTRENCH-MAX")
    assert v.witness == {"count": 16, "max": 15}


def test_engineering_rules_do_not_run_for_the_basic_profile():
    s = basic()
    s.map.markers.entrenchments = [Entrenchment((5, 2), 16)]
    clean(s)


def test_small_revetment_holds_three_light_tanks_not_four_sizes():
    s = engineers()
    s.budgets = []
    s.map.markers.revetments = [Revetment("rv1", (5, -2), "small")]
    s.units += [Unit(f"lt{i}", "light-tank", "def", (5, -2)) for i in range(3)]
    clean(s)  # total size 3: the text's own example
    s.units[-1].type = "heavy-tank"  # 1 + 1 + 2
    (v,) = only(s, "REVETMENT-CAPACITY")
    assert v.location["pointer"] == "/map/markers/revetments/0" and v.witness["size"] == 4
    assert v.witness["capacity"] == 3


def test_large_revetment_holds_size_five():
    s = engineers()
    s.budgets = []
    s.map.markers.revetments = [Revetment("rv1", (5, -2), "large")]
    s.units += [
        Unit("h1", "heavy-tank", "def", (5, -2)),
        Unit("m1", "missile-tank", "def", (5, -2)),
        Unit("l1", "light-tank", "def", (5, -2)),
    ]
    clean(s)
    s.units[-1].type = "heavy-tank"
    only(s, "REVETMENT-CAPACITY")


def _valley_with(units):
    from pathlib import Path

    from dambuster.model.io import load

    s = load(Path(__file__).resolve().parents[2] / "samples" / "ogre-dambusters-valley.json")
    s.units.extend(units)
    return s


def _unit_terrain(s):
    return [v for v in check_scenario(s) if v.code == "UNIT-TERRAIN"]


def test_any_unit_may_stand_on_a_river_bridge_over_the_water():
    """The surge runs under a river bridge and leaves the units on it alone, so units do stand on
    one: a heavy tank or infantry on the valley's bridge hex (1214, water) is no terrain error, while
    the same tank in the plain river next to it still is."""
    on_bridge = [
        Unit("tank-b", "heavy-tank", "paneuropean", (11, 8)),
        Unit("inf-b", "infantry", "paneuropean", (11, 8), squads=1),
    ]
    s = _valley_with(on_bridge)
    assert s.map.terrain[(11, 8)] == "water" and _unit_terrain(s) == []
    s.units[-1].hex = (11, 7)  # off the bridge, into the river
    (v,) = _unit_terrain(s)
    assert v.location["feature"] == "inf-b" and "stands on water at 1213" in v.message


def test_a_river_bridge_marked_out_carries_nobody():
    """A bridge that is out is no deck to stand on: units there are in the water again."""
    from dambuster.model.scenario import BridgeOut

    s = _valley_with([Unit("tank-b", "heavy-tank", "paneuropean", (11, 8))])
    s.map.markers.bridges_out.append(BridgeOut("bridge-kessel"))
    (v,) = _unit_terrain(s)
    assert v.location["feature"] == "tank-b"


def test_craters_take_infantry_and_ogres_unless_the_scenario_follows_the_original_game():
    """The texts here say nothing of craters: by our decision infantry and Ogres may stand in one;
    crater_entry 0 lets no unit in, as the original game does."""
    s = basic()
    s.map.terrain[(1, 0)] = "crater"
    clean(s)
    s.parameters.rules["UNIT-TERRAIN"] = {"crater_entry": 0}
    (v,) = only(s, "UNIT-TERRAIN")
    assert v.location["feature"] == "inf1" and "stands on crater" in v.message
