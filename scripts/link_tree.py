"""Writes build/typing/dambuster/: the package as it is installed, made of links to the source folders,
for static tools (pyright, mypy, IDEs), which cannot see setuptools' editable import hook.

    python scripts/link_tree.py      # scripts/setup.sh runs it

The package is one import namespace spread over top-level folders ([tool.setuptools.package-dir]:
cli/ is ``dambuster``, model/ is ``dambuster.model``, ...). Python finds them through the editable
install's finder; a tool that reads files finds ``dambuster`` under build/typing: the same folders,
each Python file a link to its source (pyright does not walk into linked folders), so an edit is seen
at once and a new module after this script runs again (scripts/test.sh and the pre-commit hook do).
[tool.pyright] and [tool.mypy] in pyproject.toml point there.
"""

from __future__ import annotations

import os
import shutil
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREE = ROOT / "build" / "typing"
SKIP = {"__pycache__", "node_modules"}


def package_dirs() -> dict[str, str]:
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return cfg["tool"]["setuptools"]["package-dir"]


def link(target: Path, at: Path) -> None:
    at.symlink_to(os.path.relpath(target, at.parent), target_is_directory=target.is_dir())


def _mirror(folder: Path, at: Path) -> None:
    """Real folders, a link per file (pyright does not walk into linked folders)."""
    at.mkdir(parents=True, exist_ok=True)
    for entry in sorted(folder.iterdir()):
        if entry.name in SKIP:
            continue
        if entry.is_dir():
            _mirror(entry, at / entry.name)
        elif entry.suffix in (".py", ".pyi", ".typed"):
            link(entry, at / entry.name)


def build(tree: Path = TREE) -> Path:
    """(Re)writes the link tree; returns the folder holding ``dambuster``."""
    if tree.exists():
        shutil.rmtree(tree)
    for package, folder in sorted(package_dirs().items()):
        at = tree.joinpath(*package.split("."))
        _mirror(ROOT / folder, at)
    return tree


if __name__ == "__main__":
    print(f"link tree: {build().relative_to(ROOT)}/dambuster", file=sys.stderr)
