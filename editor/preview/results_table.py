"""The Monte Carlo results as a table beside the heat map: per section (stream bridges, towns,
units, roads and rails) each thing, its outcome and its chance (``summary.chance_rows``). Clicking a
row emits the hexes it concerns, for the map to show."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from dambuster.simulation.summary import SECTIONS, ChanceRow


def percent(p: float) -> str:
    """ "100 %", "37 %", "0.4 %", "< 0.1 %", "0 %"."""
    if p <= 0:
        return "0 %"
    if p < 0.001:
        return "< 0.1 %"
    return f"{p * 100:.1f} %" if p < 0.1 else f"{p * 100:.0f} %"


class ChanceTable(QTreeWidget):
    picked = Signal(tuple)  # hexes of the row clicked

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.rows: list[ChanceRow] = []  # the ChanceRows shown; a child item keeps its index (UserRole)
        self.setColumnCount(3)
        self.setHeaderLabels(["What", "Outcome", "Chance"])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        head = self.header()
        head.setStretchLastSection(False)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.currentItemChanged.connect(self._clicked)
        self.itemClicked.connect(self._clicked)

    def show_rows(self, rows: Iterable[ChanceRow]) -> None:
        self.clear()
        self.rows = list(rows)
        bold = QFont(self.font())
        bold.setBold(True)
        for section in SECTIONS:
            mine = [(i, r) for i, r in enumerate(self.rows) if r.section == section]
            if not mine:
                continue
            top = QTreeWidgetItem([section, "", ""])
            top.setFont(0, bold)
            top.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.addTopLevelItem(top)
            for i, r in mine:
                item = QTreeWidgetItem([r.subject, r.outcome, percent(r.chance)])
                item.setData(0, Qt.ItemDataRole.UserRole, i)
                item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                item.setToolTip(0, "Click to show it on the map" if r.hexes else "")
                top.addChild(item)
            top.setExpanded(True)

    def table(self) -> list[tuple[str, str, str, str]]:
        """(section, subject, outcome, chance as shown), top to bottom."""
        out: list[tuple[str, str, str, str]] = []
        for i in range(self.topLevelItemCount()):
            top = self.topLevelItem(i)
            if top is None:  # (never: i is in range)
                continue
            for j in range(top.childCount()):
                c = top.child(j)
                if c is not None:
                    out.append((top.text(0), c.text(0), c.text(1), c.text(2)))
        return out

    def _clicked(self, item: QTreeWidgetItem | None, *_rest: object) -> None:
        """A row clicked or made current (``_rest``: the column, or the item current before)."""
        i = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if isinstance(i, int) and 0 <= i < len(self.rows):
            self.picked.emit(tuple(self.rows[i].hexes))
