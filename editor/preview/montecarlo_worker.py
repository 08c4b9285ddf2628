"""Monte Carlo off the GUI thread: a QThreadPool worker runs the chunks (montecarlo.run_all) on a
snapshot of the scenario, reporting progress after each chunk; ``cancel()`` stops it after the
chunk under way. The window keeps answering: the GUI thread only copies the scenario at the start
and draws the result at the end.

``MonteCarloWorker.start(scenario, dam, runs, seed)`` -> signals ``progress(done, total)``, then
``finished(result)``, ``cancelled()`` or ``failed(message)``. A job started again, or cancelled,
never reports a stale result. Destroying the worker cancels its job and waits for the chunk.
"""
from __future__ import annotations

import copy
import threading
from functools import partial

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from dambuster.simulation import Breach, SimulationError

from .montecarlo import CHUNK, run_all


class _Relay(QObject):
    progress = Signal(int, int, int)  # job, done, total
    done = Signal(int, object)  # job, result (None: cancelled)
    failed = Signal(int, str)


class _Job(QRunnable):
    def __init__(self, job: int, scenario, dam: str, runs: int, seed: int, chunk: int,
                 stop: threading.Event, relay: _Relay):
        super().__init__()
        self.setAutoDelete(True)
        self.job, self.scenario, self.dam, self.runs, self.seed, self.chunk = job, scenario, dam, runs, seed, chunk
        self.stop, self.relay = stop, relay

    def _emit(self, signal, *args) -> None:
        try:
            signal.emit(*args)
        except RuntimeError:  # the relay is gone (the window closed): nobody is listening
            self.stop.set()

    def _progress(self, done: int) -> bool:
        self._emit(self.relay.progress, self.job, done, self.runs)
        return not self.stop.is_set()

    def run(self) -> None:
        try:
            result = run_all(Breach(self.scenario, self.dam), self.runs, self.seed, self._progress, self.chunk)
        except (SimulationError, ValueError, MemoryError) as e:
            self._emit(self.relay.failed, self.job, str(e))
            return
        self._emit(self.relay.done, self.job, None if self.stop.is_set() else result)


def _stop_all(stops: list[threading.Event], *_args) -> None:
    for s in stops:
        s.set()


class MonteCarloWorker(QObject):
    progress = Signal(int, int)  # runs done, runs asked
    finished = Signal(object)  # MonteCarloResult
    cancelled = Signal()
    failed = Signal(str)

    def __init__(self, parent=None, chunk: int = CHUNK):
        super().__init__(parent)
        self.chunk = chunk
        self.pool = QThreadPool(self)  # made before the relay: deleted (and waited for) first
        self.pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.progress.connect(self._progress)
        self._relay.done.connect(self._done)
        self._relay.failed.connect(self._failed)
        self.job = 0
        self._stops: list[threading.Event] = []
        self.running = False
        self.destroyed.connect(partial(_stop_all, self._stops))  # not a method: self is going

    def start(self, scenario, dam: str, runs: int, seed: int) -> None:
        """Starts a run on a copy of ``scenario`` (taken now, in the GUI thread); cancels any other."""
        self.cancel(quiet=True)
        self.job += 1
        stop = threading.Event()
        self._stops[:] = [stop]
        self.running = True
        self.pool.start(_Job(self.job, copy.deepcopy(scenario), dam, runs, seed, self.chunk, stop, self._relay))

    def cancel(self, quiet: bool = False) -> None:
        """Stops the job after its current chunk; ``cancelled`` follows unless ``quiet`` (a job
        replaced or dropped because the map changed reports nothing)."""
        _stop_all(self._stops)
        if quiet and self.running:
            self.job += 1  # whatever the old job reports is stale now
            self.running = False

    def wait(self, msecs: int = -1) -> bool:
        return self.pool.waitForDone(msecs)

    def _progress(self, job: int, done: int, total: int) -> None:
        if job == self.job:
            self.progress.emit(done, total)

    def _done(self, job: int, result) -> None:
        if job != self.job:
            return
        self.running = False
        if result is None:
            self.cancelled.emit()
        else:
            self.finished.emit(result)

    def _failed(self, job: int, message: str) -> None:
        if job == self.job:
            self.running = False
            self.failed.emit(message)
