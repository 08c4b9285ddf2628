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


def test_the_preview_on_the_valley_keeps_the_window_on_a_1366x768_screen(window, qtbot):
    assert window.open_path(VALLEY)
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)  # View > Preview
    qtbot.waitUntil(lambda: window.preview_dock.isVisible())
    qtbot.wait(20)
    assert window.minimumSizeHint().height() <= SCREEN.height()
    assert window.minimumSizeHint().width() <= SCREEN.width()
    room = window.screen().availableGeometry()
    assert room.contains(window.frameGeometry())  # the status bar and the bottom docks on screen
    for key in ("validation", "history"):
        assert window.docks[key].isVisible() and window.docks[key].height() > 40
    window.preview_dock.hide()
    qtbot.wait(20)
    assert room.contains(window.frameGeometry()) and window.minimumSizeHint().height() <= SCREEN.height()


def test_every_dock_shown_at_once_still_fits_the_screen(window, qtbot):
    assert window.open_path(VALLEY)
    for dock in window.docks.values():
        dock.show()
    qtbot.wait(20)
    assert window.minimumSizeHint().height() <= SCREEN.height()
    assert window.screen().availableGeometry().contains(window.frameGeometry())


def test_the_map_does_not_refit_when_the_validation_table_appears(window, qtbot):
    assert window.open_path(VALLEY)
    window.validation_panel.set_violations([])
    qtbot.wait(20)
    viewport, scale = window.view.viewport().size(), window.view.transform().m11()
    window.validation_panel.set_violations([Violation("a dam with no river", "DAM-RIVER", "error")])
    qtbot.wait(20)
    assert window.validation_panel.tree.isVisible()
    assert window.view.viewport().size() == viewport and window.view.transform().m11() == scale
