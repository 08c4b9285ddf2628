"""Monte Carlo in the editor runs in a helper process: the progress bar moves, the window answers (a
timer keeps firing), Cancel stops it, an edit drops it; the results table lists bridges, towns,
units and roads with their chances."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QTimer

from dambuster.editor.preview.montecarlo.chunks import run_all
from dambuster.model import load, save
from dambuster.model.scenario import Unit
from dambuster.simulation import Breach

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
VALLEY = SAMPLES / "ogre-dambusters-valley.json"


def open_preview(w, path):
    assert w.files.open_path(path)
    w.preview_dock.show()
    return w.preview_dock.pane


def valley_with_units(tmp_path):
    sc = load(VALLEY)
    swell = Breach(sc, "dam-aller").plan.swell(1)
    sc.units += [
        Unit("gev-x", "gev", "combine", swell[0]),
        Unit("inf-x", "infantry", "combine", swell[1], squads=3),
    ]
    path = tmp_path / "units.json"
    save(sc, path)
    return path


class Ticker:
    """A timer firing every 5 ms: it counts only while the GUI thread answers."""

    def __init__(self, parent):
        self.ticks = 0
        self.timer = QTimer(parent)
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self):
        self.ticks += 1


def test_monte_carlo_runs_in_a_worker_with_progress_and_cancel_stops_it(window, qtbot):
    p = open_preview(window, VALLEY)
    mc = p.mc
    ticker = Ticker(window)
    assert p.start_monte_carlo(1_000_000)
    assert mc.running and mc.progress.isVisible() and mc.btn_cancel.isEnabled() and not mc.btn_mc.isEnabled()
    qtbot.waitUntil(lambda: mc.progress.value() > 0, timeout=10_000)
    start = ticker.ticks
    qtbot.waitUntil(lambda: ticker.ticks >= start + 5, timeout=10_000)  # the event loop turns meanwhile
    p.btn_forward.click()  # and the rest of the pane answers too
    assert p.run.state.step == 0
    assert mc.running, "a million runs take longer than a few timer ticks"
    done = mc.progress.value()
    assert 0 < done < 1_000_000
    mc.btn_cancel.click()
    qtbot.waitUntil(lambda: not mc.running, timeout=10_000)
    assert "cancelled" in mc.mc_label.text()
    assert p.mc_result is None and p.heat.root is None and not mc.progress.isVisible()
    assert mc.btn_mc.isEnabled() and not mc.btn_cancel.isEnabled()
    ticker.timer.stop()


def test_the_worker_gives_the_figures_of_the_same_chunks_run_in_place(window, qtbot):
    p = open_preview(window, VALLEY)
    p.seed.setValue(5)
    p.start_monte_carlo(3000)
    qtbot.waitUntil(lambda: p.mc_result is not None, timeout=20_000)
    here = run_all(Breach(load(VALLEY), "dam-aller"), 3000, 5)
    assert p.mc_result.hexes == here.hexes and p.mc_result.towns == here.towns
    assert p.heat.root is not None and p.mc.progress.isHidden()


def test_an_edit_drops_the_runs_under_way(window, qtbot):
    p = open_preview(window, VALLEY)
    p.start_monte_carlo(1_000_000)
    qtbot.waitUntil(lambda: p.mc.progress.value() > 0, timeout=10_000)
    h = next(iter(window.doc.scenario.map.layout.hexes()))
    window.doc.set_terrain({h: "forest"})
    assert not p.mc.running and p.mc.progress.isHidden() and p.mc_result is None
    qtbot.waitUntil(lambda: p.run is not None, timeout=5000)  # the breach is rebuilt once editing pauses
    reports = []
    p.mc.worker.cancelled.connect(lambda: reports.append("cancelled"))
    p.start_monte_carlo(500)  # the dropped run's last report comes first: it must not show
    qtbot.waitUntil(lambda: p.mc_result is not None, timeout=20_000)
    assert p.mc_result.runs == 500 and reports == [] and "cancelled" not in p.mc.mc_label.text()


def test_the_results_table_lists_bridges_towns_units_and_roads(window, qtbot, tmp_path):
    p = open_preview(window, valley_with_units(tmp_path))
    p.start_monte_carlo(4000)
    qtbot.waitUntil(lambda: p.mc_result is not None, timeout=20_000)
    rows = p.mc.table.table()
    assert ("Stream bridges", "bridge-brook", "washed out", "100 %") in rows
    assert ("Towns", "Kessel", "flooded", "100 %") in rows
    assert ("Roads and rails", "Valley road", "cut", "100 %") in rows
    units = {(subject, outcome): chance for section, subject, outcome, chance in rows if section == "Units"}
    assert set(units) == {
        ("gev-x", "destroyed"),
        ("gev-x", "disabled"),
        ("inf-x", "destroyed"),
        ("inf-x", "squads lost"),
    }
    assert all(c.endswith(" %") and 0 < float(c.split()[0]) < 100 for c in units.values())
    gev = p.mc_result.units["gev-x"]
    assert units[("gev-x", "disabled")] == f"{gev['disabled'] * 100:.0f} %"
    # a row shows its hexes on the map
    table = p.mc.table
    kessel = table.topLevelItem(1).child(0)
    assert kessel.text(0) == "Kessel"
    table.setCurrentItem(kessel)
    layout = window.doc.scenario.map.layout
    assert {layout.label(h) for h in p.focus.hexes} == {"1313", "1314", "1413", "1414"}


def test_the_helper_process_reports_a_failed_job_and_lives_on():
    import threading

    from dambuster.editor.preview.montecarlo.process import helper

    got, done = [], threading.Event()

    def listener(msg):
        got.append(msg)
        if msg[0] != "progress":
            done.set()

    sc = load(VALLEY)
    job = helper().submit(sc, "no-such-dam", 100, 1, 50, listener)
    assert done.wait(30)
    assert got[-1][:2] == ("failed", job) and "no-such-dam" in got[-1][2]
    got.clear()
    done.clear()
    job = helper().submit(sc, "dam-aller", 100, 1, 50, listener)
    assert done.wait(30)
    assert [m[2] for m in got if m[0] == "progress"] == [50, 100]
    assert got[-1][:2] == ("done", job) and got[-1][2].runs == 100
