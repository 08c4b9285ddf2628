#!/usr/bin/env python3
"""Benchmark: load + schema validation (the whole strict `load`) of the Ogre sample, the 200x200 map
and a generated 1000x1000 map, with the default schema engine (the
jsonschema-rs fast pass when installed) and with python-jsonschema alone. Prints the median of repeated runs in milliseconds, and the peak
memory of one load (Python allocations by tracemalloc, and the process's peak RSS).

Each case runs in its own process so peak RSS belongs to that case alone.
Targets (Foundation issue): Ogre sample <= 20 ms; 1000x1000 <= 3 s and <= 500 MB.

    .venv/bin/python scripts/bench_load.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, resource, statistics, sys, time, tracemalloc
from dambuster.model import load
from dambuster.model import schema_check
path, repeat = sys.argv[1], int(sys.argv[2])
schema_check.validator()  # compiled once per process, as in any long-running use
rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
times = []
for _ in range(repeat):
    t = time.perf_counter(); load(path); times.append(time.perf_counter() - t)
rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
tracemalloc.start(); load(path); peak = tracemalloc.get_traced_memory()[1]; tracemalloc.stop()
print(json.dumps({"median_ms": statistics.median(times) * 1000, "min_ms": min(times) * 1000,
                  "tracemalloc_peak_mb": peak / 2**20, "peak_rss_mb": rss_after / 1024,
                  "rss_growth_mb": (rss_after - rss_before) / 1024}))
"""


def run_case(path: Path, repeat: int, engine: str) -> dict:
    env = dict(os.environ, DAMBUSTER_SCHEMA_ENGINE=engine)
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(path), str(repeat)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return json.loads(out.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=21)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big-1000x1000.json"
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "scripts" / "make_big_map.py"),
                "--columns",
                "1000",
                "--rows",
                "1000",
                "--seed",
                "1",
                "-o",
                str(big),
            ],
            check=True,
            capture_output=True,
        )
        cases = [
            ("Ogre sample", ROOT / "samples" / "ogre-dambusters-valley.json", args.repeat),
            ("200x200 map", ROOT / "samples" / "big-200x200.json", args.repeat),
            ("1000x1000 map", big, max(3, args.repeat // 4)),
        ]
        print(
            f"{'case':<16}{'schema engine':<16}{'size':>10}{'median ms':>12}{'min ms':>10}{'py peak MB':>12}{'RSS peak MB':>13}"
        )
        for name, path, repeat in cases:
            # side by side: the default (jsonschema-rs fast pass when installed) and python-jsonschema alone
            for engine in ("auto", "python"):
                r = run_case(path, repeat, engine)
                size = f"{path.stat().st_size / 1024:.0f} KB"
                print(
                    f"{name:<16}{engine:<16}{size:>10}{r['median_ms']:>12.1f}{r['min_ms']:>10.1f}"
                    f"{r['tracemalloc_peak_mb']:>12.1f}{r['peak_rss_mb']:>13.0f}"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
