"""Attacks an outside tester made on the installed command (issue 19), each replayed through
``dambuster`` as a user runs it: one line on stderr, exit status 2, nothing lost."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
BROKEN = (ROOT / "samples" / "invalid" / "duplicate-id.json").read_text(encoding="utf-8")


def dambuster(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [DAMBUSTER, *args], capture_output=True, text=True, cwd=cwd, timeout=120, check=False
    )


@pytest.mark.parametrize("command", ["validate", "fmt"])
@pytest.mark.parametrize(
    "encode",
    [
        pytest.param(
            lambda s: s.replace('"format_version"', '"format\\u005fversion"', 1).encode(),
            id="escaped-key",
        ),
        pytest.param(lambda s: s.encode("utf-16"), id="utf-16"),
        pytest.param(
            lambda s: s[: len(s) // 2].replace('"format_version"', '"format\\u005fversion"', 1).encode(),
            id="cut-short-escaped",
        ),
    ],
)
def test_scenarios_only_is_not_fooled_by_how_the_key_is_written(tmp_path, command, encode):
    """The pre-commit hooks run --scenarios-only: a broken scenario whose key is written with an
    escape (or a scenario in UTF-16) is checked and fails the hook, never skipped."""
    path = tmp_path / "map.json"
    path.write_bytes(encode(BROKEN))
    args = ["--check"] if command == "fmt" else []
    run = dambuster(command, *args, "--scenarios-only", "--", str(path))
    assert run.returncode != 0, run
    assert str(path) in run.stderr or str(path) in run.stdout, run


def test_scenarios_only_still_skips_other_json(tmp_path):
    """Editor settings, package files and JSON with comments (tsconfig.json) are not scenarios."""
    files = {
        "package.json": '{"name": "x", "version": "1.0.0"}',
        "tsconfig.json": '{\n  // comment\n  "compilerOptions": {"strict": true,},\n}',
        "list.json": '[{"format\\u005fversion": "1.3"}]',
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    run = dambuster("validate", "--scenarios-only", "--", *(str(tmp_path / n) for n in files))
    assert run.returncode == 0, run
    assert run.stderr == "", run


def _maps(folder: Path) -> Path:
    folder.mkdir(parents=True)
    for name in ("ogre-basic.json", "sewer-flash-flood.json"):
        (folder / name).write_bytes((ROOT / "samples" / name).read_bytes())
    return folder


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    ("maps", "output", "says"),
    [
        ("maps", "maps", "is the folder of maps itself"),
        ("precious/maps", "precious", "holds the folder of maps"),
        ("maps", "maps/campaign", "holds files that are not a site (notes.txt)"),
        ("maps", "notes.txt", "is a file, not a folder"),
    ],
)
def test_site_never_replaces_its_own_maps(tmp_path, maps, output, says):
    """`site DIR -o DIR --force` deleted the maps; `-o` a folder holding DIR wiped unrelated files."""
    _maps(tmp_path / maps)
    (tmp_path / "maps" / "campaign").mkdir(parents=True, exist_ok=True)
    (tmp_path / "maps" / "campaign" / "notes.txt").write_text("keep", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("keep", encoding="utf-8")
    before = _tree(tmp_path)
    run = dambuster("site", maps, "-o", output, "--force", "--jobs", "1", cwd=tmp_path)
    assert run.returncode == 2, run
    assert run.stderr.count("\n") == 1 and says in run.stderr, run.stderr
    assert _tree(tmp_path) == before


def test_site_inside_the_maps_is_rebuilt(tmp_path):
    """The Action's default: the gallery of the checkout (.) written to _site inside it, again with --force."""
    _maps(tmp_path / "maps")
    for _ in range(2):
        run = dambuster("site", ".", "-o", "_site", "--force", "--jobs", "1", cwd=tmp_path)
        assert run.returncode == 0, run
    assert (tmp_path / "_site" / "index.html").is_file()
    assert (tmp_path / "maps" / "ogre-basic.json").is_file()


