"""A list of plain sentences (``dambuster.simulation.narrate.Sentence``): a step's heading in bold,
the rest indented under it; a line still waiting for rolls from the table in italics. Clicking a
line emits the hexes and the things (units, models, bridges) it speaks of, so the preview can show
them on the map."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem

class EventLog(QListWidget):
    picked = Signal(tuple, tuple)  # hexes, subjects of the line clicked

    def __init__(self, parent=None):
        super().__init__(parent)
        self.sentences: list = []  # one per row
        self.setWordWrap(True)
        self.setAlternatingRowColors(False)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.itemClicked.connect(self._clicked)
        self.currentItemChanged.connect(lambda item, _old: item is not None and self._clicked(item))

    def add(self, sentences, pending: bool = False) -> None:
        """Appends sentences; ``pending`` lines (a step waiting for rolls) are set in grey italics."""
        for s in sentences:
            item = QListWidgetItem(s.text if s.heading else "    " + s.text)
            font = QFont(self.font())
            font.setBold(s.heading)
            font.setItalic(pending)
            item.setFont(font)
            if pending:
                item.setForeground(QBrush(QColor("#606060")))
            self.sentences.append(s)
            item.setToolTip("Click to show it on the map" if s.hexes or s.subjects else "")
            self.addItem(item)

    def show_sentences(self, sentences) -> None:
        self.blockSignals(True)
        self.clear()
        self.sentences = []
        self.blockSignals(False)
        self.add(sentences)

    def texts(self) -> list[str]:
        return [self.item(i).text().strip() for i in range(self.count())]

    def _clicked(self, item: QListWidgetItem) -> None:
        s = self.sentences[self.row(item)]
        self.picked.emit(tuple(s.hexes), tuple(s.subjects))
