"""GitHub Actions workflow commands: ``::error file=F,line=L,col=C,title=CODE::message`` per violation.

Escaping follows GitHub's toolkit: in the message % CR LF become %25 %0D %0A; property values also
escape : and , (%3A, %2C). Errors become ::error, warnings ::warning; a plain summary line ends the output.
A finding without a line of its own is placed on the line of its JSON pointer in the file.

Before that, everything from a file (name, pointer, message, code) is made visible (dambuster.model.escape):
control and bidi characters and undecodable file-name bytes as ``\\n``, ``\\u202e``, ``\\xff``, and
``##[`` (the runner's legacy command prefix, obeyed anywhere in a line) broken up. So every line of the
output is one of ours.
"""

from __future__ import annotations

import os

from dambuster.batch.file_report import FileReport
from dambuster.model.escape import visible
from dambuster.validators.violation import Violation

from ._lines import positions


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(kind: str, message: str, **props: object) -> str:
    parts = ",".join(f"{k}={escape_property(str(v))}" for k, v in props.items() if v is not None)
    return f"::{kind} {parts}::{escape_data(message)}" if parts else f"::{kind}::{escape_data(message)}"


def _annotation(path: str, v: Violation, position: tuple[int, int | None] | None) -> str:
    kind = "error" if v.severity == "error" else "warning" if v.severity == "warning" else "notice"
    loc = v.location or {}
    where = v.where()
    message = v.message if where in ("/", "") or "line" in loc else f"{where}: {v.message}"
    line, col = position if position is not None else (None, None)
    return command(
        kind,
        visible(message),
        file=visible(os.path.normpath(path).replace("\\", "/")),
        line=line,
        col=col if line is not None else None,
        title=visible(v.code),
    )


def render(reports: list[FileReport]) -> str:
    lines = [_annotation(r.path, v, pos) for r in reports for v, pos in zip(r.violations, positions(r))]
    n_bad = sum(not r.valid for r in reports)
    lines.append(f"{len(reports)} file(s) checked, {n_bad} with errors")
    return "\n".join(lines) + "\n"
