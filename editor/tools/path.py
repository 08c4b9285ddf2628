"""The path tool: drag across the map to lay a new river (upstream first), road or rail as a chain
of adjacent hexes. One drag is one undo step that adds one feature (and, for a river under the
ogre-dambusters rules, the water it runs through: they want every river hex water)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

from dambuster.editor.commands import PaintTerrain, ReplaceList
from dambuster.editor.edits.ids import fresh_id
from dambuster.editor.edits.refusals import hex_refusal
from dambuster.editor.geometry.hexes import hex_line
from dambuster.editor.style import tool_preview_item
from dambuster.model.hexgrid import Hex
from dambuster.model.scenario import Dam, River, Route

from .base import Tool
from .refusal_hint import clear, refuse

PATH_KINDS = {"river": ("rivers", "river-"), "road": ("roads", "road-"), "rail": ("rails", "rail-")}


def water_needed(scenario, hexes: list[Hex]) -> dict[Hex, str]:
    """The river hexes to make water, as {hex: "water"}: those that are not water or debris, when a
    profile of the scenario wants a river to run through water only (ogre-dambusters' RIVER-TERRAIN);
    none otherwise."""
    from dambuster.validators.ogre.dambusters import PROFILE as DAMBUSTERS  # the rules: not at start-up
    from dambuster.validators.ogre.dambusters import WATER

    if DAMBUSTERS not in scenario.meta.profiles:
        return {}
    terrain = scenario.map.terrain
    return {h: "water" for h in dict.fromkeys(hexes) if terrain.get(h) not in WATER}


class PathTool(Tool):
    """Drag to lay a river (upstream first), road or rail; a river on a map whose rules want rivers in
    water hexes lays the water under it too, in the same undo step."""

    name = "path"

    def __init__(self, doc, controller, kind: Callable[[], str]):
        super().__init__(doc, controller)
        self.kind = kind
        self.hexes: list[Hex] = []
        self.preview: QGraphicsPathItem | None = None

    def press(self, pos, modifiers=None) -> None:
        h = self.controller.hex_at(pos)
        self.hexes = [h] if h is not None else []
        self._show()

    def move(self, pos) -> None:
        h = self.controller.hex_at(pos)
        if not self.hexes or h is None or h == self.hexes[-1]:
            return
        for step in hex_line(self.hexes[-1], h)[1:]:
            if len(self.hexes) >= 2 and step == self.hexes[-2]:
                self.hexes.pop()  # dragging back retracts the path
            elif step not in self.hexes:
                self.hexes.append(step)
        self._show()

    def release(self, pos) -> None:
        self.move(pos)
        if self.preview is not None:
            self.controller.view.scene().removeItem(self.preview)
            self.preview = None
        hexes, self.hexes = self.hexes, []
        if len(hexes) < 2:
            return
        kind = self.kind()
        attr, prefix = PATH_KINDS[kind]
        m = self.doc.scenario.map
        ident = fresh_id(self.doc.scenario, prefix)
        feature = River(ident, hexes) if kind == "river" else Route(ident, hexes)
        dry = water_needed(self.doc.scenario, hexes) if kind == "river" else {}
        stack = self.doc.undo_stack
        stack.beginMacro(f"Add {kind} {ident}" + (f" and {len(dry)} water hexes" if dry else ""))
        if dry:  # the profile wants every river hex water: laid with the river, one undo step
            stack.push(PaintTerrain(self.doc, dry))
        self.doc.push(ReplaceList(self.doc, m, attr, getattr(m, attr) + [feature], f"Add {kind} {ident}"))
        stack.endMacro()

    def _show(self) -> None:
        if self.preview is None:
            self.preview = tool_preview_item(self.controller.view.scene(), 3.0)
        path = QPainterPath()
        for i, h in enumerate(self.hexes):
            p = self.controller.scene_pos(h)
            path.moveTo(p) if i == 0 else path.lineTo(p)
        self.preview.setPath(path)


class DamTool(Tool):
    """Click a river hex to place a dam of the default strength there (one undo step)."""

    name = "dam"
    DEFAULT_SP = 50

    def press(self, pos, modifiers=None) -> None:
        clear(self.controller.view)
        h = self.controller.hex_at(pos)
        m = self.doc.scenario.map
        river = next((r for r in m.rivers if h in r.hexes), None)
        if h is None or river is None or any(d.hex == h for d in m.dams):  # a dam stands on a river
            refuse(self.controller, hex_refusal("dam", self.doc.scenario, h), pos)
            return

        ident = fresh_id(self.doc.scenario, "dam-")
        dam = Dam(ident, h, river.id, sp=self.DEFAULT_SP)
        self.doc.push(ReplaceList(self.doc, m, "dams", m.dams + [dam], f"Add dam {ident}"))
