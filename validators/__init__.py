"""Rule checks over the Qt-free model. Each rule yields violations; the engine fills in the rest.

Rule modules register themselves with ``engine.rule`` when imported here.
"""
from . import rules_dambusters, dambusters_downriver, rules_dbm, rules_ogre, rules_sewer  # noqa: F401  (registration)
from .engine import REGISTRY, check_scenario, param, rule
from .violation import Violation

__all__ = ["REGISTRY", "Violation", "check_scenario", "param", "rule"]
