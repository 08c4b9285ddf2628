"""The collection's settings on a pull request: those of its base commit, never those it brings.

A pull request could otherwise add or change a ``dambuster.toml`` (or ``[tool.dambuster]`` in a
``pyproject.toml``, or the file the ``config`` input names) with ``ignore``, ``per-file-ignores``,
``select`` or ``budget = 0``, and have its own maps checked with the checks it turned off.

* :func:`changes` (step ``changed``): the settings files the pull request adds, modifies or deletes,
  from ``git diff`` against the base: every ``dambuster.toml``, every ``pyproject.toml`` whose base or
  head version mentions ``dambuster`` (another project's file is not settings), and the ``config``
  input's file. They are listed in maps.json, named in the log (a warning annotation each) and in the
  job summary, so that a maintainer notices.
* :func:`as_on_base` (step ``validate``): for the checks, each such file in the workspace is put aside
  (renamed, whatever it is: a file, a link, a folder) and the base commit's version, read from git, is
  written in its place (none where the pull request added it); afterwards the pull request's files
  are put back. A file whose folder is a link, or lies outside the workspace, is left alone (the maps
  there are refused anyway, and validate ``--within`` refuses such a settings file unread).

On other events (push, merge queue, schedule) the checkout is the branch itself, already reviewed:
its settings apply as they are.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
from pathlib import Path, PurePosixPath

SETTINGS_NAMES = ("dambuster.toml", "pyproject.toml")
CHANGE = {"A": "added", "M": "modified", "T": "modified", "D": "deleted"}


def _blob(commit: str, path: str) -> bytes | None:
    run = subprocess.run(["git", "cat-file", "blob", f"{commit}:{path}"], capture_output=True)
    return run.stdout if run.returncode == 0 else None


def _is_settings(path: str, config: str | None, base: str) -> bool:
    name = PurePosixPath(path).name
    if path == config or name == "dambuster.toml":
        return True
    if name != "pyproject.toml":
        return False
    versions = (_blob(base, path), _blob("HEAD", path))
    return any(v is not None and b"dambuster" in v for v in versions)


def config_path(config: str, workspace: str) -> str | None:
    """The ``config`` input as a path from the workspace root, written with ``/``; None if it lies outside."""
    if not config:
        return None
    relative = os.path.relpath(os.path.abspath(os.path.join(workspace, config)), os.path.abspath(workspace))
    return None if relative.startswith("..") else PurePosixPath(Path(relative)).as_posix()


def changes(statuses: list[tuple[str, str]], base: str, config: str | None) -> list[dict]:
    """The settings files among ``git diff --name-status`` entries (status, path), with their change."""
    return [
        {"path": path, "change": CHANGE[status[:1]]}
        for status, path in statuses
        if status[:1] in CHANGE and _is_settings(path, config, base)
    ]


def _mode(commit: str, path: str) -> str | None:
    run = subprocess.run(["git", "ls-tree", "-z", commit, "--", path], capture_output=True)
    fields = run.stdout.split(b" ", 1)
    return fields[0].decode() if run.returncode == 0 and len(fields) == 2 else None


@contextlib.contextmanager
def as_on_base(settings: list[dict], base: str | None, workspace: str):
    """Within the block, the workspace holds the base commit's version of each of ``settings``."""
    root = os.path.realpath(workspace)
    if not base or not settings:
        yield
        return
    aside = tempfile.mkdtemp(prefix=".dambuster-head-settings-", dir=root)
    swapped: list[tuple[str, str | None]] = []  # (target, where the pull request's file went)
    try:
        for i, entry in enumerate(settings):
            target = os.path.join(root, *entry["path"].split("/"))
            folder = os.path.dirname(target)
            if os.path.realpath(folder) != folder or not os.path.isdir(folder):
                continue  # a link in its folders, or a folder the pull request removed
            moved = os.path.join(aside, str(i)) if os.path.lexists(target) else None
            if moved:
                os.rename(target, moved)
            swapped.append((target, moved))
            data, mode = _blob(base, entry["path"]), _mode(base, entry["path"])
            if entry["change"] == "added" or data is None:
                continue
            if mode == "120000":
                os.symlink(os.fsdecode(data), target)
            elif mode in ("100644", "100755"):
                fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
        yield
    finally:
        for target, moved in reversed(swapped):
            if os.path.lexists(target):  # the base's version
                os.unlink(target)
            if moved:
                os.rename(moved, target)
        os.rmdir(aside)
