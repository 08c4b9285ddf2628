"""The "Preview" dock: the breach preview on hex maps, the flash-flood preview on table maps with a
sewer, a note otherwise. Hidden at first (View > Preview, Ctrl+B); closing it removes every overlay.

The pane is built when the dock is first shown (or ``pane`` is first read), and again after a file is
opened: a window that never shows the preview never imports it (the breach, the Monte Carlo panel and
the flash flood, about a fifth of the editor's start-up)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QScrollArea

from dambuster.editor.document import Document
from dambuster.editor.panels.dock_fit import scrolling
from dambuster.model.scenario import TableMap

PREVIEW_ROOM = 300  # the preview's least height (px) before the docks beside it become tabs while it shows

if TYPE_CHECKING:
    from .breach_dock import BreachPreview
    from .flood_dock import FloodPreview


class PreviewDock(QDockWidget):
    """``host``: the main window, whose map the panes draw on (they read its ``doc``, ``view`` and
    ``controller``) and whose ``docks`` make room for this one."""

    def __init__(self, host: QMainWindow, doc: Document, docks: Mapping[str, QDockWidget]):
        super().__init__("Preview", host)
        self.win, self.doc, self.docks = host, doc, docks
        self.setObjectName("dock-preview")
        self._pane: BreachPreview | FloodPreview | QLabel | None = None  # a QLabel: the note
        self._stale = True  # the pane is built for the document's scenario when next needed
        # the pane in a scroll area (a tall pane never makes the window taller); not ``scroll``, which
        # would hide QWidget.scroll()
        self.scroll_area: QScrollArea | None = None
        self._tabbed: list[QDockWidget] = []  # the docks made tabs while it shows (``_tab_beside``)
        host.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        host.installEventFilter(self)  # its close: the tabs go before the layout is saved
        self.hide()
        self.visibilityChanged.connect(self._visible)
        doc.scenario_replaced.connect(self.rebuild)  # after the window's own: the scene is new
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
        from .parts import BreachWindow

        self._stale = False
        host = self.win
        assert isinstance(host, BreachWindow)  # the main window: what the panes read of it (parts.py)
        m = self.doc.scenario.map
        if self.doc.is_hex:
            self._pane = BreachPreview(host)
        elif isinstance(m, TableMap) and m.sewer is not None:
            self._pane = FloodPreview(self.doc, host.view)
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
        if not on and self._tabbed:
            QTimer.singleShot(0, self, self._untab)  # once the dock is out of the layout
        if on and not self.isFloating() and not self.win.tabifiedDockWidgets(self):
            # opened beside Scenario, Minimap and Layers: it gets most of the column, not a sliver
            d, h = self.docks, self.win.height()
            self._tab_beside()
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

    def _tab_beside(self) -> None:
        """Where the docks beside the preview (Scenario, Minimap, Layers) would leave it under
        ``PREVIEW_ROOM`` (a 1366x768 laptop's window), they become tabs of one dock while it shows, so
        that its step controls, log and roll field have room; ``_untab`` puts them back one under the
        other when it closes (or the window does, before it saves its layout)."""
        d = self.docks
        beside = [d[k] for k in ("properties", "minimap", "layers") if d[k].isVisible()]
        beside = [x for x in beside if not x.isFloating()]
        if len(beside) < 2 or any(self.win.tabifiedDockWidgets(x) for x in beside):
            return
        central = self.win.centralWidget()
        column = central.height() if central is not None else self.win.height()  # the map's height
        if column - sum(x.minimumSizeHint().height() + 6 for x in beside) >= PREVIEW_ROOM:
            return
        area = self.win.dockWidgetArea(self)
        if any(self.win.dockWidgetArea(x) != area for x in beside):
            return
        for other in beside[1:]:
            self.win.tabifyDockWidget(beside[0], other)
        beside[-1].raise_()  # Layers in front: the preview overlay's eye
        self._tabbed = beside

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.win and event.type() == QEvent.Type.Close and self._tabbed:
            self._untab()  # the layout saved is the designer's, not the preview's tabs
        return False

    def _untab(self) -> None:
        tabbed, self._tabbed = self._tabbed, []
        if any(x.isFloating() or not self.win.tabifiedDockWidgets(x) for x in tabbed):
            return  # the designer rearranged them meanwhile: left as they are
        area = self.win.dockWidgetArea(tabbed[0])
        for dock in tabbed:  # out of the tabs (a tab, even alone, cannot be split)...
            self.win.removeDockWidget(dock)
        self.win.addDockWidget(area, tabbed[0])  # ...then one under the other, the preview second
        column = [tabbed[0], self, *tabbed[1:]]
        for upper, lower in zip(column, column[1:]):
            self.win.splitDockWidget(upper, lower, Qt.Orientation.Vertical)
        for dock in tabbed:
            dock.show()
