"""Output names that cannot be a file: `-o DIR/` names a folder (it wrote a regular file named DIR), and
`-o -` is standard output (it wrote a file named -). Every command that writes files refuses both in
one line, exit 2, nothing written; the commands that write standard output without -o take -o - as it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("dambuster")
HEX = str(ROOT / "samples" / "ogre-dambusters-valley.json")

#: Every command option that names a file to write, with the rest of its command line; {out} is the name.
FILE_WRITERS = {
    "render png": ["render", HEX, "--format", "png", "-o", "{out}"],
    "render svg": ["render", HEX, "--format", "svg", "-o", "{out}"],
    "render pdf": ["render", HEX, "--format", "pdf", "-o", "{out}"],
    "render html": ["render", HEX, "--format", "html", "-o", "{out}"],
    "diff png": ["diff", HEX, HEX, "--format", "png", "-o", "{out}"],
    "new": ["new", "hex", "-o", "{out}"],
    "export-tiled": ["export-tiled", HEX, "-o", "{out}"],
    "export-geojson": ["export-geojson", HEX, "-o", "{out}"],
    "player-view": ["player-view", HEX, "--side", "paneuropean", "-o", "{out}"],
    "surge --apply": ["surge", HEX, "--dam", "dam-aller", "--apply", "{out}"],
    "surge --out-json": ["surge", HEX, "--dam", "dam-aller", "--monte-carlo", "5", "--out-json", "{out}"],
    "surge --out-csv": ["surge", HEX, "--dam", "dam-aller", "--monte-carlo", "5", "--out-csv", "{out}"],
    "dbm-setup": ["dbm-setup", "--seed", "1", "-o", "{out}"],
    "validate --cache": ["validate", "--isolated", HEX, "--cache", "{out}"],
}
#: Commands that write standard output when -o is left out: -o - is standard output too.
STDOUT_WRITERS = ("new", "export-geojson", "player-view")
#: Those that draw with Qt: they say Qt is missing first where it is (the Qt-free run), so they run with Qt.
DRAWN = ("render png", "render svg", "diff png")


def writers(names) -> list:
    return [pytest.param(n, marks=pytest.mark.qt) if n in DRAWN else n for n in sorted(names)]


def run(command: list[str], out: str, cwd: Path) -> subprocess.CompletedProcess:
    args = [a.replace("{out}", out) for a in command]
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def one_line(p: subprocess.CompletedProcess) -> str:
    assert p.returncode == 2, p.stderr
    assert len(p.stderr.splitlines()) == 1 and "Traceback" not in p.stderr, p.stderr
    return p.stderr


@pytest.mark.parametrize("name", writers(FILE_WRITERS))
@pytest.mark.parametrize("out", ["newdir/", "newdir/.", "--force-twin"])
def test_a_name_ending_in_a_slash_names_a_folder_and_is_refused(tmp_path, name, out):
    if out == "--force-twin":  # the same with --force: it is not a matter of replacing a file
        command, out = [*FILE_WRITERS[name], "--force"], "newdir/"
    else:
        command = FILE_WRITERS[name]
    p = run(command, out, tmp_path)
    assert f"{out}: names a folder, not a file" in one_line(p)
    assert list(tmp_path.iterdir()) == [] and p.stdout == ""


@pytest.mark.parametrize("name", writers(set(FILE_WRITERS) - set(STDOUT_WRITERS)))
def test_dash_is_refused_by_the_commands_that_write_only_files(tmp_path, name):
    p = run(FILE_WRITERS[name], "-", tmp_path)
    assert "-: is standard output, but this command writes only files" in one_line(p)
    assert list(tmp_path.iterdir()) == [] and p.stdout == ""


@pytest.mark.parametrize("name", STDOUT_WRITERS)
def test_dash_is_standard_output_where_the_command_writes_it_without_o(tmp_path, name):
    p = run(FILE_WRITERS[name], "-", tmp_path)
    assert p.returncode == 0, p.stderr
    assert p.stdout.lstrip().startswith("{") and list(tmp_path.iterdir()) == []


def test_import_tiled_takes_dash_as_standard_output(tmp_path):
    tmj = tmp_path / "in.tmj"
    assert run(["export-tiled", HEX, "-o", "{out}"], str(tmj), tmp_path).returncode == 0
    before = sorted(tmp_path.iterdir())
    p = run(["import-tiled", str(tmj), "-o", "{out}"], "-", tmp_path)
    assert p.returncode == 0 and '"format_version"' in p.stdout
    assert sorted(tmp_path.iterdir()) == before
    folder = run(["import-tiled", str(tmj), "-o", "{out}"], "maps/", tmp_path)
    assert "maps/: names a folder, not a file" in one_line(folder)
    assert sorted(tmp_path.iterdir()) == before


def test_site_refuses_dash_and_takes_a_folder_ending_in_a_slash(tmp_path):
    maps = tmp_path / "maps"
    maps.mkdir()
    (maps / "valley.json").write_bytes(Path(HEX).read_bytes())
    p = run(["site", "maps", "-o", "{out}"], "-", tmp_path)
    assert "-: is standard output, but a site is a folder of files" in one_line(p)
    assert not (tmp_path / "-").exists()
    ok = run(["site", "maps", "-o", "{out}"], "pages/", tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert (tmp_path / "pages" / "index.html").is_file()


def test_a_file_named_dash_can_still_be_written_as_dot_slash_dash(tmp_path):
    p = run(["new", "hex", "-o", "{out}"], "./-", tmp_path)
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "-").read_text().lstrip().startswith("{")
