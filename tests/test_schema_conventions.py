"""The conventions editors and other validators expect of the schema: a `"$schema"` in every file we
write, a published `$id`, a SchemaStore catalog entry, and dates every validator refuses the same way."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import jsonschema_rs
import pytest

from dambuster.model import load, new_hex_scenario
from dambuster.model.io import dumps, loads
from dambuster.model.migrations import CURRENT
from dambuster.schema import schema_id, schema_text

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted(p for p in (ROOT / "samples").glob("*.json"))
BAD_DATE = ROOT / "samples" / "invalid" / "bad-date.json"
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
NODE = shutil.which("node")
AJV = ROOT / "tests" / "js" / "validate.mjs"
SCHEMA = json.loads(schema_text())


def ours(path: Path) -> bool:
    return (
        subprocess.run([DAMBUSTER, "validate", str(path)], capture_output=True, timeout=120).returncode != 2
    )


def python_jsonschema_defaults(path: Path) -> bool:
    """python-jsonschema as a stranger would call it: no format checker (2020-12 formats only annotate)."""
    return jsonschema.Draft202012Validator(SCHEMA).is_valid(json.loads(path.read_text(encoding="utf-8")))


def jsonschema_rs_defaults(path: Path) -> bool:
    return jsonschema_rs.validator_for(SCHEMA).is_valid(json.loads(path.read_text(encoding="utf-8")))


def ajv(path: Path) -> bool:
    if NODE is None or not (ROOT / "tests" / "js" / "node_modules" / "ajv").is_dir():
        pytest.skip("node and tests/js/node_modules are needed (scripts/setup.sh installs them)")
    report = json.loads(
        subprocess.run(
            [NODE, str(AJV), "--json", str(path)], capture_output=True, text=True, timeout=120, cwd=ROOT
        ).stdout
    )
    return next(iter(report.values()))["valid"]


VALIDATORS = [ours, ajv, python_jsonschema_defaults, jsonschema_rs_defaults]


@pytest.mark.parametrize("check", VALIDATORS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_every_sample_names_the_schema_and_passes_every_validator(sample, check):
    assert json.loads(sample.read_text(encoding="utf-8"))["$schema"] == schema_id()
    assert check(sample)


@pytest.mark.parametrize("check", VALIDATORS, ids=lambda f: f.__name__)
def test_a_bad_date_fails_every_validator_with_default_settings(check):
    assert not check(BAD_DATE)


def test_the_id_is_the_schemas_address_in_the_repository():
    assert schema_id() == SCHEMA["$id"]
    prefix = "https://raw.githubusercontent.com/dambuster/dambuster/main/"
    assert schema_id().startswith(prefix)
    assert (ROOT / schema_id()[len(prefix) :]).read_text(encoding="utf-8") == schema_text()


def test_the_catalog_entry_is_in_schemastores_format_and_points_at_the_schema():
    catalog = json.loads((ROOT / "schema" / "catalog.json").read_text(encoding="utf-8"))
    assert (
        catalog["$schema"] == "https://json.schemastore.org/schema-catalog.json" and catalog["version"] == 1
    )
    (entry,) = [e for e in catalog["schemas"] if e["url"] == schema_id()]  # the outputs' schemas follow it
    assert set(entry) >= {"name", "description", "fileMatch", "url"}
    assert entry["url"] == schema_id() and entry["fileMatch"] == ["*.dambuster.json"]


@pytest.mark.parametrize("value", ["./scenario.schema.json", "https://example.org/x.json", ""])
def test_any_schema_reference_is_accepted_and_saving_writes_ours(value):
    doc = json.loads(dumps(new_hex_scenario(4, 4)))
    doc["$schema"] = value
    text = dumps(loads(json.dumps(doc)))
    assert text.startswith('{\n  "$schema": "' + schema_id() + '",\n  "format_version": "' + CURRENT + '"')


def test_a_file_of_version_1_0_without_schema_reads_the_same():
    current = json.loads(dumps(new_hex_scenario(5, 5)))
    old = {k: v for k, v in current.items() if k != "$schema"}
    old["format_version"] = "1.0"
    assert dumps(loads(json.dumps(old))) == dumps(loads(json.dumps(current)))


def test_a_sample_without_its_schema_line_still_loads(tmp_path):
    doc = json.loads(SAMPLES[0].read_text(encoding="utf-8"))
    del doc["$schema"]
    path = tmp_path / "no-schema.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert dumps(load(path)) == SAMPLES[0].read_text(encoding="utf-8")
