"""The breach preview pane (hex maps): the dam, the dice (seeded, or thrown at the table and typed
in), step forward/back, play/pause, reset; the story so far in plain sentences (click a line to see
its hexes on the map) and a summary of what the breach did; "Apply to a copy…"; and a Monte Carlo
tab (montecarlo/panel.py) with the heat map, a table of chances and the arrival chart.

It only reads the document (``Breach`` does not change it) and shows scene items (BreachLayer,
HeatLayer, FocusLayer); any edit resets it to "before the breach" and drops the Monte Carlo result.

Dice from the table: each roll the step needs is asked by its purpose, in the documented draw order
(docs/simulation.md); the step is played again with the rolls given so far (``TableDice``) until it
needs no more, so the result is the seeded run that would have drawn the same rolls.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import cast

from PySide6.QtCore import QRectF, QTimer
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLabel, QTabWidget, QVBoxLayout, QWidget

from dambuster.editor.geometry.hexes import HexGeometry
from dambuster.model.hexgrid import Hex, Hexside
from dambuster.model.scenario import Dam, HexMap
from dambuster.simulation import Breach, Dice, RollNeeded, Run, SimulationError, TableDice
from dambuster.simulation.montecarlo import MonteCarloResult
from dambuster.simulation.narrate import Sentence, breach_sentences
from dambuster.simulation.summary import breach_summary, summary_sentences

from .apply_copy import apply_to_copy
from .breach_layer import BreachLayer
from .collapse_box import CollapseBox
from .event_log import EventLog
from .focus_layer import FocusLayer
from .montecarlo.panel import MonteCarloPanel
from .montecarlo.view import HeatLayer
from .parts import LEGEND, BreachWindow, button, dice_choice, step_line, waiting_line
from .roll_entry import RollEntry

#: Quiet time after the last edit before the preview's breach is rebuilt.
REBUILD_MS = 250

PLAY_MS = 700
SEEDED, TABLE = 0, 1


class BreachPreview(QWidget):
    """The pane for a hex map, drawn over the window's map view."""

    def __init__(self, window: BreachWindow):
        super().__init__()
        self.win, self.doc = window, window.doc
        hex_map = window.doc.scenario.map
        assert isinstance(hex_map, HexMap)  # (the Preview dock makes this pane for a hex map)
        self.geom = geom = HexGeometry(hex_map.layout)  # the scene's, as scene/hex/scene.py makes it
        scene = window.view.scene()
        self.layer = BreachLayer(scene, geom)
        self.heat = HeatLayer(scene, geom)
        self.focus = FocusLayer(scene, geom)
        self.run: Run | None = None
        self.pending: RollNeeded | None = None  # the roll a step from the table waits for
        self.active = False
        self._told: list[list[Sentence]] = []  # sentences of each step of the run, as run.events

        self.dam = QComboBox()
        self.dice_mode, self.seed = dice_choice()
        self.seed.setToolTip("Seed of the dice (and of Monte Carlo)")
        self.dam.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.dam.setMinimumContentsLength(14)  # a long dam name does not widen the dock
        form = QFormLayout()
        form.addRow("Dam", self.dam)
        form.addRow("Dice", self.dice_mode)
        form.addRow("Seed", self.seed)

        self.btn_reset = button("Reset", "Reset: before the breach", self.reset)
        self.btn_back = button("◀ Back", "Step back", self.back)
        self.btn_play = button("Play", "Play / pause", self.toggle_play)
        self.btn_play.setCheckable(True)
        self.btn_forward = button("Forward ▶", "Step forward", self.forward)
        steps = QHBoxLayout()  # the step controls: the Breach tab's first row, never below the fold
        steps.setSpacing(2)
        for b in (self.btn_reset, self.btn_back, self.btn_forward, self.btn_play):
            b.setMinimumWidth(0)
            steps.addWidget(b)
        self.step_label = QLabel()
        self.step_label.setWordWrap(True)
        key = QLabel(LEGEND)
        key.setWordWrap(True)
        self.collapse = CollapseBox()  # the referee's collapse rolls; the breach follows when it falls
        self.collapse.collapsed.connect(self._collapsed)
        self.rolls = RollEntry()
        self.rolls.rolled.connect(self.give_roll)
        self.rolls.undo.connect(self.undo_roll)
        self.rolls.hide()
        self.log = EventLog(lines=4)  # at least 4 lines; the dock's spare height goes to it
        self.log.setMinimumHeight(self.log.lines_height(4))
        self.log.picked.connect(self._picked)
        self.summary = EventLog()
        self.summary.setMaximumHeight(120)
        self.summary.picked.connect(self._picked)
        self.btn_apply = button(
            "Apply to a copy…",
            "Save the map as it stands after this step to a new file",
            lambda: self.apply_to_copy(),
        )

        page = QWidget()
        lay = QVBoxLayout(page)
        lay.addLayout(steps)
        lay.addWidget(self.step_label)
        lay.addWidget(self.rolls)
        lay.addWidget(self.log, 3)  # under the step controls: a step's lines show beside its buttons
        lay.addWidget(self.collapse)
        lay.addWidget(key)
        lay.addWidget(QLabel("<b>What the breach did</b>"))
        lay.addWidget(self.summary, 1)
        lay.addWidget(self.btn_apply)
        self.mc = MonteCarloPanel(self)
        self.tabs = QTabWidget()
        self.tabs.addTab(page, "Breach")
        self.tabs.addTab(self.mc, "Monte Carlo")
        self.tabs.currentChanged.connect(self._tab_changed)  # each tab's overlay shows on its own
        outer = QVBoxLayout(self)
        outer.addLayout(form)
        outer.addWidget(self.tabs, 1)

        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_MS)
        self.timer.timeout.connect(self._tick)
        self.dam.currentIndexChanged.connect(self._dam_changed)
        self.seed.valueChanged.connect(self.reset)
        self.dice_mode.currentIndexChanged.connect(self.reset)
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
    @property
    def from_table(self) -> bool:
        return self.dice_mode.currentIndex() == TABLE

    def _dams(self) -> list[Dam]:
        """The map's dams (none once the map is not a hex map: the pane is about to be rebuilt)."""
        m = self.doc.scenario.map
        return m.dams if isinstance(m, HexMap) else []

    def _fill_dams(self) -> None:
        self.dam.blockSignals(True)
        self.dam.clear()
        for d in self._dams():
            self.dam.addItem(f"{d.name or d.id} ({d.id})" if d.name else d.id, d.id)
        self.dam.blockSignals(False)
        self.reset()

    def dam_id(self) -> str | None:
        return self.dam.currentData()

    def _dam_changed(self, _index: int) -> None:
        self.hide_heat()
        self.reset()

    def _document_edited(self, *_args: object) -> None:
        self.timer.stop()
        self.btn_play.setChecked(False)
        self.hide_heat()
        if self.run is not None:
            self.run = None
            self.pending = None
            self._refresh()
        self._rebuild.start()

    def _rebuild_after_edit(self) -> None:
        current = self.dam_id()
        self._fill_dams()
        i = self.dam.findData(current)
        if i >= 0:
            self.dam.setCurrentIndex(i)
        self.hide_heat()

    def reset(self, *_args: object) -> None:
        """Before the breach (``_args``: a changed seed or dice mode's value)."""
        self.timer.stop()
        self.btn_play.setChecked(False)
        self.run, self.pending, self._told = None, None, []
        self.seed.setEnabled(not self.from_table)
        self.rolls.setVisible(self.from_table)
        dam = self.dam_id()
        waits = waiting_line(self.doc)
        if waits:
            self.step_label.setText(waits)
        elif dam is not None:
            try:
                dice = TableDice() if self.from_table else Dice(self.seed.value())
                self.run = Run(Breach(self.doc.scenario, dam), dice)
            except SimulationError as e:
                self.step_label.setText(f"Cannot breach {dam}: {e}")
        elif not self._dams():
            self.step_label.setText("This map has no dam.")
        chosen = next((d for d in self._dams() if d.id == dam), None)
        params = self.doc.scenario.parameters
        self.collapse.set_dam(chosen, params.collapse, self.from_table, self.seed.value())
        self._refresh()

    def _collapsed(self, dice: Dice) -> None:
        """The collapse rolls brought the dam down: the breach, with the dice they left."""
        self.timer.stop()
        dam = self.dam_id()
        if dam is None:  # (never: the collapse box has a dam)
            raise RuntimeError("a collapse without a dam")
        self.run, self.pending, self._told = Run(Breach(self.doc.scenario, dam), dice), None, []
        self.forward()

    def forward(self) -> None:
        run = self.run
        if run is None or run.state.done:
            return
        self.focus.clear()
        try:
            run.forward()
            self.pending = None
        except RollNeeded as need:  # dice from the table: ask for the roll, keep the step open
            run.dice.restore(run.dice_states[-1])
            self.pending = need
        self._refresh()

    def give_roll(self, value: int) -> None:
        """A roll typed at the table for the roll asked; the step is played again with it."""
        run = self.run  # (there is a run while a roll is asked)
        if self.pending is None or run is None or not isinstance(run.dice, TableDice):
            return
        try:
            run.dice.give(value, self.pending)
        except ValueError as e:
            self.rolls.refuse(str(e))
            return
        self.forward()

    def undo_roll(self) -> None:
        if (
            self.run is not None
            and isinstance(self.run.dice, TableDice)
            and self.run.dice.take_back() is not None
        ):
            self.forward()

    def back(self) -> None:
        if self.run is None:
            return
        if self.pending is not None:  # a step waiting for rolls: drop it first
            self.pending = None
        elif len(self.run.states) > 1:
            self.run.back()
        if isinstance(self.run.dice, TableDice):
            self.run.dice.forget_unused()
        self.focus.clear()
        self._refresh()

    def go_to(self, step: int) -> None:
        """Forward or back until the run's state is ``step`` (or the swell has left the map, or a
        roll from the table is asked)."""
        while self.run is not None and self.run.state.step > step:
            self.back()
        while self.run is not None and self.run.state.step < step and not self.run.state.done:
            before = self.run.state.step
            self.forward()
            if self.run.state.step == before:
                break

    def toggle_play(self, on: bool | None = None) -> None:
        on = self.btn_play.isChecked() if on is None else on
        self.btn_play.setChecked(on)
        if on and self.run is not None and not self.run.state.done and not self.from_table:
            self.timer.start()
        else:
            self.timer.stop()
            self.btn_play.setChecked(False)

    def _tick(self) -> None:
        self.forward()
        if self.run is None or self.run.state.done:
            self.toggle_play(False)

    # -- what is shown ---------------------------------------------------------------------------
    def _sentences(self, run: Run) -> list[list[Sentence]]:
        """The sentences of each step of ``run`` so far (kept, so stepping tells only the new step)."""
        del self._told[len(run.events) :]
        for step in run.events[len(self._told) :]:
            self._told.append(breach_sentences(run.breach, step))
        return self._told

    def _refresh(self) -> None:
        run = self.run
        have = run is not None
        self.btn_back.setEnabled(have and (len(run.states) > 1 or self.pending is not None))
        self.btn_forward.setEnabled(have and not run.state.done and self.pending is None)
        self.btn_play.setEnabled(have and not run.state.done and not self.from_table)
        self.btn_apply.setEnabled(have and run.state.step >= 0)
        self.mc.set_enabled(have)
        self.collapse.breach_begun(have and (run.state.step >= 0 or self.pending is not None))
        if not have:
            self.log.show_sentences([])
            self.summary.show_sentences([])
            self.rolls.ask(None)
            self.layer.clear()
            self.focus.clear()
            return
        st = run.state
        self.step_label.setText(step_line(st, self.pending is not None))
        self.log.show_sentences([s for step in self._sentences(run) for s in step])
        if self.pending is not None:
            self.log.add(breach_sentences(run.breach, self.pending.events), pending=True)
        self.log.scrollToBottom()
        events = [e for step in run.events for e in step]
        self.summary.show_sentences(
            summary_sentences(breach_summary(run.breach, st, events), run.breach.layout)
        )
        dice = run.dice
        self.rolls.ask(self.pending, isinstance(dice, TableDice) and len(dice.given) > dice.used)
        opts = self.pending.options if self.pending is not None else None
        # a pick among hexsides (its options are Hexsides) is numbered on the map
        sides = cast("list[Hexside]", opts) if opts and all(isinstance(o, tuple) for o in opts) else []
        self.focus.candidates(sides if self.active else ())
        self._draw()

    def _tab_changed(self, _index: int) -> None:
        """Only the front tab's overlay shows: the step's swell, swamps and cuts on the Breach tab,
        the heat map (montecarlo/panel.py) on the Monte Carlo tab; an outline belongs to its tab."""
        self.focus.show(())
        self._draw()

    def _draw(self) -> None:
        on_mc = self.tabs.currentWidget() is self.mc
        if not self.active or self.run is None or self.run.state.step < 0 or on_mc:
            self.layer.clear()
            return
        self.layer.show(self.run.breach, self.run.state, [e for step in self.run.events for e in step])

    def _picked(self, hexes: tuple[Hex, ...], _subjects: tuple[str, ...]) -> None:
        self.focus_on(hexes)

    def focus_on(self, hexes: Iterable[Sequence[int]]) -> None:
        """Outlines ``hexes`` on the map (the log line or table row clicked) and brings them into view."""
        if not self.active:
            return
        self.focus.show(hexes)
        if self.focus.hexes:
            x0, y0, x1, y1 = self.geom.bounds(self.focus.hexes)
            self.win.view.ensureVisible(QRectF(x0, y0, x1 - x0, y1 - y0), 40, 40)

    # -- showing and hiding ----------------------------------------------------------------------
    def set_active(self, on: bool) -> None:
        """The pane is visible: draw the overlay; hidden: remove every overlay and stop playing."""
        self.active = on
        if not on:
            self.toggle_play(False)
            self.layer.clear()
            self.heat.clear()
            self.focus.clear()
            return
        self._refresh()
        if self.mc.result is not None:
            self.heat.show(self.mc.result)

    def detach(self) -> None:
        self.set_active(False)
        self.mc.detach()
        self.doc.terrain_changed.disconnect(self._document_edited)
        self.doc.features_changed.disconnect(self._document_edited)

    # -- apply and Monte Carlo -------------------------------------------------------------------
    def apply_to_copy(self, path: str | Path | None = None) -> Path | None:
        """Saves the map after the current step to a new file (the document is not changed)."""
        return apply_to_copy(self, path)

    def start_monte_carlo(self, runs: int | None = None) -> bool:
        """Starts Monte Carlo in the worker; the heat map and the table follow when it is done."""
        self.tabs.setCurrentWidget(self.mc)
        return self.mc.start(runs)

    @property
    def mc_result(self) -> MonteCarloResult | None:
        return self.mc.result

    def show_heat(self, result: MonteCarloResult) -> None:
        if self.active:
            self.heat.show(result)

    def hide_heat(self) -> None:
        self.heat.clear()
        self.mc.drop()
