"""The Layers dock: one row per layer of the open map (editor/scene/layer_table.py), top layer first as
in Tiled and napari, with an eye (show / hide) and a lock; View > Layers holds the same eyes as
checkable actions. Both read and write the view's ``LayerState`` and follow its signals, so the dock,
the menu, Ctrl+L (the hex labels or DBM sectors layer) and the map never disagree.

``install(window)`` also remembers each file's layers (``layers_memory``), makes the map view refuse
a tool whose layer is hidden or locked (the reason goes to the status bar), hands the hover tooltip
the current violations and drops a selection whose layer gets locked or hidden.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import (
    QDockWidget,
    QGridLayout,
    QLabel,
    QMenu,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.actions.icons import icon_path
from dambuster.editor.scene.layer_state import LayerState
from dambuster.editor.scene.layer_table import LABELS_LAYER, object_layer

from .layers_memory import LayerMemory


def _toggle_icon(on: str, off: str) -> QIcon:
    i = QIcon()
    i.addFile(str(icon_path(on)), QSize(), QIcon.Mode.Normal, QIcon.State.On)
    i.addFile(str(icon_path(off)), QSize(), QIcon.Mode.Normal, QIcon.State.Off)
    return i


class LayersPanel(QWidget):
    def __init__(self, state: LayerState, parent=None):
        super().__init__(parent)
        self.state = state
        self.eyes: dict[str, QToolButton] = {}
        self.locks: dict[str, QToolButton] = {}
        self.titles: dict[str, QLabel] = {}
        self._kind = ""
        self._eye_icon, self._lock_icon = _toggle_icon("eye", "eye-closed"), _toggle_icon("lock", "lock-open")
        inner = QWidget()
        self.grid = QGridLayout()
        self.grid.setContentsMargins(6, 4, 6, 4)
        self.grid.setHorizontalSpacing(2)
        self.grid.setVerticalSpacing(0)
        self.grid.setColumnStretch(2, 1)
        column = QVBoxLayout(inner)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(self.grid)
        column.addStretch(1)
        scroll = QScrollArea()  # a short dock scrolls instead of making the window taller
        scroll.setWidget(inner)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(scroll)
        state.reset_done.connect(self.rebuild)
        state.changed.connect(self.refresh)
        self.rebuild()

    def rebuild(self) -> None:
        """One row per layer of the current map kind, top layer first (the same rows when the kind
        did not change)."""
        if self._kind == self.state.kind:
            self.refresh()
            return
        self._kind = self.state.kind
        while self.grid.count():
            item = self.grid.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.hide()
                w.deleteLater()
        self.eyes.clear()
        self.locks.clear()
        self.titles.clear()
        for row, lay in enumerate(reversed(self.state.layers())):
            eye = self._button(self._eye_icon, f"Show or hide {lay.title}", f"layer-eye-{lay.key}")
            eye.toggled.connect(lambda on, key=lay.key: self.state.set_visible(key, on))
            lock = self._button(
                self._lock_icon,
                f"Lock {lay.title}: its objects cannot be selected or edited",
                f"layer-lock-{lay.key}",
            )
            lock.toggled.connect(lambda on, key=lay.key: self.state.set_locked(key, on))
            lock.setEnabled(lay.lockable)
            if not lay.lockable:
                lock.setToolTip(f"{lay.title} has nothing to select or edit")
            title = QLabel(lay.title)
            title.setToolTip(lay.tip)
            for col, w in enumerate((eye, lock, title)):
                self.grid.addWidget(w, row, col)
            self.eyes[lay.key], self.locks[lay.key], self.titles[lay.key] = eye, lock, title
        self.refresh()

    def _button(self, icon: QIcon, tip: str, name: str) -> QToolButton:
        b = QToolButton()
        b.setCheckable(True)
        b.setIcon(icon)
        b.setIconSize(QSize(16, 16))
        b.setAutoRaise(True)
        b.setToolTip(tip)
        b.setObjectName(name)
        return b

    def refresh(self, _key: str = "") -> None:
        for key, eye in self.eyes.items():
            for button, on in ((eye, self.state.visible(key)), (self.locks[key], self.state.locked(key))):
                if button.isChecked() != on:
                    button.blockSignals(True)
                    button.setChecked(on)
                    button.blockSignals(False)
            self.titles[key].setEnabled(self.state.visible(key))

    def fill_menu(self, menu: QMenu) -> None:
        """View > Layers: a checkable action per layer, top layer first (made again for a new map)."""
        menu.clear()
        for lay in reversed(self.state.layers()):
            act = QAction(lay.title, menu)
            act.setObjectName(f"layer-{lay.key}")
            act.setCheckable(True)
            act.setChecked(self.state.visible(lay.key))
            act.toggled.connect(lambda on, key=lay.key: self.state.set_visible(key, on))
            menu.addAction(act)

    def sync_menu(self, menu: QMenu) -> None:
        for act in menu.actions():
            key = act.objectName().removeprefix("layer-")
            if act.isChecked() != self.state.visible(key):
                act.setChecked(self.state.visible(key))


class _RefusedDoubleClicks(QObject):
    """Swallows a double-click on the map when the tool's layer is hidden or locked; installed after
    the Place dock's filter, so it sees the event first."""

    def __init__(self, view):
        super().__init__(view)
        self.view = view
        view.viewport().installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        return event.type() == QEvent.Type.MouseButtonDblClick and bool(self.view.tool_refusal())


