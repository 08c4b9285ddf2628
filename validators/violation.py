"""A rule violation or load error: code, severity, message, location and optional witness."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Violation:
    message: str
    code: str = ""  # filled in by the engine from the rule's registration
    severity: str = ""  # error | warning; filled in by the engine unless the rule sets it
    location: dict[str, Any] = field(default_factory=dict[str, Any])
    witness: dict[str, Any] | None = None
    profile: str | None = None

    def where(self) -> str:
        loc = self.location
        if "line" in loc:
            return f"line {loc['line']} column {loc.get('column')}"
        if "hex_label" in loc:
            return f"hex {loc['hex_label']}"
        return loc.get("pointer") or "/"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "location": self.location,
        }
        if self.profile:
            out["profile"] = self.profile
        if self.witness is not None:
            out["witness"] = self.witness
        return out
