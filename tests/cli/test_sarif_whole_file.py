"""SARIF findings about a whole file (refused, unreadable) carry a region as SARIF2017 asks: Microsoft's
SARIF multitool finds nothing to say about them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dambuster.batch.formats.sarif import whole_file_region

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
SARIF_TOOL = ROOT / "tests" / "sarif" / "node_modules" / ".bin" / "sarif-multitool"


def whole_file_findings(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "utf16.json").write_bytes('{"a": 1}'.encode("utf-16"))
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere.json")
    out = tmp_path / "report.sarif"
    with out.open("w") as f:
        r = subprocess.run(
            [DAMBUSTER, "validate", "pipe.json", "utf16.json", "gone.json", "--format", "sarif"],
            cwd=tmp_path,
            stdout=f,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert r.returncode == 2, r.stderr
    return out


def test_a_finding_about_the_whole_file_has_a_region_and_says_so(tmp_path):
    results = json.loads(whole_file_findings(tmp_path).read_text())["runs"][0]["results"]
    assert len(results) == 3
    for result in results:
        assert result["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}
        assert result["properties"]["wholeFile"] is True


def test_the_region_of_a_readable_file_is_all_its_lines(tmp_path):
    f = tmp_path / "three.json"
    f.write_text('{\n  "a": "é"\n}\n', encoding="utf-8")
    assert whole_file_region(str(f)) == {"startLine": 1, "startColumn": 1, "endLine": 3, "endColumn": 2}
    f.write_text('{\n  "a": "é"', encoding="utf-8")
    assert whole_file_region(str(f)) == {"startLine": 1, "startColumn": 1, "endLine": 2, "endColumn": 11}
    f.write_text("", encoding="utf-8")
    assert whole_file_region(str(f)) == {"startLine": 1}


@pytest.mark.skipif(not SARIF_TOOL.exists(), reason="run `npm ci` in tests/sarif (scripts/setup.sh does)")
def test_microsofts_multitool_has_no_warning_about_whole_file_findings(tmp_path):
    report = whole_file_findings(tmp_path)
    check = tmp_path / "check.sarif"
    proc = subprocess.run(
        [str(SARIF_TOOL), "validate", str(report), "-o", str(check)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert check.exists(), proc.stdout + proc.stderr
    results = json.loads(check.read_text())["runs"][0].get("results", [])
    assert [(r["ruleId"], r["message"].get("id")) for r in results] == []
