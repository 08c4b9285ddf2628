"""The main window: map view in the centre; the tools' tool bar on the left and the tool-options bar
at the top; terrain, place, history, scenario, validation, minimap and layers docks; menus and tool
bars made from the action catalog (editor/actions/); status bar; New/Open/Save with recent files;
prompt on unsaved close.

The docks' default arrangement (``arrange_docks``) has no tabbed groups: Terrain over Place on the
left, Scenario over Minimap over Layers on the right (Preview, when shown, under Scenario),
Validation beside History at the bottom. Every dock stays visible at once, and none of Qt's dock tab
bars exist (Qt 6 leaves a stale copy of a tab bar over the docks when two areas are tabified before
the window is first shown). The layout is saved on close and restored on start under
``LAYOUT_VERSION``: a layout saved by an older arrangement is ignored (the default is used)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QDockWidget, QFileDialog, QLabel, QMainWindow, QMenu, QMessageBox, QUndoView

from dambuster.model import ScenarioError
from dambuster.model.atomic_write import ChangedSinceRead

from .actions.build import ActionSet
from .actions.catalog import DEFAULT_TOOL, tools_for
from .document import Document
from .files import recovery, start_page
from .files.changed_on_disk import CANCEL, SAVE_AS, ask_changed_on_disk
from .files.names import plural, suggested_name
from .panels import dock_fit, follow, minimap, wheel_guard
from .panels import layers as layers_dock
from .panels.place_dock import install as install_place_tools
from .panels.scenario_dock import PropertiesPanel
from .panels.terrain_palette import TerrainChoice, TerrainPalette
from .panels.tool_options import ToolOptionsBar
from .preview.pane import install_preview
from .scene.hex.scene import HexSceneController
from .scene.map_view import MapView
from .scene.table_scene import TableSceneController
from .tools import base, context_menu, refusal_hint, system_clipboard
from .tools.factory import make_tool
from .validation.panel import ValidationPanel, counts
from .validation.worker import AsyncValidator

APP = "dambuster editor"
MAX_RECENT = 8
#: the version of the default dock arrangement; a window state saved under another is not restored
LAYOUT_VERSION = 2
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
        self.ask_changed = ask_changed_on_disk  # likewise: SAVE_AS, OVERWRITE or CANCEL
        self.view = MapView(self)
        self.setCentralWidget(self.view)
        self.controller = self._exporter = None
        self.resize(1280, 820)
        wheel_guard.install_once_painted(self)  # spin and combo boxes take the wheel only with focus

        self.terrain_choice = TerrainChoice(parent=self)
        self.terrain_palette = TerrainPalette(self.terrain_choice)
        self.validation_panel = ValidationPanel()
        self.properties_panel = PropertiesPanel(self.doc)
        self.undo_view = QUndoView(self.doc.undo_stack)
        self.undo_view.setEmptyLabel("<opened>")
        self.docks: dict[str, QDockWidget] = {}
        for key, title, widget, area in (
            ("terrain", "Terrain", self.terrain_palette, Qt.DockWidgetArea.LeftDockWidgetArea),
            ("history", "History", self.undo_view, Qt.DockWidgetArea.BottomDockWidgetArea),
            ("properties", "Scenario", self.properties_panel, Qt.DockWidgetArea.RightDockWidgetArea),
            ("validation", "Validation", self.validation_panel, Qt.DockWidgetArea.BottomDockWidgetArea),
        ):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"dock-{key}")
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.docks[key] = dock

        self.validator = AsyncValidator(self.doc, self)  # off the GUI thread when checks are slow
        self.validator.finished.connect(self._validated)
        self.validation_panel.wire(self)  # rows ring their place; quick fixes; rings of fixed rows go
        self.view.painted.connect(self.validator.map_painted)  # a new map's check waits for it to show

        self.pos_label, self.zoom_label, self.problems_label = QLabel(), QLabel(), QLabel()
        for w in (self.pos_label, self.zoom_label, self.problems_label):
            self.statusBar().addPermanentWidget(w)
        self.view.cursor_moved.connect(self._cursor_moved)
        self.view.zoom_changed.connect(
            lambda _z: self.zoom_label.setText(self.view.zoom_caption(of_table=not self.doc.is_hex))
        )

        self.acts = ActionSet(self)  # every command and tool, from editor/actions/catalog.py
        self.recent_menu: QMenu  # File > Open Recent, made by acts.build() (the catalog's "menu:recent_menu")
        self.tool_options = ToolOptionsBar(self)
        self.current_tool = DEFAULT_TOOL["hex"]
        self.doc.scenario_replaced.connect(self._install_controller)
        self.doc.features_changed.connect(self.tool_options.refresh_choices)
        self.doc.modified_changed.connect(lambda _m: self._update_title())
        self.doc.path_changed.connect(lambda _p: self._update_title())
        self._install_controller()
        install_preview(self)  # the breach / flash-flood preview dock (editor/preview/pane.py)
        self.start_page = start_page.install(self)  # shown in place of the map by app.build without a file
        self.recovery = recovery.install(self)  # autosave and recovery of unsaved work
        minimap.install(self)
        install_place_tools(self)  # the Place dock; Delete / Copy / Paste (editor/panels/place_dock.py)
        context_menu.install(self)  # right-click on an object: Properties…, Delete, Duplicate
        system_clipboard.install(self)  # Copy / Paste through the system clipboard (after the Place dock's)
        layers_dock.install(self)  # the Layers dock, per-file layers, tools refused on locked layers
        dock_fit.install(self)  # tall docks scroll; the window stays on its screen as docks come and go
        follow.install(self)  # the Place details, status readouts and Terrain dock follow the document
        self.acts.build()
        layers_dock.finish(self)  # View > Layers
        self.addToolBar(self.tool_options)
        self.acts.show_tools_for("hex" if self.doc.is_hex else "table")
        self._refresh_recent()
        self.arrange_docks()
        self._restore_layout()

    # -- dialogs imported when first asked for (printing and the DBM procedure: shapely, numpy) -----
    def print_pdf(self) -> None:
        """File > Print to PDF… (editor/printing/print_dialog.py)."""
        from .printing.print_dialog import PrintDialog

        PrintDialog(self).exec()

    def import_tiled(self) -> None:
        """File > Import > Tiled Map… (editor/files/tiled_import.py)."""
        from .files.tiled_import import TiledImporter

        TiledImporter(self).run()

    def open_dbm_setup(self) -> None:
        """Scenario > Set Up Terrain…: the DBM terrain procedure (editor/panels/dbm_setup_dialog.py)."""
        from .panels import dbm_setup_dialog

        dbm_setup_dialog.open_dbm_setup(self)

    def act(self, name: str) -> QAction:
        """The QAction of a catalog command ("file.save") or tool ("tool.brush")."""
        return self.acts[name]

    # -- tools -----------------------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        """Makes ``name`` the active tool (the map kind's default tool if it does not apply to it);
        checks its action and shows its options."""
        kind = "hex" if self.doc.is_hex else "table"
        if name not in {t.name for t in tools_for(kind)}:
            name = DEFAULT_TOOL[kind]
        old = self.view.tool
        if old is not None:
            old.drop()  # a copy region's outline
        if isinstance(old, base.Cancels):
            old.cancel()  # a shape half drawn
        refusal_hint.clear(self.view)  # a refusal's hint belongs to the tool that was refused
        self.current_tool = name
        self.view.tool = make_tool(name, self)
        self.acts.tool_action(name).setChecked(True)
        self.tool_options.show_for(name)

    @property
    def exporter(self):
        """PNG / SVG export (editor/files/export.py), made when first used."""
        if self._exporter is None:
            from .files.export import Exporter

            self._exporter = Exporter(self)
        return self._exporter

    def open_properties(self) -> None:
        """Scenario > Properties… (editor/properties/dialog.py)."""
        from .properties.dialog import PropertiesDialog

        PropertiesDialog(self.doc, self).exec()

    def show_shortcuts(self):
        from .actions.shortcuts_dialog import ShortcutsDialog

        dlg = ShortcutsDialog(self.acts, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        return dlg

    def _install_controller(self) -> None:
        if self.view.tool is not None:
            self.view.tool.drop()  # its selection marks and outlines go with the old scene
        if self.controller is not None:
            self.controller.detach()
        cls = HexSceneController if self.doc.is_hex else TableSceneController
        self.controller = cls(self.doc, self.view)
        self.terrain_palette.setEnabled(self.doc.is_hex)
        self.acts.show_tools_for("hex" if self.doc.is_hex else "table")
        self.tool_options.refresh_choices()
        self.view.tool = None  # the old tool's items went with the old scene
        self.set_tool(self.current_tool)
        self._update_title()
        self.view.open_map()  # fitted, or a small map a little larger where that shows its hex numbers
        self.validator.schedule_new()  # once the new map is drawn (validation/panel.py)

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
        self.problems_label.setText(f"{plural(errors, 'error')}, {plural(warnings, 'warning')}")
        places = []
        for v in violations:
            where = self.controller.locate(v.location or {}) if self.controller is not None else None
            if where is not None:
                places.append((*where, v.severity))
        self.view.mark_problems(places)

    def _labels_toggled(self, on: bool) -> None:
        """View > Hex Labels / Sectors: the hex labels layer (the DBM sectors on tables)."""
        if self.controller is not None:
            self.controller.set_labels(on)

    def show_violation(self, violation) -> None:
        if violation is None or self.controller is None:
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
        except ScenarioError as e:  # a Tiled map is offered to import instead
            from .files.tiled_import import refused_open

            return refused_open(self, Path(path), f"{path}: {e}")
        self.opened(path)
        return True

    def opened(self, path: str | Path) -> None:
        """What follows the document's opening of ``path``: the recent files, and a file's format
        problems listed at once (``app.build`` opens the file before making the window, so that the
        map's scene is built once)."""
        self._remember(Path(path))
        if self.doc.format_problems:  # opened to be repaired: the problems listed and ringed at once
            n = len(self.doc.format_problems)
            self.docks["validation"].show()
            self.validator.run()
            self.statusBar().showMessage(
                f"Opened with {plural(n, 'problem')} in the file's references or ids: listed in "
                "Validation and ringed on the map; the preview and the command line refuse the file "
                "until they are repaired",
                15000,
            )

    def file_new(self) -> None:
        if not self.maybe_save():
            return
        from .files.new_dialog import NewScenarioDialog

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
        start = str(self.doc.path or suggested_name(self.doc, self.recent_files()))
        path, _ = QFileDialog.getSaveFileName(self, "Save scenario as", start, FILTER)
        return self.save_to(Path(path)) if path else False

    def save_to(self, path: Path, replace_changed: bool = False) -> bool:
        try:
            self.doc.save(path, replace_changed)
        except ChangedSinceRead as e:  # another program saved it meanwhile: the designer decides
            choice = self.ask_changed(self, Path(path), e.how)
            return choice != CANCEL and (
                self.file_save_as() if choice == SAVE_AS else self.save_to(path, True)
            )
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
        value = self.settings.value("recent", [])  # one file comes back as a string, none as None
        values = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        return [str(v) for v in values]

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        for p in self.recent_files():
            act = self.recent_menu.addAction(p)
            act.triggered.connect(lambda _checked=False, p=p: self.maybe_save() and self.open_path(p))
        self.recent_menu.setEnabled(bool(self.recent_files()))

    # -- closing ---------------------------------------------------------------------------------
    def _ask_save(self) -> QMessageBox.StandardButton:
        B = QMessageBox.StandardButton
        return QMessageBox.question(
            self,
            "Unsaved changes",
            f"Save changes to {self.doc.display_name}?",
            B.Save | B.Discard | B.Cancel,
            B.Save,
        )

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current document (saved, discarded or unmodified)."""
        if not self.doc.modified:
            return True
        answer = self.ask_save()
        if answer == QMessageBox.StandardButton.Save:
            return self.file_save()
        return answer == QMessageBox.StandardButton.Discard

    def arrange_docks(self) -> None:
        """The default dock layout (see the module's docstring): docks split, never tabbed."""
        d, V, H = self.docks, Qt.Orientation.Vertical, Qt.Orientation.Horizontal
        self.splitDockWidget(d["terrain"], d["place"], V)
        self.splitDockWidget(d["properties"], d["preview"], V)  # hidden until View > Preview
        self.splitDockWidget(d["preview"], d["minimap"], V)
        self.splitDockWidget(d["minimap"], d["layers"], V)
        self.splitDockWidget(d["validation"], d["history"], H)
        self.resizeDocks([d["terrain"], d["properties"]], [270, 300], H)
        self.resizeDocks([d["validation"], d["history"]], [900, 260], H)
        self.resizeDocks([d["terrain"], d["place"], d["validation"]], [175, 480, 150], V)
        self.resizeDocks([d["properties"], d["minimap"], d["layers"]], [420, 150, 270], V)

    def tabbed_docks(self) -> list[list[str]]:
        """The groups of docks sharing a tab bar (keys of ``docks``), none in the default layout."""
        groups: list[list[str]] = []
        for key, dock in self.docks.items():
            mates = {k for k, o in self.docks.items() if o in self.tabifiedDockWidgets(dock)}
            group = sorted(mates | {key})
            if mates and group not in groups:
                groups.append(group)
        return groups

    def _restore_layout(self) -> None:
        geometry, state = self.settings.value("geometry"), self.settings.value("state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            dock_fit.restore_state(self, state, LAYOUT_VERSION)  # floating docks dock back

    def closeEvent(self, event) -> None:
        if self.maybe_save():
            self.settings.setValue("geometry", self.saveGeometry())
            self.settings.setValue("state", self.saveState(LAYOUT_VERSION))
            self.recovery.autosaver.closed_cleanly()
            event.accept()
        else:
            event.ignore()
