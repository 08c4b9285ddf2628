"""The Place dock: placement, selection and table tools with their options, plus Edit > Delete,
Copy and Paste. ``install(window)`` adds it to the main window."""
from __future__ import annotations

from functools import partial

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDockWidget, QDoubleSpinBox, QFormLayout, QLabel, QLineEdit,
                               QListWidget, QSpinBox, QVBoxLayout, QWidget)

from ..edits import hex_map as E
from ..edits import table_map as T
from ..edits.clipboard import copy_region, paste
from ..style import AREA_STYLE
from ..tools.hexside import HexsideTool
from ..tools.place import HexClickTool, HexStrokeTool, push_changes
from ..tools.region import RegionTool
from ..tools.select import SelectTool, describe, summary
from ..tools.table import DrawTool, PointTool, VertexTool

HEX_TOOLS = (("select", "Select / move"), ("region", "Copy region"), ("hexside", "Hexside feature"),
             ("river-bridge", "River bridge"), ("stream-bridge", "Stream bridge"), ("town", "Town"),
             ("floodplain", "Floodplain"), ("entrench+", "Entrenchment +1"), ("entrench-", "Entrenchment -1"),
             ("revetment", "Revetment"), ("mine", "Mine"), ("road-cut", "Road cut"), ("bridge-out", "Bridge out"),
             ("graded-ridge", "Graded ridge"), ("unit", "Unit"), ("zone", "Setup zone"), ("reservoir", "Reservoir"))
TABLE_TOOLS = (("vertex", "Select / edit vertices"), ("area", "Area"), ("table-river", "River"),
               ("table-road", "Road"), ("waterway", "Waterway"), ("corridor", "Sewer corridor"),
               ("node", "Sewer node"), ("grate", "Grate"), ("sluice-gate", "Sluice gate"), ("cave-in", "Cave-in"),
               ("gantry", "Gantry"), ("flood-origin", "Flood origin"), ("model", "Model"))
#: which option rows each tool shows
OPTIONS = {"hexside": ("hexside_kind",), "town": ("town",), "floodplain": ("fp_mode",), "revetment": ("size",),
           "mine": ("side", "hidden"), "unit": ("unit_type", "side", "squads"), "zone": ("side",),
           "reservoir": ("dam",), "area": ("area_kind", "sector"), "table-river": ("width", "downstream"),
           "corridor": ("width",), "model": ("side", "strength")}
DEFAULT_SIDES = ("attacker", "defender", "invader")


