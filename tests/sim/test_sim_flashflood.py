"""The sewer flash flood, hand-worked with scripted dice on an inch-scale table.

Corridors (inches): c1 runs east from the origin (0, 0) to the junction J (10, 0); from J, c2 runs
south to (10, 20) with a grate at (10, 15) and c3 runs east to (20, 0), a dead end."""

from __future__ import annotations

import pytest

from dambuster.model.factory import new_table_scenario
from dambuster.model.scenario import Corridor, FloodTurn, Gantry, Model, Sewer, SewerPoint, Side
from dambuster.simulation.dice import ScriptedDice
from dambuster.simulation.flashflood import flood, strength_test_fails, when
from dambuster.simulation.options import SimOptions
from dambuster.simulation.plan import SimulationError


def sewer(*models, unit="inches", scale=1.0):
    s = new_table_scenario(48 * scale, 48 * scale, unit)
    s.sides.append(Side("a", "A"))
    s.map.sewer = Sewer(
        corridors=[
            Corridor("c1", [(0, 0), (10 * scale, 0)], 2 * scale),
            Corridor("c2", [(10 * scale, 0), (10 * scale, 20 * scale)], 2 * scale),
            Corridor("c3", [(10 * scale, 0), (20 * scale, 0)], 2 * scale),
        ],
        grates=[SewerPoint("g1", (10 * scale, 15 * scale))],
        flood_origin=(0, 0),
        models=[Model(mid, "a", strength, corr, pos * scale) for mid, strength, corr, pos in models],
    )
    return s


def by_kind(result, kind):
    return [e for e in result.events if e.kind == kind]


def test_carried_with_an_exploding_six_bumps_a_model_and_takes_a_branch():
    s = sewer(("near", 3, "c1", 2.0), ("far", 3, "c1", 8.0))
    # far tests first (2: holds); near fails on a 6; carried 6 (passing far at 8: bump roll 1,
    # holds), the six explodes: 3 more; at J the branch die shows 5 -> the second way, c3
    r = flood(s, ScriptedDice([2, 6, 6, 1, 3, 5]))
    assert [e.where for e in by_kind(r, "test")] == ["far", "near"]
    (bump,) = by_kind(r, "bump")
    assert bump.where == "far" and bump.detail == {"by": "near", "knocked_off": False}
    (c,) = by_kind(r, "carried")
    assert c.detail["dice"] == [6, 3] and c.detail["corridors"] == ["c1", "c3"]
    assert (r.models["near"].corridor, r.models["near"].position) == ("c3", 1.0)
    assert r.models["near"].hits == [4]  # S1 + 1 per full 3 inches of 9
    assert r.models["far"].hits == [] and r.models["far"].position == 8.0


def test_a_bumped_model_knocked_off_is_carried_in_turn():
    s = sewer(("near", 3, "c1", 2.0), ("far", 3, "c1", 8.0))
    # far holds (1); near fails (4) and is carried 6 to 8, bumping far, who goes on a 4; the six
    # explodes: 1 more, to 9. Then far is carried 2, from 8 to the junction at 10, bumping near
    # on the way (3: near holds)
    r = flood(s, ScriptedDice([1, 4, 6, 4, 1, 2, 3]))
    assert [(e.where, e.detail["inches"]) for e in by_kind(r, "carried")] == [("near", 7.0), ("far", 2.0)]
    assert r.models["far"].hits == [1] and r.models["near"].hits == [3]
    assert [(e.where, e.detail["knocked_off"]) for e in by_kind(r, "bump")] == [
        ("far", True),
        ("near", False),
    ]


def test_stopped_by_a_grate_takes_the_extra_hit():
    s = sewer(("m", 2, "c2", 11.0))
    r = flood(s, ScriptedDice([3, 6, 2]))  # fails (3 > 2), carried 6 but the grate is 4 away
    (c,) = by_kind(r, "carried")
    assert c.detail["stopped_by"] == "grate g1" and c.detail["inches"] == 4.0
    assert c.detail["dice"] == [6]  # stopped: the six does not roll again
    assert r.models["m"].hits == [2, 3] and r.models["m"].position == 15.0


def test_a_dead_end_is_a_wall_unless_the_option_says_otherwise():
    s = sewer(("m", 1, "c3", 8.0))
    r = flood(s, ScriptedDice([2, 5]))
    assert r.models["m"].hits == [1, 3] and r.models["m"].position == 10.0
    r = flood(s, ScriptedDice([2, 5]), SimOptions(dead_end_is_impassable=0))
    assert r.models["m"].hits == [1]


def test_gantries_are_out_of_reach_and_models_test_farthest_first():
    s = sewer(("high", 1, "c2", 5.0), ("a", 3, "c1", 9.0), ("b", 3, "c2", 1.0))
    s.map.sewer.gantries.append(Gantry("gy", [(8, 3), (12, 3), (12, 7), (8, 7)]))
    r = flood(s, ScriptedDice([1, 1]))
    assert [e.where for e in by_kind(r, "test")] == ["b", "a"]  # 11 and 9 inches from the origin
    assert [e.where for e in by_kind(r, "out-of-reach")] == ["high"]
    assert r.difficult == ["c1", "c2", "c3"]


