"""The "Preview" dock: the breach preview on hex maps, the flash-flood preview on table maps with a
sewer, a note otherwise. Hidden at first (View > Preview, Ctrl+B); closing it removes every overlay.
``install_preview(window)`` is the one call the main window makes.

The pane is built when the dock is first shown (or ``pane`` is first read), and again after a file is
opened: a window that never shows the preview never imports it (the breach, the Monte Carlo panel and
the flash flood, about a fifth of the editor's start-up)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QScrollArea

from dambuster.model.scenario import TableMap

from ..panels.dock_fit import scrolling

if TYPE_CHECKING:
    from .breach_dock import BreachPreview
    from .flood_dock import FloodPreview


class PreviewDock(QDockWidget):
    def __init__(self, window):
        super().__init__("Preview", window)
        self.win = window
        self.setObjectName("dock-preview")
        self._pane: BreachPreview | FloodPreview | QLabel | None = None  # a QLabel: the note
        self._stale = True  # the pane is built for the document's scenario when next needed
        # the pane in a scroll area (a tall pane never makes the window taller); not ``scroll``, which
        # would hide QWidget.scroll()
        self.scroll_area: QScrollArea | None = None
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        self.hide()
        self.visibilityChanged.connect(self._visible)
        window.doc.scenario_replaced.connect(self.rebuild)  # after the window's own: the scene is new
        self.rebuild()

    @property
    def pane(self) -> BreachPreview | FloodPreview | QLabel:
        """The breach or flash-flood preview (or the note) for the open scenario, built on first use."""
        if self._stale:
            self._build()
        assert self._pane is not None  # built by _build, dropped only by rebuild, which makes it stale
        return self._pane

    def rebuild(self) -> None:
        """A new scenario: the old pane goes; the new one is built now if the dock shows, else when shown."""
        if self._pane is not None and self.scroll_area is not None:  # made together by _build
            if not isinstance(self._pane, QLabel):
                self._pane.detach()
            self.scroll_area.deleteLater()  # and the pane in it
            self._pane = self.scroll_area = None
        self._stale = True
        if self.isVisible():
            self._build()

    def _build(self) -> None:
        from .breach_dock import BreachPreview
        from .flood_dock import FloodPreview

        self._stale = False
        m = self.win.doc.scenario.map
        if self.win.doc.is_hex:
            self._pane = BreachPreview(self.win)
        elif isinstance(m, TableMap) and m.sewer is not None:
            self._pane = FloodPreview(self.win)
        else:
            self._pane = QLabel(
                "No preview for this map: the breach needs a hex map with a dam, "
                "the flash flood a table map with a sewer."
            )
            self._pane.setWordWrap(True)
        self.scroll_area = scrolling(self._pane)
        self.setWidget(self.scroll_area)
        if not isinstance(self._pane, QLabel):
            self._pane.set_active(self.isVisible())

    def _visible(self, on: bool) -> None:
        pane = self.pane if on else self._pane  # built before the column is shared out
        if on and not self.isFloating() and not self.win.tabifiedDockWidgets(self):
            # opened beside Scenario, Minimap and Layers: it gets most of the column, not a sliver
            d, h = self.win.docks, self.win.height()
            column = [d[k] for k in ("properties", "preview", "minimap", "layers") if d[k].isVisible()]
            share = {"dock-properties": 0.15, "dock-preview": 0.6, "dock-minimap": 0.12, "dock-layers": 0.13}
            sizes = [int(h * share[x.objectName()]) for x in column]
            self.win.resizeDocks(column, sizes, Qt.Orientation.Vertical)
            # and the width its controls need (Monte Carlo's row the widest), at most 40 % of the window
            want = min(self.pane.minimumSizeHint().width() + 24, int(self.win.width() * 0.4))
            if self.width() < want:
                self.win.resizeDocks([self], [want], Qt.Orientation.Horizontal)
        if pane is not None and not isinstance(pane, QLabel):
            pane.set_active(on)


def install_preview(window) -> PreviewDock:
    dock = PreviewDock(window)  # View > Preview (Ctrl+B) is its toggle action (editor/actions/catalog.py)
    window.docks["preview"] = dock
    window.preview_dock = dock
    return dock
