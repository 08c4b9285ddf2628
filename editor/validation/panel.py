"""Re-runs the rule checks ~300 ms after the last edit and shows the violations in a list;
activating one centres and rings its location on the map.

A new scenario (New, Open) is first checked once its map is drawn and the window has been still for
``SETTLE_MS`` (a paint meanwhile puts the check off again, for at most ``SETTLE_CAP_S`` after the first
paint; an edit checks as usual): the map shows as soon as it can, and its problems are listed when they
arrive (the summary says "Checking…" until then)."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.actions.catalog import QUICK_FIX_KEYS as FIX_KEYS  # Rules > Apply Quick Fix
from dambuster.editor.files.names import plural
from dambuster.model.lenient import format_problems
from dambuster.validators import Violation, check_scenario

from .quick_fix import can_fix, fix_label
from .where import readable_where

DEBOUNCE_MS = 300
SETTLE_MS = 500  # a new scenario's first check: this long after the map was last painted ...
SETTLE_CAP_S = 2.0  # ... unless the map has been painting for this long since its first paint


class Validator(QObject):
    finished = Signal(list)  # list[Violation]

    def __init__(self, doc, parent=None, delay_ms: int = DEBOUNCE_MS):
        super().__init__(parent)
        self.doc = doc
        self.violations: list[Violation] = []
        self.runs = 0
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.run)
        self.fresh = True  # a new scenario not checked yet: its check waits for the map to be drawn
        self.opened_with_problems = False  # its format is checked on every run (an undo may bring one back)
        self.first_paint: float | None = None  # when the new scenario's map was first painted
        self.settle = QTimer(self)
        self.settle.setSingleShot(True)
        self.settle.setInterval(SETTLE_MS)
        self.settle.timeout.connect(self._settled)
        for sig in (doc.terrain_changed, doc.features_changed, doc.meta_changed):
            sig.connect(self.schedule)
        doc.scenario_replaced.connect(self.schedule_new)

    def schedule(self, *args) -> None:
        """The check after an edit, ``delay_ms`` after the last one (many quick edits give one run)."""
        self.fresh = False
        self.settle.stop()
        self.timer.start()

    def schedule_new(self) -> None:
        """The first check of a new scenario: as ``schedule``, then put off while its map is drawn."""
        self.fresh, self.first_paint = True, None
        self.opened_with_problems = False
        self.settle.stop()
        self.timer.start()

    def map_painted(self) -> None:
        """The map view painted: a new scenario's first check is put off until the window is still."""
        if not self.fresh or not (self.timer.isActive() or self.settle.isActive()):
            return
        now = time.monotonic()
        if self.first_paint is None:
            self.first_paint = now
        if now - self.first_paint < SETTLE_CAP_S:
            self.timer.stop()
            self.settle.start()

    def _settled(self) -> None:
        self.run()

    def run(self) -> list[Violation]:
        self.timer.stop()
        self.settle.stop()
        self.fresh = False
        self.runs += 1
        self.opened_with_problems = self.opened_with_problems or bool(self.doc.format_problems)
        found = format_rows(self.doc, self.opened_with_problems)
        try:
            found += check_scenario(self.doc.scenario)
        except (
            Exception
        ) as e:  # a rule that crashes (or a dangling reference it meets) must not take the editor down
            found.append(Violation(f"the rule checks failed: {type(e).__name__}: {e}", "ENGINE", "error"))
        self.violations = found
        self.finished.emit(found)
        return found


def format_rows(doc, opened_with_problems: bool = False) -> list[Violation]:
    """The format problems a file was opened with (``Document.format_problems``), checked again on the
    scenario as it stands, as error rows (code FORMAT) marked on the map by their JSON pointer. A file
    opened without any is not looked at again (the editor's edits keep the format); one opened with
    some is, until another is opened, so an Undo of a repair lists its problem again."""
    if not (doc.format_problems or opened_with_problems):
        return []
    doc.format_problems = format_problems(doc.scenario)
    return [Violation(p.message, "FORMAT", "error", {"pointer": p.pointer}) for p in doc.format_problems]


def counts(violations: list[Violation]) -> tuple[int, int]:
    errors = sum(1 for v in violations if v.severity == "error")
    return errors, len(violations) - errors


