"""Properties dialog page: the rule parameters (surge, washout, floodplain, random towns, routes cut
by flooding, collapse thresholds, combat results grid, flash flood turns and hits)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dambuster.model.scenario import CollapseThreshold, CombatResults, FloodTurn, Scenario

from .row_table import Col, RowTable, as_int, as_text

DIE = 6
RESULTS = ("NE", "D", "X")  # the file format's combat results


def _spin(lo: int, hi: int) -> QSpinBox:
    s = QSpinBox()
    s.setRange(lo, hi)
    return s


def as_result(text: str) -> str:
    text = text.strip()
    if not text:
        raise ValueError("a result is required")
    return text


def as_fraction(text: str) -> float:
    v = float(text)
    if not 0 <= v <= 1:
        raise ValueError("a fraction from 0 to 1")
    return v


class RulesPage(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.surge_length, self.surge_speed = _spin(1, 100), _spin(1, 100)
        self.washout = _spin(0, 100)
        self.floodplain_on = _spin(0, 6)
        self.random_towns = QCheckBox("Towns in a random floodplain roll too")
        self.cuts_routes = QCheckBox("Flooding cuts roads and rails")
        self.collapse = RowTable(
            [Col("Loss fraction", as_fraction), Col("Collapses on (die ≤)", as_int)], lambda n: ["0.5", "1"]
        )
        self.crt = RowTable(
            [Col("Odds", as_text)] + [Col(f"Die {d}", as_result, list(RESULTS)) for d in range(1, DIE + 1)],
            lambda n: [f"{n + 1}:1"] + ["NE"] * DIE,
        )
        self.crt_above, self.crt_below = QComboBox(), QComboBox()
        for c in (self.crt_above, self.crt_below):
            c.addItems(RESULTS)
        self.flood_turns = RowTable(
            [Col("Turn", as_int), Col("Floods on (die ≥)", as_int)], lambda n: [str(n + 2), "6"]
        )
        self.hit_strength, self.impassable_hit, self.bump_on = _spin(0, 100), _spin(0, 100), _spin(1, 6)
        self.hit_step = QDoubleSpinBox()
        self.hit_step.setRange(0.01, 10000)
        self.hit_step.setDecimals(2)

        flood = QFormLayout()
        flood.addRow("Surge length (hexes)", self.surge_length)
        flood.addRow("Surge speed (hexes a turn)", self.surge_speed)
        flood.addRow("Washout radius (hexsides)", self.washout)
        flood.addRow("Floodplain floods on (die ≤)", self.floodplain_on)
        flood.addRow(self.random_towns)
        flood.addRow(self.cuts_routes)
        crt_box = QGroupBox("Combat results")
        cb = QVBoxLayout(crt_box)
        cb.addWidget(self.crt)
        ab = QHBoxLayout()
        ab.addWidget(QLabel("Above the last column:"))
        ab.addWidget(self.crt_above)
        ab.addWidget(QLabel("Below the first:"))
        ab.addWidget(self.crt_below)
        cb.addLayout(ab)
        ff_box = QGroupBox("Flash flood")
        ff = QVBoxLayout(ff_box)
        ff.addWidget(self.flood_turns)
        hits = QFormLayout()
        hits.addRow("Hit strength", self.hit_strength)
        hits.addRow("+1 per full step carried (table units)", self.hit_step)
        hits.addRow("Hit on an impassable stop", self.impassable_hit)
        hits.addRow("Bumped on (die ≥)", self.bump_on)
        ff.addLayout(hits)
        col_box = QGroupBox("Dam collapse thresholds")
        QVBoxLayout(col_box).addWidget(self.collapse)
        box = QVBoxLayout(self)
        box.addLayout(flood)
        box.addWidget(col_box)
        box.addWidget(crt_box)
        box.addWidget(ff_box)

    def load(self, sc: Scenario) -> None:
        p = sc.parameters
        self.surge_length.setValue(p.surge.length)
        self.surge_speed.setValue(p.surge.speed)
        self.washout.setValue(p.washout_radius)
        self.floodplain_on.setValue(p.floodplain_floods_on)
        self.random_towns.setChecked(p.random_towns_roll)
        self.cuts_routes.setChecked(p.flooding_cuts_routes)
        self.collapse.set_rows([[repr(t.loss_fraction), str(t.collapses_on)] for t in p.collapse])
        self.crt.set_rows([[odds] + list(row) for odds, row in zip(p.crt.columns, p.crt.results)])
        self.crt_above.setCurrentText(p.crt.above)
        self.crt_below.setCurrentText(p.crt.below)
        ff = p.flash_flood
        self.flood_turns.set_rows([[str(t.turn), str(t.on)] for t in ff.turns])
        self.hit_strength.setValue(ff.hit_strength)
        self.hit_step.setValue(ff.hit_step)
        self.impassable_hit.setValue(ff.impassable_hit)
        self.bump_on.setValue(ff.bump_on)

    def collect(self, sc: Scenario) -> None:
        p = sc.parameters
        p.surge.length, p.surge.speed = self.surge_length.value(), self.surge_speed.value()
        p.washout_radius = self.washout.value()
        p.floodplain_floods_on = self.floodplain_on.value()
        p.random_towns_roll = self.random_towns.isChecked()
        p.flooding_cuts_routes = self.cuts_routes.isChecked()
        collapse = [CollapseThreshold(*row) for row in self.collapse.values("Collapse thresholds")]
        if collapse != p.collapse:
            p.collapse = collapse
        rows = self.crt.values("Combat results")
        above, below = self.crt_above.currentText(), self.crt_below.currentText()
        crt = CombatResults([r[0] for r in rows], [r[1:] for r in rows], above, below)
        if crt != p.crt:
            p.crt = crt
        ff = p.flash_flood
        turns = [FloodTurn(*row) for row in self.flood_turns.values("Flash flood turns")]
        if turns != ff.turns:
            ff.turns = turns
        ff.hit_strength, ff.impassable_hit, ff.bump_on = (
            self.hit_strength.value(),
            self.impassable_hit.value(),
            self.bump_on.value(),
        )
        if abs(self.hit_step.value() - ff.hit_step) > 1e-9:
            ff.hit_step = self.hit_step.value()
