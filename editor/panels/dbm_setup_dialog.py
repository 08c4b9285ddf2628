"""Scenario > Set Up Terrain…: the DBM terrain-choosing procedure (simulation/dbm/setup.py) on the open
table, in a dialog.

The designer lists the features (who brings each, its kind, its size, compulsory or not) and picks a
seed; **Roll** runs the procedure with the generator's dice, or, with "Type the dice thrown at the
table", asks for each roll by what it is for (editor/preview/roll_entry.py) and steps on as each is
typed ("Undo roll" takes the last back). The log shows every step: its dice, and where the feature
went or why it was discarded. **Apply** replaces the table's areas, waterway, rivers and roads with
the result (asking first when the table has any: ``replaced_features`` says which): one undo step,
"Set up terrain". Only the table's own size, unit and figures are used.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, cast

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.commands import SetFields
from dambuster.editor.document import Document
from dambuster.editor.preview.roll_entry import RollEntry
from dambuster.editor.properties.row_table import Col, RowTable
from dambuster.model.ground_scale import GroundScale
from dambuster.model.scenario import TableMap
from dambuster.model.semantic import iter_problems
from dambuster.simulation.dbm.request import KINDS, RequestError, SetupRequest, request_from_dict
from dambuster.simulation.dbm.setup import Setup, Step, run
from dambuster.simulation.dice import RollNeeded, TableDice

#: The list the dialog starts with: the defender's BUA and fields, a hill, a wood and a road (3 equivalents).
DEFAULT_ROWS = [
    ["defender", "bua", "300", "no"],
    ["defender", "fields-open", "300", "no"],
    ["defender", "hill-gentle", "600", "no"],
    ["defender", "wood", "400", "no"],
    ["defender", "road", "", "no"],
]
FEATURES = ("areas", "waterway", "rivers", "roads")


def _yes_no(text: str) -> bool:
    if text not in ("yes", "no"):
        raise ValueError("yes or no")
    return text == "yes"


class DbmSetupDialog(QDialog):
    """The procedure on ``doc``'s table (a table map: ``open_dbm_setup`` says why not on a hex map)."""

    def __init__(self, doc: Document, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        # replaceable, e.g. by tests: True to go on
        self.confirm_replace: Callable[[list[str]], bool] = self._confirm_replace
        self.setup: Setup | None = None  # the finished run, once there is one
        self.rolls: list[int] = []
        self.setWindowTitle("Set up terrain (DBM)")
        m = self.table()
        sc = GroundScale.of(m)
        pace = (
            "measured in paces"
            if m.unit == "paces"
            else f"a pace is {sc.say(sc.pace, 3).split('(')[1].rstrip(')')}"
        )
        self.table_label = QLabel(
            f"{m.width:g} x {m.depth:g} {m.unit} table, {m.figures} figures"
            f"{', distances reduced to 5/8' if m.reduced else ''} ({pace})."
        )
        self.rows = RowTable(
            [
                Col("Player", choices=["defender", "invader"]),
                Col("Kind", choices=list(KINDS)),
                Col("Size (paces, or 300mm, 12in)"),
                Col("Compulsory", _yes_no, ["no", "yes"]),
            ],
            lambda _n: ["defender", "wood", "400", "no"],
        )
        self.rows.set_rows(copy.deepcopy(DEFAULT_ROWS))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.typed = QCheckBox("Type the dice thrown at the table")
        self.btn_roll = QPushButton("Roll")
        self.btn_roll.setToolTip("Run the procedure from the start (with the dice typed so far, when typing)")
        self.entry = RollEntry()
        self.entry.setVisible(False)
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b01010")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Cancel
        )
        self.btn_apply = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.btn_apply.setEnabled(False)
        self._lay_out()
        self.btn_roll.clicked.connect(self.roll)
        self.typed.toggled.connect(self.entry.setVisible)
        self.entry.rolled.connect(self.give)
        self.entry.undo.connect(self.take_back)
        self.btn_apply.clicked.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        self.resize(760, 680)

    def _lay_out(self) -> None:
        form = QFormLayout()
        form.addRow("Seed", self.seed)
        line = QHBoxLayout()
        line.addLayout(form)
        line.addWidget(self.typed)
        line.addStretch(1)
        line.addWidget(self.btn_roll)
        box = QVBoxLayout(self)
        box.addWidget(self.table_label)
        box.addWidget(QLabel("Features (the invader brings at most one: a waterway, a river or a road):"))
        box.addWidget(self.rows)
        box.addLayout(line)
        box.addWidget(self.entry)
        box.addWidget(QLabel("Log:"))
        box.addWidget(self.log, 1)
        box.addWidget(self.problem)
        box.addWidget(self.buttons)

    def table(self) -> TableMap:
        m = self.doc.scenario.map
        assert isinstance(m, TableMap)  # the dialog is opened on tables only
        return m

    # ---------------------------------------------------------------------------- the run
    def request(self) -> SetupRequest:
        """The request the rows describe on the open table; RequestError or ValueError (one sentence)."""
        m = self.table()
        invader: dict[str, Any] | None = None
        defender: list[dict[str, Any]] = []
        for player, kind, size, compulsory in self.rows.values("Features"):
            f = {"kind": kind, "compulsory": compulsory, **({"across": size} if size else {})}
            if player == "invader":
                if invader is not None:
                    raise ValueError("the invader brings one feature only")
                invader = f
            else:
                defender.append(f)
        table = {
            "width": m.width,
            "depth": m.depth,
            "unit": m.unit,
            "figures": m.figures,
            "reduced": m.reduced,
        }
        return request_from_dict(
            {"table": table, "invader": invader, "defender": defender, "title": self.doc.scenario.meta.title}
        )

    def roll(self) -> None:
        """Runs from the start: new dice from the generator, or none typed yet."""
        self.rolls = []
        self.run()

    def run(self) -> None:
        self.problem.clear()
        self.setup = None
        self.btn_apply.setEnabled(False)
        try:
            req = self.request()
        except (RequestError, ValueError) as e:
            self.problem.setText(str(e))
            self.entry.ask(None)  # pyright: ignore[reportUnknownMemberType]  (RollEntry.ask: ``need`` untyped)
            return
        dice = TableDice(self.rolls) if self.typed.isChecked() else None
        try:
            setup = run(req, self.seed.value(), dice)
        except RollNeeded as need:
            self._show(need.events, [])
            self.entry.ask(need, can_undo=bool(self.rolls))  # pyright: ignore[reportUnknownMemberType]  (RollEntry.ask: ``need`` untyped)
            return
        self.entry.ask(None, can_undo=bool(self.rolls))  # pyright: ignore[reportUnknownMemberType]  (RollEntry.ask: ``need`` untyped)
        self._show(setup.steps, setup.notes)
        problems = self._problems(setup)
        if problems:
            self.problem.setText(f"The result cannot be applied here: {problems[0]}")
            return
        self.setup = setup
        self.btn_apply.setEnabled(True)

    def give(self, value: int) -> None:
        if not 1 <= value <= 6:
            self.entry.refuse(f"{value} is not a roll here: a die shows 1 to 6.")
            return
        self.rolls.append(value)
        self.run()

    def take_back(self) -> None:
        if self.rolls:
            self.rolls.pop()
        self.run()

    def _show(self, steps: list[Step], notes: list[str]) -> None:
        self.log.clear()
        self.log.addItems([f"Note: {n}" for n in notes] + [s.text for s in steps])
        self.log.scrollToBottom()

    def _problems(self, setup: Setup) -> list[str]:
        """What the open scenario would break with the new features (an id another object has...)."""
        candidate = copy.copy(self.doc.scenario)
        candidate.map = copy.copy(candidate.map)
        for name in FEATURES:
            setattr(candidate.map, name, getattr(setup.scenario.map, name))
        return [f"{p.pointer}: {p.message}" for p in iter_problems(candidate)]

    # ---------------------------------------------------------------------------- apply
    def apply(self) -> None:
        if self.setup is None:
            return
        t, new = self.table(), self.setup.scenario.map
        there = replaced_features(t)
        if there and not self.confirm_replace(there):
            return  # the dialog stays open, the table as it was
        changes: list[tuple[Any, str, Any]] = [(t, name, getattr(new, name)) for name in FEATURES]
        road_rule = self.setup.scenario.parameters.rules.get("DBM-ROAD")
        params = self.doc.scenario.parameters
        if road_rule and params.rules.get("DBM-ROAD") != road_rule:
            changes.append((params, "rules", {**params.rules, "DBM-ROAD": dict(road_rule)}))
        self.doc.push(SetFields(self.doc, changes, "Set up terrain"))
        self.accept()

    def _confirm_replace(self, there: list[str]) -> bool:
        answer = QMessageBox.question(
            self,
            "Replace the table's terrain?",
            f"Apply replaces the table's {', '.join(there)} with the ones laid out here "
            "(Edit > Undo takes it back). Replace them?",
        )
        return answer == QMessageBox.StandardButton.Yes


