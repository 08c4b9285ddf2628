"""The JSON Schema of the scenario format (schema/scenario.schema.json) and its reference docs."""

import re
from importlib import resources

SCHEMA_FILE = "scenario.schema.json"


def schema_text() -> str:
    return resources.files(__name__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")


def schema_id() -> str:
    """The schema's ``$id``: where it is published, and what a saved file's ``"$schema"`` names."""
    match = re.search(r'"\$id":\s*"([^"]+)"', schema_text())
    return match.group(1) if match else ""
