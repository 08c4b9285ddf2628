"""A selected object in people's words: its kind and id for the status bar, and one line per field for
the Place dock ("Hidden: no", "Buildings: Power station (10 SP)")."""

from __future__ import annotations

import dataclasses
from typing import Any


def describe(obj: Any) -> str:
    if obj is None:
        return ""
    kind = type(obj).__name__
    ident = getattr(obj, "id", None)
    return f"{kind} {ident}" if ident else kind


#: field names a designer reads differently from the format's keys (others: "sp_known_to" -> "Sp known to")
FIELD_WORDS = {"id": "Id", "sp": "SP", "sp_known_to": "SP known to"}


def words(name: str) -> str:
    """A class or field name in people's words: "RiverBridge" -> "River bridge", "sp" -> "SP"."""
    if name in FIELD_WORDS:
        return FIELD_WORDS[name]
    spaced = "".join(f" {c.lower()}" if c.isupper() and i else c for i, c in enumerate(name)).replace(
        "_", " "
    )
    return spaced[:1].upper() + spaced[1:]


def summary(obj: Any, layout=None) -> str:
    """One line per field of a selected object in people's words ("Hidden: no", "Buildings: Power
    station (10 SP)"), hexes as map labels when the layout is known."""
    if obj is None or not dataclasses.is_dataclass(obj):
        return ""

    def show(v):
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, tuple) and len(v) == 2 and layout is not None:
            return layout.label(v)
        if dataclasses.is_dataclass(v):
            return part(v)
        if isinstance(v, list) and len(v) > 4:
            hexes = all(isinstance(x, tuple) and len(x) == 2 for x in v)
            return f"{len(v)} hexes" if hexes else f"{len(v)} entries"
        if isinstance(v, list):
            return ", ".join(show(x) for x in v)
        return str(v)

    def part(v):  # a building on a dam, a line's entry: by its kind or name, with its SP
        name = (
            getattr(v, "name", "")
            or getattr(v, "kind", "")
            or getattr(v, "id", "")
            or words(type(v).__name__)
        )
        name = name[:1].upper() + name[1:]
        sp, lost = getattr(v, "sp", None), getattr(v, "damage", 0)
        if sp is None:
            return name
        return f"{name} ({sp} SP, {lost} lost)" if lost else f"{name} ({sp} SP)"

    lines = [words(type(obj).__name__)]
    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        if v not in (None, "", []):
            lines.append(f"{words(f.name)}: {show(v)}")
    return "\n".join(lines)
