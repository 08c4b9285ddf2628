"""The ogre-dambusters rules: each breaks on a minimal change to a valid valley and holds just inside
its threshold. The valley (12x10, flat odd-q) has river r1 running down column 5 to the bottom edge,
a tributary joining it below dam d1, a reservoir above the dam, a road over a river bridge and a
stream bridge, and two floodplain hexes beside the river below the dam."""

from __future__ import annotations

import pytest

from dambuster.model import io
from dambuster.model.factory import new_hex_scenario
from dambuster.model.scenario import (
    Building,
    Dam,
    HexsideFeature,
    River,
    RiverBridge,
    Route,
    StreamBridge,
)
from dambuster.validators import check_scenario

R1 = [(5, r) for r in range(-1, 8)]  # rows 1..9, ends on the bottom edge
TRIB = [(2, 3), (3, 3), (4, 3)]  # joins r1 at (5, 2), below the dam
RESERVOIR = [(5, 0), (5, -1), (4, 0), (6, -1)]
ROAD = [(q, 5) for q in range(2, 9)]  # crosses r1 at (5, 5) and a stream between (7, 5) and (8, 5)
FLOODPLAIN = [(6, 2), (6, 3)]


def valley():
    s = new_hex_scenario(12, 10, profiles=["ogre-dambusters"], title="valley")
    m = s.map
    m.rivers = [River("r1", list(R1)), River("trib", list(TRIB), joins="r1")]
    m.dams = [Dam("d1", (5, 1), "r1", sp=60, buildings=[Building("pump")], reservoir=list(RESERVOIR))]
    m.roads = [Route("rd1", list(ROAD))]
    m.hexsides = [HexsideFeature((7, 5, 0), "stream")]
    m.river_bridges = [RiverBridge("rb1", (5, 5), "rd1", "r1")]
    m.stream_bridges = [StreamBridge("sb1", (7, 5, 0), "rd1")]
    m.floodplain.hexes = list(FLOODPLAIN)
    for h in R1 + TRIB + RESERVOIR:
        m.terrain[h] = "water"
    m.terrain[(6, 3)] = "forest"
    return s


def codes(s) -> set[str]:
    return {v.code for v in check_scenario(s)}


def only(s, code):
    found = list(check_scenario(s))
    assert {v.code for v in found} == {code}, [(v.code, v.message) for v in found]
    return [v for v in found if v.code == code]


def test_valley_is_clean_and_a_valid_file():
    s = valley()
    assert check_scenario(s) == []
    again = io.loads(io.dumps(s))  # the model's own strict checks accept it
    assert check_scenario(again) == []


# ------------------------------------------------------------------------------------- dams
def test_dam_sp_min_is_a_warning_below_fifty():
    s = valley()
    s.map.dams[0].sp = 49
    (v,) = only(s, "DAM-SP-MIN")
    assert v.severity == "warning" and v.location["pointer"] == "/map/dams/0"
    assert v.location["hex"] == [5, 1] and v.location["hex_label"] == "0604"
    s.map.dams[0].sp = 50
    assert codes(s) == set()


def test_dam_sp_min_threshold_is_a_parameter():
    s = valley()
    s.map.dams[0].sp = 45
    s.parameters.rules["DAM-SP-MIN"] = {"min_sp": 40}
    assert codes(s) == set()


def test_dam_stack_allows_three_buildings_not_four():
    s = valley()
    s.map.dams[0].buildings = [Building(f"b{i}") for i in range(3)]
    assert codes(s) == set()
    s.map.dams[0].buildings.append(Building("b3"))
    (v,) = only(s, "DAM-STACK")
    assert v.witness["buildings"] == ["b0", "b1", "b2", "b3"]


def test_hidden_dam():
    s = valley()
    s.map.dams[0].hidden = True
    (v,) = only(s, "DAM-HIDDEN")
    assert v.location["pointer"] == "/map/dams/0/hidden"


