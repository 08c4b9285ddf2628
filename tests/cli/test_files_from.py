"""`validate --files-from LIST`: the names of the files to check from a list (NUL- or line-separated, a
file or standard input), as the GitHub Action passes them; never a command line too long."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).with_name("dambuster"))


def validate(*args: str, cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [DAMBUSTER, "validate", "--format", "json", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        timeout=120,
    )


@pytest.fixture
def maps(tmp_path: Path) -> Path:
    """A valid map under names a line-separated list or a command line would get wrong."""
    good = (ROOT / "samples" / "ogre-basic.json").read_bytes()
    for name in ("plain.json", "--config=x.json", " spaced .json", "line\nbreak.json"):
        (tmp_path / name).write_bytes(good)
    return tmp_path


def checked(p: subprocess.CompletedProcess) -> list[str]:
    return sorted(f["path"] for f in json.loads(p.stdout)["files"])


def test_a_nul_separated_list_names_any_file(maps):
    names = ["plain.json", "--config=x.json", " spaced .json", "line\nbreak.json"]
    (maps / "list").write_bytes(b"\0".join(n.encode() for n in names) + b"\0")
    p = validate("--files-from", "list", cwd=maps)
    assert p.returncode == 0, p.stderr
    assert checked(p) == sorted(names)


def test_a_line_separated_list_from_standard_input_with_crlf_and_blank_lines(maps):
    p = validate(
        "--files-from",
        "-",
        cwd=maps,
        stdin=b"plain.json\r\n\r\n--config=x.json\n spaced .json\n",
    )
    assert p.returncode == 0, p.stderr
    assert checked(p) == [" spaced .json", "--config=x.json", "plain.json"]  # names as they are, blanks kept


def test_names_from_the_list_and_the_command_line_add_up(maps):
    (maps / "list").write_text("plain.json\n")
    p = validate("--files-from", "list", "--", "--config=x.json", cwd=maps)
    assert checked(p) == ["--config=x.json", "plain.json"]


@pytest.mark.parametrize(
    "args, said",
    [
        (["--files-from", "missing"], "--files-from missing: "),
        (["--files-from", "empty"], "the list names no file"),
        (["--files-from", "-", "-"], "standard input (-) cannot be both"),
        ([], "name the files to check"),
    ],
)
def test_a_list_that_cannot_be_used_is_one_line_exit_2(maps, args, said):
    (maps / "empty").write_bytes(b"\n\n")
    p = validate(*args, cwd=maps, stdin=b"")
    err = p.stderr.decode()
    assert p.returncode == 2 and p.stdout == b"" and err.splitlines() == [err.strip()]
    assert said in err and "Traceback" not in err


def test_a_listed_name_that_does_not_exist_is_reported_like_a_named_one(maps):
    (maps / "list").write_text("plain.json\nnope.json\n")
    p = validate("--files-from", "list", cwd=maps)
    assert p.returncode == 2 and "nope.json" in p.stdout.decode()


def test_a_listed_dash_is_a_file_named_dash_not_standard_input(maps):
    (maps / "-").write_bytes((maps / "plain.json").read_bytes())
    (maps / "list").write_text("-\n")
    p = validate("--files-from", "list", cwd=maps, stdin=b"not json")
    assert p.returncode == 0, p.stderr
    assert checked(p) == ["./-"]
