"""The Place dock: the placement tools grouped by rule system (Dambusters, Engineers, Forces on hex
maps; Table, Sewer on table maps) as buttons bound to the tools' own actions, and below them the
details of the selection.

The details follow the document, so none shows what is no longer true: written again after every
change of the map (a dam's SP set in the inspector shows at once), and emptied when the selected
object goes (deleted, or undone away) or another file (or template) opens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QResizeEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.actions.catalog import PLACE_GROUPS, TOOLS, tools_for
from dambuster.editor.document import Document
from dambuster.editor.editor_state import EditorState
from dambuster.editor.geometry.locate import find_by_id
from dambuster.editor.tools.object_words import summary  # pyright: ignore[reportUnknownVariableType]  (object_words.py: ``layout`` untyped)
from dambuster.model.scenario import HexMap


class PlacePanel(QWidget):
    def __init__(
        self,
        doc: Document,
        state: EditorState,
        tool_action: Callable[[str], QAction],
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.doc, self.state = doc, state
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
            members: list[QToolButton] = []
            for tool in (t for t in TOOLS if t.group == group):
                b = QToolButton()
                b.setDefaultAction(tool_action(tool.name))
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
        state.selected.connect(self.show_details)
        doc.features_changed.connect(self._edited)
        doc.meta_changed.connect(self._edited)
        doc.scenario_replaced.connect(self._file_changed)
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

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        widest = max(b.sizeHint().width() for b in self.buttons.values())
        self._arrange(max(1, (self.width() - 12) // (widest + 2)))

    def refresh(self) -> None:
        """Shows the groups of the open map's kind."""
        kind = "hex" if self.doc.is_hex else "table"
        groups = {t.group for t in tools_for(kind)}
        for group, box in self.groups.items():
            box.setVisible(group in groups)

    def shown_groups(self) -> list[str]:
        return [g for g, box in self.groups.items() if not box.isHidden()]

    # -- the selection's details -----------------------------------------------------------------
    def _details(self, obj: Any) -> str:
        m = self.doc.scenario.map
        return summary(obj, m.layout) if isinstance(m, HexMap) else summary(obj, None, m.unit)

    def show_details(self, obj: Any) -> None:
        """The selected object's fields in people's words (nothing for None)."""
        self.selected.setText(self._details(obj))

    def _edited(self, *_args: object) -> None:
        """After a change of the map: the selection as it now stands (found again by its id), or none."""
        obj = self.state.selection
        if obj is None:
            return
        ident = getattr(obj, "id", None)
        current = find_by_id(self.doc.scenario, ident) if ident else obj
        if current is None:
            self.state.select(None)  # deleted or undone away
            return
        self.state.selection = current
        self.show_details(current)

    def _file_changed(self) -> None:
        self.refresh()
        if self.state.selection is not None:
            self.state.selection = None
            self.selected.setText("")
