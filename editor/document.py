"""The open scenario: model, file path, undo stack, modified flag and typed change signals.

Views listen to the signals and repaint only what changed; edits go through QUndoCommands
(editor/commands.py) that call the small mutators here.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from dambuster.model import Scenario, new_hex_scenario, save
from dambuster.model.atomic_write import Original
from dambuster.model.hexgrid import Hex
from dambuster.model.lenient import load_for_editing
from dambuster.model.scenario import HexMap


class Document(QObject):
    terrain_changed = Signal(object)  # set[Hex] of hexes whose terrain changed
    features_changed = Signal()  # rivers, roads, dams, towns, units ... (anything but terrain)
    meta_changed = Signal()
    scenario_replaced = Signal()  # a new scenario (New / Open): rebuild everything
    modified_changed = Signal(bool)
    path_changed = Signal(object)  # Path | None

    def __init__(self, scenario: Scenario | None = None, path: str | os.PathLike | None = None, parent=None):
        super().__init__(parent)
        self.scenario: Scenario = scenario or new_hex_scenario(15, 22)
        self.path: Path | None = Path(path) if path else None
        self.undo_stack = QUndoStack(self)
        self.format_problems: list = []  # the format problems the file was opened with (model.lenient)
        self.original: Original | None = None  # the file as read or last saved: what a save may replace
        self.imported_from: Path | None = None  # the foreign map an unsaved scenario came from (Save As)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def _clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    # -- whole-document operations --------------------------------------------------------------
    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def is_hex(self) -> bool:
        return isinstance(self.scenario.map, HexMap)

    @property
    def display_name(self) -> str:
        return self.path.name if self.path else "untitled.json"

    def reset(
        self, scenario: Scenario, path: str | os.PathLike | None = None, format_problems: Iterable = ()
    ) -> None:
        """Replaces the scenario (File > New / Open); the undo history starts afresh. ``format_problems``:
        those a file was opened with (``open``)."""
        self.scenario = scenario
        self.path = Path(path) if path else None
        self.format_problems = list(format_problems)
        self.original = None
        self.imported_from = None
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.scenario_replaced.emit()
        self.path_changed.emit(self.path)
        self.modified_changed.emit(False)

    def open(self, path: str | os.PathLike) -> None:
        """Loads the file; raises ScenarioError (and leaves the document untouched) on a file the schema
        refuses. A file that passes the schema but breaks the format's other checks (a dangling
        reference, a repeated id) opens, its problems in ``format_problems`` (and in the Validation
        dock, from ``validation.format_rows``) until they are repaired."""
        scenario, problems, original = load_for_editing(path)
        self.reset(scenario, path, problems)
        self.original = original

    def save(self, path: str | os.PathLike | None = None, replace_changed: bool = False) -> None:
        """Saves atomically. Over the file this document was read from (or last saved to), only while
        that file is as it was: if another program saved it meanwhile, ChangedSinceRead is raised and
        nothing is written, unless ``replace_changed`` (the designer chose to write over it)."""
        target = Path(path) if path else self.path
        if target is None:
            raise ValueError("no file name to save to")
        same = self.original is not None and os.path.realpath(target) == self.original.path
        self.original = save(self.scenario, target, self.original if same and not replace_changed else None)
        if target != self.path:
            self.path = target
            self.path_changed.emit(self.path)
        self.undo_stack.setClean()

    def push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    # -- mutators called by commands ------------------------------------------------------------
    def terrain_at(self, h: Hex) -> str | None:
        m = self.scenario.map
        return m.terrain.get(h) if isinstance(m, HexMap) else None

    def set_terrain(self, kinds: dict[Hex, str]) -> None:
        m = self.scenario.map
        assert isinstance(m, HexMap), "terrain is painted on a hex map"
        terrain = m.terrain
        for h, kind in kinds.items():
            terrain[h] = kind
        self.terrain_changed.emit(set(kinds))

    def set_meta(self, name: str, value: Any) -> None:
        setattr(self.scenario.meta, name, value)
        self.meta_changed.emit()

    def set_list(self, owner: Any, name: str, items: Iterable) -> None:
        """Replaces a feature list (e.g. ``map.rivers``) wholesale."""
        setattr(owner, name, list(items))
        self.features_changed.emit()

    def set_fields(self, changes: Iterable[tuple[Any, str, Any]]) -> None:
        """Sets attributes of model objects, in order; list values are copied."""
        for owner, name, value in changes:
            setattr(owner, name, list(value) if isinstance(value, list) else value)
        self.features_changed.emit()
