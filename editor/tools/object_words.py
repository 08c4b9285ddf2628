"""A selected object in people's words: its kind and id for the status bar, and one line per field for
the Place dock ("Hidden: no", "Buildings: Power station (10 SP)")."""

from __future__ import annotations

import dataclasses
import math
from typing import Any


def kind_words(obj: Any) -> str:
    """An object's kind as the editor says it elsewhere: "river bridge", a table's "road" (not
    "TableRoad")."""
    name = type(obj).__name__
    if name.startswith("Table") and name[5:6].isupper():
        name = name[5:]  # a table's road is a road
    return words(name).lower()


def describe(obj: Any) -> str:
    """Kind and id, for the status bar and undo steps: "river bridge bridge-kessel"."""
    if obj is None:
        return ""
    kind = kind_words(obj)
    ident = getattr(obj, "id", None)
    return f"{kind} {ident}" if ident else kind


#: fields of table features that are lengths in the table's unit
TABLE_LENGTHS = ("width", "position")


def is_point(v: Any) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and all(isinstance(x, (int, float)) for x in v)


def table_points(points: list, unit: str, closed: bool) -> str:
    """A table line or outline in the table's unit, rounded as the status bar's readout: a few points
    as they are ("(2312, 1499), (2400, 1620) mm"), more by their size ("12 points, 1530 mm long";
    an outline "24 corners, 340 x 220 mm")."""
    if len(points) <= 4 and not closed:
        return ", ".join(f"({x:.0f}, {y:.0f})" for x, y in points) + f" {unit}"
    if closed:
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return f"{len(points)} corners, {max(xs) - min(xs):.0f} x {max(ys) - min(ys):.0f} {unit}"
    length = sum(math.dist(a, b) for a, b in zip(points, points[1:]))
    return f"{len(points)} points, {length:.0f} {unit} long"


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


def summary(obj: Any, layout=None, unit: str | None = None) -> str:
    """One line per field of a selected object in people's words ("Hidden: no", "Buildings: Power
    station (10 SP)"), hexes as map labels when the layout is known, a table's points in its ``unit``."""
    if obj is None or not dataclasses.is_dataclass(obj):
        return ""

    def show(v, name=""):
        if unit is not None and isinstance(v, list) and v and all(is_point(x) for x in v):
            return table_points(v, unit, closed=name == "polygon")
        if unit is not None and is_point(v):
            return f"({v[0]:.0f}, {v[1]:.0f}) {unit}"
        if unit is not None and name in TABLE_LENGTHS and isinstance(v, (int, float)):
            return f"{v:g} {unit}"  # a river's width, a model's place along its corridor
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

    kind = kind_words(obj)
    lines = [kind[:1].upper() + kind[1:]]
    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        if v not in (None, "", []):
            lines.append(f"{words(f.name)}: {show(v, f.name)}")
    return "\n".join(lines)
