"""Finding one's way on the map: the map fits the window on open and on every resize until the user
zooms; zoom to fit (Ctrl+0) makes it follow the window again."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from dambuster.editor.mainwindow import MainWindow
from dambuster.model import new_hex_scenario, save

pytestmark = pytest.mark.qt


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    w.resize(900, 650)
    w.show()
    qtbot.waitExposed(w)
    path = tmp_path / "map.json"
    save(new_hex_scenario(30, 20), path)
    assert w.files.open_path(path)
    return w


def map_fits(w) -> bool:
    """The whole map is in view and touches two opposite sides of the viewport (within a few pixels)."""
    shown = w.view.mapFromScene(w.view.scene().sceneRect()).boundingRect()
    vp = w.view.viewport().rect()
    inside = vp.adjusted(-2, -2, 2, 2).contains(shown)
    snug = abs(shown.width() - vp.width()) <= 6 or abs(shown.height() - vp.height()) <= 6
    return inside and snug


def test_the_map_fits_the_window_on_open(window, qtbot):
    qtbot.waitUntil(lambda: map_fits(window), timeout=5000)


def test_the_map_fits_again_when_the_window_grows_or_shrinks(window, qtbot):
    qtbot.waitUntil(lambda: map_fits(window), timeout=5000)
    before = window.view.zoom()
    window.resize(1400, 1000)
    qtbot.waitUntil(lambda: window.view.zoom() > before * 1.2 and map_fits(window), timeout=5000)
    window.resize(700, 500)
    qtbot.waitUntil(lambda: window.view.zoom() < before and map_fits(window), timeout=5000)


def test_after_a_zoom_a_resize_keeps_the_users_zoom_until_zoom_to_fit(window, qtbot):
    qtbot.waitUntil(lambda: map_fits(window), timeout=5000)
    window.view.zoom_in()
    zoomed, width = window.view.zoom(), window.view.viewport().width()
    window.resize(1400, 1000)
    qtbot.waitUntil(lambda: window.view.viewport().width() > width + 300, timeout=5000)
    qtbot.wait(20)
    assert window.view.zoom() == pytest.approx(zoomed)
    window.view.zoom_to_fit()  # Ctrl+0: follow the window again
    window.resize(900, 650)
    qtbot.waitUntil(lambda: window.view.viewport().width() < width + 100 and map_fits(window), timeout=5000)
