"""Live validation off the GUI thread when it is slow.

``AsyncValidator`` is the ``Validator`` of validation.py with one change: when the last check took
longer than ``threshold_ms`` (~50 ms), the next check after an edit (the debounce timer's, not an
explicit ``run()`` such as F5, which stays synchronous) runs in a QThreadPool worker on a snapshot
(``copy.deepcopy`` of the scenario, taken in the GUI thread), and its result is shown only if the
document has not changed since the snapshot; painting and editing go on meanwhile. The first check
of a new scenario of ``LARGE_MAP_HEXES`` or more runs in the worker too (its time is not known yet, and
the rules take a good part of a second on a 1000x1000 map).
"""

from __future__ import annotations

import copy
import time

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from dambuster.validators import Violation, check_scenario

from .panel import DEBOUNCE_MS, Validator, format_rows

THRESHOLD_MS = 50.0
LARGE_MAP_HEXES = 250_000


def _check(scenario) -> list[Violation]:
    try:
        return check_scenario(scenario)
    except Exception as e:  # a rule that crashes must not take the editor down
        return [Violation(f"the rule checks failed: {type(e).__name__}: {e}", "ENGINE", "error")]


class _Relay(QObject):
    done = Signal(int, list, float)  # revision, violations, seconds


class _Job(QRunnable):
    def __init__(self, scenario, revision: int, relay: _Relay):
        super().__init__()
        self.scenario, self.revision, self.relay = scenario, revision, relay
        self.setAutoDelete(True)

    def run(self) -> None:
        t0 = time.perf_counter()
        found = _check(self.scenario)
        self.relay.done.emit(self.revision, found, time.perf_counter() - t0)


class AsyncValidator(Validator):
    def __init__(self, doc, parent=None, delay_ms: int = DEBOUNCE_MS, threshold_ms: float = THRESHOLD_MS):
        super().__init__(doc, parent, delay_ms)
        self.threshold_ms = threshold_ms
        self.last_ms = 0.0  # how long the last check took
        self.revision = 0  # bumped by every document change
        self.in_worker = 0  # checks run in the worker (for tests and figures)
        self.dropped = 0  # worker results thrown away because the document had changed
        self.pending = False
        self.format_found: list = []  # the FORMAT rows of the check under way in the worker
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._arrived)
        self.timer.timeout.disconnect(self.run)
        self.timer.timeout.connect(self.run_live)
        for sig in (doc.terrain_changed, doc.features_changed, doc.meta_changed, doc.scenario_replaced):
            sig.connect(self._bump)
        self._size_up()  # the document it starts with is as new

    def _bump(self, *_args) -> None:
        self.revision += 1

    def schedule_new(self) -> None:
        super().schedule_new()
        self._size_up()

    def _size_up(self) -> None:
        layout = getattr(self.doc.scenario.map, "layout", None)
        large = layout is not None and layout.columns * layout.rows >= LARGE_MAP_HEXES
        self.last_ms = self.threshold_ms + 1.0 if large else 0.0  # the new map's checks not timed yet

    def _settled(self) -> None:
        self.run_live()

    def run(self) -> list[Violation]:
        """Checks now, in the GUI thread, and returns the violations (F5, and callers that need them)."""
        t0 = time.perf_counter()
        found = super().run()
        self.last_ms = (time.perf_counter() - t0) * 1000
        return found

    def run_live(self) -> None:
        """The check after an edit: in the GUI thread when checks are quick, else in the worker (the
        result arrives later through ``finished``)."""
        self.timer.stop()
        self.settle.stop()
        if self.last_ms <= self.threshold_ms:
            self.run()
            return
        self.fresh = False
        self.runs += 1
        self.in_worker += 1
        self.pending = True
        self.opened_with_problems = self.opened_with_problems or bool(self.doc.format_problems)
        self.format_found = format_rows(self.doc, self.opened_with_problems)  # they come first
        self.pool.start(_Job(copy.deepcopy(self.doc.scenario), self.revision, self._relay))

    def _arrived(self, revision: int, found: list, seconds: float) -> None:
        self.last_ms = seconds * 1000
        self.pending = self.pool.activeThreadCount() > 0
        if revision != self.revision:
            self.dropped += 1  # stale: a newer check is scheduled by the change that bumped the revision
            return
        found = self.format_found + found
        self.violations = found
        self.finished.emit(found)

    def wait(self, ms: int = 30000) -> bool:
        return self.pool.waitForDone(ms)
