"""Autosave: a few seconds after the first unsaved change, then at most one interval after the
previous copy, the scenario is written (atomically) to a recovery folder with a small JSON sidecar;
a failed write is tried again after a back-off; a clean save or a clean close removes the copy.

A copy is named after its document: ``<sha1 of the absolute path>`` or ``untitled-<32 random hex digits>``. Each
editor session that has written a copy holds a ``session-<id>.lock`` (QLockFile) in the folder, so the
next start can tell a copy left by a crashed session (lock free or stale) from one a running editor
still owns.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QSettings, QStandardPaths, Qt, QTimer, Signal

from dambuster.editor.document import Document
from dambuster.model import dumps
from dambuster.model.io import GENERATOR, write_atomic

ENV_DIR = "DAMBUSTER_RECOVERY_DIR"
SETTING_INTERVAL = "autosave/interval_ms"
DEFAULT_INTERVAL_MS = 60_000
SETTING_FIRST_DELAY = "autosave/first_delay_ms"
DEFAULT_FIRST_DELAY_MS = 10_000
SETTING_RETRY = "autosave/retry_ms"
DEFAULT_RETRY_MS = 5_000
SIDECAR = ".meta.json"
CORRUPT = "corrupt"
DISCARDED = "discarded"  # copies the user chose to discard, kept for a rescue by hand
KEEP_DISCARDED = 10


def recovery_dir() -> Path:
    """``$DAMBUSTER_RECOVERY_DIR`` or ``<AppDataLocation>/recovery`` (not created here)."""
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".dambuster") / "recovery"


def _setting_ms(settings: QSettings | None, name: str, default: int) -> int:
    if settings is None:
        return default
    value = settings.value(name, default)
    try:
        return max(1, int(value)) if isinstance(value, int | float | str) else default
    except ValueError:
        return default


def key_for(path: str | os.PathLike[str] | None) -> str:
    if path is None:
        return f"untitled-{os.urandom(16).hex()}"
    return hashlib.sha1(str(Path(path).resolve()).encode("utf-8")).hexdigest()[:20]


@dataclass
class Entry:
    """One recovery copy on disk."""

    key: str
    copy: Path
    original: str | None  # the file the copy belongs to, None for an untitled scenario
    saved: str  # ISO time of the autosave
    session: str
    title: str = ""

    @property
    def sidecar(self) -> Path:
        return self.copy.with_name(self.key + SIDECAR)

    def saved_at(self) -> float:
        try:
            return datetime.fromisoformat(self.saved).timestamp()
        except ValueError:
            return 0.0

    def original_mtime(self) -> float | None:
        """The original file's modification time; None when untitled or the file is gone."""
        if not self.original:
            return None
        try:
            return os.stat(self.original).st_mtime
        except OSError:
            return None


def _lock_path(folder: Path, session: str) -> Path:
    return folder / f"session-{session}.lock"


def session_alive(folder: Path, session: str) -> bool:
    """True while the session that wrote a copy still runs (its lock is held by a live process)."""
    lock_file = _lock_path(folder, session)
    if not lock_file.exists():
        return False
    lock = QLockFile(str(lock_file))
    lock.setStaleLockTime(0)  # stale only when its process is gone, never by age
    if lock.tryLock(0):
        lock.unlock()  # also removes the stale lock file
        return False
    return True


def entries(folder: Path | None = None) -> tuple[list[Entry], list[str]]:
    """The copies in the folder and one line for each broken sidecar (which is moved aside)."""
    folder = folder or recovery_dir()
    found: list[Entry] = []
    problems: list[str] = []
    if not folder.is_dir():
        return found, problems
    for side in sorted(folder.glob("*" + SIDECAR)):
        key = side.name[: -len(SIDECAR)]
        copy = folder / f"{key}.json"
        try:
            info = json.loads(side.read_text(encoding="utf-8"))
            entry = Entry(
                key,
                copy,
                info.get("original"),
                str(info["saved"]),
                str(info["session"]),
                str(info.get("title", "")),
            )
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
            problems.append(
                f"recovery copy {key}: unreadable sidecar ({type(e).__name__}); moved to {CORRUPT}/"
            )
            set_aside(folder, key)
            continue
        if not copy.exists():
            side.unlink(missing_ok=True)
            continue
        found.append(entry)
    return found, problems


