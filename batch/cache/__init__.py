"""Incremental validation (`dambuster validate --cache FILE`).

A file is checked again only when its bytes, the options of the run (profiles, --select, --ignore) or
the tool changed. The tool's fingerprint covers the dambuster version, the JSON Schema, the rule
registry (codes, profiles, severities, summaries), the source of the loader and the rules and the
versions of the libraries they lean on, so that a changed rule never serves a stale report.

The cache file is a stranger's input like any map (a pull request can commit one): it is read through
``model.files.read_input`` (capped) and the strict JSON parser, every entry must match
``schema/validate-cache.schema.json`` and carry this machine's signature (``cache.trust``); anything else is
dropped with one warning line and its file checked again. Runs sharing a cache merge their entries under
a lock (``cache.lock``) and replace the file atomically; a cache that cannot be read is ignored with a
one-line warning and rewritten.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from dambuster.batch.collect import CACHE_FORMAT
from dambuster.batch.report import INCOMPLETE_CODES, FileReport
from dambuster.model.errors import ScenarioError
from dambuster.model.escape import json_escapes
from dambuster.model.files import InputError, MiB, check_regular, read_input
from dambuster.model.io import parse_bytes
from dambuster.validators.violation import Violation

from .lock import locked
from .trust import (
    KEY_NAME,
    CacheKeyError,
    entry_ok,
    git_work_tree_of,
    key_folder,
    load_key,
    signature,
    signed_by,
    top_level_ok,
)

FORMAT = CACHE_FORMAT  # collect.py: a folder walk passes a cache by
VERSION = 2  # 2: entries are signed (mac)
MAX_CACHE_BYTES = 64 * MiB  # about 100,000 maps at 0.6 kB an entry
#: Libraries whose behaviour decides a report (the schema engines, the geometry and graph rules).
LIBRARIES = ("jsonschema", "jsonschema-rs", "shapely", "networkx")

if TYPE_CHECKING:
    from _hashlib import HASH


class ViolationEntry(TypedDict):
    """A finding as the cache keeps it (schema/validate-cache.schema.json, ``$defs/violation``)."""

    message: str
    code: str
    severity: str
    location: dict[str, Any]
    witness: dict[str, Any] | None
    profile: str | None


class ReportEntry(TypedDict):
    """A file's report as the cache keeps it (``$defs/report``)."""

    load_error: bool
    checked: list[str]
    violations: list[ViolationEntry]


class Entry(TypedDict):
    """One cached file (``$defs/entry``): its content's hash, the options it was checked with, its report."""

    sha256: str
    options: str
    report: ReportEntry
    mac: NotRequired[str]  # the signature, added once the rest is written (trust.signature)


def _sources_digest(h: HASH) -> None:
    """The source of the packages whose code decides a report: the model (loader) and the validators."""
    from dambuster import model, validators

    for pkg in (model, validators):
        assert pkg.__file__ is not None  # regular packages, never namespace ones
        root = Path(pkg.__file__).parent
        for f in sorted(root.glob("*.py")):
            h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")


def tool_fingerprint() -> str:
    """dambuster version + schema + rule registry (+ the loader's and rules' source)."""
    from dambuster import __version__
    from dambuster.schema import schema_text
    from dambuster.validators import REGISTRY

    h = hashlib.sha256()
    h.update(f"dambuster {__version__}\0".encode())
    h.update(schema_text().encode())
    for code in sorted(REGISTRY):
        r = REGISTRY[code]
        h.update(f"\0{r.code}|{r.profile}|{r.severity}|{r.summary}".encode())
    _sources_digest(h)
    h.update(_library_versions().encode())
    return h.hexdigest()


def _library_versions() -> str:
    from importlib import metadata

    def version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "absent"

    return "\0".join(f"{name} {version(name)}" for name in LIBRARIES)


def options_key(
    profiles: Sequence[str] | None,
    select: Sequence[str],
    ignore: Sequence[str],
    file_ignores: Sequence[str] = (),
) -> str:
    """The options a file's report depends on; ``file_ignores``: its per-file-ignores (left out of the
    key when none, so that the entries of other files keep their key)."""
    key: dict[str, object] = {
        "profiles": sorted(profiles or []),
        "select": list(select),
        "ignore": list(ignore),
    }
    if file_ignores:
        key["per_file_ignores"] = sorted(set(file_ignores))
    return json.dumps(key, sort_keys=True)


