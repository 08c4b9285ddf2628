"""Monte Carlo in a helper process (Qt-free): one per editor process, started (``spawn``) at the
first run and kept for the session, so the GUI thread never shares the interpreter lock with the
runs and the window answers throughout (a worker thread stalled the event loop ~50 ms on a 200x200
map: every Python callback of the GUI waited for the lock).

``helper().submit(scenario, dam, runs, seed, chunk, listener)`` pickles the scenario (in the
caller's thread: a snapshot of the map as it is now) and returns a job id; ``listener`` is called
*in a reader thread* with ("progress", job, done, total), then ("done", job, result) -- result None
when cancelled -- or ("failed", job, message). ``cancel(job)`` stops a job after its chunk under
way; a new job stops the one under way too. If the process dies, the jobs under way fail and the
next submit starts a new one.
"""
from __future__ import annotations

import multiprocessing
import pickle
import threading
from collections import deque
from typing import Callable

Listener = Callable[[tuple], None]


def serve(conn) -> None:
    """The helper's loop (in the child): run jobs one at a time, checking the pipe between chunks."""
    from dambuster.simulation import Breach

    from .montecarlo import run_all

    queued: deque = deque()
    while True:
        try:
            msg = queued.popleft() if queued else conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        if msg[0] != "run":
            continue  # a cancel of a job already finished
        _, job, payload, dam, runs, seed, chunk = msg
        stop = False

        def progress(done: int) -> bool:
            nonlocal stop
            conn.send(("progress", job, done, runs))
            while conn.poll():
                m = conn.recv()
                if m is None or m[0] == "run":
                    queued.append(m)  # shut down, or the next job: this one stops
                    stop = True
                elif m[1] == job:
                    stop = True
            return not stop

        try:
            result = run_all(Breach(pickle.loads(payload), dam), runs, seed, progress, chunk)
        except Exception as e:  # noqa: BLE001 -- whatever goes wrong is the job's failure, not the helper's
            conn.send(("failed", job, f"{type(e).__name__}: {e}"))
            continue
        conn.send(("done", job, result))


class Helper:
    def __init__(self):
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=serve, args=(child,), daemon=True, name="dambuster-montecarlo")
        self.proc.start()
        child.close()
        self.listeners: dict[int, Listener] = {}
        self.lock = threading.Lock()
        self.next_job = 0
        self.alive = True
        threading.Thread(target=self._read, name="dambuster-montecarlo-reader", daemon=True).start()

    def submit(self, scenario, dam: str, runs: int, seed: int, chunk: int, listener: Listener) -> int:
        payload = pickle.dumps(scenario, protocol=pickle.HIGHEST_PROTOCOL)
        with self.lock:
            self.next_job += 1
            job = self.next_job
            self.listeners[job] = listener
        self.conn.send(("run", job, payload, dam, runs, seed, chunk))
        return job

    def cancel(self, job: int) -> None:
        if self.alive:
            try:
                self.conn.send(("cancel", job))
            except OSError:
                pass  # the process is gone: the reader reports it

    def close(self) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass

    def _read(self) -> None:
        while True:
            try:
                msg = self.conn.recv()
            except (EOFError, OSError):
                break
            with self.lock:
                listener = self.listeners.get(msg[1])
                if msg[0] != "progress":
                    self.listeners.pop(msg[1], None)
            if listener is not None:
                listener(msg)
        self.alive = False
        with self.lock:
            left, self.listeners = self.listeners, {}
        for job, listener in left.items():
            listener(("failed", job, "the Monte Carlo process stopped"))


_helper: Helper | None = None


def helper() -> Helper:
    """The editor's helper process, started on first use (again if it died)."""
    global _helper
    if _helper is None or not _helper.alive or not _helper.proc.is_alive():
        _helper = Helper()
    return _helper
