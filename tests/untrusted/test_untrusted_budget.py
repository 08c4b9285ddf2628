"""Work per file (docs/untrusted.md, "Work per file: caps and a budget").

Caps refuse what no real map needs with a SCHEMA error naming the pointer; a file that takes longer
than its budget ends with exactly one BUDGET finding (exit 2, never a stuck run), keeping the findings
of the rules that finished; a report lists at most 1,000 findings per file, in every format.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import shapely
from shapely.geometry import LineString

from dambuster.batch.budget import MAX_FINDINGS, MAX_WITNESS_CHARS
from dambuster.batch.report import validate_file
from dambuster.cli import main
from dambuster.model import new_hex_scenario, new_table_scenario, save
from dambuster.model.scenario import HexsideFeature, River, Side, TableRoad, Unit
from dambuster.model.terrain import Terrain
from dambuster.validators import REGISTRY, Violation, rule

DAMBUSTER = str(Path(sys.executable).with_name("dambuster"))
HANG = 300  # seconds: only there to turn a hang into a failure


def validate(*args: str) -> tuple[int, str, str]:
    proc = subprocess.run([DAMBUSTER, "validate", *args], capture_output=True, text=True, timeout=HANG)
    return proc.returncode, proc.stdout, proc.stderr


def one_line_without_traceback(stderr: str) -> str:
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


# ---------------------------------------------------------------------------------------- files
@pytest.fixture(scope="module")
def heavy(tmp_path_factory) -> Path:
    """A valid 1000x1000 map with 200,000 stream hexsides (the cap): seconds to load on any machine."""
    sc = new_hex_scenario(1000, 1000, title="Heavy but valid", profiles=["ogre-dambusters"])
    lay = sc.map.layout
    sc.map.hexsides = [
        HexsideFeature((*lay.to_axial(i % 1000, i // 1000), 0), "stream") for i in range(200_000)
    ]
    path = tmp_path_factory.mktemp("heavy") / "heavy.json"
    save(sc, path)
    return path


def units_in_water(path: Path, n: int) -> Path:
    """An ogre-basic map of water with n infantry units on it: n UNIT-TERRAIN errors."""
    cols = 40
    sc = new_hex_scenario(cols, math.ceil(n / cols), title="Units in water", profiles=["ogre-basic"])
    lay = sc.map.layout
    sc.map.terrain = Terrain(lay, fill="water")
    sc.sides.append(Side("blue", "Blue"))
    sc.units = [Unit(f"u{i}", "infantry", "blue", lay.to_axial(i % cols, i // cols)) for i in range(n)]
    save(sc, path)
    return path


@pytest.fixture(scope="module")
def crowded(tmp_path_factory) -> Path:
    return units_in_water(tmp_path_factory.mktemp("crowded") / "crowded.json", MAX_FINDINGS + 200)


# --------------------------------------------------------------------------------------- budget
@pytest.mark.slow
def test_a_file_over_a_tiny_budget_ends_with_exactly_one_budget_finding(heavy):
    code, out, err = validate(str(heavy), "--budget", "0.5", "--format", "json")
    assert code == 2  # not fully checked: not a verdict
    [report] = json.loads(out)["files"]
    assert report["valid"] is False
    assert [v["code"] for v in report["violations"]] == ["BUDGET"]
    assert "0.5 s budget ran out" in report["violations"][0]["message"]
    assert "(BUDGET)" in one_line_without_traceback(err)


@pytest.mark.slow
def test_the_same_file_without_a_budget_is_valid(heavy):
    code, out, _ = validate(str(heavy), "--budget", "0", "--format", "json")
    assert code == 0 and json.loads(out)["files"][0]["violations"] == []


def test_the_budget_holds_in_pool_workers_and_is_never_filtered(heavy, tmp_path):
    second = tmp_path / "second.json"
    shutil.copy(heavy, second)
    code, out, err = validate(
        str(heavy), str(second), "-j", "2", "--budget", "0.5", "--select", "DAM-", "--format", "json"
    )
    assert code == 2
    assert [[v["code"] for v in f["violations"]] for f in json.loads(out)["files"]] == [
        ["BUDGET"],
        ["BUDGET"],
    ]
    assert "Traceback" not in err and err.count("(BUDGET)") == 2


@pytest.mark.slow
def test_a_file_not_checked_in_time_is_not_cached(heavy, tmp_path):
    cache = str(tmp_path / "cache.json")
    assert validate(str(heavy), "--budget", "0.5", "--cache", cache)[0] == 2
    code, _out, err = validate(str(heavy), "--budget", "0", "--cache", cache)
    assert code == 0 and "cache: 0 unchanged, 1 checked" in err


@pytest.mark.slow
def test_on_a_dask_cluster_the_deadline_still_ends_the_file_with_one_budget_finding(heavy, capsys):
    """Dask checks files in its workers' threads: no alarm, no watcher; loading runs to its end, then
    the deadline stops the file before its first rule."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        code = main(
            [
                "validate",
                str(heavy),
                "--scheduler",
                cluster.scheduler_address,
                "--budget",
                "0.5",
                "--format",
                "json",
            ]
        )
    [budget] = json.loads(capsys.readouterr().out)["files"][0]["violations"]
    assert code == 2 and budget["code"] == "BUDGET"
    assert "budget ran out before " in budget["message"]  # loading done, no rule started


