"""Rule-code vectors: what `dambuster validate --format json` reports for a file (make_vectors.py writes them).

One ``conformance/rules/NAME.rules.json`` per scenario of the reader vectors and per file of
samples/invalid/ and samples/scale-errors/: whether the file is valid and each violation's code,
severity, profile (when the rule has one) and location (JSON pointer, and hex, feature, point or
line and column where the validator gives them), in the order reported. Messages and witnesses are
left out: their wording is dambuster's, not a fact other validators must share. They follow
conformance/rules.schema.json.
"""

from __future__ import annotations

import json
from pathlib import Path

from replays import command_output

RULES_FORMAT = 1


def validate_output(path: Path) -> dict:
    """The document ``dambuster validate --format json PATH`` prints (exit 0 valid, 1 rule errors, 2
    unreadable or refused by the schema)."""
    return json.loads(command_output(["validate", "--format", "json", str(path)], ok=(0, 1, 2)))


def rules_vector(path: Path, name: str, description: str) -> dict:
    """``name``: the file's path as written in the vector, relative to conformance/rules/."""
    (report,) = validate_output(path)["files"]
    keep = ("code", "severity", "profile", "location")
    return {
        "rules_format": RULES_FORMAT,
        "scenario": name,
        "description": description,
        "valid": report["valid"],
        "violations": [{k: v[k] for k in keep if k in v} for v in report["violations"]],
    }


def rule_sources(root: Path) -> list[tuple[Path, str, str]]:
    """The broken samples (samples/invalid/, samples/scale-errors/), each with its description."""
    out = []
    for folder in ("invalid", "scale-errors"):
        for p in sorted((root / "samples" / folder).iterdir()):
            if p.name.endswith(".expected.json") or p.name.startswith(".") or p.suffix != ".json":
                continue
            out.append((p, f"../../samples/{folder}/{p.name}", f"broken sample {folder}/{p.name}"))
    return out
