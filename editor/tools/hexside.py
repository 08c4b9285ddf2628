"""The hexside tool: a click near a hexside toggles the palette's hexside feature (stream, ridge,
trees, cleared ridge) or grades a ridge; keys stay canonical (model.hexgrid.canonical_hexside). Which
hexside a click means is geometry.hexes.nearest_hexside."""

from __future__ import annotations

from collections.abc import Callable

from dambuster.editor.edits.refusals import side_refusal
from dambuster.editor.geometry.hexes import nearest_hexside

from .base import Tool, push_changes
from .refusal_hint import clear, refuse


class HexsideTool(Tool):
    """Applies ``edit(scenario, side)`` (which returns SetFields changes) to the clicked hexside."""

    name = "hexside"

    def __init__(self, doc, controller, edit: Callable, text: Callable[[], str], kind: str = "hexside"):
        super().__init__(doc, controller)
        self.edit, self.text, self.kind = edit, text, kind  # kind: the catalog's tool name

    def press(self, pos, modifiers=None) -> None:
        clear(self.controller.view)
        side = nearest_hexside(self.controller.geom, pos.x(), pos.y())
        s = self.doc.scenario
        if side is None or not push_changes(self.doc, self.edit(s, side), self.text()):
            refuse(self.controller, side_refusal(self.kind, s, side), pos)