@pytest.mark.parametrize("value", ["-1", "soon", "nan"])
def test_a_budget_that_is_no_number_of_seconds_is_refused(value, heavy):
    code, _, err = validate(str(heavy), "--budget", value)
    assert code == 2 and "--budget" in err and "Traceback" not in err


# Rules registered for a test only (as tests/test_reports.py does): they run in this process, through the
# command's own main(), since the installed command cannot load them.
_STOPPED_LATE: list[str] = []


def _stuck_in_python(s):
    """Loops in Python for up to a minute: only the budget's alarm can stop it early."""
    import time

    end = time.monotonic() + 60
    while time.monotonic() < end:
        pass
    _STOPPED_LATE.append("python")
    yield Violation("never reached")


def _stuck_in_geos(s):
    """One GEOS call of about half a minute that no signal can cut short (shapely looks for signals only
    between the elements of an array): only killing the process stops it."""
    a = LineString([(i, (i * 7919) % 200) for i in range(200)])
    b = LineString([((i * 104729) % 200, i) for i in range(200)])
    shapely.hausdorff_distance(a, b, densify=2e-5)
    _STOPPED_LATE.append("geos")
    yield Violation("never reached")


def _slow_findings(s):
    """A finding every tenth of a second, for a minute."""
    import time

    for i in range(600):
        time.sleep(0.1)
        yield Violation(f"finding {i}")
    _STOPPED_LATE.append("findings")


def _hungry(s):
    """Takes memory 10 MB at a time, up to 1 GB, well inside its time."""
    held = []
    for _ in range(100):
        held.append(bytearray(10 << 20))
    _STOPPED_LATE.append("memory")
    yield Violation("never reached")


@pytest.fixture
def slow_rule(request):
    code, fn = request.param
    rule(code, "ogre-basic", "error", "A test rule that takes too long")(fn)
    _STOPPED_LATE.clear()
    yield code
    REGISTRY.pop(code, None)


@pytest.mark.parametrize("slow_rule", [("ZZSLOW-PYTHON", _stuck_in_python)], indirect=True)
def test_a_rule_stuck_in_python_is_stopped_and_the_finished_rules_keep_their_findings(
    slow_rule, tmp_path, capsys
):
    path = units_in_water(tmp_path / "map.json", 3)
    code = main(["validate", str(path), "--budget", "0.5", "--format", "json"])
    report = json.loads(capsys.readouterr().out)["files"][0]
    assert code == 2 and _STOPPED_LATE == []
    budget, *found = report["violations"]
    assert budget["code"] == "BUDGET" and budget["witness"]["unfinished"] == [slow_rule]
    assert f"during {slow_rule}" in budget["message"]
    assert [v["code"] for v in found] == ["UNIT-TERRAIN"] * 3  # its rule finished before the slow one


