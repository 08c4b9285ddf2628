"""The breach, hand-worked on small maps (flat-top, odd-q): where the swell is at each step, what the
reservoir becomes, who the swell catches, which bridges wash out, and that a step can be taken back."""

from __future__ import annotations

import pytest

from dambuster.model import io
from dambuster.model.factory import new_hex_scenario
from dambuster.model.hexgrid import distance, neighbors
from dambuster.model.scenario import Dam, River, RiverBridge, Route, Side, StreamBridge, Town, Unit
from dambuster.simulation.breach import Breach, Run, apply
from dambuster.simulation.dice import Dice, ScriptedDice
from dambuster.simulation.network import ends, hexes_of
from dambuster.simulation.plan import SimulationError


def straight(rows=13, columns=5):
    """River r1 straight down column 2 (axial (2, row - 1)), dam in its first hex."""
    s = new_hex_scenario(columns, rows, title="straight")
    L = s.map.layout
    river = [L.to_axial(2, row) for row in range(rows)]
    for h in river:
        s.map.terrain[h] = "water"
    s.map.rivers.append(River("r1", river))
    s.map.dams.append(Dam("d1", river[0], "r1"))
    s.sides.append(Side("blue", "Blue"))
    return s, river


def swells(s, seed=0):
    run = Run(Breach(s, "d1"), Dice(seed))
    out = []
    while not run.state.done:
        run.forward()
        out.append(list(run.state.swell))
    return out, run


# ----------------------------------------------------------------------------------- the swell
def test_straight_river_swell_moves_three_hexes_a_turn_and_leaves_the_map():
    s, river = straight()
    steps, run = swells(s)
    assert steps == [river[1:4], river[4:7], river[7:10], river[10:13], []]
    assert run.events[-1][-1].kind == "left-map"
    assert Breach(s, "d1").plan.arrivals[river[12]] == 3


def test_swell_length_and_speed_come_from_the_parameters():
    s, river = straight()
    s.parameters.surge.length, s.parameters.surge.speed = 2, 4
    steps, _ = swells(s)
    assert steps == [river[1:3], river[5:7], river[9:11], []]


def test_at_a_fork_the_swell_follows_every_branch():
    s, river = straight(rows=10, columns=8)
    branch = [river[2], (3, 1), (4, 0), (5, 0), (6, -1)]  # leaves r1 at its third hex, flows east
    s.map.rivers.append(River("east", branch))
    steps, _ = swells(s)
    assert steps[0] == [river[1], river[2], river[3], (3, 1)]  # distances 1, 2, 3 and 3
    assert sorted(steps[1]) == sorted(river[4:7] + [(4, 0), (5, 0), (6, -1)])


def test_through_a_confluence_the_swell_continues_downstream_only():
    s, _river = straight(rows=10, columns=8)
    s.map.dams[0] = Dam("d1", (5, -2), "trib")
    main = [(5, r) for r in range(5)] + [(5, 5)]  # a river down column 5, rows 2..7
    s.map.rivers = [River("trib", [(5, -2), (5, -1)], joins="main"), River("main", main)]
    steps, _ = swells(s)
    assert steps[0] == [(5, -1), (5, 0), (5, 1)]
    assert steps[1] == [(5, 2), (5, 3), (5, 4)]


def test_a_dam_off_its_river_is_refused_in_one_sentence():
    s, _ = straight()
    s.map.dams[0].hex = (0, 0)
    with pytest.raises(SimulationError, match="on no river"):
        Breach(s, "d1")
    with pytest.raises(SimulationError, match="no dam 'x'"):
        Breach(s, "x")


