"""dambuster.simulation: the dam breach (hex maps) and the sewer flash flood (table maps), Qt-free.

    from dambuster.simulation import Breach, Dice, Run, apply
    run = Run(Breach(scenario, "dam-1"), Dice(seed=7))
    events = run.run()              # until the swell leaves the map
    after = apply(scenario, run.state, "dam-1")

Monte Carlo: ``dambuster.simulation.montecarlo.monte_carlo``; flash flood:
``dambuster.simulation.flashflood``; events as sentences: ``narrate``; what a breach did and the
chances of many: ``summary``; command line: ``dambuster.simulation.cli.add_parsers``.
Draw order and every decision: docs/simulation.md.
"""

from .breach import Breach, Run, apply
from .dice import Dice, RollNeeded, ScriptedDice, TableDice
from .plan import SimulationError
from .state import Event, SimState

__all__ = [
    "Breach",
    "Dice",
    "Event",
    "RollNeeded",
    "Run",
    "ScriptedDice",
    "SimState",
    "SimulationError",
    "TableDice",
    "apply",
]
