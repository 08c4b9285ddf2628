"""Why a placement did nothing, in the designer's words. The edits of ``hex_map`` and ``table_map``
return no changes when the format (or the rules) refuse a placement; the tools then ask here for the
reason and show it in the status bar and next to the cursor (``tools.refusal_hint``), so no click is
ever silently ignored. Qt-free; each function names the tool as the action catalog does."""

from __future__ import annotations

from typing import Any

from dambuster.model.hexgrid import Hex, Hexside, hexside_between
from dambuster.model.scenario import Scenario

from .hex_map import hex_map_of

OFF_MAP = "Outside the map: click a hex of the map"
NEAR_SIDE = "Click nearer a hexside (the edge between two hexes)"


def _crosses(hexes: list[Hex], side: Hexside) -> bool:
    return any(hexside_between(a, b) == side for a, b in zip(hexes, hexes[1:]))


def _ident(obj: Any) -> str:
    return f" ({obj.id})" if getattr(obj, "id", None) else ""


def hex_refusal(tool: str, s: Scenario, h: Hex | None, options: dict | None = None) -> str:
    """Why a click of ``tool`` on hex ``h`` (None: off the map) changed nothing."""
    options = options or {}
    m = hex_map_of(s)
    if h is None or not m.layout.contains(h):
        return OFF_MAP
    mk = m.markers
    if tool == "dam":
        dam = next((d for d in m.dams if d.hex == h), None)
        if dam is not None:
            return f"This hex already has a dam{_ident(dam)}"
        return "A dam goes on a river: this hex has none (draw one with the Path tool)"
    if tool == "river-bridge":
        bridge = next((b for b in m.river_bridges if b.hex == h), None)
        if bridge is not None:
            return f"This hex already has a bridge{_ident(bridge)}"
        missing = [
            name
            for name, lines in (("road", m.roads), ("river", m.rivers))
            if not any(h in x.hexes for x in lines)
        ]
        return f"A river bridge goes where a road crosses a river: no {' or '.join(missing)} in this hex"
    if tool == "entrench+":
        return "This hex has the most entrenchments a hex can hold (1000)"
    if tool == "entrench-":
        return "No entrenchment in this hex to remove"
    if tool == "revetment":
        return f"This hex already has a {options.get('size', '')} revetment".replace("a  ", "a ")
    if tool == "mine":
        mine = next((x for x in mk.mines if x.hex == h), None)
        return f"This hex already has a mine{_ident(mine)}"
    if tool == "road-cut":
        return "A road cut goes on a road or rail: this hex has neither"
    if tool == "bridge-out":
        return "No bridge here: click a river bridge's hex or near a stream bridge's hexside"
    if tool == "unit":
        kind = options.get("unit_type", "")
        if not kind:
            return "Choose a unit type in the tool options first"
        return f"This scenario has no unit type {kind!r}: choose one in the tool options"
    return "Nothing to change here"


def stroke_refusal(
    tool: str, s: Scenario, hexes: list[Hex], remove: bool, options: dict | None = None
) -> str:
    """Why a stroke of ``tool`` over ``hexes`` changed nothing."""
    options = options or {}
    m = hex_map_of(s)
    if not any(m.layout.contains(h) for h in hexes):
        return OFF_MAP
    if tool == "reservoir":
        dam = next((d for d in m.dams if d.id == options.get("dam")), None)
        if dam is None:
            return "Choose a dam in the tool options first (the map has none: place one with the Dam tool)"
        if all(h == dam.hex for h in hexes):
            return f"A reservoir is the hexes behind a dam, not the dam's own hex{_ident(dam)}"
    if remove:
        what = {"town": "town", "zone": "setup zone"}.get(tool, "area")
        return f"No hex of this {what} under the stroke to take out"
    if tool == "town":
        return "These hexes are already part of this town"
    if tool == "zone":
        return "These hexes are already in this side's setup zone"
    return "Nothing to change here"


def side_refusal(tool: str, s: Scenario, side: Hexside | None) -> str:
    """Why a click of a hexside tool changed nothing (``side`` None: not near any hexside)."""
    if side is None:
        return NEAR_SIDE
    m = hex_map_of(s)
    if tool == "stream-bridge":
        bridge = next((b for b in m.stream_bridges if b.side == side), None)
        if bridge is not None:
            return f"This hexside already has a bridge{_ident(bridge)}"
        if not any(f.side == side and f.kind == "stream" for f in m.hexsides):
            return "A stream bridge goes on a stream hexside a road crosses: no stream on this hexside"
        return "A stream bridge goes on a stream hexside a road crosses: no road crosses here"
    if tool == "graded-ridge":
        return "Only a ridge can be graded: this hexside has none"
    return "Nothing to change on this hexside"


def point_refusal(tool: str, s: Scenario) -> str:
    """Why a click of a table point tool changed nothing."""
    if tool == "model":
        return "A model stands in a sewer corridor: draw a corridor first"
    return "Nothing to change here"


def shape_refusal(tool: str, closed: bool) -> str:
    """Why a finished table shape was not added."""
    if closed:
        return "Not added: an outline needs three or more points and must not cross itself"
    return "Not added: a line needs two or more different points (and a width above 0)"