# ------------------------------------------------------------------------------- upriver
def test_reservoir_ring_edge_dries_out_the_middle_and_the_dam_side_stay_water():
    """The lake's water hexes touching the dam stay water; every other one touching land dries out,
    to swamp where it touches only swamp, else to clear, the river's own hex on the edge included
    (the text excepts only the hexes at the dam and those surrounded by water)."""
    s = new_hex_scenario(9, 12, title="lake")
    L = s.map.layout
    c = L.to_axial(4, 4)
    pool = [h for h in L.hexes() if distance(h, c) <= 2]
    dam = (c[0], c[1] + 3)
    river = [dam] + [(dam[0], dam[1] + i) for i in range(1, 5)]
    for h in pool + river:
        s.map.terrain[h] = "water"
    marsh_side = (c[0] + 2, c[1])  # outer-ring hex due east of the centre
    for n in neighbors(marsh_side):
        if distance(n, c) == 3:
            s.map.terrain[n] = "swamp"
    channel = [(c[0], c[1] + i) for i in range(-2, 3)]  # the river runs through the lake to the dam
    s.map.rivers.append(River("r1", channel + river))
    s.map.dams.append(Dam("d1", dam, "r1", reservoir=pool))
    run = Run(Breach(s, "d1"), Dice(1))
    run.forward()
    t = apply(s, run.state, "d1").map.terrain
    beside_dam = (c[0], c[1] + 2)
    for h in pool:
        if distance(h, c) <= 1 or h == beside_dam:
            assert t[h] == "water", h
        elif h == marsh_side:
            assert t[h] == "swamp"
        else:
            assert t[h] == "clear", h
    assert t[river[1]] == "debris"
    assert t[channel[0]] == "clear"  # the river enters the lake on its edge: that hex drains too


# ------------------------------------------------------------------------------------- units
def gev_with_defense(s, d):
    s.unit_types["gev"].defense = d


@pytest.mark.parametrize(
    "defense, odds, roll, result",
    [
        (9, "below", 6, "ready"),  # 4:9 rounds to 1:3, worse than 1:2
        (8, "1:2", 6, "destroyed"),
        (5, "1:2", 5, "disabled"),  # 4:5 rounds to 1:2 in the defender's favour
        (4, "1:1", 3, "disabled"),
        (3, "1:1", 2, "ready"),  # 4:3 rounds down to 1:1
        (2, "2:1", 4, "destroyed"),
        (-3, "3:1", 1, "disabled"),  # -3: attack 3 (scenario option) against defence 1
        (1, "4:1", 1, "disabled"),
        (0, "above", 1, "destroyed"),  # no defence: better than 4:1
    ],
)
def test_gev_caught_by_the_swell_is_attacked_at_strength_4_on_each_column(defense, odds, roll, result):
    s, river = straight()
    if defense < 0:
        s.parameters.rules["SIMULATION"] = {"gev_surge_attack": -defense}
        defense = 1
    gev_with_defense(s, defense)
    s.units.append(Unit("g", "gev", "blue", river[2]))
    run = Run(Breach(s, "d1"), ScriptedDice([roll]))
    events = run.forward()
    (e,) = [e for e in events if e.where == "g"]
    assert e.kind == "surge-attack" and e.detail["odds"] == odds and e.rolls[0].value == roll
    assert run.state.units[0][0] == result


def test_each_infantry_squad_is_attacked_alone_at_one_to_two():
    s, river = straight()
    s.units.append(Unit("i", "infantry", "blue", river[5], squads=3))
    run = Run(Breach(s, "d1"), ScriptedDice([5, 6, 1, 0, 1]))  # then the stream: first start, 1 hexside
    run.forward()
    assert run.state.units[0] == ("ready", 3)  # not reached at the breach
    events = run.forward()
    (e,) = [e for e in events if e.where == "i"]
    assert e.detail["results"] == ["D", "X", "NE"] and e.detail["squads_left"] == 1
    assert run.state.units[0] == ("ready", 1)


@pytest.mark.parametrize("roll, status", [(2, "stuck"), (3, "ready")])
def test_superheavy_rolls_for_stuck_and_ogre_is_unaffected(roll, status):
    s, river = straight()
    s.units += [Unit("sh", "superheavy", "blue", river[1]), Unit("o", "ogre-mk3", "blue", river[1])]
    run = Run(Breach(s, "d1"), ScriptedDice([roll]))
    events = run.forward()
    assert run.state.units == ((status, 1), ("ready", 1))
    assert [e.kind for e in events if e.where == "o"] == ["unaffected"]


def test_unit_on_a_river_bridge_is_untouched_the_gev_under_it_is_caught():
    s, river = straight()
    s.map.roads.append(Route("rd", [(1, river[3][1] + 1), river[3], (3, river[3][1])]))
    s.map.river_bridges.append(RiverBridge("rb", river[3], "rd", "r1"))
    s.units += [Unit("tank", "heavy-tank", "blue", river[3]), Unit("g", "gev", "blue", river[3])]
    run = Run(Breach(s, "d1"), ScriptedDice([6]))  # 2:1, a 6 destroys
    events = run.forward()
    kinds = {e.where: e.kind for e in events if e.where in ("tank", "g")}
    assert kinds == {"tank": "on-bridge", "g": "surge-attack"}
    assert run.state.units == (("ready", 1), ("destroyed", 1))


