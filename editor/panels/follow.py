"""Panels that follow the document, so none shows what is no longer true (issue 24's "stale panels"):

- the Place dock's selection details are written again after every change of the map (a dam's SP
  set in the inspector shows at once), and emptied when the selected object goes or another file
  (or template) opens;
- the status bar's readouts: the hex under the cursor is described again when its terrain changes,
  and the position and problem counts are emptied when another file opens (until the cursor moves
  and the new check reports); the Validation dock's rows of the file before, and their rings on
  the map, go at once ("Checking…" until the new file's first check);
- the Terrain dock is hidden on table maps (a table has no hex terrain to paint) and comes back on hex
  maps when it was shown before; its View menu toggle is disabled on tables.

``install(window)`` after the docks exist (the main window's last step)."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from dambuster.editor.geometry.locate import find_by_id
from dambuster.editor.tools.select import summary


def install(window) -> None:
    doc = window.doc
    follower = _Follower(window)
    doc.features_changed.connect(follower.selection_changed)
    doc.meta_changed.connect(follower.selection_changed)
    doc.scenario_replaced.connect(follower.file_changed)
    doc.terrain_changed.connect(follower.terrain_changed)
    window.view.cursor_moved.connect(follower.cursor_moved)
    window.panels_follower = follower
    window.validation_panel.scenario = lambda: doc.scenario  # "Where" names the object, not its pointer
    follower.file_changed()


class _Follower:
    def __init__(self, window):
        self.w = window
        self.cursor: QPointF | None = None  # the last scene point the cursor was over
        self.terrain_wanted = window.docks["terrain"].isVisibleTo(window)

    def _details(self, obj) -> str:
        m = self.w.doc.scenario.map
        return summary(obj, m.layout) if self.w.doc.is_hex else summary(obj, None, m.unit)

    def selection_changed(self, *_args) -> None:
        obj = self.w.selection
        if obj is None:
            return
        ident = getattr(obj, "id", None)
        current = find_by_id(self.w.doc.scenario, ident) if ident else obj
        if current is None:
            self.w.show_selection(None)  # deleted or undone away
            return
        if current is not obj:
            self.w.selection = current
        self.w.place_panel.selected.setText(self._details(current))

    def file_changed(self, *_args) -> None:
        w = self.w
        if w.selection is not None:
            w.selection = None
            w.place_panel.selected.setText("")
        w.pos_label.setText("")
        w.problems_label.setText("checking…")  # until the new scenario's first check (validation/panel.py)
        w.validation_panel.forget()  # the rows of the file before, and their rings on the map, go now
        w.validator.violations = []
        w.view.mark_problems([])
        w.view.clear_highlight()
        w.statusBar().clearMessage()  # a message about the file before
        self.cursor = None
        self._terrain_dock(w.doc.is_hex)

    def _terrain_dock(self, hex_map: bool) -> None:
        dock = self.w.docks["terrain"]
        toggle = dock.toggleViewAction()
        if hex_map:
            toggle.setEnabled(True)
            if self.terrain_wanted and not dock.isVisibleTo(self.w):
                dock.show()
            return
        if toggle.isEnabled():  # leaving a hex map: remember whether the designer had it open
            self.terrain_wanted = dock.isVisibleTo(self.w)
        dock.hide()
        toggle.setEnabled(False)

    def cursor_moved(self, pos) -> None:
        self.cursor = QPointF(pos)

    def terrain_changed(self, *_args) -> None:
        if self.cursor is not None and self.w.controller is not None:
            self.w.pos_label.setText(self.w.controller.describe(self.cursor))
