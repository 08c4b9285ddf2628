"""The mouse wheel never changes a value it merely passes over: spin boxes and combo boxes anywhere
in the editor (docks, dialogs) take the wheel only when they have keyboard focus (click or Tab to
them); without it the wheel scrolls what holds them, as a designer scrolling a dock expects."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QApplication, QComboBox, QWidget

_BOXES = (QAbstractSpinBox, QComboBox)


def _no_wheel_focus(widget: QWidget) -> None:
    """A box left at Qt's WheelFocus is given focus by a real wheel turn (the window system's, not one
    sent by code) before any filter sees the wheel, so the first notch over it would change it."""
    if widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # click or Tab still give it focus


class WheelGuard(QObject):
    """The application's event filter (a child of the application, one per application)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        obj, kind = watched, event.type()
        if kind == QEvent.Type.Polish and isinstance(obj, _BOXES):
            _no_wheel_focus(obj)  # a box made later (the inspector's, a dialog's) before it shows
        elif isinstance(event, QWheelEvent) and isinstance(obj, _BOXES):
            _no_wheel_focus(obj)
            if not obj.hasFocus():
                area = _scroll_area(obj)
                if area is not None:  # the dock or dialog holding it scrolls instead
                    bar = (
                        area.horizontalScrollBar()
                        if event.angleDelta().y() == 0
                        else area.verticalScrollBar()
                    )
                    QCoreApplication.sendEvent(bar, event)
                return True  # the value stays as it was
        return False


def _scroll_area(widget: QWidget) -> QAbstractScrollArea | None:
    w = widget.parentWidget()
    while w is not None and not isinstance(w, QAbstractScrollArea):
        w = w.parentWidget()
    return w


def install_once_painted(window: QWidget) -> None:
    """Installs the guard when ``window`` is first painted. Until then no wheel can reach it, and the
    guard, filtering every event of the application, would take each event of the start-up (about
    2,000: polish, show, move, resize, layout of every widget) through Python for nothing: some 30 ms
    of the start page's 0.4 CPU seconds."""
    _FirstPaint(window)


class _FirstPaint(QObject):
    def __init__(self, window: QWidget):
        super().__init__(window)
        window.installEventFilter(self)  # the window's own events only: a few dozen

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            install()
            self.deleteLater()
        return False


def install() -> None:
    """Once per application (the first window painted installs it)."""
    app = QApplication.instance()
    if app is not None and app.findChild(WheelGuard) is None:
        guard = WheelGuard(app)
        app.installEventFilter(guard)
        for widget in QApplication.allWidgets():  # those made before: new ones are caught at Polish
            if isinstance(widget, _BOXES):
                _no_wheel_focus(widget)
