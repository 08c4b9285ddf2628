#!/usr/bin/env python3
"""Renders the editor's main window offscreen with a sample open and the validation dock showing,
to docs/screenshots/main-window.png; and, for a hex map with a dam, the window with the breach
preview open at step 2, to docs/screenshots/breach-preview.png, and the preview with its plain log
(a line clicked), to docs/screenshots/breach-plain-log.png.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshot.py [SAMPLE] [-o OUT] [--size 1400x1000]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sample", nargs="?", default=None, help="scenario to open (default: the Ogre valley sample)")
    parser.add_argument("-o", "--output", default=str(ROOT / "docs/screenshots/main-window.png"))
    parser.add_argument("--size", default="1400x1000", help="window size WxH")
    parser.add_argument("--labels", action="store_true", help="turn hex labels on")
    parser.add_argument("--zoom", type=float, default=1.0, help="zoom factor after zoom to fit")
    parser.add_argument("--preview", default=str(ROOT / "docs/screenshots/breach-preview.png"),
                        help="also the window with the breach preview open (hex maps with a dam); '' to skip")
    parser.add_argument("--preview-step", type=int, default=2, help="the preview's step (default 2)")
    parser.add_argument("--plain-log", default=str(ROOT / "docs/screenshots/breach-plain-log.png"),
                        help="also the preview with its plain log, a line clicked (hex maps with a dam); '' to skip")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtWidgets import QApplication

    from dambuster.editor.mainwindow import MainWindow

    sample = Path(args.sample) if args.sample else ROOT / "samples/ogre-dambusters-valley.json"
    app = QApplication.instance() or QApplication(["screenshot"])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings=settings)
    width, height = (int(v) for v in args.size.lower().split("x"))
    w.resize(width, height)
    w.show()
    if sample.exists() and not w.open_path(sample):
        return 2
    w.docks["validation"].show()
    w.resizeDocks([w.docks["validation"]], [130], Qt.Orientation.Vertical)
    if args.labels:
        w.act("view.labels").setChecked(True)
        w.controller.set_labels(True)
    for _ in range(3):
        app.processEvents()
    w.view.zoom_to_fit()
    if args.zoom != 1.0:
        w.view.zoom_by(args.zoom)
    w.validator.run()
    if w.validation_panel.violations:
        w.validation_panel.activate_row(0)
    for _ in range(3):
        app.processEvents()
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not w.grab().save(str(out)):
        print(f"cannot write {out}", file=sys.stderr)
        return 1
    print(f"wrote {out} ({out.stat().st_size // 1024} KB)")
    if args.preview and w.doc.is_hex and w.doc.scenario.map.dams:
        shot_preview(app, w, Path(args.preview), args.preview_step)
    if args.plain_log and w.doc.is_hex and w.doc.scenario.map.dams:
        shot_plain_log(app, w, Path(args.plain_log))
    w.doc.undo_stack.setClean()
    w.close()
    return 0


def shot_preview(app, w, out: Path, step: int) -> None:
    """The window with the Preview dock open on the first dam at ``step``, the validation dock closed."""
    from PySide6.QtCore import QRectF, Qt

    for key in ("validation", "properties", "history"):
        w.docks[key].hide()
    w.preview_dock.show()
    w.resizeDocks([w.preview_dock], [460], Qt.Orientation.Horizontal)
    pane = w.preview_dock.pane
    pane.go_to(step)
    for _ in range(3):
        app.processEvents()
    # the dam and the river a few steps down, filling the view
    plan = pane.run.breach.plan
    near = [tuple(pane.run.breach.dam.hex), *(h for k in range(step + 3) for h in plan.swell(k))]
    x0, y0, x1, y1 = w.controller.geom.bounds(near)
    pad = 3 * w.controller.geom.size
    w.view.fitting = False  # a zoom of our own: resizes must not fit the whole map again
    w.view.fitInView(QRectF(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), Qt.AspectRatioMode.KeepAspectRatio)
    w.view.zoom_changed.emit(w.view.zoom())
    w.view.clear_highlight()
    for _ in range(3):
        app.processEvents()
    if w.grab().save(str(out)):
        print(f"wrote {out} ({out.stat().st_size // 1024} KB)")
    else:
        print(f"cannot write {out}", file=sys.stderr)


def shot_plain_log(app, w, out: Path, seed: int = 7, step: int = 2) -> None:
    """The preview alone beside the map at ``step``: the story so far in sentences, the summary of what
    the breach did, and the line of the step's floods clicked (its hexes outlined on the map)."""
    from PySide6.QtCore import QRectF, Qt

    for key, dock in w.docks.items():
        if key != "preview":
            dock.hide()
    w.preview_dock.show()
    w.resizeDocks([w.preview_dock], [640], Qt.Orientation.Horizontal)
    pane = w.preview_dock.pane
    pane.tabs.setCurrentIndex(0)
    pane.seed.setValue(seed)
    pane.go_to(step)
    for _ in range(3):
        app.processEvents()
    plan, geom = pane.run.breach.plan, w.controller.geom
    near = [tuple(pane.run.breach.dam.hex), *(h for k in range(step + 2) for h in plan.swell(k))]
    x0, y0, x1, y1 = geom.bounds(near)
    pad = 4 * geom.size
    w.view.fitting = False
    w.view.fitInView(QRectF(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), Qt.AspectRatioMode.KeepAspectRatio)
    w.view.zoom_changed.emit(w.view.zoom())
    w.view.clear_highlight()
    lines = pane.log.texts()
    floods = [i for i, t in enumerate(lines) if " flood: " in t or " floods: " in t]
    if floods:
        pane.log.setCurrentRow(floods[-1])  # outlines the hexes of the last floods told
    for _ in range(3):
        app.processEvents()
    if w.grab().save(str(out)):
        print(f"wrote {out} ({out.stat().st_size // 1024} KB)")
    else:
        print(f"cannot write {out}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
