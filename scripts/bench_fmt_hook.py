#!/usr/bin/env python3
"""The `dambuster-fmt` pre-commit hook on one batch of 10 maps: what one hook invocation costs.

pre-commit runs the hook's entry (.pre-commit-hooks.yaml: ``dambuster fmt --scenarios-only --``) once
per batch of staged files, a fresh process each time. This runs that entry, with the installed console
script, on 10 copies of the samples (already in the canonical form after a first run, as a collection's
maps are: nothing is rewritten) --repeat times and prints the median wall-clock and CPU seconds, and how
many dambuster modules the run imported (``python -X importtime``). With --compare, the same entry
also runs as it ran before a run of fmt built its parser alone (every command's parser, the
simulation, interop and completion modules imported: ``build_parser`` always whole), the two
alternating, both through ``python -c`` so that they differ in that alone. Nothing here asserts a speed.

    .venv/bin/python scripts/bench_fmt_hook.py [--repeat 7] [--compare]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = [p for p in sorted((ROOT / "samples").glob("*.json")) if p.stat().st_size < 50_000]
ENTRY = ["fmt", "--scenarios-only", "--"]  # as in .pre-commit-hooks.yaml
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # bytecode, as installed


def seconds(command: list[str], cwd: Path) -> tuple[float, float]:
    """(wall-clock seconds, CPU seconds of the process: steadier on a busy machine)."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"bench_fmt_hook: {' '.join(command)} exited {os.waitstatus_to_exitcode(status)}")
    return elapsed, usage.ru_utime + usage.ru_stime


def modules_imported(command: list[str], cwd: Path) -> int:
    """How many dambuster modules one run imports."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "dambuster", *command[1:]],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=ENV,
    )
    return sum(" dambuster" in line.split("|")[-1] for line in done.stderr.splitlines())


def via_python(whole_parser: bool) -> list[str]:
    """``dambuster`` as the console script runs it, optionally with the whole parser (as before)."""
    patch = "m = c.main_module; whole = m.build_parser; m.build_parser = lambda only=None: whole(); "
    code = (
        "import sys, importlib; import dambuster.cli as c; c.main_module = importlib.import_module('dambuster.cli.main'); "
        f"{patch if whole_parser else ''}sys.exit(c.main(sys.argv[1:]))"
    )
    return [sys.executable, "-c", code]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs (default 7)")
    parser.add_argument("--compare", action="store_true", help="also with the whole parser, as before")
    args = parser.parse_args()
    script = Path(sys.executable).parent / "dambuster"
    with tempfile.TemporaryDirectory() as tmp:
        batch = []
        for i in range(10):
            sample = SAMPLES[i % len(SAMPLES)]
            shutil.copyfile(sample, Path(tmp) / f"{i:02}-{sample.name}")
            batch.append(f"{i:02}-{sample.name}")
        command = [str(script), *ENTRY, *batch]
        seconds(command, Path(tmp))  # the first run formats them; the runs measured rewrite nothing
        runs = [seconds(command, Path(tmp)) for _ in range(args.repeat)]
        count = modules_imported(command, Path(tmp))
        report("dambuster fmt --scenarios-only -- (10 maps)", runs, f"; {count} dambuster modules imported")
        if args.compare:
            alone, whole = [], []
            for _ in range(args.repeat):
                alone.append(seconds([*via_python(False), *command[1:]], Path(tmp)))
                whole.append(seconds([*via_python(True), *command[1:]], Path(tmp)))
            report("  python -c, fmt's parser alone", alone)
            report("  python -c, every command's parser (before)", whole)


def report(what: str, runs: list[tuple[float, float]], more: str = "") -> None:
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    print(f"{what}: median of {len(runs)} runs: {wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU{more}")


if __name__ == "__main__":
    main()
