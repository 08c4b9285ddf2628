"""The Place dock: the placement tools grouped by rule system (Dambusters, Engineers, Forces on hex
maps; Table, Sewer on table maps) as buttons bound to the tools' own actions, and the selection.
``install(window)`` also gives the window the Edit commands Delete, Copy Region and Paste Region."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.actions.catalog import PLACE_GROUPS, TOOLS, tools_for
from dambuster.editor.edits.clipboard import copy_region, paste
from dambuster.editor.tools.region import RegionTool
from dambuster.editor.tools.select import describe, summary


class PlacePanel(QWidget):
    def __init__(self, window, parent=None):
        super().__init__(parent)
        self.main_window = window  # not `window`: QWidget.window() is the top-level widget
        self.groups: dict[str, QWidget] = {}
        self.buttons: dict[str, QToolButton] = {}
        self._grids: dict[str, tuple[QGridLayout, list[QToolButton]]] = {}
        self.columns = 0
        inner = QWidget()
        column = QVBoxLayout(inner)
        column.setContentsMargins(4, 4, 4, 4)
        for group in PLACE_GROUPS:
            box = QWidget()
            grid = QGridLayout(box)
            grid.setContentsMargins(0, 0, 0, 6)
            grid.setSpacing(2)
            title = QLabel(group)
            title.setStyleSheet("font-weight: bold; color: #404850")
            grid.addWidget(title, 0, 0, 1, -1)
            members = []
            for tool in (t for t in TOOLS if t.group == group):
                b = QToolButton()
                b.setDefaultAction(window.acts.tool_action(tool.name))
                b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
                b.setAutoRaise(True)
                b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
                b.setObjectName(f"place-{tool.name}")
                members.append(b)
                self.buttons[tool.name] = b
            self._grids[group] = (grid, members)
            column.addWidget(box)
            self.groups[group] = box
        self._arrange(1)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.selected = QLabel()
        self.selected.setObjectName("place-selection")
        self.selected.setWordWrap(True)
        self.selected.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(scroll, 1)
        box.addWidget(self.selected)
        self.refresh()

    def _arrange(self, columns: int) -> None:
        """Lays each group's buttons out in ``columns`` columns."""
        if columns == self.columns:
            return
        self.columns = columns
        for grid, members in self._grids.values():
            for i, b in enumerate(members):
                grid.removeWidget(b)
                grid.addWidget(b, 1 + i // columns, i % columns)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        widest = max(b.sizeHint().width() for b in self.buttons.values())
        self._arrange(max(1, (self.width() - 12) // (widest + 2)))

    def refresh(self) -> None:
        """Shows the groups of the open map's kind."""
        kind = "hex" if self.main_window.doc.is_hex else "table"
        groups = {t.group for t in tools_for(kind)}
        for group, box in self.groups.items():
            box.setVisible(group in groups)

    def shown_groups(self) -> list[str]:
        return [g for g, box in self.groups.items() if not box.isHidden()]


class _ViewKeys(QObject):
    """Forwards double-clicks, Enter and Escape on the map view to tools that take them."""

    def __init__(self, view):
        super().__init__(view)
        self.view = view
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        tool = self.view.tool
        if event.type() == QEvent.Type.MouseButtonDblClick and hasattr(tool, "double_click"):
            tool.double_click(self.view.mapToScene(event.position().toPoint()))
            return True
        if event.type() == QEvent.Type.KeyPress:
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and hasattr(tool, "finish"):
                tool.finish()
                return True
            if event.key() == Qt.Key.Key_Escape and hasattr(tool, "cancel"):
                tool.cancel()
                return True
        return False


def install(window) -> PlacePanel:
    """Adds the Place dock and the window's ``show_selection``, ``delete_selection``, ``copy_region``
    and ``paste_region`` (the handlers of Edit > Delete / Copy Region / Paste Region)."""
    panel = PlacePanel(window)
    dock = QDockWidget("Place", window)
    dock.setObjectName("dock-place")
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.docks["place"] = dock
    window.place_panel = panel
    window.selection = None
    window.clip = None
    window.cursor_scene = QPointF()
    window.view.cursor_moved.connect(lambda p: setattr(window, "cursor_scene", QPointF(p)))
    window._view_keys = _ViewKeys(window.view)

    def show_selection(obj) -> None:
        window.selection = obj
        m = window.doc.scenario.map
        panel.selected.setText(
            summary(obj, m.layout, None) if window.doc.is_hex else summary(obj, None, m.unit)
        )
        shower = getattr(window.properties_panel, "show_object", None)
        if callable(shower):
            shower(obj)
        window.statusBar().showMessage(f"Selected {describe(obj)}" if obj is not None else "", 5000)

    def delete_selection() -> None:
        if hasattr(window.view.tool, "delete"):
            window.view.tool.delete()

    def copy() -> None:
        tool = window.view.tool
        if isinstance(tool, RegionTool) and tool.selected and window.doc.is_hex:
            window.clip = copy_region(window.doc.scenario, tool.selected)
            window.statusBar().showMessage(f"Copied {len(window.clip.terrain)} hexes", 5000)

    def paste_here() -> None:
        if window.clip is None or not window.doc.is_hex:
            return
        h = window.controller.hex_at(window.cursor_scene)
        if h is not None:
            paste(window.doc, window.clip, h)

    window.show_selection = show_selection
    window.delete_selection = delete_selection
    window.copy_region = copy
    window.paste_region = paste_here
    window.doc.scenario_replaced.connect(panel.refresh)
    return panel
