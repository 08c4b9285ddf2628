"""The hostile cases of `scripts/bench_budget.py --commands`: files made to cost the commands other
than validate as much as a legal file can (issue 19 item 5), each run as a user runs it.

Every case is a file (generated once into the folder) and a command line; the runner prints the median
wall time, the process's CPU time, its peak resident memory, the exit status and the last line on
standard error. The promise (docs/untrusted.md, "Work per file"): within 5 s and 1 GB, or refused in
one line, exit 2, in under a second.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The command measured: $DAMBUSTER (another install, to compare), else this checkout's.
DAMBUSTER = Path(os.environ.get("DAMBUSTER") or ROOT / ".venv" / "bin" / "dambuster")


def gen_big_map(path: Path, side: int = 1000) -> None:
    """scripts/make_big_map.py's map: noise terrain, rivers, roads, a dam (1000 x 1000: 1.5 MB)."""
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "make_big_map.py"),
            "--columns",
            str(side),
            "--rows",
            str(side),
        ]
        + ["--seed", "7", "-o", str(path)],
        check=True,
        capture_output=True,
    )


def gen_tmx_tiles(path: Path, side: int = 1000) -> None:
    """A hexagonal TMX map with its tiles as <tile gid> elements, the costliest legal encoding."""
    tiles = '<tile gid="1"/>' * (side * side)
    _write_tmx(path, side, f"<data>{tiles}</data>")


def gen_tmx_csv_layers(path: Path, side: int = 1000, layers: int = 15) -> None:
    """15 CSV tile layers of 1000 x 1000 tiles: 30 MB, inside the 32 MB cap."""
    row = ",".join(["1"] * (side * side))
    body = "".join(
        f'<layer id="{i + 2}" name="l{i}" width="{side}" height="{side}"><data encoding="csv">{row}</data></layer>'
        for i in range(layers)
    )
    _write_tmx(path, side, f'<data encoding="csv">{row}</data>', extra=body)


def gen_tmx_elements(path: Path, count: int = 2_500_000) -> None:
    """2.5 million empty properties: more XML elements than any map needs (32 MB)."""
    props = "<property/>" * count
    _write_tmx(path, 10, '<data encoding="csv">' + ",".join(["1"] * 100) + "</data>", props=props)


def gen_tmx_points(path: Path, shapes: int = 80, points: int = 90_000) -> None:
    """80 polygons of 90,000 points each, every one under the importer's cap per polygon (29 MB)."""
    pts = " ".join(["1,1"] * points)
    objects = "".join(f'<object id="{i + 1}"><polygon points="{pts}"/></object>' for i in range(shapes))
    _write_tmx(
        path,
        10,
        '<data encoding="csv">' + ",".join(["1"] * 100) + "</data>",
        extra=f'<objectgroup id="900" name="o">{objects}</objectgroup>',
    )


def _write_tmx(path: Path, side: int, data: str, extra: str = "", props: str = "") -> None:
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="hexagonal" renderorder="right-down" width="{side}" '
        f'height="{side}" tilewidth="28" tileheight="32" hexsidelength="16" staggeraxis="x" '
        f'staggerindex="odd" infinite="0"><properties>{props}</properties>'
        '<tileset firstgid="1" name="t"><tile id="0"><properties>'
        '<property name="dambuster:terrain" value="clear"/></properties></tile></tileset>'
        f'<layer id="1" name="terrain" width="{side}" height="{side}">{data}</layer>{extra}</map>',
        encoding="utf-8",
    )


def gen_dams_cap(path: Path) -> None:
    """bench_budget.py's dams-cap: 10 rivers of 10,000 hexes and 100 dams on a 1000 x 1000 map."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from bench_budget import gen_dams

    gen_dams(path, rivers=10, river_hexes=10_000, dams=100)


def gen_woods_cap(path: Path) -> None:
    """bench_budget.py's woods-cap: a table with 10 woods of 10,000 points."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from bench_budget import gen_woods

    gen_woods(path, woods=10)