@pytest.mark.parametrize("slow_rule", [("ZZSLOW-GEOS", _stuck_in_geos)], indirect=True)
def test_a_process_stuck_in_one_long_geos_call_is_killed(slow_rule, tmp_path, capsys):
    path = units_in_water(tmp_path / "map.json", 1)
    code = main(["validate", str(path), str(path), "--budget", "0.5", "--format", "json"])
    files = json.loads(capsys.readouterr().out)["files"]
    assert code == 2
    for report in files:  # the second file got a fresh worker
        [budget] = report["violations"]
        assert budget["code"] == "BUDGET" and budget["witness"]["unfinished"] == [slow_rule]
        assert "the checking process was stopped (still busy" in budget["message"]


@pytest.mark.parametrize("slow_rule", [("ZZSLOW-MEMORY", _hungry)], indirect=True)
def test_a_file_over_the_memory_cap_is_stopped(slow_rule, tmp_path, capsys, monkeypatch):
    """The worker's memory limit fails the allocation past it: the file ends with one BUDGET finding
    naming the rule, the findings of the rules that finished listed after it."""
    monkeypatch.setattr("dambuster.batch.budget.FILE_MEMORY_BYTES", 300 << 20)  # 300 MB: the test stays light
    path = units_in_water(tmp_path / "map.json", 1)
    code = main(["validate", str(path), "--budget", "60", "--format", "json"])
    budget, *found = json.loads(capsys.readouterr().out)["files"][0]["violations"]
    assert code == 2 and budget["code"] == "BUDGET" and budget["witness"]["out_of_memory"] is True
    assert "memory ran out during ZZSLOW-MEMORY" in budget["message"]
    assert [v["code"] for v in found] == ["UNIT-TERRAIN"]


def test_a_geos_computation_past_the_memory_cap_ends_the_file_with_one_budget_finding(
    tmp_path, capsys, monkeypatch
):
    """Two comb-shaped woods laid crosswise overlap in 360,000 squares: GEOS's allocation past the worker's
    memory limit fails (std::bad_alloc) inside the one call no signal reaches, and the file still gets its
    BUDGET finding naming the rule, with the findings of the rules that finished."""
    from dambuster.model.scenario import Area

    monkeypatch.setattr("dambuster.batch.budget.FILE_MEMORY_BYTES", 150 << 20)
    sc = new_table_scenario(2400, 1800, "paces", "combs", ["dbm-terrain"])
    comb = []
    for i in range(600):
        x0, x1 = 700 + 2 * i * 1000 / 1200, 700 + (2 * i + 1) * 1000 / 1200
        comb += [(x0, 400), (x0, 1400), (x1, 1400), (x1, 400)]
    comb += [(1700, 400), (1700, 390), (700, 390)]
    comb = [(round(x, 4), round(y, 4)) for x, y in comb]
    crosswise = [(round(700 + (y - 400), 4), round(400 + (x - 700), 4)) for x, y in comb]
    sc.map.areas += [
        Area("wood", "wood", comb, None, "defender"),
        Area("marsh", "marsh", crosswise[::-1], None, "defender"),
    ]
    save(sc, tmp_path / "combs.json")
    code = main(["validate", str(tmp_path / "combs.json"), "--budget", "60", "--format", "json"])
    budget, *found = json.loads(capsys.readouterr().out)["files"][0]["violations"]
    assert code == 2 and budget["code"] == "BUDGET" and budget["witness"]["out_of_memory"] is True
    assert "memory ran out during DBM-OVERLAP" in budget["message"]
    assert found and "BUDGET" not in {v["code"] for v in found}


def _waits(s):
    """Waits a second and a half without using the CPU (as a worker does on a machine busy with other
    work, or with more workers than CPUs), then finds."""
    import time

    time.sleep(1.5)
    yield Violation("found after waiting")


@pytest.mark.parametrize("slow_rule", [("ZZSLOW-WAITING", _waits)], indirect=True)
def test_the_budget_counts_cpu_time_so_a_busy_machine_changes_no_verdict(slow_rule, tmp_path, capsys):
    """A budget of 0.5 s is not spent by 1.5 s of waiting: the verdict of a file is the same on a quiet
    machine, on a loaded CI runner and with --jobs 8 on two CPUs (a wall clock stopped such files)."""
    path = units_in_water(tmp_path / "map.json", 1)
    code = main(["validate", str(path), "--budget", "0.5", "--format", "json"])
    found = json.loads(capsys.readouterr().out)["files"][0]["violations"]
    assert code == 1 and [v["code"] for v in found] == ["UNIT-TERRAIN", slow_rule]


