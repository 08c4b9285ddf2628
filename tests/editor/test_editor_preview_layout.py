"""The Preview dock at a laptop's 1366x768 (issue 24, finding 5): opened on the valley, its step
controls (Reset, Back, Forward, Play), the seed and the collapse sentence are seen whole without
scrolling: the dock gets the width its controls need and sentences wrap; Scenario, Minimap and Layers
become tabs while it shows (and not in the layout saved); a roll asked scrolls it to the roll field."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

pytestmark = pytest.mark.qt

VALLEY = Path(__file__).resolve().parents[2] / "samples" / "ogre-dambusters-valley.json"


@pytest.fixture
def window_size() -> tuple[int, int]:
    return (1366, 738)  # 768 less a title bar


def seen_whole(widget, viewport) -> bool:
    """``widget`` lies inside the scroll area's viewport (what shows without scrolling)."""
    top_left = widget.mapTo(viewport, widget.rect().topLeft())
    bottom_right = widget.mapTo(viewport, widget.rect().bottomRight())
    return viewport.rect().contains(top_left) and viewport.rect().contains(bottom_right)


def test_the_preview_controls_show_without_scrolling(window, qtbot):
    assert window.files.open_path(VALLEY)
    window.preview_dock.show()
    p = window.preview_dock.pane
    qtbot.wait(50)
    scroll = window.preview_dock.scroll_area
    viewport = scroll.viewport()
    assert not scroll.horizontalScrollBar().isVisible()
    for w in (p.dam, p.dice_mode, p.seed, p.btn_reset, p.btn_back, p.btn_forward, p.btn_play):
        assert seen_whole(w, viewport), w
    assert p.seed.width() >= p.seed.sizeHint().width()  # the seed reads whole, not "se"
    chance = p.collapse.chance
    assert "does not collapse" in chance.text() and chance.wordWrap()
    right = chance.mapTo(viewport, chance.rect().topRight()).x()
    assert right <= viewport.width()  # wrapped inside the dock, not cut at its edge
    assert window.view.width() > 500  # the map keeps most of the window


def test_on_a_short_screen_the_docks_beside_the_preview_become_tabs_while_it_shows(window, qtbot):
    """1366x768: Scenario, Minimap and Layers share one place as tabs while the preview shows, so the
    preview has most of the column; closed, they are one under the other again, all shown."""
    d = window.docks
    beside = [d["properties"], d["minimap"], d["layers"]]
    before = window.preview_dock.height()
    assert window.files.open_path(VALLEY)
    window.preview_dock.show()
    qtbot.wait(50)
    assert set(window.tabifiedDockWidgets(d["layers"])) == {d["properties"], d["minimap"]}
    assert window.preview_dock.scroll_area.viewport().height() >= 300  # not a 180 px sliver
    assert window.preview_dock.height() > before
    window.preview_dock.hide()
    qtbot.wait(50)
    for dock in beside:
        assert dock.isVisible() and window.tabifiedDockWidgets(dock) == []
        assert dock.visibleRegion().boundingRect().height() > 50  # on screen, not a hidden tab


def test_a_roll_asked_scrolls_the_dock_to_the_roll_field(window, qtbot):
    assert window.files.open_path(VALLEY)
    window.preview_dock.show()
    p = window.preview_dock.pane
    p.dice_mode.setCurrentIndex(1)  # dice from the table
    while p.pending is None and not p.run.state.done:
        p.btn_forward.click()
    assert p.pending is not None
    qtbot.wait(20)
    viewport = window.preview_dock.scroll_area.viewport()
    assert seen_whole(p.rolls.field, viewport) and seen_whole(p.rolls.question, viewport)
    assert p.rolls.field.hasFocus()


def test_the_preview_tabs_are_not_saved_as_the_designers_layout(window, qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from dambuster.editor.mainwindow import MainWindow

    assert window.files.open_path(VALLEY)
    window.preview_dock.show()
    qtbot.wait(50)
    assert window.tabifiedDockWidgets(window.docks["layers"])  # tabs while it shows
    window.close()  # saves the layout
    again = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    again.resize(1600, 1000)
    again.show()
    qtbot.waitExposed(again)
    assert again.tabbed_docks() == []


def test_after_two_steps_the_log_shows_four_lines_or_more_beside_the_step_buttons(window, qtbot):
    """Issue 24, shot-55/56: at 1366x768 the log lay below the collapse box and showed one cut line
    after two Forward steps; now it follows the step controls and takes the dock's spare height."""
    assert window.files.open_path(VALLEY)
    window.preview_dock.show()
    p = window.preview_dock.pane
    p.dam.setCurrentIndex(p.dam.findData("dam-aller"))
    p.btn_forward.click()
    p.btn_forward.click()
    qtbot.wait(50)
    viewport = window.preview_dock.scroll_area.viewport()
    for w in (p.btn_reset, p.btn_back, p.btn_forward, p.btn_play, p.step_label, p.log):
        assert seen_whole(w, viewport), w
    assert p.log.count() >= 4
    assert p.log.viewport().height() >= sum(p.log.visualItemRect(p.log.item(i)).height() for i in range(4))
