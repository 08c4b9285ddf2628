"""File > New, Open, Open Recent, Save and Save As of one main window; the recent files (kept in the
settings, newest first, ``MAX_RECENT`` of them); and the question before a document with unsaved
changes is dropped (``maybe_save``: Save, Discard or Cancel). A save over a file another program
changed since it was read asks what to do (``changed_on_disk``); a file the schema refuses is not
opened (a Tiled map is offered to import instead)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QStatusBar, QWidget

from dambuster.editor.document import Document
from dambuster.editor.validation.presenter import ValidationPresenter
from dambuster.model import ScenarioError
from dambuster.model.atomic_write import ChangedSinceRead

from .changed_on_disk import CANCEL, SAVE_AS, ask_changed_on_disk
from .names import suggested_name  # pyright: ignore[reportUnknownVariableType]  (names.py: ``doc`` untyped)

MAX_RECENT = 8
FILTER = "Scenarios (*.json);;All files (*)"


class FileCommands:
    """``parent``: the window its dialogs belong to; ``show_error(title, message)`` says why something
    failed; ``refused_open(path, message)`` answers a file the schema refuses (True when it was
    imported instead); ``findings`` lists a file's format problems when it opens with some."""

    def __init__(
        self,
        doc: Document,
        settings: QSettings,
        parent: QWidget,
        status: QStatusBar,
        show_error: Callable[[str, str], None],
        refused_open: Callable[[Path, str], bool],
        findings: ValidationPresenter,
    ):
        self.doc, self.settings, self.parent, self.status = doc, settings, parent, status
        self.show_error, self.refused_open, self.findings = show_error, refused_open, findings
        # replaceable, e.g. by tests: Save, Discard or Cancel; SAVE_AS, OVERWRITE or CANCEL
        self.ask_save: Callable[[], QMessageBox.StandardButton] = self._ask_save
        self.ask_changed: Callable[[QWidget, Path, str], str] = ask_changed_on_disk
        self.recent_menu: QMenu | None = None  # File > Open Recent, once the menus are made

    # -- opening ---------------------------------------------------------------------------------
    def new(self) -> None:
        if not self.maybe_save():
            return
        from .new_dialog import NewScenarioDialog

        dlg = NewScenarioDialog(self.parent)
        if dlg.exec() == NewScenarioDialog.DialogCode.Accepted:
            try:
                self.doc.reset(dlg.scenario())  # pyright: ignore[reportUnknownMemberType]  (Document.reset: untyped parameter types)
            except ValueError as e:
                self.show_error("Cannot create scenario", str(e))

    def open(self) -> None:
        if not self.maybe_save():
            return
        start = str(self.doc.path.parent) if self.doc.path else ""
        path, _ = QFileDialog.getOpenFileName(self.parent, "Open scenario", start, FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str | Path) -> bool:
        try:
            self.doc.open(path)  # pyright: ignore[reportUnknownMemberType]  (Document.open: untyped path type)
        except ScenarioError as e:  # a Tiled map is offered to import instead
            return self.refused_open(Path(path), f"{path}: {e}")
        self.opened(path)
        return True

    def opened(self, path: str | Path) -> None:
        """What follows the document's opening of ``path``: the recent files, and a file's format
        problems listed at once (``app.build`` opens the file before making the window, so that the
        map's scene is built once)."""
        self._remember(Path(path))
        # opened to be repaired: the problems listed and ringed at once
        if self.doc.format_problems:  # pyright: ignore[reportUnknownMemberType]  (Document.format_problems: an untyped list)
            self.findings.show_format_problems()

    # -- saving ----------------------------------------------------------------------------------
    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        return self.save_to(self.doc.path)

    def save_as(self) -> bool:
        start = str(self.doc.path or suggested_name(self.doc, self.recent_files()))
        path, _ = QFileDialog.getSaveFileName(self.parent, "Save scenario as", start, FILTER)
        return self.save_to(Path(path)) if path else False

    def save_to(self, path: Path, replace_changed: bool = False) -> bool:
        try:
            self.doc.save(path, replace_changed)  # pyright: ignore[reportUnknownMemberType]  (Document.save: untyped path type)
        except ChangedSinceRead as e:  # another program saved it meanwhile: the designer decides
            choice = self.ask_changed(self.parent, Path(path), e.how)
            return choice != CANCEL and (self.save_as() if choice == SAVE_AS else self.save_to(path, True))
        except (OSError, ValueError) as e:
            why = e.strerror if isinstance(e, OSError) and e.strerror else e
            self.show_error("Cannot save", f"{path}: {why}")
            return False
        self._remember(Path(path))
        self.status.showMessage(f"Saved {path}", 5000)
        return True

    # -- recent files ----------------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value: object = self.settings.value("recent", [])  # one file comes back as a string, none as None
        if isinstance(value, str):
            return [value]
        return [str(v) for v in cast("list[object]", value)] if isinstance(value, list) else []

    def _remember(self, path: Path) -> None:
        p = str(path.resolve())
        recent = [r for r in self.recent_files() if r != p]
        self.settings.setValue("recent", [p] + recent[: MAX_RECENT - 1])
        self._refresh_recent()

    def fill_recent_menu(self, menu: QMenu) -> None:
        """File > Open Recent: ``menu`` lists the recent files from now on."""
        self.recent_menu = menu
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        menu = self.recent_menu
        if menu is None:
            return
        menu.clear()
        for p in self.recent_files():
            act = menu.addAction(p)
            act.triggered.connect(lambda _checked=False, p=p: self.maybe_save() and self.open_path(p))
        menu.setEnabled(bool(self.recent_files()))

    # -- unsaved changes -------------------------------------------------------------------------
    def _ask_save(self) -> QMessageBox.StandardButton:
        B = QMessageBox.StandardButton
        return QMessageBox.question(
            self.parent,
            "Unsaved changes",
            f"Save changes to {self.doc.display_name}?",
            B.Save | B.Discard | B.Cancel,
            B.Save,
        )

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current document (saved, discarded or unmodified)."""
        if not self.doc.modified:
            return True
        answer = self.ask_save()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard
