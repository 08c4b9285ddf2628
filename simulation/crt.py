"""Odds and the combat results table (Ogre style), from the scenario's parameters.

Odds are rounded in the defender's favour: attack:defense becomes floor(a/d):1 when a >= d and
1:ceil(d/a) otherwise; the column is the best one not better than the rounded odds. Rounded odds
better than the last column give ``above``, worse than the first give ``below``.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from dambuster.model.scenario import CombatResults


def column_ratio(col: str) -> Fraction:
    a, d = col.split(":")
    return Fraction(int(a), int(d))


def rounded_odds(attack: int, defense: int) -> Fraction | None:
    """None stands for infinite odds (no defense)."""
    if defense <= 0:
        return None
    if attack <= 0:
        return Fraction(0)
    if attack >= defense:
        return Fraction(attack // defense)
    return Fraction(1, ceil(defense / attack))


def column(crt: CombatResults, attack: int, defense: int) -> int | str:
    """The column index, or "above"/"below"."""
    r = rounded_odds(attack, defense)
    ratios = [column_ratio(c) for c in crt.columns]
    if r is None or r > max(ratios):
        return "above"
    best = None
    for i, c in enumerate(ratios):
        if c <= r and (best is None or c >= ratios[best]):
            best = i
    return "below" if best is None else best


def result(crt: CombatResults, col: int | str, roll: int) -> str:
    if col == "above":
        return crt.above
    if col == "below":
        return crt.below
    if isinstance(col, str):
        raise ValueError(f"no column {col!r}")
    return crt.results[col][roll - 1]


def odds_label(crt: CombatResults, col: int | str) -> str:
    return col if isinstance(col, str) else crt.columns[col]


def result_chances(crt: CombatResults, col: int | str) -> dict[str, Fraction]:
    """Exact chance of each result on one die."""
    out: dict[str, Fraction] = {}
    for roll in range(1, 7):
        r = result(crt, col, roll)
        out[r] = out.get(r, Fraction(0)) + Fraction(1, 6)
    return out
