"""Plain text: one line per violation (``path: where: severity CODE: message``), a summary last.

Everything from a file (its name, pointers, messages) is made visible (dambuster.escape): one finding
is one line, and no line can start with a CI command.
"""
from __future__ import annotations

from ..escape import visible, visible_path


def render(reports: list) -> str:
    lines = []
    for r in reports:
        path = visible_path(r.path)
        if not r.violations:
            lines.append(f"{path}: ok")
        for v in r.violations:
            lines.append(f"{path}: {visible(v.where())}: {visible(v.severity)} {visible(v.code)}: {visible(v.message)}")
    n_bad = sum(not r.valid for r in reports)
    lines.append(f"{len(reports)} file(s) checked, {n_bad} with errors")
    return "\n".join(lines) + "\n"
