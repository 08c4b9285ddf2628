#!/usr/bin/env python3
"""Simulation benchmark (not a test): prints medians.

    .venv/bin/python scripts/bench_sim.py [--size 200] [--runs 10000] [--repeat 5]
    .venv/bin/python scripts/bench_sim.py --surge-rss [--repeat 3]

* "prepare": building a Breach on a SIZE x SIZE map (flow graph, swell path, who stands where);
* "step": one step of the breach: median over the first run (which computes the per-step washouts
  and stream starts) and over the later runs (which reuse them);
* "monte carlo": RUNS breaches of the 22x30 Dambusters valley sample and of the big map;
* peak memory: Python allocations (tracemalloc) during the Monte Carlo of the big map, and the
  process's peak resident size.
The big map comes from scripts/make_big_map.py (floodplain switched to random mode here).

--surge-rss instead runs `dambuster surge samples/ogre-dambusters-valley.json --dam dam-aller
--monte-carlo N` as a user does, for N = 1,000, 10,000, 100,000 and 1,000,000 (with --budget 0), and
prints the medians of peak resident memory (the watched child included), CPU and wall time. Each
command starts from a small process of its own: Linux keeps a process's peak across exec, so a child
forked straight from this script would start at this script's peak.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def big_map(size: int, folder: Path):
    from dambuster.model import load

    out = folder / f"big-{size}.json"
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts/make_big_map.py"),
            "--columns",
            str(size),
            "--rows",
            str(size),
            "-o",
            str(out),
        ],
        check=True,
        capture_output=True,
    )
    return load(out)


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


#: Runs argv[1:] and prints its exit status, peak resident KiB and CPU seconds (children included).
_MEASURE = (
    "import os, subprocess, sys; p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL); "
    "_, status, u = os.wait4(p.pid, 0); "
    "print(os.waitstatus_to_exitcode(status), u.ru_maxrss, u.ru_utime + u.ru_stime)"
)


def surge_rss(repeat: int) -> None:
    """Peak memory of `surge --monte-carlo N` on the valley sample, median of ``repeat``."""
    dambuster = str(Path(sys.executable).parent / "dambuster")
    valley = str(ROOT / "samples/ogre-dambusters-valley.json")
    print("surge --monte-carlo N on the Aller valley: median peak RSS, CPU, wall")
    for runs in (1_000, 10_000, 100_000, 1_000_000):
        argv = [dambuster, "surge", valley, "--dam", "dam-aller", "--monte-carlo", str(runs)]
        argv += ["--budget", "0"] if runs > 300_000 else []
        rss, cpu, wall = [], [], []
        for _ in range(repeat):
            t = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", _MEASURE, *argv], capture_output=True, text=True)
            wall.append(time.perf_counter() - t)
            status, kib, seconds = out.stdout.split()
            if status != "0":
                sys.exit(f"surge --monte-carlo {runs} failed: {out.stderr.strip()}")
            rss.append(int(kib) / 1024)
            cpu.append(float(seconds))
        med = statistics.median
        print(f"  {runs:>9,} runs  {med(rss):6.0f} MiB  {med(cpu):5.2f} s CPU  {med(wall):5.2f} s wall")


def main() -> None:
    from dambuster.model import load
    from dambuster.simulation.breach import Breach, Run
    from dambuster.simulation.dice import Dice
    from dambuster.simulation.montecarlo import monte_carlo

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=200)
    ap.add_argument("--runs", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--surge-rss", action="store_true", help="peak memory of surge --monte-carlo N only")
    a = ap.parse_args()
    if a.surge_rss:
        surge_rss(a.repeat)
        return
    with tempfile.TemporaryDirectory() as tmp:
        sc = big_map(a.size, Path(tmp))
    sc.map.floodplain.mode = "random"
    dam = sc.map.dams[0].id
    prep = median_time(lambda: Breach(sc, dam), a.repeat)
    b = Breach(sc, dam)
    steps, cold = [], []
    for seed in range(a.repeat):
        run = Run(b, Dice(seed))
        while not run.state.done:
            t = time.perf_counter()
            run.forward()
            (cold if seed == 0 else steps).append(time.perf_counter() - t)
    print(f"{a.size}x{a.size} map, dam {dam}: swell leaves the map after {b.plan.last_step} steps")
    print(f"  prepare   median {prep * 1000:8.1f} ms")
    print(
        f"  one step  median {statistics.median(cold) * 1000:8.2f} ms first run (washout and stream starts "
        f"computed), {statistics.median(steps) * 1000:.2f} ms later runs (cached per step)"
    )

    valley = load(ROOT / "samples/ogre-dambusters-valley.json")
    bv = Breach(valley, valley.map.dams[0].id)
    mc_v = median_time(lambda: monte_carlo(bv, a.runs, 1), a.repeat)
    print(f"monte carlo {a.runs} runs, 22x30 valley   median {mc_v:6.3f} s")
    mc_b = median_time(lambda: monte_carlo(b, a.runs, 1), max(1, a.repeat // 2))
    print(f"monte carlo {a.runs} runs, {a.size}x{a.size} map  median {mc_b:6.3f} s")
    tracemalloc.start()
    monte_carlo(b, a.runs, 1)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"peak memory: {peak / 2**20:.1f} MiB allocated during the big Monte Carlo; process peak RSS {rss:.0f} MiB"
    )


if __name__ == "__main__":
    main()