def content_hash(path: str) -> str | None:
    """SHA-256 of a regular file's bytes (read as the loader reads them), None for anything else."""
    from dambuster.model.files import InputError, read_input
    from dambuster.model.io import MAX_FILE_BYTES

    try:
        return hashlib.sha256(read_input(path, MAX_FILE_BYTES)).hexdigest()
    except InputError:
        return None  # unreadable, not a regular file or too large: never cached, the check reports why


def report_to_entry(r: FileReport) -> ReportEntry:
    return {
        "load_error": r.load_error,
        "checked": list(r.checked),
        "violations": [
            {
                "message": v.message,
                "code": v.code,
                "severity": v.severity,
                "location": v.location,
                "witness": v.witness,
                "profile": v.profile,
            }
            for v in r.violations
        ],
    }


def entry_to_report(path: str, e: ReportEntry) -> FileReport:
    vs = [
        Violation(v["message"], v["code"], v["severity"], v["location"], v.get("witness"), v.get("profile"))
        for v in e["violations"]
    ]
    return FileReport(path, vs, load_error=bool(e["load_error"]), checked=list(e["checked"]))


def _warn(msg: str) -> None:
    from dambuster.model.escape import visible  # the cache's path and contents are a stranger's too

    print(f"dambuster: {visible(msg)}", file=sys.stderr)


@dataclass
class _Read:
    """What a read of the cache file found: the entries to believe, and why others were not."""

    entries: dict[str, Entry] = field(default_factory=dict[str, Entry])
    current: bool = False  # a cache of this format version and tool
    ignored: str | None = None  # why the whole file was ignored (a warning)
    malformed: int = 0
    unsigned: int = 0


def read_cache(path: Path, tool: str, key: bytes) -> _Read:
    """The believable entries of the cache file at ``path`` (a missing file has none)."""
    if not os.path.lexists(path):
        return _Read()
    try:
        data = parse_bytes(read_input(path, MAX_CACHE_BYTES))
    except InputError as e:
        return _Read(ignored=str(e))
    except ScenarioError as e:  # not JSON, nested too deep, UTF-16...
        return _Read(ignored=str(e))
    if not top_level_ok(data):
        return _Read(ignored="not a dambuster validate cache")
    if data["version"] != VERSION or data["tool"] != tool:
        return _Read()  # another dambuster, schema or rule set: everything is checked again
    out = _Read(current=True)
    for k, e in data["entries"].items():
        if not entry_ok(e):
            out.malformed += 1
        elif not signed_by(key, tool, VERSION, e):
            out.unsigned += 1
        else:
            out.entries[k] = cast(Entry, e)  # the schema's entry, checked by entry_ok above
    return out


def _stamp(path: Path) -> tuple[int, int, int, int] | None:
    """Changes whenever the file is replaced (a new inode) or rewritten; None when it does not exist."""
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


