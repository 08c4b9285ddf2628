"""The JSON Schema of the scenario format (schema/scenario.schema.json) and its reference docs."""

import os
import re

SCHEMA_FILE = "scenario.schema.json"


def schema_text() -> str:
    # beside this module in every install (wheel, editable, the app bundle): read as a file, without
    # importlib.resources and the zip readers it loads (a cold validate reads it)
    with open(os.path.join(os.path.dirname(__file__), SCHEMA_FILE), encoding="utf-8") as f:
        return f.read()


def schema_id() -> str:
    """The schema's ``$id``: where it is published, and what a saved file's ``"$schema"`` names."""
    match = re.search(r'"\$id":\s*"([^"]+)"', schema_text())
    return match.group(1) if match else ""
