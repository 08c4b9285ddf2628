"""The Monte Carlo tab of the breach preview: the number of runs, Run and Cancel, a progress bar,
and when the runs are done the heat map over the map (the pane's ``HeatLayer``), the table of
chances beside it (bridges, towns, units, roads) and the swell's arrival chart.

The runs go to a helper process (montecarlo/worker.py, montecarlo/process.py), so the window answers
while they run. The seed is the pane's; an edit of the map drops the result and any run under way
(``drop``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.document import Document
from dambuster.editor.preview.parts import button
from dambuster.editor.preview.results_table import ChanceTable
from dambuster.simulation import Breach, Run
from dambuster.simulation.montecarlo import MonteCarloResult
from dambuster.simulation.summary import chance_rows

from .view import ArrivalChart, HeatLayer
from .worker import MonteCarloWorker

MAX_RUNS = 1_000_000


class BreachPane(Protocol):
    """What the Monte Carlo tab uses of the breach pane it sits in (breach_dock.BreachPreview): the
    run it repeats, the document and seed it runs with, the heat layer it fills, where rows point."""

    @property
    def run(self) -> Run | None: ...
    @property
    def doc(self) -> Document: ...
    @property
    def seed(self) -> QSpinBox: ...
    @property
    def heat(self) -> HeatLayer: ...
    @property
    def active(self) -> bool: ...
    def show_heat(self, result: MonteCarloResult) -> None: ...
    def hide_heat(self) -> None: ...
    def focus_on(self, hexes: Iterable[Sequence[int]]) -> None: ...


class MonteCarloPanel(QWidget):
    def __init__(self, pane: BreachPane):
        super().__init__()
        self.pane = pane
        pane.heat.wanted = self.isVisible  # the heat map is this tab's: not over the Breach tab's swell
        self.result: MonteCarloResult | None = None
        self.breach: Breach | None = None  # the pane's breach the result belongs to
        self.runs = QSpinBox()
        self.runs.setRange(1, MAX_RUNS)
        self.runs.setSingleStep(1000)
        self.runs.setGroupSeparatorShown(True)
        self.runs.setValue(10_000)
        self.btn_mc = button(
            "Run", "Run many breaches with the pane's seed: the chance of each outcome", lambda: self.start()
        )
        self.btn_cancel = button("Cancel", "Stop the runs (after the chunk under way)", self.cancel)
        self.btn_cancel.setEnabled(False)
        self.btn_heat_off = button("Hide", "Remove the heat map and the table", self.pane.hide_heat)
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m runs")
        self.progress.hide()
        self.mc_label = QLabel("Run many breaches to see how likely each outcome is.")
        self.mc_label.setWordWrap(True)
        self.table = ChanceTable()
        self.table.picked.connect(self.pane.focus_on)
        self.chart = ArrivalChart()
        self.chart.hide()  # until a run has something to draw
        self.worker = MonteCarloWorker(self)
        self.worker.progress.connect(self._progress)
        self.worker.finished.connect(self._finished)
        self.worker.cancelled.connect(self._cancelled)
        self.worker.failed.connect(self._failed)

        row = QHBoxLayout()
        row.addWidget(QLabel("Runs"))
        row.addWidget(self.runs, 1)
        for b in (self.btn_mc, self.btn_cancel, self.btn_heat_off):
            row.addWidget(b)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.chart)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(row)
        lay.addWidget(self.progress)
        lay.addWidget(self.mc_label)
        lay.addWidget(split, 1)

    @property
    def running(self) -> bool:
        return self.worker.running

    def start(self, runs: int | None = None) -> bool:
        """Starts the runs in the worker (False when there is no breach to run)."""
        run = self.pane.run
        if run is None:
            return False
        if runs is not None:
            self.runs.setValue(runs)
        self.breach = run.breach
        n = self.runs.value()
        self.progress.setRange(0, n)
        self.progress.setValue(0)
        self.progress.show()
        self.mc_label.setText(f"Running {n:,} breaches…")
        self.btn_mc.setEnabled(False)
        self.btn_cancel.setEnabled(True)
        self.worker.start(self.pane.doc.scenario, run.breach.dam.id, n, self.pane.seed.value())
        return True

    def cancel(self) -> None:
        if self.worker.running:
            self.worker.cancel()
            self.btn_cancel.setEnabled(False)
            self.mc_label.setText("Cancelling after the chunk under way…")

    def showEvent(self, event: QShowEvent) -> None:
        """The tab comes to the front: its heat map comes back (the result is kept while away)."""
        super().showEvent(event)
        if self.result is not None and self.pane.active and self.pane.heat.root is None:
            self.pane.heat.show(self.result)

    def hideEvent(self, event: QHideEvent) -> None:
        """Another tab (or the dock closed): the heat map goes with this tab."""
        super().hideEvent(event)
        self.pane.heat.clear()

    def drop(self) -> None:
        """The map changed: any run under way is stopped without a word, the result forgotten."""
        self.worker.cancel(quiet=True)
        self._idle()
        self.result = None
        self.table.show_rows([])
        self.chart.set_arrivals({}, {})
        self.chart.hide()
        self.mc_label.setText("Run many breaches to see how likely each outcome is.")

    def set_enabled(self, have_breach: bool) -> None:
        self.btn_mc.setEnabled(have_breach and not self.worker.running)

    def detach(self) -> None:
        self.worker.cancel(quiet=True)

    # -- worker reports -----------------------------------------------------------------------------
    def _idle(self) -> None:
        self.progress.hide()
        self.btn_cancel.setEnabled(False)
        self.btn_mc.setEnabled(self.pane.run is not None)

    def _progress(self, done: int, total: int) -> None:
        self.progress.setMaximum(total)
        self.progress.setValue(done)

    def _finished(self, result: MonteCarloResult) -> None:
        self._idle()
        self.result = result
        n = sum(1 for p in result.hexes.values() if p.get("flood", 0) > 0)
        self.mc_label.setText(
            f"{result.runs:,} runs, seed {result.seed}: {n} hexes may flood; "
            f"the swell leaves the map at step {result.last_step}."
        )
        breach = self.breach
        if breach is None:  # (set when the run began)
            raise RuntimeError("a Monte Carlo result without its breach")
        self.table.show_rows(chance_rows(breach, result))
        self.chart.set_arrivals(breach.plan.depth, result.arrival)
        self.chart.show()
        self.pane.show_heat(result)

    def _cancelled(self) -> None:
        self._idle()
        self.mc_label.setText("Monte Carlo cancelled.")

    def _failed(self, message: str) -> None:
        self._idle()
        self.mc_label.setText(f"Monte Carlo failed: {message}")
