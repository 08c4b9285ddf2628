"""The Validation dock's "Where" column in a designer's words (no Qt): a hex by its label ("hex
1109"), a JSON pointer by the object it reaches, named as the map names it ("Aller dam, 1109",
"river bridge bridge-kessel, 1214", "budget of combine, armor units"), the pointer in words only when
nothing along it has a name ("meta › title"); the row's tooltip keeps the pointer itself."""

from __future__ import annotations

import dataclasses
from typing import Any

from dambuster.editor.geometry.locate import walk_pointer


def readable_where(violation, scenario) -> str:
    loc = violation.location or {}
    pointer = loc.get("pointer")
    if scenario is None or "hex_label" in loc or "line" in loc or not pointer:
        return violation.where()
    named = None
    for obj in walk_pointer(scenario, pointer):
        if dataclasses.is_dataclass(obj) and (getattr(obj, "name", "") or getattr(obj, "id", "")):
            named = obj
        elif dataclasses.is_dataclass(obj) and isinstance(getattr(obj, "side", None), str):
            named = obj  # a side's budget
    if named is None:
        return _words(pointer)
    if not (getattr(named, "name", "") or getattr(named, "id", "")):
        return f"{_kind(named)} of {getattr(named, 'side', '')}, {_words(pointer).split(' › ')[-1]}"
    return _name(named, scenario)


def _words(pointer: str) -> str:
    """A pointer without a named object on it, in words: "/meta/title" -> "meta › title"."""
    parts = [p.replace("~1", "/").replace("~0", "~").replace("_", " ") for p in pointer.split("/")[1:]]
    return " › ".join(str(int(p) + 1) if p.isdigit() else p for p in parts) or "the file"


def _kind(obj: Any) -> str:
    return "".join(
        f" {c.lower()}" if c.isupper() and i else c for i, c in enumerate(type(obj).__name__)
    ).lower()


def _name(obj: Any, scenario) -> str:
    kind = _kind(obj)
    name = getattr(obj, "name", "")
    title = (name if kind.split()[-1] in name.lower() else f"{kind} {name}") if name else f"{kind} {obj.id}"
    where = getattr(obj, "hex", None)
    if where is None and getattr(obj, "hexes", None):
        where = obj.hexes[0]
    layout = getattr(scenario.map, "layout", None)
    if isinstance(where, tuple) and len(where) == 2 and layout is not None and layout.contains(where):
        return f"{title}, {layout.label(where)}"
    return title
