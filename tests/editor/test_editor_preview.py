"""The breach preview, Monte Carlo and flash-flood preview as a user drives them in the editor."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")


from dambuster.editor.preview.breach_dock import BreachPreview
from dambuster.editor.preview.flood_dock import FloodPreview
from dambuster.editor.preview.montecarlo import chunks as preview_montecarlo
from dambuster.model import dumps, load, save
from dambuster.simulation import Breach, Dice, Run
from dambuster.simulation.narrate import breach_sentences

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
VALLEY = SAMPLES / "ogre-dambusters-valley.json"
SEWER = SAMPLES / "sewer-flash-flood.json"


@pytest.fixture
def window_size():
    return (1100, 760)  # the shared ``window`` (tests/editor/conftest.py) at this size


def open_preview(w, path):
    assert w.files.open_path(path)
    w.preview_dock.show()
    return w.preview_dock.pane


def overlay_items(w):
    root = w.preview_dock.pane.layer.root
    return [] if root is None else [i for i in w.view.scene().items() if i is root]


def test_preview_is_in_the_view_menu_and_hidden_at_first(window):
    assert not window.preview_dock.isVisible()
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert window.preview_dock.toggleViewAction() in view.actions()


def test_three_steps_forward_one_back_shows_the_simulations_second_state(window):
    p = open_preview(window, VALLEY)
    assert isinstance(p, BreachPreview)
    p.dam.setCurrentIndex(p.dam.findData("dam-aller"))
    p.seed.setValue(7)
    before = dumps(window.doc.scenario)
    stack = window.doc.undo_stack
    count, index = stack.count(), stack.index()

    for _ in range(3):
        p.btn_forward.click()
    shown_at_third = dict(p.layer.shown)
    p.btn_back.click()

    expected = Run(Breach(load(VALLEY), "dam-aller"), Dice(7))
    expected.forward()  # the breach (step 0)
    expected.forward()  # before the first player turn (step 1)
    st = expected.state
    assert p.layer.shown["step"] == st.step == 1
    assert p.layer.shown["swell"] == st.swell and st.swell
    assert p.layer.shown["streams"] == st.streams
    assert p.layer.shown["road_cuts"] == st.road_cuts
    layout, initial = window.doc.scenario.map.layout, expected.breach.initial().terrain
    assert set(p.layer.shown["changed"]) == {
        h for h in layout.hexes() if st.terrain[layout.index(h)] != initial[layout.index(h)]
    }
    assert overlay_items(window), "the overlay is in the scene"
    told = [s.text for step in expected.events for s in breach_sentences(expected.breach, step)]
    assert p.log.texts() == told and told[
        -len(breach_sentences(expected.breach, expected.events[-1]))
    ].startswith("Before player turn 1: the swell covers ")

    p.btn_forward.click()  # forward again repeats the same third step exactly
    assert p.layer.shown == shown_at_third
    expected.forward()
    assert p.layer.shown["step"] == 2 and p.layer.shown["swell"] == expected.state.swell
    assert p.layer.shown["streams"] == expected.state.streams
    assert dumps(window.doc.scenario) == before
    assert not window.doc.modified
    assert (stack.count(), stack.index()) == (count, index)


def test_a_caught_unit_shows_its_result(window, tmp_path):
    sc = load(VALLEY)
    gev = next(u for u in sc.units if sc.unit_types[u.type].movement_class == "gev")
    gev.hex = Breach(sc, "dam-aller").plan.swell(1)[0]
    path = tmp_path / "gev.json"
    save(sc, path)
    p = open_preview(window, path)
    p.seed.setValue(3)
    p.go_to(1)
    i = [u.id for u in window.doc.scenario.units].index(gev.id)
    assert p.layer.shown["units"][gev.id] == p.run.state.units[i][0]
    assert any(t.startswith(f"The swell attacks {gev.name or gev.id} in ") for t in p.log.texts())


def test_event_log_shows_dice(window):
    p = open_preview(window, VALLEY)
    p.go_to(2)
    assert any("new stream" in x and "(start " in x and "length " in x for x in p.log.texts())


def test_closing_the_preview_removes_the_overlay_and_keeps_the_document(window):
    p = open_preview(window, VALLEY)
    p.go_to(2)
    root = p.layer.root
    assert root in window.view.scene().items()
    window.preview_dock.close()
    assert p.layer.root is None and root not in window.view.scene().items()
    assert not window.doc.modified and window.doc.undo_stack.count() == 0
    window.preview_dock.show()  # opening it again shows the same step
    assert p.layer.shown["step"] == 2


def test_play_runs_until_the_swell_leaves_the_map(window, qtbot):
    p = open_preview(window, VALLEY)
    p.timer.setInterval(1)
    p.btn_play.click()
    qtbot.waitUntil(lambda: p.run.state.done, timeout=10_000)
    assert not p.timer.isActive() and not p.btn_play.isChecked()
    assert not p.btn_forward.isEnabled()


def test_apply_to_a_copy_saves_the_breached_map(window, tmp_path):
    p = open_preview(window, VALLEY)
    before = dumps(window.doc.scenario)
    p.go_to(3)
    out = p.apply_to_copy(tmp_path / "after.json")
    after = load(out)
    assert next(d for d in after.map.dams if d.id == "dam-aller").damage == 60
    assert bytes(after.map.terrain.cells) == p.run.state.terrain
    assert dumps(window.doc.scenario) == before and not window.doc.modified
    assert p.apply_to_copy(VALLEY) is None  # not over the open file


def test_an_edit_resets_the_preview(window, qtbot):
    p = open_preview(window, VALLEY)
    p.go_to(2)
    h = next(iter(window.doc.scenario.map.layout.hexes()))
    window.doc.set_terrain({h: "forest"})
    assert p.layer.root is None  # the overlay goes at once; the breach is rebuilt when editing pauses
    qtbot.waitUntil(lambda: p.run is not None, timeout=3000)
    assert p.run.state.step == -1 and p.layer.root is None


def monte_carlo(qtbot, p, runs):
    """Starts Monte Carlo in the pane and waits for the worker's result."""
    assert p.start_monte_carlo(runs)
    qtbot.waitUntil(lambda: p.mc_result is not None, timeout=20_000)
    return p.mc_result


