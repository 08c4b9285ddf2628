"""When the rule checks run while a map is edited, and where: ``ValidationScheduler`` re-checks the
document ``DEBOUNCE_MS`` after the last edit (many quick edits give one run) and reports the violations
through ``finished``; it shows nothing itself (the Validation dock, the status bar and the map's rings
are ``presenter.py``'s).

- **A new scenario** (New, Open, a template) is first checked once its map is drawn and the window has
  been still for ``SETTLE_MS`` (``map_painted``: a paint meanwhile puts the check off again, for at most
  ``SETTLE_CAP_S`` after the first paint): the map shows as soon as it can, its problems when they
  arrive.
- **Off the GUI thread when checks are slow**: when the last check took longer than ``threshold_ms``
  (~50 ms), the next check after an edit runs in the worker (``worker.py``) on a snapshot
  (``copy.deepcopy`` of the scenario, taken in the GUI thread), and its result is shown only if the
  document has not changed since; painting and editing go on meanwhile. The first check of a new
  scenario of ``LARGE_MAP_HEXES`` or more runs there too (its time is not known yet, and the rules take
  a good part of a second on a 1000x1000 map). ``run`` (F5, a file opened with problems) always checks
  at once in the GUI thread.
- **Format problems** a file was opened with (``Document.format_problems``) are checked again on every
  run until another file is opened, so an Undo of a repair lists its problem again (``format_rows``).
"""

from __future__ import annotations

import copy
import time

from PySide6.QtCore import QObject, QTimer, Signal

from dambuster.editor.document import Document
from dambuster.model.lenient import format_problems
from dambuster.model.scenario import HexMap
from dambuster.validators import Violation

from .worker import CheckWorker, check

DEBOUNCE_MS = 300
SETTLE_MS = 500  # a new scenario's first check: this long after the map was last painted ...
SETTLE_CAP_S = 2.0  # ... unless the map has been painting for this long since its first paint
THRESHOLD_MS = 50.0  # a check slower than this sends the next one to the worker
LARGE_MAP_HEXES = 250_000


def format_rows(doc: Document, opened_with_problems: bool = False) -> list[Violation]:
    """The format problems a file was opened with, checked again on the scenario as it stands, as
    error rows (code FORMAT) marked on the map by their JSON pointer. A file opened without any is not
    looked at again (the editor's edits keep the format)."""
    if not (doc.format_problems or opened_with_problems):  # pyright: ignore[reportUnknownMemberType]  (Document.format_problems: an untyped list)
        return []
    problems = format_problems(doc.scenario)
    doc.format_problems = problems
    return [Violation(p.message, "FORMAT", "error", {"pointer": p.pointer}) for p in problems]


class ValidationScheduler(QObject):
    finished = Signal(list)  # list[Violation]: the findings of a check of the current document

    def __init__(
        self,
        doc: Document,
        parent: QObject | None = None,
        delay_ms: int = DEBOUNCE_MS,
        threshold_ms: float = THRESHOLD_MS,
    ):
        super().__init__(parent)
        self.doc = doc
        self.violations: list[Violation] = []  # the last check's
        self.runs = 0  # checks started (tests, figures)
        self.in_worker = 0  # ... of which in the worker
        self.dropped = 0  # worker results thrown away because the document had changed
        self.threshold_ms = threshold_ms
        self.last_ms = 0.0  # how long the last check took
        self.revision = 0  # bumped by every document change
        self.fresh = True  # a new scenario not checked yet: its check waits for the map to be drawn
        self.opened_with_problems = False  # its format is checked on every run (an undo may bring one back)
        self.first_paint: float | None = None  # when the new scenario's map was first painted
        self._format_found: list[Violation] = []  # the FORMAT rows of the check under way in the worker
        self.timer = QTimer(self)  # the debounce
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.run_live)
        self.settle = QTimer(self)  # a new map's stillness
        self.settle.setSingleShot(True)
        self.settle.setInterval(SETTLE_MS)
        self.settle.timeout.connect(self.run_live)
        self.worker = CheckWorker(self)
        self.worker.done.connect(self._arrived)
        for edited in (doc.terrain_changed, doc.features_changed, doc.meta_changed):
            edited.connect(self._bump)
            edited.connect(self.schedule)
        doc.scenario_replaced.connect(self._bump)
        doc.scenario_replaced.connect(self.schedule_new)
        self._size_up()  # the document it starts with is as new

    def _bump(self, *_args: object) -> None:
        self.revision += 1

    # -- when ------------------------------------------------------------------------------------
    def schedule(self, *_args: object) -> None:
        """The check after an edit, ``delay_ms`` after the last one."""
        self.fresh = False
        self.settle.stop()
        self.timer.start()

    def schedule_new(self) -> None:
        """The first check of a new scenario: as ``schedule``, then put off while its map is drawn;
        the findings of the scenario before are forgotten."""
        self.fresh, self.first_paint = True, None
        self.opened_with_problems = False
        self.violations = []
        self.settle.stop()
        self.timer.start()
        self._size_up()

    def pause(self) -> None:
        """No check until the next edit or ``schedule_new`` (the start page hides the map)."""
        self.timer.stop()
        self.settle.stop()

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

    def _size_up(self) -> None:
        m = self.doc.scenario.map
        large = isinstance(m, HexMap) and m.layout.columns * m.layout.rows >= LARGE_MAP_HEXES
        self.last_ms = self.threshold_ms + 1.0 if large else 0.0  # the new map's checks not timed yet

    # -- where -----------------------------------------------------------------------------------
    def _start(self) -> list[Violation]:
        """What every check does first; returns the format rows, which come first."""
        self.timer.stop()
        self.settle.stop()
        self.fresh = False
        self.runs += 1
        self.opened_with_problems = self.opened_with_problems or bool(self.doc.format_problems)  # pyright: ignore[reportUnknownMemberType, reportUnknownArgumentType]  (Document.format_problems: an untyped list)
        return format_rows(self.doc, self.opened_with_problems)

    def run(self) -> list[Violation]:
        """Checks now, in the GUI thread, and returns the violations (F5, and callers that need them)."""
        t0 = time.perf_counter()
        found = self._start() + check(self.doc.scenario)
        self.violations = found
        self.finished.emit(found)
        self.last_ms = (time.perf_counter() - t0) * 1000
        return found

    def run_live(self) -> None:
        """The check after an edit: in the GUI thread when checks are quick, else in the worker (the
        result arrives later through ``finished``)."""
        if self.last_ms <= self.threshold_ms:
            self.run()
            return
        self._format_found = self._start()
        self.in_worker += 1
        self.worker.start(copy.deepcopy(self.doc.scenario), self.revision)

    def _arrived(self, revision: int, found: list[Violation], seconds: float) -> None:
        self.last_ms = seconds * 1000
        if revision != self.revision:
            self.dropped += 1  # stale: a newer check is scheduled by the change that bumped the revision
            return
        found = self._format_found + found
        self.violations = found
        self.finished.emit(found)

    def wait(self, ms: int = 30000) -> bool:
        """Waits for the worker's check under way, if any (tests, scripts)."""
        return self.worker.wait(ms)
