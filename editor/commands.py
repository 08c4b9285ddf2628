"""Undo commands: each redo is one call to a Document mutator and undo its inverse.

A brush stroke is many small PaintTerrain commands with the same stroke id; QUndoStack merges
them (mergeWith) into one undo step.
"""

from __future__ import annotations

import itertools
from typing import Any

from PySide6.QtGui import QUndoCommand

from dambuster.model.hexgrid import Hex

#: merge ids (QUndoCommand.id); one per mergeable command class.
MERGE_PAINT = 1

_strokes = itertools.count(1)


def new_stroke_id() -> int:
    return next(_strokes)


class PaintTerrain(QUndoCommand):
    """Sets the terrain of some hexes; merges with later commands of the same stroke."""

    def __init__(self, doc, kinds: dict[Hex, str], stroke: int | None = None, text: str = ""):
        super().__init__(text or f"Paint {_describe(kinds)}")
        self.doc = doc
        self.stroke = stroke if stroke is not None else new_stroke_id()
        self.old: dict[Hex, str] = {h: doc.terrain_at(h) for h in kinds}
        self.new: dict[Hex, str] = dict(kinds)

    def id(self) -> int:
        return MERGE_PAINT

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, PaintTerrain) or other.stroke != self.stroke:
            return False
        for h, kind in other.old.items():
            self.old.setdefault(h, kind)
        self.new.update(other.new)
        self.setText(f"Paint {_describe(self.new)}")
        return True

    def redo(self) -> None:
        self.doc.set_terrain(self.new)

    def undo(self) -> None:
        self.doc.set_terrain(self.old)


class SetMeta(QUndoCommand):
    def __init__(self, doc, name: str, value: Any):
        super().__init__(f"Set {name}")
        self.doc, self.name, self.value = doc, name, value
        self.old = getattr(doc.scenario.meta, name)

    def redo(self) -> None:
        self.doc.set_meta(self.name, self.value)

    def undo(self) -> None:
        self.doc.set_meta(self.name, self.old)


class ReplaceList(QUndoCommand):
    """Replaces a feature list (rivers, roads, rails, ...) of some model object."""

    def __init__(self, doc, owner: Any, name: str, items: list, text: str):
        super().__init__(text)
        self.doc, self.owner, self.name = doc, owner, name
        self.old = list(getattr(owner, name))
        self.new = list(items)

    def redo(self) -> None:
        self.doc.set_list(self.owner, self.name, self.new)

    def undo(self) -> None:
        self.doc.set_list(self.owner, self.name, self.old)


class SetFields(QUndoCommand):
    """Sets attributes of model objects [(owner, name, value)] in one undo step (lists replaced
    wholesale, never edited in place); undo restores the old values in reverse order."""

    def __init__(self, doc, changes: list[tuple[Any, str, Any]], text: str):
        super().__init__(text)
        self.doc = doc
        self.new = [(o, n, list(v) if isinstance(v, list) else v) for o, n, v in changes]
        self.old = [
            (o, n, list(getattr(o, n)) if isinstance(getattr(o, n), list) else getattr(o, n))
            for o, n, _ in changes
        ][::-1]

    def redo(self) -> None:
        self.doc.set_fields(self.new)

    def undo(self) -> None:
        self.doc.set_fields(self.old)


def _describe(kinds: dict[Hex, str]) -> str:
    values = set(kinds.values())
    what = values.pop() if len(values) == 1 else "terrain"
    n = len(kinds)
    return f"{what} ({n} hex{'es' if n != 1 else ''})"
