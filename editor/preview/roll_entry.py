"""Dice from the table: the roll the simulation needs next, asked by its purpose
(``narrate.prompt``), and a field where the players type what they threw. Several rolls may be
typed at once, separated by spaces ("3 5 1"): each is given in turn while the simulation still asks;
those after a refused one stay in the field. After the rolls the map has the keyboard again. A roll
asked scrolls the Preview dock to the field (on a short screen it lies below the fold).
"Undo roll" takes back the last roll typed for the step under way.

The pane owns the simulation: it calls ``ask(need)`` with the ``RollNeeded`` in hand (or
``ask(None)`` when nothing is asked) and listens to ``rolled(int)`` and ``undo()``; ``refuse(text)``
shows why a roll was not taken.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QPushButton, QScrollArea, QWidget

from dambuster.simulation.dice import RollNeeded
from dambuster.simulation.narrate import prompt


def scrolled_into_view(widget: QWidget) -> None:
    """Scrolls the scroll area holding ``widget`` (the Preview dock's) until the widget shows whole."""
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    if parent is not None:  # once the question's new text is laid out
        area = parent
        QTimer.singleShot(0, widget, lambda: area.ensureWidgetVisible(widget, 0, 8))


class RollEntry(QWidget):
    rolled = Signal(int)
    undo = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.need: RollNeeded | None = None
        self._typing = False  # the rolls typed are being given (the map gets the keyboard after)
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.field = QLineEdit()
        self.field.setPlaceholderText("the roll, e.g. 4 (several: 4 2 6)")
        self.field.setClearButtonEnabled(True)
        self.btn_enter = QPushButton("Enter")
        self.btn_enter.setToolTip("Give the roll typed (Return)")
        self.btn_undo = QPushButton("Undo roll")
        self.btn_undo.setToolTip("Take back the last roll typed for this step")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        pal = self.problem.palette()
        pal.setColor(QPalette.ColorRole.WindowText, QColor("#c8102e"))
        self.problem.setPalette(pal)
        lay = QGridLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.question, 0, 0, 1, 3)
        lay.addWidget(self.field, 1, 0)
        lay.addWidget(self.btn_enter, 1, 1)
        lay.addWidget(self.btn_undo, 1, 2)
        lay.addWidget(self.problem, 2, 0, 1, 3)
        self.field.returnPressed.connect(self.submit)
        self.btn_enter.clicked.connect(self.submit)
        self.btn_undo.clicked.connect(self.undo.emit)
        self.ask(None)

    def ask(self, need: RollNeeded | None, can_undo: bool = False) -> None:
        if need is not None and need is not self.need:
            self.problem.clear()  # a new question: the last refusal is old news
        self.need = need
        if need is None:
            self.question.setText("No roll is asked: step forward to play the next step.")
        else:
            self.question.setText(f"<b>{prompt(need)}</b>")
        self.field.setEnabled(need is not None)
        self.btn_enter.setEnabled(need is not None)
        self.btn_undo.setEnabled(can_undo)
        if need is not None and self.isVisible():
            scrolled_into_view(self)  # a short dock: the question and the field, not below the fold
            if not self._typing:
                self.field.setFocus()  # the first roll of a step; after a roll the map has the keyboard

    def refuse(self, text: str) -> None:
        self.problem.setText(text)

    def submit(self) -> None:
        """Gives each number typed in turn, while a roll is asked. A roll refused (or a word that is
        not a number, or rolls left when none is asked) stops there: the problem is named and the
        rolls not given stay in the field, to be corrected and entered again, the keyboard with them.
        While another roll is asked the field keeps the keyboard; after the last, the map has it again
        (+ and - zoom it)."""
        words = self.field.text().replace(",", " ").split()
        self.field.clear()
        self.problem.clear()
        self._typing = True
        try:
            left = self._give(words)
        finally:
            self._typing = False
        if left:
            self.field.setText(" ".join(left))
            said = self.problem.text().rstrip()
            said += "" if not said or said[-1] in ".!?" else "."
            self.problem.setText(f"{said} Not given yet, kept in the field: {' '.join(left)}.")
            self.field.setFocus()  # to be corrected where it was typed
            return
        if self.need is not None:  # another roll is asked: the next die is typed here too
            self.field.setFocus()
            return
        view = getattr(self.window(), "view", None)
        if view is not None:
            view.setFocus()
        else:
            self.field.clearFocus()

    def _give(self, words: list[str]) -> list[str]:
        """Gives ``words`` in turn; returns those not given (from the first refused one on)."""
        for i, w in enumerate(words):
            if self.need is None:
                self.refuse("Not used: no roll is asked now.")
                return words[i:]
            if not w.isdigit():
                self.refuse(f"{w!r} is not a number: type the die as it lies, e.g. 4.")
                return words[i:]
            self.rolled.emit(int(w))
            if self.problem.text():  # the pane refused it
                return words[i + 1 :]
        return []
