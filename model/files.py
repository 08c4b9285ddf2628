"""Reading files from strangers: only regular files, and never more bytes than a cap.

Every input (scenario, cache, TMX/TMJ, terrain map) goes through :func:`read_input`. It refuses a path
that is not a regular file (a FIFO, a device such as ``/dev/zero``, a socket, a folder; a symlink is
judged by what it points to) *before* anything could block or spin, and it bounds the read by the bytes
actually read, not by ``stat`` (special files report size 0). The open itself is non-blocking, so a
regular file swapped for a FIFO between the check and the open cannot hang it either.

The path ``-`` means standard input (a pipe, a redirect or a terminal), read to its end under the same
cap: that is the one stream a user hands over on purpose.
"""

from __future__ import annotations

import os
import stat
import sys
from typing import BinaryIO

MiB = 1 << 20
STDIN = "-"
_KINDS = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


class InputError(Exception):
    """The input cannot be read; ``str(e)`` is one plain sentence without the path."""


def kind_of(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def check_regular(path: str | os.PathLike[str]) -> os.stat_result:
    """The path's stat when it names a regular file (through symlinks); InputError otherwise."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise InputError("is a symbolic link to a file that does not exist") from None
        raise InputError("no such file or folder") from None
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror or e}") from None
    except ValueError:  # an embedded NUL
        raise InputError("is not a usable file name") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError("is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise InputError(f"is {kind_of(st.st_mode)}, not a regular file; refused")
    return st


def is_regular(path: str | os.PathLike[str]) -> bool:
    try:
        check_regular(path)
    except InputError:
        return False
    return True


def read_stdin(cap: int, stream: BinaryIO | None = None) -> bytes:
    """Standard input to its end, at most ``cap`` bytes; InputError when it holds more."""
    if stream is None:
        stream = getattr(sys.stdin, "buffer", None)  # None where sys.stdin was closed or replaced
    if stream is None:
        raise InputError("there is no standard input to read")
    chunks: list[bytes] = []
    total = 0
    try:
        while total <= cap:
            chunk = stream.read(min(MiB, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except (OSError, ValueError) as e:
        raise InputError(f"cannot read standard input: {getattr(e, 'strerror', None) or e}") from None
    if total > cap:
        raise InputError(f"standard input holds more than the {_size(cap)} limit")
    return b"".join(chunks)


def read_input(path: str | os.PathLike[str], cap: int) -> bytes:
    """At most ``cap`` bytes of a regular file (or of standard input for ``-``); InputError when it is
    not one or holds more."""
    if os.fspath(path) == STDIN:
        return read_stdin(cap)
    check_regular(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror or e}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # swapped since the check
            raise InputError(f"is {kind_of(mode)}, not a regular file; refused")
        chunks: list[bytes] = []
        total = 0
        while total <= cap:
            chunk = os.read(fd, min(MiB, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror or e}") from None
    finally:
        os.close(fd)
    if total > cap:
        raise InputError(f"the file is more than the {_size(cap)} limit")
    return b"".join(chunks)


def _size(n: int) -> str:
    return f"{n // MiB} MB" if n >= MiB else f"{n:,} bytes"


__all__ = ["STDIN", "InputError", "check_regular", "is_regular", "kind_of", "read_input", "read_stdin"]
