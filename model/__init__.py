"""The Qt-free scenario model and its file I/O."""

from .errors import Problem, ScenarioError
from .factory import new_hex_scenario, new_table_scenario
from .hexgrid import Layout
from .io import dumps, load, loads, save
from .scenario import HexMap, Scenario, TableMap
from .terrain import Terrain

__all__ = [
    "HexMap",
    "Layout",
    "Problem",
    "Scenario",
    "ScenarioError",
    "TableMap",
    "Terrain",
    "dumps",
    "load",
    "loads",
    "new_hex_scenario",
    "new_table_scenario",
    "save",
]
