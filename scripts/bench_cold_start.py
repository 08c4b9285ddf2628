#!/usr/bin/env python3
"""Cold start of a single-file `dambuster validate`, side by side with check-jsonschema (issue 11, item 6).

For each file, the two commands run alternately (ours, theirs, ours, ...) as a pre-commit hook or an
editor integration runs them: a fresh process each time, the installed console scripts, output
discarded. Medians of --repeat runs each, and their ratio (the target: ours at most 0.8x theirs on
samples/ogre-dambusters-valley.json). check-jsonschema checks the schema only; we also check the
file's rules. Files: an Ogre map with the dam rules (networkx), one of the basic game alone (no
geometry, no graph: neither shapely, numpy nor networkx is imported) and a DBM table (shapely).

    .venv/bin/python scripts/bench_cold_start.py [--repeat 21] [FILE ...]

check-jsonschema is not a dependency: without it (`pip install check-jsonschema`) only our figures are
printed. Nothing here asserts a speed: it prints figures.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "schema" / "scenario.schema.json"
FILES = ["samples/ogre-dambusters-valley.json", "samples/ogre-basic.json", "samples/dbm-table.json"]


def script(name: str) -> str | None:
    """The console script installed beside this Python (the virtualenv's), else the one on PATH."""
    here = Path(sys.executable).parent / name
    return str(here) if here.exists() else shutil.which(name)


#: As installed: pip writes every module's bytecode at install time, so the runs may write and use it
#: too (an editable install under PYTHONDONTWRITEBYTECODE=1 would compile our modules on every start).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def seconds(command: list[str]) -> tuple[float, float]:
    """(wall-clock seconds, CPU seconds of the process and its children: steadier on a busy machine)."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"bench_cold_start: {' '.join(command)} exited {os.waitstatus_to_exitcode(status)}")
    return elapsed, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", default=FILES, metavar="FILE")
    parser.add_argument("--repeat", type=int, default=21, help="runs of each command per file (default 21)")
    args = parser.parse_args()
    ours = script("dambuster")
    if ours is None:
        raise SystemExit("bench_cold_start: no dambuster command; pip install -e . first")
    theirs = script("check-jsonschema")
    if theirs is None:
        print("check-jsonschema is not installed (pip install check-jsonschema): our figures only")
    print(f"{'':36} {'wall-clock seconds':^32}   {'CPU seconds':^32}")
    print(
        f"{'file':36} {'dambuster':>10} {'check-js':>10} {'ratio':>6}     {'dambuster':>10} {'check-js':>10} {'ratio':>6}"
    )
    for name in args.files:
        path = str(ROOT / name) if not Path(name).exists() else name
        commands = {"ours": [ours, "validate", path]}
        if theirs:
            commands["theirs"] = [theirs, "--schemafile", str(SCHEMA), path]
        for command in commands.values():  # once each, unmeasured: the files and modules in the page cache
            seconds(command)
        runs: dict[str, list[tuple[float, float]]] = {k: [] for k in commands}
        for _ in range(args.repeat):
            for key, command in commands.items():
                runs[key].append(seconds(command))
        cells = []
        for kind in (0, 1):
            mine = statistics.median(r[kind] for r in runs["ours"])
            other = statistics.median(r[kind] for r in runs["theirs"]) if theirs else None
            cells.append(
                f"{mine:10.3f} " + (f"{other:10.3f} {mine / other:6.2f}" if other else f"{'-':>10} {'-':>6}")
            )
        print(f"{Path(name).name:36} {cells[0]}     {cells[1]}")
    print(f"medians of {args.repeat} runs each, alternating; ratio: dambuster / check-jsonschema")


if __name__ == "__main__":
    main()