def test_a_gev_where_a_river_bridge_is_out_is_in_the_water_and_caught():
    """Only a standing river bridge keeps the surge off the units on it: where the bridge is out
    (marked so on the map), a GEV in its hex is in the river and the wave attacks it."""
    from dambuster.model.scenario import BridgeOut

    s, river = straight()
    s.map.roads.append(Route("rd", [(1, river[3][1] + 1), river[3], (3, river[3][1])]))
    s.map.river_bridges.append(RiverBridge("rb", river[3], "rd", "r1"))
    s.map.markers.bridges_out.append(BridgeOut("rb"))
    s.units += [Unit("g", "gev", "blue", river[3])]
    s.parameters.rules["SIMULATION"] = {"gev_under_bridge": 0}
    events = Run(Breach(s, "d1"), ScriptedDice([6])).forward()
    assert [e.kind for e in events if e.where == "g"] == ["surge-attack"]


# --------------------------------------------------------------------- permanent changes
def test_stream_bridge_six_hexsides_away_washes_out_seven_does_not():
    s, river = straight(rows=10, columns=6)
    s.map.rivers[0].hexes = river[:4]  # the swell covers rows 2-4 of column 2, then is gone
    s.map.roads.append(Route("rd", [(2, 5), (3, 5), (3, 6)]))
    s.map.stream_bridges += [StreamBridge("six", (2, 5, 0), "rd"), StreamBridge("seven", (2, 6, 1), "rd")]
    run = Run(Breach(s, "d1"), Dice(0))
    run.run()
    assert run.state.bridges_out == ("six",)
    out = apply(s, run.state, "d1")
    assert [b.bridge for b in out.map.markers.bridges_out] == ["six"]
    s.parameters.washout_radius = 7
    run = Run(Breach(s, "d1"), Dice(0))
    run.run()
    assert run.state.bridges_out == ("six", "seven")


def test_predetermined_floodplain_floods_when_the_swell_is_adjacent():
    s, _river = straight()
    town, field_hex, later = (1, 3), (3, 2), (3, 8)
    s.map.terrain[town] = "town"
    s.map.towns.append(Town("t", "Mill", [town]))
    s.map.roads.append(Route("rd", [(0, 3), town, (1, 4)]))
    s.map.floodplain.hexes = [town, field_hex, later]
    run = Run(Breach(s, "d1"), Dice(0))
    events = run.forward()
    floods = {e.where: e.detail["becomes"] for e in events if e.kind == "flood"}
    assert floods == {town: "flooded-town", field_hex: "swamp"}
    assert (town, "rd") in run.state.road_cuts
    s.parameters.flooding_cuts_routes = False
    run = Run(Breach(s, "d1"), Dice(0))
    run.forward()
    assert run.state.road_cuts == ()


def test_random_floodplain_rolls_once_per_hex_and_floods_on_a_one():
    s, _river = straight(rows=4)
    s.map.floodplain.mode = "random"
    s.units.append(Unit("tank", "heavy-tank", "blue", (1, 1)))
    b = Breach(s, "d1")
    order = b.adjacent_by_step[0]
    rolls = [1 if h == (1, 1) else 2 for h in order]
    stuck_roll = [2]  # the tank in the flooded hex: stuck on 1-2
    i = order.index((1, 1))
    run = Run(b, ScriptedDice(rolls[: i + 1] + stuck_roll + rolls[i + 1 :]))
    run.forward()
    t = apply(s, run.state).map.terrain
    assert [h for h in order if t[h] == "swamp"] == [(1, 1)]
    assert run.state.units[0] == ("stuck", 1)
    assert set(order) <= run.state.settled


