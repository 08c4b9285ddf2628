#!/usr/bin/env python3
"""What a SARIF report costs over a text one (issue 29, item 3): `dambuster validate FILE --format sarif`
against `--format text`, in modules imported and CPU time, for one or more Pythons (each a virtualenv with
dambuster installed, e.g. the tree before a change and after it).

Each run is a fresh process, ``python -c`` wrapping ``dambuster.cli.main`` the same way for both formats
and every Python: it counts ``sys.modules`` at exit (``-X importtime`` sees only statement imports, not
modules loaded by name). CPU time is the process's and its children's (the watched worker that checks the
file), from ``os.wait4``. "writer" is the SARIF writer itself: the modules and CPU time that importing its
module adds to a process that has just written the text report. The target: SARIF within 10 % of text
plus the writer. Runs alternate (each Python, each format, again), and medians are printed; nothing here
asserts a speed.

    .venv/bin/python scripts/bench_report_formats.py [--repeat 11] [--file F] [PYTHON ...]

Default Pythons: /work/before/.venv/bin/python (when present) and this one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILE = "samples/ogre-dambusters-valley.json"
BEFORE = Path("/work/before/.venv/bin/python")

#: The wrapper each run executes: argv[1] is the mode (text, sarif, writer), argv[2] the file.
WRAPPER = r"""
import contextlib, importlib, io, os, sys, time
from dambuster.cli import main
mode, path = sys.argv[1], sys.argv[2]
out = io.StringIO()
with contextlib.redirect_stdout(out):
    rc = main(["validate", path, "--format", "text" if mode == "writer" else mode])
extra = ""
if mode == "writer":  # what importing the SARIF writer adds after the text report
    before, cpu = len(sys.modules), time.process_time()
    for name in ("dambuster.batch.formats.sarif", "dambuster.formats.sarif"):
        try:
            importlib.import_module(name)
            break
        except ImportError:
            continue
    extra = f" {len(sys.modules) - before} {time.process_time() - cpu:.6f}"
os.write(2, f"\nBENCH {len(sys.modules)}{extra}\n".encode())
sys.exit(rc)
"""

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(python: str, mode: str, path: str) -> tuple[int, float, int, float]:
    """(modules at exit, CPU seconds of the process and its children; writer: modules, CPU it adds)."""
    proc = subprocess.Popen(
        [python, "-c", WRAPPER, mode, path],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=ENV,
        cwd=ROOT,
    )
    assert proc.stderr is not None
    err = proc.stderr.read().decode()
    _, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    lines = [line for line in err.splitlines() if line.startswith("BENCH ")]
    if code not in (0, 1) or not lines:
        raise SystemExit(f"bench_report_formats: {python} {mode} exited {code}: {err[-500:]}")
    fields = lines[-1].split()[1:]
    modules = int(fields[0])
    added, added_cpu = (int(fields[1]), float(fields[2])) if len(fields) > 1 else (0, 0.0)
    return modules, usage.ru_utime + usage.ru_stime, added, added_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pythons", nargs="*", metavar="PYTHON")
    parser.add_argument("--repeat", type=int, default=11, help="runs of each (Python, format) (default 11)")
    parser.add_argument("--file", default=FILE)
    args = parser.parse_args()
    pythons = args.pythons or [str(p) for p in (BEFORE, Path(sys.executable)) if p.exists()]
    modes = ("text", "sarif", "writer")
    got: dict[tuple[str, str], list[tuple[int, float, int, float]]] = {}
    for _ in range(args.repeat):
        for python in pythons:
            for mode in modes:
                got.setdefault((python, mode), []).append(run(python, mode, args.file))

    def median(python: str, mode: str, i: int) -> float:
        return statistics.median(r[i] for r in got[(python, mode)])

    print(f"dambuster validate {args.file}: medians of {args.repeat} runs each, alternating")
    print(f"{'python':<40} {'format':<7} {'modules':>8} {'CPU s':>7}")
    for python in pythons:
        for mode in ("text", "sarif"):
            print(f"{python:<40} {mode:<7} {median(python, mode, 0):>8.0f} {median(python, mode, 1):>7.3f}")
        writer_modules, writer_cpu = median(python, "writer", 2), median(python, "writer", 3)
        print(f"{python:<40} {'writer':<7} {writer_modules:>+8.0f} {writer_cpu:>+7.3f}")
        for i, what, writer in ((0, "modules", writer_modules), (1, "CPU s", writer_cpu)):
            text, sarif = median(python, "text", i), median(python, "sarif", i)
            limit = 1.10 * (text + writer)
            verdict = "within" if sarif <= limit else "OVER"
            print(f"{'':<40} sarif {what}: {sarif:.3f} vs 1.10 x (text + writer) = {limit:.3f}: {verdict}")


if __name__ == "__main__":
    main()
