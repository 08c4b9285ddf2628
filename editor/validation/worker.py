"""The rule checks run off the GUI thread: ``CheckWorker.start(scenario, revision)`` checks a snapshot
of the scenario in a QThreadPool thread (one at a time) and reports ``done(revision, violations,
seconds)`` back in the GUI thread; ``check`` is the same check where it is called. The scheduler
(``scheduler.py``) decides when to use it and whether a result is still current."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from dambuster.model.scenario import Scenario
from dambuster.validators import Violation, check_scenario


def check(scenario: Scenario) -> list[Violation]:
    """The rule checks' violations; a rule that crashes (or a dangling reference it meets) is one
    ENGINE error row, never the editor's end."""
    try:
        return check_scenario(scenario)
    except Exception as e:
        return [Violation(f"the rule checks failed: {type(e).__name__}: {e}", "ENGINE", "error")]


class _Relay(QObject):
    """Carries a job's result from the pool's thread to the GUI thread (a queued signal)."""

    done = Signal(int, list, float)  # revision, violations, seconds


class _Job(QRunnable):
    def __init__(self, scenario: Scenario, revision: int, relay: _Relay):
        super().__init__()
        self.scenario, self.revision, self.relay = scenario, revision, relay
        self.setAutoDelete(True)

    def run(self) -> None:
        t0 = time.perf_counter()
        found = check(self.scenario)
        self.relay.done.emit(self.revision, found, time.perf_counter() - t0)


class CheckWorker(QObject):
    done = Signal(int, list, float)  # the revision it was given, list[Violation], seconds it took

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self.done)

    def start(self, scenario: Scenario, revision: int) -> None:
        """Checks ``scenario`` (a snapshot nothing else changes) in the pool's thread."""
        self.pool.start(_Job(scenario, revision, self._relay))

    def busy(self) -> bool:
        return self.pool.activeThreadCount() > 0

    def wait(self, ms: int = 30000) -> bool:
        return self.pool.waitForDone(ms)
