"""The tools dock: tool buttons, brush size and the terrain palette."""
from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QGridLayout, QLabel, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout, QWidget)

from dambuster.model.terrain import TERRAIN_KINDS

from ..style import TERRAIN_STYLE

TOOLS = (("brush", "Brush", "B"), ("rectangle", "Rectangle", "R"), ("bucket", "Bucket fill", "F"),
         ("eyedropper", "Eyedropper", "I"), ("path", "Path", "P"), ("dam", "Dam", "D"))


def swatch(kind: str, size: int = 18) -> QIcon:
    fill, pattern, colour = TERRAIN_STYLE[kind]
    pm = QPixmap(size, size)
    pm.fill(QColor(fill))
    if pattern is not None:
        p = QPainter(pm)
        p.fillRect(pm.rect(), QBrush(QColor(colour), pattern))
        p.setPen(QColor("#606060"))
        p.drawRect(0, 0, size - 1, size - 1)
        p.end()
    return QIcon(pm)


class ToolPalette(QWidget):
    tool_changed = Signal(str)
    kind_changed = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        grid = QGridLayout()
        self.buttons = QButtonGroup(self)
        self.buttons.setExclusive(True)
        for i, (name, text, key) in enumerate(TOOLS):
            b = QPushButton(text)
            b.setCheckable(True)
            b.setToolTip(f"{text} ({key})")
            b.setShortcut(key)
            b.setObjectName(name)
            self.buttons.addButton(b, i)
            grid.addWidget(b, i // 2, i % 2)
        self.buttons.button(0).setChecked(True)
        self.buttons.idClicked.connect(lambda i: self.tool_changed.emit(TOOLS[i][0]))
        self.path_kind = QComboBox()
        self.path_kind.addItems(["river", "road", "rail"])
        self.path_kind.setToolTip("What the Path tool lays: rivers are drawn upstream first")
        self.size = QComboBox()
        for n in (1, 2, 3):
            self.size.addItem(f"{n}  (radius {n - 1})", n)
        self.kinds = QListWidget()
        for kind in TERRAIN_KINDS:
            item = QListWidgetItem(swatch(kind), kind)
            item.setData(Qt.ItemDataRole.UserRole, kind)
            self.kinds.addItem(item)
        self.kinds.setCurrentRow(TERRAIN_KINDS.index("forest"))
        self.kinds.currentItemChanged.connect(lambda cur, _prev: cur and self.kind_changed.emit(cur.text()))
        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addLayout(grid)
        box.addWidget(QLabel("Path lays"))
        box.addWidget(self.path_kind)
        box.addWidget(QLabel("Brush size"))
        box.addWidget(self.size)
        box.addWidget(QLabel("Terrain"))
        box.addWidget(self.kinds, 1)

    def current_tool(self) -> str:
        return TOOLS[self.buttons.checkedId()][0]

    def set_tool(self, name: str) -> None:
        i = [t[0] for t in TOOLS].index(name)
        self.buttons.button(i).setChecked(True)
        self.tool_changed.emit(name)

    def current_kind(self) -> str:
        item = self.kinds.currentItem()
        return item.text() if item else "clear"

    def set_kind(self, kind: str) -> None:
        self.kinds.setCurrentRow(TERRAIN_KINDS.index(kind))

    def current_path_kind(self) -> str:
        return self.path_kind.currentText()

    def brush_size(self) -> int:
        return int(self.size.currentData())

    def set_brush_size(self, n: int) -> None:
        with QSignalBlocker(self.size):
            self.size.setCurrentIndex(n - 1)
