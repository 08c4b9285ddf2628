"""Work per file for every command, not only validate: work that cannot fit in --budget is refused up
front in one line naming the option that changes it; work that runs out of its budget, or of memory,
is stopped in one line; exit 2 and nothing written either way. Small files, or files generated here;
nothing here is timed (scripts/bench_budget.py --commands measures)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest
from command_examples import Inputs, runs_of

from dambuster.cli import build_parser
from dambuster.cli.commands import declarations

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
VALLEY = SAMPLES / "ogre-dambusters-valley.json"
SEWER = SAMPLES / "sewer-flash-flood.json"
TABLE = SAMPLES / "dbm-table.json"


def dambuster(*args, limit_data: int | None = None, stdin: Path | None = None) -> subprocess.CompletedProcess:
    def limited():
        import resource  # (POSIX only; only the memory test sets a limit)

        resource.setrlimit(resource.RLIMIT_DATA, (limit_data, limit_data))

    with open(stdin or os.devnull, "rb") as f:
        return subprocess.run(
            [DAMBUSTER, *map(str, args)],
            capture_output=True,
            text=True,
            preexec_fn=limited if limit_data else None,
            timeout=600,
            stdin=f,
        )


def one_line_exit_2(p: subprocess.CompletedProcess) -> str:
    assert p.returncode == 2, (p.returncode, p.stderr)
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in p.stderr and "internal error" not in p.stderr, p.stderr
    return lines[0]


# ------------------------------------------------------------------- every command has a budget
def _budgeted() -> list[str]:
    """The commands main() runs under their --budget as a whole (fmt and site spend it per file, as
    validate does)."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [name for name, p in sub.choices.items() if p.get_default("budgeted")]


BUDGETED = _budgeted()


def test_every_command_that_works_on_a_file_has_a_budget():
    """Each command that reads a file declares so and takes --budget (tests/cli/test_commands_complete.py
    checks every one); those budgeted as a whole are each run below, on their first example."""
    readers = {name for name, d in declarations().items() if d.reads}
    assert {"render", "surge", "import-tiled"} <= set(BUDGETED) <= readers


@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> Inputs:
    return Inputs(tmp_path_factory.mktemp("samples"), hostile=False)


@pytest.mark.parametrize("command", BUDGETED)
def test_work_past_its_budget_is_stopped_in_one_line_and_writes_nothing(command, samples, tmp_path):
    """A budget far too small for the work (a millisecond of CPU): stopped, or refused up front. The
    work is the command's first declared example, on the samples."""
    [run] = runs_of(declarations()[command], samples, tmp_path, samples.folder, first_only=True)
    if run.draws:
        pytest.importorskip("PySide6")
    line = one_line_exit_2(dambuster(command, *run.argv, "--budget", "0.001", stdin=run.stdin))
    assert "--budget" in line and ("ran out" in line or "budget allows" in line), line
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------------- refused up front
def test_a_monte_carlo_too_large_for_the_budget_is_refused_before_it_runs():
    line = one_line_exit_2(dambuster("surge", VALLEY, "--dam", "dam-aller", "--monte-carlo", 1_000_000))
    assert "runs x river hexes" in line and "fewer --monte-carlo runs" in line and "--budget" in line


@pytest.mark.skipif(sys.platform == "win32", reason="a process data limit is POSIX")
def test_out_of_memory_is_one_line_naming_the_file_and_the_limit(river_on_huge_map):
    """Under a process limit (ulimit -d 250 MB) one breach down a 4,003-hex river of a 1000 x 1000 map
    (1.4 GB without the limit) cannot be held: never 'internal error'. (A Monte Carlo no longer runs
    out: its memory does not grow with the runs, tests/sim/test_sim_montecarlo_memory.py.)"""
    p = dambuster("surge", river_on_huge_map, "--dam", "dam", "--budget", "0", limit_data=250 << 20)
    line = one_line_exit_2(p)
    assert str(river_on_huge_map) in line and "memory ran out" in line and "250 MB" in line


