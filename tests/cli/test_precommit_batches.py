"""The repository's hooks run by the real pre-commit over a collection whose staged files it splits into
several batches (it splits by command-line length, about 128 kB, and into at least one batch per CPU):
a batch holding no scenario passes without a word, and a file named like an option is a file.

The attack: before the hooks' entries ended with `--`, a staged `--config=x.json` beside an `x.json`
holding `ignore = ["STACK-LIMIT"]` (TOML: pre-commit hands every *.json over) made
`dambuster validate --scenarios-only --config=x.json ... maps/stacked.json` read x.json as the
collection's settings, and the broken map passed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from precommit_hooks import PRE_COMMIT, Hooks, shared_hooks

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not PRE_COMMIT.exists() or not shutil.which("git"), reason="needs pre-commit and git"),
]
#: A folder name long enough that 1,200 files under it are over 300 kB of command line: three batches at least
LONG = "settings-of-some-editor-" + "x" * 180


@pytest.fixture(scope="module")
def hooks(tmp_path_factory) -> Hooks:
    return shared_hooks(tmp_path_factory)  # the hooks' environment, built once for the whole run


def collection(tmp_path: Path, files: dict[str, bytes]) -> Path:
    repo = tmp_path / "maps-repo"
    for i in range(1200):  # JSON that is no scenario, in every batch
        (repo / LONG / f"{i:04}").mkdir(parents=True)
        (repo / LONG / f"{i:04}" / "tsconfig.json").write_bytes(b'{"compilerOptions": {}}')
    for name, data in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_bytes(data)
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    return repo


def run_hook(repo: Path, hooks: Hooks, hook: str) -> subprocess.CompletedProcess:
    return hooks.run(repo, hook, "--verbose")  # as `pre-commit try-repo` runs it


def stacked_map() -> bytes:
    """A map that loads but breaks a rule (two tanks in one hex): validate exits 1."""
    doc = json.loads((SAMPLES / "ogre-basic.json").read_text(encoding="utf-8"))
    doc["units"][1]["hex"] = doc["units"][0]["hex"]
    return json.dumps(doc, indent=2).encode()


def test_batches_without_scenarios_pass_and_the_map_is_still_checked(tmp_path, hooks):
    repo = collection(tmp_path, {"maps/basic.json": (SAMPLES / "ogre-basic.json").read_bytes()})
    p = run_hook(repo, hooks, "dambuster-validate")
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    assert "no .json files found" not in p.stdout and "Passed" in p.stdout
    assert "maps/basic.json: ok" in p.stdout  # --verbose shows what the batch with the map printed
    fmt = run_hook(repo, hooks, "dambuster-fmt")
    assert fmt.returncode == 0, fmt.stdout[-3000:]
    assert "no .json files found" not in fmt.stdout


def test_a_file_named_like_an_option_is_a_file_and_the_broken_map_fails(tmp_path, hooks):
    repo = collection(
        tmp_path,
        {
            "maps/stacked.json": stacked_map(),
            "x.json": b'ignore = ["STACK-LIMIT"]\n',
            "--config=x.json": b'ignore = ["STACK-LIMIT"]\n',
            "-h.json": (SAMPLES / "ogre-basic.json").read_bytes(),  # a scenario: checked like any other
        },
    )
    p = run_hook(repo, hooks, "dambuster-validate")
    assert p.returncode == 1, p.stdout[-3000:]
    assert "Failed" in p.stdout and "maps/stacked.json" in p.stdout and "STACK-LIMIT" in p.stdout
    assert "-h.json: ok" in p.stdout
    assert "no .json files found" not in p.stdout and "unrecognized arguments" not in p.stdout
