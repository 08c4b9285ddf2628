"""A list of plain sentences (``dambuster.simulation.narrate.Sentence``): a step's heading in bold,
the rest under it behind a small bullet (the bullet is the item's icon, so a wrapped sentence keeps
its indent); a line still waiting for rolls from the table in grey italics. Clicking a line emits
the hexes and the things (units, models, bridges) it speaks of, so the preview can show them on the
map."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

from dambuster.simulation.narrate import Sentence

BULLET = QSize(16, 8)


def _bullet(colour: str) -> QIcon:
    pix = QPixmap(BULLET * 2)  # drawn at twice the size: sharp on high-density screens
    pix.setDevicePixelRatio(2.0)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(colour))
    p.drawEllipse(QPointF(BULLET.width() * 0.6, BULLET.height() / 2), 2.2, 2.2)
    p.end()
    return QIcon(pix)


class EventLog(QListWidget):
    picked = Signal(tuple, tuple)  # hexes, subjects of the line clicked

    def __init__(self, parent: QWidget | None = None, lines: int = 0):
        super().__init__(parent)
        self.lines = lines  # asks no more height than this many lines (0: a list's usual), takes spare
        self.sentences: list[Sentence] = []  # one per row
        self.setWordWrap(True)
        self.setAlternatingRowColors(False)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setIconSize(BULLET)
        self._bullets = {False: _bullet("#505050"), True: _bullet("#a0a0a0")}
        self.itemClicked.connect(self._clicked)
        self.currentItemChanged.connect(self._current_changed)

    def lines_height(self, n: int) -> int:
        """The height that shows ``n`` one-line sentences whole."""
        row = max(self.fontMetrics().height(), BULLET.height()) + 4
        return n * row + 2 * self.frameWidth()

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width(), self.lines_height(self.lines)) if self.lines else hint

    def add(self, sentences: Iterable[Sentence], pending: bool = False) -> None:
        """Appends sentences; ``pending`` lines (a step waiting for rolls) are set in grey italics."""
        for s in sentences:
            item = QListWidgetItem(s.text)
            if not s.heading:
                item.setIcon(self._bullets[pending])
            font = QFont(self.font())
            font.setBold(s.heading)
            font.setItalic(pending)
            item.setFont(font)
            if pending:
                item.setForeground(QBrush(QColor("#606060")))
            self.sentences.append(s)
            item.setToolTip("Click to show it on the map" if s.hexes or s.subjects else "")
            self.addItem(item)

    def show_sentences(self, sentences: Iterable[Sentence]) -> None:
        self.blockSignals(True)
        self.clear()
        self.sentences = []
        self.blockSignals(False)
        self.add(sentences)

    def texts(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]

    def _current_changed(self, item: QListWidgetItem | None, _old: QListWidgetItem | None) -> None:
        if item is not None:
            self._clicked(item)

    def _clicked(self, item: QListWidgetItem) -> None:
        s = self.sentences[self.row(item)]
        self.picked.emit(tuple(s.hexes), tuple(s.subjects))
