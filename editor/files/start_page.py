"""The start page: what the editor shows in place of the map when it opens without a file — recent
files, templates (new scenarios from `templates.TEMPLATES`) and the bundled samples of a checkout.

It shares the centre of the window with the map view (a stack); the docks stay where the user left
them. It is shown only by `app.build` without a file (and File > Start Page), never by a bare
`MainWindow`, so tests and a file on the command line go straight to the map. Any new document
(open, recover, New, a template) hides it. While it shows, nothing of the map left open under it
shows or changes: its readouts and checks pause, the docks of its state are covered
(``start_page_cover``), the palettes and the Edit, Scenario and Rules commands greyed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import cast

from PySide6.QtCore import QMimeData, QSettings, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QCommandLinkButton,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.actions.build import ActionSet
from dambuster.editor.actions.icons import icon
from dambuster.editor.document import Document
from dambuster.editor.panels.status_readouts import StatusReadouts
from dambuster.editor.validation.presenter import ValidationPresenter
from dambuster.model import new_hex_scenario

from .file_commands import FileCommands
from .start_page_cover import DockCover, make_covers
from .templates import TEMPLATES, Sample, checkout_samples_dir, glance, samples_in

STYLE = """
#start-page { background: palette(base); }
#start-page QLabel#start-title { font-size: 22pt; font-weight: 600; }
#start-page QLabel#start-subtitle { color: palette(placeholder-text); font-size: 11pt; }
#start-page QLabel[heading="true"] { font-size: 13pt; font-weight: 600; padding-top: 12px; }
#start-page QLabel[hint="true"] { color: palette(placeholder-text); }
"""


def entry(title: str, description: str, icon_name: str) -> QCommandLinkButton:
    button = QCommandLinkButton(title, description)
    button.setIcon(icon(icon_name))
    button.setToolTip(description)
    return button


def shown_path(path: Path) -> str:
    """The path as a user reads it: ``~/maps/valley.json`` under the home folder."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)


#: the settings key of the recent files' titles, each kept with the file's size and modification time
GLANCES_KEY = "start/glances"


def glance_recent(settings: QSettings, paths: list[Path]) -> dict[Path, Sample]:
    """``glance`` of each existing file, remembered in ``settings`` with the file's size and modification
    time: the start page reads a recent file again only once it has changed (reading a 1.5 MB map for
    its title takes longer than building the whole page)."""
    memo = _remembered(settings)
    seen: dict[Path, Sample] = {}
    kept: dict[str, list[str]] = {}
    for path in paths:
        try:
            st = path.stat()
        except OSError:
            continue
        stamp = f"{st.st_size}:{st.st_mtime_ns}"
        old = memo.get(str(path))
        if old is not None and old[0] == stamp:
            seen[path] = Sample(path, old[1], old[2])
        else:
            seen[path] = glance(path)
        kept[str(path)] = [stamp, seen[path].title, seen[path].icon]
    if kept != memo:
        settings.setValue(GLANCES_KEY, json.dumps(kept))
    return seen


def _remembered(settings: QSettings) -> dict[str, list[str]]:
    """The titles kept by ``glance_recent``: path -> [stamp, title, icon] (anything else left out)."""
    try:
        loaded: object = json.loads(str(settings.value(GLANCES_KEY, "{}")))
    except ValueError:
        return {}
    if not isinstance(loaded, dict):
        return {}
    return {
        str(key): cast("list[str]", entry)
        for key, entry in cast("dict[object, object]", loaded).items()
        if isinstance(entry, list)
        and len(cast("list[object]", entry)) == 3
        and all(isinstance(x, str) for x in cast("list[object]", entry))
    }


def heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setProperty("heading", True)
    return label


