"""Delete, Duplicate and the map's context menu on an object (right-click with the select tools):
a right-click first selects what is under the mouse, as a left click would, then offers Properties…
(the Selection inspector in the Scenario dock, brought to the front), Delete and Duplicate
(``edits.duplicate``), each one undo step; on a rubber band's group, Copy and Delete of the group.
Nothing under the mouse, or another tool: no menu. ``ObjectCommands`` are also Edit > Delete and
Edit > Duplicate (Ctrl+D)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QDockWidget, QMenu, QStatusBar

from dambuster.editor.document import Document
from dambuster.editor.editor_state import EditorState
from dambuster.editor.edits.duplicate import duplicate_object
from dambuster.editor.panels.scenario_dock import PropertiesPanel
from dambuster.editor.scene.map_view import MapView

from .base import push_changes  # pyright: ignore[reportUnknownVariableType]  (base.py: ``doc`` untyped)
from .capabilities import Deletes, Selects
from .object_words import describe
from .system_clipboard import ClipboardCommands
from .table import VertexTool


class ObjectCommands:
    """What a designer does to the selected object (or group) of one main window's map."""

    def __init__(
        self,
        doc: Document,
        view: MapView,
        state: EditorState,
        clipboard: ClipboardCommands,
        properties: QDockWidget,
        inspector: PropertiesPanel,
        status: QStatusBar,
    ):
        self.doc, self.view, self.state, self.clipboard = doc, view, state, clipboard
        self.properties, self.inspector, self.status = properties, inspector, status
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._requested)

    def delete(self) -> None:
        """Edit > Delete: the tool's selection (a vertex, an object, a rubber band's group)."""
        tool = self.view.tool
        if isinstance(tool, Deletes):
            tool.delete()

    def duplicate(self) -> bool:
        """Adds a copy of the selection (one undo step) and selects it; False (and why in the status
        bar) when refused."""
        obj = self.state.selection
        if obj is None:
            return False
        changes, why, new = duplicate_object(self.doc.scenario, obj)
        if why:
            self.status.showMessage(f"Cannot duplicate {describe(obj)}: {why}", 5000)
            return False
        push_changes(self.doc, changes, f"Duplicate {describe(obj)}")
        tool = self.view.tool
        if isinstance(tool, Selects):
            tool.selection = new
        if isinstance(tool, VertexTool):
            tool.grab = None
        self.state.select(new)
        return True

    def show_properties(self) -> None:
        self.properties.show()
        self.properties.raise_()
        self.inspector.show_object(self.state.selection)

    def select_at(self, scene_pos: QPointF) -> Any:
        """Selects the object under ``scene_pos`` with the current select tool (no drag) and returns it;
        on a member of a rubber band's group the group stays selected and is returned."""
        tool = self.view.tool
        if not isinstance(tool, Selects):
            return None
        tool.press(scene_pos)  # pyright: ignore[reportUnknownMemberType]  (Tool.press: ``modifiers`` untyped)
        tool.release(scene_pos)  # a click: nothing moves
        return tool.group if len(tool.group) > 1 else self.state.selection

    def menu(self) -> QMenu | None:
        """The menu for the current selection (or a rubber band's group: Copy and Delete), or None."""
        tool = self.view.tool
        group = tool.group if isinstance(tool, Selects) else []
        if len(group) > 1:
            menu = QMenu(self.view)
            menu.addAction(f"Copy {len(group)} objects", self.clipboard.copy)
            menu.addAction(f"Delete {len(group)} objects", self.delete)
            return menu
        if self.state.selection is None:
            return None
        menu = QMenu(self.view)
        menu.addAction("Properties…", self.show_properties)
        menu.addAction("Delete", self.delete)
        menu.addAction("Duplicate", self.duplicate)
        return menu

    def _requested(self, pos: QPoint) -> None:
        if self.select_at(self.view.mapToScene(pos)) is None:
            return
        menu = self.menu()
        if menu is not None:
            menu.exec(self.view.viewport().mapToGlobal(pos))
            menu.deleteLater()
