"""Covers over the docks that show the open map's own state (its preview, history, properties,
problems, minimap, layers) while the start page shows: nothing of a map left open under the page
shows beside it. A cover is a plain panel laid over the dock's contents, not the contents hidden, so
the docks keep their sizes and the layout is the same when the map shows again."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QDockWidget, QWidget

#: the docks whose contents are the map's own state
MAP_STATE_DOCKS = ("preview", "history", "properties", "validation", "minimap", "layers")


class DockCover(QObject):
    """One plain panel over a dock's contents, following them as the dock is resized or its contents
    replaced (the Preview dock builds new contents for each map)."""

    def __init__(self, dock: QDockWidget):
        super().__init__(dock)
        self.dock = dock
        self.panel = QWidget(dock)
        self.panel.setObjectName("start-page-cover")
        self.panel.setAutoFillBackground(True)
        self.panel.hide()
        dock.installEventFilter(self)

    def set_covering(self, on: bool) -> None:
        self.panel.setVisible(on)
        self._follow()

    def _follow(self) -> None:
        content = self.dock.widget()
        if self.panel.isVisible() and content is not None:  # pyright: ignore[reportUnnecessaryComparison]  (Preview's is None before its pane is built)
            self.panel.setGeometry(content.geometry())
            self.panel.raise_()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest, QEvent.Type.ChildAdded):
            self._follow()
        return False


def make_covers(docks: Mapping[str, QDockWidget]) -> dict[str, DockCover]:
    """A cover for each of the window's docks (by key) of the map's own state."""
    return {key: DockCover(docks[key]) for key in MAP_STATE_DOCKS if key in docks}
