"""The work of a Monte Carlo of a breach, runs x river hexes, and how much of it a second does: what
`surge --monte-carlo` and the PDF's overlay sheet check against their --budget before they start
(docs/untrusted.md). Light to import: the estimate is made before numpy and the breach's plan load."""

from __future__ import annotations

from dambuster.model.scenario import HexMap, Scenario

#: Runs x river hexes done in a second (measured on our busy 2-CPU machine: 1,000,000 runs on a
#: 42-hex valley in 11 s, 100,000 runs on a 756-hex river system in 4.6 s).
RUN_HEXES_PER_SECOND = 3_000_000


def work(river_hexes: int, runs: int) -> int:
    """The Monte Carlo's work, runs x hexes, on a map whose rivers hold ``river_hexes`` hexes: what its
    time grows with (its memory does not grow with the runs: montecarlo_runs.py)."""
    return runs * max(river_hexes, 1)


def river_hexes(scenario: Scenario) -> int:
    """The hexes of the map's rivers (a hex on two rivers counted twice): read from the scenario, before
    any breach is planned; 0 on a table map (its rivers are lines, and a breach refuses it)."""
    m = scenario.map
    return sum(len(r.hexes) for r in m.rivers) if isinstance(m, HexMap) else 0


__all__ = ["RUN_HEXES_PER_SECOND", "river_hexes", "work"]
