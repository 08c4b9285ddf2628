#!/usr/bin/env python3
"""Editor benchmark (not a test): opening a 200x200 hex map and one brush stamp, printing medians.

    .venv/bin/python scripts/bench_editor.py [--size 200] [--repeat 5]

"open" = strict load + building the scene + the first full paint of the map at zoom to fit.
"stamp" = one radius-1 brush stamp at 100% zoom: the model change and the repaint Qt schedules for
it (the changed hexes are painted into the cached chunk pixmaps and only their area is repainted).
Runs offscreen.
Also "full repaint" = repainting the whole 1400x900 window view at 100% from cached chunks, and
"repaint at zoom to fit" = repainting it with the whole map in view (counters, labels and overlay lines
must be culled or drawn at low detail when small).
Each figure is wall time, then in brackets the GUI thread's CPU time (``time.thread_time``), steadier
than wall time on a busy machine.
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


def big_map(size: int, folder: Path) -> Path:
    out = folder / f"big-{size}x{size}.json"
    maker = ROOT / "scripts/make_big_map.py"
    if maker.exists():
        subprocess.run(
            [sys.executable, str(maker), "--columns", str(size), "--rows", str(size), "-o", str(out)],
            check=True,
            capture_output=True,
        )
    else:
        from dambuster.model import new_hex_scenario, save

        sc = new_hex_scenario(size, size)
        for i, h in enumerate(sc.map.layout.hexes()):
            if i % 7 == 0:
                sc.map.terrain[h] = "forest"
        save(sc, out)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="editor benchmark")
    ap.add_argument("--size", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from dambuster.editor.commands import PaintTerrain
    from dambuster.editor.geometry.hexes import disc
    from dambuster.editor.mainwindow import MainWindow
    from dambuster.model import load

    app = QApplication.instance() or QApplication(["bench"])
    tmp = Path(tempfile.mkdtemp())
    path = big_map(args.size, tmp)
    settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings=settings)
    w.resize(1400, 900)
    w.show()
    app.processEvents()

    loads, opens, cpu = [], [], {"load": [], "open": [], "fit": [], "stamp": [], "full": []}
    for _ in range(args.repeat):
        t0, c0 = time.perf_counter(), time.thread_time()
        load(path)
        loads.append(time.perf_counter() - t0)
        cpu["load"].append(time.thread_time() - c0)
        t0, c0 = time.perf_counter(), time.thread_time()
        w.files.open_path(path)
        w.view.zoom_to_fit()
        w.view.viewport().repaint()
        opens.append(time.perf_counter() - t0)
        cpu["open"].append(time.thread_time() - c0)

    v, deadline = w.validation, time.perf_counter() + 30
    while time.perf_counter() < deadline and (  # the opened map's rule check done, as a user waits for it
        v.timer.isActive() or getattr(v, "fresh", False) or getattr(v, "pending", False)
    ):
        app.processEvents()
        time.sleep(0.01)
    app.processEvents()  # let the deferred zoom-to-fit of each open run before zooming to 100%
    w.view.zoom_to_fit()
    w.view.viewport().repaint()  # warm
    fits = []
    for _ in range(args.repeat):
        t0, c0 = time.perf_counter(), time.thread_time()
        w.view.viewport().repaint()
        fits.append(time.perf_counter() - t0)
        cpu["fit"].append(time.thread_time() - c0)
    w.view.fitting = False  # as after a user's zoom: a late resize must not fit the whole map again
    w.view.resetTransform()
    layout = w.doc.scenario.map.layout
    centre = layout.to_axial(layout.columns // 2, layout.rows // 2)
    w.view.centerOn(w.controller.scene_pos(centre))
    w.view.viewport().repaint()  # warm the cache at this zoom
    stamps, renders = [], []
    kinds = ["swamp", "forest"]
    for i in range(args.repeat * 4):
        hexes = [h for h in disc(centre, 1) if layout.contains(h)]
        before = sum(c.renders for c in w.controller.terrain.chunks.values())
        t0, c0 = time.perf_counter(), time.thread_time()
        w.doc.push(PaintTerrain(w.doc, dict.fromkeys(hexes, kinds[i % 2])))
        app.processEvents()  # the partial repaint of the dirty chunk, as in use
        stamps.append(time.perf_counter() - t0)
        cpu["stamp"].append(time.thread_time() - c0)
        renders.append(sum(c.renders for c in w.controller.terrain.chunks.values()) - before)
    full = []
    for _ in range(args.repeat):
        t0, c0 = time.perf_counter(), time.thread_time()
        w.view.viewport().repaint()
        full.append(time.perf_counter() - t0)
        cpu["full"].append(time.thread_time() - c0)
    w.doc.undo_stack.setClean()
    w.close()

    def ms(xs, key):
        return f"{statistics.median(xs) * 1000:.1f} ms ({statistics.median(cpu[key]) * 1000:.1f} ms CPU)"

    n = layout.columns * layout.rows
    print(
        f"map: {layout.columns}x{layout.rows} ({n} hexes), {len(w.controller.terrain.chunks)} chunks, "
        f"{path.stat().st_size // 1024} KB file"
    )
    print(f"load only (median of {args.repeat}):            {ms(loads, 'load')}")
    print(f"open = load + scene + first paint (median):  {ms(opens, 'open')}")
    print(
        f"brush stamp = model + repaint (median of {len(stamps)}): {ms(stamps, 'stamp')}; "
        f"chunks re-rendered per stamp: {statistics.median(renders):g}"
    )
    print(f"full repaint of the view at 100% (median):   {ms(full, 'full')}")
    print(f"repaint of the view at zoom to fit (median): {ms(fits, 'fit')}")
    import resource

    print(
        f"peak resident memory of the process:         {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"
    )
    return 0


def monte_carlo_stall(argv: list[str] | None = None) -> int:
    """The longest event-loop stall while the editor runs a Monte Carlo (target: 50 ms or less).

        .venv/bin/python scripts/bench_editor.py monte-carlo-stall [--runs 10000] [--repeat 3] [FILE ...]

    A QTimer ticks every 2 ms in the GUI thread while the preview's Monte Carlo runs in its helper
    process, from the click (the scenario is pickled in the GUI thread; the first run of the session
    also starts the process) until just after the heat map and the table are drawn (in the GUI
    thread too); the largest gap between two ticks is the longest time the window did not answer.
    Default files: the valley sample and the 200x200 sample.
    """
    ap = argparse.ArgumentParser(description="longest event-loop stall during a Monte Carlo in the editor")
    ap.add_argument(
        "files",
        nargs="*",
        type=Path,
        default=[ROOT / "samples/ogre-dambusters-valley.json", ROOT / "samples/big-200x200.json"],
    )
    ap.add_argument("--runs", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from dambuster.editor.mainwindow import MainWindow

    app = QApplication.instance() or QApplication(["bench"])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings=settings)
    w.resize(1400, 900)
    w.show()
    for path in args.files:
        w.files.open_path(path)
        w.preview_dock.show()
        pane = w.preview_dock.pane
        app.processEvents()
        worst, totals, ticks = [], [], []
        for _i in range(args.repeat):
            pane.hide_heat()
            gaps: list[float] = []
            last = [time.perf_counter()]

            def tick(gaps=gaps, last=last) -> None:  # this round's lists, bound now
                now = time.perf_counter()
                gaps.append(now - last[0])
                last[0] = now

            timer = QTimer()
            timer.setTimerType(Qt.TimerType.PreciseTimer)
            timer.setInterval(2)
            timer.timeout.connect(tick)
            loop = QEventLoop()

            def quit_soon(_result, loop=loop) -> None:  # after the panel drew the result: a few more ticks
                QTimer.singleShot(30, loop.quit)

            pane.mc.worker.finished.connect(quit_soon)
            t0 = time.perf_counter()
            timer.start()
            QTimer.singleShot(0, lambda pane=pane: pane.start_monte_carlo(args.runs))
            loop.exec()
            timer.stop()
            pane.mc.worker.finished.disconnect(quit_soon)
            totals.append(time.perf_counter() - t0)
            worst.append(max(gaps))
            ticks.append(len(gaps))
        print(
            f"{path.name}: {args.runs:,} runs in the helper process, click to drawn result "
            f"{', '.join(f'{x:.2f}' for x in totals)} s; longest stall {max(worst) * 1000:.1f} ms (per run: "
            f"{', '.join(f'{x * 1000:.1f}' for x in worst)} ms); {statistics.median(ticks):.0f} ticks of 2 ms"
        )
    w.doc.undo_stack.setClean()
    w.close()
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["monte-carlo-stall"]:
        sys.exit(monte_carlo_stall(sys.argv[2:]))
    sys.exit(main())
