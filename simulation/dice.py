"""One seeded source of every random draw of a simulation run.

The generator is Python's ``random.Random(seed)`` (Mersenne Twister MT19937, seeded from an
integer). Every draw is one call to ``randrange``; docs/simulation.md lists the order in which a
breach and a flash flood take their draws, so another engine using MT19937 and CPython's
``randrange`` (``getrandbits(n.bit_length())`` with rejection of values >= n) replays the same run.

Each draw is recorded as a :class:`Draw` (what it was for, how many sides, the result) so the
simulation can say which die gave which result.
"""
from __future__ import annotations

import random
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

    def d6(self, purpose: str) -> int:
        v = self._rng.randrange(6) + 1
        self.log.append(Draw(purpose, 6, v))
        return v

    def choice(self, n: int, purpose: str) -> int:
        """An index in 0..n-1; no draw is taken when there is only one choice."""
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

    def d6(self, purpose: str) -> int:
        v = self._next()
        self.log.append(Draw(purpose, 6, v))
        return v

    def choice(self, n: int, purpose: str) -> int:
        if n == 1:
            return 0
        v = self._next()
        if not 0 <= v < n:
            raise ValueError(f"scripted choice {v} out of range 0..{n - 1}")
        self.log.append(Draw(purpose, n, v))
        return v

    def state(self):
        return self._pos, len(self.log)

    def restore(self, state) -> None:
        self._pos, n = state
        del self.log[n:]
