"""The tool-options bar: one tool bar whose controls are every option a tool can take (terrain, brush
size and shape, path kind, hexside kind, unit type and side, town name...: the catalog's ``OPTIONS``,
in bar order, each with its label); the main window calls
``show_for(tool)`` when the tool changes and only that tool's options (``ToolEntry.options`` in the
catalog) stay visible. Tools read the values when they act; the choices that come from the scenario
(its sides, dams and unit types) follow the document."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, QSize
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QToolBar,
    QWidget,
)

from dambuster.editor.actions.catalog import OPTIONS, TOOL
from dambuster.editor.actions.icons import icon
from dambuster.editor.document import Document
from dambuster.editor.edits import hex_map as E
from dambuster.editor.style import AREA_STYLE
from dambuster.editor.tools.base import push_changes  # pyright: ignore[reportUnknownVariableType]  (tools/base.py: ``doc`` untyped)
from dambuster.model.scenario import HexMap
from dambuster.model.terrain import TERRAIN_KINDS

from .terrain_palette import TerrainChoice, swatch
from .unit_choice import fill_sides, fill_unit_types, install_new_side

DEFAULT_SIDES = ("attacker", "defender", "invader")
BRUSH_SHAPES = ("hexagon", "square")


class ToolOptionsBar(QToolBar):
    def __init__(self, doc: Document, terrain: TerrainChoice, parent: QWidget | None = None):
        super().__init__("Tool options", parent)
        self.doc, self.terrain = doc, terrain
        self.setObjectName("toolbar-options")
        self.setIconSize(QSize(20, 20))
        self.tool_icon, self.tool_name = QLabel(), QLabel()
        self.tool_name.setObjectName("tool-options-name")
        self.tool_name.setStyleSheet("font-weight: bold; padding-right: 8px")
        self.addWidget(self.tool_icon)
        self.addWidget(self.tool_name)
        self.none = QLabel("no options")
        self.none.setEnabled(False)
        self.no_options = self.addWidget(self.none)
        self._infantry_squads = 3  # the Squads box's count, kept while a type without squads is chosen
        self.widgets = self._make_widgets()
        self.cells: dict[str, QAction] = {}
        for key, label in OPTIONS.items():
            cell = QWidget()
            row = QHBoxLayout(cell)
            row.setContentsMargins(6, 0, 6, 0)
            if label:
                row.addWidget(QLabel(label))
            row.addWidget(self.widgets[key])
            self.cells[key] = self.addWidget(cell)
        self.current: str | None = None
        doc.features_changed.connect(self.refresh_choices)  # a dam, side or unit type added or renamed
        doc.scenario_replaced.connect(self.refresh_choices)
        self.refresh_choices()

    def _make_widgets(self) -> dict[str, QWidget]:
        """Every option's control by key; ``combos``: the drop-down lists among them."""
        keys = ("terrain", "brush_size", "brush_shape", "path_kind", "hexside_kind", "fp_mode", "size")
        keys += ("unit_type", "side", "dam", "area_kind", "sector")
        c = self.combos = {key: QComboBox() for key in keys}
        town, squads, hidden = QLineEdit("Town"), QSpinBox(), QCheckBox("hidden")
        width, downstream, strength = QDoubleSpinBox(), QCheckBox("drawn downstream first"), QSpinBox()
        choice = self.terrain
        for kind in TERRAIN_KINDS:
            c["terrain"].addItem(swatch(kind), kind)
        c["terrain"].setCurrentText(choice.kind)
        c["terrain"].currentTextChanged.connect(choice.set)
        choice.changed.connect(self._terrain_shown)
        for n, hexes in ((1, "1 hex"), (2, "7 hexes"), (3, "19 hexes")):
            c["brush_size"].addItem(f"{n}  ({hexes})", n)
        c["brush_shape"].addItems(list(BRUSH_SHAPES))
        c["brush_shape"].setToolTip("hexagon: every hex within the radius; square: offset columns and rows")
        c["path_kind"].addItems(["river", "road", "rail"])
        c["path_kind"].setToolTip("What the Path tool lays: rivers are drawn upstream first")
        c["hexside_kind"].addItems(list(E.HEXSIDE_KINDS))
        town.setMinimumWidth(120)
        c["fp_mode"].addItems(["predetermined", "random"])
        c["fp_mode"].activated.connect(self._mode_chosen)
        c["size"].addItems(["small", "large"])
        install_new_side(c["side"], self)
        c["side"].setToolTip("The side the unit or model belongs to: the scenario's sides and the usual two")
        c["side"].setMinimumWidth(110)
        hidden.setChecked(True)
        squads.setRange(1, 3)
        squads.setValue(3)
        c["area_kind"].addItems(list(AREA_STYLE))
        c["sector"].addItem("from centroid", None)
        for n in range(1, 7):
            c["sector"].addItem(str(n), n)
        width.setRange(0.1, 1e5)
        width.setValue(1.0)
        strength.setRange(1, 99)
        strength.setValue(1)
        c["unit_type"].currentIndexChanged.connect(self._squads_follow_type)
        others = {"town": town, "squads": squads, "hidden": hidden, "width": width, "downstream": downstream}
        return {**c, **others, "strength": strength}

    def _squads_follow_type(self) -> None:
        """Squads are infantry's alone: the box is greyed (and says 1) for any other unit type."""
        if not hasattr(self, "widgets"):  # (while the widgets are being made)
            return
        kind = self.doc.scenario.unit_types.get(self.unit_type())
        squads = self.widgets["squads"]
        assert isinstance(squads, QSpinBox)
        infantry = kind is None or kind.category == "infantry"
        if infantry and not squads.isEnabled():  # back to infantry: the count chosen for it
            squads.setValue(self._infantry_squads)
        elif not infantry and squads.isEnabled():
            self._infantry_squads = squads.value()
            squads.setValue(1)  # what the unit gets
        squads.setEnabled(infantry)
        squads.setToolTip("" if infantry else "only infantry has squads")

    # -- which options -------------------------------------------------------------------------
    def show_for(self, name: str | None) -> None:
        tool = TOOL.get(name) if name else None
        self.current = name
        self.tool_icon.setPixmap(icon(tool.icon).pixmap(20, 20) if tool else icon(None).pixmap(20, 20))
        self.tool_name.setText(tool.text if tool else "")
        shown = set(tool.options) if tool else set[str]()
        for key, act in self.cells.items():
            act.setVisible(key in shown)
        self.no_options.setVisible(tool is not None and not shown)

    def shown_options(self) -> list[str]:
        """The option keys now visible, in bar order (for tests and the screenshot)."""
        return [key for key, act in self.cells.items() if act.isVisible()]

    # -- values ----------------------------------------------------------------------------------
    def text(self, key: str) -> str:
        return self.combos[key].currentText()

    def unit_type(self) -> str:
        """The catalog key of the unit type chosen (the box shows its name)."""
        return self.combos["unit_type"].currentData() or ""

    def side(self) -> str:
        """The id of the side chosen (the box shows its name)."""
        return self.combos["side"].currentData() or E.side_id(self.text("side"))

    def checked(self, key: str) -> bool:
        """A check box option ("hidden", "downstream")."""
        box = self.widgets[key]
        assert isinstance(box, QCheckBox), key
        return box.isChecked()

    def number(self, key: str) -> float:
        """A spin box option ("squads", "width", "strength")."""
        box = self.widgets[key]
        assert isinstance(box, QSpinBox | QDoubleSpinBox), key
        return box.value()

    def line(self, key: str) -> str:
        """A typed option ("town")."""
        box = self.widgets[key]
        assert isinstance(box, QLineEdit), key
        return box.text()

    def chosen(self, key: str) -> object:
        """The data of a drop-down's choice ("sector": a number, or None for the centroid's)."""
        return self.combos[key].currentData()

    def brush_size(self) -> int:
        return int(self.combos["brush_size"].currentData())

    def set_brush_size(self, n: int) -> None:
        self.combos["brush_size"].setCurrentIndex(n - 1)

    def brush_shape(self) -> str:
        return self.text("brush_shape")

    def path_kind(self) -> str:
        return self.text("path_kind")

    # -- choices that come from the scenario -------------------------------------------------------
    def refresh_choices(self) -> None:
        doc, w = self.doc, self.combos
        s = doc.scenario
        fill_sides(w["side"], s.sides, DEFAULT_SIDES)  # by name, not editable; "New side…" last
        for key, items in (("dam", [d.id for d in getattr(s.map, "dams", [])]),):
            combo = w[key]
            keep = combo.currentText()
            if [combo.itemText(i) for i in range(combo.count())] != items:
                with QSignalBlocker(combo):
                    combo.clear()
                    combo.addItems(items)
                    if keep in items:
                        combo.setCurrentText(keep)
        fill_unit_types(w["unit_type"], s.unit_types)  # by name, with a counter as the icon
        self._squads_follow_type()
        if isinstance(s.map, HexMap):
            with QSignalBlocker(w["fp_mode"]):
                w["fp_mode"].setCurrentText(s.map.floodplain.mode)

    def _terrain_shown(self, kind: str) -> None:
        with QSignalBlocker(self.combos["terrain"]):
            self.combos["terrain"].setCurrentText(kind)

    def _mode_chosen(self, _index: int) -> None:
        doc = self.doc
        push_changes(doc, E.set_floodplain_mode(doc.scenario, self.text("fp_mode")), "Set floodplain mode")
