"""What the parts of the main window share about the work under way: the selected object, the clip
(what Copy took last), the map point under the mouse, the current tool's name and the open map's scene
controller. The window makes one ``EditorState`` and gives it to the parts that read or change these
(the Place dock, the clipboard and Delete / Duplicate commands, the layers, the tools' factory...);
none of them is kept on the window itself.

A selection made by a tool or a command goes through ``select``, which tells the parts that show it
(``selected``: the Place dock's details, the Scenario dock's inspector, the status bar); a part that
only follows the document (the same object after an edit, or none once a file is closed) sets
``selection`` without telling them."""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QObject, QPointF, Signal

from dambuster.editor.actions.catalog import DEFAULT_TOOL
from dambuster.editor.edits.clipboard import Clip
from dambuster.model.hexgrid import Hex


class SceneController(Protocol):
    """What the window's parts ask of the open map's scene controller (``scene/hex/scene.py`` on hex
    maps, ``scene/table_scene.py`` on tables)."""

    def describe(self, pos: QPointF) -> str: ...
    def hex_at(self, pos: QPointF) -> Hex | None: ...
    def locate(self, location: dict[str, Any]) -> tuple[float, float, float] | None: ...
    def witness_lines(self, witness: dict[str, Any] | None) -> list[list[tuple[float, float]]]: ...
    def set_labels(self, on: bool) -> None: ...
    def detach(self) -> None: ...


class EditorState(QObject):
    selected = Signal(object)  # the object (or None) a tool or a command has just selected

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.selection: Any = None  # a model object of the open map (a dam, a river...), or None
        self.clip: Clip | None = None  # what this window copied last (the system clipboard may hold newer)
        self.cursor = QPointF()  # the scene point the mouse was last over on the map
        self.tool: str = DEFAULT_TOOL["hex"]  # the current tool's catalog name
        self.controller: SceneController | None = None  # the open map's, once the window made it

    def set_cursor(self, pos: QPointF) -> None:
        self.cursor = QPointF(pos)

    def select(self, obj: Any) -> None:
        """Makes ``obj`` (None: nothing) the selection and shows it where a selection shows."""
        self.selection = obj
        self.selected.emit(obj)
