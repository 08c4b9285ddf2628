"""Undo commands for the properties dialog: one dialog OK is one undo step made of one child command
per top-level scenario field that changed (meta, sides, budgets, victory, turn_limit, parameters)."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

FIELDS = ("meta", "sides", "budgets", "victory", "turn_limit", "parameters")


class SetScenarioField:
    """Replaces one top-level field of the scenario; undo puts the very same old object back."""

    def __init__(self, doc, name: str, value: Any):
        self.doc, self.name = doc, name
        self.old, self.new = getattr(doc.scenario, name), value

    def _apply(self, value: Any) -> None:
        setattr(self.doc.scenario, self.name, value)

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)


class EditProperties(QUndoCommand):
    """One undo step made of field changes (plain Python parts: no Qt child commands to outlive)."""

    def __init__(self, doc, changes: dict[str, Any], text: str):
        super().__init__(text)
        self.doc = doc
        self.parts = [SetScenarioField(doc, name, value) for name, value in changes.items()]

    def _signal(self) -> None:
        self.doc.meta_changed.emit()
        # counter colours (sides); the breach and flash-flood previews, run with the old parameters
        if any(p.name in ("sides", "parameters") for p in self.parts):
            self.doc.features_changed.emit()

    def redo(self) -> None:
        for p in self.parts:
            p.redo()
        self._signal()

    def undo(self) -> None:
        for p in reversed(self.parts):
            p.undo()
        self._signal()


def properties_command(
    doc, changes: dict[str, Any], text: str = "Edit scenario properties"
) -> QUndoCommand | None:
    """One compound command for the changed fields, or None when nothing changed."""
    if not changes:
        return None
    return EditProperties(doc, changes, f"{text} ({', '.join(changes)})")
