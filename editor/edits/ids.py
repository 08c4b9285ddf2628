"""Ids for new objects: every id a scenario holds, and the first free one with a prefix (hex maps and
tables alike)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from dambuster.model.scenario import Scenario


def scenario_ids(scenario: Scenario) -> set[str]:
    """Every id in the scenario (features, markers, units, sides, sewer parts ...)."""
    ids: set[str] = set()
    stack: list[Any] = [scenario]
    while stack:
        obj = stack.pop()
        ident = getattr(obj, "id", None)
        if isinstance(ident, str):
            ids.add(ident)
        for f in dataclasses.fields(obj):
            v = getattr(obj, f.name)
            if isinstance(v, list) and v and dataclasses.is_dataclass(v[0]):
                stack.extend(v)
            elif dataclasses.is_dataclass(v):
                stack.append(v)
    return ids


def fresh_id(scenario: Scenario, prefix: str, taken: Iterable[str] | None = None) -> str:
    """``prefix`` + the first N whose id is free: not in ``taken`` when given (a set of the
    scenario's ids and those handed out since), else not anywhere in the scenario."""
    taken = scenario_ids(scenario) if taken is None else taken
    n = 1
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"
