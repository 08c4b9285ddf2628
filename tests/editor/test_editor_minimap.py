"""The editor stays responsive on big maps: the minimap follows brush strokes pixel by pixel and pans
the main view; slow rule checks run in a worker and stale results are dropped."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from dambuster.editor.commands import PaintTerrain
from dambuster.editor.style import TERRAIN_STYLE
from dambuster.model import new_hex_scenario, new_table_scenario, save
from dambuster.validators import check_scenario

pytestmark = pytest.mark.qt


@pytest.fixture
def window_size():
    return (1000, 700)  # the shared ``window`` (tests/editor/conftest.py) at this size


@pytest.fixture
def big(window, tmp_path):
    path = tmp_path / "big.json"
    save(new_hex_scenario(60, 40, title="Big"), path)
    assert window.files.open_path(path)
    return window


def pixel(w, h) -> str:
    col, row = w.doc.scenario.map.layout.to_offset(h)
    return QColor(w.minimap.image.pixel(col, row)).name()


def test_a_brush_stroke_updates_only_its_hexes_on_the_minimap(big, qtbot):
    w = big
    layout = w.doc.scenario.map.layout
    builds = w.minimap.builds
    w.set_tool("brush")
    w.terrain_palette.set_kind("forest")
    stroke = [layout.to_axial(10, r) for r in (5, 6, 7)]
    vp = w.view.viewport()
    w.view.centerOn(w.controller.scene_pos(stroke[1]))
    points = [w.view.mapFromScene(w.controller.scene_pos(h)) for h in stroke]
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, points[0])
    for p in points[1:]:
        QTest.mouseMove(vp, p)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, points[-1])
    painted = {h for h in layout.hexes() if w.doc.terrain_at(h) == "forest"}
    assert set(stroke) <= painted
    assert all(pixel(w, h) == TERRAIN_STYLE["forest"][0] for h in painted)
    assert pixel(w, layout.to_axial(40, 30)) == TERRAIN_STYLE["clear"][0]
    assert w.minimap.builds == builds  # no whole image rebuilt
    assert w.minimap.pixel_updates == len(painted)
    w.doc.undo_stack.undo()
    assert all(pixel(w, h) == TERRAIN_STYLE["clear"][0] for h in painted)


def test_the_minimap_shows_the_visible_rectangle_and_a_click_pans_the_view(big, qtbot):
    w = big
    w.docks["minimap"].show()
    m = w.minimap
    m.resize(240, 180)
    w.view.zoom_to_fit()
    for _ in range(8):
        w.view.zoom_in()
    visible = m.to_widget(m.visible_scene_rect())
    assert visible.width() < m.width() / 2  # zoomed in: a small rectangle
    target = QPointF(m.width() * 0.8, m.height() * 0.7)
    QTest.mouseClick(m, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, target.toPoint())
    centre = m.to_widget(m.visible_scene_rect()).center()
    assert abs(centre.x() - target.x()) < 3 and abs(centre.y() - target.y()) < 3
    m.grab()  # paints without error


def test_a_new_scenario_rebuilds_the_minimap_and_a_table_map_is_drawn_small(window, qtbot):
    window.doc.reset(new_table_scenario(1200, 800, profiles=["dbm-terrain"]))
    image = window.minimap.grab().toImage()
    assert not image.isNull()
    window.doc.reset(new_hex_scenario(5, 4))
    assert (window.minimap.image.width(), window.minimap.image.height()) == (5, 4)


# -- live validation in a worker -------------------------------------------------------------------
def test_slow_checks_run_in_the_worker_and_their_results_still_arrive(big, qtbot):
    v = big.validation
    v.threshold_ms = -1  # as if the last check had been slow
    big.doc.push(PaintTerrain(big.doc, {big.doc.scenario.map.layout.to_axial(3, 3): "water"}))
    v.timer.stop()
    with qtbot.waitSignal(v.finished, timeout=10000) as got:
        v.run_live()
    assert v.in_worker == 1
    expected = [(x.code, x.message) for x in check_scenario(big.doc.scenario)]
    assert [(x.code, x.message) for x in got.args[0]] == expected
    assert big.validation_panel.violations == got.args[0]


def test_a_result_older_than_the_document_is_dropped(big, qtbot):
    v = big.validation
    v.threshold_ms = -1
    v.timer.stop()
    shown = []
    v.finished.connect(shown.append)
    v.run_live()  # the worker checks a snapshot ...
    big.doc.push(
        PaintTerrain(big.doc, {big.doc.scenario.map.layout.to_axial(4, 4): "swamp"})
    )  # ... now stale
    v.timer.stop()
    assert v.wait()
    qtbot.waitUntil(lambda: v.dropped == 1, timeout=10000)
    assert shown == []
    with qtbot.waitSignal(v.finished, timeout=10000):
        v.run_live()  # the check of the current document is shown
    assert len(shown) == 1


def test_quick_checks_and_check_now_stay_in_the_gui_thread(window):
    v = window.validation
    shown = []
    v.finished.connect(shown.append)
    v.run_live()  # quick: answered at once
    assert v.in_worker == 0 and v.last_ms > 0 and len(shown) == 1
    v.threshold_ms = -1
    found = v.run()  # F5: synchronous even when checks are slow
    assert v.in_worker == 0 and found == v.violations and len(shown) == 2


def test_edits_schedule_a_live_check_in_the_worker_when_checks_are_slow(big, qtbot):
    v = big.validation
    v.threshold_ms = -1
    v.timer.setInterval(1)
    with qtbot.waitSignal(v.finished, timeout=10000):
        big.doc.push(PaintTerrain(big.doc, {big.doc.scenario.map.layout.to_axial(5, 5): "water"}))
    assert v.in_worker == 1


def test_dragging_on_the_minimap_keeps_panning_the_view(big, qtbot):
    w = big
    w.docks["minimap"].show()
    m = w.minimap
    m.resize(240, 180)
    for _ in range(8):
        w.view.zoom_in()
    start, end = QPointF(m.width() * 0.3, m.height() * 0.3), QPointF(m.width() * 0.7, m.height() * 0.6)
    QTest.mousePress(m, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start.toPoint())
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    move = QMouseEvent(
        QMouseEvent.Type.MouseMove,
        end,
        m.mapToGlobal(end),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(m, move)
    QTest.mouseRelease(m, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end.toPoint())
    centre = m.to_widget(m.visible_scene_rect()).center()
    assert abs(centre.x() - end.x()) < 3 and abs(centre.y() - end.y()) < 3
