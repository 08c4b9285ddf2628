"""The mouse wheel never changes a value it merely passes over (issue 24, crop-143: scrolling the
Preview dock changed "SP lost" from 12 to 10): spin and combo boxes take the wheel only with focus."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QScrollArea, QSpinBox, QVBoxLayout, QWidget


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
