"""A map deeper than the system's longest path (PATH_MAX) inside a checked folder is never passed by in
silence: the folder that cannot be listed is reported, exit 2 (it was skipped, and the run said ok);
named directly, such a file is one line, not an internal error. Found by an outside tester."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

DAMBUSTER = str(Path(sys.executable).with_name("dambuster"))
SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "ogre-basic.json"


def deep_map(top: Path) -> str:
    """A map at a path of about 5,000 characters under ``top`` (made a folder at a time, relative to
    the last: the whole path is too long for any call given it at once). Returns that path."""
    name = "d" * 250
    fd = os.open(top, os.O_DIRECTORY)
    for _ in range(20):
        os.mkdir(name, dir_fd=fd)
        inner = os.open(name, os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd = inner
    out = os.open("deep.json", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
    os.write(out, SAMPLE.read_bytes())
    os.close(out)
    os.close(fd)
    return str(top / "/".join([name] * 20) / "deep.json")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([DAMBUSTER, *args], capture_output=True, text=True, timeout=120)


def test_a_folder_too_deep_to_list_is_reported_not_skipped(tmp_path):
    shutil.copy(SAMPLE, tmp_path / "ok.json")
    deep_map(tmp_path)
    p = run("validate", str(tmp_path))
    assert p.returncode == 2, p.stdout + p.stderr
    [line] = p.stderr.splitlines()
    assert "a folder that cannot be listed: File name too long" in line and "Traceback" not in p.stderr
    assert f"{tmp_path / 'ok.json'}: ok" in p.stdout


def test_a_file_named_at_too_long_a_path_is_one_line(tmp_path):
    p = run("validate", deep_map(tmp_path))
    assert p.returncode == 2
    [line] = p.stderr.splitlines()
    assert line.endswith("cannot be read: File name too long (JSON)") and "internal error" not in line


def test_fmt_says_so_too(tmp_path):
    deep_map(tmp_path)
    p = run("fmt", "--check", str(tmp_path))
    assert p.returncode == 2 and "a folder that cannot be listed: File name too long" in p.stderr