def orphans(folder: Path | None = None) -> tuple[list[Entry], list[str]]:
    """Copies left by sessions that did not close cleanly (no live owner), newest first."""
    folder = folder or recovery_dir()
    found, problems = entries(folder)
    alive: dict[str, bool] = {}
    left: list[Entry] = []
    for e in found:
        if e.session not in alive:
            alive[e.session] = session_alive(folder, e.session)
        if not alive[e.session]:
            left.append(e)
    left.sort(key=lambda e: e.saved, reverse=True)
    return left, problems


def remove(folder: Path, key: str) -> None:
    for p in (folder / f"{key}.json", folder / f"{key}{SIDECAR}"):
        try:
            p.unlink(missing_ok=True)
        except OSError:  # an unusable folder: there was no copy to remove
            pass


def set_aside(folder: Path, key: str, into: str = CORRUPT) -> None:
    """Moves a copy and its sidecar into ``corrupt/`` (a broken copy) or ``discarded/`` (one the user
    discarded; the newest ``KEEP_DISCARDED`` are kept): kept for the user, never offered again."""
    aside = folder / into
    aside.mkdir(parents=True, exist_ok=True)
    for p in (folder / f"{key}.json", folder / f"{key}{SIDECAR}"):
        if p.exists():
            os.replace(p, aside / p.name)
    if into == DISCARDED:
        copies = sorted(aside.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in [p for p in copies if not p.name.endswith(SIDECAR)][KEEP_DISCARDED:]:
            old.unlink(missing_ok=True)
            old.with_name(old.stem + SIDECAR).unlink(missing_ok=True)


class Autosaver(QObject):
    """Watches a Document and writes its recovery copy.

    The first copy of a run of unsaved changes is written ``first_delay_ms`` after its first change;
    later changes are written ``interval_ms`` after the previous copy (or ``first_delay_ms`` after the
    change, when that is later). The timer is started by a change, never restarted by later ones, so
    a long stroke session is saved on schedule. A write that fails is tried again after ``retry_ms``,
    doubling up to the interval, without waiting for an edit; ``failed`` is emitted once per run of
    failures and ``resumed`` when a write succeeds again."""

    written = Signal(object)  # Path of the copy
    failed = Signal(str)  # one sentence: the copy could not be written (the editor goes on, and retries)
    resumed = Signal(str)  # one sentence: a write succeeded after failures

    def __init__(
        self,
        doc: Document,
        settings: QSettings | None = None,
        parent: QObject | None = None,
        folder: Path | None = None,
    ):
        super().__init__(parent)
        self.doc = doc
        self.folder = Path(folder) if folder else recovery_dir()
        self.session = os.urandom(16).hex()
        self._lock: QLockFile | None = None
        self.key = key_for(doc.path)
        self.writes = 0
        self.failures = 0  # failed attempts in the current run of failures
        self.interval_ms = _setting_ms(settings, SETTING_INTERVAL, DEFAULT_INTERVAL_MS)
        self.first_delay_ms = min(
            _setting_ms(settings, SETTING_FIRST_DELAY, DEFAULT_FIRST_DELAY_MS), self.interval_ms
        )
        self.retry_ms = _setting_ms(settings, SETTING_RETRY, DEFAULT_RETRY_MS)
        self._last_write: float | None = None  # monotonic time of the last copy of this run of changes
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)  # one timer; its remaining time is exact
        self.timer.timeout.connect(self.write_now)
        self._gone = False  # the document is being destroyed: its undo stack's last signals mean nothing
        doc.destroyed.connect(self._doc_gone)
        doc.undo_stack.indexChanged.connect(self._changed)
        doc.undo_stack.cleanChanged.connect(self._clean_changed)
        doc.path_changed.connect(self._path_changed)
        doc.scenario_replaced.connect(self._replaced)

    def next_delay_ms(self) -> int:
        """How long after a change now its copy is written."""
        if self._last_write is None:
            return self.first_delay_ms
        since = int((time.monotonic() - self._last_write) * 1000)
        return max(self.first_delay_ms, self.interval_ms - since)

    def _retry_delay_ms(self) -> int:
        return min(self.retry_ms * 2 ** min(self.failures - 1, 16), max(self.retry_ms, self.interval_ms))

    def _fresh_run(self) -> None:
        """The document is clean or replaced: the next change starts a new run (first delay again)."""
        self.timer.stop()
        self._last_write = None
        self.failures = 0

    @property
    def copy_path(self) -> Path:
        return self.folder / f"{self.key}.json"

    def _doc_gone(self, *_args: object) -> None:
        self._gone = True
        self.timer.stop()

    def _changed(self, *_args: object) -> None:
        if self._gone:
            return
        # started by a change, not restarted by later ones (a pending retry keeps its own time)
        if self.doc.modified and not self.timer.isActive():
            self.timer.start(self.next_delay_ms())

    def _clean_changed(self, clean: bool) -> None:
        if clean and not self._gone:
            self._fresh_run()
            self.discard()

    def _path_changed(self, path: Path | None) -> None:
        new_key = key_for(path)
        if new_key != self.key:
            self.discard()
            self.key = new_key

    def _replaced(self) -> None:
        # the previous document was saved or discarded (File > New/Open asked first)
        self._fresh_run()
        self.discard()
        self.key = key_for(self.doc.path)

    def adopt(self, key: str) -> None:
        """Takes over a recovered copy's name, so later autosaves replace it."""
        self.key = key

    def _ensure_lock(self) -> None:
        if self._lock is None:
            self.folder.mkdir(parents=True, exist_ok=True)
            lock = QLockFile(str(_lock_path(self.folder, self.session)))
            lock.setStaleLockTime(0)
            lock.tryLock(0)
            self._lock = lock

    def write_now(self) -> Path | None:
        self.timer.stop()
        if self._gone or not self.doc.modified:
            return None
        try:
            self._write()
        except OSError as e:
            self.failures += 1
            if self.failures == 1:
                self.failed.emit(
                    f"autosave failed: {self.folder}: {e.strerror or e}; trying again every few seconds"
                )
            self.timer.start(self._retry_delay_ms())  # no edit needed to try again
            return None
        if self.failures:
            self.resumed.emit(f"autosave works again after {self.failures} failed attempts: {self.copy_path}")
            self.failures = 0
        self._last_write = time.monotonic()
        self.writes += 1
        self.written.emit(self.copy_path)
        return self.copy_path

    def _write(self) -> None:
        """Sidecar first, then the copy: a crash between the two leaves a sidecar without a copy,
        which the next start simply removes, never a copy nobody can name."""
        from dambuster import __version__

        self._ensure_lock()
        data = dumps(self.doc.scenario).encode("utf-8")

        info = {
            "original": str(self.doc.path.resolve()) if self.doc.path else None,
            "saved": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "generator": f"{GENERATOR} {__version__}",
            "session": self.session,
            "title": self.doc.scenario.meta.title,
        }
        write_atomic(self.folder / f"{self.key}{SIDECAR}", json.dumps(info, indent=2).encode("utf-8"))
        write_atomic(self.copy_path, data)

    def discard(self) -> None:
        """Removes this document's copy (after a clean save, a discard or a clean close)."""
        remove(self.folder, self.key)

    def closed_cleanly(self) -> None:
        self._fresh_run()
        self.discard()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None
