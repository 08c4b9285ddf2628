"""The status bar's permanent readouts, right of its messages: what is under the cursor (on a hex map
the hex label, column then row, one-based, axial q/r and the terrain; on a table the position in table
units and the DBM sector), the zoom ("zoom 83%"), and the problem counts of the last check; and the
message naming what was just selected ("Selected dam dam-1").

They follow the document: the hex under the cursor is described again when its terrain changes, and
another file empties the position and says "checking…" until the new file's first check reports
(a message about the file before goes too)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QPointF
from PySide6.QtWidgets import QLabel, QStatusBar

from dambuster.editor.document import Document
from dambuster.editor.editor_state import EditorState
from dambuster.editor.files.names import plural
from dambuster.editor.scene.map_view import MapView
from dambuster.editor.tools.object_words import describe


class StatusReadouts(QObject):
    def __init__(self, status: QStatusBar, view: MapView, doc: Document, state: EditorState):
        super().__init__(status)
        self.status, self.view, self.doc, self.state = status, view, doc, state
        self.pos_label, self.zoom_label, self.problems_label = QLabel(), QLabel(), QLabel()
        for label in (self.pos_label, self.zoom_label, self.problems_label):
            status.addPermanentWidget(label)
        self._cursor: QPointF | None = None  # the last scene point the cursor was over on this map
        view.cursor_moved.connect(self._cursor_moved)
        view.zoom_changed.connect(self._zoom_changed)
        doc.terrain_changed.connect(self._terrain_changed)
        doc.scenario_replaced.connect(self._file_changed)
        state.selected.connect(self._selected)

    def _cursor_moved(self, pos: QPointF) -> None:
        self._cursor = QPointF(pos)
        self._describe()

    def _terrain_changed(self, *_args: object) -> None:
        if self._cursor is not None:
            self._describe()

    def _describe(self) -> None:
        controller = self.state.controller
        if controller is not None and self._cursor is not None:
            self.pos_label.setText(controller.describe(self._cursor))

    def _selected(self, obj: Any) -> None:
        self.status.showMessage(f"Selected {describe(obj)}" if obj is not None else "", 5000)

    def _zoom_changed(self, _zoom: float) -> None:
        self.zoom_label.setText(self.view.zoom_caption(of_table=not self.doc.is_hex))

    def _file_changed(self) -> None:
        self._cursor = None
        self.pos_label.setText("")
        self.checking()
        self.status.clearMessage()  # a message about the file before

    def checking(self) -> None:
        """A check of a new map is to come: "checking…" until it reports."""
        self.problems_label.setText("checking…")

    def show_counts(self, errors: int, warnings: int) -> None:
        self.problems_label.setText(f"{plural(errors, 'error')}, {plural(warnings, 'warning')}")

    def map_hidden(self, hidden: bool) -> None:
        """The start page hides the map (nothing of it is read out) or shows it again."""
        self.zoom_label.setVisible(not hidden)
        if hidden:
            self.pos_label.setText("")  # the hidden map's hex under the last cursor
            self.problems_label.setText("")
