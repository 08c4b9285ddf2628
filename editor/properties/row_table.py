"""An editable table of rows for the properties dialog: typed columns, add/remove buttons, and cells
that turn red as soon as their text does not parse (the dialog refuses OK while any is red)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

BAD = QColor("#f4b4b0")


def as_int(text: str) -> int:
    return int(text.strip())


def as_float(text: str) -> float:
    return float(text.strip())


def as_optional_int(text: str) -> int | None:
    return int(text) if text.strip() else None


def as_text(text: str) -> str:
    return text.strip()


@dataclass
class Col:
    header: str
    parse: Callable[[str], Any] = as_text
    choices: list[str] = field(default_factory=list[str])  # a combo box instead of free text
    swatch: bool = False  # the cell's text is a colour: paint the cell in it


class RowTable(QWidget):
    def __init__(
        self, columns: list[Col], new_row: Callable[[int], list[str]], parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.columns, self.new_row = columns, new_row
        self.table = QTableWidget(0, len(columns))
        self.table.setHorizontalHeaderLabels([c.header for c in columns])
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemChanged.connect(self._check_item)
        add, rem = QPushButton("Add"), QPushButton("Remove")
        add.clicked.connect(lambda: self.append(self.new_row(self.table.rowCount())))
        rem.clicked.connect(self.remove_current)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(rem)
        buttons.addStretch(1)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.table)
        box.addLayout(buttons)

    def set_rows(self, rows: list[list[str]]) -> None:
        self.table.setRowCount(0)
        for r in rows:
            self.append(r)
        # every row visible up to eight (the pages scroll), columns as wide as their contents
        shown = min(max(len(rows), 2), 8)
        self.table.setMinimumHeight(self.table.horizontalHeader().sizeHint().height() + 32 * shown + 6)
        self.table.resizeColumnsToContents()

    def append(self, values: list[str]) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for c, (col, value) in enumerate(zip(self.columns, values)):
            if col.choices:
                combo = QComboBox()
                combo.addItems(col.choices)
                if value not in col.choices:
                    combo.addItem(value)
                combo.setCurrentText(value)
                self.table.setCellWidget(row, c, combo)
            else:
                item = QTableWidgetItem(value)
                self.table.setItem(row, c, item)
                self._check_item(item)

    def remove_current(self) -> None:
        row = self.table.currentRow()
        if row < 0:
            row = self.table.rowCount() - 1
        if row >= 0:
            self.table.removeRow(row)

    def set_text(self, row: int, column: int, text: str) -> None:
        widget = self.table.cellWidget(row, column)
        if isinstance(widget, QComboBox):
            widget.setCurrentText(text)
        else:
            item = self.table.item(row, column)
            if item is None:  # (every cell without a combo box holds an item)
                raise IndexError(f"no cell at row {row}, column {column}")
            item.setText(text)

    def text(self, row: int, column: int) -> str:
        widget = self.table.cellWidget(row, column)
        if isinstance(widget, QComboBox):
            return widget.currentText()
        item = self.table.item(row, column)
        return item.text() if item is not None else ""

    def _check_item(self, item: QTableWidgetItem) -> None:
        col = self.columns[item.column()]
        try:
            col.parse(item.text())
        except ValueError:
            item.setBackground(QBrush(BAD))
            return
        if col.swatch:  # a valid colour is shown as itself
            item.setBackground(QBrush(QColor(item.text().strip())))
            item.setForeground(
                QBrush(QColor("white" if QColor(item.text().strip()).lightness() < 128 else "black"))
            )
        else:
            item.setBackground(QBrush())

    def values(self, what: str) -> list[list[Any]]:
        """The parsed rows; raises ValueError naming the first bad cell (and selects it)."""
        out: list[list[Any]] = []
        for r in range(self.table.rowCount()):
            row: list[Any] = []
            for c, col in enumerate(self.columns):
                text = self.text(r, c)
                try:
                    row.append(col.parse(text))
                except ValueError as e:
                    self.table.setCurrentCell(r, c)
                    raise ValueError(
                        f"{what}, row {r + 1}, {col.header}: {text!r} is not valid ({e})"
                    ) from None
            out.append(row)
        return out
