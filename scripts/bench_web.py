#!/usr/bin/env python3
"""Benchmark of the web player and the gallery (issue 23, docs/web.md "Figures"), with Chromium's own
timings (tests/web/drive.mjs drives Debian's headless Chromium):

  page      the valley's page (`dambuster render ... -o valley.html`): its size in bytes
  paint     its first paint and first contentful paint (performance.getEntriesByType("paint")), desktop
  worker    10,000 Monte Carlo breaches of the valley in the page's Web Workers (the page's own clock)
  pan       frames a second while a 200 x 200 map (samples/big-200x200.json) is dragged, desktop size
  site      `dambuster site` over 1,000 maps (the samples copied round, hex maps and tables) with --jobs 2

Each figure is the median of --repeat runs (the site: one run unless --repeat-site). Nothing here
asserts anything: it prints figures (and writes them as JSON with --out).

    .venv/bin/python scripts/bench_web.py [--repeat 5] [--repeat-site 1] [--out FILE] [--only NAME,...]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DRIVE = ROOT / "tests" / "web" / "drive.mjs"
VALLEY = ROOT / "samples" / "ogre-dambusters-valley.json"
BIG = ROOT / "samples" / "big-200x200.json"


def dambuster(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "dambuster", *args], check=True, cwd=ROOT)


def drive(page: Path, actions: list[dict], viewport=(1280, 800)) -> list:
    job = {"page": str(page), "viewport": list(viewport), "actions": actions}
    out = subprocess.run(["node", str(DRIVE), json.dumps(job)], capture_output=True, text=True, check=True)
    seen = json.loads(out.stdout)
    if seen["errors"] or seen["network"]:
        raise SystemExit(f"the page failed: {seen['errors'] or seen['network']}")
    return seen["results"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--repeat-site", type=int, default=1)
    ap.add_argument("--out")
    ap.add_argument("--only", default="page,paint,worker,pan,site")
    args = ap.parse_args()
    only = set(args.only.split(","))
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        valley, big = tmp / "valley.html", tmp / "big.html"
        dambuster("render", str(VALLEY), "-o", str(valley))
        dambuster("render", str(BIG), "-o", str(big))
        figures["page_bytes"] = valley.stat().st_size
        figures["page_200x200_bytes"] = big.stat().st_size
        if "paint" in only:
            runs = [drive(valley, [{"do": "timing"}])[0] for _ in range(args.repeat)]
            figures["first_paint_ms"] = statistics.median(r["first_paint_ms"] for r in runs)
            figures["first_contentful_paint_ms"] = statistics.median(
                r["first_contentful_paint_ms"] for r in runs
            )
        if "worker" in only:
            runs = [drive(valley, [{"do": "montecarlo", "runs": 10000}])[0]["ms"] for _ in range(args.repeat)]
            figures["montecarlo_10000_ms"] = statistics.median(runs)
        if "pan" in only:
            runs = [drive(big, [{"do": "pan", "frames": 180}])[0]["fps"] for _ in range(args.repeat)]
            figures["pan_200x200_fps"] = statistics.median(runs)
        if "site" in only:
            figures["site_1000_maps_s"] = statistics.median(_site(tmp) for _ in range(args.repeat_site))
    for name, value in figures.items():
        print(f"{name:28} {value:12.1f}")
    if args.out:
        Path(args.out).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


def _site(tmp: Path) -> float:
    maps = tmp / "maps"
    shutil.rmtree(maps, ignore_errors=True)
    maps.mkdir()
    samples = sorted(p for p in (ROOT / "samples").glob("*.json") if p.name != BIG.name)
    for i in range(1000):
        shutil.copy(samples[i % len(samples)], maps / f"map-{i:04}.json")
    site = tmp / "site"
    shutil.rmtree(site, ignore_errors=True)
    start = time.perf_counter()
    dambuster("site", str(maps), "-o", str(site), "--jobs", "2")
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
