"""The Layers dock: one row per layer of the open map (editor/scene/layer_table.py), top layer first as
in Tiled and napari, with an eye (show / hide) and a lock; View > Layers holds the same eyes as
checkable actions. Both read and write the view's ``LayerState`` and follow its signals, so the dock,
the menu, Ctrl+L (the hex labels or DBM sectors layer) and the map never disagree.

``LayersDock`` also remembers each file's layers (``layers_memory``), says why a tool whose layer is
hidden or locked may not act (``tool_refusal``, which the map view asks before a press; the reason
goes to the status bar) and drops a selection whose layer gets locked or hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import (
    QDockWidget,
    QGridLayout,
    QLabel,
    QMenu,
    QScrollArea,
    QStatusBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.actions.icons import icon_path
from dambuster.editor.document import Document
from dambuster.editor.editor_state import EditorState
from dambuster.editor.scene.layer_state import LayerState
from dambuster.editor.scene.layer_table import LABELS_LAYER, object_layer  # pyright: ignore[reportUnknownVariableType]  (layer_table.py: ``obj`` untyped)
from dambuster.editor.scene.map_view import MapView
from dambuster.editor.tools.capabilities import Selects

from .layers_memory import LayerMemory


def _toggle_icon(on: str, off: str) -> QIcon:
    i = QIcon()
    i.addFile(str(icon_path(on)), QSize(), QIcon.Mode.Normal, QIcon.State.On)
    i.addFile(str(icon_path(off)), QSize(), QIcon.Mode.Normal, QIcon.State.Off)
    return i


class LayersPanel(QWidget):
    def __init__(self, state: LayerState, parent: QWidget | None = None):
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
            eye.toggled.connect(partial(self.state.set_visible, lay.key))
            lock = self._button(
                self._lock_icon,
                f"Lock {lay.title}: its objects cannot be selected or edited",
                f"layer-lock-{lay.key}",
            )
            lock.toggled.connect(partial(self.state.set_locked, lay.key))
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
            act.toggled.connect(partial(self.state.set_visible, lay.key))
            menu.addAction(act)

    def sync_menu(self, menu: QMenu) -> None:
        for act in menu.actions():
            key = act.objectName().removeprefix("layer-")
            if act.isChecked() != self.state.visible(key):
                act.setChecked(self.state.visible(key))


class LayersDock(QDockWidget):
    """The dock, and what follows the layers: the file's layers remembered and restored, a selection
    on a layer locked or hidden dropped, a refused press said on the status bar."""

    def __init__(
        self,
        layers: LayerState,
        doc: Document,
        view: MapView,
        state: EditorState,
        settings: QSettings,
        status: QStatusBar,
        path_kind: Callable[[], str],
        parent: QWidget | None = None,
    ):
        super().__init__("Layers", parent)
        self.setObjectName("dock-layers")
        self.layers, self.doc, self.view, self.state, self.status = layers, doc, view, state, status
        self.path_kind = path_kind  # what the Path tool lays (a river's layer is not a road's)
        self.panel = LayersPanel(layers)
        self.setWidget(self.panel)
        self.memory = LayerMemory(settings)
        doc.scenario_replaced.connect(self.restore)
        doc.path_changed.connect(self.remember)
        layers.changed.connect(self.remember)
        layers.changed.connect(self._drop_locked_selection)
        view.refused.connect(self._refused)
        self.restore()

    def _refused(self, why: str) -> None:
        """A press of the tool refused: why, and what to do about it ("Rivers is locked: unlock it...")."""
        self.status.showMessage(f"{why}: {_remedy(why)} it in the Layers dock", 5000)

    def restore(self) -> None:
        """The layers the open file had when last edited (the defaults for a new one)."""
        kind = "hex" if self.doc.is_hex else "table"
        self.layers.reset(kind, self.doc.scenario.meta.profiles, self.memory.load(self.doc.path))  # pyright: ignore[reportUnknownMemberType]  (LayerState.reset: untyped parameter types)

    def remember(self, *_args: object) -> None:
        self.memory.save(self.doc.path, self.layers.to_dict())  # pyright: ignore[reportUnknownMemberType, reportUnknownArgumentType]  (LayerState.to_dict: an untyped dict)

    def _drop_locked_selection(self, _key: str = "") -> None:
        tool = self.view.tool
        if not isinstance(tool, Selects) or tool.selection is None:
            return
        if not self.layers.editable(object_layer(self.layers.kind, tool.selection)):
            tool.selection = None
            self.state.select(None)

    def tool_refusal(self) -> str:
        """Why the current tool may not act now ("Rivers is locked"), or ""."""
        return self.layers.tool_refusal(self.state.tool, self.path_kind())

    def attach_menu(self, menu: QMenu, labels: QAction) -> None:
        """View > Layers (``menu``, rebuilt for each new map), and Ctrl+L's check mark (``labels``)
        following the labels (or sectors) layer."""

        def sync(_key: str = "") -> None:
            on = self.layers.visible(LABELS_LAYER[self.layers.kind])
            if labels.isChecked() != on:
                labels.setChecked(on)
            self.panel.sync_menu(menu)

        def rebuilt() -> None:
            self.panel.fill_menu(menu)
            sync()

        self.layers.reset_done.connect(rebuilt)
        self.layers.changed.connect(sync)
        rebuilt()


def _remedy(why: str) -> str:
    """What to do in the Layers dock about a refusal ("Rivers is locked" -> "unlock")."""
    return "unlock" if why.endswith("locked") else "show"
