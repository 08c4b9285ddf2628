"""Validation reports: one FileReport per file, rendered as text or JSON.

The JSON report is a stable contract:
``{"files": [{"path": ..., "valid": ..., "violations": [{"code", "severity", "message", "location"}]}]}``.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from .model.errors import ScenarioError
from .validators.violation import Violation

SKIP_DIRS = {".git", "node_modules", ".venv", "__pycache__"}


@dataclass
class FileReport:
    path: str
    violations: list[Violation] = field(default_factory=list)
    load_error: bool = False

    @property
    def valid(self) -> bool:
        return not self.load_error and not any(v.severity == "error" for v in self.violations)

    @classmethod
    def unreadable(cls, path: str, code: str, ptr: str, message: str) -> "FileReport":
        return cls(path, [Violation(message, code, "error", {"pointer": ptr})], load_error=True)

    @classmethod
    def from_error(cls, path: str, err: ScenarioError) -> "FileReport":
        vs = [Violation(p.message, err.code, "error", p.location()) for p in err.problems]
        return cls(path, vs, load_error=True)

    def to_json(self) -> dict:
        return {"path": self.path, "valid": self.valid, "violations": [v.to_json() for v in self.violations]}


def collect_files(paths: list[str]) -> tuple[list[str], list[str]]:
    """Files named directly, plus *.json under folders (sorted, skipping *.expected.json)."""
    files, missing = [], []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = []
            for root, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
                found += [os.path.join(root, n) for n in names if n.endswith(".json") and not n.endswith(".expected.json")]
            files += sorted(found)
        elif p.exists():
            files.append(raw)
        else:
            missing.append(raw)
    return files, missing


def validate_file(path: str, profiles=None) -> FileReport:
    from .model.io import load
    from .validators import check_scenario

    try:
        scenario = load(path)
    except ScenarioError as e:
        return FileReport.from_error(path, e)
    except MemoryError:
        return FileReport.unreadable(path, "JSON", "", "the file is too large to load")
    except Exception as e:  # never a traceback for a stranger's file
        return FileReport.unreadable(path, "SCHEMA", "", f"cannot be checked: {type(e).__name__}: {str(e)[:120]}")
    return FileReport(path, check_scenario(scenario, profiles))


def render(reports: list[FileReport], fmt: str) -> str:
    if fmt == "json":
        return json.dumps({"files": [r.to_json() for r in reports]}, indent=2, ensure_ascii=False) + "\n"
    lines = []
    for r in reports:
        if not r.violations:
            lines.append(f"{r.path}: ok")
        for v in r.violations:
            lines.append(f"{r.path}: {v.where()}: {v.severity} {v.code}: {v.message}")
    n_bad = sum(not r.valid for r in reports)
    lines.append(f"{len(reports)} file(s) checked, {n_bad} with errors")
    return "\n".join(lines) + "\n"
