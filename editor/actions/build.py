"""The QActions of one main window, made from the catalog: commands with their icons, shortcuts and
handlers; tools as one exclusive group; the menus, the main tool bar and the tools' tool bar."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from .catalog import COMMANDS, GROUPS, MENUS, TOOLS, Command, commands, tools_for
from .icons import icon


def key_sequences(shortcuts) -> list[QKeySequence]:
    """Portable text or ``std:NAME`` (a QKeySequence.StandardKey: the platform's primary binding)."""
    keys: list[QKeySequence] = []
    for text in shortcuts:
        if text.startswith("std:"):
            key = QKeySequence(getattr(QKeySequence.StandardKey, text[4:]))
        else:
            key = QKeySequence(text)
        if not key.isEmpty() and key not in keys:
            keys.append(key)
    return keys


def keys_text(action: QAction) -> str:
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())


def resolve(window, path: str):
    """``"view.zoom_in"`` -> window.view.zoom_in."""
    obj = window
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


#: The catalog's "menu:ATTR" submenus filled by a part of the window: ATTR -> the method filling it.
MENU_FILLERS = {"profiles_menu": "properties_panel.fill_profiles_menu"}


def _plain(text: str) -> str:
    return text.replace("&", "").rstrip("…")


class ActionSet:
    """``acts["file.save"]`` and ``acts["tool.brush"]`` are the window's QActions."""

    def __init__(self, window):
        self.window = window
        self.actions: dict[str, QAction] = {}
        self.tools = QActionGroup(window)
        self.tools.setExclusive(True)
        for tool in TOOLS:
            act = QAction(icon(tool.icon), tool.text, window)
            act.setObjectName(f"tool-{tool.name}")
            act.setCheckable(True)
            act.setData(tool.name)
            if tool.shortcut:
                act.setShortcut(QKeySequence(tool.shortcut))
            key = f" ({tool.shortcut})" if tool.shortcut else ""
            act.setToolTip(f"{tool.text}{key}" + (f": {tool.tip}" if tool.tip else ""))
            act.triggered.connect(lambda _checked=False, name=tool.name: window.set_tool(name))
            self.tools.addAction(act)
            self.actions[f"tool.{tool.name}"] = act
        self._group_separators: dict[str, list[QAction]] = {}

    def __getitem__(self, name: str) -> QAction:
        return self.actions[name]

    def tool_action(self, name: str) -> QAction:
        return self.actions[f"tool.{name}"]

    # -- commands --------------------------------------------------------------------------------
    def _command(self, c: Command) -> QAction:
        w = self.window
        if c.handler in ("undo", "redo"):
            stack = w.doc.undo_stack
            act = (
                stack.createUndoAction(w, c.text)
                if c.handler == "undo"
                else stack.createRedoAction(w, c.text)
            )
        elif c.handler.startswith("dock:"):
            act = w.docks[c.handler[5:]].toggleViewAction()
            act.setText(c.text)
        else:
            act = QAction(c.text, w)
            act.setCheckable(c.checkable)
            signal = act.toggled if c.checkable else act.triggered  # a checkable one follows setChecked too
            signal.connect(lambda checked=False, c=c: self._call(c, checked))
        keys = key_sequences(c.shortcuts)
        if keys:
            act.setShortcuts(keys)
        if c.icon:
            act.setIcon(icon(c.icon))
        shown = f" ({keys[0].toString(QKeySequence.SequenceFormat.NativeText)})" if keys else ""
        act.setToolTip(f"{_plain(c.text)}{shown}" + (f": {c.tip}" if c.tip else ""))
        act.setObjectName(c.name)
        return act

    def _call(self, c: Command, checked: bool) -> None:
        handler = resolve(self.window, c.handler)
        handler(checked) if c.checkable else handler()

    def build(self) -> None:
        """Menus and tool bars; called once the window has everything the handlers name."""
        w = self.window
        bar = w.menuBar()
        menus = {key: bar.addMenu(title) for key, title in MENUS.items()}
        submenus: dict[tuple[str, str], QMenu] = {}
        last_menu = None
        for c in COMMANDS:
            if isinstance(c, str):  # SEPARATOR, the catalog's only string
                if last_menu is not None:
                    last_menu.addSeparator()
                continue
            menu = last_menu = menus[c.name.split(".")[0]]
            if c.handler.startswith("menu:"):
                sub = menu.addMenu(c.text)
                setattr(w, c.handler[5:], sub)
                continue
            act = self.actions[c.name] = self._command(c)
            if c.submenu:
                where = (c.name.split(".")[0], c.submenu)
                if where not in submenus:
                    submenus[where] = QMenu(c.submenu, w)
                    menu.addMenu(submenus[where])
                submenus[where].addAction(act)
                continue
            menu.addAction(act)
        self._fill_tools_menu(menus["tools"])
        for attr, filler in MENU_FILLERS.items():  # submenus whose items a dock keeps
            resolve(w, filler)(getattr(w, attr))
        self._main_toolbar()
        self._tools_toolbar()

    def _fill_tools_menu(self, menu: QMenu) -> None:
        first = menu.actions()[0] if menu.actions() else None
        # before None: at the end, as Qt documents (PySide6's stubs want a QAction)
        for group in GROUPS:
            for tool in TOOLS:
                if tool.group == group:
                    menu.insertAction(first, self.tool_action(tool.name))  # pyright: ignore[reportArgumentType]
            menu.insertSeparator(first)  # pyright: ignore[reportArgumentType]

    def _main_toolbar(self) -> None:
        bar = self.window.addToolBar("Main")
        bar.setObjectName("toolbar-main")
        previous = None
        for c in commands():
            if not c.toolbar:
                continue
            menu = c.name.split(".")[0]
            if previous is not None and menu != previous:
                bar.addSeparator()
            bar.addAction(self.actions[c.name])
            previous = menu
        self.main_toolbar = bar

    def _tools_toolbar(self) -> None:
        bar = QToolBar("Tools", self.window)
        bar.setObjectName("toolbar-tools")
        self.window.addToolBar(Qt.ToolBarArea.LeftToolBarArea, bar)
        for group in GROUPS:
            sep = bar.addSeparator()
            self._group_separators[group] = [sep]
            for tool in TOOLS:
                if tool.group == group:
                    bar.addAction(self.tool_action(tool.name))
        self.tools_toolbar = bar

    def show_tools_for(self, kind: str) -> None:
        """Only the tools of a hex (or a table) map are shown and have live shortcuts."""
        names = {t.name for t in tools_for(kind)}
        for tool in TOOLS:
            self.tool_action(tool.name).setVisible(tool.name in names)
        shown = [g for g in GROUPS if any(t.group == g and t.name in names for t in TOOLS)]
        for group, seps in self._group_separators.items():
            for sep in seps:
                sep.setVisible(group in shown and group != shown[0])
