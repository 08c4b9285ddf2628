"""Saving never destroys work: whatever goes wrong mid-save, the file on disk is the old one, whole.

Failures are injected where a real disk fails (fsync, the final rename) and, for real, by SIGKILLing
a process that is saving a large scenario over and over.
"""

from __future__ import annotations

import math
import os
import random
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from strategies import rich_hex_scenario, rich_table_scenario

from dambuster.model import load, new_hex_scenario, save
from dambuster.model.io import dumps
from dambuster.model.scenario import Unit

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def saved(tmp_path) -> tuple[Path, bytes]:
    """A folder holding one saved scenario; returns its path and bytes."""
    target = tmp_path / "scenario.json"
    save(rich_hex_scenario(), target)
    return target, target.read_bytes()


def _changed():
    s = rich_hex_scenario()
    s.meta.title = "A newer version"
    return s


def _boom(*args, **kwargs):
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_failed_save_leaves_old_file_and_no_temp_files(saved, monkeypatch, failing):
    target, before = saved
    monkeypatch.setattr(os, failing, _boom)
    with pytest.raises(OSError, match="No space left"):
        save(_changed(), target)
    monkeypatch.undo()
    assert target.read_bytes() == before
    assert [p.name for p in target.parent.iterdir()] == [target.name]
    assert load(target) == rich_hex_scenario()


def test_failed_first_save_creates_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fsync", _boom)
    with pytest.raises(OSError):
        save(rich_table_scenario(), tmp_path / "new.json")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_scenario_that_cannot_be_written_leaves_old_file(saved):
    target, before = saved
    broken = rich_table_scenario()
    broken.map.width = math.nan  # not representable in strict JSON
    with pytest.raises(ValueError):
        save(broken, target)
    assert target.read_bytes() == before
    assert [p.name for p in target.parent.iterdir()] == [target.name]


def test_successful_save_replaces_the_file_and_leaves_no_temp_files(saved):
    target, before = saved
    save(_changed(), target)
    assert target.read_bytes() == dumps(_changed()).encode("utf-8") != before
    assert [p.name for p in target.parent.iterdir()] == [target.name]


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o444])
def test_file_mode_is_preserved(saved, mode):
    target, _ = saved
    target.chmod(mode)
    save(_changed(), target)
    assert stat.S_IMODE(target.stat().st_mode) == mode


def test_new_file_gets_ordinary_permissions(tmp_path):
    target = tmp_path / "fresh.json"
    save(rich_hex_scenario(), target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_saving_through_a_symlink_updates_the_linked_file(saved):
    target, _ = saved
    link = target.parent / "link.json"
    link.symlink_to(target.name)
    save(_changed(), link)
    assert link.is_symlink()
    assert load(target).meta.title == "A newer version"


# ---------------------------------------------------------------------- SIGKILL mid-save
VERSIONS = 3


def big_scenario(version: int):
    """A 600 x 600 hex map with 10,000 units (a file of ~2 MB); each version differs throughout."""
    s = new_hex_scenario(600, 600, title=f"version {version}")
    cells = s.map.terrain.cells
    for i in range(version, len(cells), 7 + version):
        cells[i] = (i + version) % 5
    s.sides = rich_hex_scenario().sides
    layout = s.map.layout
    s.units = [
        Unit(f"u{version}-{i}", "infantry", "blue", layout.to_axial(i % 600, i // 600)) for i in range(10_000)
    ]
    return s


def child_loop(target: str, *version_files: str) -> None:
    """Run in the child: write the versions in turn, for ever (until killed). The bytes are made once,
    so nearly all the time goes to the save itself: temp file, write, fsync, rename."""
    from dambuster.model.io import write_atomic

    versions = [Path(p).read_bytes() for p in version_files]
    n = 0
    while True:
        write_atomic(Path(target), versions[n % len(versions)])
        if n == 0:
            print("saving", flush=True)
        n += 1


@pytest.mark.slow
def test_killed_save_leaves_a_complete_version(tmp_path):
    versions = tmp_path / "versions"
    versions.mkdir()
    files = []
    for v in range(VERSIONS):
        files.append(versions / f"v{v}.json")
        save(big_scenario(v), files[-1])
    expected = {f.read_bytes() for f in files}
    folder = tmp_path / "work"
    folder.mkdir()
    target = folder / "big.json"
    target.write_bytes(files[0].read_bytes())
    rng = random.Random()
    args = ", ".join(repr(str(p)) for p in (target, *files))
    code = f"import sys; sys.path.insert(0, {str(TESTS)!r}); from test_save_atomic import child_loop; child_loop({args})"
    for _ in range(4):
        child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        try:
            assert child.stdout.readline().strip() == "saving"
            time.sleep(rng.uniform(0.0, 0.2))  # a random moment inside the save loop
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
            child.stdout.close()
        assert target.read_bytes() in expected  # one complete version, byte for byte
        # a kill can leave the one temp file it interrupted, named so that no *.json scan picks it up
        strays = [p.name for p in folder.iterdir() if p != target]
        assert all(n.startswith(".big.json.") and n.endswith(".tmp") for n in strays), strays
    assert load(target).meta.title.startswith("version ")
