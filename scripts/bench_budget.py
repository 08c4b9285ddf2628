#!/usr/bin/env python3
"""Benchmark of the work per file (issue 14 item 2): heavy-but-small files, each checked by the installed
`dambuster validate` as a user runs it.

Each generator below writes one file that is small (at most the 32 MB cap) but made to be expensive
for one part of the checks:

  roads      1,000 table roads of 200 points (DBM-ROAD compares every pair of roads)
  dams       a 1000x1000 hex map, a 100k-hex river and 1,000 dams on it (SURGE-PATH, FLOODPLAIN-REACH)
  woods      150 overlapping woods of 10,000 vertices each (DBM-OVERLAP), about 30 MB
  spiral     a 100,000-vertex spiral river (DBM-RIVER-CURVATURE)
  empty      11 million empty objects inside the 32 MB cap (the parser)
  findings   100,000 units standing in water: one UNIT-TERRAIN finding each (the report's size)

The caps of the schema refuse those six now; the ``-cap`` variants are the same files at the caps
(``roads-cap``: 50 roads of 2,000 points; ``dams-cap``: 10 rivers of 10,000 hexes and 100 dams;
``woods-cap``: 10 woods of 10,000 points; ``spiral-cap``: 10,000 points; ``findings-cap``: 10,000 units),
and two files that stay costly within the caps:

  combs      two comb-shaped areas of 2,400 points laid crosswise: their overlap is 360,000 squares
  zigzag     a 10,000-point river folding over itself like a random walk: its banks are costly to build

For every file it prints the median wall and CPU time over ``--repeat`` runs (the CPU time of the
command and its workers: steadier than the wall clock on a busy machine), the peak resident memory of
the checking process (``os.wait4``'s rusage of that very child), the exit code and the codes found
(with their counts), and the size of the JSON report. Nothing here asserts anything: it prints figures.
$DAMBUSTER names another install's command to measure (to compare before and after).

    .venv/bin/python scripts/bench_budget.py [--only NAME] [--keep DIR] [--repeat 3] [--timeout 300]
                                             [--validate-args "--budget 0"]

With --commands it runs the other commands' hostile cases instead (scripts/bench_budget_commands.py:
render, diff, import-tiled, export-tiled, export-geojson, player-view, surge, flood, dbm-setup), and
prints for each the median wall time, the CPU time, the peak RSS, the exit status and the one line:

    .venv/bin/python scripts/bench_budget.py --commands [--only-case NAME] [--keep DIR] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The command measured: $DAMBUSTER (another install, to compare), else this checkout's.
DAMBUSTER = Path(os.environ.get("DAMBUSTER") or ROOT / ".venv" / "bin" / "dambuster")
STAMP = "2026-11-22T00:00:00Z"


# ----------------------------------------------------------------------------------- generators
def _table(title: str):
    from dambuster.model import new_table_scenario

    sc = new_table_scenario(2400, 1800, "paces", title, ["dbm-terrain"])
    sc.meta.created = sc.meta.modified = STAMP
    return sc


def gen_roads(path: Path, roads: int = 1000, points: int = 200) -> None:
    """Roads that never touch one another, so DBM-ROAD measures every road against every earlier one."""
    from dambuster.model import save
    from dambuster.model.scenario import TableRoad

    sc = _table("Bench: 1,000 roads")
    step = 2400 / (points - 1)
    for i in range(roads):
        y = 1 + i * 1.79
        line = [(round(k * step, 2), round(y + (0.4 if k % 2 else 0.0), 2)) for k in range(points)]
        sc.map.roads.append(TableRoad(f"road-{i}", line, "defender"))
    save(sc, path)


def gen_dams(
    path: Path, size: int = 1000, rivers: int = 1, river_hexes: int = 100_000, dams: int = 1000
) -> None:
    """Rivers snaking down and up every other column of their own band of columns, each ending on the
    map edge, with dams spread along them."""
    from dambuster.model import new_hex_scenario, save
    from dambuster.model.scenario import Dam, River

    sc = new_hex_scenario(size, size, title=f"Bench: {dams:,} dams", profiles=["ogre-dambusters"])
    sc.meta.created = sc.meta.modified = STAMP
    lay = sc.map.layout
    band = size // rivers
    per_river = dams // rivers
    for k in range(rivers):
        cells: list[tuple[int, int]] = []
        col = k * band
        while len(cells) < river_hexes and col + 1 < (k + 1) * band:
            rows = range(size) if (col // 2) % 2 == 0 else range(size - 1, -1, -1)
            cells += [(col, r) for r in rows]
            cells.append((col + 1, rows[-1]))  # across to the next column of the band
            col += 2
        cells = cells[:river_hexes]
        while cells[-1][1] not in (0, size - 1):  # end on the map edge: back to the last edge hex
            cells.pop()
        hexes = [lay.to_axial(c, r) for c, r in cells]
        for h in hexes:
            sc.map.terrain[h] = "water"
        sc.map.rivers.append(River(f"river-{k}", hexes))
        gap = len(hexes) // per_river
        for i in range(per_river):
            at = i * gap + gap // 2
            sc.map.dams.append(Dam(f"dam-{k}-{i}", hexes[at], f"river-{k}", reservoir=[hexes[at - 1]]))
    save(sc, path)


def gen_woods(path: Path, woods: int = 150, vertices: int = 10_000) -> None:
    """Star-shaped woods around the table's centre, each a little offset, all overlapping."""
    from dambuster.model import save
    from dambuster.model.scenario import Area

    sc = _table("Bench: 150 overlapping woods")
    for i in range(woods):
        cx, cy = 1200 + (i % 15) * 4, 900 + (i // 15) * 4
        ring = []
        for k in range(vertices):
            a = 2 * math.pi * k / vertices
            r = 400 + 20 * math.sin(37 * a + i)
            ring.append((round(cx + r * math.cos(a), 2), round(cy + r * math.sin(a), 2)))
        sc.map.areas.append(Area(f"wood-{i}", "wood", ring, None, "defender"))
    save(sc, path)


def gen_spiral(path: Path, vertices: int = 100_000, turns: int = 60) -> None:
    """A river spiralling inwards: every turn runs close to the one outside it."""
    from dambuster.model import save
    from dambuster.model.scenario import TableRiver

    sc = _table("Bench: a 100k-vertex spiral river")
    line = []
    for k in range(vertices):
        t = k / vertices
        a, r = 2 * math.pi * turns * t, 850 * (1 - t) + 20
        line.append((round(1200 + r * math.cos(a), 3), round(900 + r * math.sin(a), 3)))
    sc.map.rivers.append(TableRiver("river-spiral", line, 10.0, None, "defender"))
    save(sc, path)


def gen_combs(path: Path, teeth: int = 600) -> None:
    """Two comb-shaped areas laid crosswise: 2,400 points each, but their overlap is teeth x teeth squares."""
    from dambuster.model import save
    from dambuster.model.scenario import Area

    sc = _table("Bench: two crossing combs")
    w = 1000 / (2 * teeth)  # tooth width: the combs span 1000 paces
    comb = []
    for i in range(teeth):
        comb += [(2 * i * w, 0), (2 * i * w, 1000), ((2 * i + 1) * w, 1000), ((2 * i + 1) * w, 0)]
    comb += [(2 * teeth * w, 0), (2 * teeth * w, -10), (0, -10)]
    comb = [(round(700 + x, 4), round(400 + y, 4)) for x, y in comb]
    crosswise = [(round(700 + (y - 400), 4), round(400 + (x - 700), 4)) for x, y in comb]
    sc.map.areas.append(Area("comb-wood", "wood", comb, None, "defender"))
    sc.map.areas.append(Area("comb-marsh", "marsh", crosswise[::-1], None, "defender"))
    save(sc, path)


def gen_zigzag(path: Path, vertices: int = 10_000, width: float = 20.0) -> None:
    """A river whose mid-stream line is a random walk folding over itself: its banks (a buffer) are costly."""
    import random

    from dambuster.model import save
    from dambuster.model.scenario import TableRiver

    sc = _table("Bench: a river folding over itself")
    rng = random.Random(1)
    x, y, line = 1200.0, 900.0, []
    for _ in range(vertices):
        line.append((round(x, 3), round(y, 3)))
        x = min(2300.0, max(100.0, x + rng.gauss(0, 4)))
        y = min(1700.0, max(100.0, y + rng.gauss(0, 4)))
    sc.map.rivers.append(TableRiver("river-zigzag", line, width, None, "defender"))
    save(sc, path)


def gen_empty(path: Path, objects: int = 11_000_000) -> None:
    """Raw bytes: a document whose units are 11 million empty objects, just inside the 32 MB cap."""
    head = b'{"format_version": "1.0", "units": ['
    with open(path, "wb") as f:
        f.write(head)
        chunk = b"{}," * 100_000
        for _ in range(objects // 100_000 - 1):
            f.write(chunk)
        f.write(b"{}," * 99_999 + b"{}]}")


def gen_findings(path: Path, units: int = 100_000) -> None:
    """An all-water map with one infantry unit on each of 100,000 hexes: one UNIT-TERRAIN finding each."""
    from dambuster.model import new_hex_scenario, save
    from dambuster.model.scenario import Side, Unit
    from dambuster.model.terrain import Terrain

    cols, rows = 400, math.ceil(units / 400)
    sc = new_hex_scenario(cols, rows, title="Bench: 100,000 findings", profiles=["ogre-basic"])
    sc.meta.created = sc.meta.modified = STAMP
    lay = sc.map.layout
    sc.map.terrain = Terrain(lay, fill="water")
    sc.sides.append(Side("s", "Side"))
    for i in range(units):
        sc.units.append(Unit(f"u{i}", "infantry", "s", lay.to_axial(i % cols, i // cols)))
    save(sc, path)


#: The five files of issue 14 (now refused by the caps), then the worst files the caps still let in.
GENERATORS = {
    "roads": gen_roads,
    "dams": gen_dams,
    "woods": gen_woods,
    "spiral": gen_spiral,
    "empty": gen_empty,
    "findings": gen_findings,
    "roads-cap": partial(gen_roads, roads=50, points=2000),
    "dams-cap": partial(gen_dams, rivers=10, river_hexes=10_000, dams=100),
    "woods-cap": partial(gen_woods, woods=10),
    "spiral-cap": partial(gen_spiral, vertices=10_000, turns=20),
    "findings-cap": partial(gen_findings, units=10_000),
    "combs": gen_combs,
    "zigzag": gen_zigzag,
}


# ----------------------------------------------------------------------------------------- runs
def wait_until(proc: subprocess.Popen, deadline: float):
    """Waits for ``proc`` (killed at ``deadline``, a perf_counter time): its wait status and rusage."""
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            return status, usage
        if time.perf_counter() > deadline:
            proc.kill()
            _pid, status, usage = os.wait4(proc.pid, 0)
            return status, usage
        time.sleep(0.02)


def run_once(path: Path, extra: list[str], timeout: float, out_dir: Path) -> dict:
    """One `dambuster validate FILE --format json` in its own process: wall time, peak RSS, outcome."""
    out, err = out_dir / "stdout.json", out_dir / "stderr.txt"
    with open(out, "wb") as o, open(err, "wb") as e:
        t = time.perf_counter()
        proc = subprocess.Popen(
            [str(DAMBUSTER), "validate", str(path), "--format", "json", *extra], stdout=o, stderr=e
        )
        status, usage = wait_until(proc, t + timeout)
        wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here; keep Popen from waiting again
    result = {
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,  # of the command and its workers: steadier when busy
        "rss_mb": usage.ru_maxrss / 1024,
        "exit": proc.returncode,
        "timed_out": wall > timeout,
        "report_mb": out.stat().st_size / 1e6,
        "codes": {},
    }
    try:
        report = json.loads(out.read_bytes())
        result["codes"] = dict(Counter(v["code"] for f in report["files"] for v in f["violations"]))
    except (ValueError, KeyError):
        pass
    lines = err.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    result["stderr"] = lines[-1][:160] if lines else ""
    return result


def describe_codes(codes: dict[str, int]) -> str:
    return (
        ", ".join(f"{c} x{n:,}" if n > 1 else c for c, n in sorted(codes.items(), key=lambda kv: -kv[1])[:5])
        or "-"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--only", action="append", choices=list(GENERATORS), help="run only this file (repeatable)"
    )
    ap.add_argument(
        "--keep", metavar="DIR", help="write the files to DIR and keep them (reused when present)"
    )
    ap.add_argument(
        "--repeat", type=int, default=3, help="runs per file; the median time is shown (default 3)"
    )
    ap.add_argument(
        "--timeout", type=float, default=300, help="kill a run after this many seconds (default 300)"
    )
    ap.add_argument(
        "--validate-args",
        default="",
        metavar="ARGS",
        help='extra arguments for `dambuster validate`, e.g. "--budget 0"',
    )
    ap.add_argument("--commands", action="store_true", help="the other commands' cases instead")
    ap.add_argument("--only-case", action="append", metavar="NAME", help="with --commands: this case only")
    args = ap.parse_args(argv)
    if args.commands:
        return bench_commands(args)
    names = args.only or list(GENERATORS)
    extra = shlex.split(args.validate_args)
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}; "
        f"dambuster validate FILE --format json {' '.join(extra)}".rstrip()
    )
    with tempfile.TemporaryDirectory(prefix="bench-budget-") as tmp_name:
        folder = Path(args.keep) if args.keep else Path(tmp_name)
        folder.mkdir(parents=True, exist_ok=True)
        print(
            f"{'file':<12} {'MB':>6} {'median s':>9} {'CPU s':>6} {'peak RSS MB':>12} {'exit':>5} {'report MB':>10}  codes"
        )
        for name in names:
            path = folder / f"bench-{name}.json"
            if not path.exists():
                GENERATORS[name](path)
            runs = [run_once(path, extra, args.timeout, Path(tmp_name)) for _ in range(args.repeat)]
            last = runs[-1]
            wall = statistics.median(r["wall"] for r in runs)
            cpu = statistics.median(r["cpu"] for r in runs)
            timed_out = " (killed at the timeout)" if any(r["timed_out"] for r in runs) else ""
            print(
                f"{name:<12} {path.stat().st_size / 1e6:>6.1f} {wall:>9.2f} {cpu:>6.2f} {max(r['rss_mb'] for r in runs):>12.0f} "
                f"{last['exit']:>5} {last['report_mb']:>10.2f}  {describe_codes(last['codes'])}{timed_out}",
                flush=True,
            )
            if last["exit"] == 2 and last["stderr"]:
                print(f"{'':<12} stderr: {last['stderr']}")
    return 0


def bench_commands(args: argparse.Namespace) -> int:
    from bench_budget_commands import CASES, generate, run_case

    names = args.only_case or list(CASES)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory(prefix="bench-commands-") as tmp_name:
        folder = Path(args.keep) if args.keep else Path(tmp_name)
        folder.mkdir(parents=True, exist_ok=True)
        print(f"{'case':<20} {'MB':>5} {'median s':>9} {'CPU s':>6} {'peak RSS MB':>12} {'exit':>5}  stderr")
        for name in names:
            _, suffix, argv = CASES[name]
            path = folder / f"case-{name}{suffix}"
            if suffix and not path.exists():
                generate(name, path)
            out = Path(tmp_name) / f"out-{name}"
            line = [a.format(f=path, o=out) for a in argv]
            runs = []
            for _ in range(args.repeat):
                for old in Path(tmp_name).glob(f"out-{name}*"):
                    old.unlink()
                runs.append(run_case(line, args.timeout))
            wall = statistics.median(r["wall"] for r in runs)
            cpu = statistics.median(r["cpu"] for r in runs)
            size = path.stat().st_size / 1e6 if suffix else 0.0
            last = runs[-1]
            print(
                f"{name:<20} {size:>5.1f} {wall:>9.2f} {cpu:>6.2f} {max(r['rss_mb'] for r in runs):>12.0f} "
                f"{last['exit']:>5}  {last['stderr']}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
