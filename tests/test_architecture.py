"""The layering the project promises: only the editor imports Qt, and the core never needs it.

import-linter (contracts in pyproject.toml) cannot see our layout directly: grimp walks the folder of
the ``dambuster`` package, while ``dambuster.model`` and the other subpackages live in top-level folders
mapped by setuptools' package-dir. So the test assembles the installed package shape in a temporary
folder (dambuster/ with model/, validators/, ... inside, per [tool.setuptools.package-dir]) and runs
``lint-imports`` on that copy.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
CORE = [
    "dambuster.model",
    "dambuster.validators",
    "dambuster.simulation",
    "dambuster.schema",
    "dambuster.cli",
]


def _stage_package(dest: Path) -> Path:
    """Copies every package-dir folder to where it sits in the installed package."""
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for package, folder in sorted(cfg["tool"]["setuptools"]["package-dir"].items()):
        shutil.copytree(
            ROOT / folder,
            dest.joinpath(*package.split(".")),
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules", "*.json", "*.md"),
        )
    return dest


def _lint_imports(staged: Path) -> subprocess.CompletedProcess:
    if not LINT_IMPORTS.exists():
        pytest.skip(f"lint-imports is not installed beside {sys.executable} (pip install -e '.[test]')")
    env = dict(os.environ, PYTHONPATH=str(staged))
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=staged,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_import_contracts_are_kept(tmp_path):
    result = _lint_imports(_stage_package(tmp_path))
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    assert "0 broken" in out, out
    assert "Only the editor imports Qt KEPT" in out, out


def test_import_linter_catches_a_model_module_that_imports_qt(tmp_path):
    """The contract has teeth: the same check fails once a core module imports PySide6."""
    staged = _stage_package(tmp_path)
    (staged / "dambuster" / "model" / "zz_leak.py").write_text("from PySide6 import QtCore  # noqa\n")
    result = _lint_imports(staged)
    assert result.returncode != 0
    assert "Only the editor imports Qt BROKEN" in result.stdout + result.stderr


def test_core_imports_do_not_load_pyside6():
    code = (
        "import importlib, json, sys\n"
        f"for name in {CORE!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []


def test_core_works_when_pyside6_cannot_be_imported(tmp_path):
    """With PySide6 blocked, the core still imports and a scenario is made, saved and validated."""
    target = tmp_path / "blank.json"
    code = (
        "import sys\n"
        "sys.modules['PySide6'] = None\n"
        f"for name in {CORE!r}:\n"
        "    __import__(name)\n"
        "from dambuster.cli import main\n"
        f"assert main(['new', 'hex', '-o', {str(target)!r}]) == 0\n"
        f"sys.exit(main(['validate', {str(target)!r}]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    assert "ok" in result.stdout
