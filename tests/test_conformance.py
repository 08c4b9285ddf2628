"""The reader conformance kit (conformance/, docs/engines.md): the vectors are current and valid, and
the second reader, in JavaScript and written from docs/format.md alone, passes every one of them."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "conformance"
VECTORS = sorted((KIT / "vectors").glob("*.vector.json"))
RULES = sorted((KIT / "rules").glob("*.rules.json"))
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None, reason="node is not installed: the JavaScript reader cannot run"
)


def _make_vectors(out: Path) -> None:
    subprocess.run(
        [sys.executable, str(KIT / "make_vectors.py"), "--out", str(out)],
        check=True,
        capture_output=True,
        text=True,
    )


def test_every_sample_and_layout_has_a_vector():
    names = {p.name.removesuffix(".vector.json") for p in VECTORS}
    assert {p.stem for p in (ROOT / "samples").glob("*.json")} <= names
    layouts = {
        (v["map"]["orientation"], v["map"]["offset"])
        for v in (json.loads(p.read_text(encoding="utf-8")) for p in VECTORS)
        if v["map"]["kind"] == "hex"
    }
    assert {("flat", "odd-q"), ("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")} <= layouts


def test_a_map_at_the_size_cap_ships_small():
    v = json.loads((KIT / "vectors" / "cap-1000x1000.vector.json").read_text(encoding="utf-8"))
    assert (v["map"]["columns"], v["map"]["rows"]) == (1000, 1000)
    packed = (KIT / "vectors" / v["scenario"]).resolve()
    doc = json.loads(gzip.decompress(packed.read_bytes()))
    assert len(doc["map"]["terrain"]["rows"]) == 1000 and {len(r) for r in doc["map"]["terrain"]["rows"]} == {
        1000
    }
    assert packed.stat().st_size < 64_000 and len(v["hexes"]) >= 144 and v["breaches"]


@pytest.mark.slow
def test_vectors_are_current(tmp_path):
    _make_vectors(tmp_path)
    for sub in ("vectors", "scenarios", "rules"):
        fresh = sorted(p.name for p in (tmp_path / sub).iterdir())
        assert fresh == sorted(p.name for p in (KIT / sub).iterdir()), sub
        for name in fresh:
            # a .gz is compared inflated: zlib versions may compress the same bytes differently
            read = (lambda p: gzip.decompress(p.read_bytes())) if name.endswith(".gz") else Path.read_bytes
            assert read(tmp_path / sub / name) == read(KIT / sub / name), (
                f"conformance/{sub}/{name} is stale: run .venv/bin/python conformance/make_vectors.py"
            )


@pytest.mark.parametrize("path", VECTORS, ids=lambda p: p.name)
def test_vector_follows_its_schema(path):
    schema = json.loads((KIT / "vector.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = list(
        jsonschema.Draft202012Validator(schema).iter_errors(json.loads(path.read_text(encoding="utf-8")))
    )
    assert errors == []


@pytest.mark.parametrize("path", RULES, ids=lambda p: p.name)
def test_rule_vector_follows_its_schema(path):
    schema = json.loads((KIT / "rules.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert (
        list(
            jsonschema.Draft202012Validator(schema).iter_errors(json.loads(path.read_text(encoding="utf-8")))
        )
        == []
    )


def test_every_scenario_and_broken_sample_has_a_rule_vector():
    names = {p.name.removesuffix(".rules.json") for p in RULES}
    broken = {
        p.stem
        for d in ("invalid", "scale-errors")
        for p in (ROOT / "samples" / d).glob("*.json")
        if not p.name.endswith(".expected.json")
    }
    assert broken and broken | {p.name.removesuffix(".vector.json") for p in VECTORS} == names
    codes = {x["code"] for p in RULES for x in json.loads(p.read_text(encoding="utf-8"))["violations"]}
    assert {"SCHEMA", "JSON", "RIVER-SPLIT", "DBM-FEATURE-SIZE"} <= codes


def test_a_rule_vector_says_what_dambuster_validate_reports():
    v = json.loads((KIT / "rules" / "hex-off-map.rules.json").read_text(encoding="utf-8"))
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "dambuster",
            "validate",
            "--format",
            "json",
            str((KIT / "rules" / v["scenario"]).resolve()),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    (report,) = json.loads(p.stdout)["files"]
    assert v["valid"] is report["valid"] is False
    assert (
        [(x["code"], x["location"]) for x in v["violations"]]
        == [(x["code"], x["location"]) for x in report["violations"]]
        == [("SCHEMA", {"pointer": "/map/dams/0/hex"})]
    )


def _run_js(*paths) -> subprocess.CompletedProcess:
    return subprocess.run(
        [NODE, str(KIT / "js" / "run.mjs"), *map(str, paths)], capture_output=True, text=True, timeout=120
    )


@needs_node
def test_the_javascript_reader_passes_every_vector():
    p = _run_js()
    last = p.stdout.strip().splitlines()[-1]
    assert p.returncode == 0, p.stdout + p.stderr
    assert last.endswith(" passed, 0 failed") and int(last.split()[0]) > 1000, last


def _altered_copy(tmp_path: Path, name: str, alter) -> Path:
    src = KIT / ("rules" if name.endswith(".rules.json") else "vectors") / name
    v = json.loads(src.read_text(encoding="utf-8"))
    v["scenario"] = str((src.parent / v["scenario"]).resolve())
    alter(v)
    out = tmp_path / name
    out.write_text(json.dumps(v), encoding="utf-8")
    return out


@needs_node
@pytest.mark.parametrize(
    "alter, fact",
    [
        (
            lambda v: v["hexes"][3].update(
                terrain="swamp" if v["hexes"][3]["terrain"] != "swamp" else "clear"
            ),
            "terrain",
        ),
        (lambda v: v["hexes"][5]["axial"].__setitem__(1, v["hexes"][5]["axial"][1] + 1), "hex 0601: "),
        (lambda v: v["neighbours"][1]["sides"][4]["hexside"].__setitem__(2, 0), "neighbours of"),
        (lambda v: v["downstream"][0].update(off_map=not v["downstream"][0]["off_map"]), "downstream of"),
        (lambda v: v["confluences"][0].update(hex=[0, 0]), "confluence of tributary"),
        (lambda v: v["units"][0]["units"].pop(), "units per hex"),
    ],
    ids=["terrain", "axial", "hexside", "downstream", "confluence", "units"],
)
def test_an_altered_vector_is_caught(tmp_path, alter, fact):
    p = _run_js(_altered_copy(tmp_path, "pointy-even-r.vector.json", alter))
    assert p.returncode == 1, p.stdout + p.stderr
    fails = [ln for ln in p.stdout.splitlines() if ln.startswith("FAIL ")]
    assert fails and all(fact in ln for ln in fails), p.stdout
    assert p.stdout.strip().splitlines()[-1].endswith(f" {len(fails)} failed")


def _replays():
    return [
        (p.name, b) for p in VECTORS for b in json.loads(p.read_text(encoding="utf-8")).get("breaches", [])
    ]


def test_breach_replays_cover_the_focused_cases():
    replays = _replays()
    kinds = {e["kind"] for _, b in replays for e in b["output"]["events"]}
    assert kinds == {
        "breach",
        "reservoir",
        "debris",
        "road-cut",
        "swell",
        "on-bridge",
        "surge-attack",
        "stuck-roll",
        "unaffected",
        "flood-roll",
        "flood",
        "bridge-out",
        "stream",
        "left-map",
        "building-destroyed",
    }
    assert len(replays) >= 19 and any(
        b["turns"] is not None and not b["output"]["left_map"] for _, b in replays
    )
    valley = [b for name, b in replays if name == "breach-valley.vector.json" and b["turns"] is None]
    out = {
        e["where"]: e["detail"]["hexsides"]
        for b in valley
        for e in b["output"]["events"]
        if e["kind"] == "bridge-out"
    }
    assert out == {"bridge-at-6": 6}, (
        "the stream bridge 6 hexsides away washes out, the one 7 away never does"
    )
    floods = {
        name: {e["kind"] for e in b["output"]["events"]}
        for name, b in replays
        if name.startswith("breach-valley")
    }
    assert (
        "flood-roll" not in floods["breach-valley.vector.json"]
        and "flood-roll" in floods["breach-valley-random.vector.json"]
    )


def test_a_replay_holds_the_exact_bytes_of_the_command(tmp_path):
    """The stored output re-serialised is the command's output; its sha256 is of those bytes."""
    import hashlib

    name, b = next((n, b) for n, b in _replays() if n == "breach-short-window.vector.json")
    v = json.loads((KIT / "vectors" / name).read_text(encoding="utf-8"))
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "dambuster",
            "surge",
            str((KIT / "vectors" / v["scenario"]).resolve()),
            "--dam",
            b["dam"],
            "--seed",
            str(b["seed"]),
            "--format",
            "json",
        ],
        capture_output=True,
        timeout=60,
    )
    assert p.returncode == 0, p.stderr
    assert hashlib.sha256(p.stdout).hexdigest() == b["sha256"]
    assert (json.dumps(b["output"], indent=2, ensure_ascii=False) + "\n").encode("utf-8") == p.stdout


