"""File > Import > Tiled Map…: a hexagonal Tiled map (TMJ or TMX) opened as a new, unsaved scenario,
through the same importer as ``dambuster import-tiled`` (docs/tiled.md).

The tiles whose names say no terrain are asked in the terrain dialog (tiled_import_dialog.py), whose
Import saves the choices as the ``--terrain-map`` file (atomically; an existing file only replaced when
the designer says so); the map is then imported with them: the same file makes ``dambuster import-tiled MAP
--terrain-map FILE`` give the same scenario. Cancel changes nothing and writes nothing. A map the
importer refuses is its one-line reason; when leaving out what cannot be read would import it (as
``--lenient``: objects of unknown classes dropped, hexes with no tile made clear), also the question
whether to, with the list. No leaves the document open before as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QStatusBar, QWidget

from dambuster.editor.document import Document
from dambuster.interop.tiled.importer import import_document, looks_like_tiled, read_document
from dambuster.interop.tiled.read import TiledImportError
from dambuster.interop.tiled.unresolved import unresolved_tiles

from .tiled_import_dialog import TiledTerrainDialog

FILTER = "Tiled maps (*.tmj *.tmx *.json);;All files (*)"
TITLE = "Cannot import Tiled map"
MAX_LISTED = 8  # lines of what a lenient import leaves out, in the question itself


def lenient_question(left_out: list[str]) -> str:
    """The question before a lenient import, naming what it leaves out: each warning (every hex that
    becomes clear, every object dropped), the first MAX_LISTED, then how many more the details hold."""
    shown = [f"• {w}" for w in left_out[:MAX_LISTED]]
    if len(left_out) > MAX_LISTED:
        shown.append(f"… and {len(left_out) - MAX_LISTED} more, listed in the details")
    return (
        "Import the map anyway, leaving out what dambuster cannot read (as import-tiled --lenient)?\n"
        + "\n".join(shown)
    )


class ImportFiles(Protocol):
    """What a Tiled import asks of the window's file commands (file_commands.py)."""

    def maybe_save(self) -> bool: ...
    def recent_files(self) -> list[str]: ...


class ImportWindow(Protocol):
    """What a Tiled import needs of the main window: the document it replaces, its file commands (a
    chance to save first; the recent files, where the open dialog starts), where messages go, and the
    window itself (QWidget.window()) as the dialogs' parent."""

    @property
    def doc(self) -> Document: ...
    @property
    def files(self) -> ImportFiles: ...
    def show_error(self, title: str, message: str) -> None: ...
    def statusBar(self) -> QStatusBar: ...
    def window(self) -> QWidget: ...


def refused_open(window: ImportWindow, path: Path, message: str) -> bool:
    """File > Open's answer to a file that is no scenario: a Tiled map (``looks_like_tiled``) is offered
    to import (yes: as File > Import > Tiled Map… would; True when imported); anything else, ``message``."""
    if not looks_like_tiled(path):
        window.show_error("Cannot open scenario", message)
        return False
    return ask_to_import(window, path) and TiledImporter(window).import_map(path)


def ask_to_import(window: ImportWindow, path: Path) -> bool:
    """Whether to import the Tiled map ``path`` File > Open was given (replaceable, e.g. by tests)."""
    said = (
        f"{path.name} is a Tiled map, not a dambuster scenario: Tiled maps come in through "
        "File > Import > Tiled Map…, as a new, unsaved scenario."
    )
    if QGuiApplication.platformName() in ("offscreen", "minimal"):  # no one to answer: say how
        window.show_error("Cannot open scenario", said)
        return False
    B = QMessageBox.StandardButton
    box = QMessageBox(QMessageBox.Icon.Question, "Open a Tiled map", said, B.Yes | B.No, window.window())
    box.setInformativeText("Import it now?")
    box.button(B.Yes).setText("&Import")
    box.button(B.No).setText("&Cancel")
    box.setDefaultButton(B.Yes)
    return box.exec() == B.Yes


