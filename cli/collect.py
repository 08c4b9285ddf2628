"""Which files a command over a collection reads (`validate`, `fmt`): the files named, the scenario
files under the folders named, and, for ``--scenarios-only``, whether a file looks like a scenario."""

from __future__ import annotations

import os
from pathlib import Path

SKIP_DIRS = {".git", "node_modules", ".venv", "__pycache__"}


def collect_files(paths: list[str], corpora: list[str] | None = None) -> tuple[list[str], list[str]]:
    """Files named directly, plus *.json under folders (sorted, skipping *.expected.json).

    A folder found *inside* a named folder that holds expected reports (``*.expected.json``) is a test
    corpus of broken files, such as samples/invalid/: it is skipped (and listed in ``corpora``) so that
    checking a collection does not fail on its own fixtures. Naming the corpus folder checks it.
    """
    files, missing = [], []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = []
            for root, dirs, names in os.walk(p):
                if root != str(p) and any(n.endswith(".expected.json") for n in names):
                    dirs[:] = []
                    if corpora is not None:
                        corpora.append(root)
                    continue
                dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
                found += [
                    os.path.join(root, n)
                    for n in names
                    if n.endswith(".json") and not n.endswith(".expected.json")
                ]
            files += sorted(found)
        elif os.path.lexists(
            raw
        ):  # a FIFO, a device or a dangling link too: reported as refused, never opened
            files.append(raw)
        else:
            missing.append(raw)
    return files, missing


def may_be_scenario(path: str) -> bool:
    """For --scenarios-only: whether the file mentions "format_version" (every scenario, even one cut
    short, has it near its top); a file that cannot be read is kept, so it is reported."""
    from .model.files import InputError, read_input
    from .model.io import MAX_FILE_BYTES

    try:
        return b'"format_version"' in read_input(path, MAX_FILE_BYTES)
    except InputError:
        return True