class PlacePanel(QWidget):
    def __init__(self, window, parent=None):
        super().__init__(parent)
        self.window = window
        self.active = None  # the placement tool this dock last installed
        self.tools = QListWidget()
        self.tools.setObjectName("place-tools")
        self.form = QFormLayout()
        w = self.widgets = {
            "hexside_kind": QComboBox(), "town": QLineEdit("Town"), "fp_mode": QComboBox(), "size": QComboBox(),
            "side": QComboBox(), "hidden": QCheckBox("hidden"), "unit_type": QComboBox(), "squads": QSpinBox(),
            "dam": QComboBox(), "area_kind": QComboBox(), "sector": QComboBox(), "width": QDoubleSpinBox(),
            "downstream": QCheckBox("drawn downstream first"), "strength": QSpinBox()}
        w["hexside_kind"].addItems(list(E.HEXSIDE_KINDS))
        w["fp_mode"].addItems(["predetermined", "random"])
        w["size"].addItems(["small", "large"])
        w["side"].setEditable(True)
        w["hidden"].setChecked(True)
        w["squads"].setRange(1, 3)
        w["squads"].setValue(3)
        w["area_kind"].addItems(list(AREA_STYLE))
        w["sector"].addItem("from centroid", None)
        for n in range(1, 7):
            w["sector"].addItem(str(n), n)
        w["width"].setRange(0.1, 1e5)
        w["width"].setValue(1.0)
        w["strength"].setRange(1, 99)
        w["strength"].setValue(1)
        for key, label in (("hexside_kind", "Hexside"), ("town", "Town name"), ("fp_mode", "Floodplain mode"),
                           ("size", "Size"), ("side", "Side"), ("hidden", ""), ("unit_type", "Unit type"),
                           ("squads", "Squads"), ("dam", "Dam"), ("area_kind", "Kind"), ("sector", "Sector"),
                           ("width", "Width"), ("downstream", ""), ("strength", "Strength")):
            self.form.addRow(label, w[key])
        w["fp_mode"].activated.connect(self._mode_chosen)
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addWidget(self.tools, 1)
        box.addLayout(self.form)
        self.selected = QLabel()
        self.selected.setObjectName("place-selection")
        self.selected.setWordWrap(True)
        self.selected.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.addWidget(self.selected)
        self.tools.currentRowChanged.connect(lambda _r: self.activate())
        self.refresh()

    # -- state -----------------------------------------------------------------------------------
    def entries(self):
        return HEX_TOOLS if self.window.doc.is_hex else TABLE_TOOLS

    def current(self) -> str | None:
        row = self.tools.currentRow()
        entries = self.entries()
        return entries[row][0] if 0 <= row < len(entries) else None

    def choose(self, name: str | None) -> None:
        """Selects a tool by name (None: no placement tool; the Tools dock's tool is active)."""
        names = [n for n, _ in self.entries()]
        self.tools.setCurrentRow(names.index(name) if name in names else -1)

    def refresh(self) -> None:
        """Fills the tool list and the choices that come from the scenario (sides, types, dams)."""
        self.active = None  # a new scenario: the window installed its own tool on a new scene
        self.tools.blockSignals(True)
        self.tools.clear()
        self.tools.addItems([text for _, text in self.entries()])
        self.tools.setCurrentRow(-1)
        self.tools.blockSignals(False)
        self.refresh_choices()
        self._rows(None)

    def refresh_choices(self) -> None:
        s, w = self.window.doc.scenario, self.widgets
        for key, items in (("side", list(dict.fromkeys([x.id for x in s.sides] + list(DEFAULT_SIDES)))),
                           ("unit_type", sorted(s.unit_types)),
                           ("dam", [d.id for d in getattr(s.map, "dams", [])])):
            combo = w[key]
            keep = combo.currentText()
            if [combo.itemText(i) for i in range(combo.count())] != items:
                combo.blockSignals(True)
                combo.clear()
                combo.addItems(items)
                if keep in items:
                    combo.setCurrentText(keep)
                combo.blockSignals(False)
        if self.window.doc.is_hex:
            w["fp_mode"].setCurrentText(s.map.floodplain.mode)

    def _rows(self, name: str | None) -> None:
        shown = set(OPTIONS.get(name, ()))
        for key, widget in self.widgets.items():
            self.form.setRowVisible(widget, key in shown)

    def _mode_chosen(self, _index: int) -> None:
        push_changes(self.window.doc, E.set_floodplain_mode(self.window.doc.scenario,
                                                            self.widgets["fp_mode"].currentText()),
                     "Set floodplain mode")

    # -- tools -----------------------------------------------------------------------------------
    def activate(self) -> None:
        name = self.current()
        self._rows(name)
        old, self.active = self.active, None  # the view may already hold the Tools dock's tool
        if isinstance(old, RegionTool):
            old.drop()
        if hasattr(old, "cancel"):
            old.cancel()
        if name is not None:
            self.active = self.window.view.tool = self.make_tool(name)

    def make_tool(self, name: str):
        win, w = self.window, self.widgets
        d, c = win.doc, win.controller
        text = lambda key: w[key].currentText()  # noqa: E731
        side = lambda: E.side_id(text("side"))  # noqa: E731
        if name == "select":
            return SelectTool(d, c, win.show_selection)
        if name == "region":
            return RegionTool(d, c)
        if name == "bridge-out":
            return _BridgeOutTool(d, c)
        if name in ("hexside", "stream-bridge", "graded-ridge"):
            edit = {"hexside": lambda s, side: E.toggle_hexside(s, side, text("hexside_kind")),
                    "stream-bridge": E.place_stream_bridge, "graded-ridge": E.toggle_graded_ridge}[name]
            return HexsideTool(d, c, edit, lambda: f"Edit hexside ({name})")
        clicks = {"river-bridge": (E.place_river_bridge, "Add river bridge"),
                  "entrench+": (lambda s, h: E.entrench(s, h, +1), "Add entrenchment"),
                  "entrench-": (lambda s, h: E.entrench(s, h, -1), "Remove entrenchment"),
                  "revetment": (lambda s, h: E.place_revetment(s, h, text("size")), "Add revetment"),
                  "mine": (lambda s, h: E.place_mine(s, h, side(), w["hidden"].isChecked()), "Add mine"),
                  "road-cut": (E.toggle_road_cut, "Toggle road cut"),
                  "unit": (lambda s, h: E.place_unit(s, h, text("unit_type"), side(), w["squads"].value()),
                           "Add unit")}
        if name in clicks:
            edit, label = clicks[name]
            return HexClickTool(d, c, edit, label, name)
        strokes = {"town": (lambda s, hs, rm: E.paint_town(s, hs, w["town"].text(), rm), "Paint town"),
                   "floodplain": (lambda s, hs, _rm: E.toggle_floodplain(s, hs), "Edit floodplain"),
                   "zone": (lambda s, hs, rm: E.paint_zone(s, hs, side(), rm), "Paint setup zone"),
                   "reservoir": (lambda s, hs, _rm: E.toggle_reservoir(s, text("dam"), hs), "Edit reservoir")}
        if name in strokes:
            edit, label = strokes[name]
            return HexStrokeTool(d, c, edit, label, name)
        if name == "vertex":
            return VertexTool(d, c, win.show_selection)
        draws = {"area": (lambda s, p: T.add_area(s, text("area_kind"), p, w["sector"].currentData()), True),
                 "table-river": (lambda s, p: T.add_table_river(s, p, w["width"].value(),
                                                                not w["downstream"].isChecked()), False),
                 "table-road": (T.add_table_road, False), "waterway": (T.set_waterway, True),
                 "corridor": (lambda s, p: T.add_corridor(s, p, w["width"].value()), False),
                 "gantry": (T.add_gantry, True)}
        if name in draws:
            edit, closed = draws[name]
            return DrawTool(d, c, edit, f"Add {name}", closed, name)
        points = {"flood-origin": T.set_flood_origin,
                  "model": lambda s, p: T.add_model(s, side(), w["strength"].value(), p)}
        edit = points.get(name) or partial(_sewer_point, name)
        return PointTool(d, c, edit, f"Add {name}", name)


