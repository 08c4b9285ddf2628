"""Every check a maintainer runs, by name (as python-jsonschema's noxfile does). The sessions use the
tools of .venv (scripts/setup.sh), so they run offline and with pyproject's versions:

    .venv/bin/nox                  # the default sessions: tests, lint, types, build, docs
    .venv/bin/nox -s lint types    # some of them
    .venv/bin/nox -s benchmarks    # the benchmarks (not by default: they take minutes, print medians)
    .venv/bin/nox -l               # the list

CI runs the README's command (bash scripts/test.sh: set-up, lint, types, the tests); ``tests`` here is
the same test runs with coverage measured (the figure in README.md's "Contributing").
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import nox
from nox.command import CommandFailed

ROOT = Path(__file__).resolve().parent
VENV_BIN = ROOT / ".venv" / "bin"
nox.options.sessions = ["tests", "lint", "types", "build", "docs"]
nox.options.default_venv_backend = "none"  # every session runs .venv's tools


def tool(name: str) -> str:
    return str(VENV_BIN / name)


@nox.session(python=False)
def tests(session: nox.Session) -> None:
    """The Qt tests offscreen, then the Qt-free tests with Qt blocked, on every core, with coverage."""
    env = {"QT_QPA_PLATFORM": "offscreen"}  # the commands the tests start are measured too ([tool.coverage])
    workers = str((os.cpu_count() or 1) + 1)  # as scripts/test.sh: one more than cores
    xdist = ["-n", workers, "--dist", "loadfile", "--cov", "--cov-append", "--cov-report="]
    session.run(tool("coverage"), "erase")
    failed = []  # a failing run still gives its coverage: both runs, then the report, then the failure
    for name, run in (
        ("the Qt tests", [tool("python"), "-m", "pytest", "-q", *xdist, "-m", "qt"]),
        ("the Qt-free tests", [tool("python"), "tests/run_without_qt.py", "-q", *xdist]),
    ):
        try:
            session.run(*run, *session.posargs, env=env, success_codes=[0, 5])  # 5: none collected
        except CommandFailed:
            failed.append(name)
    # --append: pytest-cov has already combined each run into .coverage; without it, combine would
    # replace that file by the few data files left over (a command killed by a test) and lose the runs
    session.run(tool("coverage"), "combine", "--append", success_codes=[0, 1])  # 1: nothing left
    session.run(tool("coverage"), "report")
    if failed:
        session.error(f"{' and '.join(failed)} failed (coverage above)")


@nox.session(python=False)
def lint(session: nox.Session) -> None:
    """ruff: the lint rules and the format ([tool.ruff]); import-linter: the import contracts
    ([tool.importlinter]: only the editor imports Qt, the core never imports the editor), checked on the
    package as installed (build/typing, scripts/link_tree.py: grimp cannot follow package-dir)."""
    session.run(tool("ruff"), "check", ".")
    session.run(tool("ruff"), "format", "--check", ".")
    session.run(tool("python"), "scripts/link_tree.py")
    typing_tree = str(ROOT / "build" / "typing")
    with session.chdir(typing_tree):
        session.run(
            tool("lint-imports"),
            "--config",
            str(ROOT / "pyproject.toml"),
            "--no-cache",
            env={"PYTHONPATH": typing_tree},
        )


@nox.session(python=False)
def types(session: nox.Session) -> None:
    """pyright over the package as tools see it ([tool.pyright]); posargs: only those files."""
    session.run(tool("python"), "scripts/typecheck.py", *session.posargs)


@nox.session(python=False)
def build(session: nox.Session) -> None:
    """The wheel and the sdist, and twine's check of what an index would show."""
    out = Path(tempfile.mkdtemp(prefix="dambuster-dist-"))
    try:
        session.run(tool("python"), "-m", "build", "--sdist", "--wheel", "-o", str(out), str(ROOT))
        session.run(tool("twine"), "check", "--strict", *map(str, sorted(out.iterdir())))
    finally:
        shutil.rmtree(out, ignore_errors=True)


@nox.session(python=False)
def docs(session: nox.Session) -> None:
    """The generated documents are current: the format, the rules, the audit, the manual page."""
    session.run(tool("python"), "-m", "dambuster.cli.docs", "--check")


@nox.session(python=False)
def benchmarks(session: nox.Session) -> None:
    """The benchmark scripts (medians, peak memory); posargs: which, e.g. ``bench_load bench_sim``."""
    names = session.posargs or sorted(p.stem for p in (ROOT / "scripts").glob("bench_*.py"))
    for name in names:
        session.run(tool("python"), f"scripts/{name}.py", env={"QT_QPA_PLATFORM": "offscreen"})