def test_distances_are_in_inches_whatever_the_table_unit():
    s = sewer(("m", 1, "c1", 1.0), unit="mm", scale=25.4)
    r = flood(s, ScriptedDice([2, 3]))
    (c,) = by_kind(r, "carried")
    assert c.detail["inches"] == 3.0 and r.models["m"].hits == [2]


@pytest.mark.parametrize("roll, strength, fails", [(3, 3, False), (4, 3, True), (6, 6, True), (5, 6, False)])
def test_a_roll_above_strength_fails_and_a_six_always_fails(roll, strength, fails):
    assert strength_test_fails(roll, strength, SimOptions()) is fails
    assert strength_test_fails(6, 6, SimOptions(six_always_fails=0)) is False


def test_flood_turn_from_the_table():
    p = new_table_scenario(10, 10).parameters.flash_flood
    assert when(p, ScriptedDice([5, 4]))[0] == 3  # turn 2 needs 6, turn 3 needs 4
    turn, events = when(p, ScriptedDice([1, 1, 1]))
    assert turn == 5 and [e.kind for e in events] == ["no-flood"] * 3 + ["flood-comes"]
    p.turns = [FloodTurn(2, 7)]
    assert when(p, ScriptedDice([]))[0] is None


def test_no_sewer_is_one_sentence():
    with pytest.raises(SimulationError, match="no sewer"):
        flood(new_table_scenario(10, 10), ScriptedDice([]))


def test_models_at_the_same_distance_are_ordered_by_a_roll_of_the_dice():
    """When it is unclear which model is farthest, the text has a d6 decide which tests first: each
    tied model rolls a die (in id order), the highest tests first, and equal dice roll again."""
    s = sewer(("x", 3, "c2", 2.0), ("y", 3, "c3", 2.0))  # both 12 inches from the origin
    r = flood(s, ScriptedDice([2, 5, 1, 1]))  # x rolls 2, y rolls 5: y tests first
    (tie,) = by_kind(r, "tie")
    assert tie.detail["order"] == ["y", "x"]
    assert [(d.purpose, d.sides, d.value) for d in tie.rolls] == [
        ("x rolls for the order of the tied models", 6, 2),
        ("y rolls for the order of the tied models", 6, 5),
    ]
    assert [e.where for e in by_kind(r, "test")] == ["y", "x"]
    r = flood(s, ScriptedDice([4, 4, 6, 3, 1, 1]))  # equal dice: x and y roll again, x now higher
    (tie,) = by_kind(r, "tie")
    assert tie.detail["order"] == ["x", "y"] and [d.value for d in tie.rolls] == [4, 4, 6, 3]
    from dambuster.simulation.narrate import flood_sentences

    said = [x.text for x in flood_sentences(r.events, s)]
    assert (
        "x and y are as far from the origin; a roll-off (x 4, y 4, x 6, y 3, the highest first) tests them "
        "in the order x, y." in said
    )


def test_three_tied_models_settle_the_highest_pair_before_the_lowest():
    """A roll-off among three: the two showing the same highest die roll again between themselves,
    the one lowest tests last."""
    s = sewer(("x", 3, "c2", 2.0), ("y", 3, "c3", 2.0), ("z", 3, "c3", 2.0))  # all 12 inches out
    r = flood(s, ScriptedDice([5, 5, 2, 3, 6, 1, 1, 1]))
    (tie,) = by_kind(r, "tie")
    assert tie.detail["order"] == ["y", "x", "z"]  # x 5, y 5, z 2; then x 3, y 6


def test_a_model_written_at_six_decimals_on_a_grate_is_on_it():
    """Positions are written to a millionth: a model placed at the printed position of a grate on a
    diagonal corridor stands on that grate (held, carried nowhere), and no carry shorter than a
    millionth is ever reported."""
    s = new_table_scenario(20, 20, "inches")
    s.sides.append(Side("a", "A"))
    s.map.sewer = Sewer(
        corridors=[Corridor("c1", [(0, 0), (10, 10)], 2)],
        grates=[SewerPoint("g0", (5, 5))],  # at 7.0710678118... along the corridor
        flood_origin=(0, 0),
        models=[Model("m", "a", 1, "c1", 7.071068), Model("n", "a", 1, "c1", 7.0710678)],
    )
    r = flood(s, ScriptedDice([2, 5, 6, 6]))  # tied: n first; both fail
    carried = by_kind(r, "carried")
    assert [(e.where, e.detail["inches"], e.detail["stopped_by"]) for e in carried] == [
        ("n", 0.0, "grate g0"),
        ("m", 0.0, "grate g0"),
    ]


def test_a_model_written_at_the_corridors_printed_end_is_on_the_corridor():
    """The end of a diagonal corridor written to a millionth (14.142136 for a length of 14.1421356...)
    is on the corridor, not past it; a thousandth past the end is refused."""
    from dambuster.model import io
    from dambuster.model.errors import ScenarioError

    s = new_table_scenario(20, 20, "inches")
    s.sides.append(Side("a", "A"))
    s.map.sewer = Sewer(
        corridors=[Corridor("c1", [(0, 0), (10, 10)], 2)],
        flood_origin=(0, 0),
        models=[Model("m", "a", 1, "c1", 14.142136)],
    )
    assert io.loads(io.dumps(s)).map.sewer.models[0].position == 14.142136
    s.map.sewer.models[0].position = 14.143
    with pytest.raises(ScenarioError, match="past the end of corridor"):
        io.loads(io.dumps(s))
