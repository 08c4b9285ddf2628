"""The command line's machine outputs match their published schemas (schema/*.schema.json).

`dambuster validate --format json` -> validation-report, `surge` / `flood --format json` ->
simulation-output, `diff --format json` -> semantic-diff. Each is run as a user runs it, on every
sample (and every invalid sample), and its output checked with python-jsonschema; hand-broken outputs
are refused, so the schemas are tight enough to catch a writer that drifts.
"""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[1]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
PREFIX = "https://raw.githubusercontent.com/dambuster/dambuster/main/schema/"
OUTPUT_SCHEMAS = (
    "validation-report.schema.json",
    "simulation-output.schema.json",
    "semantic-diff.schema.json",
)
SAMPLES = sorted((ROOT / "samples").glob("*.json"))
BROKEN = sorted(
    p
    for folder in ("invalid", "scale-errors")
    for p in (ROOT / "samples" / folder).glob("*.json")
    if not p.name.endswith(".expected.json")
)
SCENARIOS = sorted((ROOT / "conformance" / "scenarios").glob("*.json"))  # the conformance kit's focused maps
VALLEY = ROOT / "samples" / "ogre-dambusters-valley.json"
SEWER = ROOT / "samples" / "sewer-flash-flood.json"


def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((ROOT / "schema" / name).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def run_json(*args: str) -> dict:
    """The JSON document a dambuster command prints (exit 0, 1 or 2 with a report: all are outputs)."""
    result = subprocess.run([DAMBUSTER, *args], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert result.returncode in (0, 1, 2) and result.stdout, result.stderr
    return json.loads(result.stdout)


def errors(name: str, doc) -> list[str]:
    """Each error as its most telling part (inside a oneOf: the branch that came closest)."""
    found = [jsonschema.exceptions.best_match([e]) for e in validator(name).iter_errors(doc)]
    return [f"{e.json_path}: {e.message[:200]}" for e in found]


def write(tmp_path: Path, name: str, doc: dict) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return str(path)


def scenario(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------ conventions
@pytest.mark.parametrize("name", OUTPUT_SCHEMAS)
def test_each_output_schema_is_published_like_the_scenario_schema(name):
    schema = json.loads((ROOT / "schema" / name).read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == PREFIX + name
    assert name > "scenario.schema.json"  # tools that take the first schema file as the scenario's
    catalog = json.loads((ROOT / "schema" / "catalog.json").read_text(encoding="utf-8"))
    assert [e["name"] for e in catalog["schemas"] if e["url"] == PREFIX + name]


def test_every_finding_code_and_profile_fits_the_report_schema():
    from dambuster.batch.report import LOAD_CODES
    from dambuster.validators import REGISTRY

    defs = json.loads((ROOT / "schema" / OUTPUT_SCHEMAS[0]).read_text(encoding="utf-8"))["$defs"]
    code = jsonschema.Draft202012Validator(defs["code"])
    profile = jsonschema.Draft202012Validator(defs["violation"]["properties"]["profile"])
    rules = REGISTRY.values()
    assert [c for c in list(LOAD_CODES) + [r.code for r in rules] if not code.is_valid(c)] == []
    assert [r.profile for r in rules if not profile.is_valid(r.profile)] == []


# ------------------------------------------------------------------------------ validate
def test_the_report_on_every_sample_and_every_broken_sample_matches(tmp_path):
    low = scenario(VALLEY)
    low["map"]["dams"][0]["sp"] = 40  # DAM-SP-MIN: a warning at a hex, with a witness
    files = [str(p) for p in SAMPLES + BROKEN] + [write(tmp_path, "low-dam.json", low)]
    report = run_json("validate", "--format", "json", *files)
    assert errors(OUTPUT_SCHEMAS[0], report) == []
    assert [f["path"] for f in report["files"]] == files
    findings = [v for f in report["files"] for v in f["violations"]]
    assert {"JSON", "SCHEMA", "DBM-ISLAND", "DAM-SP-MIN"} <= {v["code"] for v in findings}
    low_dam = report["files"][-1]["violations"][0]
    assert {"hex", "hex_label", "feature"} <= set(low_dam["location"]) and "witness" in low_dam


BROKEN_REPORTS = {
    "no valid": lambda r: r["files"][0].pop("valid"),
    "a severity not in the set": lambda r: r["files"][0]["violations"][0].update(severity="fatal"),
    "a code in lower case": lambda r: r["files"][0]["violations"][0].update(code="json"),
    "an extra field": lambda r: r["files"][0]["violations"][0].update(hint="x"),
    "no pointer": lambda r: r["files"][0]["violations"][0]["location"].pop("pointer"),
    "a line without its column": lambda r: r["files"][0]["violations"][0]["location"].update(line=3),
}


@pytest.fixture(scope="module")
def a_report() -> dict:
    report = run_json("validate", "--format", "json", str(ROOT / "samples" / "invalid" / "wrong-type.json"))
    assert errors(OUTPUT_SCHEMAS[0], report) == []
    return report


@pytest.mark.parametrize("breaks", BROKEN_REPORTS.values(), ids=BROKEN_REPORTS.keys())
def test_a_hand_broken_report_is_refused(breaks, a_report):
    report = copy.deepcopy(a_report)
    breaks(report)
    assert errors(OUTPUT_SCHEMAS[0], report)


# ------------------------------------------------------------------------------ surge, flood
def _breaches() -> list[tuple[Path, str]]:
    found = []
    for path in SAMPLES + SCENARIOS:
        dams = scenario(path).get("map", {}).get("dams", [])
        found += [(path, d["id"]) for d in dams]
    return found


@pytest.mark.slow
@pytest.mark.parametrize("path,dam", _breaches(), ids=lambda x: getattr(x, "stem", x))
def test_every_breach_log_matches(path, dam):
    for seed in ("0", "1") if path == VALLEY else ("0",):
        log = run_json("surge", str(path), "--dam", dam, "--seed", seed, "--format", "json")
        assert errors(OUTPUT_SCHEMAS[1], log) == []
        assert log["left_map"] and log["events"][-1]["kind"] == "left-map"


@pytest.mark.slow
def test_a_breach_stopped_early_and_a_monte_carlo_match():
    stopped = run_json("surge", str(VALLEY), "--dam", "dam-aller", "--turns", "1", "--format", "json")
    assert errors(OUTPUT_SCHEMAS[1], stopped) == [] and stopped["left_map"] is False
    chances = run_json("surge", str(VALLEY), "--dam", "dam-aller", "--monte-carlo", "50", "--format", "json")
    assert errors(OUTPUT_SCHEMAS[1], chances) == [] and chances["runs"] == 50


@pytest.mark.slow
def test_every_flash_flood_log_matches_whether_the_flood_comes_or_not(tmp_path):
    sewers = [p for p in SAMPLES + SCENARIOS if (scenario(p)["map"].get("sewer") or {}).get("corridors")]
    assert sewers
    dry = scenario(SEWER)
    dry["parameters"]["flash_flood"]["turns"] = [{"turn": 2, "on": 6}]
    turns = set()
    for path in sewers + [Path(write(tmp_path, "rare-flood.json", dry))]:
        log = run_json("flood", str(path), "--seed", "0", "--format", "json")
        assert errors(OUTPUT_SCHEMAS[1], log) == []
        turns.add(log["turn"])
    assert None in turns and len(turns) > 1  # seed 0 rolls no 6 on the rare flood's one turn


BROKEN_LOGS = {
    "an unknown kind": lambda d: d["events"][-1].update(kind="tsunami"),
    "a flood without its hex": lambda d: next(e for e in d["events"] if e["kind"] == "flood").pop("where"),
    "a draw without its purpose": lambda d: next(e for e in d["events"] if "rolls" in e)["rolls"][0].pop(
        "for"
    ),
    "a negative seed": lambda d: d.update(seed=-1),
    "an extra detail": lambda d: next(e for e in d["events"] if e["kind"] == "swell")["detail"].update(
        speed=3
    ),
    "the breach at step 1": lambda d: d["events"][0].update(step=1),
}


@pytest.fixture(scope="module")
def a_breach_log() -> dict:
    log = run_json("surge", str(VALLEY), "--dam", "dam-aller", "--seed", "2", "--format", "json")
    assert errors(OUTPUT_SCHEMAS[1], log) == []
    return log


@pytest.mark.slow
@pytest.mark.parametrize("breaks", BROKEN_LOGS.values(), ids=BROKEN_LOGS.keys())
def test_a_hand_broken_event_log_is_refused(breaks, a_breach_log):
    log = copy.deepcopy(a_breach_log)
    breaks(log)
    assert errors(OUTPUT_SCHEMAS[1], log)


def test_a_flash_flood_log_that_came_without_its_models_is_refused():
    log = run_json("flood", str(SEWER), "--format", "json")
    assert log["turn"] is not None
    del log["models"]
    assert errors(OUTPUT_SCHEMAS[1], log)


# ------------------------------------------------------------------------------ diff
def _edited(doc: dict) -> dict:
    doc = copy.deepcopy(doc)
    rows = doc["map"]["terrain"]["rows"]
    rows[2], rows[3] = "fff" + rows[2][3:], "fff" + rows[3][3:]
    doc["map"]["dams"][0]["sp"] += 5
    doc["units"] = doc["units"][::-1][:-1]  # order and a removal
    doc["map"]["towns"][0]["hexes"].append([0, 0])
    doc["map"]["hexsides"] = doc["map"]["hexsides"][1:]
    doc["meta"]["title"] = "edited"
    doc["map"]["rivers"].append({"id": "river-new", "hexes": [[0, 0], [1, 0]]})
    return doc


@pytest.mark.slow
def test_the_diff_of_every_sample_with_itself_and_of_edited_maps_matches(tmp_path, a_diff):
    for path in SAMPLES:
        same = run_json("diff", str(path), str(path), "--format", "json")
        assert errors(OUTPUT_SCHEMAS[2], same) == [] and same["equal"] is True
    table = scenario(ROOT / "samples" / "dbm-table.json")
    table["map"]["width"] += 1
    table["meta"]["profiles"] = []
    diff = run_json(
        "diff",
        str(ROOT / "samples" / "dbm-table.json"),
        write(tmp_path, "table.json", table),
        "--format",
        "json",
    )
    assert errors(OUTPUT_SCHEMAS[2], diff) == [] and diff["equal"] is False
    assert {c["change"] for c in a_diff["changes"]} == {"added", "removed", "changed", "order", "terrain"}


BROKEN_DIFFS = {
    "an unknown change": lambda c: c[0].update(change="moved"),
    "an addition with an old value": lambda c: next(x for x in c if x["change"] == "added").update(old=1),
    "a removal without its old value": lambda c: next(x for x in c if x["change"] == "removed").pop("old"),
    "a terrain run without its count": lambda c: next(x for x in c if x["change"] == "terrain").pop("count"),
    "an extra field": lambda c: c[0].update(why="x"),
}


@pytest.fixture(scope="module")
def a_diff(tmp_path_factory) -> dict:
    edited = write(tmp_path_factory.mktemp("diff"), "edited.json", _edited(scenario(VALLEY)))
    diff = run_json("diff", str(VALLEY), edited, "--format", "json")
    assert errors(OUTPUT_SCHEMAS[2], diff) == []
    return diff


@pytest.mark.parametrize("breaks", BROKEN_DIFFS.values(), ids=BROKEN_DIFFS.keys())
def test_a_hand_broken_diff_is_refused(breaks, a_diff):
    diff = copy.deepcopy(a_diff)
    breaks(diff["changes"])
    assert errors(OUTPUT_SCHEMAS[2], diff)


def test_the_docs_name_each_output_schema():
    docs = {
        name: (ROOT / "docs" / name).read_text(encoding="utf-8")
        for name in ("batch.md", "simulation.md", "engines.md")
    }
    assert (
        "validation-report.schema.json" in docs["batch.md"]
        and "semantic-diff.schema.json" in docs["batch.md"]
    )
    assert "simulation-output.schema.json" in docs["simulation.md"]
    assert all(name in docs["engines.md"] for name in OUTPUT_SCHEMAS)


# ------------------------------------------------------------------------------ a second engine
AJV_STRICT = """
import Ajv2020 from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
const [schema, doc] = process.argv.slice(1).map((f) => JSON.parse(readFileSync(f, "utf8")));
const validate = new Ajv2020({ strict: true }).compile(schema);
console.log(JSON.stringify([validate(doc), validate({ ...doc, unknown_key: 1 })]));
"""


@pytest.mark.parametrize(
    "name,output",
    [(OUTPUT_SCHEMAS[0], "a_report"), (OUTPUT_SCHEMAS[1], "a_breach_log"), (OUTPUT_SCHEMAS[2], "a_diff")],
    ids=lambda x: x,
)
def test_ajv_compiles_each_output_schema_in_strict_mode_and_agrees(name, output, request, tmp_path):
    """The independent engine (Ajv, as tests/test_schema_ajv.py): no keyword it would refuse, same verdict."""
    js = ROOT / "tests" / "js"
    if shutil.which("node") is None or not (js / "node_modules" / "ajv").is_dir():
        pytest.skip("node and tests/js/node_modules are needed (scripts/setup.sh installs them)")
    doc = write(tmp_path, "out.json", request.getfixturevalue(output))
    result = subprocess.run(
        [shutil.which("node"), "--input-type=module", "-e", AJV_STRICT, str(ROOT / "schema" / name), doc],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=js,
    )
    assert result.stdout.strip() == "[true,false]", (
        result.stderr
    )  # the output passes; with a stray key it fails
