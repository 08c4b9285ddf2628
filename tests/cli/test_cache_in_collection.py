"""A cache kept inside the collection (`cache = ".dambuster-cache.json"`, as docs/batch.md shows): every
command that walks a folder passes it by, a cache named on the command line is still refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("dambuster")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=300, cwd=cwd)


@pytest.fixture
def collection(tmp_path: Path) -> Path:
    """map.json (valid, canonical) and the cache its settings keep beside it, written by a validate run."""
    (tmp_path / "map.json").write_bytes((ROOT / "samples" / "ogre-basic.json").read_bytes())
    assert run("fmt", "map.json", cwd=tmp_path).returncode == 0
    (tmp_path / "dambuster.toml").write_text('cache = ".dambuster-cache.json"\n')
    first = run("validate", ".", cwd=tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    assert (tmp_path / ".dambuster-cache.json").read_text().startswith('{"format":"dambuster-validate-cache"')
    return tmp_path


def test_validate_and_fmt_over_the_folder_see_only_the_maps(collection):
    again = run("validate", ".", cwd=collection)
    assert again.returncode == 0 and "cache: 1 unchanged, 0 checked" in again.stderr
    isolated = run("validate", "--isolated", ".", cwd=collection)
    assert (isolated.returncode, isolated.stderr) == (0, "")
    assert isolated.stdout.splitlines() == ["./map.json: ok", "1 file(s) checked, 0 with errors"]
    fmt = run("fmt", "--check", ".", cwd=collection)
    assert fmt.returncode == 0, fmt.stderr
    assert "cache" not in fmt.stderr and "1 already canonical" in fmt.stderr


def test_site_publishes_no_card_for_the_cache(collection, tmp_path_factory):
    out = tmp_path_factory.mktemp("pages") / "site"
    p = run("site", ".", "-o", str(out), cwd=collection)
    assert p.returncode == 0, p.stderr
    assert sorted(f.name for f in (out / "maps").iterdir()) == ["map.html", "map.json"]
    assert "cache" not in (out / "index.html").read_text()


def test_a_cache_under_another_name_in_a_sub_folder_is_passed_by_too(collection):
    (collection / "old").mkdir()
    (collection / "old" / "notes.json").write_bytes((collection / ".dambuster-cache.json").read_bytes())
    p = run("validate", "--isolated", ".", cwd=collection)
    assert p.returncode == 0 and "notes.json" not in p.stdout + p.stderr


def test_a_cache_named_on_the_command_line_is_refused_as_not_a_scenario(collection):
    for command in (["validate", "--isolated"], ["fmt", "--check"]):
        p = run(*command, ".dambuster-cache.json", cwd=collection)
        assert p.returncode == 2
        assert ".dambuster-cache.json: missing format_version" in p.stderr


def test_an_empty_json_file_in_the_folder_is_still_reported(collection):
    (collection / "empty.json").write_bytes(b"")
    p = run("validate", "--isolated", ".", cwd=collection)
    assert p.returncode == 2 and "empty.json" in p.stderr
