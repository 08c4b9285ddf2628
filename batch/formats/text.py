"""Plain text, as compilers and ruff print it, so editors and terminals jump to the finding:

    maps/valley.json:41:7: error DAM-SITE: dam 'dam-aller' is not on its river (hex 0607)
    maps/broken.json:2:3: error JSON: not valid JSON: expecting ',' delimiter
    maps/good.json: ok

``path:line:col:`` is the finding's own line, else the line where its JSON pointer's value starts in
the file (or its nearest existing parent's), as the github and SARIF formats place it; a finding whose
place in the file is unknown is ``path: severity CODE: message (where)``. The map location (a hex, a
feature) follows the message in parentheses. A summary line ends the output. `dambuster validate`
says a file that cannot be read (JSON, SCHEMA, ENGINE, BUDGET) in one line on standard error and leaves
it out of this report (the summary still counts it): each problem is printed once, and a bad file is
always said on stderr.

Everything from a file (its name, pointers, messages) is made visible (dambuster.model.escape): one finding
is one line, and no line can start with a CI command.
"""

from __future__ import annotations

from dambuster.batch.file_report import FileReport
from dambuster.model.escape import visible, visible_path
from dambuster.validators.violation import Violation

from ._lines import positions


def _where(v: Violation) -> str:
    """The map location when it says more than the line: a hex, a feature, or the JSON pointer."""
    where = v.where()
    if where.startswith("line ") or where in ("", "/"):
        return ""
    return f" ({visible(where)})"


def _line(path: str, v: Violation, position: tuple[int, int | None] | None) -> str:
    head = f"{path}:{position[0]}:{position[1] or 1}:" if position is not None else f"{path}:"
    return f"{head} {visible(v.severity)} {visible(v.code)}: {visible(v.message)}{_where(v)}"


def report_lines(r: FileReport) -> list[str]:
    """The lines of one file's report."""
    path = visible_path(r.path)
    if not r.violations:
        return [f"{path}: ok"]
    return [_line(path, v, pos) for v, pos in zip(r.violations, positions(r))]


def render(reports: list[FileReport], unreadable: bool = True) -> str:
    """Every file's lines and the summary; ``unreadable=False`` leaves out the files that could not be
    read (the command prints those on standard error instead, so each problem is printed once)."""
    lines = [ln for r in reports if unreadable or not r.load_error for ln in report_lines(r)]
    n_bad = sum(not r.valid for r in reports)
    lines.append(f"{len(reports)} file(s) checked, {n_bad} with errors")
    return "\n".join(lines) + "\n"
