"""Docks that never push the window off the screen: a dock whose contents are taller (or wider) than
the room it gets scrolls (``scrolling``) instead of raising the main window's minimum size, and the
window is moved and shrunk back into the screen's available area whenever a dock opens, closes or
floats (``DockFit``). Without this, opening the breach preview (Ctrl+B) on the valley raised the
window's minimum height to 1,314 px and the status bar, Validation and History went off a 1,000 px
screen, and stayed there after the preview was closed."""

from __future__ import annotations

from collections.abc import Mapping

import shiboken6
from PySide6.QtCore import QByteArray, QEvent, QMargins, QObject, QRect, QSize, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea, QWidget

#: the first window's size when the screen has room for it (no size saved yet)
PREFERRED = QSize(1280, 820)
#: room left for a window manager's title bar and borders before the window is framed (openbox's
#: title bar is 20 px; others up to about 30)
FRAME_ALLOWANCE = QMargins(8, 36, 8, 8)

#: the docks whose contents are taller than a small screen's share (the others are tables and
#: lists that scroll themselves, or already scroll: Place, Layers)
SCROLLED = ("terrain", "properties")


def scrolling(widget: QWidget) -> QScrollArea:
    """``widget`` in a frameless scroll area that lends it all the room there is and scrolls (both
    ways) when there is less than its minimum size: the area's own minimum is a scroll bar's."""
    area = QScrollArea()
    area.setObjectName("dock-scroll")
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


def fitted(frame: QRect, room: QRect) -> QRect:
    """``frame`` moved, then shrunk, to lie inside ``room`` (a screen's available geometry)."""
    w, h = min(frame.width(), room.width()), min(frame.height(), room.height())
    x = min(max(frame.x(), room.x()), room.right() + 1 - w)
    y = min(max(frame.y(), room.y()), room.bottom() + 1 - h)
    return QRect(x, y, w, h)


def available(window: QWidget) -> QRect | None:
    """The room the window's screen gives windows, or None without a real screen (the offscreen
    platform's made-up 800x800 one, where tests and scripts size the window as they please)."""
    screen = window.screen()
    if QGuiApplication.platformName() in ("offscreen", "minimal"):
        return None
    return screen.availableGeometry()


def keep_on_screen(window: QWidget) -> None:
    """Moves and shrinks the window back inside its screen's available area (not when maximised or
    full screen: the window manager keeps those)."""
    room = available(window)
    if room is None or window.isMaximized() or window.isFullScreen() or not window.isVisible():
        return
    frame = window.frameGeometry()
    target = fitted(frame, room)
    if target == frame:
        return
    extra_w, extra_h = frame.width() - window.width(), frame.height() - window.height()
    window.resize(max(target.width() - extra_w, 1), max(target.height() - extra_h, 1))
    window.move(target.topLeft())


def first_geometry(room: QRect, preferred: QSize = PREFERRED) -> QRect:
    """The first window's client area on a screen whose available area is ``room``: the preferred
    size or less, placed at the room's top left with its frame (``FRAME_ALLOWANCE``) inside."""
    inner = room.marginsRemoved(FRAME_ALLOWANCE)
    size = preferred.boundedTo(inner.size())
    return QRect(inner.topLeft(), size)


class DockFit(QObject):
    """Wraps the tall docks' contents in scroll areas (``SCROLLED``; the preview dock wraps its own
    pane: editor/preview/pane.py) and keeps the window on its screen after every dock change; sizes
    the first window to its screen (a saved geometry, restored later, replaces it). Once the window is
    shown (and framed by the window manager, a moment later), pulls its frame inside the screen: the
    allowance in ``first_geometry`` is a guess, the frame is known."""

    def __init__(self, window: QMainWindow, docks: Mapping[str, QDockWidget]):
        super().__init__(window)
        self.window = window
        room = available(window)
        if room is not None:
            window.setGeometry(first_geometry(room))
        window.installEventFilter(self)  # its first Show (``eventFilter``)
        for key in SCROLLED:
            docks[key].setWidget(scrolling(docks[key].widget()))
        for dock in docks.values():
            dock.visibilityChanged.connect(self._soon)
            dock.topLevelChanged.connect(self._soon)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Show:
            watched.removeEventFilter(self)
            for delay in (0, 300, 1000):
                QTimer.singleShot(delay, self.window, lambda: keep_on_screen(self.window))
        return False

    def _soon(self, *_args: object) -> None:
        if shiboken6.isValid(self.window):  # docks hide while the window is being destroyed
            QTimer.singleShot(0, self.window, lambda: keep_on_screen(self.window))  # once the layout settled


def restore_state(window: QMainWindow, state: QByteArray, version: int) -> bool:
    """``window.restoreState`` with every dock left floating docked back in: a floating dock came
    back hidden behind the main window at the next start, and the first Ctrl+B seemed to do nothing
    (it hid what could not be seen). A dock floated again stays floating for that session."""
    if not window.restoreState(state, version):
        return False
    for dock in window.findChildren(QDockWidget):
        if dock.isFloating():
            dock.setFloating(False)
    return True
