"""The quick fix from the keyboard (issue 24, shot-39/41: Alt+F, the Fix button's mnemonic, clashed
with the File menu's: it only moved the focus to Fix, a second press opened File). Now Ctrl+. (as VS
Code's quick fix, Rules > Apply Quick Fix) applies the selected finding's fix in one step, Help >
Keyboard Shortcuts lists it, the row's menu shows it, and Tab from the table reaches the Fix button."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from dambuster.model import new_hex_scenario
from dambuster.model.scenario import HexMap, River

pytestmark = pytest.mark.qt


def _dry_river_row_selected(window, qtbot):
    """A river over clear hexes under the ogre-dambusters profile, its first RIVER-TERRAIN row selected
    and the table focused, as after a click on it."""
    s = new_hex_scenario(10, 12, "flat", "odd-q", "t", ["ogre-dambusters"])
    assert isinstance(s.map, HexMap)
    hexes = [s.map.layout.to_axial(3, r) for r in range(1, 4)]
    s.map.rivers.append(River("r1", hexes))
    window.doc.reset(s)
    window.validation.run()
    panel = window.validation_panel
    window.docks["validation"].show()
    row = next(i for i, v in enumerate(panel.violations) if v.code == "RIVER-TERRAIN")
    panel.activate_row(row)
    window.activateWindow()
    qtbot.waitActive(window)
    panel.tree.setFocus()
    qtbot.waitUntil(panel.tree.hasFocus)
    return panel, hexes


def test_ctrl_period_applies_the_selected_findings_fix_in_one_undo_step(window, qtbot):
    panel, hexes = _dry_river_row_selected(window, qtbot)
    fixed = tuple(panel.current_violation().location["hex"])
    stack = window.doc.undo_stack
    before = stack.count()
    assert window.acts["rules.quick_fix"].isEnabled()
    qtbot.keyClick(panel.tree, Qt.Key.Key_Period, Qt.KeyboardModifier.ControlModifier)
    assert stack.count() == before + 1 and stack.undoText().startswith("Fix: ")
    assert window.doc.terrain_at(fixed) == "water"
    assert sum(window.doc.terrain_at(h) == "water" for h in hexes) == 1  # that finding only
    window.validation.run()
    panel.tree.setCurrentItem(None)
    assert not window.acts["rules.quick_fix"].isEnabled()  # nothing selected: nothing to fix


def test_alt_f_is_the_file_menus_again_and_the_fix_button_has_no_mnemonic(window, qtbot):
    panel, _hexes = _dry_river_row_selected(window, qtbot)
    assert "&" not in panel.fix_button.text()
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    assert isinstance(file_menu, QMenu)
    count = window.doc.undo_stack.count()
    qtbot.keyClick(panel.tree, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(file_menu.isVisible)  # the first press opens File
    assert not panel.fix_button.hasFocus() and window.doc.undo_stack.count() == count
    file_menu.close()


def test_tab_from_the_table_reaches_the_fix_button_and_space_fixes(window, qtbot):
    panel, _hexes = _dry_river_row_selected(window, qtbot)
    qtbot.keyClick(panel.tree, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is panel.fix_button
    count = window.doc.undo_stack.count()
    qtbot.keyClick(panel.fix_button, Qt.Key.Key_Space)
    assert window.doc.undo_stack.count() == count + 1


def test_the_shortcut_is_listed_in_help_and_beside_the_rows_fix(window, qtbot):
    panel, _hexes = _dry_river_row_selected(window, qtbot)
    dlg = window.show_shortcuts()
    qtbot.waitExposed(dlg)
    assert dlg.rows()["Apply Quick Fix"] == "Ctrl+."
    dlg.close()
    menu = panel.fix_menu(panel.current_violation())
    first = menu.actions()[0]
    assert first.text() == "Paint the river hex water" and first.shortcut().toString() == "Ctrl+."
    assert "Ctrl+." in panel.fix_button.toolTip()
