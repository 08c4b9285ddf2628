"""`dambuster fmt` as a map collection uses it: files rewritten in the canonical form the editor saves,
in place and atomically; `--check` for CI; broken files said in one line; standard input to standard
output; and the `dambuster-fmt` pre-commit hook run by the real pre-commit."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from precommit_hooks import PRE_COMMIT, shared_hooks

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
SCRIPT = Path(sys.executable).with_name("dambuster")
BASIC = (SAMPLES / "ogre-basic.json").read_bytes()


def fmt(*args: str, stdin: bytes | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(SCRIPT), "fmt", *args], input=stdin, capture_output=True, timeout=120, cwd=cwd)


def squashed(data: bytes) -> bytes:
    """The same scenario on one line, keys in another order: what another tool might write."""
    return json.dumps(dict(reversed(json.loads(data).items()))).encode()


def test_fmt_rewrites_a_file_as_the_editor_saves_it_and_leaves_canonical_files_alone(tmp_path):
    (tmp_path / "maps").mkdir()
    messy, tidy = tmp_path / "maps" / "messy.json", tmp_path / "maps" / "tidy.json"
    messy.write_bytes(squashed(BASIC))
    tidy.write_bytes(BASIC)
    before = tidy.stat().st_mtime_ns
    p = fmt(str(tmp_path / "maps"))
    assert p.returncode == 0, p.stderr
    assert messy.read_bytes() == BASIC
    assert tidy.stat().st_mtime_ns == before  # not rewritten
    assert b"1 file(s) reformatted, 1 already canonical" in p.stderr
    assert not [f for f in os.listdir(tmp_path / "maps") if f.endswith(".tmp")]


def test_fmt_keeps_the_generator_that_wrote_the_file(tmp_path):
    doc = json.loads(BASIC)
    doc["generator"] = "dambuster 0.0.1"
    f = tmp_path / "old.json"
    f.write_text(json.dumps(doc))
    assert fmt(str(f)).returncode == 0
    assert json.loads(f.read_bytes())["generator"] == "dambuster 0.0.1"
    assert fmt("--check", str(f)).returncode == 0  # a newer dambuster does not call it unformatted


def test_check_writes_nothing_lists_what_would_change_and_exits_1(tmp_path):
    messy = tmp_path / "messy.json"
    messy.write_bytes(squashed(BASIC))
    (tmp_path / "tidy.json").write_bytes(BASIC)
    p = fmt("--check", str(tmp_path))
    assert p.returncode == 1
    assert p.stdout.decode().splitlines() == [f"would reformat: {messy}"]
    assert messy.read_bytes() == squashed(BASIC)
    assert fmt("--check", str(tmp_path / "tidy.json")).returncode == 0


def test_a_broken_file_is_one_line_exit_2_and_the_others_are_still_formatted(tmp_path):
    (tmp_path / "cut.json").write_bytes(BASIC[:300])
    messy = tmp_path / "messy.json"
    messy.write_bytes(squashed(BASIC))
    p = fmt(str(tmp_path))
    assert p.returncode == 2
    err = p.stderr.decode().splitlines()
    assert [line for line in err if "cut.json" in line] == [
        next(line for line in err if line.startswith(f"dambuster fmt: {tmp_path / 'cut.json'}: line "))
    ]
    assert "is it cut short? (JSON)" in p.stderr.decode() and "Traceback" not in p.stderr.decode()
    assert messy.read_bytes() == BASIC
    assert (tmp_path / "cut.json").read_bytes() == BASIC[:300]


def test_a_missing_path_is_one_line_exit_2(tmp_path):
    p = fmt(str(tmp_path / "nope.json"))
    assert p.returncode == 2
    assert (
        p.stderr.decode().splitlines()[0]
        == f"dambuster fmt: {tmp_path / 'nope.json'}: no such file or folder"
    )


def test_scenarios_only_skips_json_that_is_not_a_scenario(tmp_path):
    (tmp_path / "settings.json").write_bytes(b'{\n  // a comment\n  "a": 1,\n}\n')
    (tmp_path / "map.json").write_bytes(BASIC)
    assert fmt(str(tmp_path)).returncode == 2
    p = fmt("--scenarios-only", str(tmp_path))
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "settings.json").read_bytes() == b'{\n  // a comment\n  "a": 1,\n}\n'


def test_stdin_is_written_canonical_to_stdout(tmp_path):
    p = fmt("-", stdin=squashed(BASIC))
    assert p.returncode == 0 and p.stdout == BASIC
    assert fmt("--check", "-", stdin=squashed(BASIC)).returncode == 1
    assert fmt("--check", "-", stdin=BASIC).returncode == 0
    bad = fmt("-", stdin=b"{")
    assert bad.returncode == 2 and bad.stdout == b""
    assert bad.stderr.decode().startswith("dambuster fmt: -: ") and len(bad.stderr.splitlines()) == 1


def test_a_file_name_cannot_add_lines_to_the_output(tmp_path):
    evil = tmp_path / "a\nwould reformat: x.json"
    evil.write_bytes(squashed(BASIC))
    p = fmt("--check", str(evil))
    assert p.returncode == 1
    assert len(p.stdout.splitlines()) == 1 and b"\\n" in p.stdout


# ------------------------------------------------------------------------------ pre-commit
@pytest.mark.slow
@pytest.mark.skipif(not PRE_COMMIT.exists() or not shutil.which("git"), reason="needs pre-commit and git")
def test_the_pre_commit_hook_reformats_staged_scenarios_and_skips_other_json(tmp_path, tmp_path_factory):
    repo = tmp_path / "maps-repo"
    (repo / "maps").mkdir(parents=True)
    (repo / "maps" / "messy.json").write_bytes(squashed(BASIC))
    (repo / "tsconfig.json").write_bytes(b'{"compilerOptions": {}}')
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org")
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    # as `pre-commit try-repo ROOT dambuster-fmt --all-files` runs it, the environment shared by the run
    p = shared_hooks(tmp_path_factory).run(repo, "dambuster-fmt", timeout=600)
    assert p.returncode == 1, p.stdout + p.stderr  # files were modified by this hook
    assert "files were modified by this hook" in p.stdout
    assert (repo / "maps" / "messy.json").read_bytes() == BASIC
    assert (repo / "tsconfig.json").read_bytes() == b'{"compilerOptions": {}}'
