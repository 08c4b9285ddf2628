"""Incremental validation (`dambuster validate --cache FILE`).

A file is checked again only when its bytes, the options of the run (profiles, --select, --ignore) or
the tool changed. The tool's fingerprint covers the dambuster version, the JSON Schema, the rule
registry (codes, profiles, severities, summaries) and the source of the loader and the rules, so that
a changed rule never serves a stale report. The cache is one JSON file written atomically; a cache
that cannot be read is ignored with a one-line warning and rewritten.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from .report import FileReport
from .validators.violation import Violation

FORMAT = "dambuster-validate-cache"
VERSION = 1


def _sources_digest(h) -> None:
    """The source of the packages whose code decides a report: the model (loader) and the validators."""
    from . import model, validators

    for pkg in (model, validators):
        root = Path(pkg.__file__).parent
        for f in sorted(root.glob("*.py")):
            h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")


def tool_fingerprint() -> str:
    """dambuster version + schema + rule registry (+ the loader's and rules' source)."""
    from . import __version__
    from .schema import schema_text
    from .validators import REGISTRY

    h = hashlib.sha256()
    h.update(f"dambuster {__version__}\0".encode())
    h.update(schema_text().encode())
    for code in sorted(REGISTRY):
        r = REGISTRY[code]
        h.update(f"\0{r.code}|{r.profile}|{r.severity}|{r.summary}".encode())
    _sources_digest(h)
    return h.hexdigest()


def options_key(profiles: Sequence[str] | None, select: Sequence[str], ignore: Sequence[str]) -> str:
    return json.dumps({"profiles": sorted(profiles or []), "select": list(select), "ignore": list(ignore)},
                      sort_keys=True)


def content_hash(path: str) -> str | None:
    """SHA-256 of a regular file's bytes (read as the loader reads them), None for anything else."""
    from .model.files import InputError, read_input
    from .model.io import MAX_FILE_BYTES

    try:
        return hashlib.sha256(read_input(path, MAX_FILE_BYTES)).hexdigest()
    except InputError:
        return None  # unreadable, not a regular file or too large: never cached, the check reports why


def report_to_entry(r: FileReport) -> dict:
    return {
        "load_error": r.load_error,
        "checked": list(r.checked),
        "violations": [
            {"message": v.message, "code": v.code, "severity": v.severity, "location": v.location,
             "witness": v.witness, "profile": v.profile}
            for v in r.violations
        ],
    }


def entry_to_report(path: str, e: dict) -> FileReport:
    vs = [Violation(v["message"], v["code"], v["severity"], v["location"], v.get("witness"), v.get("profile"))
          for v in e["violations"]]
    return FileReport(path, vs, load_error=bool(e["load_error"]), checked=list(e["checked"]))


def _warn(msg: str) -> None:
    from .escape import visible  # the cache's path and contents are a stranger's too

    print(f"dambuster: {visible(msg)}", file=sys.stderr)


@dataclass
class Cache:
    path: Path
    tool: str
    entries: dict[str, dict] = field(default_factory=dict)
    hits: int = 0
    misses: int = 0

    @classmethod
    def open(cls, path: str | os.PathLike, tool: str | None = None, warn: Callable[[str], None] = _warn) -> "Cache":
        """Reads the cache; a missing file is an empty cache, an unreadable one is ignored with a warning."""
        p = Path(path)
        tool = tool or tool_fingerprint()
        if not p.exists():
            return cls(p, tool)
        try:
            data = json.loads(p.read_bytes().decode("utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("entries"), dict):
                raise ValueError("not a dambuster validate cache")
            if data.get("version") != VERSION or data.get("tool") != tool:
                return cls(p, tool)  # another dambuster, schema or rule set: everything is checked again
            entries = {k: v for k, v in data["entries"].items() if _well_formed(v)}
        except (OSError, ValueError) as e:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            warn(f"ignoring the cache {p}: {str(e)[:100]}; every file is checked again")
            return cls(p, tool)
        return cls(p, tool, entries)

    def lookup(self, path: str, digest: str | None, options: str) -> FileReport | None:
        e = self.entries.get(_key(path))
        if digest is None or e is None or e.get("sha256") != digest or e.get("options") != options:
            return None
        try:
            return entry_to_report(path, e["report"])
        except (KeyError, TypeError, IndexError):
            return None

    def store(self, path: str, digest: str | None, options: str, report: FileReport) -> None:
        if digest is None:
            return
        self.entries[_key(path)] = {"sha256": digest, "options": options, "report": report_to_entry(report)}

    def save(self) -> None:
        from .model.io import write_atomic

        # entries of files that are gone are dropped; files not in this run keep theirs
        doc = {"format": FORMAT, "version": VERSION, "tool": self.tool,
               "entries": {k: self.entries[k] for k in sorted(self.entries) if os.path.exists(k)}}
        data = (json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        write_atomic(self.path, data)


def _key(path: str) -> str:
    return os.path.normpath(path)


def _well_formed(e) -> bool:
    return (isinstance(e, dict) and isinstance(e.get("sha256"), str) and isinstance(e.get("options"), str)
            and isinstance(e.get("report"), dict))


def validate_cached(paths: Sequence[str], cache: Cache, options: str,
                    run: Callable[[list[str]], list[FileReport]]) -> list[FileReport]:
    """Reports in input order: cached ones for unchanged files, ``run(changed_paths)`` for the rest.

    Files whose check failed in the engine (ENGINE) are never cached: the next run tries them again.
    """
    digests = {p: content_hash(p) for p in paths}
    found: dict[int, FileReport] = {}
    todo: list[int] = []
    for i, p in enumerate(paths):
        hit = cache.lookup(p, digests[p], options)
        if hit is None:
            todo.append(i)
        else:
            found[i] = hit
    cache.hits, cache.misses = len(found), len(todo)
    fresh = run([paths[i] for i in todo]) if todo else []
    for i, r in zip(todo, fresh):
        found[i] = r
        if not any(v.code == "ENGINE" for v in r.violations):
            cache.store(paths[i], digests[paths[i]], options, r)
    return [found[i] for i in range(len(paths))]