def test_each_move_of_the_swell_starts_one_stream_away_from_the_river():
    s, river = straight(rows=13, columns=9)
    run = Run(Breach(s, "d1"), ScriptedDice([0, 6, 0, 0, 0, 0, 0]))
    run.forward()
    assert run.state.streams == ()  # the breach itself starts none
    events = run.forward()
    (e,) = [e for e in events if e.kind == "stream"]
    path = e.detail["hexsides"]
    assert len(path) == 6
    swell = set(run.state.swell)
    assert any(h in c for c in ends(path[0]) for h in swell)  # it branches off a swell hex's corner
    for a, b in zip(path, path[1:]):
        assert set(ends(a)) & set(ends(b))  # one connected line
    assert not any(h in river for side in path for h in hexes_of(side))


# ---------------------------------------------------------------------- determinism, undo
def test_same_seed_same_events_and_step_back_restores_the_exact_state():
    s, river = straight(rows=13, columns=9)
    s.map.floodplain.mode = "random"
    s.units.append(Unit("i", "infantry", "blue", river[7], squads=2))
    first = Run(Breach(s, "d1"), Dice(42))
    ev1 = [e.to_dict() for e in first.run()]
    again = Run(Breach(s, "d1"), Dice(42))
    assert [e.to_dict() for e in again.run()] == ev1
    run = Run(Breach(s, "d1"), Dice(42))
    run.forward()
    run.forward()
    before = run.state
    third = [e.to_dict() for e in run.forward()]
    run.back()
    assert run.state == before
    assert [e.to_dict() for e in run.forward()] == third  # the dice were restored too
    while len(run.states) > 1:
        run.back()
    assert run.state == Breach(s, "d1").initial()
    with pytest.raises(SimulationError):
        run.back()


def test_applied_breach_saves_loads_and_shows_the_changes():
    s, river = straight(rows=13, columns=9)
    s.map.floodplain.hexes = [(1, 1)]
    s.units.append(Unit("g", "gev", "blue", river[2]))
    run = Run(Breach(s, "d1"), Dice(5))
    run.run()
    out = apply(s, run.state, "d1")
    again = io.loads(io.dumps(out))
    assert again.map.terrain[river[1]] == "debris" and again.map.terrain[(1, 1)] == "swamp"
    assert again.map.dams[0].damage == again.map.dams[0].sp
    assert {tuple(f.side) for f in again.map.hexsides if f.kind == "stream"} == set(run.state.streams)
    assert s.map.terrain[river[1]] == "water"  # the original is untouched


def test_simulation_options_can_be_set_in_the_scenario():
    s, river = straight()
    s.parameters.rules["SIMULATION"] = {"superheavy_stuck_on": 1}
    s.units.append(Unit("sh", "superheavy", "blue", river[1]))
    run = Run(Breach(s, "d1"), ScriptedDice([2]))
    run.forward()
    assert run.state.units[0] == ("ready", 1)  # a 2 no longer sticks it
    assert io.loads(io.dumps(s)).parameters.rules["SIMULATION"] == {"superheavy_stuck_on": 1}


@pytest.mark.parametrize("mode", ["predetermined", "random"])
def test_the_valley_sample_after_a_breach_still_passes_the_rule_checks(mode):
    from pathlib import Path

    from dambuster.validators import check_scenario

    s = io.load(Path(__file__).resolve().parents[2] / "samples/ogre-dambusters-valley.json")
    s.map.floodplain.mode = mode
    dam = s.map.dams[0].id
    run = Run(Breach(s, dam), Dice(3))
    run.run()
    after = io.loads(io.dumps(apply(s, run.state, dam)))
    assert after.map.dams[0].damage == after.map.dams[0].sp
    assert [(v.code, v.message) for v in check_scenario(after) if v.severity == "error"] == []


@pytest.mark.parametrize(
    "attack, defense, column",
    [
        (1, 3, "below"),
        (1, 2, "1:2"),
        (2, 3, "1:2"),
        (1, 1, "1:1"),
        (5, 3, "1:1"),
        (2, 1, "2:1"),
        (11, 4, "2:1"),
        (3, 1, "3:1"),
        (15, 4, "3:1"),
        (4, 1, "4:1"),
        (9, 2, "4:1"),
        (5, 1, "above"),
    ],
)
def test_odds_round_in_the_defenders_favour(attack, defense, column):
    from dambuster.model.scenario import CombatResults
    from dambuster.simulation import crt

    table = CombatResults()
    assert crt.odds_label(table, crt.column(table, attack, defense)) == column
