"""The main window: it makes the editor's parts, each with what it needs, and binds the commands of the
action catalog (editor/actions/) to them: the map view in the centre (the start page in its place, a
stack); the tools' tool bar on the left and the tool-options bar at the top; terrain, place, history,
scenario, validation, preview, minimap and layers docks; the status bar's readouts; the file commands,
the clipboard's and the selection's; the validation scheduler and what shows its findings; autosave
and recovery. What the parts share about the work under way (the selection, the clip, the cursor,
the current tool, the scene controller) is one ``EditorState``; no part sets anything on the window.

The docks' default arrangement (``arrange_docks``) has no tabbed groups: Terrain over Place on the
left, Scenario over Minimap over Layers on the right (Preview, when shown, under Scenario),
Validation beside History at the bottom. Every dock stays visible at once, and none of Qt's dock tab
bars exist (Qt 6 leaves a stale copy of a tab bar over the docks when two areas are tabified before
the window is first shown). The layout is saved on close and restored on start under
``LAYOUT_VERSION``: a layout saved by an older arrangement is ignored (the default is used)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMessageBox, QStackedWidget, QUndoView, QWidget

from .actions.build import ActionSet, Bindings
from .actions.catalog import DEFAULT_TOOL, MapKind, tools_for
from .document import Document
from .editor_state import EditorState, SceneController
from .files.autosave import Autosaver
from .files.file_commands import FileCommands
from .files.recovery import Recovery
from .files.start_page import StartPage
from .panels import dock_fit, wheel_guard
from .panels.layers import LayersDock
from .panels.minimap import Minimap
from .panels.place_dock import PlacePanel
from .panels.scenario_dock import PropertiesPanel
from .panels.status_readouts import StatusReadouts
from .panels.terrain_palette import TerrainChoice, TerrainDock
from .panels.tool_options import ToolOptionsBar
from .preview.pane import PreviewDock
from .scene.hex.scene import HexSceneController
from .scene.map_view import MapView
from .scene.table_scene import TableSceneController
from .tools import refusal_hint
from .tools.base import Cancels
from .tools.context_menu import ObjectCommands
from .tools.factory import make_tool
from .tools.system_clipboard import ClipboardCommands
from .tools.tool_keys import ToolKeys
from .validation.panel import ValidationPanel
from .validation.presenter import ValidationPresenter
from .validation.scheduler import ValidationScheduler

if TYPE_CHECKING:
    from .actions.shortcuts_dialog import ShortcutsDialog
    from .files.export import Exporter
    from .panels.dbm_setup_dialog import SetupChoices

APP = "dambuster editor"
#: the version of the default dock arrangement; a window state saved under another is not restored
LAYOUT_VERSION = 2


def is_offscreen() -> bool:
    return QGuiApplication.platformName() in ("offscreen", "minimal")


class MainWindow(QMainWindow):
    def __init__(self, doc: Document | None = None, settings: QSettings | None = None):
        super().__init__()
        self.doc = doc or Document()
        self.doc.setParent(self)
        self.settings = settings if settings is not None else QSettings("dambuster", "editor")
        self.state = EditorState(self)
        self.view = MapView(self)
        self.central = QStackedWidget(self)  # the map, or the start page in its place
        self.central.setObjectName("central-stack")
        self.central.addWidget(self.view)
        self.setCentralWidget(self.central)
        self.resize(1280, 820)
        wheel_guard.install_once_painted(self)  # spin and combo boxes take the wheel only with focus
        status = self.statusBar()

        # -- the map: its tools, checks and readouts, and the scene controller of each new map ---------
        self.terrain_choice = TerrainChoice(parent=self)
        self.acts = ActionSet(self, self.set_tool)  # the tools' actions; the commands' in ``bindings``
        self.tool_options = ToolOptionsBar(self.doc, self.terrain_choice, self)
        self.validation = ValidationScheduler(self.doc, self)  # off the GUI thread when checks are slow
        self.readouts = StatusReadouts(status, self.view, self.doc, self.state)
        self.view.cursor_moved.connect(self.state.set_cursor)
        self.doc.scenario_replaced.connect(self._install_controller)  # before the parts that draw on it
        self.doc.modified_changed.connect(self._update_title)
        self.doc.path_changed.connect(self._update_title)
        self._install_controller()
        self.validation.schedule_new()  # the first map's check, once it is drawn

        # -- the docks --------------------------------------------------------------------------------
        area = Qt.DockWidgetArea
        L, R, B = area.LeftDockWidgetArea, area.RightDockWidgetArea, area.BottomDockWidgetArea
        self.terrain_dock = TerrainDock(self.terrain_choice, self.doc, self)
        self.terrain_palette = self.terrain_dock.terrain_palette
        self.undo_view = QUndoView(self.doc.undo_stack)
        self.undo_view.setEmptyLabel("<opened>")
        # two lines, not a scroll area's 70 px: the bottom docks' row shrinks as far as Validation does
        self.undo_view.setMinimumHeight(2 * self.undo_view.fontMetrics().height() + 8)
        self.properties_panel = PropertiesPanel(self.doc)
        self.validation_panel = ValidationPanel(self.doc)
        self.docks: dict[str, QDockWidget] = {"terrain": self.terrain_dock}
        self.addDockWidget(L, self.terrain_dock)
        self._dock("history", "History", self.undo_view, B)
        self._dock("properties", "Scenario", self.properties_panel, R)
        self._dock("validation", "Validation", self.validation_panel, B)
        self.preview_dock = self.docks["preview"] = PreviewDock(self, self.doc, self.docks)  # View > Preview
        self.place_panel = PlacePanel(self.doc, self.state, self.acts.tool_action)
        self._dock("place", "Place", self.place_panel, L)
        self.minimap = Minimap(self.doc, self.view, self.state)
        self._dock("minimap", "Minimap", self.minimap, R)
        self.layers_dock = self.docks["layers"] = LayersDock(
            self.view.layers,
            self.doc,
            self.view,
            self.state,
            self.settings,
            status,
            self.tool_options.path_kind,
            self,
        )
        self.addDockWidget(R, self.layers_dock)
        self.fit = dock_fit.DockFit(self, self.docks)  # tall docks scroll; the window stays on its screen

        # -- what the commands act on -------------------------------------------------------------------
        self.findings = ValidationPresenter(
            self.doc,
            self.validation,
            self.docks["validation"],
            self.validation_panel,
            self.view,
            self.state,
            status,
            self.readouts,
        )
        self.files = FileCommands(
            self.doc, self.settings, self, status, self.show_error, self._refused_open, self.findings
        )
        self.start_page = StartPage(
            self.doc,
            self.settings,
            self.files,
            self.central,
            self.view,
            self.readouts,
            self.findings,
            self.acts,
            self.docks,
        )  # shown in place of the map by app.build without a file
        self.start_page.toggled.connect(self._update_title)
        self.autosaver = Autosaver(self.doc, self.settings, self)
        self.recovery = Recovery(self.doc, self.autosaver, status, self)  # unsaved work of a crash
        self.clipboard = ClipboardCommands(self.doc, self.view, self.state, status)
        self.objects = ObjectCommands(
            self.doc,
            self.view,
            self.state,
            self.clipboard,
            self.docks["properties"],
            self.properties_panel,
            status,
        )
        self.tool_keys = ToolKeys(self.view)  # double-click, Enter and Escape to the tool
        self.state.selected.connect(self.properties_panel.show_object)  # the Selection inspector
        # the view's hooks (typed by their defaults in scene/map_view.py): why the current tool may not
        # act now, asked before a press; the violations its hover tooltip lists
        self.view.tool_refusal = self.layers_dock.tool_refusal  # pyright: ignore[reportAttributeAccessIssue]
        self.view.violations = lambda: self.validation_panel.violations  # pyright: ignore[reportAttributeAccessIssue]
        self._exporter: Exporter | None = None
        self._dbm_setup: SetupChoices | None = None  # the last Set Up Terrain's features and seed

        self.acts.build(self.bindings())
        self.validation_panel.fixable_changed.connect(self.acts["rules.quick_fix"].setEnabled)
        self.acts["rules.quick_fix"].setEnabled(self.validation_panel.fix_button.isEnabled())
        self.addToolBar(self.tool_options)
        self.acts.show_tools_for(self._kind())
        self.arrange_docks()
        self._restore_layout()

    def _dock(self, key: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> None:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{key}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.docks[key] = dock

    def bindings(self) -> Bindings:
        """What each command of the catalog (actions/catalog.py: names, texts, keys) does."""
        files, view, objects, clipboard = self.files, self.view, self.objects, self.clipboard
        return Bindings(
            calls={
                "file.new": files.new,
                "file.open": files.open,
                "file.start_page": self.start_page.show_page,
                "file.save": files.save,
                "file.save_as": files.save_as,
                "file.export_png": lambda: self.exporter.export_png(),
                "file.export_svg": lambda: self.exporter.export_svg(),
                "file.import_tiled": self.import_tiled,
                "file.print_pdf": self.print_pdf,
                "file.close": self.start_page.close_file,
                "file.quit": self.close,
                "edit.delete": objects.delete,
                "edit.copy": clipboard.copy,
                "edit.paste": clipboard.paste,
                "edit.duplicate": objects.duplicate,
                "view.zoom_in": view.zoom_in,
                "view.zoom_out": view.zoom_out,
                "view.zoom_fit": view.zoom_to_fit,
                "tools.next_terrain": self.terrain_choice.cycle_forward,
                "tools.previous_terrain": self.terrain_choice.cycle_back,
                "scenario.properties": self.open_properties,
                "scenario.dbm_setup": self.open_dbm_setup,
                "rules.check": self.validation.run,
                "rules.quick_fix": self.validation_panel.fix_selected,
                "help.shortcuts": self.show_shortcuts,
            },
            toggles={"view.labels": self._labels_toggled},
            submenus={
                "file.recent": files.fill_recent_menu,
                "view.layers_menu": lambda menu: self.layers_dock.attach_menu(menu, self.act("view.labels")),
                "rules.profiles": self.properties_panel.fill_profiles_menu,
            },
            docks=self.docks,
            undo_stack=self.doc.undo_stack,
        )

    def act(self, name: str) -> QAction:
        """The QAction of a catalog command ("file.save") or tool ("tool.brush")."""
        return self.acts[name]

    @property
    def controller(self) -> SceneController | None:
        """The open map's scene controller (``EditorState.controller``)."""
        return self.state.controller

    # -- dialogs imported when first asked for (printing and the DBM procedure: shapely, numpy) -----
    def print_pdf(self) -> None:
        """File > Print to PDF… (editor/printing/print_dialog.py)."""
        from .printing.print_dialog import PrintDialog

        PrintDialog(self).exec()

    def import_tiled(self) -> None:
        """File > Import > Tiled Map… (editor/files/tiled_import.py)."""
        from .files.tiled_import import TiledImporter

        TiledImporter(self).run()

    def _refused_open(self, path: Path, message: str) -> bool:
        """File > Open of a file the schema refuses: a Tiled map is offered to import instead."""
        from .files.tiled_import import refused_open

        return refused_open(self, path, message)

    def open_dbm_setup(self) -> None:
        """Scenario > Set Up Terrain…: the DBM terrain procedure (editor/panels/dbm_setup_dialog.py)."""
        from .panels.dbm_setup_dialog import open_dbm_setup

        self._dbm_setup = open_dbm_setup(self.doc, self, self.show_error, self._dbm_setup) or self._dbm_setup

    @property
    def exporter(self) -> Exporter:
        """PNG / SVG export (editor/files/export.py), made when first used."""
        if self._exporter is None:
            from .files.export import Exporter

            self._exporter = Exporter(self)
        return self._exporter

    def open_properties(self) -> None:
        """Scenario > Properties… (editor/properties/dialog.py)."""
        from .properties.dialog import PropertiesDialog

        PropertiesDialog(self.doc, self).exec()

    def show_shortcuts(self) -> ShortcutsDialog:
        from .actions.shortcuts_dialog import ShortcutsDialog

        dlg = ShortcutsDialog(self.acts, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        return dlg

    # -- tools -----------------------------------------------------------------------------------
    def _kind(self) -> MapKind:
        return "hex" if self.doc.is_hex else "table"

    def set_tool(self, name: str) -> None:
        """Makes ``name`` the active tool (the map kind's default tool if it does not apply to it);
        checks its action and shows its options."""
        kind = self._kind()
        if name not in {t.name for t in tools_for(kind)}:
            name = DEFAULT_TOOL[kind]
        old, controller = self.view.tool, self.state.controller
        assert controller is not None  # made before any tool (``_install_controller``)
        if old is not None:
            old.drop()  # a copy region's outline
        if isinstance(old, Cancels):
            old.cancel()  # a shape half drawn
        refusal_hint.clear(self.view)  # a refusal's hint belongs to the tool that was refused
        self.state.tool = name
        self.view.tool = make_tool(
            name, self.doc, controller, self.tool_options, self.terrain_choice, self.state.select
        )
        self.acts.tool_action(name).setChecked(True)
        self.tool_options.show_for(name)

    def _install_controller(self) -> None:
        """A new map (the first, New, Open...): its scene, its kind's tools, the view fitted to it."""
        if self.view.tool is not None:
            self.view.tool.drop()  # its selection marks and outlines go with the old scene
        if self.state.controller is not None:
            self.state.controller.detach()
        cls = HexSceneController if self.doc.is_hex else TableSceneController
        self.state.controller = cls(self.doc, self.view)
        self.acts.show_tools_for(self._kind())
        self.view.tool = None  # the old tool's items went with the old scene
        self.set_tool(self.state.tool)
        self._update_title()
        self.view.open_map()  # fitted, or a small map a little larger where that shows its hex numbers

    def _labels_toggled(self, on: bool) -> None:
        """View > Hex Labels / Sectors: the hex labels layer (the DBM sectors on tables)."""
        if self.state.controller is not None:
            self.state.controller.set_labels(on)

    # -- title and messages ------------------------------------------------------------------------
    def _update_title(self, *_args: object) -> None:
        if self.central.currentWidget() is not self.view:  # the start page: no file is being edited
            self.setWindowTitle(f"Start — {APP}")
            return
        mark = "*" if self.doc.modified else ""
        self.setWindowTitle(f"{self.doc.display_name}{mark} — {APP}")

    def show_error(self, title: str, message: str) -> None:
        if is_offscreen():
            print(f"dambuster-editor: {title}: {message}", file=sys.stderr)
        else:
            QMessageBox.warning(self, title, message)

    # -- layout and closing ------------------------------------------------------------------------
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
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray):
            dock_fit.restore_state(self, state, LAYOUT_VERSION)  # floating docks dock back

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.files.maybe_save():
            self.settings.setValue("geometry", self.saveGeometry())
            self.settings.setValue("state", self.saveState(LAYOUT_VERSION))
            self.autosaver.closed_cleanly()
            event.accept()
        else:
            event.ignore()
