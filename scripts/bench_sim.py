#!/usr/bin/env python3
"""Simulation benchmark (not a test): prints medians.

    .venv/bin/python scripts/bench_sim.py [--size 200] [--runs 10000] [--repeat 5]

* "prepare": building a Breach on a SIZE x SIZE map (flow graph, swell path, who stands where);
* "step": one step of the breach: median over the first run (which computes the per-step washouts
  and stream starts) and over the later runs (which reuse them);
* "monte carlo": RUNS breaches of the 22x30 Dambusters valley sample and of the big map;
* peak memory: Python allocations (tracemalloc) during the Monte Carlo of the big map, and the
  process's peak resident size.
The big map comes from scripts/make_big_map.py (floodplain switched to random mode here).
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


def main() -> None:
    from dambuster.model import load
    from dambuster.simulation.breach import Breach, Run
    from dambuster.simulation.dice import Dice
    from dambuster.simulation.montecarlo import monte_carlo

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=200)
    ap.add_argument("--runs", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
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