KILLED_MID_BATCH = """
import sys
import shapely
from shapely.geometry import LineString
from dambuster.cli import main
from dambuster.validators import Violation, rule

@rule("ZZSLOW-GEOS", "ogre-basic", "error", "one long GEOS call")
def stuck(s):
    a = LineString([(i, (i * 7919) % 200) for i in range(200)])
    b = LineString([((i * 104729) % 200, i) for i in range(200)])
    shapely.hausdorff_distance(a, b, densify=2e-5)
    yield Violation("never reached")

sys.exit(main(["validate", sys.argv[1], sys.argv[1], "--jobs", "2", "--budget", "60"]))
"""


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                pass
    return out


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's"
)
@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM"])
def test_no_worker_outlives_a_killed_validate(tmp_path, how):
    """A validate killed mid-batch (a CI job cancelled, an OOM kill) takes its workers with it, even
    those busy inside one long GEOS call: none is left running unwatched, outside the budget."""
    import signal
    import time

    path = units_in_water(tmp_path / "map.json", 1)
    proc = subprocess.Popen([sys.executable, "-c", KILLED_MID_BATCH, str(path)], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while len(workers := _children(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(workers) == 2, "the two workers never started"
    time.sleep(1)  # both inside their GEOS call by now
    proc.send_signal(getattr(signal, how))
    _, err = proc.communicate(timeout=30)
    deadline = time.monotonic() + 10
    while (alive := [w for w in workers if Path(f"/proc/{w}").exists()]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert alive == [], f"workers {alive} outlived the command"
    assert b"Traceback" not in err


@pytest.mark.parametrize("slow_rule", [("ZZSLOW-FINDINGS", _slow_findings)], indirect=True)
def test_outside_the_main_thread_the_deadline_stops_a_rule_between_findings(slow_rule, tmp_path):
    """Dask runs tasks in worker threads, where no alarm can be set: the deadline is checked between
    rules and between findings, and the file ends with one BUDGET finding."""
    path = units_in_water(tmp_path / "map.json", 3)
    out = []
    worker = threading.Thread(target=lambda: out.append(validate_file(str(path), budget=0.5)))
    worker.start()
    worker.join(HANG)
    assert not worker.is_alive()
    [report] = out
    assert [v.code for v in report.violations] == ["BUDGET", "UNIT-TERRAIN", "UNIT-TERRAIN", "UNIT-TERRAIN"]
    assert report.violations[0].witness["unfinished"] == [slow_rule] and _STOPPED_LATE == []


# ------------------------------------------------------------------------------- findings cap
def _capped(violations: list[dict]) -> dict:
    assert len(violations) == MAX_FINDINGS + 1
    assert {v["code"] for v in violations[:-1]} == {"UNIT-TERRAIN"}
    last = violations[-1]
    assert last["code"] == "TRUNCATED" and last["severity"] == "error"
    assert "200 more findings are not listed (UNIT-TERRAIN 200)" in last["message"]
    return last


def test_a_file_with_too_many_findings_is_capped_in_json(crowded):
    code, out, _ = validate(str(crowded), "--format", "json")
    assert code == 1
    last = _capped(json.loads(out)["files"][0]["violations"])
    assert last["witness"] == {"listed": MAX_FINDINGS, "left_out": {"UNIT-TERRAIN": 200}}


def test_a_file_with_too_many_findings_is_capped_in_sarif(crowded):
    code, out, _ = validate(str(crowded), "--format", "sarif")
    [run] = json.loads(out)["runs"]
    assert code == 1
    results = run["results"]
    assert len(results) == MAX_FINDINGS + 1 and results[-1]["ruleId"] == "TRUNCATED"
    assert {"BUDGET", "TRUNCATED"} <= {r["id"] for r in run["tool"]["driver"]["rules"]}


def test_a_file_with_too_many_findings_is_capped_in_junit(crowded):
    code, out, _ = validate(str(crowded), "--format", "junit")
    suite = ET.fromstring(out).find("testsuite")
    cases = {c.get("name"): c for c in suite.iter("testcase")}
    assert code == 1
    assert len(cases["UNIT-TERRAIN"].find("failure").text.splitlines()) == MAX_FINDINGS
    assert "200 more findings" in cases["TRUNCATED"].find("failure").text


@pytest.mark.parametrize("fmt", ["github", "text"])
def test_a_file_with_too_many_findings_is_capped_in_line_formats(crowded, fmt):
    code, out, _ = validate(str(crowded), "--format", fmt)
    lines = out.splitlines()[:-1]  # the summary line last
    assert code == 1 and len(lines) == MAX_FINDINGS + 1
    assert "TRUNCATED" in lines[-1] and "200 more findings" in lines[-1]


def test_the_cap_keeps_the_verdict_when_only_warnings_are_listed(tmp_path):
    """The kept findings are the first ones; an error among those left out still fails the file."""
    from dambuster.batch.budget import Findings

    found = Findings(limit=2)
    found.add_rule([Violation("w", "W", "warning")] * 2)
    found.add_rule([Violation("e", "E", "error")])
    listed = found.listed()
    assert [(v.code, v.severity) for v in listed] == [
        ("W", "warning"),
        ("W", "warning"),
        ("TRUNCATED", "error"),
    ]


def test_a_huge_witness_is_left_out_of_the_report(tmp_path):
    from dambuster.batch.budget import Findings

    found = Findings()
    found.add_rule(
        [
            Violation("big", "X", "error", witness={"overlap": "POLYGON ((" + "1 2, " * 10_000 + "))"}),
            Violation("small", "X", "error", witness={"hexes": [[1, 1]]}),
        ]
    )
    big, small = found.listed()
    assert "left_out" in big.witness and len(json.dumps(big.witness)) < MAX_WITNESS_CHARS
    assert small.witness == {"hexes": [[1, 1]]}


# ------------------------------------------------------------------------------------------ caps
def _table(roads: list[list[tuple[float, float]]]) -> object:
    sc = new_table_scenario(2400, 1800, profiles=["dbm-terrain"])
    sc.map.roads = [TableRoad(f"road-{i}", line) for i, line in enumerate(roads)]
    return sc


def _line(points: int, y: float = 10.0) -> list[tuple[float, float]]:
    return [(i * 2400 / points, y + (i % 2)) for i in range(points)]


@pytest.mark.parametrize(
    "name, build, pointer, words",
    [
        (
            "51-roads",
            lambda: _table([_line(2, 10 + i) for i in range(51)]),
            "/map/roads",
            "has 51 items; at most 50 allowed",
        ),
        (
            "10001-point-road",
            lambda: _table([_line(10_001)]),
            "/map/roads/0/line",
            "has 10,001 items; at most 10,000 allowed",
        ),
        (
            "110000-points-in-all",
            lambda: _table([_line(10_000, 10 + 30 * i) for i in range(11)]),
            "/map/roads/10/line",
            "more than 100,000 in all",
        ),
    ],
)
@pytest.mark.slow
def test_caps_refuse_with_a_schema_message_naming_the_pointer(name, build, pointer, words, tmp_path):
    path = tmp_path / f"{name}.json"
    save(build(), path)
    code, out, err = validate(str(path), "--format", "json")
    assert code == 2
    [v] = json.loads(out)["files"][0]["violations"]
    assert (v["code"], v["location"]["pointer"]) == ("SCHEMA", pointer)
    assert words in v["message"]
    assert f"{pointer}: " in one_line_without_traceback(err)


@pytest.mark.slow
def test_the_hexes_of_all_rivers_together_are_capped(tmp_path):
    sc = new_hex_scenario(1000, 1000, profiles=["ogre-dambusters"])
    lay = sc.map.layout
    for k in range(11):  # 11 rivers of 10,000 hexes: each within its own cap, 110,000 in all
        col = 2 * k * 10
        cells = [(col + c, r if c % 2 == 0 else 999 - r) for c in range(10) for r in range(1000)]
        sc.map.rivers.append(River(f"river-{k}", [lay.to_axial(c, r) for c, r in cells]))
    save(sc, tmp_path / "rivers.json")
    code, out, _ = validate(str(tmp_path / "rivers.json"), "--format", "json")
    [v] = json.loads(out)["files"][0]["violations"]
    assert code == 2 and (v["code"], v["location"]["pointer"]) == ("SCHEMA", "/map/rivers/10/hexes")
    assert "at most 100,000 allowed" in v["message"]
