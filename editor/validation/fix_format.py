"""The quick fixes of a file opened with problems (the Validation dock's FORMAT rows: the format's
checks the schema cannot express, model/semantic.py), where one edit is the sensible one:

- a reference that differs from an existing id only in case points to it;
- a river joining a river that does not exist joins the one other river its last hex is in or next
  to (none there: the ``joins`` is dropped; two or more: no fix); a side in a dam's ``sp_known_to``
  that does not exist is dropped; a river joining itself is treated as one joining a missing river;
- a repeated id gets a fresh one (references already resolve to its first owner, and still do);
- a non-infantry unit's squads become 1;
- a repeated hexside entry is dropped; a hex's entrenchment entries merge into one, counts added.

Anything else (a dangling required reference, a hex off the map, damage above SP ...) has no fix:
what it should be is the designer's choice."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from PySide6.QtGui import QUndoCommand

from dambuster.editor.commands import SetFields
from dambuster.editor.edits.ids import fresh_id
from dambuster.editor.geometry.locate import walk_pointer
from dambuster.model import semantic
from dambuster.model.scenario import Dam, HexMap, HexsideFeature, River, Unit

from .fix_rules import Fix, rivers_beside_end, set_fields, set_fields_later, target


def _parts(pointer: str) -> list[str]:
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]


def _owner(scenario, pointer: str) -> tuple[Any, str, int | None]:
    """The object holding the pointer's field, the field's name, and the index when the pointer ends
    in an entry of a list field (``/map/dams/0/sp_known_to/1``)."""
    parts = _parts(pointer)
    if len(parts) >= 2 and parts[-1].isdigit():
        parent = "/" + "/".join(parts[:-2])
        objs = list(walk_pointer(scenario, parent)) if parts[:-2] else [scenario]
        return (objs[-1] if objs else None), parts[-2], int(parts[-1])
    objs = list(walk_pointer(scenario, "/" + "/".join(parts[:-1]))) if parts[:-1] else [scenario]
    return (objs[-1] if objs else None), (parts[-1] if parts else ""), None


def _one(matches: set[str]) -> str | None:
    return next(iter(matches)) if len(matches) == 1 else None


def plan_format(violation, scenario) -> Fix | None:
    message = violation.message
    pointer = (violation.location or {}).get("pointer") or ""
    if message.startswith("refers to ") and message.endswith("which does not exist"):
        return _dangling(scenario, pointer, message)
    if message == "a river cannot join itself" and isinstance(scenario.map, HexMap):
        river, _name, _ = _owner(scenario, pointer)
        return _joins_beside(scenario.map, river, river.joins) if isinstance(river, River) else None
    if message.startswith("only infantry has squads"):
        unit = target(violation, scenario, Unit)
        if unit is None or unit.squads == 1:
            return None
        return Fix(
            "Set the unit's squads to 1", "set the units' squads to 1", set_fields([(unit, "squads", 1)])
        )
    if message.startswith("id ") and " is already used by the " in message:
        return _repeated_id(scenario, pointer)
    if message.startswith("hexside ") and " already has a " in message:
        return _repeated_hexside(violation, scenario)
    if "has more than one entrenchment entry" in message and isinstance(scenario.map, HexMap):
        return Fix(
            "Merge each hex's entrenchment entries", "merge the entrenchment entries", _merge_entrenchments
        )
    return None


def _dangling(scenario, pointer: str, message: str) -> Fix | None:
    owner, name, index = _owner(scenario, pointer)
    value = getattr(owner, name, None) if owner is not None else None
    ident = value[index] if index is not None and isinstance(value, list) and index < len(value) else value
    kinds = re.match(r"refers to ([a-z ]+?) ['\"]", message)
    if owner is None or not isinstance(ident, str) or kinds is None:
        return None
    wanted = set(kinds.group(1).split(" or "))
    same = _one(
        {i for i, kind, _ in semantic._id_owners(scenario) if kind in wanted and i.lower() == ident.lower()}
    )
    if same is not None and same != ident:
        if index is None:
            return Fix(
                f"Refer to {same!r}", "refer to the ids in their case", set_fields([(owner, name, same)])
            )
        return Fix(
            f"Refer to {same!r}",
            "refer to the ids in their case",
            set_fields_later(
                lambda: [(owner, name, [same if x == ident else x for x in getattr(owner, name)])]
            ),
        )
    if same is None and isinstance(owner, River) and name == "joins" and isinstance(scenario.map, HexMap):
        return _joins_beside(scenario.map, owner, ident)
    if same is None and isinstance(owner, Dam) and name == "sp_known_to":
        return Fix(
            f"Drop {ident!r} from sp_known_to",
            "drop the sides that do not exist",
            set_fields_later(lambda: [(owner, name, [x for x in getattr(owner, name) if x != ident])]),
        )
    return None


def _repeated_id(scenario, pointer: str) -> Fix | None:
    owner, _name, _ = _owner(scenario, pointer)
    ident = getattr(owner, "id", None)
    if not isinstance(ident, str):
        return None
    prefix = re.sub(r"\d+$", "", ident) or "id-"
    shown = fresh_id(scenario, prefix)

    def command(doc) -> QUndoCommand:
        return SetFields(doc, [(owner, "id", fresh_id(doc.scenario, prefix))], "")

    return Fix(f"Give it a new id ({shown})", "give each repeated id a new one", command)


def _repeated_hexside(violation, scenario) -> Fix | None:
    entry = target(violation, scenario, HexsideFeature)
    m = scenario.map
    if entry is None or not isinstance(m, HexMap):
        return None

    def command(doc) -> QUndoCommand:
        return SetFields(doc, [(m, "hexsides", [f for f in m.hexsides if f is not entry])], "")

    return Fix("Drop the repeated hexside entry", "drop the repeated hexside entries", command)


def _merge_entrenchments(doc) -> QUndoCommand:
    markers = doc.scenario.map.markers
    first: dict[Any, int] = {}
    merged: list = []
    for e in markers.entrenchments:
        if e.hex in first:
            k = first[e.hex]
            merged[k] = dataclasses.replace(merged[k], count=merged[k].count + e.count)
        else:
            first[e.hex] = len(merged)
            merged.append(e)
    return SetFields(doc, [(markers, "entrenchments", merged)], "")


def _joins_beside(m: HexMap, river: River, ident: str | None) -> Fix | None:
    """A river joining a river that does not exist (or itself): it joins the one other river its last
    hex is in or next to; with none there, the reference is dropped; with two or more, no fix."""
    beside = rivers_beside_end(m, river)
    if len(beside) == 1:
        (other,) = beside
        return Fix(
            f"Join river {other!r} (its last hex is beside it)",
            "join the rivers they end beside",
            set_fields([(river, "joins", other)]),
        )
    if not beside:
        return Fix(
            f"Drop the river's joins {ident!r}",
            "drop the references that lead nowhere",
            set_fields([(river, "joins", None)]),
        )
    return None