class TiledImporter:
    """What File > Import > Tiled Map… runs (the window's ``import_tiled``). Replaceable, e.g. by tests:
    ``ask(dialog)`` shows the terrain dialog and says whether the designer pressed Import;
    ``ask_lenient(problem, left_out)`` says whether to import a refused map leaving out what cannot be
    read (asked only when that makes it importable)."""

    def __init__(self, window: ImportWindow):
        self.window = window
        self.ask: Callable[[TiledTerrainDialog], bool] = lambda dialog: (
            dialog.exec() == QDialog.DialogCode.Accepted
        )
        self.ask_lenient: Callable[[str, list[str]], bool] = (
            self._ask_lenient
        )  # a refusal: import leaving out what cannot be read?
        self.warnings: list[str] = []  # what the last lenient import left out
        self.dialog: TiledTerrainDialog | None = None  # the last one shown

    def run(self) -> None:
        """The menu command: asks to save changes, then for the map."""
        w = self.window
        if not w.files.maybe_save():
            return
        near = w.doc.path or w.doc.imported_from or next(iter(w.files.recent_files()), None)
        start = str(Path(near).parent) if near else ""  # the map's folder, not where the editor started
        path, _ = QFileDialog.getOpenFileName(w.window(), "Import Tiled map", start, FILTER)
        if path:
            self.import_map(Path(path))

    def import_map(self, path: Path) -> bool:
        """Imports ``path`` into the window (asking for the tiles no name maps); False when it did not."""
        w = self.window
        folder = path.parent
        try:
            doc = read_document(path)
            tiles = unresolved_tiles(doc, folder) if doc.get("orientation") == "hexagonal" else []
        except TiledImportError as e:
            w.show_error(TITLE, f"{path}: {e}")
            return False
        mapping: dict[int, str] = {}
        saved = ""  # where the choices went, for the messages
        if tiles:
            self.dialog = TiledTerrainDialog(path, tiles, w.window())
            if not self.ask(self.dialog):
                return False
            mapping = self.dialog.choices()  # saved by the dialog's Import
            saved = str(self.dialog.mapping_path())
        try:
            result = import_document(doc, mapping or None, folder=folder)
        except TiledImportError as e:
            kept = f" (the terrain choices are saved as {saved})" if saved else ""
            try:  # as import-tiled --lenient: what cannot be read is left out, each a warning
                result = import_document(doc, mapping or None, lenient=True, folder=folder)
            except TiledImportError:  # leaving things out would not help (not a hex map...)
                w.show_error(TITLE, f"{path}: {e}{kept}")
                return False
            if not self.ask_lenient(f"{path.name}: {e}{kept}", result.warnings):
                return False
        w.doc.reset(result.scenario)
        w.doc.imported_from = path  # Save As (and the next import) start beside the map
        w.doc.undo_stack.resetClean()  # a new, unsaved document: closing it asks to save
        self.warnings = result.warnings
        choices = f"; terrain choices saved as {saved}" if saved else ""
        left = "; what it could not read was left out (as --lenient)" if result.warnings else ""
        w.statusBar().showMessage(f"Imported {path.name}{choices}{left}; save it with File > Save As", 15000)
        return True

    def _ask_lenient(self, problem: str, left_out: list[str]) -> bool:
        """Whether to import leaving out ``left_out`` (as ``import-tiled --lenient``), after ``problem``."""
        if QGuiApplication.platformName() in ("offscreen", "minimal"):  # no one to answer: the refusal
            self.window.show_error(TITLE, problem)
            return False
        B = QMessageBox.StandardButton
        box = QMessageBox(QMessageBox.Icon.Question, TITLE, problem, B.Yes | B.No, self.window.window())
        box.setInformativeText(lenient_question(left_out))
        box.setDetailedText("\n".join(left_out))
        box.setDefaultButton(B.No)
        return box.exec() == B.Yes
