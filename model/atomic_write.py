"""Writing output files: whole or not at all, never through a dangling link, never over a file unasked.

Every file dambuster writes (scenario saves, `surge --out-json/--out-csv/--apply`, `export-tiled`'s map
and tileset image, `export-geojson`, `player-view -o`, `import-tiled -o`, the validate cache) goes
through :func:`write_files`:

* each file is written to a temporary file beside its target, named
  ``.NAME.HOST-PID.RANDOM.dambuster.tmp`` (hidden, and never ``*.json``, so no folder scan picks it up;
  HOST is a short hash of the machine's name), flushed and fsynced, then renamed over the target; a
  failure at any point (a full disk) removes the temporary files and leaves every target as it was;
* several files (a map and its tileset image) are renamed together: when a later rename fails, the
  earlier targets are put back as they were (restored from a hard link, or removed if they were new);
* a target that is a symbolic link is written through (the file it names is replaced, the link kept),
  but a link to nothing is refused, and so is a target that is not a regular file (a folder, a FIFO,
  a device such as ``/dev/null``): atomic replacement would replace the special file itself;
* before writing, temporary files left for the same target by a process of this machine that is gone
  (killed mid-save), or older than STALE_AFTER_S seconds, are removed; those of a running process are
  left alone, and so are those of another machine sharing the folder until they are that old (as are
  those of earlier versions, ``.NAME.XXXXXXXX.tmp``).

:func:`outputs_problem` is what the commands ask before doing any work: whether a target exists
(``--force`` replaces it), is one of the command's inputs (``--force`` too), is named twice, or cannot be
written at all (a dangling link, a folder, a device: ``--force`` does not help).

Read-modify-write (``fmt``, ``surge FILE --apply FILE``, ``player-view FILE -o FILE``) passes the
:class:`Original` it read as ``expected``: just before the rename, the target must still be that file
(same size, modification time and inode, and the SHA-256 of its bytes that of the bytes read), or the
write is refused with :class:`ChangedSinceRead` and nothing is renamed: a save made meanwhile by
another program is kept, never replaced by the modified old content. On Linux the new file and the
target are swapped atomically (``renameat2(RENAME_EXCHANGE)``) and the file taken out is the one checked,
then swapped back if it is not the original, so no save made before the swap is lost; elsewhere (or on a
file system without the swap) the check comes just before the rename, and a save landing in the
microseconds between the two is replaced.
"""

from __future__ import annotations

import errno
import functools
import os
import re
import stat
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .files import kind_of

TEMP_SUFFIX = ".dambuster.tmp"


def _host_name() -> str:
    """The machine's name, as socket.gethostname() gives it (os.uname where it exists: importing
    socket costs every command's start-up a few milliseconds)."""
    if hasattr(os, "uname"):
        return os.uname().nodename
    import socket

    return socket.gethostname()


