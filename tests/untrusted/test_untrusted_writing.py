"""Writing (docs/untrusted.md, "Writing"): whole files or nothing, never over a file unasked.

Through the installed command: on a full disk (a real 64 KB tmpfs; when mounting is not permitted, the
same command in-process with fsync failing with ENOSPC) `surge --out-json/--out-csv` and `export-tiled`
fail in one line and leave the previous files byte for byte, and no temporary file; every output needs
--force to replace a file, and to write over the command's own input; a dangling link is refused even
with --force; a link to a file is written through. Temporary files of a killed save are removed by the
next save to the same file, those of a running process are not.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dambuster.model.atomic_write import STALE_AFTER_S, TEMP_SUFFIX, write_files

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
VALLEY = ROOT / "samples" / "ogre-dambusters-valley.json"
BASIC = ROOT / "samples" / "ogre-basic.json"
TABLE = ROOT / "samples" / "dbm-table.json"
HANG = 120  # seconds: only turns a hang into a failure
PRECIOUS = b"the user's own file\n"


def dambuster(*args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [DAMBUSTER, *map(str, args)], capture_output=True, text=True, timeout=HANG, stdin=subprocess.DEVNULL
    )


def one_line(r: subprocess.CompletedProcess, *words: str) -> str:
    assert r.returncode == 2, r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


def temps_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(TEMP_SUFFIX))


# ------------------------------------------------------------------------------ a full disk
class FullDisk:
    """A folder on a 64 KB tmpfs (we run as root in CI). Without permission to mount, the folder is a
    plain one and ``fill`` makes every fsync of this process fail with ENOSPC; commands then run in-process."""

    def __init__(self, folder: Path, monkeypatch):
        self.folder, self.monkeypatch = folder, monkeypatch
        try:
            r = subprocess.run(
                ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True
            )
            self.mounted = r.returncode == 0
        except OSError:  # no mount command
            self.mounted = False

    def fill(self) -> None:
        if not self.mounted:

            def no_space(fd):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            self.monkeypatch.setattr(os, "fsync", no_space)
            return
        fd = os.open(self.folder / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            with contextlib.suppress(OSError):
                while os.write(fd, b"\0" * 4096):
                    pass
        finally:
            os.close(fd)

    def run(self, *args) -> subprocess.CompletedProcess:
        if self.mounted:
            return dambuster(*args)
        from dambuster.cli import main

        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main([str(a) for a in args])
        return subprocess.CompletedProcess(args, code, "", err.getvalue())

    def close(self) -> None:
        if self.mounted:
            subprocess.run(["umount", str(self.folder)], capture_output=True)


@pytest.fixture
def full_disk(tmp_path, monkeypatch):
    folder = tmp_path / "disk"
    folder.mkdir()
    disk = FullDisk(folder, monkeypatch)
    yield disk
    disk.close()


def test_surge_outputs_on_a_full_disk_keep_the_previous_files(full_disk):
    out_json, out_csv = full_disk.folder / "p.json", full_disk.folder / "p.csv"
    surge = [
        "surge",
        VALLEY,
        "--dam",
        "dam-aller",
        "--monte-carlo",
        "40",
        "--out-json",
        out_json,
        "--out-csv",
        out_csv,
    ]
    assert full_disk.run(*surge, "--seed", "1").returncode == 0
    good = out_json.read_bytes(), out_csv.read_bytes()
    full_disk.fill()
    one_line(
        full_disk.run(*surge, "--seed", "2", "--force"), "No space left on device", "nothing was changed"
    )
    assert (out_json.read_bytes(), out_csv.read_bytes()) == good
    assert temps_in(full_disk.folder) == []


@pytest.mark.slow
def test_export_tiled_on_a_full_disk_leaves_neither_file_half_written_or_new(full_disk):
    tmj = full_disk.folder / "basic.tmj"
    png = full_disk.folder / "basic-terrain.png"
    assert full_disk.run("export-tiled", BASIC, "-o", tmj).returncode == 0
    good = tmj.read_bytes(), png.read_bytes()
    full_disk.fill()
    one_line(full_disk.run("export-tiled", VALLEY, "-o", tmj, "--force"), "No space left on device")
    assert (tmj.read_bytes(), png.read_bytes()) == good
    one_line(
        full_disk.run("export-tiled", VALLEY, "-o", full_disk.folder / "new.tmj"), "No space left on device"
    )
    assert not (full_disk.folder / "new.tmj").exists() and not (full_disk.folder / "new-terrain.png").exists()
    assert temps_in(full_disk.folder) == []


def test_when_the_second_rename_fails_the_first_file_is_put_back(tmp_path, monkeypatch):
    """The one failure no real disk gives on demand: a rename after the temporary files are written."""
    old_a, old_b, fresh = tmp_path / "a.png", tmp_path / "b.tmj", tmp_path / "fresh.png"
    old_a.write_bytes(b"old a")
    old_b.write_bytes(b"old b")
    real_replace = os.replace

    def failing_replace(src, dst):
        if Path(dst).name == "b.tmj":
            raise OSError(errno.EIO, "Input/output error")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", failing_replace)
    for first in (old_a, fresh):
        with pytest.raises(OSError, match="Input/output"):
            write_files([(first, b"new a"), (old_b, b"new b")])
    monkeypatch.undo()
    assert old_a.read_bytes() == b"old a" and old_b.read_bytes() == b"old b" and not fresh.exists()
    assert temps_in(tmp_path) == []


# ------------------------------------------------------------------------------ --force
@pytest.fixture(scope="module")
def tiled_map(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tiled") / "basic.tmj"
    assert dambuster("export-tiled", BASIC, "-o", out).returncode == 0
    return out


OUTPUTS = {  # command -> its arguments writing to OUT
    "new -o": lambda tmj: ["new", "hex", "-o", "{OUT}"],
    "surge --apply": lambda tmj: ["surge", VALLEY, "--dam", "dam-aller", "--turns", "1", "--apply", "{OUT}"],
    "surge --out-json": lambda tmj: [
        "surge",
        VALLEY,
        "--dam",
        "dam-aller",
        "--monte-carlo",
        "20",
        "--out-json",
        "{OUT}",
    ],
    "surge --out-csv": lambda tmj: [
        "surge",
        VALLEY,
        "--dam",
        "dam-aller",
        "--monte-carlo",
        "20",
        "--out-csv",
        "{OUT}",
    ],
    "export-tiled": lambda tmj: ["export-tiled", BASIC, "-o", "{OUT}"],
    "export-geojson -o": lambda tmj: ["export-geojson", TABLE, "-o", "{OUT}"],
    "player-view -o": lambda tmj: ["player-view", VALLEY, "--side", "combine", "-o", "{OUT}"],
    "import-tiled -o": lambda tmj: ["import-tiled", tmj, "-o", "{OUT}"],
}


def command(name: str, tmj: Path, out: Path) -> list:
    return [out if a == "{OUT}" else a for a in OUTPUTS[name](tmj)]


@pytest.mark.parametrize("name", list(OUTPUTS))
def test_no_output_replaces_a_file_without_force(tmp_path, tiled_map, name):
    out = tmp_path / "out.file"
    out.write_bytes(PRECIOUS)
    one_line(dambuster(*command(name, tiled_map, out)), str(out), "exists; use --force")
    assert out.read_bytes() == PRECIOUS and temps_in(tmp_path) == []
    r = dambuster(*command(name, tiled_map, out), "--force")
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() != PRECIOUS


@pytest.mark.parametrize("name", list(OUTPUTS))
def test_a_dangling_link_is_never_written_through(tmp_path, tiled_map, name):
    out = tmp_path / "out.file"
    out.symlink_to("elsewhere.file")
    for force in ([], ["--force"]):
        one_line(
            dambuster(*command(name, tiled_map, out), *force),
            str(out),
            "symbolic link to a file that does not exist",
        )
    assert out.is_symlink() and not (tmp_path / "elsewhere.file").exists()


def test_a_link_to_a_file_is_written_through_and_kept(tmp_path):
    target, link = tmp_path / "real.json", tmp_path / "link.json"
    target.write_bytes(PRECIOUS)
    link.symlink_to(target.name)
    assert dambuster("new", "hex", "-o", link, "--force").returncode == 0
    assert link.is_symlink() and b'"format_version"' in target.read_bytes()


@pytest.mark.parametrize(
    "args",
    [
        ["surge", "{IN}", "--dam", "dam-aller", "--turns", "1", "--apply", "{IN}"],
        ["surge", "{IN}", "--dam", "dam-aller", "--monte-carlo", "5", "--out-json", "{IN}"],
        ["player-view", "{IN}", "--side", "combine", "-o", "{IN}"],
        ["export-geojson", "{IN}", "-o", "{IN}"],
    ],
    ids=["surge --apply", "surge --out-json", "player-view", "export-geojson"],
)
def test_writing_over_the_input_needs_force(tmp_path, args):
    source = tmp_path / "input.json"
    source.write_bytes((TABLE if args[0] == "export-geojson" else VALLEY).read_bytes())
    before = source.read_bytes()
    argv = [source if a == "{IN}" else a for a in args]
    one_line(dambuster(*argv), "is an input file", "--force")
    assert source.read_bytes() == before
    assert dambuster(*argv, "--force").returncode == 0
    assert source.read_bytes() != before


def test_export_tiled_does_not_replace_a_tileset_image_left_beside_it(tmp_path):
    image = tmp_path / "map-terrain.png"
    image.write_bytes(PRECIOUS)
    one_line(dambuster("export-tiled", BASIC, "-o", tmp_path / "map.tmj"), "map-terrain.png", "--force")
    assert image.read_bytes() == PRECIOUS and not (tmp_path / "map.tmj").exists()


@pytest.mark.parametrize("target", ["/dev/null", "{tmp}"])
def test_a_device_or_a_folder_is_never_replaced(tmp_path, target):
    out = target.replace("{tmp}", str(tmp_path))
    one_line(dambuster("new", "hex", "-o", out, "--force"), "refused" if out == "/dev/null" else "folder")
    assert os.path.exists("/dev/null") and not Path("/dev/null").is_file()


# ------------------------------------------------------------------------------ stale temporary files
def temp_of(target: Path, *, killed: bool) -> tuple[Path, subprocess.Popen]:
    """A process that starts a save of ``target`` (a temporary file named as every save names it) and
    then waits: SIGKILLed at once when ``killed``, else left running."""
    code = (
        "import sys, time; from pathlib import Path; from dambuster.model.atomic_write import temp_name; "
        "p = temp_name(Path(sys.argv[1])); p.write_bytes(b'half a scenario'); print(p, flush=True); time.sleep(600)"
    )
    child = subprocess.Popen([sys.executable, "-c", code, str(target)], stdout=subprocess.PIPE, text=True)
    temp = Path(child.stdout.readline().strip())
    if killed:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
    return temp, child


def test_the_next_save_removes_temporary_files_of_killed_saves_only(tmp_path):
    target = tmp_path / "x.json"
    target.write_bytes(PRECIOUS)
    dead, _ = temp_of(target, killed=True)
    other_target, _ = temp_of(tmp_path / "y.json", killed=True)
    live, running = temp_of(target, killed=False)
    old_live, running2 = temp_of(target, killed=False)
    hours_ago = time.time() - STALE_AFTER_S - 60
    os.utime(old_live, (hours_ago, hours_ago))  # a process id alive again (reused) cannot keep it for ever
    foreign = dead.with_name(dead.name.replace(dead.name.split(".")[3].split("-")[0], "0therhst"))
    foreign.write_bytes(
        b"a save from another machine sharing the folder"
    )  # its process id means nothing here
    legacy_old, legacy_new = (
        tmp_path / ".x.json.k3_9qz0a.tmp",
        tmp_path / ".x.json.p0_7abc1.tmp",
    )  # earlier versions'
    legacy_old.write_bytes(b"17 MB")
    legacy_new.write_bytes(b"a save in progress")
    os.utime(legacy_old, (hours_ago, hours_ago))
    try:
        assert dead.name.startswith(".x.json.") and dead.exists()
        assert dambuster("new", "hex", "-o", target, "--force").returncode == 0
        assert not dead.exists() and not old_live.exists() and not legacy_old.exists()
        assert live.exists() and other_target.exists() and foreign.exists() and legacy_new.exists()
    finally:
        for child in (running, running2):
            child.kill()
            child.wait()
            child.stdout.close()