def test_flood_replays_cover_the_focused_cases():
    floods = [
        (p.name, f) for p in VECTORS for f in json.loads(p.read_text(encoding="utf-8")).get("floods", [])
    ]
    events = [e for _, f in floods for e in f["output"]["events"]]
    assert {e["kind"] for e in events} == {
        "flood-comes",
        "no-flood",
        "out-of-reach",
        "tie",
        "test",
        "bump",
        "carried",
    }
    carried = [e["detail"] for e in events if e["kind"] == "carried"]
    assert any(d["dice"][0] == 6 and len(d["dice"]) > 1 for d in carried), "an exploding six"
    assert any(e["kind"] == "bump" and e["detail"]["knocked_off"] for e in events), (
        "a bump that knocks a model off"
    )
    assert any(len(d["corridors"]) > 1 for d in carried), "a junction passed"
    assert any(
        r["for"].endswith("(1 of 4)") and r["value"] > 4 for e in events for r in e.get("rolls", [])
    ), "a junction die rolled again"
    assert {d["stopped_by"].split()[0] for d in carried if d["stopped_by"]} >= {"grate", "cave-in", "dead"}
    assert any(f["output"]["turn"] is None for _, f in floods)
    assert any(not f["output"]["events"][0].get("rolls") for _, f in floods if f["output"]["turn"] == 1)


