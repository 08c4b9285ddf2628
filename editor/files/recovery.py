"""Recovery: at start-up (and when opening a file) copies left by a session that did not close
cleanly are offered: recover, discard or later, each saying whether the copy or its file is newer
(when the file is newer, the offer defaults to keeping the file). A recovered copy opens as a
modified document attached to its original path; a copy that does not load is reported in one line
and moved aside."""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QStatusBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.document import Document
from dambuster.editor.panels import wheel_guard
from dambuster.model import ScenarioError, load

from . import autosave
from .autosave import Autosaver, Entry

RECOVER, DISCARD, LATER = "recover", "discard", "later"
COPY_NEWER, FILE_NEWER, ONLY_COPY = "copy newer", "file newer", "only copy"


def _when(t: float) -> str:
    return datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M:%S")


def describe(e: Entry) -> str:
    where = e.original or "untitled"
    return f"{e.title or '(no title)'} — {where} — autosaved {_when(e.saved_at())}"


def compare(e: Entry) -> tuple[str, str]:
    """Which is newer, the copy or the file it belongs to: (COPY_NEWER | FILE_NEWER | ONLY_COPY, a sentence)."""
    if not e.original:
        return ONLY_COPY, "Untitled: the copy is the only version."
    mtime = e.original_mtime()
    if mtime is None:
        return ONLY_COPY, "The file is gone: the copy is the only version."
    if mtime > e.saved_at():
        return FILE_NEWER, (
            f"The file is newer: saved {_when(mtime)}, after this copy ({_when(e.saved_at())}). "
            f"Keep the file unless the copy holds work it lacks."
        )
    return COPY_NEWER, f"The copy is newer: autosaved {_when(e.saved_at())}, the file saved {_when(mtime)}."


def default_choices(found: list[Entry]) -> dict[str, str]:
    """Recover the first copy that is at least as new as its file; keep the file (discard the copy)
    where the file is newer; decide later about the rest."""
    chosen: dict[str, str] = {}
    recovering = False
    for e in found:
        if compare(e)[0] == FILE_NEWER:
            chosen[e.key] = DISCARD
        elif not recovering:
            chosen[e.key], recovering = RECOVER, True
        else:
            chosen[e.key] = LATER
    return chosen


def action_labels(e: Entry) -> dict[str, str]:
    keep = "Keep the file (discard the copy)" if e.original else "Discard the copy"
    return {RECOVER: "Recover the copy", DISCARD: keep, LATER: "Decide later"}