def _sha256(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex. hashlib is imported when first needed: a command that only reads
    does not pay for OpenSSL's start-up."""
    import hashlib

    return hashlib.sha256(data).hexdigest()


@functools.cache
def _host() -> str:
    """Which machine (or container) wrote a temporary file: a process id is judged only where it was given."""
    return _sha256(_host_name().encode("utf-8", "surrogateescape"))[:8]


#: What tempfile.mkstemp added to the temporary files of earlier versions: ``.NAME.XXXXXXXX.tmp``.
_LEGACY = re.compile(r"[a-z0-9_]{8}\.tmp")
#: A temporary file older than this is stale even if its process id is alive again (ids are reused);
#: no save takes an hour (a 32 MB scenario takes about a second).
STALE_AFTER_S = 3600


class OutputError(OSError):
    """A target that is refused; ``str(e)`` is one sentence without the path."""


class ChangedSinceRead(OutputError):
    """The file a command read and now replaces was changed by someone else in the meantime; ``how``
    says how it differs (a few words)."""

    how: str = "it changed"


@dataclass(frozen=True)
class Original:
    """What a command read from a file it will replace: where, its size, modification time, inode and the
    SHA-256 of the bytes read."""

    path: str
    size: int
    mtime_ns: int
    inode: tuple[int, int]
    sha256: str

    @classmethod
    def of(cls, path: str | os.PathLike[str], data: bytes) -> Original:
        """The original of ``path``, whose bytes a command has just read as ``data``. The stat is taken
        after the read, and the check compares the bytes too, so a change between the two is caught."""
        st = os.stat(path)
        digest = _sha256(data)
        return cls(os.path.realpath(path), len(data), st.st_mtime_ns, (st.st_dev, st.st_ino), digest)

    def changed(self, where: str | os.PathLike[str] | None = None) -> str | None:
        """None when the file (at ``where``, by default where it was read) is still the one read, else
        how it differs (a few words)."""
        where = self.path if where is None else where
        try:
            st = os.stat(where)
        except FileNotFoundError:
            return "it was removed"
        if (st.st_dev, st.st_ino) != self.inode:
            return "it was replaced by another file"
        if st.st_size != self.size or st.st_mtime_ns != self.mtime_ns:
            return "it was written to"
        try:
            with open(where, "rb") as f:
                data = f.read(self.size + 1)
        except OSError as e:
            return f"it cannot be read again ({e.strerror or e})"
        if _sha256(data) != self.sha256:
            return "its content changed"
        return None


#: Test hook: callables run with the target just before each rename (tests/untrusted/test_untrusted_lost_update.py
#: saves another version there, as a second program would). Empty in normal use.
BEFORE_RENAME: list[Callable[[Path], object]] = []
_RENAME_EXCHANGE, _AT_FDCWD = 2, -100  # linux/fs.h, fcntl.h


@functools.cache
def _renameat2():
    """glibc's renameat2 (Linux 3.15, glibc 2.28), or None."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # only where a read-modify-write is saved: not on every command's start-up

    try:
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    fn.restype = ctypes.c_int
    return fn


def _exchange(a: Path, b: Path) -> bool:
    """Swaps two files atomically; False where the system or the file system cannot (OSError for a
    real failure, such as ``b`` gone)."""
    fn = _renameat2()
    if fn is None:
        return False
    if fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    import ctypes

    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), os.fspath(b))


def _changed(how: str) -> ChangedSinceRead:
    e = ChangedSinceRead(
        f"changed on disk since it was read ({how}); not written, so the other save is kept "
        "(run the command again on the file as it is now)"
    )
    e.how = how
    return e


def _replace(temp: Path, target: Path, expected: Sequence[Original]) -> None:
    """Renames ``temp`` over ``target``; with an Original of ``target``, only over that unchanged file.

    Where Linux allows it the two are swapped atomically and what came out is checked, then put back
    if it is not the original: a save made by someone else at any moment before the swap is kept.
    Elsewhere the check comes just before the rename (a save in between the two is replaced)."""
    for hook in BEFORE_RENAME:
        hook(target)
    original = next((o for o in expected if o.path == str(target)), None)
    if original is None:
        os.replace(temp, target)
        return
    how = original.changed()
    if how:
        raise _changed(how)
    try:
        swapped = _exchange(temp, target)
    except FileNotFoundError:
        raise _changed("it was removed") from None
    if not swapped:
        os.replace(temp, target)
        return
    how = original.changed(temp)  # what the swap took out of the target
    if how:
        _exchange(temp, target)  # theirs back in place; ours is removed with the temporary files
        raise _changed(how)
    _unlink(temp)  # the original, now replaced


def temp_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.{_host()}-{os.getpid()}.{os.urandom(4).hex()}{TEMP_SUFFIX}")


def _owner(temp: str, target_name: str) -> tuple[str, int] | None:
    """(host tag, process id) in the name of a temporary file made for ``target_name``, or None. An earlier
    version's temporary file has neither: ("", 0), judged by its age alone."""
    prefix = f".{target_name}."
    if temp.startswith(prefix) and _LEGACY.fullmatch(temp, len(prefix)):
        return "", 0
    if not (temp.startswith(prefix) and temp.endswith(TEMP_SUFFIX)):
        return None
    middle = temp[len(prefix) : -len(TEMP_SUFFIX)].split(".")
    host, _, pid = middle[0].partition("-")
    if len(middle) != 2 or not (pid.isascii() and pid.isdigit()):
        return None
    return host, int(pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except PermissionError:  # another user's process
        return True
    return True


def remove_stale_temps(target: Path) -> list[Path]:
    """Removes the temporary files of ``target`` whose process is gone or that are older than STALE_AFTER_S."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return removed
    for entry in entries:
        owner = _owner(entry.name, target.name)
        if owner is None or owner == (_host(), os.getpid()):
            continue
        host, pid = owner
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode):
                continue
            gone = host == _host() and not _alive(pid)  # another machine's process ids mean nothing here
            if gone or now - st.st_mtime > STALE_AFTER_S:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def name_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot name a file to write, whatever is there: ``-`` (a command that offers
    standard output handles it before asking), or a name ending in ``/`` (or ``/.``), which names a
    folder even when there is none (``Path`` would drop the ``/`` and write a file of that name)."""
    name = os.fspath(path)
    if name == "-":
        return "is standard output, but this command writes only files; name a file (./- for one named -)"
    if name.endswith(("/", os.sep)) or os.path.basename(name) in (".", ".."):
        return "names a folder, not a file; name the file to write"
    return None


def resolve_target(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` replaces (through symlinks); OutputError when it cannot be one."""
    p = Path(path)
    if os.path.islink(p) and not os.path.exists(p):
        raise OutputError(
            "is a symbolic link to a file that does not exist; refused (remove the link or write elsewhere)"
        )
    target = Path(os.path.realpath(p))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target
    except OSError as e:
        raise OutputError(f"cannot write: {e.strerror or e}") from None
    if stat.S_ISDIR(mode):
        raise OutputError("is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise OutputError(f"is {kind_of(mode)}, not a regular file; refused")
    return target


def output_problem(
    path: str | os.PathLike[str], force: bool, inputs: Iterable[str | os.PathLike[str]] = ()
) -> str | None:
    """Why a command must not write ``path`` (one sentence, without the path), or None when it may.
    The name as typed is checked first (:func:`name_problem`): pass the string, not a ``Path``."""
    unnamed = name_problem(path)
    if unnamed:
        return unnamed
    try:
        target = resolve_target(path)
    except OutputError as e:
        return str(e)
    if not os.path.exists(target):
        return None
    for source in inputs:
        try:
            if os.path.samefile(source, target):
                return None if force else "is an input file of this command; use --force to write over it"
        except OSError:
            continue
    return None if force else "exists; use --force to replace it"


def outputs_problem(
    outputs: Sequence[str | os.PathLike[str] | None],
    force: bool,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> str | None:
    """The first refusal among a command's outputs as ``"PATH: sentence"``, or None (None outputs are skipped).

    Asked before any work is done, so that a long run never ends in a refusal."""
    sources = [i for i in inputs if i is not None]
    seen: set[str] = set()
    for out in outputs:
        if out is None:
            continue
        problem = output_problem(out, force, sources)
        if problem:
            return f"{out}: {problem}"
        key = os.path.realpath(out)
        if key in seen:
            return f"{out}: is named twice as an output; refused"
        seen.add(key)
    return None


def _write_temp(target: Path, data: bytes) -> Path:
    temp = temp_name(target)
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = os.stat(target).st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o644
        os.chmod(temp, mode)
    except BaseException:
        _unlink(temp)
        raise
    return temp


def _unlink(path: Path | None) -> None:
    if path is None:
        return
    try:
        os.unlink(path)
    except OSError:
        pass


def _sync_folder(folder: Path) -> None:
    """Makes the renames themselves durable (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_files(
    files: Sequence[tuple[str | os.PathLike[str], bytes]], expected: Sequence[Original] = ()
) -> None:
    """Writes every (path, bytes) pair, all or none: on any failure each target is as it was before.
    A target named by an :class:`Original` of ``expected`` must still be that file just before its
    rename, or :class:`ChangedSinceRead` is raised (nothing renamed over it)."""
    targets = [resolve_target(p) for p, _ in files]
    for target in targets:
        remove_stale_temps(target)
    temps: list[Path] = []
    try:
        for target, (_, data) in zip(targets, files):
            temps.append(_write_temp(target, data))
    except BaseException:
        for t in temps:
            _unlink(t)
        raise
    replaced: list[
        tuple[Path, Path | None]
    ] = []  # targets renamed over, with a hard link to their old version
    try:
        for target, temp in zip(targets, temps):
            backup = None
            if len(targets) > 1 and os.path.exists(target):
                backup = temp_name(target)
                os.link(target, backup)
            try:
                _replace(temp, target, expected)
            except BaseException:
                _unlink(backup)
                raise
            replaced.append((target, backup))
    except BaseException:
        for target, backup in reversed(replaced):  # put back what was there: the old version, or nothing
            try:
                if backup is not None:
                    os.replace(backup, target)
                else:
                    os.unlink(target)
            except OSError:
                pass
        for t in temps:
            _unlink(t)
        raise
    finally:
        for _, backup in replaced:
            _unlink(backup)
    for folder in {t.parent for t in targets}:
        _sync_folder(folder)


def write_atomic(target: str | os.PathLike[str], data: bytes, expected: Original | None = None) -> None:
    """Writes one file atomically (see write_files); with ``expected``, only over that unchanged original."""
    write_files([(target, data)], () if expected is None else (expected,))


__all__ = [
    "BEFORE_RENAME",
    "STALE_AFTER_S",
    "TEMP_SUFFIX",
    "ChangedSinceRead",
    "Original",
    "OutputError",
    "name_problem",
    "output_problem",
    "outputs_problem",
    "remove_stale_temps",
    "resolve_target",
    "write_atomic",
    "write_files",
]
