"""The face every tool shows the map view. A tool turns mouse presses/moves/releases (scene
positions) into undo commands on the Document; it never touches graphics items except its own preview.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from PySide6.QtCore import QPointF

from dambuster.editor.commands import SetFields


class Tool:
    name = "tool"

    def __init__(self, doc, controller):
        self.doc, self.controller = doc, controller

    def press(self, pos: QPointF, modifiers=None) -> None: ...
    def move(self, pos: QPointF) -> None: ...
    def release(self, pos: QPointF) -> None: ...
    def hover(self, pos: QPointF | None) -> None:
        """The mouse over the map with no button held (``pos`` None: it left the map)."""

    def drop(self) -> None:
        """Another tool or another map: the tool's own marks and outlines go."""


@runtime_checkable
class Cancels(Protocol):
    """A tool with something half done that Escape (or another tool) throws away."""

    def cancel(self) -> None: ...


def push_changes(doc, changes: list, text: str) -> bool:
    """Pushes one undo step for a non-empty list of changes; False when there is nothing to do."""
    if not changes:
        return False
    doc.push(SetFields(doc, changes, text))
    return True


def say(controller, text: str) -> None:
    """Shows ``text`` in the status bar of the window holding the controller's map view (a refused drop)."""
    window = controller.view.window()
    if hasattr(window, "statusBar"):
        window.statusBar().showMessage(text, 5000)
