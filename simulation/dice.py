"""One seeded source of every random draw of a simulation run.

The generator is Python's ``random.Random(seed)`` (Mersenne Twister MT19937, seeded from an
integer). Every draw is one call to ``randrange``; docs/simulation.md lists the order in which a
breach and a flash flood take their draws, so another engine using MT19937 and CPython's
``randrange`` (``getrandbits(n.bit_length())`` with rejection of values >= n) replays the same run.

Each draw is recorded as a :class:`Draw` (what it was for, how many sides, the result) so the
simulation can say which die gave which result.

Besides the generator, rolls can come from a list (:class:`ScriptedDice`, for hand-worked tests and
replays) or from the players at the table (:class:`TableDice`): a roll not typed yet raises
:class:`RollNeeded`, naming what it is for, so the caller asks for it and runs the step again. A
choice may name its ``options`` (hexsides, corridors, models) so the one asking can show them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Draw:
    purpose: str
    sides: int
    value: int  # 1..sides for a die; 0..n-1 for a choice


class Dice:
    """Seeded dice with a log of draws; ``state``/``restore`` support stepping back."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._rng = random.Random(seed)
        self.log: list[Draw] = []

    def d6(self, purpose: str, options: Sequence[object] | None = None) -> int:
        """A die 1..6; ``options``, when given, are what its faces pick between (a branch's ways)."""
        v = self._rng.randrange(6) + 1
        self.log.append(Draw(purpose, 6, v))
        return v

    def choice(self, n: int, purpose: str, options: Sequence[object] | None = None) -> int:
        """An index in 0..n-1 (into ``options`` when given); no draw is taken when there is only one."""
        if n <= 0:
            raise ValueError("nothing to choose from")
        if n == 1:
            return 0
        v = self._rng.randrange(n)
        self.log.append(Draw(purpose, n, v))
        return v

    def state(self) -> tuple[Any, int]:
        return self._rng.getstate(), len(self.log)

    def restore(self, state: tuple[Any, int]) -> None:
        rng_state, n = state
        self._rng.setstate(rng_state)
        del self.log[n:]

    def take_log(self) -> list[Draw]:
        """The draws since the last call, emptying the log."""
        out, self.log = self.log, []
        return out


class ScriptedDice(Dice):
    """Dice that return given values in order (for hand-worked tests and replays)."""

    def __init__(self, values: list[int]):
        super().__init__(0)
        self._values = list(values)
        self._pos = 0

    def _next(self) -> int:
        if self._pos >= len(self._values):
            raise IndexError("scripted dice ran out of values")
        v = self._values[self._pos]
        self._pos += 1
        return v

    def d6(self, purpose: str, options: Sequence[object] | None = None) -> int:
        v = self._next()
        self.log.append(Draw(purpose, 6, v))
        return v

    def choice(self, n: int, purpose: str, options: Sequence[object] | None = None) -> int:
        if n == 1:
            return 0
        v = self._next()
        if not 0 <= v < n:
            raise ValueError(f"scripted choice {v} out of range 0..{n - 1}")
        self.log.append(Draw(purpose, n, v))
        return v

    def state(self) -> tuple[Any, int]:
        return self._pos, len(self.log)

    def restore(self, state: tuple[Any, int]) -> None:
        pos, n = state
        self._pos = int(pos)
        del self.log[n:]


class RollNeeded(Exception):
    """A roll the table has not given yet. ``die``: a d6 (typed 1..6), else a choice among ``sides``
    things (typed 1..sides). ``events``: what the step (or flood) reported before this roll, filled
    in by the simulation as the exception passes through it."""

    def __init__(self, purpose: str, sides: int, die: bool, options: Sequence[object] | None = None):
        super().__init__(f"a roll is needed: {purpose}")
        self.purpose, self.sides, self.die = purpose, sides, die
        self.options: list[object] | None = list(options) if options is not None else None
        # what the run told before this roll: a breach's or a flood's Events, the DBM procedure's Steps
        self.events: list[Any] = []


class TableDice(ScriptedDice):
    """Rolls thrown at the table, in the documented draw order. ``give`` adds the next roll as the
    players read it (a die 1..6, a choice 1..n); a draw beyond the rolls given raises
    :class:`RollNeeded`. Choices are kept as indices (0..n-1), as the generator's, so
    ``TableDice.from_draws(d.log)`` replays any run of ``Dice``."""

    def __init__(self, values: Sequence[int] = ()):
        super().__init__(list(values))

    @classmethod
    def from_draws(cls, draws: Sequence[Draw]) -> TableDice:
        return cls([d.value for d in draws])

    @property
    def given(self) -> list[int]:
        """The rolls given so far, as stored (choices as indices)."""
        return list(self._values)

    @property
    def used(self) -> int:
        """How many of the rolls given the run has used."""
        return self._pos

    def give(self, typed: int, need: RollNeeded) -> None:
        """Adds the roll the players threw for ``need``; ValueError (one sentence) when out of range."""
        if not 1 <= typed <= need.sides:
            what = "a die shows 1 to 6" if need.die else f"pick 1 to {need.sides}"
            raise ValueError(f"{typed} is not a roll here: {what}")
        self._values.append(typed if need.die else typed - 1)

    def take_back(self) -> int | None:
        """Removes the last roll given and not yet used by the run; None when there is none."""
        if len(self._values) <= self._pos:
            return None
        return self._values.pop()

    def forget_unused(self) -> None:
        """Drops the rolls given beyond what the run has used (after stepping back)."""
        del self._values[self._pos :]

    def d6(self, purpose: str, options: Sequence[object] | None = None) -> int:
        if self._pos >= len(self._values):
            raise RollNeeded(purpose, 6, True, options)
        return super().d6(purpose, options)

    def choice(self, n: int, purpose: str, options: Sequence[object] | None = None) -> int:
        if n > 1 and self._pos >= len(self._values):
            raise RollNeeded(purpose, n, False, options)
        return super().choice(n, purpose, options)
