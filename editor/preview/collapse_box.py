"""The referee's collapse rolls in the breach preview: the damage dealt to the dam (SP lost), the chance
it collapses each player turn (the scenario's thresholds: Ogre Dambusters 80% lost -> a 1, 90% -> 1-3),
and a button that rolls one die per player turn (seeded), or takes the die thrown at the table.

When the dam collapses (or has lost all its SP), ``collapsed(dice)`` hands the pane the dice to breach
it with: the seeded generator as the collapse rolls left it, so the breach continues the same dice as
``dambuster collapse --seed`` does; from the table, fresh table dice (each breach roll is typed as asked).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QSpinBox, QWidget

from dambuster.model.scenario import CollapseThreshold, Dam
from dambuster.simulation.collapse import collapses_on, percent_lost
from dambuster.simulation.dice import Dice, TableDice
from dambuster.simulation.narrate import at_most


class CollapseBox(QGroupBox):
    collapsed = Signal(object)  # the dice the breach goes on with

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Collapse rolls", parent)
        self.dam: Dam | None = None
        self.thresholds: list[CollapseThreshold] = []
        self.dice: Dice | None = None
        self.from_table = False
        self.turn = 0
        self.rolls: list[str] = []
        self.begun = False  # the pane's breach has begun
        self.fallen = False  # the collapse rolls brought the dam down
        self.damage = QSpinBox()
        self.damage.setToolTip("Structure points the dam has lost so far")
        self.damage.valueChanged.connect(self._restart)
        self.chance = QLabel()
        self.chance.setWordWrap(True)
        self.die = QSpinBox()
        self.die.setRange(1, 6)
        self.die.setToolTip("The die thrown at the table")
        self.btn_roll = QPushButton("Roll for collapse")
        self.btn_roll.setToolTip("One die at the start of the next player turn")
        self.btn_roll.clicked.connect(self.roll)
        self.log = QLabel()
        self.log.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.die)
        row.addWidget(self.btn_roll, 1)
        form = QFormLayout(self)
        form.addRow("SP lost", self.damage)
        form.addRow(self.chance)
        form.addRow(row)
        form.addRow(self.log)
        self.set_dam(None, [], False, 0)

    def set_dam(
        self, dam: Dam | None, thresholds: Iterable[CollapseThreshold], from_table: bool, seed: int
    ) -> None:
        """A new dam, dice or seed: start over with the dam's damage from the file."""
        self.dam, self.thresholds, self.from_table, self.seed = dam, list(thresholds), from_table, seed
        self.damage.blockSignals(True)
        self.damage.setRange(0, dam.sp if dam is not None else 0)
        self.damage.setValue(dam.damage if dam is not None else 0)
        self.damage.blockSignals(False)
        self.die.setVisible(from_table)
        self._restart()

    def on(self) -> int:
        """The roll (or less) on which it collapses this player turn; 0 when it cannot, 7 when it is gone."""
        if self.dam is None:
            return 0
        if self.damage.value() >= self.dam.sp:
            return 7
        return collapses_on(self.dam.sp, self.damage.value(), self.thresholds)

    def breach_begun(self, begun: bool) -> None:
        """The pane's breach has begun (stepped forward, or a roll from the table asked): a collapse
        roll now would start it over and drop the rolls typed, so the button waits for Reset."""
        if begun != self.begun:
            self.begun = begun
            self._show(self.fallen)

    def _restart(self, *_args: object) -> None:
        self.turn, self.rolls = 0, []
        self.dice = TableDice() if self.from_table else Dice(self.seed)
        self._show(False)

    def _show(self, fallen: bool) -> None:
        dam, on = self.dam, self.on()
        self.fallen = fallen
        self.setEnabled(dam is not None)
        if dam is None:
            self.chance.setText("No dam.")
        else:
            lost = self.damage.value()
            head = f"{lost} of {dam.sp} SP lost ({percent_lost(lost, dam.sp)}): "
            if on == 7:
                text = "destroyed outright; the breach comes now, no roll."
            elif on <= 0:
                text = "it does not collapse; no roll."
            else:
                text = f"it collapses on {at_most(on)} at the start of each player turn ({on} in 6)."
            self.chance.setText(head + text)
        self.btn_roll.setText("Breach it" if on == 7 else "Roll for collapse")
        self.btn_roll.setEnabled(dam is not None and on > 0 and not fallen and not self.begun)
        waiting = (
            ["The breach has begun: Reset to roll for collapse."]
            if self.begun and not fallen and on > 0
            else []
        )
        self.log.setText("<br>".join(self.rolls + waiting))

    def roll(self) -> None:
        if self.begun:
            return  # the breach under way would be started over (see ``breach_begun``)
        on = self.on()
        if on == 7:
            self.rolls.append("The dam has lost all its SP: it is destroyed.")
            self._show(True)
            self.collapsed.emit(TableDice() if self.from_table else self.dice)
            return
        dam = self.dam
        if on <= 0 or self.dice is None or dam is None:  # (no dam: on is 0)
            return
        self.turn += 1
        purpose = f"collapse of {dam.id}, player turn {self.turn}"
        if self.from_table:
            value = self.die.value()
        else:
            value = self.dice.d6(purpose)
            self.dice.take_log()
        falls = value <= on
        what = "the dam collapses" if falls else f"the dam holds (it falls on {at_most(on)})"
        self.rolls.append(f"Player turn {self.turn}: roll {value}: {what}.")
        self._show(falls)
        if falls:
            self.collapsed.emit(TableDice() if self.from_table else self.dice)
