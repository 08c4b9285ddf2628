"""dambuster.simulation: the dam breach (hex maps) and the sewer flash flood (table maps), Qt-free.

    from dambuster.simulation import Breach, Dice, Run, apply
    run = Run(Breach(scenario, "dam-1"), Dice(seed=7))
    events = run.run()              # until the swell leaves the map
    after = apply(scenario, run.state, "dam-1")

Monte Carlo: ``dambuster.simulation.montecarlo.monte_carlo``; flash flood:
``dambuster.simulation.flashflood``; events as sentences: ``narrate``; what a breach did and the
chances of many: ``summary``; command line: ``dambuster.cli.commands.simulate.add_parsers``.
Draw order and every decision: docs/simulation.md.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # at run time, __getattr__ below imports each when first asked for
    from .breach import Breach, Run, apply
    from .dice import Dice, RollNeeded, ScriptedDice, TableDice
    from .plan import SimulationError
    from .state import Event, SimState

# imported when first asked for: the command line builds every subcommand's parser, and networkx
# (the breach's plan) costs half a second a command that simulates nothing would pay
_HOME = {
    "Breach": "breach",
    "Run": "breach",
    "apply": "breach",
    "Dice": "dice",
    "RollNeeded": "dice",
    "ScriptedDice": "dice",
    "TableDice": "dice",
    "SimulationError": "plan",
    "Event": "state",
    "SimState": "state",
}


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(import_module(f".{_HOME[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
