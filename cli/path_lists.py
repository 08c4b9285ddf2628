"""Which files `validate` reads (its path arguments: gather_paths): lists of names from a file
(``--files-from``) and the edge of the checkout (``--within DIR``, or ``within`` in the settings).

``--files-from FILE`` (``-``: standard input) takes the names of the files to check from a list rather
than from the command line, so that no list is too long for one (ARG_MAX: a pull request of thousands of maps
with long paths) and no name can be mistaken for an option. The list is NUL-separated when it holds a
NUL byte (``git diff -z``, ``find -print0``), otherwise one name per line (a CR before the line break is
dropped, blank lines are skipped). A name is bytes, as the file system has them: names that are not
UTF-8 keep their bytes (surrogate escapes); a name ``-`` is the file ``./-``, never standard input. The list is read as a stranger's file: a regular file, at
most 64 MB (about 400,000 names of 160 bytes).

``--within DIR`` refuses, one line each (code ``JSON``, exit 2), every file to check that is a symbolic
link, or whose real path (every link in its folders followed) lies outside DIR: nothing from elsewhere
on the machine is read, reported or quoted. Folders are searched without following links to folders
(``os.walk``), so a linked folder's files are never listed; a named folder that is a link is refused as
its files resolve outside.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

MAX_LIST_BYTES = 64 << 20


class ListError(Exception):
    """The list cannot be read; ``str(e)`` is one sentence without the list's name."""


def read_files_from(source: str) -> list[str]:
    """The names in the list ``source`` (a file, or ``-`` for standard input)."""
    from dambuster.model.files import InputError, read_input

    try:
        data = read_input(source, MAX_LIST_BYTES)
    except InputError as e:
        raise ListError(str(e)) from None
    if b"\0" in data:
        raw = data.split(b"\0")
    else:
        raw = [line.removesuffix(b"\r") for line in data.split(b"\n")]
    names = [os.fsdecode(name) for name in raw if name]
    return [os.path.join(".", n) if n == "-" else n for n in names]  # a file named -, never standard input


def outside_reason(path: str, root: str) -> str | None:
    """Why ``path`` may not be read under ``--within root``; None when it is a file of the checkout."""
    if os.path.islink(path):
        return f"is a symbolic link; refused (only the files of {root} are read, never through a link)"
    real, edge = os.path.realpath(path), os.path.realpath(root)
    if real != edge and not real.startswith(edge.rstrip(os.sep) + os.sep):
        return f"lies outside {root} (a link in its folders); refused"
    return None


def gather_paths(args: argparse.Namespace) -> str | None:
    """validate's arguments: adds the names of --files-from to ``args.paths`` and checks the cache's
    target (--cache, --force); the one line that refuses the run, or None."""
    if args.files_from is not None:
        if args.files_from == "-" and "-" in args.paths:
            return "standard input (-) cannot be both a scenario and the --files-from list"
        try:
            args.paths = [*args.paths, *read_files_from(args.files_from)]
        except ListError as e:
            return f"--files-from {args.files_from}: {e}"
        if not args.paths:
            return f"--files-from {args.files_from}: the list names no file"
    elif not args.paths:
        return "name the files to check (PATH..., or --files-from LIST)"
    if args.cache:
        from dambuster.batch.cache.target import target_problem

        settings = getattr(args, "settings", None)  # (config.apply: the settings the cache may come from)
        source = settings.file if settings is not None and settings.cache == args.cache else None
        return target_problem(args.cache, args.force, None if source is None else str(source))
    return None


__all__ = ["MAX_LIST_BYTES", "ListError", "gather_paths", "outside_reason", "read_files_from"]