class RecoveryDialog(QDialog):
    """Lists the copies with a choice per copy. The editor holds one document, so at most one copy
    is recovered now; choosing Recover on another row turns the earlier choice into Later."""

    def __init__(self, found: list[Entry], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Recover unsaved work")
        self.found = found
        self.table = QTableWidget(len(found), 3)
        self.table.setHorizontalHeaderLabels(["Autosaved scenario", "Which is newer", "Action"])
        self.combos: list[QComboBox] = []
        defaults = default_choices(found)
        for row, e in enumerate(found):
            self.table.setItem(row, 0, QTableWidgetItem(describe(e)))
            self.table.setItem(row, 1, QTableWidgetItem(compare(e)[1]))
            combo = QComboBox()
            for code, text in action_labels(e).items():
                combo.addItem(text, code)
            combo.setCurrentIndex(combo.findData(defaults[e.key]))
            combo.currentIndexChanged.connect(partial(self._chosen, row))
            self.table.setCellWidget(row, 2, combo)
            self.combos.append(combo)
        self.table.setWordWrap(True)  # the two sentences share what the choice leaves, wrapped
        header, mode = self.table.horizontalHeader(), QHeaderView.ResizeMode
        header.setSectionResizeMode(0, mode.Stretch)
        header.setSectionResizeMode(1, mode.Stretch)
        header.setSectionResizeMode(2, mode.ResizeToContents)  # the choice: always whole, in view
        self.table.verticalHeader().setSectionResizeMode(mode.ResizeToContents)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        box = QVBoxLayout(self)
        box.addWidget(QLabel("The editor did not close cleanly last time. Autosaved work:"))
        box.addWidget(self.table)
        box.addWidget(buttons)
        self.resize(900, min(600, 140 + 60 * len(found)))

    def choose(self, row: int, code: str) -> None:
        self.combos[row].setCurrentIndex(self.combos[row].findData(code))

    def _chosen(self, row: int, _index: int = 0) -> None:
        if self.combos[row].currentData() == RECOVER:
            for i, c in enumerate(self.combos):
                if i != row and c.currentData() == RECOVER:
                    self.choose(i, LATER)

    def choices(self) -> dict[str, str]:
        return {e.key: str(c.currentData()) for e, c in zip(self.found, self.combos)}


class Recovery(QObject):
    """Offers and applies recovery copies for one main window (``parent``: the window the dialog is
    shown over)."""

    def __init__(self, doc: Document, autosaver: Autosaver, status: QStatusBar, parent: QWidget):
        super().__init__(parent)
        self.doc, self.autosaver, self.status, self.dialog_parent = doc, autosaver, status, parent
        autosaver.failed.connect(partial(status.showMessage, timeout=15000))  # autosave's own trouble
        autosaver.resumed.connect(partial(status.showMessage, timeout=8000))
        # replaceable (tests): the copies found -> {key: recover|discard|later}
        self.ask: Callable[[list[Entry]], dict[str, str]] = self._ask
        self.messages: list[str] = []  # one line per copy that could not be used
        self._recovering = False
        self._offered: set[str] = set()  # keys already offered this session (asked once)
        doc.path_changed.connect(self._opened)

    @property
    def folder(self) -> Path:
        return self.autosaver.folder

    def _ask(self, found: list[Entry]) -> dict[str, str]:
        if QGuiApplication.platformName() in ("offscreen", "minimal"):
            for e in found:  # nobody to ask: keep them for a start with a screen
                print(
                    f"dambuster-editor: autosaved work kept for later: {describe(e)}. {compare(e)[1]}",
                    file=sys.stderr,
                )
            return {e.key: LATER for e in found}
        dlg = RecoveryDialog(found, self.dialog_parent)
        wheel_guard.install()  # its choices are combo boxes, and at start-up the window is not painted yet
        dlg.exec()
        return dlg.choices()

    def _report(self, line: str) -> None:
        self.messages.append(line)
        print(f"dambuster-editor: {line}", file=sys.stderr)
        self.status.showMessage(line, 10000)

    # -- offering --------------------------------------------------------------------------------
    def offer_orphans(self) -> bool:
        """At start-up: offer every copy left by a session that is gone. True if one was recovered."""
        found, problems = autosave.orphans(self.folder)
        for line in problems:
            self._report(line)
        return self._offer(found)

    def _opened(self, path: Path | None) -> None:
        if self._recovering or path is None:
            return
        QTimer.singleShot(0, lambda: self.offer_for(path))

    def offer_for(self, path: Path | None) -> bool:
        """After opening ``path``: offer its copy if one is newer than the file and has no live owner."""
        if path is None or self.doc.path is None or Path(path) != self.doc.path:
            return False
        key = autosave.key_for(path)
        found, problems = autosave.orphans(self.folder)
        for line in problems:
            self._report(line)
        mine = [e for e in found if e.key == key and compare(e)[0] != FILE_NEWER]
        return self._offer(mine)

    def _offer(self, found: list[Entry]) -> bool:
        found = [e for e in found if e.key not in self._offered]
        self._offered.update(e.key for e in found)
        if not found:
            return False
        choices = self.ask(found)
        recovered = False
        for e in found:
            choice = choices.get(e.key, LATER)
            if choice == DISCARD:
                autosave.set_aside(self.folder, e.key, autosave.DISCARDED)
            elif choice == RECOVER and not recovered:
                recovered = self.recover(e)
        return recovered

    # -- applying --------------------------------------------------------------------------------
    def recover(self, e: Entry) -> bool:
        """Opens the copy as a modified document attached to its original path."""
        try:
            scenario = load(e.copy)
        except (ScenarioError, OSError) as err:
            autosave.set_aside(self.folder, e.key)
            self._report(
                f"recovery copy of {e.original or 'an untitled scenario'} is unusable "
                f"({str(err).splitlines()[0][:120]}); moved to {self.folder / autosave.CORRUPT}"
            )
            return False
        doc = self.doc
        self._recovering = True
        try:
            doc.reset(scenario, e.original)  # pyright: ignore[reportUnknownMemberType]  (Document.reset: untyped parameter types)
        finally:
            self._recovering = False
        doc.undo_stack.resetClean()  # modified until saved, and undo cannot make it "clean"
        self.autosaver.adopt(e.key)
        self.autosaver.write_now()  # the copy now belongs to this session (rewritten, same bytes)
        self.status.showMessage(f"Recovered autosaved work ({describe(e)}); save to keep it", 10000)
        return True
