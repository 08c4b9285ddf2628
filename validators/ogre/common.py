"""Small helpers shared by the Ogre rule modules: locations a view can highlight, unit lookups."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from dambuster.model.hexgrid import Hex, Layout
from dambuster.model.scenario import Scenario, Unit, UnitType
from dambuster.validators.common import hex_map as hex_map  # re-exported for the Ogre rule modules


def hx(h: Iterable[int]) -> list[int]:
    """A hex as JSON ([q, r])."""
    return [int(v) for v in h]


def as_hex(h: Hex | None) -> Hex:
    """A hex as a tuple (a list from an edit then hashes and compares as one). ``None`` is refused: it is
    for the hexes of units that ``placed_units`` yields, and of features, which are always on a hex."""
    if h is None:
        raise ValueError("a unit off the map has no hex")
    return (h[0], h[1])


def label(layout: Layout, h: Hex) -> str | None:
    return layout.label(h) if layout.contains(h) else None


def at_hex(layout: Layout, h: Hex, pointer: str, **extra: Any) -> dict[str, Any]:
    """A location: the JSON pointer of the culprit plus the hex (and its label when on the map)."""
    loc: dict[str, Any] = {"pointer": pointer, "hex": hx(h)}
    lab = label(layout, h)
    if lab is not None:
        loc["hex_label"] = lab
    loc.update(extra)
    return loc


def hex_list(layout: Layout, hexes: Iterable[Hex]) -> dict[str, Any]:
    """Hexes and their labels, for a witness."""
    cells: list[Hex] = [(h[0], h[1]) for h in hexes]
    return {"hexes": [hx(h) for h in cells], "labels": [label(layout, h) for h in cells]}


def placed_units(s: Scenario) -> Iterator[tuple[int, Unit, UnitType]]:
    """(index, unit, type) of every unit standing on the map and not destroyed."""
    for i, u in enumerate(s.units):
        if u.hex is None or u.status == "destroyed":
            continue
        t = s.unit_types.get(u.type)
        if t is not None:
            yield i, u, t


def units_by_hex(s: Scenario) -> dict[Hex, list[tuple[int, Unit, UnitType]]]:
    out: dict[Hex, list[tuple[int, Unit, UnitType]]] = {}
    for item in placed_units(s):
        h = item[1].hex
        if h is not None:  # always so: placed_units yields the units on the map
            out.setdefault((h[0], h[1]), []).append(item)
    return out


def attack_of(u: Unit, t: UnitType) -> int:
    """Attack strength a unit brings: per squad for infantry."""
    return t.attack * (u.squads if t.category == "infantry" else 1)


def size_of(u: Unit, t: UnitType) -> int:
    """Size on the size table: per squad for infantry."""
    return t.size * (u.squads if t.category == "infantry" else 1)