def test_dam_off_its_river():
    s = valley()
    s.map.floodplain.hexes = []  # a dam off the river floods nothing
    s.map.dams[0].hex = (3, 1)
    (v,) = only(s, "DAM-SITE")
    assert "not on river r1" in v.message


def test_dam_on_the_last_hex_has_no_river_below():
    s = valley()
    s.map.floodplain.hexes = []
    s.map.dams[0].hex = (5, 7)
    s.map.dams[0].reservoir = [(5, 6)]
    (v,) = only(s, "DAM-SITE")
    assert "no river hex below" in v.message


def test_dam_without_reservoir_unless_allowed():
    s = valley()
    s.map.dams[0].reservoir = []
    only(s, "DAM-SITE")
    s.parameters.rules["DAM-SITE"] = {"require_reservoir": 0}
    assert codes(s) == set()


def test_reservoir_hex_that_is_not_water():
    s = valley()
    s.map.terrain[(4, 0)] = "clear"
    (v,) = only(s, "DAM-SITE")
    assert v.location["pointer"] == "/map/dams/0/reservoir/2" and v.witness["hexes"] == [[4, 0]]


def test_reservoir_below_the_dam():
    s = valley()
    s.map.dams[0].reservoir.append((5, 2))
    (v,) = only(s, "DAM-SITE")
    assert v.location["hex"] == [5, 2]


def test_reservoir_cut_off_from_the_dam():
    s = valley()
    s.map.dams[0].reservoir.append((1, 1))
    s.map.terrain[(1, 1)] = "water"
    (v,) = only(s, "DAM-SITE")
    assert v.witness["hexes"] == [[1, 1]]


def test_reservoir_not_touching_the_dam():
    s = valley()
    s.map.dams[0].reservoir = [(5, -1), (4, 0)]
    (v,) = only(s, "DAM-SITE")
    assert "touches" in v.message


# ----------------------------------------------------------------------------------- rivers
def test_river_gap_when_a_hex_is_skipped():
    s = valley()
    s.map.rivers[0].hexes.remove((5, 4))
    (v,) = only(s, "RIVER-GAP")
    assert v.location["pointer"] == "/map/rivers/0/hexes/5"
    assert v.witness == {"from": [5, 3], "to": [5, 5], "distance": 2, "times": 1}


def test_river_gap_when_a_hex_repeats():
    s = valley()
    s.map.rivers[0].hexes.insert(4, (5, 3))
    (v,) = only(s, "RIVER-GAP")
    assert v.witness["distance"] == 0 and v.witness["repeats"] == 1


def test_a_hex_repeated_many_times_in_a_row_is_one_finding():
    """A river listing one hex 10,000 times: one line, not 9,999."""
    s = valley()
    s.map.rivers[0].hexes[4:4] = [(5, 3)] * 10_000
    (v,) = only(s, "RIVER-GAP")
    assert "10,000 times in a row" in v.message and v.location["pointer"] == "/map/rivers/0/hexes/5"


def test_tributary_that_ends_away_from_the_river_it_joins():
    s = valley()
    s.map.rivers[1].hexes = [(1, 3), (2, 3)]
    s.map.terrain[(1, 3)] = "water"
    (v,) = only(s, "RIVER-GAP")
    assert v.location["pointer"] == "/map/rivers/1/joins"


def test_river_cycle_witness_is_the_cycle():
    s = valley()
    ring = [(10, 1), (10, 0), (9, 0), (8, 1), (8, 2), (9, 2)]
    s.map.rivers.append(River("loop", ring + [ring[0]]))
    for h in ring:
        s.map.terrain[h] = "water"
    (v,) = only(s, "RIVER-CYCLE")
    cycle = [tuple(h) for h in v.witness["cycle"]]
    assert cycle[0] == cycle[-1] and set(cycle) == set(ring) and len(cycle) == 7
    assert len(v.witness["labels"]) == 7


def test_river_that_ends_inland():
    s = valley()
    s.map.rivers.append(River("pond", [(9, 1), (9, 2)]))
    s.map.terrain[(9, 1)] = s.map.terrain[(9, 2)] = "water"
    (v,) = only(s, "RIVER-OUTLET")
    assert v.location["pointer"] == "/map/rivers/2/hexes/1" and v.location["hex"] == [9, 2]