@needs_node
@pytest.mark.parametrize(
    "alter, fact",
    [
        (
            lambda f: f["output"]["events"][-1]["detail"].update(
                inches=f["output"]["events"][-1]["detail"]["inches"] + 0.5
            ),
            "flood seed 2: event ",
        ),
        (
            lambda f: f["output"]["models"]["m-intake-a"].update(position=1.0),
            "flood seed 2: everything but the events",
        ),
        (lambda f: f.update(sha256="f" * 64), "flood seed 2: sha256 of the output's bytes"),
    ],
    ids=["inches", "model-position", "bytes"],
)
def test_an_altered_flood_replay_is_caught(tmp_path, alter, fact):
    def alter_vector(v):
        alter(next(f for f in v["floods"] if f["seed"] == 2))

    p = _run_js(_altered_copy(tmp_path, "flood-junctions.vector.json", alter_vector))
    assert p.returncode == 1, p.stdout + p.stderr
    fails = [ln for ln in p.stdout.splitlines() if ln.startswith("FAIL ")]
    assert fails and all(fact in ln for ln in fails), p.stdout


@needs_node
@pytest.mark.parametrize(
    "alter, fact",
    [
        (lambda b: b["output"]["events"][-2].update(step=99), "event "),
        (lambda b: b["output"]["events"].pop(5), "event "),
        (lambda b: b.update(sha256="0" * 64), "sha256 of the output's bytes"),
    ],
    ids=["one-event-changed", "one-event-missing", "bytes"],
)
def test_an_altered_replay_is_caught(tmp_path, alter, fact):
    def alter_vector(v):
        alter(v["breaches"][1])

    p = _run_js(_altered_copy(tmp_path, "breach-valley.vector.json", alter_vector))
    assert p.returncode == 1, p.stdout + p.stderr
    fails = [ln for ln in p.stdout.splitlines() if ln.startswith("FAIL ")]
    assert fails and all("breach dam-1 seed 1" in ln for ln in fails), p.stdout
    assert any(fact in ln for ln in fails), p.stdout


