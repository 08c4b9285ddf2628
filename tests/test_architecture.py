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
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
#: The parts of the package (its top-level folders), from [tool.setuptools.package-dir]; the root is not one
PARTS = sorted(p for p in CONFIG["tool"]["setuptools"]["package-dir"] if p != "dambuster")
CORE = [p for p in PARTS if p != "dambuster.editor"]


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


def _contract(name: str) -> dict:
    return next(c for c in CONFIG["tool"]["importlinter"]["contracts"] if c["name"] == name)


def test_import_contracts_are_kept(tmp_path):
    result = _lint_imports(_stage_package(tmp_path))
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    assert "0 broken" in out, out
    assert "Only the editor imports Qt KEPT" in out, out
    assert "The parts are layered KEPT" in out, out


def test_every_part_of_the_package_is_in_the_contracts():
    """A new top-level folder cannot slip past the contracts: it must be given a layer, and unless it is
    the editor, it is one of the parts that may not import Qt."""
    layered = [
        part.strip() for layer in _contract("The parts are layered")["layers"] for part in layer.split("|")
    ]
    assert sorted(layered) == PARTS
    assert sorted(_contract("Only the editor imports Qt")["source_modules"]) == CORE


@pytest.mark.parametrize(
    "leak",
    [
        "batch/formats/sarif.py",  # loaded by name (importlib) when --format sarif is asked for
        "validators/sewer.py",  # a rule module, loaded by name for its profile
        "cli/commands/fmt.py",  # a command's module, loaded by name from the command table
    ],
)
def test_a_qt_import_in_a_module_loaded_by_name_breaks_the_contract(tmp_path, leak):
    """The contract has teeth where no static import leads: the module is found as a file of its part."""
    staged = _stage_package(tmp_path)
    part, _, rest = leak.partition("/")
    path = staged / "dambuster" / part / rest
    path.write_text(path.read_text(encoding="utf-8") + "\nfrom PySide6 import QtCore  # noqa\n")
    result = _lint_imports(staged)
    assert result.returncode != 0
    assert "Only the editor imports Qt BROKEN" in result.stdout + result.stderr


def test_a_part_importing_a_part_above_it_breaks_the_layers(tmp_path):
    staged = _stage_package(tmp_path)
    (staged / "dambuster" / "model" / "zz_up.py").write_text(
        "def f():\n    from dambuster.batch import report\n"
    )
    result = _lint_imports(staged)
    out = result.stdout + result.stderr
    assert result.returncode != 0 and "The parts are layered BROKEN" in out, out
    assert "dambuster.model.zz_up -> dambuster.batch.report" in out, out


def test_every_module_of_the_core_imports_without_qt():
    """Whatever loads it (an import, importlib, an entry point), no module outside the editor needs Qt:
    each one is imported with PySide6 made unimportable."""
    code = (
        "import importlib, pkgutil, sys\n"
        "sys.modules['PySide6'] = sys.modules['shiboken6'] = None\n"
        f"for part in {CORE!r}:\n"
        "    package = importlib.import_module(part)\n"
        "    for info in pkgutil.walk_packages(package.__path__, part + '.'):\n"
        "        if not info.name.endswith('__main__'):\n"
        "            importlib.import_module(info.name)\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT
    )
    assert result.returncode == 0 and result.stdout == "ok\n", result.stderr[-2000:]


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


#: Which modules of the staged package import each other in a ring (grimp reads every import
#: statement, those inside functions too; networkx finds the strongly connected groups).
_CYCLES = """
import json, grimp, networkx
graph = grimp.build_graph("dambuster", cache_dir=None)
g = networkx.DiGraph()
for m in graph.modules:
    g.add_node(m)
    g.add_edges_from((m, i) for i in graph.find_modules_directly_imported_by(m) if i.startswith("dambuster"))
print(json.dumps({"modules": sorted(graph.modules),
                  "cycles": sorted(sorted(c) for c in networkx.strongly_connected_components(g) if len(c) > 1)}))
"""


def _cycles(staged: Path) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", _CYCLES],
        cwd=staged,
        env=dict(os.environ, PYTHONPATH=str(staged)),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_no_two_modules_import_each_other_even_through_others(tmp_path):
    """A ring of imports (a imports b, b imports a, directly or through other modules) means two
    modules share one responsibility; it also makes import order matter. The whole package, every
    subpackage included, has none."""
    found = _cycles(_stage_package(tmp_path))
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for package in cfg["tool"]["setuptools"]["package-dir"]:  # every folder is seen, not only cli/
        assert any(m == package or m.startswith(f"{package}.") for m in found["modules"]), package
    assert found["cycles"] == [], found["cycles"]


def test_the_cycle_check_sees_a_ring_through_a_function_level_import(tmp_path):
    staged = _stage_package(tmp_path)
    (staged / "dambuster" / "model" / "zz_a.py").write_text("from . import zz_b\n")
    (staged / "dambuster" / "model" / "zz_b.py").write_text("def f():\n    from . import zz_a\n")
    assert _cycles(staged)["cycles"] == [["dambuster.model.zz_a", "dambuster.model.zz_b"]]
