"""The hexside tool: a click near a hexside toggles the palette's hexside feature (stream, ridge,
trees, cleared ridge) or grades a ridge; keys stay canonical (model.hexgrid.canonical_hexside)."""

from __future__ import annotations

import math
from collections.abc import Callable

from dambuster.model.hexgrid import Hexside, canonical_hexside

from ..edits.refusals import side_refusal
from ..geometry.hexes import HexGeometry
from .base import Tool
from .refusal_hint import clear, refuse

#: a click counts as "near a hexside" within this fraction of the hex size of the side's midpoint
NEAR = 0.5


def nearest_hexside(geom: HexGeometry, x: float, y: float, near: float = NEAR) -> Hexside | None:
    """The canonical hexside of the hex under (x, y) whose midpoint is nearest, if within
    ``near`` x hex size of it and on the map; None for a click in the middle of a hex."""
    h = geom.hex_at(x, y)
    best, best_d = None, math.inf
    for d in range(6):
        side = canonical_hexside(h, d)
        mx, my = geom.hexside_mid(side)
        dist = math.hypot(mx - x, my - y)
        if dist < best_d:
            best, best_d = side, dist
    if best is None or best_d > near * geom.size or not geom.layout.hexside_on_map(best):
        return None
    return best


class HexsideTool(Tool):
    """Applies ``edit(scenario, side)`` (which returns SetFields changes) to the clicked hexside."""

    name = "hexside"

    def __init__(self, doc, controller, edit: Callable, text: Callable[[], str], kind: str = "hexside"):
        super().__init__(doc, controller)
        self.edit, self.text, self.kind = edit, text, kind  # kind: the catalog's tool name

    def press(self, pos, modifiers=None) -> None:
        from .place import push_changes

        clear(self.controller.view)
        side = nearest_hexside(self.controller.geom, pos.x(), pos.y())
        s = self.doc.scenario
        if side is None or not push_changes(self.doc, self.edit(s, side), self.text()):
            refuse(self.controller, side_refusal(self.kind, s, side), pos)
