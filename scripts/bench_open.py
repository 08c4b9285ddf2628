#!/usr/bin/env python3
"""Launch to a quiet window, the editor beside Tiled, on the same maps in one run (not a test):

    xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python scripts/bench_open.py [--repeat 3] [--big 1000]
        [--before COMMIT]

Both programs are measured from the outside in the same way: the clock starts when the process is
started; the window counts as open when X shows a viewable top-level window of the process
(``xwininfo``), and as quiet from the first moment after that when the process has used no CPU for
QUIET_MS (from /proc/PID/stat); the figure is the time to the start of that quiet stretch. Peak
memory is the process's VmHWM. Maps: none (the editor's start page; Tiled's empty window), the
valley sample and a BIG x BIG hex map, each opened by the editor as its JSON and by Tiled as our TMX
export of it. Medians of --repeat runs, the two programs taking turns (editor, Tiled, editor, ...) so
that a change in the machine's load falls on both. ``--before COMMIT`` adds the editor of that commit
as a third program taking its turn (its package laid out from ``git archive`` in a temporary folder and
put first on PYTHONPATH, the same virtual environment otherwise), for a before/after in one run. Each program gets its own empty configuration folder
(XDG_CONFIG_HOME) and the editor its own recovery folder, so no earlier session changes what opens.
The editor's rule checks of an opened map start once its window has been still for half a second
(editor/validation/panel.py: the map first, its problems listed when they arrive), so they are not in
its figure; on the 1000x1000 map they take about 0.3 CPU seconds more, in a worker thread.

Needs an X server (DISPLAY), Tiled (`tiled`) and xwininfo; a missing one is said and skipped."""

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
QUIET_MS = 300.0
POLL_S = 0.02
LIMIT_S = 120.0


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def _peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024.0
    return float("nan")


def _has_window(pid: int, owners: dict[str, str]) -> bool:
    """Whether X shows a viewable top-level window of the process (by its _NET_WM_PID). ``owners``
    remembers each window's process between polls, so a poll runs one xwininfo for the list and one
    per window of the process (the polling itself would otherwise take CPU from the program measured)."""
    tree = subprocess.run(["xwininfo", "-root", "-children"], capture_output=True, text=True).stdout
    for line in tree.splitlines():
        parts = line.split()
        if not parts or not parts[0].startswith("0x"):
            continue
        wid = parts[0]
        owner = owners.get(wid)
        if owner is None:
            prop = subprocess.run(["xprop", "-id", wid, "_NET_WM_PID"], capture_output=True, text=True).stdout
            owner = prop.strip().rsplit("= ", 1)[-1]
            if owner.isdigit():  # not yet set on a window just made: asked again next time
                owners[wid] = owner
        if owner != str(pid):
            continue
        info = subprocess.run(["xwininfo", "-id", wid], capture_output=True, text=True).stdout
        if "IsViewable" in info:
            return True
    return False


