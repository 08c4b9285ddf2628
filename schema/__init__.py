"""The JSON Schema of the scenario format (schema/scenario.schema.json) and its reference docs."""
from importlib import resources

SCHEMA_FILE = "scenario.schema.json"


def schema_text() -> str:
    return resources.files(__name__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
