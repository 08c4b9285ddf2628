"""Collection settings for `dambuster validate`: a `dambuster.toml` or a `[tool.dambuster]` table.

A map collection keeps its options beside its maps, as ruff and pytest do::

    # dambuster.toml (top-level keys), or the same keys under [tool.dambuster] in pyproject.toml
    profile = ["ogre-dambusters"]
    select = ["OGRE-", "DB-"]
    ignore = ["DB-TOWN-SIZE"]
    format = "github"
    budget = 10
    cache = ".dambuster-cache.json"   # inside the collection; elsewhere: --cache on the command line
    within = "."                      # refuse links and files outside this folder (validate --within)
    [per-file-ignores]
    "maps/drafts/*.json" = ["DB-"]

Decisions:

* **Where**: from the folder of the first PATH (a folder itself; the current folder when the only PATH
  is ``-``) up to the root, the first folder holding ``dambuster.toml``, or a ``pyproject.toml`` with a
  ``[tool.dambuster]`` table, wins; ``dambuster.toml`` wins over ``pyproject.toml`` in the same folder.
  A ``pyproject.toml`` that never mentions ``dambuster`` is passed by without being parsed, so a
  Python project's broken or unrelated file never fails a map check. ``--config FILE`` names the file
  (a ``pyproject.toml`` is read from its table), ``--isolated`` reads none. Under ``--within DIR`` the
  search stops at DIR, and a settings file that is a link or lies outside DIR is refused unread.
* **Precedence**: an option given on the command line replaces the key of the same name (``--select``
  replaces ``select``, ``--ignore`` replaces ``ignore``; they are not merged).
* **Paths**: ``cache`` and ``within`` are relative to the settings file's folder. ``cache`` must name a
  file inside that folder (the collection), never through a link out of it: a settings file comes with
  the collection, so a pull request can add one, and it must not make a run write anywhere else (a
  cache elsewhere, such as ``~/.cache/dambuster/validate.json``, is named with ``--cache``);
  ``per-file-ignores`` globs are matched (``fnmatch``: ``*`` also crosses ``/``) against the checked
  file's path relative to that folder, written with ``/``; a glob without ``/`` also matches the bare
  file name. Rule codes may be lists or comma-separated strings, prefixes allowed, as on the command line.
* **Refusals**: a file that is not TOML, an unknown key or a wrong value is one line naming the file and
  the key, exit 2 (settings are read as a stranger's file: at most 1 MB, a regular file).
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import argparse

CONFIG_NAME = "dambuster.toml"
PYPROJECT = "pyproject.toml"
MAX_CONFIG_BYTES = 1 << 20
_SCAN_BYTES = 16 << 20  # how much of a pyproject.toml is searched for our table
KEYS = ("profile", "select", "ignore", "per-file-ignores", "cache", "format", "budget", "within")


class ConfigError(Exception):
    """Settings that cannot be used; ``str(e)`` is one line naming the file (and the key)."""


@dataclass(frozen=True)
class Settings:
    """What a settings file says; None (or empty) where it says nothing."""

    file: Path | None = None
    profile: tuple[str, ...] = ()
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    cache: str | None = None
    format: str | None = None
    budget: float | None = None
    within: str | None = None

    @property
    def folder(self) -> Path:
        return self.file.parent if self.file else Path.cwd()

    def code_lists(self) -> list[tuple[str, tuple[str, ...]]]:
        """(key, codes) of every list of rule codes, for checking them against the rules."""
        lists = [(k, v) for k, v in (("select", self.select), ("ignore", self.ignore)) if v]
        return lists + [(f'per-file-ignores."{glob}"', codes) for glob, codes in self.per_file_ignores]

    def ignored_for(self, path: str) -> tuple[str, ...]:
        """The codes ``per-file-ignores`` turns off for the checked file ``path``."""
        if not self.per_file_ignores:
            return ()
        try:
            relative = Path(os.path.relpath(os.path.abspath(path), self.folder)).as_posix()
        except ValueError:  # another drive (Windows)
            relative = Path(os.path.abspath(path)).as_posix()
        name = Path(path).name
        out: list[str] = []
        for glob, codes in self.per_file_ignores:
            if fnmatch.fnmatchcase(relative, glob) or ("/" not in glob and fnmatch.fnmatchcase(name, glob)):
                out += codes
        return tuple(out)


# ------------------------------------------------------------------------------------ finding
#: Where a pyproject.toml may hold our table: ``tool.dambuster`` as a table header or a dotted key (TOML
#: allows spaces around the dot and quotes round the name), or a ``dambuster`` key at the start of a line
#: of the ``[tool]`` table (or inside an inline table). A file with neither is not parsed: a project that only names dambuster as a
#: dependency or a script (as our own pyproject.toml does) costs no TOML parse on every start.
_NAME = (
    rb"""(?:"dambuster"|'dambuster'|dambuster)"""  # a quoted key closes its quote: "dambuster.x" is a value
)
_TOOL = rb"""(?:"tool"|'tool'|tool)"""
#: ``[tool.dambuster]`` (or ``[[tool.dambuster...]]``) as a table header, or ``tool.dambuster.x =`` as a dotted
#: key, each at the start of a line: the same words in a comment or a string value are not our table.
_DOTTED = re.compile(
    rb"""^[ \t]*(?:\[\[?[ \t]*)?""" + _TOOL + rb"""[ \t]*\.[ \t]*""" + _NAME + rb"""[ \t]*[.=\]]""", re.M
)
#: ``tool = { dambuster = ... }`` or ``{ ..., dambuster.x = ... }``: a key inside an inline table.
_INLINE = re.compile(rb"""[{,][ \t]*""" + _NAME + rb"""[ \t]*[.=]""")
#: A quoted key may spell a letter as an escape (``"dambu\u0073ter"``): a header or key (before any ``=``
#: on its line) with an escape makes the file parsed.
_ESCAPED_KEY = re.compile(rb"""^[ \t]*[^#=\n]*\\[uU][0-9A-Fa-f]{4}""", re.M)
_KEY = re.compile(rb"""^[ \t]*""" + _NAME + rb"""[ \t]*[.=]""", re.M)
_HEADER = re.compile(rb"""^[ \t]*\[([^\]\n]*)\]""", re.M)


def _mentions_us(path: Path) -> bool:
    """Whether a pyproject.toml may hold our table (``[tool.dambuster]``, or ``dambuster`` under ``[tool]``)."""
    try:
        with open(path, "rb") as f:  # the whole file up to 16 MB: a table after the first MB is still seen
            data = f.read(_SCAN_BYTES)  # (and the file then refused as too big when read)
    except OSError:
        return False
    if _DOTTED.search(data) or _INLINE.search(data) or _ESCAPED_KEY.search(data):
        return True
    for key in _KEY.finditer(data):
        headers = list(_HEADER.finditer(data, 0, key.start()))
        table = headers[-1].group(1) if headers else b""
        if table.strip().strip(b"\"'") == b"tool" or not headers:  # under [tool] (or a bare top-level key)
            return True
    return False


def find(start: Path, within: str | None = None) -> Path | None:
    """The settings file that governs ``start`` (a folder), walking up to the root (with ``within``: to
    that folder, and a settings file there that is a link is refused unread); None if there is none."""
    folder = start.resolve()
    edge = Path(os.path.realpath(within)) if within else None
    for here in (folder, *folder.parents):
        if edge is not None and not here.is_relative_to(edge):
            break
        own = here / CONFIG_NAME
        pyproject = here / PYPROJECT
        readable = True
        if edge is not None and within:  # (edge is within's folder)
            _check_within(own, within)  # ours by name: a link is refused unread
            # another tool's file: a link is passed by unread (it is not ours to refuse)
            readable = not _outside(pyproject, within)
        # (False, not an error, for a path the system refuses: too long). Whatever bears our name is
        # the settings: a FIFO, a folder or a broken link there is refused when read, never passed over
        if os.path.lexists(own):
            return own
        if (
            readable
            and os.path.isfile(pyproject)
            and _mentions_us(pyproject)
            and _table(read_toml(pyproject), pyproject) is not None
        ):
            return pyproject
    return None


def start_folder(paths: Sequence[str]) -> Path:
    """Where the search starts: the first PATH's folder (the folder itself), or the current folder."""
    first = next((p for p in paths if p != "-"), None)
    if first is None:
        return Path.cwd()
    p = Path(first)
    return p if os.path.isdir(p) else p.parent  # (False for a path the system refuses: too long)


def settings_for(
    paths: Sequence[str], config: str | None = None, isolated: bool = False, within: str | None = None
) -> Settings:
    """The settings of this run: none with ``isolated``, the file ``config``, or the one found. With
    ``within`` (validate --within DIR), a settings file that is a link or lies outside DIR is refused
    before it is read, and the search stops at DIR."""
    if within is not None:
        _check_folder("--within", within)
    if isolated:
        return Settings()
    if config is not None:
        if within:
            _check_within(Path(config), within)
        return read(Path(config))
    found = find(start_folder(paths), within)
    return read(found) if found else Settings()


def _outside(path: Path, within: str) -> str | None:
    """Why a file there may not be read under ``within`` (a link, outside it); None when none is there."""
    from .path_lists import outside_reason

    return outside_reason(str(path), within) if os.path.lexists(path) else None


def _check_within(path: Path, within: str) -> None:
    why = _outside(path, within)
    if why:
        raise ConfigError(f"{path}: the settings file {why}")


def _check_folder(named: str, folder: str) -> None:
    """``within`` must be a folder: else one line saying so (not every map refused as outside it)."""
    if not os.path.isdir(folder):
        why = "is not a folder" if os.path.lexists(folder) else "no such folder"
        raise ConfigError(f"{named} {folder}: {why}")


def apply(settings: Settings, args: argparse.Namespace, defaults: Mapping[str, object]) -> None:
    """Fills in ``args`` (validate's options) what the command line left unset (None, no --profile) from
    ``settings``, then from ``defaults``; ``args.settings`` keeps the settings (per-file-ignores)."""
    if not args.profile:
        args.profile = list(settings.profile)
    for key in ("select", "ignore"):
        if getattr(args, key) is None and getattr(settings, key) is not None:
            setattr(args, key, ",".join(getattr(settings, key)))
    for key in ("cache", "format", "budget"):
        if getattr(args, key) is None:
            ours = getattr(settings, key)
            setattr(args, key, ours if ours is not None else defaults.get(key))
    args.settings = settings


# ------------------------------------------------------------------------------------ reading
def read_toml(path: Path) -> dict[str, Any]:
    import tomllib  # only when there is a settings file: not on every start

    from dambuster.model.files import InputError, read_input

    try:
        data = read_input(path, MAX_CONFIG_BYTES)
    except InputError as e:
        raise ConfigError(f"{path}: {e}") from None
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: not valid TOML: {e}") from None
    except RecursionError:  # tomllib reads nested arrays and tables recursively
        raise ConfigError(f"{path}: values nested too deeply to read") from None


def _as_table(value: object) -> dict[str, Any] | None:
    """``value`` when it is a TOML table (tomllib's tables are dicts with string keys), else None."""
    return cast("dict[str, Any]", value) if isinstance(value, dict) else None


def _table(doc: dict[str, Any], path: Path) -> dict[str, Any] | None:
    """The settings table of a parsed file: the whole file, or pyproject's [tool.dambuster] (None: absent)."""
    if path.name != PYPROJECT:
        return doc
    tool = _as_table(doc.get("tool"))
    found = tool.get("dambuster") if tool is not None else None
    table = _as_table(found)
    if found is not None and table is None:
        raise ConfigError(f"{path}: tool.dambuster: must be a table")
    return table


def read(path: Path) -> Settings:
    """The settings in ``path``; ConfigError (one line: file, key, why) when they cannot be used."""
    table = _table(read_toml(path), path)
    if table is None:
        raise ConfigError(f"{path}: has no [tool.dambuster] table")
    prefix = "tool.dambuster." if path.name == PYPROJECT else ""
    unknown = [k for k in table if k not in KEYS]
    if unknown:
        raise ConfigError(f"{path}: {prefix}{unknown[0]}: unknown key (known: {', '.join(KEYS)})")

    def bad(key: str, why: str) -> ConfigError:
        return ConfigError(f"{path}: {prefix}{key}: {why}")

    from dambuster.batch.formats import FORMATS
    from dambuster.model.scenario import PROFILES

    from .options import BUDGET_SECONDS

    # where the file was found, not where a link leads: its keys name places in the collection it governs
    values: dict[str, Any] = {"file": Path(os.path.abspath(path))}
    if "profile" in table:
        profiles = _strings(table["profile"], lambda why: bad("profile", why))
        wrong = [p for p in profiles if p not in PROFILES]
        if wrong:
            raise bad("profile", f"unknown profile {wrong[0]!r} (known: {', '.join(PROFILES)})")
        values["profile"] = profiles
    for key in ("select", "ignore"):
        if key in table:
            values[key] = _codes(table[key], lambda why, k=key: bad(k, why))
    if "per-file-ignores" in table:
        globs = _as_table(table["per-file-ignores"])
        if globs is None:
            raise bad("per-file-ignores", "must be a table of glob = [codes]")
        values["per_file_ignores"] = tuple(
            (glob, _codes(codes, lambda why, g=glob: bad(f'per-file-ignores."{g}"', why)))
            for glob, codes in globs.items()
        )
    if "cache" in table:
        cache = table["cache"]
        if not isinstance(cache, str) or not cache.strip():
            raise bad("cache", "must be a file name (a string)")
        if "\0" in cache:
            raise bad("cache", "holds a NUL character (\\u0000), which no file name can hold")
        values["cache"] = _inside_collection(path, cache, lambda why: bad("cache", why))
    if "within" in table:
        within = table["within"]
        if not isinstance(within, str) or not within.strip():
            raise bad("within", "must be a folder name (a string)")
        if "\0" in within:
            raise bad("within", "holds a NUL character (\\u0000), which no folder name can hold")
        values["within"] = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(path)), within))
        if not os.path.isdir(values["within"]):
            missing = not os.path.lexists(values["within"])
            raise bad("within", f"{within!r}: {'no such folder' if missing else 'is not a folder'}")
    if "format" in table:
        fmt = table["format"]
        if not isinstance(fmt, str) or fmt not in FORMATS:
            raise bad("format", f"must be one of {', '.join(FORMATS)}, not {_shown(fmt)}")
        values["format"] = fmt
    if "budget" in table:
        budget = table["budget"]
        if (
            isinstance(budget, bool)
            or not isinstance(budget, (int, float))
            or not BUDGET_SECONDS.contains(budget)
        ):
            raise bad("budget", f"must be a number of seconds, {BUDGET_SECONDS.text}; not {_shown(budget)}")
        values["budget"] = float(budget)
    return Settings(**values)


