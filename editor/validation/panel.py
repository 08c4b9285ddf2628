"""The Validation dock: the findings of the rule checks as whole rows (severity, code, "Where" from
``where.py`` naming the hex or the object, the message; the JSON pointer in the row's tooltip), the
summary line, and the quick fixes of the selected finding (Fix, Fix All N, the row's context menu,
Rules > Apply Quick Fix). It only shows rows and says what was asked (``violation_activated``,
``fix_requested``, ``fixable_changed``): when checks run is ``scheduler.py``'s, what a finding does to
the map and the document is ``presenter.py``'s."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeySequence, QResizeEvent, QShowEvent
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
from dambuster.editor.document import Document
from dambuster.editor.files.names import plural
from dambuster.validators import Violation

from .quick_fix import can_fix, fix_label  # pyright: ignore[reportUnknownVariableType]  (quick_fix.py: untyped parameters)
from .where import readable_where  # pyright: ignore[reportUnknownVariableType]  (where.py: untyped parameters)


def counts(violations: list[Violation]) -> tuple[int, int]:
    """(errors, warnings)."""
    errors = sum(1 for v in violations if v.severity == "error")
    return errors, len(violations) - errors


class ValidationPanel(QWidget):
    violation_activated = Signal(object)  # Violation: a row clicked or activated
    fix_requested = Signal(list)  # the violations to fix in one undo step (validation/quick_fix.py)
    fixable_changed = Signal(bool)  # whether the selected finding has a quick fix (Rules > Apply Quick Fix)

    def __init__(self, doc: Document, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc  # its scenario names where a problem lies ("Aller dam, 1109")
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
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemClicked.connect(self._activated)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.currentItemChanged.connect(self._update_fix_buttons)
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
        self._tab_order_set = False
        self._update_fix_buttons()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._tab_order_set:  # Tab from the table reaches the Fix button (set once the panel is
            self._tab_order_set = True  # in its dock: reparenting reorders a focus chain set before)
            QWidget.setTabOrder(self.tree, self.fix_button)
            QWidget.setTabOrder(self.fix_button, self.fix_all_button)

    def set_violations(self, violations: list[Violation]) -> None:
        self.violations = list(violations)
        self.tree.clear()
        scenario = self.doc.scenario
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
        self._update_fix_buttons()

    # -- quick fixes (validation/quick_fix.py) -----------------------------------------------------
    def current_violation(self) -> Violation | None:
        item = self.tree.currentItem()
        return _violation(item) if item is not None else None

    def same_code(self, violation: Violation) -> list[Violation]:
        scenario = self.doc.scenario
        return [v for v in self.violations if v.code == violation.code and can_fix(v, scenario)]

    def _update_fix_buttons(self, *_args: object) -> None:
        v, scenario = self.current_violation(), self.doc.scenario
        fixable = v is not None and can_fix(v, scenario)
        self.fix_button.setEnabled(fixable)
        n = len(self.same_code(v)) if v is not None and fixable else 0
        self.fix_all_button.setEnabled(n > 1)
        self.fixable_changed.emit(fixable)
        if v is not None and fixable:
            self.fix_button.setToolTip(f"{fix_label(v, scenario)} ({FIX_KEYS})")
        else:
            self.fix_button.setToolTip("Select a finding that has a quick fix")
        if v is not None and n > 1:
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
        if v is not None and can_fix(v, self.doc.scenario):
            self.fix_requested.emit(self.same_code(v) if all_of_code else [v])

    def fix_menu(self, violation: Violation | None) -> QMenu:
        """The row's context menu: its quick fix, and "Fix all N" of its code when there are more."""
        menu, scenario = QMenu(self), self.doc.scenario
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

    def _context_menu(self, pos: QPoint) -> None:
        item = self.tree.itemAt(pos)
        if item is None:
            return
        self.tree.setCurrentItem(item)
        self.fix_menu(_violation(item)).exec(self.tree.viewport().mapToGlobal(pos))

    def resizeEvent(self, event: QResizeEvent) -> None:
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
        self.violation_activated.emit(_violation(item))

    def activate_row(self, row: int) -> None:
        item = self.tree.topLevelItem(row)
        if item is not None:
            self.tree.setCurrentItem(item)
            self._activated(item)


def _violation(item: QTreeWidgetItem) -> Violation:
    """The finding a row shows (kept in its data by ``set_violations``)."""
    found = item.data(0, Qt.ItemDataRole.UserRole)
    assert isinstance(found, Violation)
    return found
