"""The repository's pre-commit hook, run by the real pre-commit (as `try-repo` runs it) in a map
collection's git repository: scenarios are checked, other JSON (editor settings with comments, package
files) is left alone, a broken map fails the commit with its reason."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from precommit_hooks import PRE_COMMIT, Hooks, shared_hooks

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not PRE_COMMIT.exists() or not shutil.which("git"), reason="needs pre-commit and git"),
]


@pytest.fixture(scope="module")
def hooks(tmp_path_factory) -> Hooks:
    return shared_hooks(tmp_path_factory)  # the hook's environment, built once for the whole run


def collection(tmp_path: Path, files: dict[str, bytes]) -> Path:
    repo = tmp_path / "maps-repo"
    for name, data in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_bytes(data)
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org")
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    return repo


def hook(repo: Path, hooks: Hooks) -> subprocess.CompletedProcess:
    return hooks.run(repo, "dambuster-validate", timeout=600)  # as `pre-commit try-repo` runs it


VSCODE = b'{\n  // settings with a comment, as VS Code writes them\n  "editor.tabSize": 2,\n}\n'


def test_the_hook_passes_scenarios_and_leaves_other_json_alone(tmp_path, hooks):
    repo = collection(
        tmp_path,
        {
            "maps/basic.json": (SAMPLES / "ogre-basic.json").read_bytes(),
            ".vscode/settings.json": VSCODE,
            "tsconfig.json": b'{"compilerOptions": {}}',
        },
    )
    p = hook(repo, hooks)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "dambuster validate" in p.stdout and "Passed" in p.stdout


def test_the_hook_fails_on_a_broken_map_and_says_why(tmp_path, hooks):
    cut = (SAMPLES / "ogre-basic.json").read_bytes()[:300]
    repo = collection(tmp_path, {"maps/cut.json": cut, ".vscode/settings.json": VSCODE})
    p = hook(repo, hooks)
    assert p.returncode == 1
    assert "Failed" in p.stdout and "maps/cut.json" in p.stdout and "is it cut short?" in p.stdout
    assert "settings.json" not in p.stdout


#: The modules of the other commands (and the rules): a run of `fmt` needs none of them.
NOT_FOR_FMT = (
    "dambuster.simulation",
    "dambuster.interop",
    "dambuster.cli.commands.completion",
    "dambuster.cli.commands.diff",
    "dambuster.cli.commands.render",
    "dambuster.validators",
)


def test_a_fmt_hook_run_imports_only_what_fmt_needs(tmp_path):
    """pre-commit runs the hook's entry once per batch of files: it builds the parser of fmt alone, so a
    batch of maps is formatted without importing the simulation, interop, completion, diff or render
    modules (their cost is measured by scripts/bench_fmt_hook.py)."""
    import json

    import yaml

    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    entry = next(h["entry"] for h in hooks if h["id"] == "dambuster-fmt").split()
    assert entry[:2] == ["dambuster", "fmt"] and entry[-1] == "--"
    names = []
    for i, sample in enumerate(["ogre-basic.json", "ogre-dambusters-valley.json", "sewer-flash-flood.json"]):
        (tmp_path / f"{i}-{sample}").write_text(
            json.dumps(json.loads((SAMPLES / sample).read_bytes()), indent=4)
        )
        names.append(f"{i}-{sample}")
    (tmp_path / "package.json").write_text('{"name": "maps"}')
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "dambuster", *entry[1:], *names, "package.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "3 file(s) reformatted" in run.stderr
    imported = {
        line.split("|")[-1].strip() for line in run.stderr.splitlines() if line.startswith("import time:")
    }
    assert (
        "dambuster.batch.collect" in imported
    )  # fmt ran (its own module is loaded by name: importtime omits it)
    assert not [m for m in imported if m.startswith(NOT_FOR_FMT)]
    again = subprocess.run(
        [sys.executable, "-m", "dambuster", "fmt", "--check", "--", *names], cwd=tmp_path, capture_output=True
    )
    assert again.returncode == 0  # canonical now
