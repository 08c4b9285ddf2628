"""The repository's pre-commit hooks (.pre-commit-hooks.yaml) run by the real pre-commit, as
`pre-commit try-repo ROOT HOOK --all-files` runs them, with the hooks' environment built once a test run.

try-repo builds a hook's environment (a virtualenv with this package installed from the repository)
afresh on every call, in a store of its own: it ignores PRE_COMMIT_HOME. Five such calls took about
five minutes of a two-core machine. So the tests do once what try-repo does on every call: take the
repository at HEAD, or a copy of it with the working tree's uncommitted changes committed
(pre-commit's own ``_repo_ref``, the code try-repo runs), and write a configuration naming it at that
commit. Each test then runs `pre-commit run --config CONFIG HOOK --all-files` in its map collection with
one PRE_COMMIT_HOME shared by every test and every pytest-xdist worker of the run (pre-commit's own lock
on its store lets one process install while the others wait and then reuse it).
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from filelock import FileLock

ROOT = Path(__file__).resolve().parent.parent
PRE_COMMIT = Path(sys.executable).parent / "pre-commit"


@dataclass(frozen=True)
class Hooks:
    home: Path  # PRE_COMMIT_HOME: the hooks' environment, installed by the first run that needs it
    config: Path  # the repository (or its shadow with uncommitted changes) at one commit, every hook

    def run(self, repo: Path, hook: str, *args: str, timeout: float = 900) -> subprocess.CompletedProcess:
        """`pre-commit run HOOK --all-files ARGS` in the git repository ``repo``."""
        return subprocess.run(
            [str(PRE_COMMIT), "run", "--config", str(self.config), hook, "--all-files", *args],
            cwd=repo,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=dict(os.environ, PRE_COMMIT_HOME=str(self.home)),
        )


def shared_hooks(tmp_path_factory: pytest.TempPathFactory) -> Hooks:
    """The hooks of this checkout, set up once for the whole test run (every xdist worker)."""
    from pre_commit.commands.try_repo import _repo_ref  # what try-repo runs: HEAD, or a shadow repo

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # the run's folder
    where = shared / "pre-commit-hooks"
    config = where / "config.yaml"
    with FileLock(str(shared / "pre-commit-hooks.lock")):
        if not config.exists():
            where.mkdir(exist_ok=True)
            repo, rev = _repo_ref(str(where), str(ROOT), None)
            manifest = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
            hooks = [{"id": hook["id"]} for hook in manifest]
            text = yaml.safe_dump({"repos": [{"repo": repo, "rev": rev, "hooks": hooks}]})
            (where / "config.tmp").write_text(text, encoding="utf-8")
            (where / "config.tmp").replace(config)
    return Hooks(where / "home", config)
