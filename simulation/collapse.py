"""When a damaged dam collapses: a per-player-turn chance from its SP and damage, and the rolls.

Once a dam has lost at least a threshold fraction of its SP, one die is rolled at the start of each
player turn and the dam collapses on ``collapses_on`` or less; the highest threshold reached
applies (defaults, Ogre Dambusters: 80 % lost -> 1, 90 % -> 1-3). A dam that has lost all its SP is
destroyed outright, without a roll. Probabilities are exact ``Fraction``s. ``roll_collapse`` rolls
the referee's dice (seeded, or thrown at the table), one event per player turn.
"""

from __future__ import annotations

from fractions import Fraction

from dambuster.model.scenario import CollapseThreshold, Dam, Parameters

from .dice import Dice, RollNeeded
from .state import Event


def collapses_on(sp: int, damage: int, thresholds: list[CollapseThreshold]) -> int:
    """The die roll (or less) on which the dam collapses this player turn; 0 = it cannot."""
    if sp <= 0:
        return 6
    lost = Fraction(damage, sp)
    best = 0
    reached = -1.0
    for t in thresholds:
        if lost >= Fraction(repr(t.loss_fraction)) and t.loss_fraction >= reached:
            reached, best = t.loss_fraction, t.collapses_on
    return max(0, min(6, best))


def percent_lost(damage: int, sp: int) -> str:
    """The share of the SP lost as printed, floored to a tenth of a percent ("89.9%", "80%"), so it
    never shows a threshold the damage has not reached (899 of 1000 is not "90%")."""
    if sp <= 0:
        return "100%"
    tenths = (1000 * damage) // sp
    whole, tenth = divmod(tenths, 10)
    return f"{whole}%" if tenth == 0 else f"{whole}.{tenth}%"


def chance_per_turn(sp: int, damage: int, thresholds: list[CollapseThreshold]) -> Fraction:
    return Fraction(collapses_on(sp, damage, thresholds), 6)


def dam_chance(dam: Dam, params: Parameters) -> Fraction:
    return chance_per_turn(dam.sp, dam.damage, params.collapse)


def turn_distribution(p: Fraction, horizon: int) -> tuple[list[Fraction], Fraction]:
    """Geometric law of the player turn of collapse: ``P(turn = k)`` for k = 1..horizon, and the
    chance the dam still stands after ``horizon`` turns. The list and the rest sum to exactly 1."""
    if horizon < 0:
        raise ValueError("horizon must be >= 0")
    probs: list[Fraction] = []
    standing = Fraction(1)
    for _ in range(horizon):
        probs.append(standing * p)
        standing *= 1 - p
    return probs, standing


def expected_turn(p: Fraction) -> Fraction | None:
    """Mean player turn of collapse (1 = the first roll), None when it never collapses."""
    return None if p == 0 else 1 / p


def roll_collapse(
    dam: Dam, damage: int, thresholds: list[CollapseThreshold], dice: Dice, turns: int
) -> tuple[int | None, list[Event]]:
    """The player turn the dam collapses (0: destroyed outright, without a roll; None: it stands after
    ``turns`` player turns, or cannot collapse at this damage) and one ``collapse-roll`` event per die,
    at the start of player turns 1, 2, ... (``RollNeeded`` from table dice carries the events so far)."""
    if damage >= dam.sp:
        return 0, [Event(0, "collapse", dam.id, {"damage": damage, "sp": dam.sp, "outright": True})]
    on = collapses_on(dam.sp, damage, thresholds)
    events: list[Event] = []
    if on <= 0:
        return None, events
    try:
        for turn in range(1, turns + 1):
            roll = dice.d6(f"collapse of {dam.id}, player turn {turn}")
            falls = roll <= on
            events.append(
                Event(
                    turn, "collapse-roll", dam.id, {"needed": on, "collapses": falls}, tuple(dice.take_log())
                )
            )
            if falls:
                return turn, events
    except RollNeeded as need:
        need.events = list(events)
        raise
    return None, events
