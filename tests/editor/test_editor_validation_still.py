"""The Validation dock keeps still when a row is clicked (issue 24, shot-34/35, 44): the Fix / Fix All
buttons used to appear only once a fixable row was selected, pushing the table down ~8 px between the
mouse press and its release, so the click landed on another row (no ring on the map; a right-click
opened another row's menu). The Fix row is always there; its buttons are greyed when there is nothing
to fix."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from dambuster.model import new_hex_scenario
from dambuster.model.scenario import HexMap, River

pytestmark = pytest.mark.qt


def _dry_river(window, qtbot):
    s = new_hex_scenario(10, 12, "flat", "odd-q", "t", ["ogre-dambusters"])
    assert isinstance(s.map, HexMap)
    s.map.rivers.append(River("r1", [s.map.layout.to_axial(3, r) for r in range(1, 5)]))
    window.doc.reset(s)
    window.validation.run()
    window.docks["validation"].show()
    panel = window.validation_panel
    qtbot.waitUntil(panel.tree.isVisible)
    QApplication.processEvents()
    return panel


def _table_top(panel) -> int:
    return panel.tree.mapTo(panel, QPoint(0, 0)).y()


def test_a_click_on_a_fixable_row_rings_that_row_the_first_time(window, qtbot):
    panel = _dry_river(window, qtbot)
    assert panel.current_violation() is None
    assert panel.fix_button.isVisible() and not panel.fix_button.isEnabled()  # there, greyed
    assert panel.fix_all_button.isVisible() and not panel.fix_all_button.isEnabled()
    top = _table_top(panel)
    item = panel.tree.topLevelItem(1)
    assert item is not None
    where = panel.tree.visualItemRect(item).center()
    viewport = panel.tree.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=where)
    QApplication.processEvents()  # the layout settles between press and release, as on a real screen
    assert _table_top(panel) == top  # the table did not move under the pointer
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=where)
    assert panel.current_violation() is item.data(0, Qt.ItemDataRole.UserRole)
    assert window.findings.ringed is panel.current_violation()  # the click rang its place on the map
    assert window.view._highlight is not None and window.view._highlight.isVisible()
    assert panel.fix_button.isEnabled() and panel.fix_all_button.isEnabled()
    assert panel.fix_all_button.text() == "Fix All 4"


def test_the_table_stays_put_from_no_problems_to_problems_and_back(window, qtbot):
    panel = _dry_river(window, qtbot)
    top = _table_top(panel)
    panel.activate_row(0)
    QApplication.processEvents()
    assert _table_top(panel) == top
    panel.tree.setCurrentItem(None)
    QApplication.processEvents()
    assert _table_top(panel) == top and not panel.fix_button.isEnabled()
    panel.set_violations([])  # "No problems found": the Fix row stays, greyed
    QApplication.processEvents()
    assert panel.summary.text() == "No problems found"
    assert panel.fix_button.isVisible() and not panel.fix_button.isEnabled()


def test_with_no_problems_the_dock_shrinks_to_its_summary_line(window, qtbot):
    from PySide6.QtCore import Qt as _Qt

    panel = _dry_river(window, qtbot)
    dock = window.docks["validation"]
    window.resizeDocks([dock], [40], _Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: dock.height() < 90)  # with problems: the header and one row still show
    rows_min = dock.height()
    assert panel.tree.isVisible() and panel.tree.height() >= panel.tree.sizeHintForRow(0)
    panel.set_violations([])
    window.resizeDocks([dock], [40], _Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: dock.height() < rows_min)  # "No problems found": the summary line alone
    assert dock.height() < 70 and panel.summary.isVisible()
    assert panel.rect().contains(panel.summary.geometry())  # the line whole, not cut