def test_site_publishes_no_file_through_a_link(tmp_path):
    """A *.json link to a file elsewhere (a secret on the runner) is refused, never published."""
    secret = tmp_path / "secret.json"
    secret.write_bytes((ROOT / "samples" / "ogre-basic.json").read_bytes())
    maps = _maps(tmp_path / "maps")
    (maps / "leak.json").symlink_to(secret)
    run = dambuster("site", str(maps), "-o", str(tmp_path / "site"), "--jobs", "1")
    assert run.returncode == 2, run
    assert run.stderr.count("\n") == 1 and "leak.json: is a symbolic link" in run.stderr, run.stderr
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("key", ["cache", "within"])
def test_settings_path_with_a_nul_byte_is_named(tmp_path, key):
    """A settings file a pull request adds, with a path holding NUL: one line naming file and key
    (it was "internal error: ValueError: embedded null byte")."""
    (tmp_path / "map.json").write_bytes((ROOT / "samples" / "ogre-basic.json").read_bytes())
    (tmp_path / "dambuster.toml").write_text(f'{key} = "a\\u0000b"\n', encoding="utf-8")
    run = dambuster("validate", "--", "map.json", cwd=tmp_path)
    assert run.returncode == 2, run
    assert run.stderr.count("\n") == 1, run.stderr
    assert f"dambuster.toml: {key}: holds a NUL character" in run.stderr, run.stderr
    assert "internal error" not in run.stderr


@pytest.mark.parametrize("suffix", [".geojson", ".gpkg", ".fgb"])
def test_export_geojson_refuses_a_map_over_its_budget_up_front(tmp_path, suffix):
    """A legal 1000 x 1000 map ran 10 s and 400 MB before its budget stopped it; now the features are
    counted first and the export refused at once, naming --budget, with no output written."""
    document = json.loads((ROOT / "samples" / "ogre-basic.json").read_text(encoding="utf-8"))
    document["map"].update(columns=1000, rows=1000)
    document["map"]["terrain"]["rows"] = ["c" * 1000] * 1000
    path = tmp_path / "wide.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = tmp_path / f"out{suffix}"
    run = dambuster("export-geojson", str(path), "-o", str(out))
    assert run.returncode == 2, run
    assert run.stderr.count("\n") == 1, run.stderr
    assert "about 1,000,0" in run.stderr and "--budget SECONDS" in run.stderr, run.stderr
    assert not out.exists()


def test_fmt_budget_names_the_file_it_stopped(tmp_path):
    """fmt had no --budget (and its out-of-memory line named "the work"): now each file gets its own
    budget, and the line names the file that ran out; the file is left as it was."""
    big = json.loads((ROOT / "samples" / "ogre-basic.json").read_text(encoding="utf-8"))
    big["map"].update(columns=600, rows=600)
    big["map"]["terrain"]["rows"] = ["c" * 600] * 600
    (tmp_path / "big.json").write_text(json.dumps(big), encoding="utf-8")
    before = (tmp_path / "big.json").read_bytes()
    run = dambuster("fmt", "--budget", "0.001", "--", "big.json", cwd=tmp_path)
    assert run.returncode == 2, run
    first, summary = run.stderr.splitlines()
    assert first.startswith("dambuster fmt: big.json: stopped: the 0.001 s budget (CPU time) ran out"), first
    assert "1 could not be formatted" in summary, summary
    assert (tmp_path / "big.json").read_bytes() == before


@pytest.mark.parametrize("command", ["collapse", "fmt", "site"])
def test_every_command_on_a_file_has_a_budget(command):
    run = dambuster(command, "--help")
    assert "--budget SECONDS" in run.stdout, run.stdout


def test_collapse_budget_stops_it(tmp_path):
    run = dambuster(
        "collapse", str(ROOT / "samples" / "ogre-basic.json"), "--dam", "nowhere", "--budget", "0.001"
    )
    assert run.returncode == 2, run
    assert run.stderr.count("\n") == 1 and "budget (CPU time) ran out" in run.stderr, run.stderr


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--monte-carlo", "10", "--apply", "A", "--out-json", "A", "--force"], "--apply writes the map"),
        (["--out-json", "A"], "--out-json writes the probabilities of --monte-carlo N"),
        (["--out-csv", "A", "--apply", "B"], "--out-csv writes the probabilities of --monte-carlo N"),
    ],
)
def test_surge_refuses_an_output_it_would_ignore(tmp_path, options, says):
    """surge silently ignored --apply with --monte-carlo, and --out-json/--out-csv without it."""
    (tmp_path / "v.json").write_bytes((ROOT / "samples" / "ogre-dambusters-valley.json").read_bytes())
    run = dambuster("surge", "v.json", "--dam", "dam-aller", *options, cwd=tmp_path)
    assert run.returncode == 2, run
    assert run.stderr.count("\n") == 1 and says in run.stderr, run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["v.json"]


