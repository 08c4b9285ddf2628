"""+ and - zoom the map whenever the mouse is over it, even while a text field elsewhere (the roll
field of the preview, a dock's spin box) has the keyboard: those keys would otherwise type into the
field. The map view installs it (``install``) on whichever text field of its window has the keyboard."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol, runtime_checkable

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QGraphicsView, QLineEdit, QWidget

ZOOM_IN = (Qt.Key.Key_Plus, Qt.Key.Key_Equal)
ZOOM_OUT = (Qt.Key.Key_Minus,)
TYPED_INTO = (QLineEdit, QAbstractSpinBox)


@runtime_checkable
class Zoomable(Protocol):
    """The map view, as the keys see it (``scene/map_view.py``; not imported: it installs them)."""

    def window(self) -> QWidget: ...
    def mouse_at(self) -> QPoint | None: ...
    def zoom_in(self) -> None: ...
    def zoom_out(self) -> None: ...


class ZoomKeys(QObject):
    def __init__(self, view: QWidget, zoomable: Zoomable):
        super().__init__(view)
        self.view = zoomable

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) or not isinstance(
            event, QKeyEvent
        ):
            return False
        if not shiboken6.isValid(self.parent()) or not isinstance(watched, TYPED_INTO):
            return False
        if event.key() not in ZOOM_IN + ZOOM_OUT or event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            return False
        if self.view.mouse_at() is None or watched.window() is not self.view.window():
            return False  # the mouse is not over this map: the field has the key
        if kind == QEvent.Type.KeyPress:
            (self.view.zoom_in if event.key() in ZOOM_IN else self.view.zoom_out)()
        event.accept()
        return True


def install(view: QGraphicsView) -> ZoomKeys:
    """The filter, a child of ``view`` (it goes with it: Qt drops a deleted object's filters), put on
    each text field of the view's window while it has the keyboard, so no other event pays for it."""
    assert isinstance(view, Zoomable)  # the map view
    keys = ZoomKeys(view, view)

    def focus_moved(old: QWidget | None, new: QWidget | None) -> None:
        if not shiboken6.isValid(keys):
            return
        if isinstance(old, TYPED_INTO) and shiboken6.isValid(old):
            old.removeEventFilter(keys)
        if isinstance(new, TYPED_INTO) and shiboken6.isValid(new):
            new.installEventFilter(keys)

    app = QApplication.instance()
    assert isinstance(app, QApplication)  # a view exists only inside the editor's QApplication
    app.focusChanged.connect(focus_moved)
    view.destroyed.connect(partial(_disconnect, app, focus_moved))
    return keys


def _disconnect(
    app: QApplication, slot: Callable[[QWidget | None, QWidget | None], None], *_args: object
) -> None:
    try:
        app.focusChanged.disconnect(slot)
    except (RuntimeError, TypeError):  # the application already gone
        pass
