"""Plain text: one line per violation (``path: where: severity CODE: message``), a summary last."""
from __future__ import annotations


def render(reports: list) -> str:
    lines = []
    for r in reports:
        if not r.violations:
            lines.append(f"{r.path}: ok")
        for v in r.violations:
            lines.append(f"{r.path}: {v.where()}: {v.severity} {v.code}: {v.message}")
    n_bad = sum(not r.valid for r in reports)
    lines.append(f"{len(reports)} file(s) checked, {n_bad} with errors")
    return "\n".join(lines) + "\n"
