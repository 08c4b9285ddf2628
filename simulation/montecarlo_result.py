"""What a Monte Carlo of breaches gives (montecarlo.py makes it, montecarlo_runs.py fills it a chunk
at a time): chances per hex, bridge, unit, town, route and building, and the worst single run."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dambuster.model.hexgrid import Hex

HEX_KEYS = ("flood", "swamp", "flooded_town", "stream")


@dataclass
class MonteCarloResult:
    runs: int
    seed: int
    dam: str
    last_step: int
    hexes: dict[Hex, dict[str, float]] = field(
        default_factory=dict[Hex, dict[str, float]]
    )  # flood, swamp, flooded_town, stream
    bridges: dict[str, tuple[float, int | None]] = field(
        default_factory=dict[str, tuple[float, int | None]]
    )  # washout chance, step
    units: dict[str, dict[str, float]] = field(
        default_factory=dict[str, dict[str, float]]
    )  # outcome -> chance
    arrival: dict[Hex, int] = field(default_factory=dict[Hex, int])
    towns: dict[str, float] = field(
        default_factory=dict[str, float]
    )  # town id -> chance any of its hexes floods
    routes: dict[str, float] = field(
        default_factory=dict[str, float]
    )  # road or rail id -> chance it is cut somewhere
    #: the most any single run needs of each: "swamp" and "flooded_town" hexes, "road_cut" (hex, route) pairs
    worst: dict[str, int] = field(default_factory=dict[str, int])
    #: building on the dam -> chance it is destroyed: with the dam (11.05), so the chance of a breach
    buildings: dict[str, float] = field(default_factory=dict[str, float])

    def to_json(self, label: Callable[[Hex], str]) -> dict[str, Any]:
        def r6(x: float) -> float:
            return round(float(x), 6)

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

    def to_csv(self, label: Callable[[Hex], str]) -> str:
        lines = ["label,q,r,flood,swamp,flooded_town,stream,arrival"]
        keys = sorted(set(self.hexes) | set(self.arrival))
        for h in keys:
            p: dict[str, float] = self.hexes.get(h, {})
            a = self.arrival.get(h)
            vals = [f"{p.get(k, 0.0):.6f}" for k in ("flood", "swamp", "flooded_town", "stream")]
            lines.append(",".join([label(h), str(h[0]), str(h[1]), *vals, "" if a is None else str(a)]))
        return "\n".join(lines) + "\n"
