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
    assert window.open_path(VALLEY)
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
    assert window.open_path(VALLEY)
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
    assert window.open_path(VALLEY)
    window.validation_panel.set_violations([])
    qtbot.wait(20)
    viewport, scale = window.view.viewport().size(), window.view.transform().m11()
    window.validation_panel.set_violations([Violation("a dam with no river", "DAM-RIVER", "error")])
    qtbot.wait(20)
    assert window.validation_panel.tree.isVisible()
    assert window.view.viewport().size() == viewport and window.view.transform().m11() == scale