def measure(cmd: list[str], env: dict) -> tuple[float, float, float]:
    """(seconds from start to the quiet window, CPU seconds used by then, peak MB) of one launch; the
    process is then ended."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        owners: dict[str, str] = {}
        while not _has_window(proc.pid, owners):
            if proc.poll() is not None or time.perf_counter() - t0 > LIMIT_S:
                raise RuntimeError(f"no window from {cmd[0]}")
            time.sleep(POLL_S)
        ticks, since = _cpu_ticks(proc.pid), time.perf_counter()
        while time.perf_counter() - since < QUIET_MS / 1000.0:
            time.sleep(POLL_S)
            now = _cpu_ticks(proc.pid)
            if now != ticks:
                ticks, since = now, time.perf_counter()
            if time.perf_counter() - t0 > LIMIT_S:
                raise RuntimeError(f"{cmd[0]} never went quiet")
        return since - t0, ticks / os.sysconf("SC_CLK_TCK"), _peak_mb(proc.pid)
    finally:
        proc.kill()
        proc.wait()


def maps(folder: Path, big: int) -> list[tuple[str, Path | None, Path | None]]:
    """(name, the editor's file, Tiled's file) per case."""
    dambuster = [str(ROOT / ".venv/bin/dambuster")]
    out = []
    valley = ROOT / "samples/ogre-dambusters-valley.json"
    big_json = folder / f"big-{big}x{big}.json"
    subprocess.run(
        [sys.executable, str(ROOT / "scripts/make_big_map.py"), "--columns", str(big), "--rows", str(big)]
        + ["-o", str(big_json)],
        check=True,
        capture_output=True,
    )
    for name, source in (("valley", valley), (f"{big}x{big}", big_json)):
        tmx = folder / f"{source.stem}.tmx"
        subprocess.run(
            [*dambuster, "export-tiled", str(source), "-o", str(tmx), "--force", "--budget", "120"],
            check=True,
            capture_output=True,
        )
        out.append((name, source, tmx))
    return [("no file", None, None), *out]


def package_of(commit: str, folder: Path) -> Path:
    """A folder to put first on PYTHONPATH to run the editor of ``commit``: ``dambuster/`` laid out as
    installed ([tool.setuptools.package-dir]: cli/ is dambuster, model/ dambuster.model, ...), with the
    checkout's samples/ and pyproject.toml where the start page looks for them."""
    import tomllib

    tree = folder / f"tree-{commit}"
    tree.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    dirs = tomllib.loads((tree / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    package = folder / f"before-{commit}"
    package.mkdir()
    (tree / dirs["dambuster"]).rename(package / "dambuster")
    for name, source in dirs.items():
        if name != "dambuster":
            (tree / source).rename(package / "dambuster" / name.split(".", 1)[1])
    for extra in ("samples", "pyproject.toml"):
        (tree / extra).rename(package / "dambuster" / extra)
    return package


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--big", type=int, default=1000, help="the big map's columns and rows")
    parser.add_argument("--before", metavar="COMMIT", help="also the editor of this commit, taking turns")
    args = parser.parse_args(argv)
    missing = [t for t in ("tiled", "xwininfo", "xprop") if shutil.which(t) is None]
    if not os.environ.get("DISPLAY") or missing:
        print(f"bench_open: needs an X server (DISPLAY) and {', '.join(missing) or 'nothing else'}; skipped")
        return 0
    folder = Path(tempfile.mkdtemp(prefix="bench-open-"))
    editor = [str(ROOT / ".venv/bin/dambuster-editor")]
    before = package_of(args.before, folder) if args.before else None
    heads = ["editor s", "CPU s", "MB", "Tiled s", "CPU s", "MB"]
    if before:
        heads = [f"{args.before[:7]} s", "CPU s", "MB", *heads]
    print(f"{'map':<12} " + " ".join(f"{h:>9}" for h in heads))
    for name, ours, theirs in maps(folder, args.big):
        mine = editor + ([str(ours)] if ours else [])
        commands = ([mine] if before else []) + [mine, ["tiled"] + ([str(theirs)] if theirs else [])]
        runs: list[list[tuple[float, float, float]]] = [[] for _ in commands]
        for i in range(args.repeat):
            for which, cmd in enumerate(commands):  # taking turns, so all see the same load
                home = folder / f"config-{which}-{name}-{i}"
                env = dict(os.environ, XDG_CONFIG_HOME=str(home), DAMBUSTER_RECOVERY_DIR=str(home / "rec"))
                if before and which == 0:
                    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(before), env.get("PYTHONPATH")]))
                env.pop("QT_QPA_PLATFORM", None)  # both on the X server
                env.pop("PYTHONDONTWRITEBYTECODE", None)  # as a user's editor: its bytecode cached
                try:
                    runs[which].append(measure(cmd, env))
                except RuntimeError as e:  # said in the table, the other figures still measured
                    print(f"bench_open: {name}: {e}", file=sys.stderr)
        row = [statistics.median(r[k] for r in rs) if rs else float("nan") for rs in runs for k in (0, 1, 2)]
        cells = [f"{v:>9.0f}" if k % 3 == 2 else f"{v:>9.2f}" for k, v in enumerate(row)]
        print(f"{name:<12} " + " ".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
