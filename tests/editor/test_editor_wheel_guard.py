"""The mouse wheel never changes a value it merely passes over (issue 24, crop-143: scrolling the
Preview dock changed "SP lost" from 12 to 10; shot-129: one notch over the Selection inspector's
`river` box moved the Aller dam to another river): spin and combo boxes take the wheel only with focus."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.files.new_dialog import NewScenarioDialog

VALLEY = Path(__file__).resolve().parents[2] / "samples" / "ogre-dambusters-valley.json"


def _wheel(widget, steps: int = -1) -> None:
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_wheel_over_an_unfocused_spin_box_scrolls_the_dock_and_leaves_the_value(window, qtbot):
    area = QScrollArea()
    inner = QWidget()
    box = QVBoxLayout(inner)
    spin, combo = QSpinBox(), QComboBox()
    spin.setRange(0, 99)
    spin.setValue(12)
    combo.addItems(["a", "b", "c"])
    box.addWidget(spin)
    box.addWidget(combo)
    inner.setMinimumHeight(2000)
    area.setWidget(inner)
    area.resize(200, 150)
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    window.activateWindow()  # the focus is elsewhere, as when the pointer slides over the dock
    _wheel(spin)
    _wheel(combo)
    assert spin.value() == 12 and combo.currentIndex() == 0
    assert area.verticalScrollBar().value() > 0  # the dock scrolled instead
    area.activateWindow()
    qtbot.waitActive(area)
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    _wheel(spin)
    assert spin.value() == 11  # focused: the wheel changes it, as the designer asked it to


def _window_system_wheel(qtbot, window, widget, steps: int = -1) -> None:
    """A notch turned over ``widget`` as the window system delivers it (spontaneous: Qt gives focus
    to a box that takes it by wheel before any filter sees the turn), not an event sent to the box."""
    area = next(a for a in window.findChildren(QScrollArea) if a.isAncestorOf(widget))
    area.ensureWidgetVisible(widget)  # back under the pointer (the previous notch scrolled the dock)
    qtbot.waitUntil(lambda: window.childAt(widget.mapTo(window, widget.rect().center())) is widget)
    pos = widget.mapTo(window, widget.rect().center())
    QTest.wheelEvent(window.windowHandle(), QPointF(pos), QPoint(0, 120 * steps))


def test_a_wheel_notch_over_the_inspectors_river_box_leaves_the_dam_on_its_river(window, qtbot):
    assert window.files.open_path(VALLEY)
    window.preview_dock.show()  # Ctrl+B, as the designer had it
    dam = next(d for d in window.doc.scenario.map.dams if d.id == "dam-aller")
    window.state.select(dam)  # S, click the Aller dam
    box = window.properties_panel.inspector.editors["river"]
    dock = next(d for d in window.findChildren(QDockWidget) if d.isAncestorOf(box))
    dock.raise_()
    qtbot.waitUntil(box.isVisible)
    stack = window.doc.undo_stack
    river, count, index = dam.river, stack.count(), stack.index()

    for steps in (-1, -1, 1):
        _window_system_wheel(qtbot, window, box, steps)
        QApplication.processEvents()
        _wheel(box, steps)  # and one sent to the box itself

    assert dam.river == river and box.currentData() == river
    assert (stack.count(), stack.index()) == (count, index)  # no "Set river of dam-aller"
    assert not box.hasFocus()  # the wheel gave it no focus; a click or Tab still does
    box.setFocus()
    assert box.hasFocus()


def test_every_spin_and_combo_box_in_docks_and_dialogs_made_later_takes_no_focus_by_wheel(window, qtbot):
    assert window.files.open_path(VALLEY)
    window.preview_dock.show()
    window.state.select(window.doc.scenario.map.dams[0])  # the inspector's boxes are made now
    dialog = NewScenarioDialog(window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    boxes = [
        w for w in QApplication.allWidgets() if isinstance(w, (QAbstractSpinBox, QComboBox)) and w.isVisible()
    ]
    assert any(dialog.isAncestorOf(b) for b in boxes) and any(window.isAncestorOf(b) for b in boxes)
    assert [
        b.objectName() or type(b).__name__ for b in boxes if b.focusPolicy() == Qt.FocusPolicy.WheelFocus
    ] == []
