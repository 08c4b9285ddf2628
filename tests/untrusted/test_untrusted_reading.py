"""Reading files from strangers (docs/untrusted.md, "Reading"): only regular files, bounded by bytes read.

Every subcommand that reads a file is run through the installed command on a FIFO (open() would block
for ever), on /dev/zero (endless bytes whose stat says 0) and on a link to it: each is refused in one
line with exit 2, and the timeout turns a hang into a failure. A folder holding such entries is checked
plainly, with -j 2, with --cache and as SARIF: each entry is reported once as refused, the good file
still checked. The JSON pre-scan refuses more than MAX_VALUES values before building anything, and
counts exactly whatever strings hold. Last, the wording of three Tiled import refusals.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dambuster.model import ScenarioError, loads
from dambuster.model.json_prescan import MAX_DEPTH, MAX_VALUES, check, count_values, skeleton

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
SAMPLE = ROOT / "samples" / "ogre-basic.json"
HANG = 120  # seconds: only turns a hang into a failure


def dambuster(*args, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [DAMBUSTER, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=HANG,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
    )


def assert_refused_in_one_line(r: subprocess.CompletedProcess, *words: str) -> str:
    assert r.returncode == 2, r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    for w in words:
        assert w in lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def tmj(tmp_path_factory) -> Path:
    """A Tiled map exported from a sample (for import-tiled and its --terrain-map)."""
    out = tmp_path_factory.mktemp("tiled") / "basic.tmj"
    assert dambuster("export-tiled", SAMPLE, "-o", out).returncode == 0
    return out


def special(tmp_path: Path, kind: str) -> Path:
    if kind == "fifo":
        path = tmp_path / "pipe.json"
        os.mkfifo(path)
        return path
    if kind == "link-to-dev-zero":
        path = tmp_path / "zero.json"
        path.symlink_to("/dev/zero")
        return path
    return Path("/dev/zero")


KIND_WORDS = {"fifo": "FIFO", "link-to-dev-zero": "character device", "dev-zero": "character device"}
COMMANDS = {
    "validate": lambda p, tmp, tmj: ["validate", p],
    "surge": lambda p, tmp, tmj: ["surge", p, "--dam", "d1"],
    "flood": lambda p, tmp, tmj: ["flood", p],
    "player-view": lambda p, tmp, tmj: ["player-view", p, "--side", "x"],
    "export-tiled": lambda p, tmp, tmj: ["export-tiled", p, "-o", tmp / "out.tmj"],
    "export-geojson": lambda p, tmp, tmj: ["export-geojson", p],
    "import-tiled": lambda p, tmp, tmj: ["import-tiled", p],
    "import-tiled --terrain-map": lambda p, tmp, tmj: ["import-tiled", tmj, "--terrain-map", p],
}


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_refuses_a_fifo_and_dev_zero_in_one_line(tmp_path, tmj, command, kind):
    path = special(tmp_path, kind)
    r = dambuster(*COMMANDS[command](path, tmp_path, tmj))
    line = assert_refused_in_one_line(r, str(path), KIND_WORDS[kind], "not a regular file")
    assert line.startswith("dambuster:" if command == "validate" else f"dambuster {command.split()[0]}:")
    assert ": /: " not in line  # a problem of the whole file has no WHERE ("NAME: WHAT (CODE)")
    assert not (tmp_path / "out.tmj").exists()


@pytest.mark.parametrize("command", ["surge", "import-tiled"])
def test_a_link_to_dev_zero_is_judged_by_what_it_names(tmp_path, tmj, command):
    path = special(tmp_path, "link-to-dev-zero")
    assert_refused_in_one_line(dambuster(*COMMANDS[command](path, tmp_path, tmj)), "character device")


def hostile_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "good.json").write_bytes(SAMPLE.read_bytes())
    os.mkfifo(folder / "pipe.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "dangling.json").symlink_to("nowhere.json")
    return folder


REFUSED = {"pipe.json": "FIFO", "zero.json": "character device", "dangling.json": "does not exist"}


@pytest.mark.parametrize(
    "options",
    [[], ["-j", "2"], ["--cache", "{tmp}/cache.json"], ["--cache", "{tmp}/cache.json", "-j", "2"]],
    ids=["plain", "jobs-2", "cache", "cache-jobs-2"],
)
def test_a_folder_with_special_entries_reports_each_once_and_checks_the_rest(tmp_path, options):
    folder = hostile_folder(tmp_path)
    opts = [o.replace("{tmp}", str(tmp_path)) for o in options]
    for _ in range(2 if "--cache" in opts else 1):  # the second run reads the cache it wrote
        r = dambuster("validate", folder, "--format", "json", *opts)
        assert r.returncode == 2 and "Traceback" not in r.stderr
        for name, words in REFUSED.items():
            mine = [ln for ln in r.stderr.splitlines() if f"{name}:" in ln]
            assert len(mine) == 1 and words in mine[0], r.stderr
        report = {Path(f["path"]).name: f["valid"] for f in json.loads(r.stdout)["files"]}
        assert report == {"good.json": True, "pipe.json": False, "zero.json": False, "dangling.json": False}


@pytest.mark.parametrize("fmt", ["sarif", "github", "junit"])
def test_other_report_formats_never_open_special_entries(tmp_path, fmt):
    r = dambuster("validate", hostile_folder(tmp_path), "--format", fmt)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert sum(1 for ln in r.stderr.splitlines() if "pipe.json:" in ln) == 1


def test_a_fifo_named_beside_a_good_file_does_not_stop_the_good_one(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    r = dambuster("validate", tmp_path / "pipe.json", SAMPLE, "--format", "json")
    assert r.returncode == 2
    assert [f["valid"] for f in json.loads(r.stdout)["files"]] == [False, True]


# ------------------------------------------------------------------------------ the pre-scan
def measure(tmp_path: Path, path: Path) -> tuple[subprocess.CompletedProcess, int]:
    """`dambuster validate path` run by a small Python parent that reports the child's peak RSS (MB)."""
    code = (
        "import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
        "sys.stderr.write(r.stderr); print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, DAMBUSTER, "validate", str(path)],
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    returncode, peak = map(int, r.stdout.split())
    return subprocess.CompletedProcess(r.args, returncode, "", r.stderr), peak


def test_eleven_million_empty_objects_are_refused_before_they_are_built(tmp_path):
    path = tmp_path / "empties.json"
    path.write_bytes(b"[" + b"{}," * 10_999_999 + b"{}]")  # 33 MB: inside the 32 MiB cap
    r, peak_mb = measure(tmp_path, path)
    assert_refused_in_one_line(r, f"{MAX_VALUES:,}", "11,000,001 JSON values", "(JSON)")
    assert peak_mb < 400  # building them took 1.06 GB


@pytest.mark.slow
def test_a_refused_value_after_millions_is_found_without_a_copy_of_the_tree(tmp_path):
    path = tmp_path / "late-nan.json"
    path.write_bytes(b"[" + b"0," * (MAX_VALUES - 2) + b"NaN]")
    r, peak_mb = measure(tmp_path, path)
    assert_refused_in_one_line(r, f"/{MAX_VALUES - 2}: NaN is not a valid JSON number")
    assert peak_mb < 300  # a path tuple for every value took 900 MB more


def test_the_value_cap_is_exact():
    at_cap = b"[" + b"0," * (MAX_VALUES - 2) + b"0]"  # the array and MAX_VALUES - 1 numbers
    with pytest.raises(ScenarioError) as e:
        loads(at_cap)
    assert e.value.code == "SCHEMA"  # parsed: then refused as not an object
    with pytest.raises(ScenarioError, match=f"{MAX_VALUES + 1:,} JSON values") as e:
        loads(at_cap.replace(b"[", b"[0,", 1))
    assert e.value.code == "JSON"


def reference_count(value) -> int:
    if isinstance(value, dict):
        return 1 + sum(reference_count(v) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(reference_count(v) for v in value)
    return 1


def reference_depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max((reference_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((reference_depth(v) for v in value), default=0)
    return 0


TRICKY_TEXT = st.text(alphabet=st.sampled_from(list('[]{},:"\\ \n\tab\u00e9\u202e0')), max_size=12)
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TRICKY_TEXT,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TRICKY_TEXT, inner, max_size=5),
    max_leaves=40,
)


@given(JSON_VALUES, st.sampled_from([None, 0, 2]), st.booleans())
def test_the_pre_scan_counts_values_whatever_the_strings_hold(value, indent, ascii_only):
    data = json.dumps(value, indent=indent, ensure_ascii=ascii_only).encode("utf-8")
    assert count_values(skeleton(data)) == reference_count(value)
    assert check(data).values == reference_count(value)


@given(st.integers(1, 3 * MAX_DEPTH), TRICKY_TEXT)
def test_the_pre_scan_refuses_exactly_what_nests_too_deep(levels, text):
    value = text
    for i in range(levels):
        value = [value] if i % 2 else {text: value}
    data = json.dumps(value).encode("utf-8")
    if reference_depth(value) > MAX_DEPTH:
        with pytest.raises(ScenarioError, match="nesting deeper"):
            check(data)
    else:
        check(data)


# ------------------------------------------------------------------------------ wording
def test_a_terrain_map_key_that_looks_like_a_digit_is_named(tmp_path, tmj):
    mapping = tmp_path / "gids.json"
    mapping.write_text(json.dumps({"²": "clear"}), encoding="utf-8")
    line = assert_refused_in_one_line(dambuster("import-tiled", tmj, "--terrain-map", mapping), str(mapping))
    assert "'²' is not a gid" in line and "internal error" not in line


def edited_tmj(tmp_path: Path, tmj: Path, edit) -> Path:
    doc = json.loads(tmj.read_text(encoding="utf-8"))
    edit(doc)
    out = tmp_path / "edited.tmj"
    out.write_text(json.dumps(doc), encoding="utf-8")
    return out


def test_a_decompression_bomb_says_the_data_inflates_past_the_map(tmp_path, tmj):
    def bomb(doc):
        layer = next(layer for layer in doc["layers"] if layer["name"] == "terrain")
        layer.update(
            encoding="base64",
            compression="zlib",
            data=base64.b64encode(zlib.compress(bytes(64 * 1024 * 1024), 9)).decode("ascii"),
        )

    n = 15 * 22
    line = assert_refused_in_one_line(dambuster("import-tiled", edited_tmj(tmp_path, tmj, bomb)))
    assert f"inflates to more than the map's {n} tiles" in line and "holds" not in line


def test_a_map_without_orientation_says_so(tmp_path, tmj):
    line = assert_refused_in_one_line(
        dambuster("import-tiled", edited_tmj(tmp_path, tmj, lambda d: d.update(orientation="")))
    )
    assert "gives no orientation" in line and "an  map" not in line
