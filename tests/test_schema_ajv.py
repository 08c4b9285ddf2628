"""An independent engine reads our schema the way we do: Ajv (JavaScript, draft 2020-12, strict mode).

Engines in other languages are who the published schema is for. Ajv compiles it in strict mode,
accepts every sample and every scenario we write, and agrees with python-jsonschema on which
invalid samples break the schema. Needs node and ``npm ci`` in tests/js (scripts/setup.sh does it).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from strategies import rich_hex_scenario, rich_table_scenario, scenarios

from dambuster.model import ScenarioError, new_hex_scenario, new_table_scenario
from dambuster.model.io import dumps, parse_bytes
from dambuster.model.schema_check import validator

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "tests" / "js"
NODE = shutil.which("node")

pytestmark = [
    pytest.mark.skipif(NODE is None, reason="node is not installed (scripts/setup.sh installs nodejs)"),
    pytest.mark.skipif(
        not (JS / "node_modules" / "ajv").is_dir(),
        reason="Ajv is not installed: run `npm ci` in tests/js (scripts/setup.sh does)",
    ),
]


def ajv(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [NODE, str(JS / "validate.mjs"), *args], capture_output=True, text=True, timeout=300, cwd=ROOT
    )


def _samples() -> list[Path]:
    return sorted(
        p
        for p in (ROOT / "samples").rglob("*.json")
        if "invalid" not in p.relative_to(ROOT / "samples").parts and not p.name.endswith(".expected.json")
    )


def test_every_sample_passes_ajv_strict():
    result = ajv()
    assert "schema does not compile" not in result.stderr, result.stderr
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    for sample in _samples():
        assert f"ok {sample.relative_to(ROOT)}" in lines
    assert lines[-1] == f"{len(_samples())} file(s) checked, 0 failed"


@pytest.mark.slow
def test_scenarios_we_write_pass_ajv(tmp_path):
    written = {
        "new-hex": new_hex_scenario(15, 22),
        "new-pointy": new_hex_scenario(4, 3, "pointy", "even-r"),
        "new-table": new_table_scenario(48, 32, "inches"),
        "rich-hex": rich_hex_scenario(),
        "rich-table": rich_table_scenario(),
    }
    for name, s in written.items():
        (tmp_path / f"{name}.json").write_text(dumps(s), encoding="utf-8")

    @settings(max_examples=40, database=None)
    @given(scenarios())
    def write(scenario):
        write.n += 1
        (tmp_path / f"generated-{write.n:03d}.json").write_text(dumps(scenario), encoding="utf-8")

    write.n = 0
    write()
    result = ajv("--json", str(tmp_path))
    report = json.loads(result.stdout)
    failures = {Path(k).name: v["errors"][:2] for k, v in report.items() if not v["valid"]}
    assert failures == {}
    assert len(report) == len(written) + write.n
    assert result.returncode == 0


#: Where Ajv is more lenient than we are; we never write such values, so files we write read the same.
KNOWN_DIFFERENCES: dict[str, str] = {}  # none: dates carry a pattern as well as a format, so engines agree


def test_ajv_refuses_what_python_refuses_at_the_schema_level(tmp_path):
    """Hand-made schema violations that are easy to get subtly wrong across engines."""
    base = json.loads(dumps(rich_hex_scenario()))
    cases = {
        "version-newline": ("/format_version", "1.0\n"),
        "id-newline": ("/sides/0/id", "red\n"),
        "id-unicode-digit": ("/sides/0/id", "red\u0663"),
        "color-short": ("/sides/0/color", "#fff"),
        "date-no-zone": ("/meta/created", "2025-05-16T21:30:00"),
        "date-space": ("/meta/created", "2025-05-16 21:30:00Z"),
        "date-arabic-digits": ("/meta/created", "\u0662\u0660\u0662\u0665-05-16T21:30:00Z"),
        "title-201": ("/meta/title", "é" * 201),
        "title-astral-200": ("/meta/title", "\U0001f30a" * 200),  # 200 characters: valid in both
        "hexside-d3": ("/map/hexsides/0/side", [2, 2, 3]),
        "flat-odd-r": ("/map/offset", "odd-r"),
        "float-for-integer": ("/map/columns", 6.5),
        "integral-float": ("/turn_limit", 12.0),  # 12.0 is an integer to JSON Schema: valid in both
    }
    for name, (ptr, value) in cases.items():
        doc = json.loads(json.dumps(base))
        *parents, last = [int(p) if p.isdigit() else p for p in ptr.strip("/").split("/")]
        node = doc
        for p in parents:
            node = node[p]
        node[last] = value
        (tmp_path / f"{name}.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    report = json.loads(ajv("--json", str(tmp_path)).stdout)
    ajv_valid = {Path(k).stem: v["valid"] for k, v in report.items()}
    python_valid = {
        p.stem: not list(validator().iter_errors(json.loads(p.read_text(encoding="utf-8"))))
        for p in tmp_path.glob("*.json")
    }
    for name, why in KNOWN_DIFFERENCES.items():
        assert (ajv_valid.pop(name), python_valid.pop(name)) == (True, False), why
    assert ajv_valid == python_valid
    assert sorted(k for k, v in python_valid.items() if v) == ["integral-float", "title-astral-200"]


def test_ajv_and_python_jsonschema_agree_on_invalid_samples(tmp_path):
    """Of samples/invalid, the files that parse as strict JSON: both engines give the same verdict."""
    parsed = []
    for path in sorted((ROOT / "samples" / "invalid").glob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        try:
            doc = parse_bytes(path.read_bytes())
        except ScenarioError:
            continue  # refused before any schema: not JSON both engines can read the same way
        parsed.append((path, doc))
    if not parsed:
        pytest.skip("no parseable invalid samples yet")
    report = json.loads(ajv("--json", *[str(p) for p, _ in parsed]).stdout)
    for path, doc in parsed:
        python_valid = not list(validator().iter_errors(doc)) if isinstance(doc, dict) else False
        assert report[str(path)]["valid"] == python_valid, (path.name, report[str(path)]["errors"][:2])
