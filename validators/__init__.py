"""Rule checks over the Qt-free model. Each rule yields violations; the engine fills in the rest."""
from .engine import check_scenario
from .violation import Violation

__all__ = ["Violation", "check_scenario"]
