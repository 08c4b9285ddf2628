"""The main window: map view in the centre; tools, undo history, validation and properties docks;
menus, toolbar, status bar; New/Open/Save/Save As with recent files; prompt on unsaved close."""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (QDockWidget, QFileDialog, QLabel, QMainWindow, QMessageBox, QUndoView)

from dambuster.model import ScenarioError

from .document import Document
from .files import recovery
from .files.export import install_export
from .files.new_dialog import NewScenarioDialog
from .panels import minimap
from .panels.place_dock import install as install_place_tools
from .panels.scenario_dock import PropertiesPanel
from .panels.tool_palette import ToolPalette
from .preview.pane import install_preview
from .properties import dialog as properties_dialog
from .scene.hex_scene import HexSceneController
from .scene.map_view import MapView
from .scene.table_scene import TableSceneController
from .tools.path import DamTool, PathTool
from .tools.terrain import BucketFill, Eyedropper, RectangleFill, TerrainBrush
from .validation.panel import ValidationPanel, counts
from .validation.worker import AsyncValidator

APP = "dambuster editor"
MAX_RECENT = 8
FILTER = "Scenarios (*.json);;All files (*)"


def is_offscreen() -> bool:
    return QGuiApplication.platformName() in ("offscreen", "minimal")


class MainWindow(QMainWindow):
    def __init__(self, doc: Document | None = None, settings: QSettings | None = None):
        super().__init__()
        self.doc = doc or Document()
        self.doc.setParent(self)
        self.settings = settings if settings is not None else QSettings("dambuster", "editor")
        self.ask_save = self._ask_save  # replaceable, e.g. by tests: returns Save, Discard or Cancel
        self.view = MapView(self)
        self.setCentralWidget(self.view)
        self.controller = None
        self.resize(1280, 820)

        self.palette_panel = ToolPalette()
        self.validation_panel = ValidationPanel()
        self.properties_panel = PropertiesPanel(self.doc)
        self.undo_view = QUndoView(self.doc.undo_stack)
        self.undo_view.setEmptyLabel("<opened>")
        self.docks = {}
        for key, title, widget, area in (
                ("tools", "Tools", self.palette_panel, Qt.DockWidgetArea.LeftDockWidgetArea),
                ("history", "History", self.undo_view, Qt.DockWidgetArea.LeftDockWidgetArea),
                ("properties", "Scenario", self.properties_panel, Qt.DockWidgetArea.RightDockWidgetArea),
                ("validation", "Validation", self.validation_panel, Qt.DockWidgetArea.BottomDockWidgetArea)):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"dock-{key}")
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.docks[key] = dock

        self.resizeDocks([self.docks["tools"], self.docks["properties"]], [210, 300], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["validation"]], [150], Qt.Orientation.Vertical)
        self.validator = AsyncValidator(self.doc, self)  # off the GUI thread when checks are slow
        self.validator.finished.connect(self._validated)
        self.validation_panel.violation_activated.connect(self.show_violation)
        self.palette_panel.tool_changed.connect(lambda _name: self._install_tool())
        self.palette_panel.kind_changed.connect(lambda _k: None)

        self.pos_label, self.zoom_label, self.problems_label = QLabel(), QLabel(), QLabel()
        for w in (self.pos_label, self.zoom_label, self.problems_label):
            self.statusBar().addPermanentWidget(w)
        self.view.cursor_moved.connect(self._cursor_moved)
        self.view.zoom_changed.connect(lambda z: self.zoom_label.setText(f"zoom {z * 100:.0f}%"))

        self._make_actions()
        self.doc.scenario_replaced.connect(self._install_controller)
        self.doc.modified_changed.connect(lambda _m: self._update_title())
        self.doc.path_changed.connect(lambda _p: self._update_title())
        self._install_controller()
        install_preview(self)  # the breach / flash-flood preview dock (editor/preview/pane.py)
        install_export(self)  # File > Export > PNG / SVG (editor/files/export.py)
        recovery.install(self)  # autosave and recovery of unsaved work
        minimap.install(self)
        properties_dialog.install(self)  # Scenario > Properties…
        install_place_tools(self)  # the Place dock, Edit > Delete / Copy / Paste (editor/panels/place_dock.py)
        self._restore_layout()

    # -- setup -----------------------------------------------------------------------------------
    def _action(self, text, slot, shortcut=None, menu=None, toolbar=None, checkable=False):
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(QKeySequence(shortcut) if isinstance(shortcut, str) else shortcut)
        act.setCheckable(checkable)
        act.triggered.connect(slot)
        if menu is not None:
            menu.addAction(act)
        if toolbar is not None:
            toolbar.addAction(act)
        return act

    def _make_actions(self) -> None:
        K = QKeySequence.StandardKey
        bar = self.addToolBar("Main")
        bar.setObjectName("toolbar-main")
        file = self.menuBar().addMenu("&File")
        self.act_new = self._action("&New…", self.file_new, K.New, file, bar)
        self.act_open = self._action("&Open…", self.file_open, K.Open, file, bar)
        self.recent_menu = file.addMenu("Open &Recent")
        self.act_save = self._action("&Save", self.file_save, K.Save, file, bar)
        self.act_save_as = self._action("Save &As…", self.file_save_as, K.SaveAs, file)
        file.addSeparator()
        self.act_quit = self._action("&Quit", self.close, K.Quit, file)
        edit = self.menuBar().addMenu("&Edit")
        self.act_undo = self.doc.undo_stack.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(K.Undo)
        self.act_redo = self.doc.undo_stack.createRedoAction(self, "&Redo")
        self.act_redo.setShortcut(K.Redo)
        for a in (self.act_undo, self.act_redo):
            edit.addAction(a)
        bar.addSeparator()
        bar.addAction(self.act_undo)
        bar.addAction(self.act_redo)
        view = self.menuBar().addMenu("&View")
        bar.addSeparator()
        self._action("Zoom &In", self.view.zoom_in, K.ZoomIn, view, bar)
        self._action("Zoom &Out", self.view.zoom_out, K.ZoomOut, view, bar)
        self._action("Zoom to &Fit", self.view.zoom_to_fit, "Ctrl+0", view, bar)
        self.act_labels = self._action("Hex &Labels / Sectors", self._labels_toggled, "Ctrl+L", view, checkable=True)
        view.addSeparator()
        for dock in self.docks.values():
            view.addAction(dock.toggleViewAction())
        self._action("&Check Now", self.validator.run, "F5", self.menuBar().addMenu("&Rules"))
        self._refresh_recent()

    def _install_controller(self) -> None:
        if self.controller is not None:
            self.controller.detach()
        cls = HexSceneController if self.doc.is_hex else TableSceneController
        self.controller = cls(self.doc, self.view)
        if self.doc.is_hex or self.act_labels.isChecked():
            self.controller.set_labels(self.act_labels.isChecked())
        self.palette_panel.setEnabled(self.doc.is_hex)
        self._install_tool()
        self._update_title()
        self.view.zoom_to_fit()
        QTimer.singleShot(0, lambda: self.view.fitting and self.view.zoom_to_fit())  # unless zoomed meanwhile
        self.validator.schedule()

    def _install_tool(self) -> None:
        if not self.doc.is_hex:
            self.view.tool = None
            return
        p, c, d = self.palette_panel, self.controller, self.doc
        name = p.current_tool()
        if name == "brush":
            self.view.tool = TerrainBrush(d, c, p.current_kind, p.brush_size)
        elif name == "rectangle":
            self.view.tool = RectangleFill(d, c, p.current_kind)
        elif name == "bucket":
            self.view.tool = BucketFill(d, c, p.current_kind)
        elif name == "path":
            self.view.tool = PathTool(d, c, p.current_path_kind)
        elif name == "dam":
            self.view.tool = DamTool(d, c)
        else:
            self.view.tool = Eyedropper(d, c, p.set_kind)

    # -- status ----------------------------------------------------------------------------------
    def _update_title(self) -> None:
        mark = "*" if self.doc.modified else ""
        self.setWindowTitle(f"{self.doc.display_name}{mark} — {APP}")

    def _cursor_moved(self, pos) -> None:
        if self.controller is not None:
            self.pos_label.setText(self.controller.describe(pos))

    def _validated(self, violations) -> None:
        self.validation_panel.set_violations(violations)
        errors, warnings = counts(violations)
        self.problems_label.setText(f"{errors} errors, {warnings} warnings")
        places = []
        for v in violations:
            where = self.controller.locate(v.location or {}) if self.controller is not None else None
            if where is not None:
                places.append((*where, v.severity))
        self.view.mark_problems(places)

    def _labels_toggled(self, on: bool) -> None:
        if self.controller is not None:
            self.controller.set_labels(on)

    def show_violation(self, violation) -> None:
        if violation is None:
            return
        self.statusBar().showMessage(f"{violation.code}: {violation.message}", 8000)
        where = self.controller.locate(violation.location or {})
        if where is None:
            self.view.clear_highlight()
            return
        x, y, radius = where
        self.view.highlight(x, y, radius, self.controller.witness_lines(getattr(violation, "witness", None)))

    # -- files -----------------------------------------------------------------------------------
    def show_error(self, title: str, message: str) -> None:
        if is_offscreen():
            print(f"dambuster-editor: {title}: {message}", file=sys.stderr)
        else:
            QMessageBox.warning(self, title, message)

    def open_path(self, path: str | Path) -> bool:
        try:
            self.doc.open(path)
        except ScenarioError as e:
            self.show_error("Cannot open scenario", f"{path}: {e}")
            return False
        self._remember(Path(path))
        return True

    def file_new(self) -> None:
        if not self.maybe_save():
            return
        dlg = NewScenarioDialog(self)
        if dlg.exec() == NewScenarioDialog.DialogCode.Accepted:
            try:
                self.doc.reset(dlg.scenario())
            except ValueError as e:
                self.show_error("Cannot create scenario", str(e))

    def file_open(self) -> None:
        if not self.maybe_save():
            return
        start = str(self.doc.path.parent) if self.doc.path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open scenario", start, FILTER)
        if path:
            self.open_path(path)

    def file_save(self) -> bool:
        if self.doc.path is None:
            return self.file_save_as()
        return self.save_to(self.doc.path)

    def file_save_as(self) -> bool:
        start = str(self.doc.path or "untitled.json")
        path, _ = QFileDialog.getSaveFileName(self, "Save scenario as", start, FILTER)
        return self.save_to(Path(path)) if path else False

    def save_to(self, path: Path) -> bool:
        try:
            self.doc.save(path)
        except (OSError, ValueError) as e:
            self.show_error("Cannot save", f"{path}: {getattr(e, 'strerror', None) or e}")
            return False
        self._remember(Path(path))
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def _remember(self, path: Path) -> None:
        p = str(path.resolve())
        recent = [r for r in self.recent_files() if r != p]
        self.settings.setValue("recent", [p] + recent[: MAX_RECENT - 1])
        self._refresh_recent()

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        for p in self.recent_files():
            act = self.recent_menu.addAction(p)
            act.triggered.connect(lambda _checked=False, p=p: self.maybe_save() and self.open_path(p))
        self.recent_menu.setEnabled(bool(self.recent_files()))

    # -- closing ---------------------------------------------------------------------------------
    def _ask_save(self) -> QMessageBox.StandardButton:
        B = QMessageBox.StandardButton
        return QMessageBox.question(self, "Unsaved changes", f"Save changes to {self.doc.display_name}?",
                                    B.Save | B.Discard | B.Cancel, B.Save)

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current document (saved, discarded or unmodified)."""
        if not self.doc.modified:
            return True
        answer = self.ask_save()
        if answer == QMessageBox.StandardButton.Save:
            return self.file_save()
        return answer == QMessageBox.StandardButton.Discard

    def _restore_layout(self) -> None:
        geometry, state = self.settings.value("geometry"), self.settings.value("state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)

    def closeEvent(self, event) -> None:
        if self.maybe_save():
            self.settings.setValue("geometry", self.saveGeometry())
            self.settings.setValue("state", self.saveState())
            self.autosaver.closed_cleanly()
            event.accept()
        else:
            event.ignore()
