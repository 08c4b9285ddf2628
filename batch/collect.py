"""Which files a command over a collection reads (`validate`, `fmt`, `site`): the files named, the
scenario files under the folders named, and, for ``--scenarios-only``, whether a file may be a scenario."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

SKIP_DIRS = {".git", "node_modules", ".venv", "__pycache__"}
#: The first member of every cache ``validate --cache`` writes (dambuster.batch.cache).
CACHE_FORMAT = "dambuster-validate-cache"
_CACHE_HEAD = re.compile(rb'\s*\{\s*"format"\s*:\s*"' + re.escape(CACHE_FORMAT.encode()) + rb'"')


def is_dambuster_cache(path: str | os.PathLike[str], empty: bool = False) -> bool:
    """Whether the regular file at ``path`` (not a link) begins as every dambuster cache does:
    ``{"format": "dambuster-validate-cache"`` (blanks allowed); ``empty``: an empty file counts too."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        head = os.read(fd, 256)
    except OSError:
        return False
    finally:
        os.close(fd)
    return (empty and not head) or _CACHE_HEAD.match(head) is not None


def collect_files(
    paths: list[str], corpora: list[str] | None = None, unlisted: list[tuple[str, str]] | None = None
) -> tuple[list[str], list[str]]:
    """Files named directly, plus *.json under folders (sorted, skipping *.expected.json).

    A folder found *inside* a named folder that holds expected reports (``*.expected.json``) is a test
    corpus of broken files, such as samples/invalid/: it is skipped (and listed in ``corpora``) so that
    checking a collection does not fail on its own fixtures. Naming the corpus folder checks it. A folder
    that cannot be listed, or a file named that cannot even be looked at (no permission, a path longer
    than the system allows), is never passed by in silence: it goes to ``unlisted`` as (path, why).
    A dambuster cache found in a folder (``cache = ".dambuster-cache.json"`` in a collection's settings)
    is passed by: it is the tool's own file, not a scenario. A cache named directly is kept (and
    reported as not a scenario).
    """
    files: list[str] = []
    missing: list[str] = []

    def cannot_list(e: OSError, what: str = "a folder that cannot be listed") -> None:
        if unlisted is not None:
            unlisted.append((str(e.filename or "?"), f"{what}: {e.strerror or e}"))

    for raw in paths:
        p = Path(raw)
        if os.path.isdir(p):
            found: list[str] = []
            for root, dirs, names in os.walk(p, onerror=cannot_list):
                if root != str(p) and any(n.endswith(".expected.json") for n in names):
                    dirs[:] = []
                    if corpora is not None:
                        corpora.append(root)
                    continue
                dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
                found += [
                    f
                    for n in names
                    if n.endswith(".json")
                    and not n.endswith(".expected.json")
                    and not is_dambuster_cache(f := os.path.join(root, n))
                ]
            files += sorted(found)
        else:
            try:
                os.lstat(raw)  # a FIFO, a device or a dangling link too: reported as refused, never opened
                files.append(raw)
            except (FileNotFoundError, NotADirectoryError):
                missing.append(raw)
            except OSError as e:  # a name longer than the system allows, a folder without permission
                e.filename = raw
                cannot_list(e, "cannot be read")
    return files, missing


def may_be_scenario(path: str) -> bool:
    """For --scenarios-only: whether the file may be a scenario (``scenario_bytes``); a file that
    cannot be read is kept, so it is reported."""
    from dambuster.model.files import InputError, read_input
    from dambuster.model.io import MAX_FILE_BYTES

    try:
        return scenario_bytes(read_input(path, MAX_FILE_BYTES))
    except InputError:
        return True


def _top_level_scenario(pairs: list[tuple[str, object]]) -> bool:
    return any(key == "format_version" for key, _ in pairs)


def _nothing(_text: str) -> None:
    return None


_STRING_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def _spells_format_version(text: str) -> bool:
    """Whether a string literal in the text, its escapes decoded, is "format_version"."""
    for literal in _STRING_LITERAL.finditer(text):
        if "\\" in literal.group():
            try:
                if json.loads(literal.group()) == "format_version":
                    return True
            except ValueError:
                continue
    return False


def scenario_bytes(data: bytes) -> bool:
    """Whether a .json file's bytes may be a scenario: False only when it provably is not one.

    * bytes holding ``"format_version"`` are a scenario, without a parse (the fast path);
    * bytes that are not UTF-8 are kept (validate reports them: a UTF-16 scenario, for one);
    * JSON is a scenario when its top level is an object holding format_version, however the key
      is written (``"format\\u005fversion"``); the parse keeps no values (each object becomes a
      bool, each number None), so a large file of other JSON costs little memory;
    * text that is not JSON (cut short, nested too deep, or JSON with comments such as a
      tsconfig.json) is kept when a string literal in it spells format_version with escapes.
    """
    if b'"format_version"' in data:
        return True
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    try:
        top = json.loads(
            text,
            object_pairs_hook=_top_level_scenario,
            parse_int=_nothing,
            parse_float=_nothing,
            parse_constant=_nothing,
        )
    except (ValueError, RecursionError):
        return _spells_format_version(text)
    return top is True