def install(window) -> LayersPanel:
    """The Layers dock and the wiring described in the module's docstring; ``finish(window)`` fills
    View > Layers once the menus exist."""
    state, doc, view = window.view.layers, window.doc, window.view
    panel = LayersPanel(state)
    dock = QDockWidget("Layers", window)
    dock.setObjectName("dock-layers")
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)  # placed by MainWindow.arrange_docks
    window.docks["layers"] = dock
    window.layers_panel = panel
    memory = LayerMemory(window.settings)

    def restore() -> None:
        kind = "hex" if doc.is_hex else "table"
        state.reset(kind, doc.scenario.meta.profiles, memory.load(doc.path))

    def remember(_key: str = "") -> None:
        memory.save(doc.path, state.to_dict())

    def drop_locked_selection(_key: str = "") -> None:
        tool = view.tool
        chosen = getattr(tool, "selection", None)
        if chosen is not None and not state.editable(object_layer(state.kind, chosen)):
            tool.selection = None
            window.show_selection(None)

    doc.scenario_replaced.connect(restore)
    doc.path_changed.connect(lambda _p: remember())
    state.changed.connect(remember)
    state.changed.connect(drop_locked_selection)
    view.tool_refusal = lambda: state.tool_refusal(window.current_tool, window.tool_options.path_kind())
    view.refused.connect(
        lambda why: window.statusBar().showMessage(f"{why}: {_remedy(why)} it in the Layers dock", 5000)
    )
    view.violations = lambda: window.validation_panel.violations
    window._refused_double_clicks = _RefusedDoubleClicks(view)
    restore()
    return panel


def finish(window) -> None:
    """After the menus are built: View > Layers, and Ctrl+L's check mark following its layer."""
    state, panel = window.view.layers, window.layers_panel
    labels = window.act("view.labels")

    def sync(_key: str = "") -> None:
        on = state.visible(LABELS_LAYER[state.kind])
        if labels.isChecked() != on:
            labels.setChecked(on)
        panel.sync_menu(window.layers_menu)

    state.reset_done.connect(lambda: (panel.fill_menu(window.layers_menu), sync()))
    state.changed.connect(sync)
    panel.fill_menu(window.layers_menu)
    sync()


def _remedy(why: str) -> str:
    """What to do in the Layers dock about a refusal ("Rivers is locked" -> "unlock")."""
    return "unlock" if why.endswith("locked") else "show"
