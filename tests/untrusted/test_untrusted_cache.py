"""`dambuster validate --cache FILE` with a cache file from a stranger: it can speed a run up, never lie.

Each test runs the installed command as CI would. The cache key lives in the XDG cache folder, which
tests/conftest.py points at a throwaway folder; a test that plays "another machine" gives its own.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
DAMBUSTER = str(Path(sys.executable).with_name("dambuster"))
HANG = 120  # seconds: only turns a hang into a failure


def validate(*args, env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [DAMBUSTER, "validate", "--format", "json", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=HANG,
        env={**os.environ, **(env or {})},
        cwd=cwd,
    )


def warnings(r: subprocess.CompletedProcess) -> list[str]:
    return [
        line for line in r.stderr.splitlines() if "cache" in line and not line.startswith("dambuster: cache:")
    ]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def maps(tmp_path) -> Path:
    """A valid map and a map that loads but breaks a rule (two tanks in one hex), in maps/."""
    folder = tmp_path / "maps"
    folder.mkdir()
    shutil.copy(SAMPLES / "ogre-basic.json", folder / "good.json")
    doc = json.loads((SAMPLES / "ogre-basic.json").read_text())
    doc["units"][1]["hex"] = doc["units"][0]["hex"]  # STACK-LIMIT
    (folder / "rules.json").write_text(json.dumps(doc))
    return folder


def forge(cache: Path, path: Path, report: dict | None = None, mac: str | None = "0" * 64) -> None:
    """Rewrites the entry of ``path`` to say "valid" for the file's current bytes (as a pull request could)."""
    doc = json.loads(cache.read_text())
    entry = {
        "sha256": sha256(path),
        "options": next(iter(doc["entries"].values()))["options"],
        "report": report or {"load_error": False, "checked": [], "violations": []},
    }
    if mac is not None:
        entry["mac"] = mac
    doc["entries"][str(path)] = entry
    cache.write_text(json.dumps(doc))


@pytest.mark.slow
def test_a_forged_valid_entry_does_not_hide_a_broken_map(maps, tmp_path):
    cache = tmp_path / "cache.json"
    assert validate(maps / "good.json", "--cache", cache).returncode == 0
    good = maps / "good.json"
    good.write_bytes(good.read_bytes()[:500])  # cut short
    forge(cache, good)
    r = validate(good, "--cache", cache)
    assert r.returncode == 2
    assert json.loads(r.stdout)["files"][0]["violations"][0]["code"] == "JSON"
    assert len(warnings(r)) == 1 and "not signed with this machine's key" in warnings(r)[0]
    assert "0 unchanged, 1 checked" in r.stderr


@pytest.mark.slow
def test_a_forged_entry_does_not_hide_rule_findings(maps, tmp_path):
    cache = tmp_path / "cache.json"
    assert validate(maps, "--cache", cache).returncode == 1
    forge(cache, maps / "rules.json")
    r = validate(maps, "--cache", cache)
    assert r.returncode == 1
    assert "1 unchanged, 1 checked" in r.stderr


def test_entries_signed_with_the_wrong_key_or_copied_from_another_file_are_not_believed(maps, tmp_path):
    cache = tmp_path / "cache.json"
    validate(maps, "--cache", cache)
    doc = json.loads(cache.read_text())
    good, bad = doc["entries"][str(maps / "good.json")], doc["entries"][str(maps / "rules.json")]
    bad["report"] = good["report"]  # the good map's signed report, moved onto the broken one
    bad["mac"] = good["mac"]
    cache.write_text(json.dumps(doc))
    r = validate(maps, "--cache", cache)
    assert r.returncode == 1 and "1 unchanged, 1 checked" in r.stderr


def test_a_cache_from_another_machine_is_checked_again(maps, tmp_path):
    cache = tmp_path / "cache.json"
    validate(maps, "--cache", cache, env={"XDG_CACHE_HOME": str(tmp_path / "other-machine")})
    r = validate(maps, "--cache", cache)
    assert r.returncode == 1 and "0 unchanged, 2 checked" in r.stderr
    assert len(warnings(r)) == 1 and "dropped 2 of the entries" in warnings(r)[0]
    r = validate(maps, "--cache", cache)  # rewritten with this machine's key
    assert "2 unchanged, 0 checked" in r.stderr and not warnings(r)


@pytest.mark.parametrize(
    "damage",
    [
        {"location": "/map"},
        {"code": 7},
        {"witness": [1, 2]},
    ],
)
def test_wrongly_shaped_entries_are_dropped_with_one_warning(maps, tmp_path, damage):
    cache = tmp_path / "cache.json"
    reference = validate(maps)
    validate(maps, "--cache", cache)
    doc = json.loads(cache.read_text())
    for entry in doc["entries"].values():
        entry["report"]["violations"] = [
            {
                "message": "m",
                "code": "X",
                "severity": "error",
                "location": {},
                "witness": None,
                "profile": None,
                **damage,
            }
        ]
    cache.write_text(json.dumps(doc))
    r = validate(maps, "--cache", cache)
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr
    assert (r.returncode, r.stdout) == (reference.returncode, reference.stdout)
    assert len(warnings(r)) == 1 and "dropped 2 of the entries in the cache" in warnings(r)[0]
    assert "2 malformed" in warnings(r)[0]
    assert not warnings(validate(maps, "--cache", cache))  # rewritten clean


