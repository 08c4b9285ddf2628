"""The repository's pre-commit hook, run by the real pre-commit (`try-repo`) in a map collection's git
repository: scenarios are checked, other JSON (editor settings with comments, package files) is left
alone, a broken map fails the commit with its reason."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
PRE_COMMIT = Path(sys.executable).parent / "pre-commit"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not PRE_COMMIT.exists() or not shutil.which("git"), reason="needs pre-commit and git"),
]


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory):
    return tmp_path_factory.mktemp("pre-commit-home")  # the hook's environment, built once for the module


def collection(tmp_path: Path, files: dict[str, bytes]) -> Path:
    repo = tmp_path / "maps-repo"
    for name, data in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_bytes(data)
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org")
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    return repo


def hook(repo: Path, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PRE_COMMIT_HOME=str(home))
    return subprocess.run(
        [str(PRE_COMMIT), "try-repo", str(ROOT), "dambuster-validate", "--all-files"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )


VSCODE = b'{\n  // settings with a comment, as VS Code writes them\n  "editor.tabSize": 2,\n}\n'


def test_the_hook_passes_scenarios_and_leaves_other_json_alone(tmp_path, pre_commit_home):
    repo = collection(
        tmp_path,
        {
            "maps/basic.json": (SAMPLES / "ogre-basic.json").read_bytes(),
            ".vscode/settings.json": VSCODE,
            "tsconfig.json": b'{"compilerOptions": {}}',
        },
    )
    p = hook(repo, pre_commit_home)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "dambuster validate" in p.stdout and "Passed" in p.stdout


def test_the_hook_fails_on_a_broken_map_and_says_why(tmp_path, pre_commit_home):
    cut = (SAMPLES / "ogre-basic.json").read_bytes()[:300]
    repo = collection(tmp_path, {"maps/cut.json": cut, ".vscode/settings.json": VSCODE})
    p = hook(repo, pre_commit_home)
    assert p.returncode == 1
    assert "Failed" in p.stdout and "maps/cut.json" in p.stdout and "is it cut short?" in p.stdout
    assert "settings.json" not in p.stdout
