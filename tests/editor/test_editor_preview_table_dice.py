"""Dice from the table: the preview asks for each roll by its purpose, in the documented draw order,
and the breach (or flash flood) it referees is the seeded run that drew the same rolls."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from dambuster.model import load, save
from dambuster.model.scenario import Unit
from dambuster.simulation import Breach, Dice, Run
from dambuster.simulation.flashflood import flood, when

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
VALLEY = SAMPLES / "ogre-dambusters-valley.json"
SEWER = SAMPLES / "sewer-flash-flood.json"
TABLE = 1


def open_preview(w, path):
    assert w.files.open_path(path)
    w.preview_dock.show()
    return w.preview_dock.pane


def busy_valley(tmp_path):
    """Random floodplain, a GEV, three squads and a tank in a hex that may turn swamp."""
    sc = load(VALLEY)
    sc.map.floodplain.mode = "random"
    swell = Breach(sc, "dam-aller").plan.swell(1)
    sc.units += [
        Unit("gev-x", "gev", "combine", swell[0]),
        Unit("inf-x", "infantry", "combine", swell[1], squads=3),
        Unit("tank-x", "heavy-tank", "combine", sc.map.layout.from_label("1116")),
    ]
    path = tmp_path / "busy.json"
    save(sc, path)
    return path, sc


def type_roll(qtbot, entry, value):
    entry.field.clear()
    qtbot.keyClicks(entry.field, str(value))
    qtbot.keyClick(entry.field, Qt.Key.Key_Return)


@pytest.mark.parametrize("seed", [2, 9])
def test_the_breach_from_the_table_asks_each_roll_and_equals_the_seeded_run(window, qtbot, tmp_path, seed):
    path, sc = busy_valley(tmp_path)
    seeded = Run(Breach(sc, "dam-aller"), Dice(seed))
    seeded.run()
    draws = [d for step in seeded.events for e in step for d in e.rolls]

    p = open_preview(window, path)
    p.dice_mode.setCurrentIndex(TABLE)
    assert p.rolls.isVisible() and not p.seed.isEnabled() and not p.btn_play.isEnabled()
    asked = 0
    while not p.run.state.done:
        if p.pending is None:
            p.btn_forward.click()
            continue
        d = draws[asked]
        question = p.rolls.question.text()
        assert d.purpose in question, (question, d.purpose)
        assert ("Roll a die" in question) == (p.pending.die)
        assert p.step_label.text().startswith(f"Step {p.run.state.step + 1} ")
        if p.pending.options and isinstance(p.pending.options[0], tuple):  # hexsides to pick: numbered
            assert p.focus.sides == tuple(p.pending.options)
        type_roll(qtbot, p.rolls, d.value if p.pending.die else d.value + 1)
        asked += 1
    assert asked == len(draws)
    assert p.run.states == seeded.states and p.run.events == seeded.events
    assert not any(p.log.item(i).font().italic() for i in range(p.log.count()))  # nothing left waiting
    assert not window.doc.modified


def test_a_wrong_roll_is_refused_and_a_roll_can_be_taken_back(window, qtbot, tmp_path):
    path, _sc = busy_valley(tmp_path)
    p = open_preview(window, path)
    p.dice_mode.setCurrentIndex(TABLE)
    p.btn_forward.click()  # the breach: the floodplain beside the first swell hexes rolls
    assert p.pending is not None and p.pending.purpose.startswith("floodplain ")
    first = p.pending.purpose
    type_roll(qtbot, p.rolls, 7)
    assert "a die shows 1 to 6" in p.rolls.problem.text() and p.pending.purpose == first
    type_roll(qtbot, p.rolls, "x")
    assert "not a number" in p.rolls.problem.text()
    assert not p.rolls.btn_undo.isEnabled()
    p.btn_forward.click()  # forward waits for the roll
    assert p.pending.purpose == first
    type_roll(qtbot, p.rolls, "4 4 4 4 4 4 4 4 4 4")  # several at once: used while asked
    assert p.run.state.step == 0 and p.pending is None
    assert "Not used" in p.rolls.problem.text()
    p.btn_forward.click()
    assert p.pending is not None
    type_roll(qtbot, p.rolls, 2)
    if p.pending is not None:  # still in step 1: the roll can be taken back
        second = p.pending.purpose
        assert p.rolls.btn_undo.isEnabled()
        p.rolls.btn_undo.click()
        assert p.pending.purpose != second and len(p.run.dice.given) == p.run.dice.used
    p.btn_back.click()  # back drops the step under way (and its rolls)
    assert p.pending is None and p.run.state.step == 0 and len(p.run.dice.given) == p.run.dice.used


class Recording(Dice):
    """Seeded dice keeping every draw in the order drawn."""

    def __init__(self, seed):
        super().__init__(seed)
        self.draws = []

    def d6(self, purpose, options=None):
        v = super().d6(purpose, options)
        self.draws.append(self.log[-1])
        return v

    def choice(self, n, purpose, options=None):
        v = super().choice(n, purpose, options)
        if n > 1:
            self.draws.append(self.log[-1])
        return v


def test_the_flash_flood_from_the_table_equals_the_seeded_flood(window, qtbot):
    sc = load(SEWER)
    dice = Recording(4)
    turn, pre = when(sc.parameters.flash_flood, dice)
    seeded = pre + flood(sc, dice).events

    p = open_preview(window, SEWER)
    p.dice_mode.setCurrentIndex(TABLE)
    for d in dice.draws:
        assert p.pending is not None and d.purpose in p.rolls.question.text()
        assert p.log.count() == len(p.events)  # every event known so far is told
        type_roll(qtbot, p.rolls, d.value if p.pending.die else d.value + 1)
    assert p.pending is None and p.turn == turn and p.events == seeded
    assert p.n == len(seeded) and p.log.count() == len(seeded)
    assert p.step_label.text() == f"Event {len(seeded)} of {len(seeded)}: the flood comes on turn {turn}."
