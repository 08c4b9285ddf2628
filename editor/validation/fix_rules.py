"""The quick fixes of rule findings (validators/quick_fixes.py says which rules have one and why the
others have none). A planner reads the finding and the scenario and returns a :class:`Fix`, or None
when the finding has no single sensible fix (or is already fixed); the fix's command is built when
it is applied, from the model objects the planner found."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand

from dambuster.editor.commands import PaintTerrain, SetFields
from dambuster.editor.geometry.locate import walk_pointer
from dambuster.model.hexgrid import Hex, neighbors
from dambuster.model.scenario import (
    POSITION_DECIMALS,
    Dam,
    Entrenchment,
    HexMap,
    Mine,
    Model,
    River,
    TableRiver,
)


@dataclasses.dataclass(frozen=True)
class Fix:
    label: str  # what it does, for the menu and the Fix button's tooltip: "Paint the river hex water"
    many: str  # the same for many findings: "paint the river hexes water"
    command: Callable[[Any], QUndoCommand]  # the document -> the undo command that makes the edit


def target(violation, scenario, kind: type) -> Any:
    """The deepest object of type ``kind`` along the finding's JSON pointer (None if none)."""
    pointer = (violation.location or {}).get("pointer") or ""
    found = None
    for obj in walk_pointer(scenario, pointer):
        if isinstance(obj, kind):
            found = obj
    return found


def set_fields(changes: list[tuple[Any, str, Any]]) -> Callable[[Any], QUndoCommand]:
    return lambda doc: SetFields(doc, changes, "")


def set_fields_later(changes: Callable[[], list[tuple[Any, str, Any]]]) -> Callable[[Any], QUndoCommand]:
    """As set_fields, the changes computed when the fix is applied: a list a fix replaces is read as
    the fixes applied before it (in one Fix All) left it."""
    return lambda doc: SetFields(doc, changes(), "")


def _hex(violation) -> Hex | None:
    h = (violation.location or {}).get("hex")
    return (int(h[0]), int(h[1])) if isinstance(h, (list, tuple)) and len(h) == 2 else None


def river_terrain(violation, scenario) -> Fix | None:
    h = _hex(violation)
    if h is None or scenario.map.terrain.get(h) == "water":
        return None
    return Fix(
        "Paint the river hex water",
        "paint the river hexes water",
        lambda doc: PaintTerrain(doc, {h: "water"}),
    )


def dam_hidden(violation, scenario) -> Fix | None:
    dam = target(violation, scenario, Dam)
    if dam is None or not dam.hidden:
        return None
    return Fix(
        "Clear the dam's hidden mark", "clear the dams' hidden marks", set_fields([(dam, "hidden", False)])
    )


def dam_sp_min(violation, scenario) -> Fix | None:
    dam = target(violation, scenario, Dam)
    least = math.ceil((violation.witness or {}).get("min_sp", 0))
    if dam is None or dam.sp >= least:
        return None
    return Fix(
        f"Raise the dam's SP to {least}", f"raise the dams' SP to {least}", set_fields([(dam, "sp", least)])
    )


def mine_visible(violation, scenario) -> Fix | None:
    mine = target(violation, scenario, Mine)
    if mine is None or mine.hidden:
        return None
    return Fix("Hide the mine", "hide the mines", set_fields([(mine, "hidden", True)]))


def entrench_max(violation, scenario) -> Fix | None:
    entrenchment = target(violation, scenario, Entrenchment)
    most = math.floor((violation.witness or {}).get("max", 0))
    if entrenchment is None or most < 1 or entrenchment.count <= most:
        return None
    return Fix(
        f"Lower the entrenchments to {most}",
        f"lower each hex's entrenchments to {most}",
        set_fields([(entrenchment, "count", most)]),
    )


def river_gap(violation, scenario) -> Fix | None:
    """Only a hex repeated twice in a row: a jump can be filled by many courses."""
    river = target(violation, scenario, River)
    h = _hex(violation)
    if river is None or h is None or (violation.witness or {}).get("distance") != 0:
        return None

    def command(doc) -> QUndoCommand:
        hexes = list(river.hexes)
        for k in range(1, len(hexes)):
            if tuple(hexes[k]) == tuple(hexes[k - 1]) == h:  # the run of repeats the finding names
                end = k
                while end < len(hexes) and tuple(hexes[end]) == h:
                    end += 1
                del hexes[k:end]
                break
        return SetFields(doc, [(river, "hexes", hexes)], "")

    return Fix("Drop the repeated river hex", "drop the repeated river hexes", command)


def rivers_beside_end(m: HexMap, river: River) -> set[str]:
    """The ids of the other rivers the river's last hex is in or next to."""
    if not river.hexes:
        return set()
    end: Hex = (int(river.hexes[-1][0]), int(river.hexes[-1][1]))
    near = {end, *neighbors(end)}
    return {r.id for r in m.rivers if r is not river and near & {(int(h[0]), int(h[1])) for h in r.hexes}}


def river_outlet(violation, scenario) -> Fix | None:
    """Only a river that joins none and ends beside exactly one other river: it joins that one."""
    river, m = target(violation, scenario, River), scenario.map
    end = (violation.witness or {}).get("end")
    if river is None or river.joins is not None or not isinstance(m, HexMap) or not river.hexes:
        return None
    if end is None or tuple(end) != tuple(river.hexes[-1]):
        return None  # water collects in a hex that is not the river's end (a cycle's way out ...)
    beside = rivers_beside_end(m, river)
    if len(beside) != 1:
        return None
    (other,) = beside
    return Fix(
        f"Join river {other!r} (its last hex is beside it)",
        "join each river to the one it ends beside",
        set_fields([(river, "joins", other)]),
    )


def dbm_river_width(violation, scenario) -> Fix | None:
    river = target(violation, scenario, TableRiver)
    limit = (violation.witness or {}).get("limit")
    if river is None or not isinstance(limit, (int, float)) or river.width <= limit:
        return None
    unit = getattr(scenario.map, "unit", "")
    return Fix(
        f"Narrow the river to {limit:g} {unit}",
        "narrow the rivers to the widest allowed",
        set_fields([(river, "width", float(limit))]),
    )


def sewer_model(violation, scenario) -> Fix | None:
    """Only a model past its corridor's end (or before its start): it goes to that end."""
    model = target(violation, scenario, Model)
    length = (violation.witness or {}).get("length")
    if model is None or not isinstance(length, (int, float)):
        return None
    scale = 10**POSITION_DECIMALS
    if model.position > length:
        where, position = "end", math.floor(length * scale) / scale
    elif model.position < 0:
        where, position = "start", 0.0
    else:
        return None
    return Fix(
        f"Put the model at its corridor's {where}",
        "put the models at their corridors' ends",
        set_fields([(model, "position", position)]),
    )


#: code -> planner (validators/quick_fixes.py FIXED lists the same codes, with SCHEMA for FORMAT rows)
PLANS: dict[str, Callable[[Any, Any], Fix | None]] = {
    "RIVER-TERRAIN": river_terrain,
    "DAM-HIDDEN": dam_hidden,
    "DAM-SP-MIN": dam_sp_min,
    "MINE-VISIBLE": mine_visible,
    "ENTRENCH-MAX": entrench_max,
    "RIVER-GAP": river_gap,
    "RIVER-OUTLET": river_outlet,
    "DBM-RIVER-WIDTH": dbm_river_width,
    "SEWER-MODEL": sewer_model,
}
