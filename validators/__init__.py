"""Rule checks over the Qt-free model. Each rule yields violations; the engine fills in the rest.

Rule modules register themselves with ``engine.rule`` when imported. Importing this package does not
import them (they pull in shapely, numpy and networkx): checking a scenario loads the modules of its
profiles (``engine.load``), and reading ``REGISTRY`` from here loads them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .engine import check_scenario, param, rule
from .violation import Violation

if TYPE_CHECKING:  # at run time, __getattr__ below (it loads every rule module first)
    from .engine import REGISTRY, Rule

__all__ = ["REGISTRY", "Violation", "check_scenario", "param", "rule"]


def __getattr__(name: str) -> dict[str, Rule]:
    if name == "REGISTRY":  # every rule: the catalogue, --select/--ignore checks, the cache key
        from . import engine

        engine.load()
        return engine.REGISTRY
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