def test_monte_carlo_predetermined_floodplain_floods_for_sure(window, qtbot):
    p = open_preview(window, VALLEY)
    res = monte_carlo(qtbot, p, 1500)
    assert res.runs == 1500
    assert p.heat.probabilities[(10, 7)] == 1.0
    assert p.heat.root in window.view.scene().items()
    assert p.mc.chart.points and p.mc.chart.points[0][0] == 1
    p.mc.btn_heat_off.click()
    assert p.heat.root is None and p.mc_result is None and not p.mc.table.table()


def test_monte_carlo_random_floodplain_is_about_one_in_six(window, tmp_path, qtbot):
    sc = load(VALLEY)
    sc.map.floodplain.mode = "random"
    path = tmp_path / "random.json"
    save(sc, path)
    p = open_preview(window, path)
    monte_carlo(qtbot, p, 4000)
    chances = list(p.heat.probabilities.values())
    assert chances and all(abs(c - 1 / 6) < 0.035 for c in chances)


def test_monte_carlo_chunks_merge_like_one_run():
    """Chunks are weighted by their runs: a certain hex stays at 1.0 and totals add up."""
    res = preview_montecarlo.run_all(Breach(load(VALLEY), "dam-aller"), 2500, 3, chunk=1000)
    assert res.runs == 2500 and res.hexes[(10, 7)]["flood"] == 1.0
    assert preview_montecarlo.chunk_sizes(2500, 1000) == [1000, 1000, 500]
    for outcomes in res.units.values():
        assert sum(outcomes.values()) == pytest.approx(1.0)


def test_flood_preview_on_the_sewer_shows_events(window):
    p = open_preview(window, SEWER)
    assert isinstance(p, FloodPreview)
    p.seed.setValue(1)
    assert p.events
    while p.btn_forward.isEnabled():
        p.btn_forward.click()
    assert p.log.count() == len(p.events)
    pic = p.layer.shown
    assert pic.turn == 3 and pic.hits and pic.paths
    assert any(" is carried " in t and "(distance roll" in t for t in p.log.texts())
    p.btn_back.click()
    assert p.log.count() == len(p.events) - 1
    window.preview_dock.close()
    assert p.layer.root is None and not window.doc.modified


def test_a_table_without_sewer_has_no_preview(window):
    p = open_preview(window, SAMPLES / "dbm-table.json")
    assert not isinstance(p, (BreachPreview, FloodPreview))


def test_opening_another_file_rebuilds_the_preview(window, qtbot):
    p = open_preview(window, VALLEY)
    p.go_to(2)
    monte_carlo(qtbot, p, 200)
    assert window.files.open_path(SEWER)
    assert isinstance(window.preview_dock.pane, FloodPreview)
    assert window.files.open_path(VALLEY)
    q = window.preview_dock.pane
    assert isinstance(q, BreachPreview) and q.run.state.step == -1 and q.heat.root is None
    q.go_to(1)
    assert q.layer.root in window.view.scene().items()
