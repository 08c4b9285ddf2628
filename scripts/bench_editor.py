#!/usr/bin/env python3
"""Editor benchmark (not a test): opening a 200x200 hex map and one brush stamp, printing medians.

    .venv/bin/python scripts/bench_editor.py [--size 200] [--repeat 5]

"open" = strict load + building the scene + the first full paint of the map at zoom to fit.
"stamp" = one radius-1 brush stamp at 100% zoom: the model change and the repaint Qt schedules for
it (the changed hexes are painted into the cached chunk pixmaps and only their area is repainted).
Runs offscreen.
Also "full repaint" = repainting the whole 1400x900 window view at 100% from cached chunks.
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
        subprocess.run([sys.executable, str(maker), "--columns", str(size), "--rows", str(size), "-o", str(out)],
                       check=True, capture_output=True)
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

    loads, opens = [], []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        load(path)
        loads.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        w.open_path(path)
        w.view.zoom_to_fit()
        w.view.viewport().repaint()
        opens.append(time.perf_counter() - t0)

    app.processEvents()  # let the deferred zoom-to-fit of each open run before zooming to 100%
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
        t0 = time.perf_counter()
        w.doc.push(PaintTerrain(w.doc, {h: kinds[i % 2] for h in hexes}))
        app.processEvents()  # the partial repaint of the dirty chunk, as in use
        stamps.append(time.perf_counter() - t0)
        renders.append(sum(c.renders for c in w.controller.terrain.chunks.values()) - before)
    full = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        w.view.viewport().repaint()
        full.append(time.perf_counter() - t0)
    w.doc.undo_stack.setClean()
    w.close()

    def ms(xs):
        return f"{statistics.median(xs) * 1000:.1f} ms"

    n = layout.columns * layout.rows
    print(f"map: {layout.columns}x{layout.rows} ({n} hexes), {len(w.controller.terrain.chunks)} chunks, "
          f"{path.stat().st_size // 1024} KB file")
    print(f"load only (median of {args.repeat}):            {ms(loads)}")
    print(f"open = load + scene + first paint (median):  {ms(opens)}")
    print(f"brush stamp = model + repaint (median of {len(stamps)}): {ms(stamps)}; "
          f"chunks re-rendered per stamp: {statistics.median(renders):g}")
    print(f"full repaint of the view at 100% (median):   {ms(full)}")
    import resource

    print(f"peak resident memory of the process:         {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
