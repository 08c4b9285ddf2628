"""The invalid-file corpus: each broken file is refused with exit 2 and exactly its expected report."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dambuster.cli import main

ROOT = Path(__file__).resolve().parent.parent
INVALID = ROOT / "samples" / "invalid"
NAMES = sorted(
    p.name[: -len(".json")] for p in INVALID.glob("*.json") if not p.name.endswith(".expected.json")
)

#: The kinds of load error the corpus must cover (the file names are the kinds).
REQUIRED = {
    "truncated",
    "nan",
    "infinity",
    "duplicate-key",
    "integer-30-digits",
    "bom",
    "utf16",
    "version-2",
    "missing-format-version",
    "missing-required",
    "wrong-type",
    "integer-out-of-range",
    "unknown-property",
    "hexside-d4",
    "hex-off-map",
    "dangling-reference",
    "duplicate-id",
    "terrain-row-length",
    "self-intersecting-polygon",
    "zero-length-river",
    "model-past-corridor-end",
    "damage-over-sp",
    "flat-odd-r",
}


def test_the_corpus_covers_every_required_kind():
    assert set(NAMES) >= REQUIRED
    for name in NAMES:
        assert (INVALID / f"{name}.expected.json").is_file(), name


@pytest.mark.parametrize("name", NAMES)
def test_invalid_file_gives_exit_2_and_its_expected_report(name, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    rc = main(["validate", "--format", "json", f"samples/invalid/{name}.json"])
    out = capsys.readouterr().out
    assert rc == 2
    assert out == (INVALID / f"{name}.expected.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_the_report_names_one_plain_problem(name):
    (entry,) = json.loads((INVALID / f"{name}.expected.json").read_text(encoding="utf-8"))["files"]
    assert entry["valid"] is False
    assert len(entry["violations"]) == 1, entry["violations"]
    (v,) = entry["violations"]
    assert v["code"] in ("JSON", "SCHEMA") and v["severity"] == "error"
    assert v["location"]["pointer"] == "" or v["location"]["pointer"].startswith("/")
    message = v["message"]
    assert 10 <= len(message) <= 200 and "Traceback" not in message and "{" not in message


POINTERS = {
    "nan": "/map/dams/0/sp",
    "infinity": "/turn_limit",
    "integer-30-digits": "/turn_limit",
    "duplicate-key": "/meta",
    "missing-required": "/meta",
    "wrong-type": "/map/columns",
    "integer-out-of-range": "/map/columns",
    "unknown-property": "/sides/0",
    "hexside-d4": "/map/hexsides/0/side/2",
    "hex-off-map": "/map/dams/0/hex",
    "dangling-reference": "/map/dams/0/river",
    "duplicate-id": "/map/dams/0/id",
    "terrain-row-length": "/map/terrain/rows/2",
    "self-intersecting-polygon": "/map/areas/0/polygon",
    "zero-length-river": "/map/rivers/0/line",
    "model-past-corridor-end": "/map/sewer/models/0/position",
    "damage-over-sp": "/map/dams/0/damage",
    "flat-odd-r": "/map/offset",
    "version-2": "/format_version",
}


@pytest.mark.parametrize("name", sorted(POINTERS))
def test_the_report_points_at_the_culprit(name):
    (entry,) = json.loads((INVALID / f"{name}.expected.json").read_text(encoding="utf-8"))["files"]
    assert entry["violations"][0]["location"]["pointer"] == POINTERS[name]


def test_the_installed_command_refuses_the_whole_folder_with_exit_2():
    proc = subprocess.run(
        [sys.executable, "-m", "dambuster", "validate", "--format", "json", "samples/invalid"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    report = json.loads(proc.stdout)
    got = {f["path"]: f for f in report["files"]}
    assert len(got) == len(NAMES)
    for name in NAMES:
        (expected,) = json.loads((INVALID / f"{name}.expected.json").read_text(encoding="utf-8"))["files"]
        assert got[f"samples/invalid/{name}.json"] == expected
