"""A stranger's river that makes the same jump thousands of times: one RIVER-GAP finding per jump
(same from and to hexes) saying how many times, not one line per repetition and a TRUNCATED note."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("dambuster")


def river_file(tmp_path: Path, hexes: list[list[int]]) -> Path:
    doc = json.loads((ROOT / "samples" / "ogre-dambusters-valley.json").read_text())
    doc["map"]["rivers"].append({"id": "r-alt", "hexes": hexes})
    path = tmp_path / "alt.json"
    path.write_text(json.dumps(doc))
    return path


def gap_lines(path: Path) -> list[str]:
    p = subprocess.run(
        [str(SCRIPT), "validate", "--isolated", path.name],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=path.parent,
    )
    assert p.returncode == 1 and "TRUNCATED" not in p.stdout, p.stdout[-500:]
    return [line.split("RIVER-GAP: ", 1)[1] for line in p.stdout.splitlines() if "RIVER-GAP" in line]


def test_the_same_jump_repeated_5000_times_is_one_finding_each_way(tmp_path):
    path = river_file(tmp_path, [[0, 0], [5, 5]] * 5000)
    assert gap_lines(path) == [
        "river r-alt jumps 10 hexes from 0101 to 0608 (5,000 times) (hex 0608)",
        "river r-alt jumps 10 hexes from 0608 to 0101 (4,999 times) (hex 0101)",
    ]


def test_different_jumps_and_a_run_of_repeats_are_each_their_own_finding(tmp_path):
    path = river_file(tmp_path, [[0, 0], [5, 5], [5, 5], [5, 5], [0, 0], [0, 3]])
    assert gap_lines(path) == [
        "river r-alt jumps 10 hexes from 0101 to 0608 (hex 0608)",
        "river r-alt repeats 0608 2 times in a row (hex 0608)",
        "river r-alt jumps 10 hexes from 0608 to 0101 (hex 0101)",
        "river r-alt jumps 3 hexes from 0101 to 0104 (hex 0104)",
    ]


def test_the_json_report_counts_the_repetitions(tmp_path):
    path = river_file(tmp_path, [[0, 0], [5, 5]] * 3)
    p = subprocess.run(
        [str(SCRIPT), "validate", "--isolated", "--format", "json", path.name],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    gaps = [v for v in json.loads(p.stdout)["files"][0]["violations"] if v["code"] == "RIVER-GAP"]
    assert [(g["location"]["pointer"], g["witness"]["times"]) for g in gaps] == [
        ("/map/rivers/2/hexes/1", 3),
        ("/map/rivers/2/hexes/2", 2),
    ]
