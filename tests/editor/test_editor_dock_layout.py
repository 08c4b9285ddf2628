"""The docks as designed: in the default layout and after the layout is saved and restored no two
docks share a tab bar and no stray tab bar ("Minimap | Layers") shows; a layout saved by an older
arrangement is not restored; tabs a designer made are kept, with one tab bar."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox, QTabBar

from dambuster.editor.mainwindow import MainWindow

pytestmark = pytest.mark.qt

SHOWN = ["history", "layers", "minimap", "place", "properties", "terrain", "validation"]


def open_window(qtbot, path):
    w = MainWindow(settings=QSettings(str(path), QSettings.Format.IniFormat))
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def tab_bars(w):
    """The tab bars the main window shows for its docks, as their tab texts."""
    return [
        [b.tabText(i) for i in range(b.count())]
        for b in w.findChildren(QTabBar)
        if b.parent() is w and b.isVisible()
    ]


def visible(w):
    return sorted(k for k, d in w.docks.items() if d.isVisible())


def overlapping(w):
    docks = [(k, d.geometry()) for k, d in w.docks.items() if d.isVisible()]
    return [(a, b) for i, (a, ga) in enumerate(docks) for b, gb in docks[i + 1 :] if ga.intersects(gb)]


def test_the_default_layout_has_no_tabbed_docks_and_no_tab_bar(qtbot, tmp_path):
    w = open_window(qtbot, tmp_path / "s.ini")
    assert w.tabbed_docks() == [] and tab_bars(w) == []
    assert visible(w) == SHOWN and overlapping(w) == []  # every dock on screen, none over another
    for key in ("validation", "properties", "history"):  # as the screenshots do: no tab bar left behind
        w.docks[key].hide()
    w.preview_dock.show()
    qtbot.wait(10)
    assert tab_bars(w) == [] and overlapping(w) == []


def test_the_restored_layout_is_the_saved_one_without_tabs(qtbot, tmp_path):
    w = open_window(qtbot, tmp_path / "s.ini")
    w.docks["history"].hide()
    w.close()
    again = open_window(qtbot, tmp_path / "s.ini")
    assert again.tabbed_docks() == [] and tab_bars(again) == []
    assert visible(again) == [k for k in SHOWN if k != "history"] and overlapping(again) == []


def test_a_layout_saved_by_the_older_tabbed_arrangement_is_not_restored(qtbot, tmp_path):
    old = open_window(qtbot, tmp_path / "s.ini")
    old.tabifyDockWidget(old.docks["minimap"], old.docks["layers"])  # as it was: Minimap | Layers
    old.tabifyDockWidget(old.docks["validation"], old.docks["history"])
    old.settings.setValue("state", old.saveState())  # no version, as the older editor saved it
    old.settings.sync()
    w = open_window(qtbot, tmp_path / "s.ini")
    assert w.tabbed_docks() == [] and tab_bars(w) == [] and visible(w) == SHOWN


def test_tabs_a_designer_made_come_back_with_one_tab_bar(qtbot, tmp_path):
    w = open_window(qtbot, tmp_path / "s.ini")
    w.tabifyDockWidget(w.docks["minimap"], w.docks["layers"])
    w.close()
    again = open_window(qtbot, tmp_path / "s.ini")
    assert again.tabbed_docks() == [["layers", "minimap"]]
    assert tab_bars(again) == [["Minimap", "Layers"]]


def test_a_preview_left_floating_comes_back_docked_and_shown(qtbot, tmp_path):
    """Issue 24 (shot-117..119, 133): a floating Preview dock came back hidden behind the window at the
    next start, and the first Ctrl+B seemed to do nothing."""
    w = open_window(qtbot, tmp_path / "s.ini")
    w.act("view.preview").trigger()
    w.docks["preview"].setFloating(True)
    assert w.docks["preview"].isFloating() and w.docks["preview"].isVisible()
    w.close()
    again = open_window(qtbot, tmp_path / "s.ini")
    dock = again.docks["preview"]
    assert dock.isVisible() and not dock.isFloating()  # docked in the window, where it can be seen
    assert overlapping(again) == []
    again.act("view.preview").trigger()  # the first Ctrl+B closes what the designer sees
    assert not dock.isVisible()
