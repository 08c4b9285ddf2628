"""Blank scenarios, as `dambuster new` and the editor's New dialog make them."""

from __future__ import annotations

from .catalog import default_unit_types
from .ground_scale import DEFAULT_FIGURES, FIGURES, reduction_problem
from .hexgrid import OFFSETS_BY_ORIENTATION, Layout
from .scenario import HexMap, Meta, Scenario, TableMap
from .terrain import Terrain


def new_hex_scenario(
    columns: int,
    rows: int,
    orientation: str = "flat",
    offset: str | None = None,
    title: str = "Untitled scenario",
    profiles: list[str] | None = None,
) -> Scenario:
    allowed = OFFSETS_BY_ORIENTATION[orientation]
    offset = offset or allowed[0]
    if offset not in allowed:
        raise ValueError(f"a {orientation}-top map uses offset {' or '.join(allowed)}, not {offset}")
    if not (1 <= columns <= 1000 and 1 <= rows <= 1000):
        raise ValueError("columns and rows must be between 1 and 1000")
    layout = Layout(orientation, offset, columns, rows)
    hex_map = HexMap(orientation, offset, columns, rows, Terrain(layout))
    return Scenario(
        Meta(title=title, profiles=list(profiles or [])), hex_map, unit_types=default_unit_types()
    )


def new_table_scenario(
    width: float,
    depth: float,
    unit: str = "paces",
    title: str = "Untitled scenario",
    profiles: list[str] | None = None,
    figures: str = DEFAULT_FIGURES,
    reduced: bool = False,
) -> Scenario:
    """A blank table; 15mm figures unless told (the commonest; model/ground_scale.py)."""
    if width <= 0 or depth <= 0:
        raise ValueError("width and depth must be positive")
    if figures not in FIGURES:
        raise ValueError(f"figures are {', '.join(FIGURES)}, not {figures}")
    problem = reduction_problem(unit, figures, reduced)
    if problem:
        raise ValueError(problem)
    table = TableMap(float(width), float(depth), unit, figures=figures, reduced=reduced)
    return Scenario(Meta(title=title, profiles=list(profiles or [])), table, unit_types=default_unit_types())
