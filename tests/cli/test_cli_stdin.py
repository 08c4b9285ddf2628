"""`-` reads standard input, as Unix tools do: validate (in any report format, with line numbers),
export-tiled, import-tiled, export-geojson and player-view; bounded like a file, never a hang."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")


def run(args: list[str], stdin: bytes, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([DAMBUSTER, *args], input=stdin, capture_output=True, timeout=120, cwd=cwd)


def test_validate_reads_a_scenario_from_standard_input_beside_files():
    p = run(["validate", "-", str(SAMPLES / "dbm-table.json")], (SAMPLES / "ogre-basic.json").read_bytes())
    assert p.returncode == 0
    assert p.stdout.decode().splitlines()[:2] == ["-: ok", f"{SAMPLES / 'dbm-table.json'}: ok"]


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif", "junit"])
def test_a_broken_scenario_on_standard_input_is_reported_as_dash_with_its_line(fmt):
    p = run(["validate", "-", "--format", fmt], (SAMPLES / "invalid" / "damage-over-sp.json").read_bytes())
    assert p.returncode == 2
    assert p.stderr.decode().startswith("dambuster: -: /map/dams/0/damage: damage 60 is more than")
    out = p.stdout.decode()
    if fmt == "json":
        assert json.loads(out)["files"][0]["path"] == "-"
    if fmt == "github":
        assert out.startswith("::error file=-,line=")
    if fmt == "sarif":
        result = json.loads(out)["runs"][0]["results"][0]
        assert result["locations"][0]["physicalLocation"]["region"]["startLine"] > 1


def test_standard_input_is_bounded_like_a_file():
    p = run(["validate", "-"], b" " * (32 * 1024 * 1024 + 1))
    assert p.returncode == 2
    assert (
        p.stderr.decode().strip() == "dambuster validate: -: standard input holds more than the 32 MB limit"
    )


def test_standard_input_can_be_named_once():
    p = run(["validate", "-", "-"], b"{}")
    assert p.returncode == 2 and "standard input (-) can be named once" in p.stderr.decode()


def test_export_and_import_tiled_through_pipes(tmp_path):
    p = run(["export-tiled", "-", "-o", "map.tmj"], (SAMPLES / "ogre-basic.json").read_bytes(), cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    p = run(["import-tiled", "-"], (tmp_path / "map.tmj").read_bytes())
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["meta"] == json.loads((SAMPLES / "ogre-basic.json").read_text())["meta"]


def test_export_tiled_from_standard_input_needs_a_name_to_write(tmp_path):
    p = run(["export-tiled", "-"], (SAMPLES / "ogre-basic.json").read_bytes(), cwd=tmp_path)
    assert p.returncode == 2 and "name the map to write with -o" in p.stderr.decode()
    assert list(tmp_path.iterdir()) == []


def test_export_geojson_and_player_view_read_standard_input():
    geo = run(["export-geojson", "-"], (SAMPLES / "dbm-table.json").read_bytes())
    assert geo.returncode == 0 and json.loads(geo.stdout)["type"] == "FeatureCollection"
    view = run(
        ["player-view", "-", "--side", "combine"], (SAMPLES / "ogre-dambusters-valley.json").read_bytes()
    )
    assert view.returncode == 0 and json.loads(view.stdout)["meta"]["title"]
