"""What `validate` says about one file: its findings, whether it could be read, which rules ran.

Made by the checks (dambuster.batch.report), by the worker processes that run them (dambuster.batch.workers) and
by the cache (dambuster.batch.cache); rendered by the formats (dambuster.batch.formats).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dambuster.model.errors import ScenarioError
from dambuster.validators.violation import Violation


@dataclass
class FileReport:
    path: str
    violations: list[Violation] = field(default_factory=list[Violation])
    load_error: bool = False
    checked: list[str] = field(default_factory=list[str])  # rule codes that ran on the file (not in the JSON)
    source: str | None = None  # where the file's text is when ``path`` names something else (- for stdin)
    profiles: list[str] = field(default_factory=list[str])  # profiles of the rules it was checked with

    @property
    def valid(self) -> bool:
        return not self.load_error and not any(v.severity == "error" for v in self.violations)

    @classmethod
    def unreadable(cls, path: str, code: str, ptr: str, message: str) -> FileReport:
        return cls(path, [Violation(message, code, "error", {"pointer": ptr})], load_error=True)

    @classmethod
    def from_error(cls, path: str, err: ScenarioError) -> FileReport:
        vs = [Violation(p.message, err.code, "error", p.location()) for p in err.problems]
        return cls(path, vs, load_error=True)

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "valid": self.valid, "violations": [v.to_json() for v in self.violations]}
