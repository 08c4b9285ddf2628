"""When a damaged dam collapses: a per-player-turn chance from its SP and damage.

Once a dam has lost at least a threshold fraction of its SP, one die is rolled at the start of each
player turn and the dam collapses on ``collapses_on`` or less; the highest threshold reached
applies (defaults: 80 % lost -> 1, 90 % -> 1-3). Probabilities are exact ``Fraction``s.
"""

from __future__ import annotations

from fractions import Fraction

from ..model.scenario import CollapseThreshold, Dam, Parameters


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


def chance_per_turn(sp: int, damage: int, thresholds: list[CollapseThreshold]) -> Fraction:
    return Fraction(collapses_on(sp, damage, thresholds), 6)


def dam_chance(dam: Dam, params: Parameters) -> Fraction:
    return chance_per_turn(dam.sp, dam.damage, params.collapse)


def turn_distribution(p: Fraction, horizon: int) -> tuple[list[Fraction], Fraction]:
    """Geometric law of the player turn of collapse: ``P(turn = k)`` for k = 1..horizon, and the
    chance the dam still stands after ``horizon`` turns. The list and the rest sum to exactly 1."""
    if horizon < 0:
        raise ValueError("horizon must be >= 0")
    probs = []
    standing = Fraction(1)
    for _ in range(horizon):
        probs.append(standing * p)
        standing *= 1 - p
    return probs, standing


def expected_turn(p: Fraction) -> Fraction | None:
    """Mean player turn of collapse (1 = the first roll), None when it never collapses."""
    return None if p == 0 else 1 / p
