"""Help > Keyboard Shortcuts on a short screen (issue 24, a 1366x768 laptop): the dialog was 760 px
tall and its Close button lay below the screen's edge; now it is at most the screen's height less a
frame, its list scrolls, and Close is on the screen."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QDialogButtonBox

pytestmark = pytest.mark.qt


def test_the_shortcuts_dialog_and_its_close_button_fit_the_screen(window, qtbot):
    dlg = window.show_shortcuts()
    qtbot.waitExposed(dlg)
    room = dlg.screen().availableGeometry()
    assert room.contains(dlg.frameGeometry())  # the whole dialog on the screen
    assert dlg.height() + 70 <= room.height()  # and room for a title bar and a panel on a real one
    close = dlg.findChild(QDialogButtonBox)
    assert close.isVisible() and dlg.rect().contains(close.geometry())
    last = dlg.tree.topLevelItem(dlg.tree.topLevelItemCount() - 1)
    dlg.tree.scrollToItem(last.child(last.childCount() - 1))  # the list scrolls to its last row
    assert dlg.tree.viewport().rect().intersects(dlg.tree.visualItemRect(last.child(last.childCount() - 1)))
    dlg.close()