class ValidationPanel(QWidget):
    violation_activated = Signal(object)  # Violation
    fix_requested = Signal(list)  # the violations to fix in one undo step (validation/quick_fix.py)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.summary = QLabel("Not checked yet")
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Severity", "Code", "Where", "Message"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setWordWrap(True)
        self.tree.setColumnWidth(0, 64)
        self.tree.setColumnWidth(1, 110)
        self.tree.setColumnWidth(2, 150)  # "Aller dam, 1109" (validation/where.py)
        self.tree.setVerticalScrollMode(QTreeWidget.ScrollMode.ScrollPerItem)  # scrolls by whole rows
        self.scenario = lambda: (
            None
        )  # the document's scenario, to name where a problem lies (set by the window)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemClicked.connect(self._activated)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.currentItemChanged.connect(lambda *_: self._update_fix_buttons())
        # no mnemonic: Alt+F is the File menu's; the fix's keys are Rules > Apply Quick Fix (Ctrl+.)
        self.fix_button = QPushButton("Fix")
        self.fix_button.setToolTip(f"Apply the quick fix of the selected finding (one undo step, {FIX_KEYS})")
        self.fix_button.clicked.connect(lambda: self._fix(all_of_code=False))
        self.fix_all_button = QPushButton("Fix All")
        self.fix_all_button.clicked.connect(lambda: self._fix(all_of_code=True))
        # the Fix row is always there, greyed when the selection has nothing to fix: shown only for a
        # fixable row it pushed the table down between a click's press and release (shot-34, 44)
        self.fix_button.setEnabled(False)
        self.fix_all_button.setEnabled(False)
        self.top_row = top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.fix_button)
        top.addWidget(self.fix_all_button)
        box = QVBoxLayout(self)
        box.setContentsMargins(2, 2, 2, 2)
        box.addLayout(top)
        box.addWidget(self.tree)
        box.addStretch(0)
        # an empty table says nothing the summary line does not (as VS Code's Problems); its room is
        # kept, so the dock, the docks beside it and the map do not jump when the first problem shows
        policy = self.tree.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.tree.setSizePolicy(policy)
        self.tree.setVisible(False)
        self.violations: list[Violation] = []
        self.window_actions = lambda: None  # the window's ActionSet, once wired
        self._update_fix_buttons()

    def set_violations(self, violations: list[Violation]) -> None:
        self.violations = list(violations)
        self.tree.clear()
        scenario = self.scenario()
        for v in self.violations:
            item = QTreeWidgetItem([v.severity, v.code, readable_where(v, scenario), v.message])
            item.setToolTip(1, v.code)
            item.setToolTip(2, v.where())  # the pointer or line, for whoever edits the JSON
            item.setToolTip(3, v.message)
            item.setData(0, Qt.ItemDataRole.UserRole, v)
            colour = QColor("#b01010") if v.severity == "error" else QColor("#8a6000")
            item.setForeground(0, QBrush(colour))
            self.tree.addTopLevelItem(item)
        if self.violations:  # Code as wide as its longest ("DBM-RIVER-LONG-EDGE"), never cut
            self.tree.setColumnWidth(1, max(110, self.tree.sizeHintForColumn(1)))
        errors, warnings = counts(self.violations)
        self.tree.setVisible(bool(self.violations))
        if not self.violations:
            self.summary.setText("No problems found")
        else:
            self.summary.setText(f"{plural(errors, 'error')}, {plural(warnings, 'warning')}")
        self._whole_rows()
        self._update_fix_buttons()

    def forget(self) -> None:
        """Another scenario opened (New, Open, a template): the findings of the one before go at once,
        so none is shown for a map no longer open; the summary says "Checking…" until its first check."""
        self.violations = []
        self.tree.clear()
        self.tree.setVisible(False)
        self.summary.setText("Checking…")
        self.ringed = None
        self._update_fix_buttons()

    def wire(self, window) -> None:
        """Connects the window: a clicked row rings its place (``window.show_violation``), a quick fix
        is applied to ``window.doc`` as one undo step, and the ring goes once its finding is gone."""
        from .quick_fix import apply_fixes

        self.ringed = None
        # Tab from the table reaches the Fix button (set once the panel is in its dock: reparenting
        # reorders a focus chain set before)
        QWidget.setTabOrder(self.tree, self.fix_button)
        QWidget.setTabOrder(self.fix_button, self.fix_all_button)
        # History, beside this dock, at two lines, not a scroll area's 70 px: the bottom docks' row
        # then shrinks as far as this dock does
        history = window.undo_view
        history.setMinimumHeight(2 * history.fontMetrics().height() + 8)
        # Rules > Apply Quick Fix is enabled as the Fix button (the window's actions are made after the docks)
        self.window_actions = lambda: getattr(window, "acts", None)
        self.violation_activated.connect(window.show_violation)
        self.violation_activated.connect(lambda v: setattr(self, "ringed", v))
        self.fix_requested.connect(lambda found: self._fixed(window, apply_fixes(window.doc, found)))
        window.validator.finished.connect(lambda found: self._ring_gone(window, found))

    def _fixed(self, window, n: int) -> None:
        """Says on the status bar what the quick fix did, and how to take it back."""
        if n:
            what = window.doc.undo_stack.undoText()
            window.statusBar().showMessage(f"{what} ({plural(n, 'finding')}); Undo takes it back", 8000)

    def _ring_gone(self, window, found: list) -> None:
        if self.ringed is not None and self.ringed not in found:
            self.ringed = None
            window.view.clear_highlight()

    # -- quick fixes (validation/quick_fix.py) -----------------------------------------------------
    def current_violation(self):
        item = self.tree.currentItem()
        return item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None

    def same_code(self, violation) -> list:
        scenario = self.scenario()
        return [v for v in self.violations if v.code == violation.code and can_fix(v, scenario)]

    def _update_fix_buttons(self) -> None:
        v, scenario = self.current_violation(), self.scenario()
        fixable = v is not None and can_fix(v, scenario)
        self.fix_button.setEnabled(fixable)
        n = len(self.same_code(v)) if fixable else 0
        self.fix_all_button.setEnabled(n > 1)
        acts = self.window_actions()
        if acts is not None and "rules.quick_fix" in acts.actions:
            acts["rules.quick_fix"].setEnabled(fixable)
        if fixable:
            self.fix_button.setToolTip(f"{fix_label(v, scenario)} ({FIX_KEYS})")
        else:
            self.fix_button.setToolTip("Select a finding that has a quick fix")
        if n > 1:
            self.fix_all_button.setText(f"Fix All {n}")
            self.fix_all_button.setToolTip(fix_label(v, scenario, n))
        else:
            self.fix_all_button.setText("Fix All")
            self.fix_all_button.setToolTip(
                "Fix every finding of the selected one's code, when there are more"
            )

    def fix_selected(self) -> None:
        """Rules > Apply Quick Fix (Ctrl+.): the selected finding's fix, in one step, while the dock shows."""
        if self.isVisible():
            self._fix(all_of_code=False)

    def _fix(self, all_of_code: bool) -> None:
        v = self.current_violation()
        if v is not None and can_fix(v, self.scenario()):
            self.fix_requested.emit(self.same_code(v) if all_of_code else [v])

    def fix_menu(self, violation) -> QMenu:
        """The row's context menu: its quick fix, and "Fix all N" of its code when there are more."""
        menu, scenario = QMenu(self), self.scenario()
        if violation is None or not can_fix(violation, scenario):
            menu.addAction("No quick fix for this finding").setEnabled(False)
            return menu
        one = menu.addAction(fix_label(violation, scenario), lambda: self.fix_requested.emit([violation]))
        one.setShortcut(QKeySequence(FIX_KEYS))  # shown beside it; a key of the open menu only
        one.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        same = self.same_code(violation)
        if len(same) > 1:
            menu.addAction(fix_label(violation, scenario, len(same)), lambda: self.fix_requested.emit(same))
        return menu

    def _context_menu(self, pos) -> None:
        item = self.tree.itemAt(pos)
        if item is None:
            return
        self.tree.setCurrentItem(item)
        self.fix_menu(item.data(0, Qt.ItemDataRole.UserRole)).exec(self.tree.viewport().mapToGlobal(pos))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._whole_rows()

    def _whole_rows(self) -> None:
        """The table as tall as the whole rows that fit (the rest of the dock left blank below), so
        no row shows cut in half at its bottom edge; it scrolls by whole rows."""
        tree = self.tree
        room = self.height() - self.top_row.sizeHint().height() - 10  # margins and spacing
        frame = 2 * tree.frameWidth() + tree.header().sizeHint().height()
        if tree.horizontalScrollBar().isVisible():
            frame += tree.horizontalScrollBar().height()
        row = tree.sizeHintForRow(0) if tree.topLevelItemCount() else -1
        if row <= 0:
            row = tree.fontMetrics().height() + 4
        rows = max(1, (room - frame) // row)
        tree.setMaximumHeight(frame + rows * row)
        # the dock shrinks to the header and one row (a scroll area's own minimum is 70 px), and with
        # no problems to the summary line alone (1: a minimum of 0 would mean "the widget's own")
        tree.setMinimumHeight(frame + row if tree.topLevelItemCount() else 1)

    def _activated(self, item: QTreeWidgetItem, column: int = 0) -> None:
        self.violation_activated.emit(item.data(0, Qt.ItemDataRole.UserRole))

    def activate_row(self, row: int) -> None:
        item = self.tree.topLevelItem(row)
        if item is not None:
            self.tree.setCurrentItem(item)
            self._activated(item)
