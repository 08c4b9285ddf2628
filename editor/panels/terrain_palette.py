"""The Terrain dock: a grid of swatches with their names, and the current terrain (``TerrainChoice``)
that the palette, the tool-options bar, the terrain tools and the ] / [ keys share. The dock is hidden
on table maps (a table has no hex terrain to paint) and comes back on hex maps when it was shown
before; its View menu toggle is disabled on tables."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QDockWidget, QListView, QListWidget, QListWidgetItem, QWidget

from dambuster.editor.document import Document
from dambuster.editor.style import TERRAIN_STYLE
from dambuster.model.terrain import TERRAIN_KINDS

DEFAULT_TERRAIN = "forest"
SWATCH = 24
CELL = QSize(116, 30)  # one swatch and its name


def swatch(kind: str, size: int = 18) -> QIcon:
    fill, pattern, colour = TERRAIN_STYLE[kind]
    pm = QPixmap(size, size)
    pm.fill(QColor(fill))
    p = QPainter(pm)
    if pattern is not None:
        p.fillRect(pm.rect(), QBrush(QColor(colour), pattern))
    p.setPen(QColor("#606060"))
    p.drawRect(0, 0, size - 1, size - 1)
    p.end()
    return QIcon(pm)


class TerrainChoice(QObject):
    """The terrain the terrain tools paint with."""

    changed = Signal(str)

    def __init__(self, kind: str = DEFAULT_TERRAIN, parent: QObject | None = None):
        super().__init__(parent)
        self.kind = kind

    def set(self, kind: str) -> None:
        if kind not in TERRAIN_KINDS:
            raise ValueError(f"unknown terrain {kind!r}")
        if kind != self.kind:
            self.kind = kind
            self.changed.emit(kind)

    def cycle(self, step: int) -> None:
        i = TERRAIN_KINDS.index(self.kind)
        self.set(TERRAIN_KINDS[(i + step) % len(TERRAIN_KINDS)])

    def cycle_forward(self) -> None:
        self.cycle(1)

    def cycle_back(self) -> None:
        self.cycle(-1)


class TerrainPalette(QListWidget):
    """Swatches in a grid, each with its name; a click chooses the terrain."""

    def __init__(self, choice: TerrainChoice, parent: QWidget | None = None):
        super().__init__(parent)
        self.choice = choice
        self.setObjectName("terrain-palette")
        self.setViewMode(QListView.ViewMode.ListMode)
        self.setFlow(QListView.Flow.LeftToRight)  # swatch and name side by side, in as many columns as fit
        self.setWrapping(True)
        self.setMovement(QListView.Movement.Static)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setIconSize(QSize(SWATCH, SWATCH))
        self.setGridSize(CELL)
        for kind in TERRAIN_KINDS:
            item = QListWidgetItem(swatch(kind, SWATCH), kind)
            item.setData(Qt.ItemDataRole.UserRole, kind)
            item.setToolTip(f"{kind} (] next, [ previous)")
            self.addItem(item)
        self._show(choice.kind)
        choice.changed.connect(self._show)
        self.currentItemChanged.connect(self._clicked)

    def _clicked(self, current: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if current is not None:
            self.choice.set(current.text())

    def _show(self, kind: str) -> None:
        with QSignalBlocker(self):
            self.setCurrentRow(TERRAIN_KINDS.index(kind))

    def sizeHint(self) -> QSize:
        return QSize(2 * CELL.width() + 8, 5 * CELL.height() + 8)

    # -- as the tests and the eyedropper use it --------------------------------------------------
    def current_kind(self) -> str:
        return self.choice.kind

    def set_kind(self, kind: str) -> None:
        self.choice.set(kind)


class TerrainDock(QDockWidget):
    """The palette in its dock, shown on hex maps only."""

    def __init__(self, choice: TerrainChoice, doc: Document, parent: QWidget):
        super().__init__("Terrain", parent)
        self.setObjectName("dock-terrain")
        self.doc = doc
        self.terrain_palette = TerrainPalette(choice)
        self.setWidget(self.terrain_palette)
        self.wanted = True  # shown on hex maps (as the designer last had it on one)
        doc.scenario_replaced.connect(self.follow_map)
        self.follow_map()

    def follow_map(self) -> None:
        hex_map, toggle, parent = self.doc.is_hex, self.toggleViewAction(), self.parentWidget()
        self.terrain_palette.setEnabled(hex_map)
        if hex_map:
            toggle.setEnabled(True)
            if self.wanted and parent is not None and not self.isVisibleTo(parent):
                self.show()
            return
        if toggle.isEnabled() and parent is not None:  # leaving a hex map: was it open?
            self.wanted = self.isVisibleTo(parent)
        self.hide()
        toggle.setEnabled(False)