@dataclass
class Cache:
    path: Path
    tool: str
    key: bytes
    entries: dict[str, Entry] = field(default_factory=dict[str, Entry])  # believed when the run started
    fresh: dict[str, Entry] = field(default_factory=dict[str, Entry])  # checked by this run
    stamp: tuple[int, int, int, int] | None = None  # of the file when it was read
    current: bool = False  # the file read was a cache of this version and tool
    hits: int = 0
    misses: int = 0

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        tool: str | None = None,
        warn: Callable[[str], None] = _warn,
        key: bytes | None = None,
    ) -> Cache | None:
        """Reads the cache; None (with a warning) when it cannot be used at all: a symbolic link or a
        special file at its path (never written through), or no place for this machine's key. A
        missing file is an empty cache; an unreadable one is ignored with a warning."""
        p = Path(path)
        if os.path.islink(p):
            warn(f"not using the cache {p}: it is a symbolic link (name the file it points to)")
            return None
        if os.path.lexists(p):
            try:
                check_regular(p)
            except InputError as e:
                warn(f"not using the cache {p}: it {e}")
                return None
        try:
            key = key or load_key()
        except CacheKeyError as e:
            warn(f"{e}; running without the cache")
            return None
        tree = git_work_tree_of(p) if os.environ.get("CI") else None
        if tree is not None:
            warn(
                f"the cache {p} lies inside the git work tree {tree}, where a pull request can put files; "
                "keep it outside the checkout (see docs/batch.md)"
            )
        tool = tool or tool_fingerprint()
        stamp = _stamp(p)
        found = read_cache(p, tool, key)
        if found.ignored:
            warn(f"ignoring the cache {p}: {found.ignored[:100]}; every file is checked again")
        dropped = found.malformed + found.unsigned
        if dropped:
            warn(
                f"dropped {dropped} of the entries in the cache {p} ({found.malformed} malformed, {found.unsigned} "
                f"not signed with this machine's key {key_folder() / KEY_NAME}); their files are checked again"
            )
        return cls(p, tool, key, found.entries, stamp=stamp, current=found.current)

    def lookup(self, path: str, digest: str | None, options: str) -> FileReport | None:
        e = self.entries.get(_key(path))
        if digest is None or e is None or e["sha256"] != digest or e["options"] != options:
            return None
        return entry_to_report(path, e["report"])

    def store(self, path: str, digest: str | None, options: str, report: FileReport) -> None:
        if digest is None:
            return
        entry: Entry = {"sha256": digest, "options": options, "report": report_to_entry(report)}
        try:  # a name that is not UTF-8 (surrogate escapes) cannot be written in the cache: not cached
            json.dumps([_key(path), entry], ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            return
        entry["mac"] = signature(self.key, self.tool, VERSION, entry)
        self.fresh[_key(path)] = entry

    def save(self) -> None:
        """Merges with the file as it is now, under its lock: this run's checks win over the file's
        entries, which win over those this run started from; entries of files that are gone are dropped.
        Writes nothing when nothing changed. OSError when the file cannot be locked or written."""
        from dambuster.model.io import write_atomic

        with locked(self.path):
            if _stamp(self.path) == self.stamp:  # nobody wrote it since this run read it
                on_disk, current = self.entries, self.current
            else:
                found = read_cache(self.path, self.tool, self.key)
                on_disk, current = found.entries, found.current
            merged = {**self.entries, **on_disk, **self.fresh}
            entries = {k: merged[k] for k in sorted(merged) if os.path.exists(k)}
            if current and not self.fresh and entries.keys() == on_disk.keys():
                return
            doc = {"format": FORMAT, "version": VERSION, "tool": self.tool, "entries": entries}
            # a finding quotes the map's text: escaped as every JSON we write is (the values unchanged)
            text = json_escapes(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
            write_atomic(self.path, (text + "\n").encode("utf-8"))


def _key(path: str) -> str:
    return os.path.normpath(path)


def validate_cached(
    paths: Sequence[str],
    cache: Cache,
    options: Callable[[str], str],
    run: Callable[[list[str]], list[FileReport]],
) -> list[FileReport]:
    """Reports in input order: cached ones for unchanged files, ``run(changed_paths)`` for the rest;
    ``options(path)``: the key of the options that file's report depends on (options_key).

    Files that were not fully checked (ENGINE, BUDGET: see report.INCOMPLETE_CODES) are never cached:
    the next run tries them again.
    """
    digests = {p: content_hash(p) for p in paths}
    found: dict[int, FileReport] = {}
    todo: list[int] = []
    for i, p in enumerate(paths):
        hit = cache.lookup(p, digests[p], options(p))
        if hit is None:
            todo.append(i)
        else:
            found[i] = hit
    cache.hits, cache.misses = len(found), len(todo)
    fresh = run([paths[i] for i in todo]) if todo else []
    for i, r in zip(todo, fresh):
        found[i] = r
        if not any(v.code in INCOMPLETE_CODES for v in r.violations):
            cache.store(paths[i], digests[paths[i]], options(paths[i]), r)
    return [found[i] for i in range(len(paths))]
