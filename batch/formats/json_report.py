"""The JSON report, a public contract:
``{"files": [{"path", "valid", "violations": [{"code", "severity", "message", "location"} + "profile"?, "witness"?]}]}``.

The report is data: strings are the exact ones (a pointer still resolves in its file). JSON escapes
keep each string on its line, and C1 and bidi controls, line separators and ``##[`` are written as
``\\uXXXX`` escapes too (dambuster.model.escape.json_escapes). A file name that is not UTF-8 cannot be carried
exactly by portable JSON: its undecodable bytes are written as the text ``\\xff``.
"""

from __future__ import annotations

from dambuster.batch.file_report import FileReport
from dambuster.model.output import json_text


def render(reports: list[FileReport]) -> str:
    return json_text({"files": [r.to_json() for r in reports]})
