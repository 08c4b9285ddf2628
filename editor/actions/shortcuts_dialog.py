"""Help > Keyboard Shortcuts: every command and tool that has keys, read from the window's actions
(so it shows what the keys really are), and the map's navigation keys."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QShowEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from .build import ActionSet, keys_text
from .catalog import GROUPS, MENUS, NAVIGATION, TOOLS, commands

FRAME = 70  # a title bar and borders, and a panel's share, kept free of the screen's height


def shortcut_rows(acts: ActionSet) -> list[tuple[str, list[tuple[str, str]]]]:
    """(section, [(what, keys)]) in menu order, tools by group, then navigation."""
    sections: list[tuple[str, list[tuple[str, str]]]] = []
    for key, title in MENUS.items():
        rows = [
            (acts[c.name].text().replace("&", ""), keys_text(acts[c.name]))
            for c in commands()
            if c.name.startswith(key + ".") and c.name in acts.actions
        ]
        if key == "tools":
            rows = [
                (f"{t.text} ({t.group})", keys_text(acts.tool_action(t.name)))
                for g in GROUPS
                for t in TOOLS
                if t.group == g
            ] + rows
        rows = [(what, keys) for what, keys in rows if keys]
        if rows:
            sections.append((title.replace("&", ""), rows))
    sections.append(("Map", [(what, keys) for keys, what in NAVIGATION]))
    return sections


class ShortcutsDialog(QDialog):
    def __init__(self, acts: ActionSet, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Action", "Keys"])
        self.tree.setRootIsDecorated(False)
        for section, rows in shortcut_rows(acts):
            head = QTreeWidgetItem(self.tree, [section])
            font = head.font(0)
            font.setBold(True)
            head.setFont(0, font)
            head.setFirstColumnSpanned(True)
            for what, keys in rows:
                QTreeWidgetItem(head, [what, keys])
            head.setExpanded(True)
        self.tree.resizeColumnToContents(0)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(self.tree)
        box.addWidget(buttons)
        # as tall as the list, within the screen less room for the frame (the list scrolls): Close is
        # never below a 1366x768 screen's edge
        screen = parent.screen() if parent is not None else QGuiApplication.primaryScreen()
        high = min(760, screen.availableGeometry().height() - FRAME)
        self.resize(520, high)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        screen = self.screen()
        room, frame = screen.availableGeometry(), self.frameGeometry()
        if not room.contains(frame):  # centred on a window near the screen's edge: moved into it
            frame.moveBottom(min(frame.bottom(), room.bottom()))
            frame.moveRight(min(frame.right(), room.right()))
            frame.moveTop(max(frame.top(), room.top()))
            frame.moveLeft(max(frame.left(), room.left()))
            self.move(frame.topLeft())

    def rows(self) -> dict[str, str]:
        """What -> keys, every section (for tests)."""
        out: dict[str, str] = {}
        for i in range(self.tree.topLevelItemCount()):
            head = self.tree.topLevelItem(i)
            if head is None:  # (never: i is in range)
                continue
            for j in range(head.childCount()):
                row = head.child(j)
                if row is not None:
                    out[row.text(0)] = row.text(1)
        return out
