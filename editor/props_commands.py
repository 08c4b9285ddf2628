"""Undo commands for the properties dialog: one dialog OK is one undo step made of one child command
per top-level scenario field that changed (meta, sides, budgets, victory, turn_limit, parameters)."""
from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

FIELDS = ("meta", "sides", "budgets", "victory", "turn_limit", "parameters")


class SetScenarioField(QUndoCommand):
    """Replaces one top-level field of the scenario; undo puts the very same old object back."""

    def __init__(self, doc, name: str, value: Any, parent: QUndoCommand | None = None):
        super().__init__(f"Set {name}", parent)
        self.doc, self.name = doc, name
        self.old, self.new = getattr(doc.scenario, name), value

    def _apply(self, value: Any) -> None:
        setattr(self.doc.scenario, self.name, value)
        self.doc.meta_changed.emit()
        if self.name == "sides":  # counter colours
            self.doc.features_changed.emit()

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)


def properties_command(doc, changes: dict[str, Any], text: str = "Edit scenario properties") -> QUndoCommand | None:
    """One compound command for the changed fields, or None when nothing changed."""
    if not changes:
        return None
    names = ", ".join(changes)
    parent = QUndoCommand(f"{text} ({names})")
    for name, value in changes.items():
        SetScenarioField(doc, name, value, parent)
    return parent