@pytest.mark.parametrize(
    "junk",
    [
        b"[" * 100_000 + b"]" * 100_000,
        b'{"format": "dambuster-validate-cache", "version": 2, "tool": "x", "entries": ' + b"[" * 100_000,
        b'{"format": "dambuster-validate-cache", "version": 2, "tool": "x", "entries": [], "entries": {}}',
        b"\xff\xfe{\x00}\x00",
        b"",
    ],
)
def test_a_cache_that_cannot_be_parsed_is_ignored_with_one_warning(maps, tmp_path, junk):
    cache = tmp_path / "cache.json"
    cache.write_bytes(junk)
    r = validate(maps, "--cache", cache, "--force")  # --force: some of these are no cache at all (below)
    assert r.returncode == 1 and "Traceback" not in r.stderr and "internal error" not in r.stderr
    assert len(warnings(r)) == 1 and "ignoring the cache" in warnings(r)[0]
    assert "2 unchanged" in validate(maps, "--cache", cache).stderr


@pytest.mark.slow
def test_concurrent_runs_sharing_a_cache_keep_every_entry(tmp_path):
    folders = []
    for i in range(6):
        folder = tmp_path / f"part{i}"
        folder.mkdir()
        for name in ("ogre-basic.json", "dbm-table.json"):
            doc = json.loads((SAMPLES / name).read_text())
            doc["meta"]["title"] = f"{name} {i}"  # no two files alike
            (folder / name).write_text(json.dumps(doc))
        folders.append(folder)
    cache = tmp_path / "cache.json"
    runs = [
        subprocess.Popen(
            [DAMBUSTER, "validate", str(f), "--cache", str(cache)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for f in folders
    ]
    for p in runs:
        _, err = p.communicate(timeout=HANG)
        assert p.returncode == 0, err
        assert "0 unchanged, 2 checked" in err
    entries = json.loads(cache.read_text())["entries"]
    assert sorted(entries) == sorted(
        str(f / n) for f in folders for n in ("dbm-table.json", "ogre-basic.json")
    )
    assert "12 unchanged, 0 checked" in validate(*folders, "--cache", cache).stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "cache.json",
        *(f.name for f in folders),
    ]  # no lock left


def test_a_run_with_nothing_new_leaves_the_cache_file_alone(maps, tmp_path):
    cache = tmp_path / "cache.json"
    validate(maps, "--cache", cache)
    before = cache.stat()
    assert "2 unchanged" in validate(maps, "--cache", cache).stderr
    after = cache.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_a_symbolic_link_at_the_cache_path_is_never_written_through(maps, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    (tmp_path / "cache.json").symlink_to(victim)
    r = validate(maps, "--cache", tmp_path / "cache.json")
    assert r.returncode == 1 and len(warnings(r)) == 1 and "symbolic link" in warnings(r)[0]
    assert victim.read_text() == "keep me\n"


def test_a_fifo_at_the_cache_path_is_refused_without_hanging(maps, tmp_path):
    os.mkfifo(tmp_path / "cache.json")
    r = validate(maps, "--cache", tmp_path / "cache.json")
    assert r.returncode == 1 and len(warnings(r)) == 1 and "FIFO" in warnings(r)[0]
    assert (tmp_path / "cache.json").is_fifo()


def test_without_a_place_for_the_key_the_run_goes_on_uncached(maps, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    r = validate(maps, "--cache", tmp_path / "cache.json", env={"XDG_CACHE_HOME": str(blocker)})
    assert r.returncode == 1 and len(warnings(r)) == 1 and "cannot keep the cache key" in warnings(r)[0]
    assert not (tmp_path / "cache.json").exists()


def test_the_key_is_private_and_outside_the_checkout(maps, tmp_path):
    home = tmp_path / "xdg"
    validate(maps, "--cache", tmp_path / "cache.json", env={"XDG_CACHE_HOME": str(home)})
    key = home / "dambuster" / "cache-key"
    assert key.stat().st_mode & 0o077 == 0
    assert key.read_text() not in (tmp_path / "cache.json").read_text()


def test_in_ci_a_cache_inside_a_git_work_tree_is_warned_about(maps, tmp_path):
    (tmp_path / ".git").mkdir()
    r = validate(maps, "--cache", tmp_path / "cache.json", env={"CI": "true"})
    assert r.returncode == 1
    assert len(warnings(r)) == 1 and "inside the git work tree" in warnings(r)[0]
    assert not warnings(validate(maps, "--cache", tmp_path / "cache.json", env={"CI": ""}))


@pytest.mark.slow
def test_a_file_name_that_is_not_utf8_is_checked_but_not_cached(maps, tmp_path):
    odd = os.path.join(os.fsencode(maps), b"caf\xe9.json")
    shutil.copy(SAMPLES / "ogre-basic.json", odd)
    cache = tmp_path / "cache.json"
    r = validate(maps, "--cache", cache)
    assert r.returncode == 1 and "internal error" not in r.stderr, r.stderr
    assert "2 unchanged, 1 checked" in validate(maps, "--cache", cache).stderr


def test_a_run_waits_for_a_stuck_lock_holder_only_so_long(tmp_path):
    from dambuster.batch.cache.lock import LockTimeout, lock_path, locked

    cache = tmp_path / "cache.json"
    with locked(cache), pytest.raises(LockTimeout, match="another run has held"), locked(cache, wait=0.2):
        pass
    assert not lock_path(cache).exists()


@pytest.mark.parametrize(
    "victim",
    [
        b"#!/bin/sh\necho hello\n",  # ~/.bashrc, a script, a map: anything a --cache or a settings file names
        b'{"format_version": "1.0"}',
        b"[" * 100_000 + b"]" * 100_000,
        b"\xff\xfe{\x00}\x00",
    ],
)
def test_a_file_that_is_no_cache_is_never_replaced_without_force(maps, tmp_path, victim):
    target = tmp_path / "victim"
    target.write_bytes(victim)
    r = validate(maps, "--cache", target)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.splitlines() == [r.stderr.strip()] and "is not a dambuster cache" in r.stderr
    assert "--force" in r.stderr and target.read_bytes() == victim
    forced = validate(maps, "--cache", target, "--force")
    assert forced.returncode == 1 and json.loads(target.read_text())["format"] == "dambuster-validate-cache"


def test_a_settings_file_cannot_turn_the_cache_on_a_map(maps, tmp_path):
    """A pull request adds `cache = "maps/good.json"`: the map is not replaced, the run says why."""
    (tmp_path / "dambuster.toml").write_text('cache = "maps/good.json"\n')
    before = (maps / "good.json").read_bytes()
    r = validate(maps, cwd=tmp_path)
    assert r.returncode == 2 and "is not a dambuster cache" in r.stderr
    assert (maps / "good.json").read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="owners and modes")
@pytest.mark.parametrize(
    "loosen, said",
    [
        (lambda key: key.chmod(0o644), "is open to other users (mode 0644)"),
        (lambda key: key.chmod(0o620), "is open to other users (mode 0620)"),
        (lambda key: key.parent.chmod(0o777), "is open to other users (mode 0777)"),
        (lambda key: key.parent.chmod(0o770), "is open to other users (mode 0770)"),
        (lambda key: (key.unlink(), key.symlink_to(key.with_name("elsewhere"))), "is a symbolic link"),
    ],
)
def test_a_loose_key_is_refused_as_ssh_refuses_one(maps, tmp_path, loosen, said):
    """Another account that can write (or read) the key or its folder could forge entries: the run goes on
    without the cache, with one warning line saying what to fix, and the key is left as it is."""
    xdg = {"XDG_CACHE_HOME": str(tmp_path / "xdg")}
    cache = tmp_path / "cache.json"
    assert validate(maps, "--cache", cache, env=xdg).returncode == 1
    key = tmp_path / "xdg" / "dambuster" / "cache-key"
    key.with_name("elsewhere").write_text(key.read_text())
    loosen(key)
    kept = key.read_bytes()
    r = validate(maps, "--cache", cache, env=xdg)
    assert r.returncode == 1 and said in r.stderr and "running without the cache" in r.stderr
    assert len(warnings(r)) == 1 and "unchanged" not in r.stderr
    assert key.read_bytes() == kept


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a file away")
def test_a_key_or_folder_of_another_user_is_refused_and_never_replaced(maps, tmp_path):
    xdg = {"XDG_CACHE_HOME": str(tmp_path / "xdg")}
    folder = tmp_path / "xdg" / "dambuster"
    folder.mkdir(parents=True, mode=0o700)
    (folder / "cache-key").write_text("not a key\n")  # planted: damaged, and not ours
    os.chown(folder / "cache-key", 1000, 1000)
    (folder / "cache-key").chmod(0o600)
    r = validate(maps, "--cache", tmp_path / "cache.json", env=xdg)
    assert r.returncode == 1 and "belongs to another user (uid 1000)" in r.stderr
    assert (folder / "cache-key").read_text() == "not a key\n"
    os.chown(folder, 1000, 1000)
    (folder / "cache-key").unlink()
    r = validate(maps, "--cache", tmp_path / "cache.json", env=xdg)
    assert "belongs to another user (uid 1000)" in r.stderr and not (folder / "cache-key").exists()


def test_a_damaged_key_in_the_users_own_folder_is_replaced(maps, tmp_path):
    xdg = {"XDG_CACHE_HOME": str(tmp_path / "xdg")}
    folder = tmp_path / "xdg" / "dambuster"
    folder.mkdir(parents=True, mode=0o700)
    (folder / "cache-key").write_text("not a key\n")
    (folder / "cache-key").chmod(0o600)
    r = validate(maps, "--cache", tmp_path / "cache.json", env=xdg)
    assert r.returncode == 1 and not warnings(r)
    assert len((folder / "cache-key").read_text().strip()) == 64
