"""The map's context menu on an object (right-click with the select tools): a right-click first
selects what is under the mouse, as a left click would, then offers Properties… (the Selection
inspector in the Scenario dock, brought to the front), Delete and Duplicate (``edits.duplicate``),
each one undo step; on a rubber band's group, Copy and Delete of the group. Nothing under the
mouse, or another tool: no menu."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QMenu

from dambuster.editor.edits.duplicate import duplicate_object

from .base import push_changes, say
from .select import describe


def select_at(window, scene_pos: QPointF):
    """Selects the object under ``scene_pos`` with the current select tool (no drag) and returns it;
    on a member of a rubber band's group the group stays selected and is returned."""
    tool = window.view.tool
    if getattr(tool, "name", "") not in ("select", "vertex"):
        return None
    tool.press(scene_pos)
    tool.release(scene_pos)  # a click: nothing moves
    group = getattr(tool, "group", [])
    return group if len(group) > 1 else window.selection


def duplicate(window) -> bool:
    """Adds a copy of the selection (one undo step) and selects it; False (and why in the status
    bar) when refused."""
    obj = window.selection
    if obj is None:
        return False
    changes, why, new = duplicate_object(window.doc.scenario, obj)
    if why:
        say(window.controller, f"Cannot duplicate {describe(obj)}: {why}")
        return False
    push_changes(window.doc, changes, f"Duplicate {describe(obj)}")
    tool = window.view.tool
    if hasattr(tool, "selection"):
        tool.selection = new
        if hasattr(tool, "grab"):
            tool.grab = None
    window.show_selection(new)
    return True


def show_properties(window) -> None:
    dock = window.docks.get("properties")
    if dock is not None:
        dock.show()
        dock.raise_()
    window.properties_panel.show_object(window.selection)


def object_menu(window) -> QMenu | None:
    """The menu for the current selection (or a rubber band's group: Copy and Delete), or None."""
    group = getattr(window.view.tool, "group", [])
    if len(group) > 1:
        menu = QMenu(window.view)
        menu.addAction(f"Copy {len(group)} objects", window.copy_region)
        menu.addAction(f"Delete {len(group)} objects", window.delete_selection)
        return menu
    if window.selection is None:
        return None
    menu = QMenu(window.view)
    menu.addAction("Properties…", lambda: show_properties(window))
    menu.addAction("Delete", window.delete_selection)
    menu.addAction("Duplicate", lambda: duplicate(window))
    return menu


def install(window) -> None:
    """The map view's context menu and the window's ``duplicate_selection`` (Edit > Duplicate, Ctrl+D)."""
    view = window.view
    window.duplicate_selection = lambda: duplicate(window)
    view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def requested(pos) -> None:
        if select_at(window, view.mapToScene(pos)) is None:
            return
        menu = object_menu(window)
        if menu is not None:
            menu.exec(view.viewport().mapToGlobal(pos))
            menu.deleteLater()

    view.customContextMenuRequested.connect(requested)
