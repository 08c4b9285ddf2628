"""Placement tools for hex maps: a click on a hex (bridges, markers, units) or a stroke over hexes
(towns, floodplain, setup zones, reservoir). Each tool calls a pure edit from edits.hex_map and pushes
the changes as one SetFields command; a stroke is one undo step."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem

from dambuster.editor.edits.refusals import hex_refusal, stroke_refusal
from dambuster.editor.geometry.hexes import hex_line, nearest_hexside
from dambuster.editor.style import tool_preview_item
from dambuster.model.hexgrid import Hex

from .base import Tool, push_changes
from .refusal_hint import clear, refuse


class HexClickTool(Tool):
    """A click on a hex applies ``edit(scenario, hex)`` as the undo step ``text`` (a string, or a function
    giving it at the click); one that changes nothing says why
    (``edits.refusals``; ``options()`` gives the tool options the reason may name)."""

    def __init__(
        self,
        doc,
        controller,
        edit: Callable,
        text: str | Callable,
        name: str = "place",
        options: Callable = dict,
    ):
        super().__init__(doc, controller)
        self.edit, self.text, self.name, self.options = edit, text, name, options

    def press(self, pos, modifiers=None) -> None:
        clear(self.controller.view)
        h = self.controller.hex_at(pos)
        text = self.text() if callable(self.text) else self.text  # the unit tool's names the type
        done = h is not None and push_changes(self.doc, self.edit(self.doc.scenario, h), text)
        if not done:
            refuse(self.controller, hex_refusal(self.name, self.doc.scenario, h, self.options()), pos)


class HexStrokeTool(Tool):
    """A stroke (press to release) collects hexes, then applies ``edit(scenario, hexes, remove)``
    once; Shift held at the press removes instead of adding."""

    def __init__(
        self, doc, controller, edit: Callable, text: str, name: str = "paint", options: Callable = dict
    ):
        super().__init__(doc, controller)
        self.edit, self.text, self.name, self.options = edit, text, name, options
        self.hexes: list[Hex] = []
        self.remove = False
        self.preview: QGraphicsPathItem | None = None

    def press(self, pos, modifiers=None) -> None:
        clear(self.controller.view)
        self.remove = bool(modifiers is not None and modifiers & Qt.KeyboardModifier.ShiftModifier)
        h = self.controller.hex_at(pos)
        self.hexes = [h] if h is not None else []
        self._show()

    def move(self, pos) -> None:
        h = self.controller.hex_at(pos)
        if not self.hexes or h is None or h == self.hexes[-1]:
            return
        for step in hex_line(self.hexes[-1], h)[1:]:
            if step not in self.hexes and self.controller.geom.layout.contains(step):
                self.hexes.append(step)
        self._show()

    def release(self, pos) -> None:
        self.move(pos)
        if self.preview is not None:
            self.controller.view.scene().removeItem(self.preview)
            self.preview = None
        hexes, self.hexes = self.hexes, []
        s = self.doc.scenario
        if not (hexes and push_changes(self.doc, self.edit(s, hexes, self.remove), self.text)):
            refuse(self.controller, stroke_refusal(self.name, s, hexes, self.remove, self.options()), pos)

    def _show(self) -> None:
        if self.preview is None:
            self.preview = tool_preview_item(self.controller.view.scene())
        path = QPainterPath()
        for h in self.hexes:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in self.controller.geom.corners(h, 0.9)]))
            path.closeSubpath()
        self.preview.setPath(path)


class BridgeOutTool(Tool):
    """A click on a river bridge's hex, or near a stream bridge's hexside, marks it out (or back)."""

    name, text = "bridge-out", "Toggle bridge out"

    def press(self, pos, modifiers=None) -> None:
        from dambuster.editor.edits import hex_map as E

        s = self.doc.scenario
        side = nearest_hexside(self.controller.geom, pos.x(), pos.y())
        clear(self.controller.view)
        h = self.controller.hex_at(pos)
        if not push_changes(self.doc, E.toggle_bridge_out(s, E.bridge_at(s, h, side)), self.text):
            refuse(self.controller, hex_refusal(self.name, s, h), pos)
