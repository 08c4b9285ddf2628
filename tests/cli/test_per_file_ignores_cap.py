"""per-file-ignores and the 1,000-finding cap of a report: the codes a file's per-file-ignores turn off
are left out before its findings are cut, so a file whose only findings are ignored passes however
many there are (as a global `ignore` does), and the findings that are not ignored are all listed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("dambuster")


def validate(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(SCRIPT), "validate", *args], capture_output=True, text=True, timeout=300, cwd=cwd
    )


@pytest.fixture
def many_findings(tmp_path: Path) -> Path:
    """zig.json: the Aller valley with one more river zig-zagging between 36 hexes of the map: over
    1,300 river findings (RIVER-GAP, RIVER-SPLIT, RIVER-TERRAIN, RIVER-CYCLE) and one DAM-SITE."""
    doc = json.loads((ROOT / "samples" / "ogre-dambusters-valley.json").read_text())
    on_map = sorted(
        {tuple(h) for k in ("rivers", "roads", "rails") for r in doc["map"][k] for h in r["hexes"]}
    )
    picked = on_map[::3][:40]
    hexes = [[*h] for i, a in enumerate(picked) for b in picked[i + 1 :] for h in (a, b)]
    doc["map"]["rivers"].append({"id": "r-zigzag", "hexes": hexes})
    (tmp_path / "zig.json").write_text(json.dumps(doc))
    return tmp_path


def listed(p: subprocess.CompletedProcess) -> list[str]:
    return [v["code"] for v in json.loads(p.stdout)["files"][0]["violations"]]


def test_the_file_is_cut_at_1000_findings_without_settings(many_findings):
    p = validate("--isolated", "--format", "json", "zig.json", cwd=many_findings)
    assert p.returncode == 1
    assert len(listed(p)) == 1001 and listed(p)[-1] == "TRUNCATED"


def test_per_file_ignores_pass_a_file_whose_only_findings_they_ignore(many_findings):
    (many_findings / "dambuster.toml").write_text('[per-file-ignores]\n"zig.json" = ["RIVER-", "DAM-"]\n')
    p = validate("zig.json", cwd=many_findings)
    assert (p.returncode, p.stdout.splitlines()[0], p.stderr) == (0, "zig.json: ok", "")
    # the same verdict as a global ignore
    (many_findings / "dambuster.toml").write_text('ignore = ["RIVER-", "DAM-"]\n')
    assert validate("zig.json", cwd=many_findings).returncode == 0


def test_the_findings_left_after_per_file_ignores_are_all_listed(many_findings):
    (many_findings / "dambuster.toml").write_text(
        'format = "json"\n[per-file-ignores]\n"zig.json" = ["RIVER-GAP"]\n'
    )
    codes = listed(validate("zig.json", cwd=many_findings))
    assert "TRUNCATED" not in codes and "RIVER-GAP" not in codes
    assert {"RIVER-SPLIT", "RIVER-TERRAIN", "DAM-SITE"} <= set(codes) and len(codes) < 1000


def test_a_cached_report_follows_a_change_of_per_file_ignores(many_findings):
    settings = many_findings / "dambuster.toml"
    settings.write_text('cache = "cache.json"\n[per-file-ignores]\n"zig.json" = ["RIVER-", "DAM-"]\n')
    assert validate("zig.json", cwd=many_findings).returncode == 0
    settings.write_text('cache = "cache.json"\n[per-file-ignores]\n"zig.json" = ["RIVER-"]\n')
    p = validate("zig.json", cwd=many_findings)
    assert p.returncode == 1 and "error DAM-SITE" in p.stdout and "RIVER-" not in p.stdout
    assert "cache: 0 unchanged, 1 checked" in p.stderr
    again = validate("zig.json", cwd=many_findings)  # unchanged settings: the cached report
    assert again.returncode == 1 and "cache: 1 unchanged, 0 checked" in again.stderr
    assert again.stdout == p.stdout
