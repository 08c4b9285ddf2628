"""Where the rule checks' findings go, between the scheduler (``scheduler.py``, when checks run) and the
views: each check's findings become the Validation dock's rows, the status bar's counts and rings on
the map (red errors, amber warnings); a row clicked centres the map on its place, rings it and draws
its witness; the ring goes once its finding is fixed; a quick fix asked for in the dock is applied to
the document as one undo step and said on the status bar; another file's findings are forgotten at
once (its rows and rings too), and a file opened with format problems shows them at once."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDockWidget, QStatusBar

from dambuster.editor.document import Document
from dambuster.editor.editor_state import EditorState
from dambuster.editor.files.names import plural
from dambuster.editor.panels.status_readouts import StatusReadouts
from dambuster.editor.scene.map_view import MapView
from dambuster.validators import Violation

from .panel import ValidationPanel, counts
from .quick_fix import apply_fixes  # pyright: ignore[reportUnknownVariableType]  (quick_fix.py: untyped parameters)
from .scheduler import ValidationScheduler


class ValidationPresenter(QObject):
    def __init__(
        self,
        doc: Document,
        scheduler: ValidationScheduler,
        dock: QDockWidget,
        panel: ValidationPanel,
        view: MapView,
        state: EditorState,
        status: QStatusBar,
        readouts: StatusReadouts,
    ):
        super().__init__(panel)
        self.doc, self.scheduler, self.dock, self.panel = doc, scheduler, dock, panel
        self.view, self.state, self.status, self.readouts = view, state, status, readouts
        self.ringed: Violation | None = None  # the finding whose place is ringed (a row clicked)
        scheduler.finished.connect(self.show_findings)
        view.painted.connect(scheduler.map_painted)  # a new map's first check waits for it to be drawn
        panel.violation_activated.connect(self.show_violation)
        panel.fix_requested.connect(self.fix)
        doc.scenario_replaced.connect(self.forget)

    def show_findings(self, violations: list[Violation]) -> None:
        self.panel.set_violations(violations)
        self.readouts.show_counts(*counts(violations))
        controller = self.state.controller
        places: list[tuple[float, float, float, str]] = []
        for v in violations:
            where = controller.locate(v.location or {}) if controller is not None else None
            if where is not None:
                places.append((*where, v.severity))
        self.view.mark_problems(places)
        if self.ringed is not None and self.ringed not in violations:  # fixed: its ring goes
            self.ringed = None
            self.view.clear_highlight()

    def show_violation(self, violation: Violation | None) -> None:
        """Centres the map on where ``violation`` lies, rings it and draws its witness."""
        self.ringed = violation
        controller = self.state.controller
        if violation is None or controller is None:
            return
        self.status.showMessage(f"{violation.code}: {violation.message}", 8000)
        where = controller.locate(violation.location or {})
        if where is None:
            self.view.clear_highlight()
            return
        x, y, radius = where
        self.view.highlight(x, y, radius, controller.witness_lines(violation.witness))  # pyright: ignore[reportUnknownMemberType]  (MapView.highlight: ``lines`` untyped)

    def fix(self, violations: list[Violation]) -> None:
        """Applies the quick fixes of ``violations`` as one undo step and says what it did."""
        n = apply_fixes(self.doc, violations)
        if n:
            what = self.doc.undo_stack.undoText()
            self.status.showMessage(f"{what} ({plural(n, 'finding')}); Undo takes it back", 8000)

    def forget(self) -> None:
        """Another scenario opened: the rows of the one before, and their rings on the map, go now."""
        self.ringed = None
        self.panel.forget()
        self.view.mark_problems([])
        self.view.clear_highlight()

    def show_format_problems(self) -> None:
        """A file opened with problems in its references or ids (to be repaired): listed and ringed at once."""
        n = len(self.doc.format_problems)  # pyright: ignore[reportUnknownMemberType, reportUnknownArgumentType]  (Document.format_problems: an untyped list)
        self.dock.show()
        self.scheduler.run()
        self.status.showMessage(
            f"Opened with {plural(n, 'problem')} in the file's references or ids: listed in "
            "Validation and ringed on the map; the preview and the command line refuse the file "
            "until they are repaired",
            15000,
        )

    def map_hidden(self, hidden: bool) -> None:
        """The start page hides the map: its checks wait and the dock's summary says nothing. Shown
        again, a map not checked yet is checked ("Checking…" until then)."""
        if hidden:
            self.scheduler.pause()
            self.panel.summary.setText("")
        elif self.scheduler.fresh:
            self.scheduler.schedule_new()
            self.panel.summary.setText("Checking…")
            self.readouts.checking()