def gen_combs(path: Path) -> None:
    """bench_budget.py's combs: two crossing comb-shaped areas; Qt fills them in one long call."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from bench_budget import gen_combs as combs

    combs(path)


def sample(name: str, path: Path) -> None:
    path.write_bytes((ROOT / "samples" / name).read_bytes())


#: name -> (file generator, file suffix, the command's arguments: {f} the file, {o} an output path)
CASES = {
    "render-pdf": (gen_big_map, ".json", ["render", "{f}", "-o", "{o}.pdf", "--hex-size", "5mm"]),
    "render-svg": (gen_big_map, ".json", ["render", "{f}", "-o", "{o}.svg", "--zoom", "2"]),
    "render-png": (gen_big_map, ".json", ["render", "{f}", "-o", "{o}.png"]),
    "render-overlays": (gen_dams_cap, ".json", ["render", "{f}", "-o", "{o}.pdf", "--sheets", "overlays"]),
    "render-valley": (
        partial(sample, "ogre-dambusters-valley.json"),
        ".json",
        ["render", "{f}", "-o", "{o}.pdf"],
    ),
    "render-combs": (gen_combs, ".json", ["render", "{f}", "-o", "{o}.png"]),
    "diff-text": (gen_big_map, ".json", ["diff", "{f}", "{f}"]),
    "diff-png": (gen_big_map, ".json", ["diff", "{f}", "{f}", "-o", "{o}.png"]),
    "surge-mc-max": (gen_dams_cap, ".json", ["surge", "{f}", "--dam", "dam-0-0", "--monte-carlo", "1000000"]),
    "surge-mc-valley": (
        partial(sample, "ogre-dambusters-valley.json"),
        ".json",
        ["surge", "{f}", "--dam", "dam-aller", "--monte-carlo", "300000"],
    ),
    "surge-steps": (gen_dams_cap, ".json", ["surge", "{f}", "--dam", "dam-0-0", "--format", "json"]),
    "flood": (partial(sample, "sewer-flash-flood.json"), ".json", ["flood", "{f}", "--format", "json"]),
    "import-tmx-tiles": (gen_tmx_tiles, ".tmx", ["import-tiled", "{f}", "-o", "{o}.json"]),
    "import-tmx-csv": (gen_tmx_csv_layers, ".tmx", ["import-tiled", "{f}", "-o", "{o}.json"]),
    "import-tmx-elements": (gen_tmx_elements, ".tmx", ["import-tiled", "{f}", "-o", "{o}.json"]),
    "import-tmx-points": (gen_tmx_points, ".tmx", ["import-tiled", "{f}", "-o", "{o}.json"]),
    "export-tiled": (gen_big_map, ".json", ["export-tiled", "{f}", "-o", "{o}.tmx"]),
    "export-geojson": (gen_woods_cap, ".json", ["export-geojson", "{f}", "-o", "{o}.geojson"]),
    "player-view": (gen_big_map, ".json", ["player-view", "{f}", "--side", "combine", "-o", "{o}.json"]),
    "dbm-setup": (lambda path: None, "", ["dbm-setup", "--defender", "wood", "-o", "{o}.json"]),
}


def run_case(argv: list[str], timeout: float) -> dict:
    """One command in its own process: wall and CPU seconds, peak RSS (its rusage), exit, last stderr line."""
    t = time.perf_counter()
    proc = subprocess.Popen([str(DAMBUSTER), *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    from bench_budget import wait_until

    status, usage = wait_until(proc, t + timeout)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    lines = proc.stderr.read().decode("utf-8", "replace").strip().splitlines()
    proc.stderr.close()
    return {
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "rss_mb": usage.ru_maxrss / 1024,
        "exit": proc.returncode,
        "timed_out": wall > timeout,
        "stderr": lines[-1][:150] if lines else "",
    }


def generate(name: str, path: Path) -> None:
    """Writes the file of case ``name`` in a process of its own: a process forked from one that built a
    large file in memory would report that memory as its own peak (ru_maxrss survives exec)."""
    subprocess.run([sys.executable, __file__, name, str(path)], check=True)


__all__ = ["CASES", "generate", "run_case"]


if __name__ == "__main__":
    CASES[sys.argv[1]][0](Path(sys.argv[2]))