@needs_node
@pytest.mark.parametrize(
    "alter, fact",
    [
        (lambda v: v["violations"][0].update(severity="fatal"), "violation 0 (SCHEMA) is well-formed"),
        (
            lambda v: v["violations"][0]["location"].update(pointer="map/dams"),
            "violation 0 (SCHEMA) is well-formed",
        ),
        (lambda v: v.update(valid=True), "valid when no violation is an error"),
    ],
    ids=["severity", "pointer", "valid"],
)
def test_a_malformed_rule_vector_is_caught(tmp_path, alter, fact):
    p = _run_js(_altered_copy(tmp_path, "hex-off-map.rules.json", alter))
    assert p.returncode == 1 and f"FAIL hex-off-map.rules.json: {fact}" in p.stdout, p.stdout


@needs_node
def test_an_altered_model_point_is_caught_and_rounding_is_not(tmp_path):
    def nudge(by):
        def alter(v):
            v["models"][4]["point"][0] += by

        return alter

    p = _run_js(_altered_copy(tmp_path, "table-sewer.vector.json", nudge(1e-4)))
    assert p.returncode == 1 and "FAIL table-sewer.vector.json: point of model m-third" in p.stdout, p.stdout
    p = _run_js(_altered_copy(tmp_path, "table-sewer.vector.json", nudge(5e-7)))
    assert p.returncode == 0, p.stdout


def test_the_focused_scenarios_break_no_rule():
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "dambuster",
            "validate",
            *map(str, sorted((KIT / "scenarios").glob("*.json"))),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stdout + p.stderr


@needs_node
def test_an_unreadable_scenario_is_an_error_not_a_pass(tmp_path):
    def alter(v):
        v["scenario"] = str(tmp_path / "missing.json")

    p = _run_js(_altered_copy(tmp_path, "flat-odd-q.vector.json", alter))
    assert p.returncode == 2 and "ERROR" in p.stdout, p.stdout + p.stderr


@needs_node
@pytest.mark.skipif(
    not (ROOT / "tests" / "js" / "node_modules" / "ajv").is_dir(),
    reason="tests/js/node_modules is missing (scripts/setup.sh runs npm ci there)",
)
def test_ajv_finds_the_focused_scenarios_valid():
    p = subprocess.run(
        [NODE, str(ROOT / "tests" / "js" / "validate.mjs"), str(KIT / "scenarios")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert p.returncode == 0, p.stdout + p.stderr


def test_the_javascript_reader_needs_no_npm_package():
    mine = {p.name for p in (KIT / "js").glob("*.mjs")}
    assert {"reader.mjs", "run.mjs", "mt19937.mjs", "breach.mjs", "flood.mjs", "pyjson.mjs"} <= mine
    for name in mine:
        text = (KIT / "js" / name).read_text(encoding="utf-8")
        imports = re.findall(r"""^import\b.*?from\s+["']([^"']+)["']""", text, flags=re.M)
        assert all(m.startswith("node:") or m.removeprefix("./") in mine for m in imports), (name, imports)
    assert not (KIT / "js" / "package.json").exists()