class StartPage(QScrollArea):
    """The page, scrollable when the window is small. ``sections`` maps a section name ("templates",
    "samples", "recent") to its entries' buttons, in order, for tests and the screenshot script.
    ``stack`` is the window's centre, where the page takes the place of ``map_view``; ``docks`` and
    ``actions`` are the window's."""

    toggled = Signal(bool)  # shown (True) or hidden: the window's title follows

    def __init__(
        self,
        doc: Document,
        settings: QSettings,
        files: FileCommands,
        stack: QStackedWidget,
        map_view: QWidget,
        readouts: StatusReadouts,
        findings: ValidationPresenter,
        actions: ActionSet,
        docks: Mapping[str, QDockWidget],
        samples_dir: Path | None = None,
    ):
        super().__init__()
        self.doc, self.settings, self.files, self.stack, self.map_view = doc, settings, files, stack, map_view
        self.readouts, self.findings, self.action_set, self.docks = readouts, findings, actions, docks
        stack.addWidget(self)
        doc.scenario_replaced.connect(self._replaced)
        self.samples_dir = checkout_samples_dir() if samples_dir is None else samples_dir
        self.setObjectName("start-page")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setStyleSheet(STYLE)
        self.setAcceptDrops(True)  # a scenario file dropped anywhere on the page opens it
        self.sections: dict[str, list[QCommandLinkButton]] = {}
        self.section_boxes: dict[str, QWidget] = {}
        self.buttons: dict[str, QPushButton] = {}  # New…, Open…, Blank map; built by show_page
        self._row: QBoxLayout | None = None  # the sections' two columns (``_arrange``)
        self._columns: tuple[QVBoxLayout, QVBoxLayout] = (QVBoxLayout(), QVBoxLayout())
        self._side_by_side: bool | None = None
        self._covers: dict[str, DockCover] | None = (
            None  # over the docks of the map's state (``_docks_enabled``)
        )
        self._was_enabled: dict[str, bool] | None = None  # commands greyed while shown (``_actions_enabled``)

    # -- building --------------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Builds the page again from the settings and the samples folder (recent files change)."""
        body = QWidget()
        body.setObjectName("start-page")
        outer = QVBoxLayout(body)
        outer.setContentsMargins(48, 36, 48, 36)
        title = QLabel("dambuster")
        title.setObjectName("start-title")
        subtitle = QLabel("Scenario and map editor for hex and tabletop wargames")
        subtitle.setObjectName("start-subtitle")
        subtitle.setWordWrap(True)  # its one long line would widen the page past a narrow centre (1366x768)
        outer.addWidget(title)
        outer.addWidget(subtitle)
        outer.addLayout(self._buttons())

        columns = QBoxLayout(QBoxLayout.Direction.LeftToRight)  # or one above the other (``_arrange``)
        columns.setSpacing(40)
        left, right = QVBoxLayout(), QVBoxLayout()
        self.sections.clear()
        left.addWidget(self._section("recent", "Recent files", self._recent_entries()))
        left.addWidget(self._section("templates", "New from a template", self._template_entries()))
        samples = self._sample_entries()
        right.addWidget(self._section("samples", "Samples", samples))
        self.section_boxes["samples"].setVisible(bool(samples))
        left.addStretch(1)
        right.addStretch(1)
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        self._row, self._columns, self._side_by_side = columns, (left, right), None
        outer.addLayout(columns)
        outer.addStretch(1)
        self.setWidget(body)  # the old body is deleted
        self._arrange()

    def _arrange(self) -> None:
        """Samples beside the templates where both columns fit the page's width, else under them
        (a 1366-wide screen with wide docks), so no entry is cut at the page's right edge."""
        body = self.widget()
        outer = body.layout() if body is not None else None
        if self._row is None or outer is None:
            return
        left, right = self._columns
        margins = outer.contentsMargins()
        need = left.sizeHint().width() + right.sizeHint().width() + self._row.spacing()
        side_by_side = need + margins.left() + margins.right() <= self.viewport().width()
        if side_by_side != self._side_by_side:
            self._side_by_side = side_by_side
            self._row.setDirection(
                QBoxLayout.Direction.LeftToRight if side_by_side else QBoxLayout.Direction.TopToBottom
            )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setContentsMargins(0, 16, 0, 0)
        self.buttons = {}
        entries: tuple[tuple[str, str, Callable[[], object], str], ...] = (
            ("New…", "std:SP_FileIcon", self.files.new, "start-new"),
            ("Open…", "std:SP_DialogOpenButton", self.files.open, "start-open"),
            ("Blank map", "hexside", self.hide_page, "start-blank"),
        )
        for text, icon_name, slot, name in entries:
            button = QPushButton(icon(icon_name), text)
            button.setObjectName(name)
            button.clicked.connect(slot)
            row.addWidget(button)
            self.buttons[name] = button
        self.buttons["start-blank"].setToolTip("Close the start page and edit the blank map behind it")
        row.addStretch(1)
        return row

    def _section(self, key: str, title: str, entries: list[QWidget]) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(heading(title))
        for widget in entries:
            layout.addWidget(widget)
        self.section_boxes[key] = box
        self.sections[key] = [w for w in entries if isinstance(w, QCommandLinkButton)]
        return box

    def _template_entries(self) -> list[QWidget]:
        entries: list[QWidget] = []
        for t in TEMPLATES:
            button = entry(t.title, t.description, t.icon)
            button.clicked.connect(lambda _checked=False, key=t.key: self.open_template(key))
            entries.append(button)
        return entries

    def _sample_entries(self) -> list[QWidget]:
        entries: list[QWidget] = []
        for sample in samples_in(self.samples_dir):
            button = entry(sample.title, sample.path.name, sample.icon)
            button.clicked.connect(lambda _checked=False, p=sample.path: self.open_file(p))
            entries.append(button)
        return entries

    def _recent_entries(self) -> list[QWidget]:
        recent = self.files.recent_files()
        if not recent:
            hint = QLabel("Files you open or save appear here.")
            hint.setProperty("hint", True)
            return [hint]
        entries: list[QWidget] = []
        paths = [Path(text) for text in recent]
        glances = glance_recent(self.settings, [p for p in paths if p.is_file()])
        for path in paths:
            missing = path not in glances
            if missing:
                button = entry(path.name, f"{shown_path(path)} (not found)", "std:SP_FileIcon")
            else:
                seen = glances[path]  # the scenario's title, else its file name
                button = entry(seen.title, shown_path(path), seen.icon)
            button.setEnabled(not missing)
            button.clicked.connect(lambda _checked=False, p=path: self.open_file(p))
            entries.append(button)
        return entries

    # -- what the entries do ---------------------------------------------------------------------
    def open_template(self, key: str) -> bool:
        """A new scenario from template ``key`` (after asking to save unsaved work)."""
        template = next(t for t in TEMPLATES if t.key == key)
        if not self.files.maybe_save():
            return False
        # scenario_replaced hides the page
        self.doc.reset(template.make())  # pyright: ignore[reportUnknownMemberType]  (Document.reset: untyped parameter types)
        return True

    def open_file(self, path: Path) -> bool:
        return self.files.maybe_save() and self.files.open_path(path)

    # -- a scenario dropped on the page ------------------------------------------------------------
    @staticmethod
    def dropped_file(mime: QMimeData) -> Path | None:
        """The one local file a drag carries, or None (several files, a web link, text)."""
        urls = mime.urls() if mime.hasUrls() else []
        if len(urls) != 1 or not urls[0].isLocalFile():
            return None
        path = Path(urls[0].toLocalFile())
        return path if path.is_file() else None

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.dropped_file(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if self.dropped_file(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        path = self.dropped_file(event.mimeData())
        if path is not None:
            event.acceptProposedAction()
            self.open_file(path)

    # -- showing ---------------------------------------------------------------------------------
    def is_showing(self) -> bool:
        return self.stack.currentWidget() is self

    def show_page(self) -> None:
        self.rebuild()
        self.stack.setCurrentWidget(self)
        self.readouts.map_hidden(True)  # the hidden map's zoom and hex mean nothing here
        self.findings.map_hidden(True)  # nor are its rules checked: when it shows (hide_page)
        self._docks_enabled(False)  # they would edit the map hidden under the page
        self._actions_enabled(False)
        self.toggled.emit(True)  # no file is being edited: the window's title says "Start"

    #: The commands that would change (or act on) the map hidden under the page: off while it shows
    HIDDEN_MAP_COMMANDS = ("edit.", "scenario.", "rules.")

    def _actions_enabled(self, enabled: bool) -> None:
        """Edit (Undo too), Scenario and Rules commands are greyed while the page shows, so Ctrl+Z or
        Delete cannot change a map nobody sees; on leaving, each is as it was (Undo and Redo as the
        map's history says)."""
        acts = self.action_set.actions
        if not enabled:
            if self._was_enabled is None:
                self._was_enabled = {
                    n: a.isEnabled() for n, a in acts.items() if n.startswith(self.HIDDEN_MAP_COMMANDS)
                }
            for name in self._was_enabled:
                acts[name].setEnabled(False)
            return
        for name, on in (self._was_enabled or {}).items():
            acts[name].setEnabled(on)
        self._was_enabled = None
        stack = self.doc.undo_stack
        acts["edit.undo"].setEnabled(stack.canUndo())
        acts["edit.redo"].setEnabled(stack.canRedo())

    def _docks_enabled(self, enabled: bool) -> None:
        """Palettes (Terrain, Place) greyed; docks showing the hidden map's state (its preview, history,
        properties, problems, minimap, layers) covered, so nothing of that map shows on the page."""
        for dock in self.docks.values():
            content = dock.widget()
            if content is not None:  # pyright: ignore[reportUnnecessaryComparison]  (Preview's, before its pane is built; the stubs say never None)
                content.setEnabled(enabled)
        if self._covers is None:  # made on first use: every dock is made by then
            self._covers = make_covers(self.docks)
        for cover in self._covers.values():
            cover.set_covering(not enabled)

    def close_file(self) -> bool:
        """File > Close: asks to save changes, then leaves an empty map under the start page (the
        window as at a start without a file); False when the user cancelled."""
        if not self.files.maybe_save():
            return False
        self.doc.reset(new_hex_scenario(15, 22))  # pyright: ignore[reportUnknownMemberType]  (Document.reset: untyped parameter types)
        self.show_page()
        return True

    def hide_page(self) -> None:
        self._docks_enabled(True)
        self._actions_enabled(True)
        self.stack.setCurrentWidget(self.map_view)
        self.toggled.emit(False)
        self.readouts.map_hidden(False)
        self.map_view.setFocus(Qt.FocusReason.OtherFocusReason)
        self.findings.map_hidden(False)  # the map under the page is checked if it was not yet

    def _replaced(self) -> None:
        if self.is_showing():  # a new document (open, recover, New, a template) hides the page
            self.hide_page()
