"""File > New: kind (hex or table), size, orientation and offset or width, depth, unit and the figures
(DBM's ground scale, with its 5/8 reduction for 25mm figures on a table in mm or inches)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from dambuster.model import Scenario, new_hex_scenario, new_table_scenario
from dambuster.model.ground_scale import DEFAULT_FIGURES, FIGURES, reduction_problem
from dambuster.model.hexgrid import OFFSETS_BY_ORIENTATION
from dambuster.model.scenario import PROFILES


class NewScenarioDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        self.kind = QComboBox()
        self.kind.addItem("Hex map (Ogre)", "hex")
        self.kind.addItem("Table (DBM, skirmish, sewer)", "table")
        self.title = QLineEdit("Untitled scenario")

        hex_page = QWidget()
        hf = QFormLayout(hex_page)
        self.columns, self.rows = QSpinBox(), QSpinBox()
        for spin, value in ((self.columns, 15), (self.rows, 22)):
            spin.setRange(1, 1000)
            spin.setValue(value)
        self.orientation = QComboBox()
        self.orientation.addItems(["flat", "pointy"])
        self.offset = QComboBox()
        self.orientation.currentTextChanged.connect(self._offsets)
        self._offsets("flat")
        hf.addRow("Columns", self.columns)
        hf.addRow("Rows", self.rows)
        hf.addRow("Orientation", self.orientation)
        hf.addRow("Offset", self.offset)

        table_page = QWidget()
        tf = QFormLayout(table_page)
        # not ``width``/``depth``: those would hide QWidget.width(), the dialog's own width
        self.table_width, self.table_depth = QDoubleSpinBox(), QDoubleSpinBox()
        for spin, value in ((self.table_width, 2400), (self.table_depth, 1200)):
            spin.setRange(0.1, 1e6)
            spin.setDecimals(1)
            spin.setValue(value)
        self.unit = QComboBox()
        self.unit.addItems(["paces", "inches", "mm"])
        tf.addRow("Width", self.table_width)
        tf.addRow("Depth", self.table_depth)
        tf.addRow("Unit", self.unit)
        self.figures = QComboBox()
        self.figures.addItems(list(FIGURES))
        self.figures.setCurrentText(DEFAULT_FIGURES)
        self.reduced = QCheckBox("DBM distances reduced to 5/8 (25mm figures on a 1.8 m x 1.2 m table)")
        tf.addRow("Figures", self.figures)
        tf.addRow("", self.reduced)
        self.figures.currentTextChanged.connect(self._reduction_allowed)
        self.unit.currentTextChanged.connect(self._reduction_allowed)
        self._reduction_allowed()

        self.pages = QStackedWidget()
        self.pages.addWidget(hex_page)
        self.pages.addWidget(table_page)
        self.kind.currentIndexChanged.connect(self.pages.setCurrentIndex)

        self.profile_boxes = {p: QCheckBox(p) for p in PROFILES}
        form = QFormLayout()
        form.addRow("Kind", self.kind)
        form.addRow("Title", self.title)
        profiles = QWidget()
        pl = QVBoxLayout(profiles)
        pl.setContentsMargins(0, 0, 0, 0)
        for cb in self.profile_boxes.values():
            pl.addWidget(cb)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(form)
        box.addWidget(self.pages)
        f2 = QFormLayout()
        f2.addRow("Rule profiles", profiles)
        box.addLayout(f2)
        box.addWidget(buttons)

    def _reduction_allowed(self, _text: str = "") -> None:
        ok = reduction_problem(self.unit.currentText(), self.figures.currentText(), True) is None
        self.reduced.setEnabled(ok)
        if not ok:
            self.reduced.setChecked(False)

    def _offsets(self, orientation: str) -> None:
        self.offset.clear()
        self.offset.addItems(list(OFFSETS_BY_ORIENTATION[orientation]))

    def scenario(self) -> Scenario:
        profiles = [p for p, cb in self.profile_boxes.items() if cb.isChecked()]
        if self.kind.currentData() == "hex":
            return new_hex_scenario(
                self.columns.value(),
                self.rows.value(),
                self.orientation.currentText(),
                self.offset.currentText(),
                self.title.text() or "Untitled scenario",
                profiles,
            )
        return new_table_scenario(
            self.table_width.value(),
            self.table_depth.value(),
            self.unit.currentText(),
            self.title.text() or "Untitled scenario",
            profiles,
            self.figures.currentText(),
            self.reduced.isChecked(),
        )
