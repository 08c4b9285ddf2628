"""Many breaches at once: per-hex, per-bridge and per-unit probabilities.

The swell's path, its arrival steps, who it catches, which hexes roll for flooding, which bridges
wash out and where streams may start are the same in every run, so :class:`Breach` computes them
once; only the dice are drawn per run, as numpy arrays (one entry per run) from
``numpy.random.Generator(PCG64(seed))``. The draw order (docs/simulation.md) is fixed, so the same
seed gives the same figures; the runs are not draw-for-draw replays of ``dambuster surge --seed``.
The runs are made and added up a chunk at a time (montecarlo_runs.py, chunked_dice.py), so memory does
not grow with their number, and every chunk size gives the same figures.
"""

from __future__ import annotations

from .breach import Breach
from .chunked_dice import ChunkedDice
from .montecarlo_result import HEX_KEYS, MonteCarloResult
from .montecarlo_runs import RunTotals

__all__ = ["HEX_KEYS", "MonteCarloResult", "monte_carlo"]


def monte_carlo(b: Breach, runs: int = 10_000, seed: int = 0, chunk: int | None = None) -> MonteCarloResult:
    """``runs`` breaches of ``b`` drawn from ``PCG64(seed)``, added up a chunk of runs at a time
    (montecarlo_runs.py): memory does not grow with the runs. ``chunk``: runs per chunk (default: the
    map's); any chunk gives the same figures."""
    plan = b.plan
    res = MonteCarloResult(runs, seed, b.dam.id, plan.last_step)
    res.arrival = dict(plan.arrivals)
    res.buildings = {x.id: 1.0 for x in b.dam.buildings}  # every run is a breach: they fall with the dam
    totals = RunTotals(b)
    dice = ChunkedDice(seed, runs, chunk or totals.chunk_runs())
    for n in dice.chunks():
        totals.add_chunk(dice, n)
    totals.report(res)
    for h in res.hexes:
        for k in HEX_KEYS:
            res.hexes[h].setdefault(k, 0.0)

    # bridges: washing out depends only on the swell's path
    for br in b.map.stream_bridges:
        first = None
        if br.id not in b.already_out:
            first = next(
                (k for k in range(plan.last_step) if any(x == br.id for x, _ in b.washouts(k))), None
            )
        res.bridges[br.id] = (1.0 if first is not None else 0.0, first)
    return res


__all__ = ["MonteCarloResult", "monte_carlo"]
