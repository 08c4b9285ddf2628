"""The contributor set-up refuses a commit whose subject is longer than 72 characters: the commit-msg
hook of .pre-commit-config.yaml runs gitlint with the repository's .gitlint."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
GITLINT = Path(sys.executable).with_name("gitlint")


def _hook() -> dict:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    assert "commit-msg" in config["default_install_hook_types"]  # `pre-commit install` installs it
    return next(h for repo in config["repos"] for h in repo["hooks"] if h["id"] == "gitlint")


def _lint(tmp_path: Path, message: str) -> subprocess.CompletedProcess:
    if not GITLINT.exists():
        pytest.skip(f"gitlint is not installed beside {sys.executable} (pip install -e '.[test]')")
    hook = _hook()
    assert hook["stages"] == ["commit-msg"]
    entry = hook["entry"].split()
    assert entry[0] == ".venv/bin/gitlint"
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True, timeout=60)  # a contributor's clone
    msg = tmp_path / "COMMIT_EDITMSG"
    msg.write_text(message, encoding="utf-8")
    shutil.copy(ROOT / ".gitlint", tmp_path / ".gitlint")
    return subprocess.run(
        [str(GITLINT), *entry[1:], str(msg)], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )


def test_a_subject_of_72_characters_passes(tmp_path):
    subject = "Layout: the root is src/dambuster, the core owns escape and the budget"
    assert len(subject) <= 72
    done = _lint(tmp_path, f"{subject}\n\nA body is welcome but not required.\n")
    assert done.returncode == 0, done.stderr


def test_a_longer_subject_is_refused_with_its_length(tmp_path):
    subject = "Layout: the root is src/dambuster, and the core owns escape and the budget too"
    done = _lint(tmp_path, f"{subject}\n")
    assert done.returncode != 0
    assert f"Title exceeds max length ({len(subject)}>72)" in done.stderr