def replaced_features(table: TableMap) -> list[str]:
    """What Apply would replace on ``table``, in words ("2 named areas", "the waterway"); [] when bare."""
    out: list[str] = []
    for name in FEATURES:
        value: object = getattr(table, name)
        if isinstance(value, list) and value:
            n, what = len(cast("list[object]", value)), "named area" if name == "areas" else name[:-1]
            out.append(f"{n} {what}{'s' if n > 1 else ''}")
        elif value is not None and not isinstance(value, list):
            out.append(f"the {name}")
    return out


#: the features' rows and the seed a setup was left with, to start from the next time this session
SetupChoices = tuple[list[list[str]], int]


def open_dbm_setup(
    doc: Document, parent: QWidget, show_error: Callable[[str, str], None], last: SetupChoices | None
) -> SetupChoices | None:
    """Scenario > Set Up Terrain…, starting from ``last``; returns the choices it was left with (None on
    a hex map, where it says why not)."""
    if doc.is_hex:
        show_error(
            "Set up terrain",
            "The DBM terrain procedure lays out a table map; this scenario is a "
            "hex map. Make a table with File > New.",
        )
        return None
    dialog = DbmSetupDialog(doc, parent)
    if last is not None:
        dialog.rows.set_rows(copy.deepcopy(last[0]))
        dialog.seed.setValue(last[1])
    dialog.exec()
    table = dialog.rows.table
    rows = [[dialog.rows.text(r, c) for c in range(table.columnCount())] for r in range(table.rowCount())]
    return rows, dialog.seed.value()
