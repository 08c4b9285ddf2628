"""The breach preview pane (hex maps): dam and seed, step forward/back, play/pause, reset; the
step's event log; "Apply to a copy…"; Monte Carlo with a heat map and an arrival chart.

It only reads the document: the simulation runs on ``doc.scenario`` (``Breach`` does not change it)
and what it shows is scene items in :class:`BreachLayer`/:class:`HeatLayer`. Any edit of the
document resets the preview to "before the breach" (the old run no longer describes the map).
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (QComboBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QListWidget,
                               QPushButton, QSpinBox, QVBoxLayout, QWidget)

from dambuster.model import save
from dambuster.simulation import Breach, Dice, Run, SimulationError, apply
from dambuster.simulation.cli import _event_text

from .breach_layer import BreachLayer
from .montecarlo_view import ArrivalChart, HeatLayer, run_with_progress

#: Quiet time after the last edit before the preview's breach is rebuilt.
REBUILD_MS = 250

PLAY_MS = 700
LEGEND = ('<span style="color:#0b3d91"><b>&#x2B22;</b> swell</span> &nbsp; '
          '<span style="color:#303030">&#x2B21; dashed: terrain changed</span> &nbsp; '
          '<span style="color:#2f7fd0"><b>&#x2015;</b> new stream</span> &nbsp; '
          '<span style="color:#c8102e"><b>/</b> road cut &nbsp; <b>&#x2715;</b> bridge out</span>')
MAX_RUNS = 1_000_000


def _button(text: str, tip: str, slot) -> QPushButton:
    b = QPushButton(text)
    b.setToolTip(tip)
    b.clicked.connect(slot)
    return b


class BreachPreview(QWidget):
    def __init__(self, window):
        super().__init__()
        self.win, self.doc = window, window.doc
        geom = window.controller.geom
        self.layer = BreachLayer(window.view.scene(), geom)
        self.heat = HeatLayer(window.view.scene(), geom)
        self.run: Run | None = None
        self.active = False
        self.mc_dialog = None
        self.mc_result = None

        self.dam = QComboBox()
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_147_483_647)
        form = QFormLayout()
        form.addRow("Dam", self.dam)
        form.addRow("Seed", self.seed)
        self.btn_reset = _button("Reset", "Reset: before the breach", self.reset)
        self.btn_back = _button("◀ Back", "Step back", self.back)
        self.btn_play = _button("Play", "Play / pause", self.toggle_play)
        self.btn_play.setCheckable(True)
        self.btn_forward = _button("Forward ▶", "Step forward", self.forward)
        steps = QHBoxLayout()
        for b in (self.btn_reset, self.btn_back, self.btn_forward, self.btn_play):
            steps.addWidget(b)
        self.step_label = QLabel()
        self.step_label.setWordWrap(True)
        key = QLabel(LEGEND)
        key.setWordWrap(True)
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.log.setMinimumHeight(150)
        self.btn_apply = _button("Apply to a copy…", "Save the map as it stands after this step to a new file",
                                 lambda: self.apply_to_copy())

        self.runs = QSpinBox()
        self.runs.setRange(1, MAX_RUNS)
        self.runs.setSingleStep(1000)
        self.runs.setGroupSeparatorShown(True)
        self.runs.setValue(10_000)
        self.btn_mc = _button("Run Monte Carlo", "Run many breaches and show each hex's chance to flood",
                              lambda: self.run_monte_carlo())
        self.btn_heat_off = _button("Hide", "Remove the heat map", self.hide_heat)
        self.mc_label = QLabel()
        self.mc_label.setWordWrap(True)
        self.chart = ArrivalChart()
        self.chart.hide()  # until a Monte Carlo run has something to draw
        mc = QGroupBox("Monte Carlo")
        mcl = QVBoxLayout(mc)
        row = QHBoxLayout()
        row.addWidget(QLabel("Runs"))
        row.addWidget(self.runs, 1)
        row.addWidget(self.btn_mc)
        row.addWidget(self.btn_heat_off)
        mcl.addLayout(row)
        mcl.addWidget(self.mc_label)
        mcl.addWidget(self.chart)

        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addLayout(steps)
        lay.addWidget(self.step_label)
        lay.addWidget(key)
        lay.addWidget(self.log, 1)
        lay.addWidget(self.btn_apply)
        lay.addWidget(mc)

        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_MS)
        self.timer.timeout.connect(self._tick)
        self.dam.currentIndexChanged.connect(lambda _i: (self.hide_heat(), self.reset()))
        self.seed.valueChanged.connect(lambda _v: self.reset())
        # An edit invalidates the run at once (cheap), but the breach is rebuilt only once editing
        # pauses: rebuilding it (river graph, swell plan) on every brush stamp made painting slow.
        self._rebuild = QTimer(self)
        self._rebuild.setSingleShot(True)
        self._rebuild.setInterval(REBUILD_MS)
        self._rebuild.timeout.connect(self._rebuild_after_edit)
        self.doc.terrain_changed.connect(self._document_edited)
        self.doc.features_changed.connect(self._document_edited)
        self._fill_dams()

    # -- the run ---------------------------------------------------------------------------------
    def _fill_dams(self) -> None:
        self.dam.blockSignals(True)
        self.dam.clear()
        for d in self.doc.scenario.map.dams:
            self.dam.addItem(f"{d.name or d.id} ({d.id})" if d.name else d.id, d.id)
        self.dam.blockSignals(False)
        self.reset()

    def dam_id(self) -> str | None:
        return self.dam.currentData()

    def _document_edited(self, *_args) -> None:
        self.timer.stop()
        self.btn_play.setChecked(False)
        self.hide_heat()
        if self.run is not None:
            self.run = None
            self._refresh()
        self._rebuild.start()

    def _rebuild_after_edit(self) -> None:
        current = self.dam_id()
        self._fill_dams()
        i = self.dam.findData(current)
        if i >= 0:
            self.dam.setCurrentIndex(i)
        self.hide_heat()

    def reset(self) -> None:
        self.timer.stop()
        self.btn_play.setChecked(False)
        self.run = None
        self.log.clear()
        dam = self.dam_id()
        if dam is not None:
            try:
                self.run = Run(Breach(self.doc.scenario, dam), Dice(self.seed.value()))
            except SimulationError as e:
                self.step_label.setText(f"Cannot breach {dam}: {e}")
        elif not self.doc.scenario.map.dams:
            self.step_label.setText("This map has no dam.")
        self._refresh()

    def forward(self) -> None:
        if self.run is None or self.run.state.done:
            return
        self.run.forward()
        self._refresh()

    def back(self) -> None:
        if self.run is None or len(self.run.states) == 1:
            return
        self.run.back()
        self._refresh()

    def go_to(self, step: int) -> None:
        """Forward or back until the run's state is ``step`` (or the swell has left the map)."""
        while self.run is not None and self.run.state.step > step:
            self.back()
        while self.run is not None and self.run.state.step < step and not self.run.state.done:
            self.forward()

    def toggle_play(self, on: bool | None = None) -> None:
        on = self.btn_play.isChecked() if on is None else on
        self.btn_play.setChecked(on)
        if on and self.run is not None and not self.run.state.done:
            self.timer.start()
        else:
            self.timer.stop()
            self.btn_play.setChecked(False)

    def _tick(self) -> None:
        self.forward()
        if self.run is None or self.run.state.done:
            self.toggle_play(False)

    def _refresh(self) -> None:
        run = self.run
        have = run is not None
        self.btn_back.setEnabled(have and len(run.states) > 1)
        self.btn_forward.setEnabled(have and not run.state.done)
        self.btn_play.setEnabled(have and not run.state.done)
        self.btn_apply.setEnabled(have and run.state.step >= 0)
        self.btn_mc.setEnabled(have)
        self.log.clear()
        if not have:
            self.layer.clear()
            return
        st = run.state
        if st.step < 0:
            self.step_label.setText("Before the breach: step forward to breach the dam.")
        else:
            what = "the swell has left the map" if st.done else f"swell on {len(st.swell)} hexes"
            when = "the breach" if st.step == 0 else f"before player turn {st.step}"
            self.step_label.setText(f"Step {st.step} ({when}): {what}")
            label = run.breach.layout.label
            self.log.addItems([_event_text(e, label).strip() for e in run.events[-1]])
        self._draw()

    def _draw(self) -> None:
        if not self.active or self.run is None or self.run.state.step < 0:
            self.layer.clear()
            return
        self.layer.show(self.run.breach, self.run.state, [e for step in self.run.events for e in step])

    # -- showing and hiding ----------------------------------------------------------------------
    def set_active(self, on: bool) -> None:
        """The pane is visible: draw the overlay; hidden: remove every overlay and stop playing."""
        self.active = on
        if not on:
            self.toggle_play(False)
            self.layer.clear()
            self.heat.clear()
            return
        self._draw()
        if self.mc_result is not None:
            self.heat.show(self.mc_result)

    def detach(self) -> None:
        self.set_active(False)
        self.doc.terrain_changed.disconnect(self._document_edited)
        self.doc.features_changed.disconnect(self._document_edited)

    # -- apply and Monte Carlo -------------------------------------------------------------------
    def apply_to_copy(self, path: str | Path | None = None) -> Path | None:
        """Saves the map after the current step to a new file (the document is not changed)."""
        if self.run is None or self.run.state.step < 0:
            return None
        if path is None:
            start = str(self.doc.path.with_name(self.doc.path.stem + "-breached.json")) if self.doc.path else ""
            path, _ = QFileDialog.getSaveFileName(self, "Apply the breach to a copy", start,
                                                  "Scenarios (*.json);;All files (*)")
            if not path:
                return None
        path = Path(path)
        if self.doc.path is not None and path.resolve() == Path(self.doc.path).resolve():
            self.win.show_error("Apply to a copy", "Choose another file: the open scenario stays as it is.")
            return None
        try:
            save(apply(self.doc.scenario, self.run.state, self.dam_id()), path)
        except (OSError, ValueError) as e:
            self.win.show_error("Cannot save", f"{path}: {getattr(e, 'strerror', None) or e}")
            return None
        self.win.statusBar().showMessage(f"Saved the map after step {self.run.state.step} to {path}", 6000)
        return path

    def run_monte_carlo(self, runs: int | None = None):
        if self.run is None:
            return None
        if runs is not None:
            self.runs.setValue(runs)
        breach = self.run.breach
        result = run_with_progress(self, breach, self.runs.value(), self.seed.value())
        if result is None:
            self.mc_label.setText("Monte Carlo cancelled.")
            return None
        self.mc_result = result
        n = sum(1 for p in result.hexes.values() if p.get("flood", 0) > 0)
        self.mc_label.setText(f"{result.runs:,} runs, seed {result.seed}: {n} hexes may flood; "
                              f"the swell leaves the map at step {result.last_step}.")
        self.chart.set_arrivals(breach.plan.depth, result.arrival)
        self.chart.show()
        if self.active:
            self.heat.show(result)
        return result

    def hide_heat(self) -> None:
        self.mc_result = None
        self.heat.clear()
        self.mc_label.clear()
        self.chart.set_arrivals({}, {})
        self.chart.hide()
