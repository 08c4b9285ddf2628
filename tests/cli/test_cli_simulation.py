"""The surge and flood previews are reachable from the `dambuster` command itself."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VALLEY = ROOT / "samples" / "ogre-dambusters-valley.json"
SEWER = ROOT / "samples" / "sewer-flash-flood.json"


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "dambuster", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


@pytest.mark.slow
def test_surge_is_a_subcommand_and_the_same_seed_gives_the_same_bytes():
    dam = json.loads(VALLEY.read_text())["map"]["dams"][0]["id"]
    first = run("surge", str(VALLEY), "--dam", dam, "--seed", "11", "--format", "json")
    second = run("surge", str(VALLEY), "--dam", dam, "--seed", "11", "--format", "json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert json.loads(first.stdout)


def test_flood_is_a_subcommand():
    r = run("flood", str(SEWER), "--seed", "5")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip()


def test_unknown_dam_is_one_line_and_exit_2():
    r = run("surge", str(VALLEY), "--dam", "no-such-dam")
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr
