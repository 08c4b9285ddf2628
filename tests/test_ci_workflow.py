"""CI runs what the README says to run, and the package claims only the Python it is tested on."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _readme_test_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", readme, re.S)
    assert block, "README.md has no sh block of set-up commands"
    lines = [line.split("#")[0].strip() for line in block.group(1).splitlines()]
    return next(line for line in lines if "test" in line)


def _workflow() -> dict:
    return yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8"))


def test_the_ci_workflow_and_ci_run_the_readme_test_command():
    command = _readme_test_command()
    assert command == "bash scripts/test.sh"
    steps = [s for job in _workflow()["jobs"].values() for s in job["steps"]]
    runs = [s["run"] for s in steps if "run" in s]
    assert any(run.split("#")[0].strip().endswith(command) for run in runs), runs
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().endswith(f"exec {command}")


def test_the_classifiers_claim_the_python_ci_runs_and_no_other():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    claimed = {
        c.rsplit(" :: ", 1)[1]
        for c in project["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    tested = {
        str(s["with"]["python-version"])
        for job in _workflow()["jobs"].values()
        for s in job["steps"]
        if s.get("uses", "").startswith("actions/setup-python")
    }
    assert claimed == tested == {"3.11"}
    assert project["requires-python"] == ">=3.11"
