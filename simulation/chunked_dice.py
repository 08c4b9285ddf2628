"""The Monte Carlo's dice, a chunk of runs at a time, exactly as if every draw were made for all runs.

``monte_carlo`` makes its draws in a fixed order (docs/simulation.md), each draw one value per run:
``integers(low, high, size=runs)`` of one ``numpy.random.Generator(PCG64(seed))``. Holding a column of
all runs per draw is what made its memory grow with the runs, so it goes through the runs a chunk at a
time, making in each chunk the same draws in the same order; :class:`ChunkedDice` gives each draw the
values of the chunk's runs, those that one draw for all runs would have given them.

How. numpy's bounded integers take from the bit generator one after another (a 32-bit half left over
stays in the generator's state), so a draw of n values and then one of m give the values of one draw
of n + m; ``tests/sim/test_sim_montecarlo_memory.py`` checks it on the ranges the Monte Carlo uses.
In the first chunk each draw notes the state after its chunk's values, then draws and throws away the
other runs' values (in pieces of SKIP_PIECE) to reach the state where the next draw begins; in each
later chunk a draw starts from the state the chunk before left it. The values of the runs after the
first chunk are thus made twice (numpy's draws were 7% of the time of a million runs of the Aller
valley), and the memory is one generator state per draw and one chunk of values, whatever the runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import numpy.typing as npt

#: Values drawn at a time when the first chunk skips the other runs' values of a draw.
SKIP_PIECE = 1 << 16


class ChunkedDice:
    """Draws for ``runs`` runs from ``PCG64(seed)``, served chunk by chunk (``chunks()``); every chunk
    must make the same draws in the same order (ValueError otherwise)."""

    def __init__(self, seed: int, runs: int, chunk: int):
        self.runs = runs
        self.chunk = max(1, chunk)
        self._bits = np.random.PCG64(seed)
        self._rng = np.random.Generator(self._bits)
        # per draw: the generator's state (numpy's PCG64 state dict) where the next chunk's values begin
        self._resume: list[Any] = []
        self._first = True
        self._n = 0  # runs in the current chunk
        self._k = 0  # draws made so far in the current chunk

    def chunks(self) -> Iterator[int]:
        """The number of runs of each chunk in turn (one chunk of 0 when there are no runs); the
        draws for a chunk are made between its number and the next."""
        for start in range(0, max(self.runs, 1), self.chunk):
            self._n, self._k = min(self.chunk, self.runs - start), 0
            yield self._n
            if not self._first and self._k != len(self._resume):
                raise ValueError(f"a chunk made {self._k} draws, the first {len(self._resume)}")
            self._first = False

    def integers(self, low: int, high: int, per_run: int | None = None) -> npt.NDArray[np.int64]:
        """The next draw's values for the chunk's runs: ``integers(low, high)``, one per run (shape
        (runs,)), or ``per_run`` per run (shape (runs, per_run))."""
        shape = (self._n,) if per_run is None else (self._n, per_run)
        if self._first:
            values = self._rng.integers(low, high, size=shape)
            self._resume.append(self._bits.state)
            rest = (self.runs - self._n) * (1 if per_run is None else per_run)
            for _ in range(0, rest, SKIP_PIECE):
                self._rng.integers(low, high, size=min(SKIP_PIECE, rest))
                rest -= SKIP_PIECE
            self._k += 1
            return values
        if self._k >= len(self._resume):
            raise ValueError(f"a chunk made more draws than the first ({len(self._resume)})")
        self._bits.state = self._resume[self._k]
        values = self._rng.integers(low, high, size=shape)
        self._resume[self._k] = self._bits.state
        self._k += 1
        return values


__all__ = ["SKIP_PIECE", "ChunkedDice"]