def _sewer_point(kind: str, s, p):
    return T.add_sewer_point(s, kind, p)


class _BridgeOutTool(HexClickTool):
    """A click on a river bridge's hex, or near a stream bridge's hexside, marks it out (or back)."""

    def __init__(self, doc, controller):
        super().__init__(doc, controller, None, "Toggle bridge out", "bridge-out")

    def press(self, pos, modifiers=None) -> None:
        from ..tools.hexside import nearest_hexside

        s = self.doc.scenario
        side = nearest_hexside(self.controller.geom, pos.x(), pos.y())
        ident = E.bridge_at(s, self.controller.hex_at(pos), side)
        push_changes(self.doc, E.toggle_bridge_out(s, ident), self.text)


class _ViewKeys(QObject):
    """Forwards double-clicks, Enter and Escape on the map view to tools that take them."""

    def __init__(self, view):
        super().__init__(view)
        self.view = view
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        tool = self.view.tool
        if event.type() == QEvent.Type.MouseButtonDblClick and hasattr(tool, "double_click"):
            tool.double_click(self.view.mapToScene(event.position().toPoint()))
            return True
        if event.type() == QEvent.Type.KeyPress:
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and hasattr(tool, "finish"):
                tool.finish()
                return True
            if event.key() == Qt.Key.Key_Escape and hasattr(tool, "cancel"):
                tool.cancel()
                return True
        return False


def install(window) -> PlacePanel:
    """Adds the Place dock, Edit > Delete / Copy / Paste and the selection display to ``window``."""
    panel = PlacePanel(window)
    dock = QDockWidget("Place", window)
    dock.setObjectName("dock-place")
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.docks["place"] = dock
    window.place_panel = panel
    window.selection = None
    window.clip = None
    window.cursor_scene = QPointF()
    window.view.cursor_moved.connect(lambda p: setattr(window, "cursor_scene", QPointF(p)))
    window._view_keys = _ViewKeys(window.view)

    def show_selection(obj) -> None:
        window.selection = obj
        panel.selected.setText(summary(obj, window.doc.scenario.map.layout if window.doc.is_hex else None))
        shower = getattr(window.properties_panel, "show_object", None)
        if callable(shower):
            shower(obj)
        window.statusBar().showMessage(f"Selected {describe(obj)}" if obj is not None else "", 5000)

    def delete() -> None:
        if hasattr(window.view.tool, "delete"):
            window.view.tool.delete()

    def copy() -> None:
        tool = window.view.tool
        if isinstance(tool, RegionTool) and tool.selected and window.doc.is_hex:
            window.clip = copy_region(window.doc.scenario, tool.selected)
            window.statusBar().showMessage(f"Copied {len(window.clip.terrain)} hexes", 5000)

    def paste_here() -> None:
        if window.clip is None or not window.doc.is_hex:
            return
        h = window.controller.hex_at(window.cursor_scene)
        if h is not None:
            paste(window.doc, window.clip, h)

    window.show_selection = show_selection
    edit = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    edit.addSeparator()
    K = QKeySequence.StandardKey
    for text, slot, key in (("&Delete", delete, K.Delete), ("&Copy Region", copy, K.Copy),
                            ("&Paste Region", paste_here, K.Paste)):
        act = QAction(text, window)
        act.setShortcut(key)
        act.triggered.connect(slot)
        edit.addAction(act)
        setattr(window, "act_" + text.strip("&").split()[0].lower(), act)
    window.palette_panel.tool_changed.connect(lambda _n: panel.choose(None))
    window.doc.scenario_replaced.connect(panel.refresh)
    window.doc.features_changed.connect(panel.refresh_choices)
    return panel
