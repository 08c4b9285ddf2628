"""The JSON report, a public contract:
``{"files": [{"path", "valid", "violations": [{"code", "severity", "message", "location"} + "profile"?, "witness"?]}]}``.
"""
from __future__ import annotations

import json


def render(reports: list) -> str:
    return json.dumps({"files": [r.to_json() for r in reports]}, indent=2, ensure_ascii=False) + "\n"
