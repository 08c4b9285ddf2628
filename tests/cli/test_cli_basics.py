"""The command line as a first-time user meets it: help, the schema, new files, validate, exit codes.

Most checks call ``dambuster.cli.main`` in-process (fast); a few run the real program
(``python -m dambuster`` and the installed ``dambuster`` script) to prove the entry points work.
Rule-specific validation (exit 1, --select, --jobs, report formats) is in test_cli_validate.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from strategies import rich_hex_scenario, rich_table_scenario

from dambuster import __version__
from dambuster.cli import main
from dambuster.model import load, save

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("dambuster")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dambuster", *args], capture_output=True, text=True, timeout=120
    )


def call(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as e:  # argparse: --help, --version, usage errors
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err


# ------------------------------------------------------------------------------- help
def test_python_dash_m_dambuster_shows_help_and_version():
    result = run("--help")
    assert result.returncode == 0
    for command in ("validate", "schema", "new"):
        assert command in result.stdout
    version = run("--version")
    assert (version.returncode, version.stdout.strip()) == (0, f"dambuster {__version__}")


def test_installed_script_runs():
    if not SCRIPT.exists():
        pytest.skip(f"no dambuster script beside {sys.executable} (pip install -e .)")
    result = subprocess.run([str(SCRIPT), "--help"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "validate" in result.stdout


def test_validate_help_explains_exit_codes(capsys):
    code, out, _ = call(capsys, "validate", "--help")
    assert code == 0
    assert "Exit 0" in out and "1 when" in out and "2 when" in out


def test_no_command_is_a_usage_error(capsys):
    code, out, err = call(capsys)
    assert code == 2 and "usage:" in err and out == ""


# ----------------------------------------------------------------------------- schema
def test_schema_prints_the_published_schema(capsys):
    code, out, _ = call(capsys, "schema")
    assert code == 0
    schema = json.loads(out)
    assert schema == json.loads((ROOT / "schema" / "scenario.schema.json").read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


# -------------------------------------------------------------------------------- new
@pytest.mark.parametrize("kind", ["hex", "table"])
def test_new_writes_a_file_that_validates(tmp_path, capsys, kind):
    target = tmp_path / f"{kind}.json"
    code, out, err = call(capsys, "new", kind, "-o", str(target), "--title", "Première carte")
    assert code == 0 and f"wrote {target}" in err
    assert load(target).meta.title == "Première carte"
    code, out, _ = call(capsys, "validate", str(target))
    assert code == 0 and f"{target}: ok" in out


def test_new_hex_takes_size_orientation_offset_and_profiles(tmp_path, capsys):
    target = tmp_path / "m.json"
    code, _, _ = call(
        capsys,
        "new",
        "hex",
        "-o",
        str(target),
        "--columns",
        "7",
        "--rows",
        "4",
        "--orientation",
        "pointy",
        "--offset",
        "even-r",
        "--profile",
        "ogre-dambusters",
    )
    assert code == 0
    s = load(target)
    assert (s.map.columns, s.map.rows, s.map.orientation, s.map.offset) == (7, 4, "pointy", "even-r")
    assert s.meta.profiles == ["ogre-dambusters"]
    assert s.unit_types  # the default catalog travels with the scenario


def test_new_table_takes_size_and_unit(tmp_path, capsys):
    target = tmp_path / "t.json"
    assert (
        call(capsys, "new", "table", "-o", str(target), "--width", "48", "--depth", "32", "--unit", "inches")[
            0
        ]
        == 0
    )
    s = load(target)
    assert (s.map.width, s.map.depth, s.map.unit) == (48.0, 32.0, "inches")


def test_new_without_output_prints_the_scenario(capsys):
    code, out, _ = call(capsys, "new", "hex", "--columns", "3", "--rows", "3")
    assert code == 0
    assert json.loads(out)["map"]["columns"] == 3


def test_new_refuses_to_overwrite_without_force(tmp_path, capsys):
    target = tmp_path / "mine.json"
    save(rich_hex_scenario(), target)
    before = target.read_bytes()
    code, _out, err = call(capsys, "new", "table", "-o", str(target))
    assert code == 2 and "--force" in err and len(err.splitlines()) == 1
    assert target.read_bytes() == before
    assert call(capsys, "new", "table", "-o", str(target), "--force")[0] == 0
    assert load(target).map.kind == "table"


def test_new_refuses_an_offset_of_the_other_orientation(tmp_path, capsys):
    target = tmp_path / "x.json"
    code, _, err = call(capsys, "new", "hex", "-o", str(target), "--orientation", "flat", "--offset", "odd-r")
    assert code == 2 and "odd-q" in err and len(err.splitlines()) == 1
    assert not target.exists()


def test_new_into_a_missing_folder_fails_cleanly(tmp_path, capsys):
    code, _, err = call(capsys, "new", "hex", "-o", str(tmp_path / "no" / "such" / "dir.json"))
    assert code == 2 and "cannot write" in err and "Traceback" not in err


# --------------------------------------------------------------------------- validate
def _no_profiles(scenario):
    scenario.meta.profiles = []  # loads and saves; no rule runs on it
    return scenario


@pytest.fixture
def tree(tmp_path) -> Path:
    """good/a.json, good/deeper/b.json, bad/c.json (not JSON), a skipped report and a hidden folder."""
    (tmp_path / "good" / "deeper").mkdir(parents=True)
    save(_no_profiles(rich_hex_scenario()), tmp_path / "good" / "a.json")
    save(_no_profiles(rich_table_scenario()), tmp_path / "good" / "deeper" / "b.json")
    (tmp_path / "good" / "a.expected.json").write_text("{}", encoding="utf-8")
    (tmp_path / "good" / "notes.txt").write_text("not a scenario", encoding="utf-8")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "h.json").write_text("nope", encoding="utf-8")
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "c.json").write_text('{"format_version": ', encoding="utf-8")
    return tmp_path


def test_validate_a_folder_recurses(tree, capsys):
    code, out, err = call(capsys, "validate", str(tree / "good"))
    assert code == 0 and err == ""
    assert f"{tree / 'good' / 'a.json'}: ok" in out
    assert f"{tree / 'good' / 'deeper' / 'b.json'}: ok" in out
    assert "expected" not in out and "notes" not in out
    assert "2 file(s) checked, 0 with errors" in out


def test_validate_exit_2_when_any_file_is_unreadable(tree, capsys):
    code, out, err = call(capsys, "validate", str(tree))
    assert code == 2
    (line,) = [ln for ln in err.splitlines() if "c.json" in ln]  # one line per refused file
    assert line.startswith(f"dambuster: {tree / 'bad' / 'c.json'}: line 1 ") and line.endswith("(JSON)")
    assert "h.json" not in out + err  # hidden folders are not searched


def test_validate_missing_path_and_empty_folder_exit_2(tmp_path, capsys):
    code, _, err = call(capsys, "validate", str(tmp_path / "absent.json"))
    assert code == 2 and "absent.json" in err
    (tmp_path / "empty").mkdir()
    code, _, err = call(capsys, "validate", str(tmp_path / "empty"))
    assert code == 2 and "no .json files" in err


def test_json_report_shape(tree, capsys):
    code, out, _ = call(
        capsys, "validate", "--format", "json", str(tree / "good"), str(tree / "bad" / "c.json")
    )
    assert code == 2
    report = json.loads(out)
    assert list(report) == ["files"]
    by_path = {f["path"]: f for f in report["files"]}
    assert set(by_path) == {
        str(tree / "good" / "a.json"),
        str(tree / "good" / "deeper" / "b.json"),
        str(tree / "bad" / "c.json"),
    }
    for f in report["files"]:
        assert {"path", "valid", "violations"} <= set(f)
        assert isinstance(f["valid"], bool) and isinstance(f["violations"], list)
        for v in f["violations"]:
            assert {"code", "severity", "message", "location"} <= set(v)
            assert v["severity"] in ("error", "warning") and isinstance(v["location"], dict)
    bad = by_path[str(tree / "bad" / "c.json")]
    assert bad["valid"] is False
    assert [(v["code"], v["severity"]) for v in bad["violations"]] == [("JSON", "error")]
    assert bad["violations"][0]["location"]["line"] == 1
    assert by_path[str(tree / "good" / "a.json")]["valid"] is True


def test_json_report_of_a_schema_error_has_its_pointer(tmp_path, capsys):
    path = tmp_path / "schema.json"
    path.write_text(json.dumps({"format_version": "1.0"}), encoding="utf-8")
    code, out, _ = call(capsys, "validate", "--format", "json", str(path))
    assert code == 2
    (f,) = json.loads(out)["files"]
    assert f["violations"][0]["code"] == "SCHEMA" and "pointer" in f["violations"][0]["location"]


def test_real_program_validates_and_exits_0_then_2(tree):
    ok = run("validate", str(tree / "good"))
    assert ok.returncode == 0 and "2 file(s) checked" in ok.stdout
    bad = run("validate", str(tree / "bad"))
    assert bad.returncode == 2 and len(bad.stderr.splitlines()) == 1
    assert "Traceback" not in bad.stdout + bad.stderr
