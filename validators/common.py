"""Helpers every rule module shares: the map of the kind a rule wants, and points as JSON."""

from __future__ import annotations

from typing import Protocol, SupportsFloat

from dambuster.model.scenario import HexMap, Scenario, TableMap


def hex_map(s: Scenario) -> HexMap | None:
    """The scenario's hex map, or None for a table (hex rules return early then)."""
    return s.map if isinstance(s.map, HexMap) else None


def table_map(s: Scenario) -> TableMap | None:
    """The scenario's table, or None for a hex map (table rules return early then)."""
    return s.map if isinstance(s.map, TableMap) else None


class XY(Protocol):
    """A point as x and y by index: a tuple, a shapely coordinate, a numpy row."""

    def __getitem__(self, index: int, /) -> SupportsFloat: ...


def point_json(p: XY) -> list[float]:
    """A table point as JSON [x, y], rounded to 6 decimals so reports stay stable."""
    return [round(float(p[0]), 6), round(float(p[1]), 6)]
