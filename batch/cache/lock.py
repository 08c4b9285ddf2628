"""An exclusive lock on ``FILE.lock`` beside a file, so that runs sharing one cache take turns to merge it.

``fcntl.flock`` on a lock file created beside the cache. The holder removes the lock file before it lets
go, so no ``.lock`` file outlives a run; a waiter that then wins the lock on the removed file notices
(the path no longer names the file it locked) and tries again. The lock file is opened without
following a symbolic link and must be a regular file, so a link planted at its name cannot make a run
open a device or a FIFO. The wait is bounded: a run never hangs behind a stuck one.

Where ``fcntl`` does not exist (Windows) there is no lock: runs still merge what they find on disk, so
only entries written in the same instant can be lost.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Generator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None

WAIT_SECONDS = 120.0  # a merge takes well under a second; this only ends a wait on a stuck holder
_POLL = 0.05


class LockTimeout(OSError):
    """Another run held the lock for longer than the wait."""


def lock_path(target: str | os.PathLike[str]) -> Path:
    return Path(f"{os.fspath(target)}.lock")


@contextmanager
def locked(target: str | os.PathLike[str], wait: float = WAIT_SECONDS) -> Generator[None, None, None]:
    """Holds the exclusive lock of ``target`` (on ``target.lock``) for the ``with`` block."""
    if fcntl is None:
        yield
        return
    path = lock_path(target)
    fd = _acquire(path, wait)
    try:
        yield
    finally:
        try:
            os.unlink(path)  # while still holding it: see the module docstring
        except OSError:
            pass
        os.close(fd)  # closing releases the lock


def _acquire(path: Path, wait: float) -> int:
    assert fcntl is not None  # locked() takes the lock only where fcntl exists
    deadline = time.monotonic() + wait
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    while True:
        fd = os.open(path, flags, 0o600)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{path} is not a regular file")
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise LockTimeout(f"another run has held {path} for more than {wait:.0f} s") from None
                    time.sleep(_POLL)
            if _same_file(fd, path):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # the holder removed the file we locked: lock the new one


def _same_file(fd: int, path: Path) -> bool:
    try:
        now = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)