@pytest.fixture(scope="module")
def huge_map(tmp_path_factory) -> Path:
    """A legal 1000 x 1000 map: a million hexes to draw."""
    from dambuster.model import new_hex_scenario, save

    path = tmp_path_factory.mktemp("huge") / "huge.json"
    save(new_hex_scenario(1000, 1000), path)
    return path


@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_a_drawing_too_large_for_the_budget_is_refused_before_drawing(huge_map, tmp_path, suffix):
    pytest.importorskip("PySide6")
    line = one_line_exit_2(dambuster("render", huge_map, "-o", tmp_path / f"m.{suffix}"))
    assert "elements to draw" in line and "--budget" in line
    assert list(tmp_path.iterdir()) == []


def test_a_diff_image_too_large_for_the_budget_is_refused(huge_map, tmp_path):
    pytest.importorskip("PySide6")
    line = one_line_exit_2(dambuster("diff", huge_map, huge_map, "-o", tmp_path / "d.png"))
    assert "elements to draw" in line


def test_print_sheets_too_large_for_the_budget_are_refused_naming_the_sheet(huge_map, tmp_path):
    pytest.importorskip("PySide6")
    line = one_line_exit_2(dambuster("render", huge_map, "-o", tmp_path / "m.pdf", "--sheets", "maps"))
    assert "map pages" in line and "--sheets without maps" in line
    assert list(tmp_path.iterdir()) == []


def test_the_overlay_sheets_monte_carlo_is_estimated_before_it_runs(long_river, tmp_path):
    """10,000 runs a dam down 4,000 river hexes: refused before any run."""
    pytest.importorskip("PySide6")
    line = one_line_exit_2(dambuster("render", long_river, "-o", tmp_path / "v.pdf", "--sheets", "overlays"))
    assert "Monte Carlo" in line and "--sheets without overlays" in line
    assert list(tmp_path.iterdir()) == []


def _snaking_river(path: Path, columns: int) -> Path:
    """A map ``columns`` x 1000 hexes with a river snaking down and up its first 7 columns (4,003
    hexes) and a dam on it."""
    from dambuster.model import new_hex_scenario, save
    from dambuster.model.scenario import Dam, River

    river_columns, rows = 7, 1000
    sc = new_hex_scenario(columns, rows, profiles=["ogre-dambusters"])
    cells: list[tuple[int, int]] = []
    for col in range(0, river_columns, 2):
        down = range(rows) if (col // 2) % 2 == 0 else range(rows - 1, -1, -1)
        cells += [(col, r) for r in down]
        if col + 1 < river_columns:
            cells.append((col + 1, down[-1]))
    hexes = [sc.map.layout.to_axial(c, r) for c, r in cells]
    for h in hexes:
        sc.map.terrain[h] = "water"
    sc.map.rivers.append(River("river", hexes))
    sc.map.dams.append(Dam("dam", hexes[10], "river", reservoir=[hexes[9]]))
    save(sc, path)
    return path


@pytest.fixture(scope="module")
def long_river(tmp_path_factory) -> Path:
    """A 7 x 1000 map with a river snaking down and up its columns (4,003 hexes) and a dam on it."""
    return _snaking_river(tmp_path_factory.mktemp("river") / "river.json", 7)


@pytest.fixture(scope="module")
def river_on_huge_map(tmp_path_factory) -> Path:
    """The same river and dam on a 1000 x 1000 map."""
    return _snaking_river(tmp_path_factory.mktemp("wide") / "wide.json", 1000)


# ------------------------------------------------------------------------ TMX, counted first
def _tmx(path: Path, side: int, data: str, extra: str = "", props: str = "") -> Path:
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="hexagonal" width="{side}" height="{side}" tilewidth="28" '
        f'tileheight="32" hexsidelength="16" staggeraxis="x" staggerindex="odd" infinite="0">'
        f"<properties>{props}</properties>"
        f'<layer id="1" name="terrain" width="{side}" height="{side}">{data}</layer>{extra}</map>',
        encoding="utf-8",
    )
    return path


