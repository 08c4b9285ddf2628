"""The QActions of one main window, made from the catalog: commands with their icons, shortcuts and
handlers; tools as one exclusive group; the menus, the main tool bar and the tools' tool bar.

The window says what each command does in one ``Bindings``: a bound method per ``"call"`` command
(its name in the catalog -> the method), the docks the ``"dock"`` commands show and hide, the undo stack
and what fills each ``"submenu"``. ``ActionSet.build`` refuses bindings that leave a command out or
name one the catalog does not have, so a command without a handler is an error at start-up, not a
dead menu entry."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoStack
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QToolBar

from .catalog import COMMANDS, GROUPS, MENUS, TOOLS, Command, MapKind, commands, tools_for
from .icons import icon


def key_sequences(shortcuts: Iterable[str]) -> list[QKeySequence]:
    """Portable text or ``std:NAME`` (a QKeySequence.StandardKey: the platform's primary binding)."""
    keys: list[QKeySequence] = []
    for text in shortcuts:
        if text.startswith("std:"):
            key = QKeySequence(QKeySequence.StandardKey[text[4:]])
        else:
            key = QKeySequence(text)
        if not key.isEmpty() and key not in keys:
            keys.append(key)
    return keys


def keys_text(action: QAction) -> str:
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())


@dataclass(frozen=True)
class Bindings:
    """What the window's commands do, by the catalog's command names."""

    calls: Mapping[str, Callable[[], object]]  # kind "call", not checkable: run when triggered
    toggles: Mapping[str, Callable[[bool], object]]  # kind "call", checkable: given the new state
    submenus: Mapping[str, Callable[[QMenu], None]]  # kind "submenu": given the empty submenu to fill
    docks: Mapping[str, QDockWidget]  # kind "dock": the dock's own show/hide action
    undo_stack: QUndoStack  # kinds "undo" and "redo"

    def check(self) -> None:
        """Raises ValueError unless every command of the catalog is bound, once, as its kind wants."""
        wanted = {
            "call": {c.name for c in commands() if c.kind == "call" and not c.checkable},
            "toggle": {c.name for c in commands() if c.kind == "call" and c.checkable},
            "submenu": {c.name for c in commands() if c.kind == "submenu"},
            "dock": {c.dock for c in commands() if c.kind == "dock"},
        }
        given: dict[str, set[str]] = {
            "call": set(self.calls),
            "toggle": set(self.toggles),
            "submenu": set(self.submenus),
            "dock": set(self.docks),
        }
        for kind, names in wanted.items():
            missing = names - given[kind]
            unknown = given[kind] - names if kind != "dock" else set[str]()  # a dock needs no command
            if missing or unknown:
                raise ValueError(
                    f"{kind} bindings: missing {sorted(missing)}, not in the catalog {sorted(unknown)}"
                )


def _plain(text: str) -> str:
    return text.replace("&", "").rstrip("…")


class ActionSet:
    """``acts["file.save"]`` and ``acts["tool.brush"]`` are the window's QActions. The tools' actions
    exist from the start (the Place dock's buttons show them); the commands' once ``build`` is given
    the window's bindings."""

    def __init__(self, window: QMainWindow, choose_tool: Callable[[str], None]):
        self.window = window
        self.actions: dict[str, QAction] = {}
        self.submenus: dict[str, QMenu] = {}  # the "submenu" commands' menus, by command name
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
            act.triggered.connect(lambda _checked=False, name=tool.name: choose_tool(name))
            self.tools.addAction(act)
            self.actions[f"tool.{tool.name}"] = act
        self._group_separators: dict[str, QAction] = {}
        self.main_toolbar: QToolBar | None = None
        self.tools_toolbar: QToolBar | None = None

    def __getitem__(self, name: str) -> QAction:
        return self.actions[name]

    def tool_action(self, name: str) -> QAction:
        return self.actions[f"tool.{name}"]

    # -- commands --------------------------------------------------------------------------------
    def _command(self, c: Command, bindings: Bindings) -> QAction:
        w = self.window
        if c.kind == "undo":
            act = bindings.undo_stack.createUndoAction(w, c.text)
        elif c.kind == "redo":
            act = bindings.undo_stack.createRedoAction(w, c.text)
        elif c.kind == "dock":
            act = bindings.docks[c.dock].toggleViewAction()
            act.setText(c.text)
        elif c.checkable:
            act = QAction(c.text, w)
            act.setCheckable(True)
            act.toggled.connect(bindings.toggles[c.name])  # follows setChecked too, as a menu click
        else:
            act = QAction(c.text, w)
            handler = bindings.calls[c.name]
            act.triggered.connect(lambda _checked=False: handler())
        keys = key_sequences(c.shortcuts)
        if keys:
            act.setShortcuts(keys)
        if c.icon:
            act.setIcon(icon(c.icon))
        shown = f" ({keys[0].toString(QKeySequence.SequenceFormat.NativeText)})" if keys else ""
        act.setToolTip(f"{_plain(c.text)}{shown}" + (f": {c.tip}" if c.tip else ""))
        act.setObjectName(c.name)
        return act

    def build(self, bindings: Bindings) -> None:
        """Menus and tool bars, each command bound as ``bindings`` says (ValueError when they do not
        bind every command of the catalog)."""
        bindings.check()
        w = self.window
        bar = w.menuBar()
        menus = {key: bar.addMenu(title) for key, title in MENUS.items()}
        submenus: dict[tuple[str, str], QMenu] = {}
        last_menu: QMenu | None = None
        for c in COMMANDS:
            if isinstance(c, str):  # SEPARATOR, the catalog's only string
                if last_menu is not None:
                    last_menu.addSeparator()
                continue
            menu = last_menu = menus[c.name.split(".")[0]]
            if c.kind == "submenu":
                self.submenus[c.name] = menu.addMenu(c.text)
                continue
            act = self.actions[c.name] = self._command(c, bindings)
            if c.submenu:
                where = (c.name.split(".")[0], c.submenu)
                if where not in submenus:
                    submenus[where] = QMenu(c.submenu, w)
                    menu.addMenu(submenus[where])
                submenus[where].addAction(act)
                continue
            menu.addAction(act)
        self._fill_tools_menu(menus["tools"])
        for name, fill in bindings.submenus.items():  # recent files, layers, rule profiles
            fill(self.submenus[name])
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
            self._group_separators[group] = bar.addSeparator()
            for tool in TOOLS:
                if tool.group == group:
                    bar.addAction(self.tool_action(tool.name))
        self.tools_toolbar = bar

    def show_tools_for(self, kind: MapKind) -> None:
        """Only the tools of a hex (or a table) map are shown and have live shortcuts."""
        names = {t.name for t in tools_for(kind)}
        for tool in TOOLS:
            self.tool_action(tool.name).setVisible(tool.name in names)
        shown = [g for g in GROUPS if any(t.group == g and t.name in names for t in TOOLS)]
        for group, sep in self._group_separators.items():
            sep.setVisible(group in shown and group != shown[0])
