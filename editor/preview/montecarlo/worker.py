"""Monte Carlo off the GUI thread, as Qt signals: the runs go to the helper process
(montecarlo/process.py) on a snapshot of the scenario taken at the click; its reports come back
through a reader thread and are relayed to the GUI thread as queued signals. ``cancel()`` stops
the runs after the chunk under way.

``MonteCarloWorker.start(scenario, dam, runs, seed)`` -> ``progress(done, total)``, then
``finished(result)``, ``cancelled()`` or ``failed(message)``. A job started again, cancelled
quietly (the map changed) or belonging to a closed window never reports a stale result.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject, Signal

from dambuster.model.scenario import Scenario

from .chunks import CHUNK
from .process import Message, helper


class _Relay(QObject):
    """Lives in the GUI thread; the reader thread emits on it (queued to the GUI thread)."""

    report = Signal(tuple)


def _relay_report(relay: _Relay, msg: Message) -> None:
    try:
        relay.report.emit(msg)
    except RuntimeError:  # the window (and its relay) is gone: nobody is listening
        pass


def _cancel_job(job: list[int], *_args: object) -> None:
    if job[0]:
        helper().cancel(job[0])


class MonteCarloWorker(QObject):
    progress = Signal(int, int)  # runs done, runs asked
    finished = Signal(object)  # MonteCarloResult
    cancelled = Signal()
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None, chunk: int = CHUNK):
        super().__init__(parent)
        self.chunk = chunk
        self._relay = _Relay(self)
        self._relay.report.connect(self._report)
        self._job = [0]  # the job under way (0: none); a list so the destroyed hook can read it
        self.destroyed.connect(partial(_cancel_job, self._job))  # not a method: self is going

    @property
    def running(self) -> bool:
        return self._job[0] != 0

    def start(self, scenario: Scenario, dam: str, runs: int, seed: int) -> None:
        """Starts the runs on a snapshot of ``scenario`` (pickled now); cancels any other quietly."""
        self.cancel(quiet=True)
        self._job[0] = helper().submit(
            scenario, dam, runs, seed, self.chunk, partial(_relay_report, self._relay)
        )

    def cancel(self, quiet: bool = False) -> None:
        """Stops the runs after the chunk under way: ``cancelled`` follows, unless ``quiet`` (the job
        is then forgotten at once and whatever it still reports is dropped)."""
        if not self._job[0]:
            return
        helper().cancel(self._job[0])
        if quiet:
            self._job[0] = 0

    def _report(self, msg: Message) -> None:
        kind, job = msg[0], msg[1]
        if job != self._job[0]:
            return
        if kind == "progress":
            self.progress.emit(msg[2], msg[3])
            return
        self._job[0] = 0
        if kind == "failed":
            self.failed.emit(msg[2])
        elif msg[2] is None:
            self.cancelled.emit()
        else:
            self.finished.emit(msg[2])