CSV_10 = '<data encoding="csv">' + ",".join(["1"] * 100) + "</data>"


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda p: _tmx(p, 10, CSV_10, props="<property/>" * 1_300_000), "XML elements"),
        (lambda p: _tmx(p, 10, '<data encoding="csv">' + "1," * 1_000_001 + "1</data>"), "tiles"),
        (
            lambda p: _tmx(
                p,
                10,
                CSV_10,
                extra=f'<objectgroup><object id="1"><polygon points="{"1,1 " * 100_001}"/>'
                "</object></objectgroup>",
            ),
            "more than 100,000 points",
        ),
        (
            lambda p: _tmx(
                p,
                10,
                CSV_10,
                extra="<objectgroup>"
                + "".join(
                    f'<object id="{i}"><polygon points="{" ".join(["1,1"] * 99_000)}"/></object>'
                    for i in range(1, 12)
                )
                + "</objectgroup>",
            ),
            "points in all",
        ),
        (
            lambda p: _tmx(
                p,
                10,
                CSV_10,
                extra="".join(
                    f'<layer id="{i}" width="1000" height="1000"><data encoding="csv">{"1," * 999_999}1</data>'
                    "</layer>"
                    for i in range(2, 8)
                ),
            ),
            "tiles and points in all",
        ),
    ],
    ids=["elements", "csv-tiles", "one-polygon", "all-polygons", "csv-all-layers"],
)
def test_a_tmx_is_counted_before_it_is_built(tmp_path, make, words):
    path = make(tmp_path / "hostile.tmx")
    line = one_line_exit_2(dambuster("import-tiled", path, "-o", tmp_path / "out.json"))
    assert words in line and str(path) in line
    assert not (tmp_path / "out.json").exists()


# --------------------------------------------------------------- one long call into C, watched
@pytest.fixture(scope="module")
def combs(tmp_path_factory) -> Path:
    """Two comb-shaped woods of 2,400 points laid crosswise: Qt fills them in one long call into C."""
    from dambuster.model import new_table_scenario, save
    from dambuster.model.scenario import Area

    sc = new_table_scenario(2400, 1800, "paces", "combs", ["dbm-terrain"])
    teeth, w = 600, 1000 / 1200
    comb = []
    for i in range(teeth):
        comb += [(2 * i * w, 0), (2 * i * w, 1000), ((2 * i + 1) * w, 1000), ((2 * i + 1) * w, 0)]
    comb += [(2 * teeth * w, 0), (2 * teeth * w, -10), (0, -10)]
    comb = [(round(700 + x, 4), round(400 + y, 4)) for x, y in comb]
    crosswise = [(round(700 + (y - 400), 4), round(400 + (x - 700), 4)) for x, y in comb]
    sc.map.areas.append(Area("comb-wood", "wood", comb, None, "defender"))
    sc.map.areas.append(Area("comb-marsh", "marsh", crosswise[::-1], None, "defender"))
    path = tmp_path_factory.mktemp("combs") / "combs.json"
    save(sc, path)
    return path


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="the watched child is forked")
def test_one_long_drawing_call_is_stopped_by_the_watcher(combs, tmp_path):
    """Qt draws the scene in one call the budget's signal cannot interrupt: the watching parent kills
    the child GRACE seconds of CPU after its budget, in one line, and nothing is written."""
    pytest.importorskip("PySide6")
    line = one_line_exit_2(dambuster("render", combs, "-o", tmp_path / "c.png", "--budget", "1"))
    assert "budget (CPU time) ran out" in line and "--budget" in line
    assert list(tmp_path.iterdir()) == []