def _shown(value: object) -> str:
    """A TOML value as the settings file writes it, for a message (never a Python repr such as
    ``datetime.date(1979, 5, 27)``): strings and numbers as written, other kinds named."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:g}" if isinstance(value, float) else str(value)
    kinds = {bool: "true/false", list: "a list", dict: "a table"}
    return next((name for kind, name in kinds.items() if isinstance(value, kind)), "a date or time")


def _inside_collection(path: Path, name: str, bad: Callable[[str], ConfigError]) -> str:
    """``name`` (relative to the settings file ``path``) as a path inside the settings file's folder,
    every link in its folders followed; ``bad`` when it leads out (``..``, an absolute path, ``~``)."""
    folder = Path(os.path.realpath(os.path.dirname(os.path.abspath(path))))  # (the folder it was found in)
    target = folder / name
    real = Path(os.path.realpath(target.parent)) / target.name
    if name.rstrip().endswith(("/", "/.", "\\")):
        raise bad(f"must name a file, not a folder ({name!r} ends in a folder separator)")
    if name.startswith("~") or target.name in ("", ".", "..") or not real.is_relative_to(folder):
        raise bad(
            f"must name a file inside the collection ({folder}), not {name!r}: a settings file comes "
            "with the maps, so it may not make a run write elsewhere; name such a cache with --cache"
        )
    return str(target)


def _strings(value: object, bad: Callable[[str], ConfigError]) -> tuple[str, ...]:
    """A list of strings, or one string as a list of one."""
    if isinstance(value, str):
        return (value,)
    items = cast("list[object]", value) if isinstance(value, list) else None  # (a TOML array)
    strings = [v for v in items if isinstance(v, str)] if items is not None else []
    if items is None or len(strings) != len(items):
        raise bad("must be a list of strings")
    return tuple(strings)


def _codes(value: object, bad: Callable[[str], ConfigError]) -> tuple[str, ...]:
    """Rule codes: a list, or a comma-separated string (as --select takes them)."""
    items = _strings(value, bad)
    return tuple(c.strip() for item in items for c in item.split(",") if c.strip())


__all__ = [
    "CONFIG_NAME",
    "KEYS",
    "ConfigError",
    "Settings",
    "apply",
    "find",
    "read",
    "settings_for",
    "start_folder",
]
