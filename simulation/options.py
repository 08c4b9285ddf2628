"""Simulation settings the scenario format has no field for (the rule texts are silent on them).

Defaults are our decisions (docs/simulation.md). A scenario may override the numeric ones under
``parameters.rules["SIMULATION"]`` (for example ``{"SIMULATION": {"superheavy_stuck_on": 1}}``);
the command line passes them too.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from dambuster.model.scenario import Scenario

RULES_KEY = "SIMULATION"


@dataclass(frozen=True)
class SimOptions:
    #: a superheavy caught by the swell is stuck on this roll or less (swamp entry, 1-2)
    superheavy_stuck_on: int = 2
    #: an armor unit in a hex that floods into swamp is stuck on this roll or less
    swamp_stuck_on: int = 2
    #: strength of the swell's attack on a GEV
    gev_surge_attack: int = 4
    #: odds at which each infantry squad is attacked, attacker:defender
    infantry_odds_attack: int = 1
    infantry_odds_defense: int = 2
    #: 1: a unit of movement class "gev" in a river-bridge hex is under the bridge (in the water);
    #: every other unit there is on the bridge
    gev_under_bridge: int = 1
    #: 1: roads and rails through the dam's hex are cut when it is breached
    cut_routes_at_dam: int = 1
    # -- flash flood
    #: 1: a 6 always fails the strength test (as in characteristic tests); a roll above strength fails
    six_always_fails: int = 1
    #: 1: a model carried into a dead end stops against a wall, which counts as impassable
    dead_end_is_impassable: int = 1
    #: radius of a model's base, in table units (0: use 0.5 inch)
    base_radius: float = 0.0
    #: table units per inch (0: from the table's unit: inches 1, mm 25.4, paces 25.4)
    units_per_inch: float = 0.0
    #: corridor ends closer than this (table units) are one junction
    join_tolerance: float = 1e-6


def options_for(scenario: Scenario, **overrides: float | None) -> SimOptions:
    names = {f.name: f.type for f in fields(SimOptions)}
    values: dict[str, float] = {}
    for k, v in scenario.parameters.rules.get(RULES_KEY, {}).items():
        if k in names:
            values[k] = float(v) if names[k] in ("float", float) else int(v)
    values.update({k: v for k, v in overrides.items() if v is not None})
    return replace(SimOptions(), **values)
