"""The distribution as users get it: the wheel and the sdist, built in isolated build environments (the
sdist first, the wheel from it: `uv build`, or `python -m build` where the set-up has no uv), each
installed into a fresh virtualenv outside the repository (by uv, or pip); the wheel checks the samples,
the sdist runs its own tests. uv does what build and pip do, from its cache: a third of the time.
Also: metadata a package index shows, a README whose links work there, and no folder of the repository
shadowing the installed package."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOB = "https://github.com/dambuster/dambuster/blob/main/"
RAW = "https://raw.githubusercontent.com/dambuster/dambuster/main/"
#: Qt-free tests the sdist must be able to run by itself
SDIST_TESTS = [
    "tests/test_samples.py",
    "tests/test_invalid_samples.py",
    "tests/test_hexgrid.py",
    "tests/test_migrations.py",
    "tests/test_schema_conventions.py",
]


def test_every_readme_link_is_absolute_and_names_a_file_of_the_repository():
    """PyPI shows the README as the project's page, where a relative link or image leads nowhere."""
    links = re.findall(r"(!?)\[[^\]]*\]\(([^)\s]+)\)", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert links
    for image, target in links:
        assert target.startswith(("https://", "http://")), f"relative link {target!r}"
        if target.startswith(RAW):
            assert image and (ROOT / target[len(RAW) :]).is_file(), target
        elif target.startswith(BLOB):
            assert (ROOT / target[len(BLOB) :]).exists(), target


def test_no_folder_of_the_repository_is_named_like_the_package():
    """`python -m dambuster` run in a checkout must find the installed package, not a folder."""
    assert not (ROOT / "dambuster").exists()


#: uv where the set-up installed it beside this Python (scripts/setup.sh does), else build and pip
UV = shutil.which("uv", path=str(Path(sys.executable).parent))


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    if UV:
        command = [UV, "build", "-q", "--sdist", "--wheel", "-o", str(out), str(ROOT)]
    else:
        if subprocess.run([sys.executable, "-c", "import build"], capture_output=True).returncode:
            pytest.skip("the build package is not installed (pip install -e '.[test]')")
        command = [sys.executable, "-m", "build", "--sdist", "--wheel", "-o", str(out), str(ROOT)]
    p = subprocess.run(command, capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    return out


def fresh_venv(where: Path) -> Path:
    if UV:
        p = subprocess.run(
            [UV, "venv", "-q", "--python", sys.executable, str(where)], capture_output=True, text=True
        )
        assert p.returncode == 0, p.stderr[-2000:]
    else:
        venv.EnvBuilder(with_pip=True, clear=True).create(where)
    return where / "bin" / "python"


def pip_install(python: Path, *what: str) -> None:
    if UV:
        command = [UV, "pip", "install", "-q", "--python", str(python), *what]
    else:
        command = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *what]
    p = subprocess.run(command, capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr[-3000:]


@pytest.mark.slow
def test_the_wheel_carries_the_metadata_an_index_shows(dist):
    (wheel,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        meta = Parser().parsestr(z.read("dambuster-0.1.0.dist-info/METADATA").decode())
        names = z.namelist()
    assert meta["License-Expression"] == "MIT" and meta["License-File"] == "LICENSE"
    assert "dambuster-0.1.0.dist-info/licenses/LICENSE" in names
    assert meta["Author"] or meta["Author-email"]
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Homepage", "Repository", "Documentation", "Issues"} <= set(urls)
    assert any(c.startswith("Topic :: Games/Entertainment") for c in meta.get_all("Classifier"))
    assert "wargame" in meta["Keywords"]
    assert "dambuster/schema/scenario.schema.json" in names and "dambuster/schema/catalog.json" in names
    assert any(n.startswith("dambuster/editor/resources/icons/") and n.endswith(".svg") for n in names)


@pytest.mark.slow
def test_the_wheel_installed_outside_the_repository_checks_the_samples(dist, tmp_path):
    (wheel,) = dist.glob("*.whl")
    python = fresh_venv(tmp_path / "venv")
    pip_install(python, str(wheel))
    samples = shutil.copytree(ROOT / "samples", tmp_path / "maps" / "samples")
    bin_ = python.parent
    p = subprocess.run(
        [str(bin_ / "dambuster"), "validate", "samples"],
        cwd=samples.parent,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert re.search(r"^\d+ file\(s\) checked, 0 with errors$", p.stdout, re.M)
    # run from the repository root: the checkout's folders do not shadow the installed package
    p = subprocess.run(
        [str(python), "-m", "dambuster", "--version"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert p.returncode == 0 and p.stdout.strip() == "dambuster 0.1.0", p.stderr
    # a doc generator run from an install writes to standard output, never into site-packages
    site = subprocess.run(
        [str(python), "-c", "import dambuster, pathlib; print(pathlib.Path(dambuster.__file__).parent)"],
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.strip()
    before = sorted(p.name for p in Path(site).rglob("*.md"))
    p = subprocess.run(
        [str(python), "-m", "dambuster.cli.docs.rules_md"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0 and p.stdout.startswith("#"), p.stderr
    assert sorted(p.name for p in Path(site).rglob("*.md")) == before
    # without the gui extra, the editor says how to get it
    p = subprocess.run(
        [str(bin_ / "dambuster-editor")],
        capture_output=True,
        text=True,
        timeout=60,
        env={"DISPLAY": ":0", "PATH": "/usr/bin:/bin"},
    )
    assert p.returncode == 2 and "pip install 'dambuster[gui]'" in p.stderr and "Traceback" not in p.stderr
    # and so do the commands that draw with the editor's scene
    for command in (
        ["render", "samples/ogre-basic.json", "-o", "basic.png"],
        ["diff", "samples/ogre-basic.json", "samples/ogre-basic.json", "-o", "diff.svg"],
    ):
        p = subprocess.run(
            [str(bin_ / "dambuster"), *command],
            cwd=samples.parent,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
        assert "pip install 'dambuster[gui]'" in p.stderr and "Traceback" not in p.stderr
    assert not list(samples.parent.glob("*.png")) and not list(samples.parent.glob("*.svg"))


@pytest.mark.slow
def test_the_sdist_runs_its_own_tests(dist, tmp_path):
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    unpacked = tmp_path / "dambuster-0.1.0"
    for needed in ("tests/conftest.py", "tests/strategies.py", "samples/ogre-basic.json", "LICENSE"):
        assert (unpacked / needed).is_file(), needed
    assert not list(unpacked.rglob("node_modules"))
    python = fresh_venv(tmp_path / "venv")
    pip_install(python, str(sdist), "pytest>=8", "hypothesis>=6.100")
    p = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", *SDIST_TESTS],
        cwd=unpacked,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:]
    assert re.search(r"\d+ passed", p.stdout)
