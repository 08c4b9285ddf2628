"""The self-contained editor's size and launch time (scripts/build_bundle.sh builds it).

    .venv/bin/python scripts/bench_bundle.py [--runs 7] [--bundle dist/dambuster-editor]

Size: the folder (bytes on disk, as du counts them) and the folder as a .tar.gz (what a designer
downloads). Launch: the bundle copied to a clean folder and started there with an empty environment
(no PATH, so no Python; a fresh HOME each run) on samples/ogre-basic.json, timed from the start of the
process to the moment its window, titled with the file's name, is shown on the X server (polled every
20 ms with xdotool), on an Xvfb display of its own. Prints the minimum, median and maximum of the runs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "ogre-basic.json"
POLL_S = 0.02
LIMIT_S = 120


@contextmanager
def x_server() -> Iterator[str]:
    """A display of its own: Xvfb picks a free number and says it when ready (-displayfd), so two
    benchmarks at once never share or race for one (as xvfb-run -a can); -noreset, or the server resets
    whenever its last client leaves (each xdotool poll, the editor of the run before) and an editor
    connecting just then fails ("could not connect to display")."""
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        number = xvfb.stdout.readline().strip() if xvfb.stdout else ""
        if not number.isdigit():
            raise SystemExit("bench_bundle: Xvfb did not start")
        yield f":{number}"
    finally:
        xvfb.terminate()
        xvfb.wait(30)


def disk_bytes(folder: Path) -> int:
    du = subprocess.run(["du", "-sb", str(folder)], capture_output=True, text=True, check=True)
    return int(du.stdout.split()[0])


def targz_bytes(folder: Path, scratch: Path) -> int:
    archive = scratch / "bundle.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(folder, arcname=folder.name)
    size = archive.stat().st_size
    archive.unlink()
    return size


def shown(name: str) -> bool:
    r = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", name], capture_output=True, text=True)
    return bool(r.stdout.strip())


def launch_seconds(editor: Path, scratch: Path, run: int) -> float:
    home = scratch / f"home-{run}"
    home.mkdir()
    scenario = home / SAMPLE.name
    shutil.copy(SAMPLE, scenario)
    env = {"DISPLAY": os.environ["DISPLAY"], "HOME": str(home), "LANG": "C.UTF-8", "PATH": "/nonexistent"}
    log_path = home / "editor.log"
    with log_path.open("wb") as log:
        start = time.perf_counter()
        app = subprocess.Popen([str(editor), str(scenario)], env=env, stdout=log, stderr=log)
        try:
            while not shown(SAMPLE.stem):
                if app.poll() is not None:
                    said = log_path.read_text(errors="replace").strip()[-2000:]
                    raise SystemExit(f"bench_bundle: the editor exited ({app.returncode}) first:\n{said}")
                if time.perf_counter() - start > LIMIT_S:
                    raise SystemExit(f"bench_bundle: no window after {LIMIT_S} s")
                time.sleep(POLL_S)
            return time.perf_counter() - start
        finally:
            app.terminate()
            app.wait(30)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "dambuster-editor")
    args = parser.parse_args()
    if not (args.bundle / "dambuster-editor").exists():
        print(
            f"bench_bundle: no bundle at {args.bundle}; build it with scripts/build_bundle.sh",
            file=sys.stderr,
        )
        return 2
    with x_server() as display, tempfile.TemporaryDirectory() as tmp:
        os.environ["DISPLAY"] = display
        scratch = Path(tmp)
        app = scratch / "clean" / "dambuster-editor"
        shutil.copytree(args.bundle, app, symlinks=True)
        size, packed = disk_bytes(app), targz_bytes(app, scratch)
        times = [launch_seconds(app / "dambuster-editor", scratch, i) for i in range(args.runs)]
    mb = 1_000_000
    print(f"bundle: {size / mb:.0f} MB on disk, {packed / mb:.0f} MB as .tar.gz")
    print(
        f"launch to window shown, {args.runs} runs: min {min(times):.2f} s, "
        f"median {statistics.median(times):.2f} s, max {max(times):.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
