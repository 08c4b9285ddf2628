#!/usr/bin/env python3
"""Benchmark of `dambuster validate` (Rule checks issue).

(a) full validation (strict load + schema + model + every rule of the declared profiles) of
    samples/ogre-dambusters-valley.json in-process: median ms over repeated runs;
(b) batch: 1,000 Ogre-size maps (copies of that sample with random terrain tweaks) validated by
    `dambuster validate DIR --jobs 2` (full rules) and, for comparison, by python-jsonschema alone
    (schema only, one process over the same files); maps/second for both and their ratio;
(c) a 1000x1000 hex map with full rules: seconds and the process's peak RSS.

Every timed case runs in its own process. Nothing here asserts a speed: it prints figures.

    .venv/bin/python scripts/bench_validate.py [--maps 1000] [--repeat 21] [--jobs 2] [--skip-big]
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

IN_PROCESS = r"""
import json, resource, statistics, sys, time
from dambuster.batch.report import validate_file
path, repeat = sys.argv[1], int(sys.argv[2])
first = validate_file(path)  # warms the schema validator and imports, as any long-running use would
times = []
for _ in range(repeat):
    t = time.perf_counter(); r = validate_file(path); times.append(time.perf_counter() - t)
print(json.dumps({"median_ms": statistics.median(times) * 1000, "min_ms": min(times) * 1000,
                  "valid": r.valid, "violations": len(r.violations),
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

BIG = r"""
import json, resource, sys, time
t0 = time.perf_counter()
from dambuster.batch.report import validate_file
t1 = time.perf_counter()
r = validate_file(sys.argv[1])
t2 = time.perf_counter()
print(json.dumps({"import_s": t1 - t0, "validate_s": t2 - t1, "valid": r.valid, "violations": len(r.violations),
                  "codes": sorted({v.code for v in r.violations}),
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

SCHEMA_ONLY = r"""
import json, sys
from pathlib import Path
from jsonschema import Draft202012Validator
schema = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
v = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
ok = 0
for p in sorted(Path(sys.argv[2]).glob("*.json")):
    ok += v.is_valid(json.loads(p.read_bytes()))
print(json.dumps({"valid": ok}))
"""


def child(code: str, *args: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def sample_path(tmp: Path) -> Path:
    if SAMPLE.exists():
        return SAMPLE
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_samples.py"), "--out", str(tmp / "samples")],
        check=True,
        capture_output=True,
    )
    return tmp / "samples" / SAMPLE.name


def make_batch(sample: Path, out: Path, n: int, seed: int = 7) -> None:
    """n copies of the sample, each with a few clear<->forest swaps so no two files are alike."""
    rng = random.Random(seed)
    doc = json.loads(sample.read_text(encoding="utf-8"))
    rows = doc["map"]["terrain"]["rows"]
    swappable = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "cf"]
    out.mkdir()
    for i in range(n):
        grid = [list(row) for row in rows]
        for r, c in rng.sample(swappable, min(12, len(swappable))):
            grid[r][c] = "f" if grid[r][c] == "c" else "c"
        doc["map"]["terrain"]["rows"] = ["".join(row) for row in grid]
        doc["meta"]["title"] = f"Batch map {i:04d}"
        (out / f"map-{i:04d}.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def make_big(path: Path, size: int) -> None:
    script = ROOT / "scripts" / "make_big_map.py"
    if script.exists():
        subprocess.run(
            [
                sys.executable,
                str(script),
                "--columns",
                str(size),
                "--rows",
                str(size),
                "--seed",
                "1",
                "-o",
                str(path),
            ],
            check=True,
            capture_output=True,
        )
        return
    build_big(path, size)


def build_big(path: Path, size: int) -> None:
    """Fallback: a size x size Dambusters map built with the model: forest patches, a river with a dam."""
    from dambuster.model import new_hex_scenario, save
    from dambuster.model.scenario import Dam, River

    rng = random.Random(1)
    sc = new_hex_scenario(size, size, title=f"Big {size}x{size}", profiles=["ogre-dambusters"])
    layout = sc.map.layout
    for _ in range(size * size // 20):
        sc.map.terrain[layout.to_axial(rng.randrange(size), rng.randrange(size))] = "forest"
    col = size // 2
    river = [layout.to_axial(col, row) for row in range(size)]
    for h in river:
        sc.map.terrain[h] = "water"
    sc.map.rivers.append(River("river-main", river, "Main"))
    sc.map.dams.append(Dam("dam-1", river[size // 4], "river-main", reservoir=river[: size // 4]))
    save(sc, path)


def ours_per_second(folder: Path, n: int, jobs: int, engine: str | None = None) -> tuple[float, int]:
    env = dict(os.environ)
    if engine:
        env["DAMBUSTER_SCHEMA_ENGINE"] = engine
    db = [sys.executable, "-m", "dambuster"]
    t = time.perf_counter()
    proc = subprocess.run(
        db + ["validate", str(folder), "--jobs", str(jobs), "--format", "json"],
        capture_output=True,
        text=True,
        env=env,
    )
    ours = time.perf_counter() - t
    if proc.returncode > 1:
        raise SystemExit(f"validate exited {proc.returncode}: {proc.stderr[-500:]}")
    return n / ours, sum(f["valid"] for f in json.loads(proc.stdout)["files"])


def schema_only_per_second(folder: Path, n: int) -> float:
    t = time.perf_counter()
    child(SCHEMA_ONLY, str(ROOT / "schema" / "scenario.schema.json"), str(folder))
    return n / (time.perf_counter() - t)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--maps", type=int, default=1000, help="maps in the batch (default 1000)")
    ap.add_argument("--repeat", type=int, default=21, help="runs of the in-process case (default 21)")
    ap.add_argument("--jobs", type=int, default=2, help="--jobs for the batch (default 2)")
    ap.add_argument("--big", type=int, default=1000, help="side of the big map (default 1000)")
    ap.add_argument("--skip-big", action="store_true", help="leave out the big map")
    args = ap.parse_args(argv)
    try:
        import jsonschema_rs  # noqa: F401

        fast = True
    except ImportError:
        fast = False
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, jsonschema-rs {'present' if fast else 'absent'}"
    )
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        sample = sample_path(tmp)

        r = child(IN_PROCESS, str(sample), str(args.repeat))
        print(
            f"(a) {sample.name}: full validation in-process median {r['median_ms']:.1f} ms "
            f"(min {r['min_ms']:.1f} ms; valid={r['valid']}, {r['violations']} findings)"
        )

        folder = tmp / "batch"
        make_batch(sample, folder, args.maps)
        schema_only = schema_only_per_second(folder, args.maps)
        ours, valid = ours_per_second(folder, args.maps, args.jobs)
        print(
            f"(b) {args.maps} maps: dambuster validate --jobs {args.jobs} {ours:.1f} maps/s ({valid} valid); "
            f"python-jsonschema schema-only {schema_only:.1f} maps/s; ratio {ours / schema_only:.2f}x (target >= 5x)"
        )
        if fast:
            slow, _ = ours_per_second(folder, args.maps, args.jobs, engine="python")
            print(
                f"    without the jsonschema-rs pass (DAMBUSTER_SCHEMA_ENGINE=python): {slow:.1f} maps/s, "
                f"ratio {slow / schema_only:.2f}x"
            )

        if not args.skip_big:
            big = tmp / f"big-{args.big}x{args.big}.json"
            make_big(big, args.big)
            r = child(BIG, str(big))
            print(
                f"(c) {args.big}x{args.big} map ({big.stat().st_size / 2**20:.1f} MB): full validation "
                f"{r['validate_s']:.2f} s (+{r['import_s']:.2f} s imports), peak RSS {r['peak_rss_mb']:.0f} MB; "
                f"valid={r['valid']}, findings {r['violations']} {r['codes'][:6]}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
