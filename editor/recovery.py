"""Recovery: at start-up (and when opening a file) copies left by a session that did not close
cleanly are offered: recover, discard or later. A recovered copy opens as a modified document
attached to its original path; a copy that does not load is reported in one line and moved aside."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QLabel, QTableWidget, QTableWidgetItem,
                               QVBoxLayout)

from dambuster.model import ScenarioError, load

from . import autosave
from .autosave import Entry

RECOVER, DISCARD, LATER = "recover", "discard", "later"


def describe(e: Entry) -> str:
    where = e.original or "untitled"
    return f"{e.title or '(no title)'} — {where} — autosaved {e.saved[:19].replace('T', ' ')} UTC"


class RecoveryDialog(QDialog):
    """Lists the copies with a choice per copy. The editor holds one document, so at most one copy
    is recovered now; choosing Recover on another row turns the earlier choice into Later."""

    def __init__(self, found: list[Entry], parent=None):
        super().__init__(parent)
        self.setWindowTitle("Recover unsaved work")
        self.found = found
        self.table = QTableWidget(len(found), 2)
        self.table.setHorizontalHeaderLabels(["Autosaved scenario", "Action"])
        self.combos: list[QComboBox] = []
        for row, e in enumerate(found):
            self.table.setItem(row, 0, QTableWidgetItem(describe(e)))
            combo = QComboBox()
            combo.addItems([RECOVER, DISCARD, LATER])
            combo.setCurrentText(RECOVER if row == 0 else LATER)
            combo.currentTextChanged.connect(lambda text, row=row: self._chosen(row, text))
            self.table.setCellWidget(row, 1, combo)
            self.combos.append(combo)
        self.table.resizeColumnsToContents()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        box = QVBoxLayout(self)
        box.addWidget(QLabel("The editor did not close cleanly last time. Autosaved work:"))
        box.addWidget(self.table)
        box.addWidget(buttons)
        self.resize(760, 120 + 30 * len(found))

    def _chosen(self, row: int, text: str) -> None:
        if text == RECOVER:
            for i, c in enumerate(self.combos):
                if i != row and c.currentText() == RECOVER:
                    c.setCurrentText(LATER)

    def choices(self) -> dict[str, str]:
        return {e.key: c.currentText() for e, c in zip(self.found, self.combos)}


class Recovery(QObject):
    """Offers and applies recovery copies for one main window."""

    def __init__(self, window, autosaver):
        super().__init__(window)
        self.window, self.autosaver = window, autosaver
        self.ask = self._ask  # replaceable (tests): list[Entry] -> {key: recover|discard|later}
        self.messages: list[str] = []  # one line per copy that could not be used
        self._recovering = False
        self._offered: set[str] = set()  # keys already offered this session (asked once)
        window.doc.path_changed.connect(self._opened)

    @property
    def folder(self) -> Path:
        return self.autosaver.folder

    def _ask(self, found: list[Entry]) -> dict[str, str]:
        if QGuiApplication.platformName() in ("offscreen", "minimal"):
            for e in found:  # nobody to ask: keep them for a start with a screen
                print(f"dambuster-editor: autosaved work kept for later: {describe(e)}", file=sys.stderr)
            return {e.key: LATER for e in found}
        dlg = RecoveryDialog(found, self.window)
        dlg.exec()
        return dlg.choices()

    def _report(self, line: str) -> None:
        self.messages.append(line)
        print(f"dambuster-editor: {line}", file=sys.stderr)
        self.window.statusBar().showMessage(line, 10000)

    # -- offering --------------------------------------------------------------------------------
    def offer_orphans(self) -> bool:
        """At start-up: offer every copy left by a session that is gone. True if one was recovered."""
        found, problems = autosave.orphans(self.folder)
        for line in problems:
            self._report(line)
        return self._offer(found)

    def _opened(self, path) -> None:
        if self._recovering or path is None:
            return
        QTimer.singleShot(0, lambda: self.offer_for(path))

    def offer_for(self, path) -> bool:
        """After opening ``path``: offer its copy if one is newer than the file and has no live owner."""
        if path is None or self.window.doc.path is None or Path(path) != self.window.doc.path:
            return False
        key = autosave.key_for(path)
        found, problems = autosave.orphans(self.folder)
        for line in problems:
            self._report(line)
        try:
            mtime = os.stat(path).st_mtime
        except OSError:
            mtime = 0.0
        mine = [e for e in found if e.key == key and e.saved_at() > mtime]
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
                autosave.remove(self.folder, e.key)
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
            self._report(f"recovery copy of {e.original or 'an untitled scenario'} is unusable "
                         f"({str(err).splitlines()[0][:120]}); moved to {self.folder / autosave.CORRUPT}")
            return False
        doc = self.window.doc
        self._recovering = True
        try:
            doc.reset(scenario, e.original)
        finally:
            self._recovering = False
        doc.undo_stack.resetClean()  # modified until saved, and undo cannot make it "clean"
        self.autosaver.adopt(e.key)
        self.autosaver.write_now()  # the copy now belongs to this session (rewritten, same bytes)
        self.window.statusBar().showMessage(f"Recovered autosaved work ({describe(e)}); save to keep it", 10000)
        return True


def install(window) -> None:
    """Gives a main window ``autosaver`` and ``recovery`` (its settings give the autosave interval)."""
    from .autosave import Autosaver

    window.autosaver = Autosaver(window.doc, window.settings, window)
    window.autosaver.failed.connect(lambda line: window.statusBar().showMessage(line, 10000))
    window.recovery = Recovery(window, window.autosaver)