def test_river_that_ends_on_the_edge_is_fine():
    s = valley()
    s.map.rivers.append(River("brook", [(10, 1), (11, 1)]))  # column 12 is the right edge
    s.map.terrain[(10, 1)] = s.map.terrain[(11, 1)] = "water"
    assert codes(s) == set()


def test_river_split_is_a_warning():
    s = valley()
    branch = [(5, 4)] + [(q, 4) for q in range(6, 12)]
    s.map.rivers.append(River("branch", branch))
    for h in branch:
        s.map.terrain[h] = "water"
    (v,) = only(s, "RIVER-SPLIT")
    assert v.severity == "warning" and v.location["hex"] == [5, 4]
    assert sorted(v.witness["to"]) == [[5, 5], [6, 4]]


def test_river_hex_that_is_not_water():
    s = valley()
    s.map.terrain[(5, 6)] = "clear"
    (v,) = only(s, "RIVER-TERRAIN")
    assert v.location["pointer"] == "/map/rivers/0/hexes/7"


def test_debris_counts_as_river_water():
    s = valley()
    s.map.terrain[(5, 2)] = "debris"
    assert codes(s) == set()


# ------------------------------------------------------------------------------------ surge
def test_surge_with_no_way_off_the_map():
    s = valley()
    s.map.rivers[0].hexes = R1[:5]  # ends at (5, 3), inland
    s.map.roads, s.map.river_bridges, s.map.stream_bridges, s.map.hexsides = [], [], [], []
    (v,) = only(s, "SURGE-PATH")  # the river end below the dam is reported once, here
    assert v.location["pointer"] == "/map/dams/0" and v.witness["ends"] == [[5, 3]]


def test_a_second_dam_stops_the_surge_only_when_dams_block():
    s = valley()
    s.map.dams.append(Dam("d2", (5, 4), "r1", sp=50, reservoir=[(5, 3)]))
    assert codes(s) == set()
    s.parameters.rules["SURGE-PATH"] = {"dams_block": 1}
    (v,) = only(s, "SURGE-PATH")
    assert v.location["feature"] == "d1" and v.witness["blocked_by"] == ["d2"]


# ---------------------------------------------------------------------------------- bridges
def test_river_bridge_off_its_road():
    s = valley()
    s.map.river_bridges[0].hex = (5, 6)
    (v,) = only(s, "BRIDGE-SITE")
    assert v.location["pointer"] == "/map/river_bridges/0" and v.location["feature"] == "rb1"


def test_river_bridge_on_another_river():
    s = valley()
    s.map.river_bridges[0].river = "trib"
    only(s, "BRIDGE-SITE")


def test_river_bridge_on_dry_land():
    s = valley()
    s.map.river_bridges[0].hex = (3, 5)
    only(s, "BRIDGE-SITE")


def test_stream_bridge_where_the_road_does_not_cross():
    s = valley()
    s.map.hexsides.append(HexsideFeature((7, 5, 2), "stream"))
    s.map.stream_bridges[0].side = (7, 5, 2)
    (v,) = only(s, "BRIDGE-SITE")
    assert v.location["hexside"] == [7, 5, 2]


def test_stream_bridge_without_a_stream():
    s = valley()
    s.map.stream_bridges[0].side = (3, 5, 0)
    only(s, "BRIDGE-SITE")


def test_river_bridge_over_a_stream_is_the_wrong_kind():
    s = valley()
    s.map.river_bridges[0].hex = (7, 5)
    (v,) = only(s, "BRIDGE-KIND")
    assert "stream bridge" in v.message


def test_stream_bridge_onto_a_river_hex_is_the_wrong_kind():
    s = valley()
    s.map.stream_bridges[0].side = (4, 5, 0)  # between (4, 5) and the river hex (5, 5)
    (v,) = only(s, "BRIDGE-KIND")
    assert "river bridge" in v.message


