"""Typed rolls and the keyboard (issue 24, findings 6 and 9): a roll refused keeps the rolls typed
after it in the field and says so; after a roll the map has the keyboard; + and - zoom the map
while the mouse is over it, even with the roll field focused; once the breach has begun "Roll for
collapse" waits for Reset instead of dropping the breach rolls typed."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from test_editor_preview_table_dice import TABLE, VALLEY, busy_valley, open_preview, type_roll

pytestmark = pytest.mark.qt


def table_preview(window, qtbot, tmp_path):
    path, _sc = busy_valley(tmp_path)
    p = open_preview(window, path)
    p.dice_mode.setCurrentIndex(TABLE)
    window.activateWindow()
    qtbot.waitActive(window)
    p.btn_forward.click()
    assert p.pending is not None
    return p


def test_rolls_after_a_refused_one_stay_in_the_field(window, qtbot, tmp_path):
    p = table_preview(window, qtbot, tmp_path)
    asked = p.pending.purpose
    type_roll(qtbot, p.rolls, "7 1 5")
    said = p.rolls.problem.text()
    assert "a die shows 1 to 6" in said and "kept in the field: 1 5" in said
    assert p.rolls.field.text() == "1 5" and p.pending.purpose == asked
    assert QApplication.focusWidget() is p.rolls.field  # corrected where it was typed
    assert ". Not given yet" in said  # one sentence after another, each ended


def test_after_a_roll_the_map_has_the_keyboard_and_plus_zooms(window, qtbot, tmp_path):
    p = table_preview(window, qtbot, tmp_path)
    assert QApplication.focusWidget() is p.rolls.field  # asked: the field is ready to type in
    type_roll(qtbot, p.rolls, 4)
    assert QApplication.focusWidget() is not p.rolls.field
    assert QApplication.focusWidget() is window.view
    zoom = window.view.zoom()
    qtbot.keyClick(window.view, Qt.Key.Key_Plus)
    assert window.view.zoom() > zoom


def test_plus_and_minus_zoom_the_map_under_the_mouse_even_from_a_field(window, qtbot, tmp_path):
    p = table_preview(window, qtbot, tmp_path)
    field = p.rolls.field
    field.setFocus()
    QTest.mouseMove(window.view.viewport(), QPoint(200, 200))  # the mouse over the map
    zoom = window.view.zoom()
    qtbot.keyClick(field, Qt.Key.Key_Plus)
    assert window.view.zoom() > zoom and field.text() == ""
    qtbot.keyClick(field, Qt.Key.Key_Minus)
    assert window.view.zoom() == pytest.approx(zoom) and field.text() == ""
    QTest.mouseMove(field)  # the mouse away from the map: the field takes what is typed
    QApplication.sendEvent(window.view, QEvent(QEvent.Type.Leave))
    qtbot.keyClicks(field, "4 2")
    assert field.text() == "4 2"


def test_roll_for_collapse_waits_for_reset_once_the_breach_has_begun(window, qtbot):
    p = open_preview(window, VALLEY)
    p.collapse.damage.setValue(55)  # of 60: it may collapse
    assert p.collapse.btn_roll.isEnabled()
    p.forward()  # the breach, without the collapse rolls
    assert not p.collapse.btn_roll.isEnabled()
    assert "Reset to roll for collapse" in p.collapse.log.text()
    step = p.run.state.step
    p.collapse.roll()  # called all the same: nothing is dropped
    assert p.run.state.step == step and p.collapse.turn == 0
    p.btn_reset.click()
    p.collapse.damage.setValue(55)
    assert p.collapse.btn_roll.isEnabled() and "Reset" not in p.collapse.log.text()
