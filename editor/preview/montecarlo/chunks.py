"""Monte Carlo in chunks (Qt-free): the editor runs ``dambuster.simulation.montecarlo.monte_carlo``
a chunk of runs at a time (in a worker thread, montecarlo/worker.py) so that a progress bar can
update and Cancel stop it between chunks, then merges the chunks' figures weighted by their runs.

Chunk ``i`` of a run with seed ``s`` draws from ``numpy.random.SeedSequence([s, i])``, so the same
N and seed give the same figures in the editor every time (they are not the figures of one
``dambuster surge --monte-carlo N --seed s`` call, which draws all N runs from one generator).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from dambuster.simulation import Breach
from dambuster.simulation.montecarlo import HEX_KEYS, MonteCarloResult, monte_carlo

CHUNK = 1_000  # runs per chunk: ten progress steps for 10,000 runs; on a 200x200 map ~20 ms a chunk


def chunk_sizes(runs: int, chunk: int = CHUNK) -> list[int]:
    return [min(chunk, runs - start) for start in range(0, runs, chunk)]


def chunk_seed(seed: int, i: int) -> int:
    return int(np.random.SeedSequence([seed, i]).generate_state(1, dtype=np.uint64)[0])


def merge(parts: list[MonteCarloResult], seed: int) -> MonteCarloResult:
    """One result from chunk results: every chance is the runs-weighted mean (absent counts as 0)."""
    runs = sum(p.runs for p in parts)
    first = parts[0]
    out = MonteCarloResult(
        runs, seed, first.dam, first.last_step, arrival=dict(first.arrival), bridges=dict(first.bridges)
    )
    for p in parts:
        w = p.runs / runs
        for key in ("towns", "routes"):
            acc = getattr(out, key)
            for k, v in getattr(p, key).items():
                acc[k] = acc.get(k, 0.0) + w * v
        for h, probs in p.hexes.items():
            acc = out.hexes.setdefault(h, dict.fromkeys(HEX_KEYS, 0.0))
            for k in HEX_KEYS:
                acc[k] += w * probs.get(k, 0.0)
        for uid, outcomes in p.units.items():
            acc = out.units.setdefault(uid, {})
            for k, v in outcomes.items():
                acc[k] = acc.get(k, 0.0) + w * v
    return out


def run_chunks(
    breach: Breach, runs: int, seed: int, chunk: int = CHUNK
) -> Iterator[tuple[int, MonteCarloResult]]:
    """Yields (runs done so far, chunk result) chunk by chunk; the caller may stop at any time."""
    done = 0
    for i, n in enumerate(chunk_sizes(runs, chunk)):
        part = monte_carlo(breach, n, chunk_seed(seed, i))
        done += n
        yield done, part


def run_all(
    breach: Breach, runs: int, seed: int, progress: Callable[[int], bool] | None = None, chunk: int = CHUNK
) -> MonteCarloResult | None:
    """All chunks, merged as they come (memory stays that of one chunk); ``progress(done)`` returning
    False cancels (the result is then None)."""
    total = None
    for done, part in run_chunks(breach, runs, seed, chunk):
        total = part if total is None else merge([total, part], seed)
        if progress is not None and not progress(done):
            return None
    return None if total is None else merge([total], seed)
