"""Dam collapse odds (exact fractions) and the seeded dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dambuster.model.scenario import CollapseThreshold, Parameters
from dambuster.simulation.collapse import chance_per_turn, collapses_on, expected_turn, turn_distribution
from dambuster.simulation.dice import Dice, ScriptedDice

DEFAULT = Parameters().collapse


@pytest.mark.parametrize("damage, on", [(0, 0), (39, 0), (40, 1), (44, 1), (45, 3), (50, 3)])
def test_a_fifty_sp_dam_collapses_on_1_from_80_percent_and_1_to_3_from_90(damage, on):
    assert collapses_on(50, damage, DEFAULT) == on
    assert chance_per_turn(50, damage, DEFAULT) == Fraction(on, 6)


def test_thresholds_are_parameters():
    custom = [CollapseThreshold(0.5, 2)]
    assert collapses_on(100, 50, custom) == 2 and collapses_on(100, 49, custom) == 0


def test_turn_of_collapse_is_geometric_and_sums_to_one():
    probs, standing = turn_distribution(Fraction(1, 6), 3)
    assert probs == [Fraction(1, 6), Fraction(5, 36), Fraction(25, 216)]
    assert standing == Fraction(125, 216)
    assert sum(probs) + standing == 1
    assert expected_turn(Fraction(1, 2)) == 2 and expected_turn(Fraction(0)) is None


def test_same_seed_same_draws_and_restore_replays():
    a, b = Dice(9), Dice(9)
    assert [a.d6("x") for _ in range(20)] == [b.d6("x") for _ in range(20)]
    saved = a.state()
    first = [a.choice(5, "y") for _ in range(5)]
    a.restore(saved)
    assert [a.choice(5, "y") for _ in range(5)] == first
    assert a.choice(1, "only one way") == 0 and a.log[-1].purpose == "y"  # no draw for one choice


def test_scripted_dice_give_their_values_in_order():
    d = ScriptedDice([6, 1])
    assert (d.d6("a"), d.d6("b")) == (6, 1)
    with pytest.raises(IndexError):
        d.d6("c")