# ------------------------------------------------------------------------------- floodplain
@pytest.mark.parametrize("kind", ["swamp", "water", "rubble", "flooded-town"])
def test_floodplain_terrain(kind):
    s = valley()
    s.map.terrain[(6, 2)] = kind
    (v,) = only(s, "FLOODPLAIN-TERRAIN")
    assert v.location["pointer"] == "/map/floodplain/hexes/0"


def test_floodplain_towns_unless_refused():
    s = valley()
    s.map.terrain[(6, 2)] = "town"
    assert codes(s) == set()
    s.parameters.rules["FLOODPLAIN-TERRAIN"] = {"allow_towns": 0}
    only(s, "FLOODPLAIN-TERRAIN")


def test_floodplain_above_the_dam_is_never_reached():
    s = valley()
    s.map.floodplain.hexes.append((6, -2))  # beside the river, but above the dam
    (v,) = only(s, "FLOODPLAIN-REACH")
    assert v.location == {"pointer": "/map/floodplain/hexes/2", "hex": [6, -2], "hex_label": "0702"}


def test_floodplain_one_hex_from_the_surge_is_reached():
    s = valley()
    s.map.floodplain.hexes.append((7, 5))  # two hexes from the river
    assert "FLOODPLAIN-REACH" in codes(s)
    s.map.floodplain.hexes[-1] = (4, 6)  # beside r1 at (5, 6) and (5, 5)
    assert codes(s) == set()


def test_table_scenarios_are_ignored():
    from dambuster.model.factory import new_table_scenario

    assert check_scenario(new_table_scenario(100, 60, profiles=["ogre-dambusters"])) == []


# ------------------------------------------------------------------------- any valid scenario
from hypothesis import HealthCheck, given, settings  # noqa: E402
from strategies import hex_scenarios  # noqa: E402

OGRE_PROFILES = ["ogre-dambusters", "ogre-basic", "ogre-engineers"]


def _resolve(doc, pointer: str):
    node = doc
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hex_scenarios())
def test_every_ogre_violation_points_into_the_saved_file(s):
    """On any valid scenario the Ogre rules run without crashing, and each violation's pointer and hex
    lead to real places: an editor can select the object and highlight the hex."""
    doc = io.to_document(s)
    for v in check_scenario(s, OGRE_PROFILES):
        assert v.severity in ("error", "warning") and v.message
        _resolve(doc, v.location["pointer"])  # raises if the pointer leads nowhere
        if "hex" in v.location:
            assert len(v.location["hex"]) == 2
        if "hex_label" in v.location:
            assert s.map.layout.from_label(v.location["hex_label"]) == tuple(v.location["hex"])


def test_editing_a_river_in_place_is_seen_by_the_next_check():
    s = valley()
    assert check_scenario(s) == []
    s.map.rivers[0].hexes.pop()  # the river now ends at (5, 6), inland
    assert {v.code for v in check_scenario(s)} == {"SURGE-PATH"}
    s.map.rivers[0].hexes.append((5, 7))
    assert check_scenario(s) == []


def test_a_river_hex_of_a_drained_reservoir_may_be_dry_only_above_a_destroyed_dam():
    """When a dam falls its reservoir's edge water turns to clear or swamp, river hexes included, so
    a river hex above a destroyed dam may be dry; above a standing dam, or below any dam, it may not."""
    s = valley()
    m = s.map
    m.terrain[(5, -1)] = "clear"  # the river's first hex, in the lake, on its edge
    m.dams[0].reservoir.remove((5, -1))
    (v,) = only(s, "RIVER-TERRAIN")
    assert "runs through" in v.message and v.location["hex"] == [5, -1]
    m.dams[0].damage = m.dams[0].sp  # destroyed: the lake has drained
    assert "RIVER-TERRAIN" not in codes(s)
    m.terrain[(5, 3)] = "clear"  # below the dam: still a river that must be water
    assert [v.location["hex"] for v in check_scenario(s) if v.code == "RIVER-TERRAIN"] == [[5, 3]]