@pytest.mark.parametrize("command", [["validate"], ["fmt", "--check"]])
def test_dash_after_double_dash_is_a_file(tmp_path, command):
    """After `--` every argument is a file: `-` there is the file ./- (a staged file of that name),
    never standard input."""
    (tmp_path / "-").write_bytes((ROOT / "samples" / "ogre-basic.json").read_bytes())
    run = subprocess.run(
        [DAMBUSTER, *command, "--", "-"],
        input="not json",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run
    assert "not valid JSON" not in run.stderr, run.stderr


LIMIT_MB = 90  # under it Python starts, but numpy (OpenBLAS's buffers) and Qt cannot load


def _limited(limit_mb: int):
    def apply() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, resource.RLIM_INFINITY))

    return apply


@pytest.mark.parametrize(
    "command",
    [
        ["fmt", "--check", "--", "{map}"],
        ["surge", "{map}", "--dam", "dam-aller", "--monte-carlo", "10"],
        pytest.param(["render", "{map}", "-o", "out.png"], marks=pytest.mark.qt),  # draws with Qt
    ],
    ids=["fmt", "surge", "render"],
)
def test_memory_running_out_under_ulimit_is_one_line_naming_the_limit(tmp_path, command):
    """Under `ulimit -v` a native library's death (OpenBLAS's "Memory allocation still failed", exit 1;
    Qt's loader: "QtWidgets is missing") was the wrong line or exit status: now one line naming the
    file and the actual limit, exit 2, and nothing written."""
    path = tmp_path / "valley.json"
    document = json.loads((ROOT / "samples" / "ogre-dambusters-valley.json").read_text(encoding="utf-8"))
    if command[0] == "fmt":  # past 4 MB: read with numpy, as the attacker's 15 MB map was
        document["meta"]["description"] = "x" * 4_500_000
    path.write_text(json.dumps(document), encoding="utf-8")
    before = path.read_bytes()
    run = subprocess.run(
        [DAMBUSTER, *(a.replace("{map}", "valley.json") for a in command)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
        preexec_fn=_limited(LIMIT_MB),
    )
    assert run.returncode == 2, run
    assert run.stderr.count("\n") == 1, run.stderr
    assert "valley.json: stopped: memory ran out" in run.stderr, run.stderr
    assert f"at most {LIMIT_MB} MB: ulimit -v" in run.stderr, run.stderr
    assert path.read_bytes() == before and not (tmp_path / "out.png").exists()


@pytest.mark.parametrize("value", ["１", "1_0", " 7", "7 ", "٣"])
def test_numbers_are_ascii_digits_only(value):
    """Python's int() took a full-width digit, underscores and spaces: an option now takes ASCII digits."""
    run = dambuster(
        "surge", str(ROOT / "samples" / "ogre-dambusters-valley.json"), "--dam", "dam-aller", "--turns", value
    )
    assert run.returncode == 2, run
    assert run.stderr.count("\n") == 1 and "is not a whole number" in run.stderr, run.stderr


def test_validate_says_memory_ran_out_not_numpys_import_advice(tmp_path):
    """Under a low `ulimit -v` numpy cannot load: validate said "cannot be checked: ImportError:
    IMPORTANT: PLEASE READ THIS..." as a SCHEMA finding; now the file is not checked for want of memory."""
    document = json.loads((ROOT / "samples" / "ogre-dambusters-valley.json").read_text(encoding="utf-8"))
    document["meta"]["description"] = "x" * 4_500_000  # past 4 MB: read with numpy
    path = tmp_path / "valley.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    run = subprocess.run(
        [DAMBUSTER, "validate", "--", "valley.json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
        preexec_fn=_limited(110),
    )
    assert run.returncode == 2, run
    assert "ImportError" not in run.stderr and "IMPORTANT" not in run.stderr, run.stderr
    assert "valley.json" in run.stderr and ("memory" in run.stderr or "too large" in run.stderr), run.stderr
