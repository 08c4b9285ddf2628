#!/usr/bin/env python3
"""Batch validation at scale: maps per second for `dambuster validate` over a generated collection.

10,000 maps (copies of samples/ogre-dambusters-valley.json, each with a few random clear<->forest
swaps, in a temporary folder) are checked with full rules by:

* 1 worker      -- `dambuster validate DIR` (in-process);
* 2 workers     -- `dambuster validate DIR --jobs 2` (local process pool);
* Dask cluster  -- `dambuster validate DIR --scheduler tcp://127.0.0.1:PORT`, a LocalCluster of
                   2 worker processes on loopback started by this script;
* cache, cold / warm -- `--cache FILE` on the first run (everything checked, the cache written) and
                   on a second run over the unchanged folder (nothing checked).

Every run is its own process, timed wall-clock from start to exit (start-up included). Every run must
give the same JSON report. Nothing asserts a speed: the script prints a table.

    .venv/bin/python scripts/bench_scale.py [--maps 10000] [--workers 2] [--skip-dask]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "ogre-dambusters-valley.json"


def make_maps(out: Path, n: int, seed: int = 11) -> None:
    """n copies of the valley sample, each with 12 clear<->forest swaps, so no two files are alike."""
    rng = random.Random(seed)
    doc = json.loads(SAMPLE.read_text(encoding="utf-8"))
    rows = doc["map"]["terrain"]["rows"]
    swappable = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "cf"]
    out.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        grid = [list(row) for row in rows]
        for r, c in rng.sample(swappable, min(12, len(swappable))):
            grid[r][c] = "f" if grid[r][c] == "c" else "c"
        doc["map"]["terrain"]["rows"] = ["".join(row) for row in grid]
        doc["meta"]["title"] = f"Scale map {i:05d}"
        (out / f"map-{i:05d}.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def timed_validate(folder: Path, *extra: str) -> tuple[float, dict, str]:
    cmd = [sys.executable, "-m", "dambuster", "validate", str(folder), "--format", "json", *extra]
    t = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ))
    seconds = time.perf_counter() - t
    if proc.returncode > 1:
        raise SystemExit(f"{' '.join(extra) or 'validate'} exited {proc.returncode}: {proc.stderr[-500:]}")
    return seconds, json.loads(proc.stdout), proc.stderr


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--maps", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=2, help="processes for the pool and the Dask cluster")
    ap.add_argument("--skip-dask", action="store_true")
    args = ap.parse_args(argv)

    rows: list[tuple[str, float]] = []
    with tempfile.TemporaryDirectory(prefix="dambuster-scale-") as tmp:
        folder = Path(tmp) / "maps"
        t = time.perf_counter()
        make_maps(folder, args.maps)
        print(f"generated {args.maps} maps in {time.perf_counter() - t:.1f} s", file=sys.stderr)

        seconds, reference, _ = timed_validate(folder)
        rows.append(("1 worker (in-process)", seconds))
        seconds, report, _ = timed_validate(folder, "--jobs", str(args.workers))
        assert report == reference, "the process pool gave another report"
        rows.append((f"{args.workers} workers (process pool)", seconds))

        if not args.skip_dask:
            from distributed import LocalCluster

            with LocalCluster(
                n_workers=args.workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=":0",
            ) as cluster:
                seconds, report, _ = timed_validate(
                    folder, "--scheduler", cluster.scheduler_address, "--jobs", str(args.workers)
                )
            assert report == reference, "the Dask cluster gave another report"
            rows.append((f"Dask LocalCluster ({args.workers} worker processes)", seconds))

        cache = Path(tmp) / "cache.json"
        seconds, report, _ = timed_validate(folder, "--cache", str(cache))
        assert report == reference
        rows.append(("--cache, cold (1 worker, writes the cache)", seconds))
        seconds, report, err = timed_validate(folder, "--cache", str(cache))
        assert report == reference and f"{args.maps} unchanged, 0 checked" in err, err
        rows.append(("--cache, warm (nothing changed)", seconds))
        cache_mb = cache.stat().st_size / 1e6

    base = rows[0][1]
    print(f"\n{args.maps} maps ({SAMPLE.name} with terrain tweaks), full rules, {os.cpu_count()} CPUs\n")
    print(f"| {'run':<48} | {'seconds':>8} | {'maps/s':>8} | {'vs 1 worker':>11} |")
    print(f"|{'-' * 50}|{'-' * 9}:|{'-' * 9}:|{'-' * 12}:|")
    for name, s in rows:
        print(f"| {name:<48} | {s:>8.1f} | {args.maps / s:>8.0f} | {base / s:>10.2f}x |")
    print(f"\ncache file: {cache_mb:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
