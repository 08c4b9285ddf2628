"""Issue 24, the editor's first hour: what a new designer hit, as they would see it. The window stays
on a 1366x768 screen whatever docks open; the map keeps still when the first problem is listed."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QRect, Qt

from dambuster.validators import Violation

pytestmark = pytest.mark.qt

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
VALLEY = SAMPLES / "ogre-dambusters-valley.json"
SCREEN = QRect(0, 0, 1366, 768)


@pytest.fixture
def window_size() -> tuple[int, int]:
    return (1366, 768)


def fits(window) -> bool:
    """The window's minimum size and its frame fit a 1366x768 screen."""
    hint = window.minimumSizeHint()
    return hint.height() <= SCREEN.height() and hint.width() <= SCREEN.width() and window.height() <= 768


def test_the_preview_on_the_valley_keeps_the_window_on_a_1366x768_screen(window, qtbot):
    assert window.files.open_path(VALLEY)
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)  # View > Preview
    qtbot.waitUntil(lambda: window.preview_dock.isVisible())
    qtbot.wait(20)
    assert fits(window)  # it grew to 1,314 px before: the status bar and the bottom docks off screen
    for key in ("validation", "history"):
        assert window.docks[key].isVisible() and window.docks[key].height() > 40
    assert window.statusBar().isVisible() and window.statusBar().geometry().bottom() < window.height()
    window.preview_dock.hide()
    qtbot.wait(20)
    assert fits(window)


def test_every_dock_shown_at_once_still_fits_the_screen(window, qtbot):
    assert window.files.open_path(VALLEY)
    for dock in window.docks.values():
        dock.show()
    qtbot.wait(20)
    assert fits(window)


def test_a_window_off_its_screen_comes_back_inside_when_a_dock_opens(window, qtbot, monkeypatch):
    from dambuster.editor.panels import dock_fit

    monkeypatch.setattr(dock_fit, "available", lambda _w: SCREEN)  # offscreen has no real screen
    window.move(300, 200)  # partly off the right and bottom edges
    window.preview_dock.show()
    qtbot.waitUntil(lambda: SCREEN.contains(window.frameGeometry()))
    assert window.width() >= 1300  # moved back first, shrunk only as far as needed


def test_the_map_does_not_refit_when_the_validation_table_appears(window, qtbot):
    assert window.files.open_path(VALLEY)
    window.validation_panel.set_violations([])
    qtbot.wait(20)
    viewport, scale = window.view.viewport().size(), window.view.transform().m11()
    window.validation_panel.set_violations([Violation("a dam with no river", "DAM-RIVER", "error")])
    qtbot.wait(20)
    assert window.validation_panel.tree.isVisible()
    assert window.view.viewport().size() == viewport and window.view.transform().m11() == scale


# -- item 4: panels that follow the document --------------------------------------------------------
def test_the_place_details_follow_the_sp_set_in_the_inspector_and_go_with_the_file(window, qtbot):
    from PySide6.QtCore import QPointF
    from PySide6.QtTest import QTest

    assert window.files.open_path(VALLEY)
    dam = window.doc.scenario.map.dams[0]
    window.set_tool("select")
    at = window.view.mapFromScene(QPointF(*window.controller.geom.center(dam.hex)))
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    details = window.place_panel.selected
    assert f"Id: {dam.id}" in details.text() and f"SP: {dam.sp}" in details.text()
    # people's words, not the program's (issue 24, finding 8)
    assert "Buildings: Power station (10 SP), Control tower (6 SP)" in details.text()
    assert "Hidden: no" in details.text() and "Reservoir: 42 hexes" in details.text()
    assert "Building(" not in details.text() and "False" not in details.text()
    sp = window.properties_panel.inspector.editors["sp"]
    sp.setText(str(dam.sp + 7))
    sp.editingFinished.emit()
    assert f"SP: {dam.sp}" in details.text() and dam.sp == 67  # 60 in the sample, 67 now
    window.act("edit.undo").trigger()
    assert "SP: 60" in details.text()
    QTest.mouseMove(window.view.viewport(), at)
    assert window.readouts.pos_label.text() != ""
    assert window.files.open_path(SAMPLES / "ogre-basic.json")
    assert details.text() == "" and window.state.selection is None and window.readouts.pos_label.text() == ""


def test_the_terrain_dock_leaves_table_maps_and_comes_back_on_hex_maps(window, qtbot):
    terrain = window.docks["terrain"]
    assert terrain.isVisible()
    assert window.files.open_path(SAMPLES / "dbm-table.json")
    assert not terrain.isVisible() and not terrain.toggleViewAction().isEnabled()
    assert window.place_panel.selected.text() == ""
    assert window.files.open_path(VALLEY)
    assert terrain.isVisible() and terrain.toggleViewAction().isEnabled()
    terrain.hide()  # the designer closed it: a table and back do not reopen it
    assert window.files.open_path(SAMPLES / "dbm-table.json") and window.files.open_path(VALLEY)
    assert not terrain.isVisible()


def test_the_status_bar_describes_the_hex_again_when_its_terrain_changes(window, qtbot):
    from PySide6.QtCore import QPointF
    from PySide6.QtTest import QTest

    assert window.files.open_path(VALLEY)
    layout = window.doc.scenario.map.layout
    h = layout.to_axial(2, 2)
    at = window.view.mapFromScene(QPointF(*window.controller.geom.center(h)))
    QTest.mouseMove(window.view.viewport(), at)
    before = window.readouts.pos_label.text()
    assert layout.label(h) in before
    window.set_tool("brush")
    window.terrain_choice.set("swamp" if "swamp" not in before else "forest")
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert (
        window.readouts.pos_label.text() != before
        and window.terrain_choice.kind in window.readouts.pos_label.text()
    )


def test_the_preview_opens_with_most_of_its_column(window, qtbot):
    assert window.files.open_path(VALLEY)
    window.statusBar().showMessage("about the valley")
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.preview_dock.isVisible())
    qtbot.wait(20)
    beside = [window.docks[k] for k in ("properties", "minimap", "layers")]
    others = [d.height() for d in beside if not d.visibleRegion().isEmpty()]  # not a tab behind another
    assert window.preview_dock.height() > max(others)  # not a sliver under Scenario
    assert window.files.open_path(SAMPLES / "ogre-basic.json")
    assert window.statusBar().currentMessage() == ""  # nothing said about the file before
