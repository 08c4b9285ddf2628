"""Dragging one hex of a river, road or rail on a hex map (no Qt): the pressed hex goes where it is
dropped and the line is rejoined to its neighbours along straight hex lines, one undo step. Refused
(nothing changes, the sentence says why) when the line would leave the map or pass a hex twice, when
something standing on the line would be left off it (a dam, a river bridge, a road cut naming the
route, a stream bridge no longer crossed), or when a river would no longer meet the river it joins
(or one joining it would no longer meet it)."""

from __future__ import annotations

import dataclasses
from typing import Any

from dambuster.editor.geometry.hexes import hex_line
from dambuster.model.hexgrid import Hex
from dambuster.model.rivers import confluence
from dambuster.model.scenario import River, Scenario

from .hex_map import Change, _crosses, _swap, hex_map_of


def rerouted(hexes: list[Hex], index: int, dest: Hex) -> list[Hex]:
    """``hexes`` with hex ``index`` moved to ``dest``, rejoined to its neighbours by hex lines."""
    before = hexes[: index - 1] + hex_line(hexes[index - 1], dest) if index > 0 else [dest]
    after = hex_line(dest, hexes[index + 1])[1:] + hexes[index + 2 :] if index < len(hexes) - 1 else []
    return before + after


def list_of(s: Scenario, line: Any) -> str | None:
    m = s.map
    return next((n for n in ("rivers", "roads", "rails") if any(x is line for x in getattr(m, n))), None)


def move_path_hex(s: Scenario, line: Any, index: int, dest: Hex) -> tuple[list[Change], str]:
    m = hex_map_of(s)
    name = list_of(s, line)
    if name is None or not 0 <= index < len(line.hexes) or line.hexes[index] == dest:
        return [], ""
    new = rerouted(line.hexes, index, dest)
    if not all(m.layout.contains(h) for h in new):
        return [], f"{line.id} would leave the map"
    if len(set(new)) != len(new):
        return [], f"{line.id} would pass a hex twice"
    on = set(new)
    standing = (
        [d for d in m.dams if d.river == line.id]
        + [b for b in m.river_bridges if line.id in (b.river, b.road)]
        + [c for c in m.markers.road_cuts if c.route == line.id]
    )
    off = next((x for x in standing if x.hex not in on), None)
    if off is not None:
        return [], f"{getattr(off, 'id', None) or type(off).__name__} would be left off it"
    if name == "roads":
        bridge = next((b for b in m.stream_bridges if b.road == line.id and not _crosses(new, b.side)), None)
        if bridge is not None:
            return [], f"{bridge.id} would no longer be crossed"
    moved = dataclasses.replace(line, hexes=new)
    if isinstance(line, River):
        joined = next((r for r in m.rivers if r.id == line.joins), None)
        if joined is not None and confluence(moved, joined) is None:
            return [], f"{line.id} would no longer meet {joined.id}"
        tributary = next((r for r in m.rivers if r.joins == line.id and confluence(r, moved) is None), None)
        if tributary is not None:
            return [], f"{tributary.id} would no longer meet it"
    return [(m, name, _swap(getattr(m, name), line, moved))], ""
