"""Monte Carlo in a helper process (Qt-free): one per editor process, started at the first run as
``python -m dambuster.editor.preview.montecarlo.process`` and kept for the session, so the GUI
thread never shares the interpreter lock with the runs and the window answers throughout (a worker
thread stalled the event loop ~50 ms on a 200x200 map: every Python callback of the GUI waited for
the lock). A plain subprocess, not ``multiprocessing``: the child never imports the parent's
``__main__`` (a script without a main guard would otherwise run again in the child).

Messages are pickles framed by their length on the child's stdin and stdout (stray prints of the
child go to its stderr). ``helper().submit(scenario, dam, runs, seed, chunk, listener)`` pickles the
scenario in the caller's thread (a snapshot of the map as it is now) and returns a job id;
``listener`` is called *in a reader thread* with ("progress", job, done, total), then ("done", job,
result) -- result None when cancelled -- or ("failed", job, message). ``cancel(job)`` stops a job
after its chunk under way; a new job stops the one under way too. If the process dies, the jobs
under way fail and the next submit starts a new one.
"""

from __future__ import annotations

import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dambuster.model.scenario import Scenario

#: A message on the pipe: a tuple whose first item says what it is ("run", "progress", "done"...)
Message = tuple[Any, ...]
Listener = Callable[[Message], None]
_HEAD = struct.Struct("<Q")


def write_message(stream: IO[bytes], obj: Message | None) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEAD.pack(len(data)) + data)
    stream.flush()


def read_message(stream: IO[bytes]) -> Any:
    head = stream.read(_HEAD.size)
    if len(head) < _HEAD.size:
        raise EOFError
    (n,) = _HEAD.unpack(head)
    data = stream.read(n)
    if len(data) < n:
        raise EOFError
    return pickle.loads(data)


# ----------------------------------------------------------------------------------- the child
def serve(inp: IO[bytes], out: IO[bytes]) -> None:
    """Runs jobs one at a time; between chunks, a cancel of this job or a new job stops it."""
    from dambuster.simulation import Breach

    from .chunks import run_all

    inbox: queue.Queue[Message | None] = queue.Queue()

    def pump() -> None:
        while True:
            try:
                inbox.put(read_message(inp))
            except (EOFError, OSError):
                inbox.put(None)  # the editor is gone: stop
                return

    threading.Thread(target=pump, daemon=True).start()
    queued: deque[Message | None] = deque()
    while True:
        msg = queued.popleft() if queued else inbox.get()
        if msg is None:
            return
        if msg[0] != "run":
            continue  # a cancel of a job already finished
        _, job, payload, dam, runs, seed, chunk = msg
        stop = False

        def progress(done: int, job: int = job, runs: int = runs) -> bool:  # this message's job, bound now
            nonlocal stop
            write_message(out, ("progress", job, done, runs))
            while not inbox.empty():
                m = inbox.get_nowait()
                if m is None or m[0] == "run":
                    queued.append(m)  # shut down, or the next job: this one stops
                    stop = True
                elif m[1] == job:
                    stop = True
            return not stop

        try:
            result = run_all(Breach(pickle.loads(payload), dam), runs, seed, progress, chunk)
        except Exception as e:
            write_message(out, ("failed", job, f"{type(e).__name__}: {e}"))
            continue
        write_message(out, ("done", job, result))


def main() -> None:
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print must not break a message
    serve(sys.stdin.buffer, out)


#: The self-contained app (PyInstaller sets ``sys.frozen``; it has no ``python -m``) started with this
#: argument is this helper instead of the editor (dambuster.editor.app.main looks for it first).
HELPER_ARGUMENT = "--monte-carlo-helper"


def helper_command() -> list[str]:
    """How to start the helper: ``python -m`` this module, or the self-contained app with HELPER_ARGUMENT."""
    if getattr(sys, "frozen", False):
        return [sys.executable, HELPER_ARGUMENT]
    return [sys.executable, "-m", "dambuster.editor.preview.montecarlo.process"]


# ---------------------------------------------------------------------------------- the editor
class Helper:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            helper_command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None  # both PIPE
        self.to_helper, self.from_helper = self.proc.stdin, self.proc.stdout
        self.listeners: dict[int, Listener] = {}
        self.lock = threading.Lock()  # the listeners
        self.write_lock = threading.Lock()  # whole messages on the pipe
        self.next_job = 0
        self.alive = True
        threading.Thread(target=self._read, name="dambuster-montecarlo-reader", daemon=True).start()

    def _send(self, msg: Message | None) -> None:
        try:
            with self.write_lock:
                write_message(self.to_helper, msg)
        except (OSError, ValueError):
            pass  # the process is gone: the reader reports the jobs under way

    def submit(
        self, scenario: Scenario, dam: str, runs: int, seed: int, chunk: int, listener: Listener
    ) -> int:
        payload = pickle.dumps(scenario, protocol=pickle.HIGHEST_PROTOCOL)
        with self.lock:
            self.next_job += 1
            job = self.next_job
            self.listeners[job] = listener
        self._send(("run", job, payload, dam, runs, seed, chunk))
        return job

    def cancel(self, job: int) -> None:
        self._send(("cancel", job))

    def close(self) -> None:
        self._send(None)
        try:
            self.to_helper.close()
        except OSError:
            pass

    def _read(self) -> None:
        while True:
            try:
                msg = read_message(self.from_helper)
            except (EOFError, OSError, pickle.UnpicklingError):
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
    if _helper is None or not _helper.alive or _helper.proc.poll() is not None:
        _helper = Helper()
    return _helper


if __name__ == "__main__":
    main()
