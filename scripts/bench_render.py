#!/usr/bin/env python3
"""Render benchmark (not a test): `dambuster render` of the 200x200 sample, printing medians.

    .venv/bin/python scripts/bench_render.py [--repeat 5] [FILE]

"command" = the installed `dambuster render FILE -o OUT` as a user runs it (a cold process: Python,
the imports, Qt's offscreen platform, the strict load, the scene, drawing, the atomic write), for the
default PNG (2400 pixels on the longer side), the default SVG and a PNG at 48 px a hex.
"in process" = the same work after Qt and the modules are loaded (what a long-running caller pays).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(sys.executable).with_name("dambuster")


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", default=str(ROOT / "samples" / "big-200x200.json"))
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    with tempfile.TemporaryDirectory() as tmp:
        cases = {"png": [], "svg": [], "png --hex-size 48px": ["--hex-size", "48px"]}
        for name, extra in cases.items():
            out = Path(tmp) / f"map.{name.split()[0]}"

            def run(out=out, extra=extra):  # this case's, bound now
                subprocess.run(
                    [str(SCRIPT), "render", args.file, "-o", str(out), "--force", *extra],
                    env=env,
                    check=True,
                    capture_output=True,
                )

            times = timed(run, args.repeat)
            print(
                f"command {name:22s} median {statistics.median(times):.2f} s  (min {min(times):.2f}, "
                f"{out.stat().st_size / 1e6:.1f} MB)"
            )
        from dambuster.cli import main as cli

        for name, extra in cases.items():
            out = Path(tmp) / f"in.{name.split()[0]}"
            times = timed(
                lambda out=out, extra=extra: cli(["render", args.file, "-o", str(out), "--force", *extra]),
                args.repeat,
            )
            print(f"in process {name:19s} median {statistics.median(times):.2f} s  (min {min(times):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
