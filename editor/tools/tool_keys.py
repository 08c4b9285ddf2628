"""What the map view hands the current tool besides presses, moves and releases: a double-click
(finishing a table shape), Enter (the same) and Escape (dropping a shape half drawn), each only to a
tool that takes it. A double-click is swallowed while the tool may not act (its layer hidden or
locked: ``MapView.tool_refusal``), as a press is."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from dambuster.editor.scene.map_view import MapView

from .base import Cancels
from .capabilities import DoubleClicks, Finishes


class ToolKeys(QObject):
    """An event filter on the map view (and its viewport), a child of the view."""

    def __init__(self, view: MapView):
        super().__init__(view)
        self.view = view
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        tool = self.view.tool
        if isinstance(event, QMouseEvent) and event.type() == QEvent.Type.MouseButtonDblClick:
            if self.view.tool_refusal():
                return True  # as a press of a refused tool: nothing happens (the press said why)
            if isinstance(tool, DoubleClicks):
                tool.double_click(self.view.mapToScene(event.position().toPoint()))
                return True
            return False
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress:
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and isinstance(tool, Finishes):
                tool.finish()
                return True
            if event.key() == Qt.Key.Key_Escape and isinstance(tool, Cancels):
                tool.cancel()
                return True
        return False
