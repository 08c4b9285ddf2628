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

from dataclasses import dataclass, field

from ..model.hexgrid import Hex
from .breach import Breach
from .chunked_dice import ChunkedDice
from .montecarlo_runs import RunTotals

HEX_KEYS = ("flood", "swamp", "flooded_town", "stream")


@dataclass
class MonteCarloResult:
    runs: int
    seed: int
    dam: str
    last_step: int
    hexes: dict[Hex, dict[str, float]] = field(default_factory=dict)  # flood, swamp, flooded_town, stream
    bridges: dict[str, tuple[float, int | None]] = field(default_factory=dict)  # washout chance, step
    units: dict[str, dict[str, float]] = field(default_factory=dict)  # outcome -> chance
    arrival: dict[Hex, int] = field(default_factory=dict)
    towns: dict[str, float] = field(default_factory=dict)  # town id -> chance any of its hexes floods
    routes: dict[str, float] = field(default_factory=dict)  # road or rail id -> chance it is cut somewhere
    #: the most any single run needs of each: "swamp" and "flooded_town" hexes, "road_cut" (hex, route) pairs
    worst: dict[str, int] = field(default_factory=dict)
    #: building on the dam -> chance it is destroyed: with the dam (11.05), so the chance of a breach
    buildings: dict[str, float] = field(default_factory=dict)

    def to_json(self, label) -> dict:
        r6 = lambda x: round(float(x), 6)  # noqa: E731
        return {
            "runs": self.runs,
            "seed": self.seed,
            "dam": self.dam,
            "steps": self.last_step,
            "hexes": [
                {"hex": list(h), "label": label(h), **{k: r6(p.get(k, 0.0)) for k in HEX_KEYS}}
                for h, p in sorted(self.hexes.items())
            ],
            "bridges": [{"id": b, "washout": r6(p), "step": k} for b, (p, k) in self.bridges.items()],
            "units": [
                {"id": u, "outcomes": {k: r6(v) for k, v in sorted(o.items())}} for u, o in self.units.items()
            ],
            "river": [{"hex": list(h), "label": label(h), "arrival": k} for h, k in self.arrival.items()],
            "buildings": [{"id": i, "destroyed": r6(p)} for i, p in self.buildings.items()],
        }

    def to_csv(self, label) -> str:
        lines = ["label,q,r,flood,swamp,flooded_town,stream,arrival"]
        keys = sorted(set(self.hexes) | set(self.arrival))
        for h in keys:
            p = self.hexes.get(h, {})
            a = self.arrival.get(h)
            vals = [f"{p.get(k, 0.0):.6f}" for k in ("flood", "swamp", "flooded_town", "stream")]
            lines.append(",".join([label(h), str(h[0]), str(h[1]), *vals, "" if a is None else str(a)]))
        return "\n".join(lines) + "\n"


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
