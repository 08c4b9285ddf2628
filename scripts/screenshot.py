#!/usr/bin/env python3
"""Renders the editor's main window offscreen with a sample open and the validation dock showing,
to docs/screenshots/main-window.png; and, for a hex map with a dam, the window with the breach
preview open at step 2, to docs/screenshots/breach-preview.png, and the preview with its plain log
(a line clicked), to docs/screenshots/breach-plain-log.png; and the start page (the editor opened
without a file) to docs/screenshots/start-page.png; a close-up of the counters of every unit type
to docs/screenshots/counters.png, and the window with the Layers dock (two layers hidden, one locked)
to docs/screenshots/layers-panel.png.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshot.py [SAMPLE] [-o OUT] [--size 1400x1000]
    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb .venv/bin/python scripts/screenshot.py
(the second on a real X server, as the README's screenshots are made: fonts and styles as on a desktop).
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
    parser.add_argument(
        "sample", nargs="?", default=None, help="scenario to open (default: the Ogre valley sample)"
    )
    parser.add_argument("-o", "--output", default=str(ROOT / "docs/screenshots/main-window.png"))
    parser.add_argument("--size", default="1400x1000", help="window size WxH")
    parser.add_argument("--labels", action="store_true", help="turn hex labels on")
    parser.add_argument("--zoom", type=float, default=1.0, help="zoom factor after zoom to fit")
    parser.add_argument(
        "--preview",
        default=str(ROOT / "docs/screenshots/breach-preview.png"),
        help="also the window with the breach preview open (hex maps with a dam); '' to skip",
    )
    parser.add_argument("--preview-step", type=int, default=2, help="the preview's step (default 2)")
    parser.add_argument(
        "--plain-log",
        default=str(ROOT / "docs/screenshots/breach-plain-log.png"),
        help="also the preview with its plain log, a line clicked (hex maps with a dam); '' to skip",
    )
    parser.add_argument(
        "--start-page",
        default=str(ROOT / "docs/screenshots/start-page.png"),
        help="also the start page (the editor opened without a file, a few recent files); '' to skip",
    )
    parser.add_argument(
        "--counters",
        default=str(ROOT / "docs/screenshots/counters.png"),
        help="also a close-up of the counters of every unit type; '' to skip",
    )
    parser.add_argument(
        "--layers",
        default=str(ROOT / "docs/screenshots/layers-panel.png"),
        help="also the window with the Layers dock (hex maps); '' to skip",
    )
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
    if sample.exists() and not w.files.open_path(sample):
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
    w.validation.run()
    if w.validation_panel.violations:
        w.validation_panel.activate_row(0)
    settle(app)
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
    if args.layers and w.doc.is_hex:
        shot_layers(app, w, Path(args.layers))
    w.doc.undo_stack.setClean()
    w.close()
    if args.start_page:
        shot_start_page(app, Path(args.start_page), width, height)
    if args.counters:
        shot_counters(app, Path(args.counters))
    return 0


def counters_scenario():
    """A small map with a counter of every unit type we ship, for the counters close-up: the Ogres for
    one side, the rest for the other; infantry with one, two and three squads; one unit disabled,
    one stuck, one destroyed and a stack of two."""
    from dambuster.model import new_hex_scenario
    from dambuster.model.catalog import DEFAULT_UNIT_TYPES
    from dambuster.model.scenario import Side, Unit

    sc = new_hex_scenario(9, 3, title="Counters")
    sc.sides = [
        Side("ogre", "Ogre", "attacker", "#c03030"),
        Side("defense", "Defense", "defender", "#3060c0"),
    ]
    lay = sc.map.layout
    places = iter((c, r) for r in range(3) for c in range(9))
    n = 0
    for key, t in DEFAULT_UNIT_TYPES.items():
        for squads in (
            (1, 2, 3)
            if t.category == "infantry" and key == "infantry"
            else ((t.category == "infantry" and 2) or 1,)
        ):
            n += 1
            status = {"light-tank": "disabled", "jeep": "stuck", "hovertruck": "destroyed"}.get(key, "ready")
            side = "ogre" if t.category == "ogre" else "defense"
            sc.units.append(Unit(f"unit-{n}", key, side, lay.to_axial(*next(places)), squads, status))
    stack = lay.to_axial(*next(places))
    sc.units += [
        Unit("unit-stack-1", "heavy-tank", "defense", stack),
        Unit("unit-stack-2", "infantry", "defense", stack, 3),
    ]
    return sc


def _save(image, out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    if image.save(str(out)):
        print(f"wrote {out} ({out.stat().st_size // 1024} KB)")
    else:
        print(f"cannot write {out}", file=sys.stderr)


def shot_counters(app, out: Path, zoom: float = 3.4) -> None:
    """The map of ``counters_scenario`` at ``zoom`` (less if it would not fit): every counter with its
    symbol and figures."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QDockWidget

    from dambuster.editor.mainwindow import MainWindow

    w = MainWindow(
        settings=QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    )
    w.resize(1400, 900)
    w.show()
    for dock in w.findChildren(QDockWidget):
        dock.hide()
    w.doc.reset(counters_scenario())
    for _ in range(3):
        app.processEvents()
    view = w.view
    x0, y0, x1, y1 = w.controller.geom.map_bounds()
    port = view.viewport().size()
    zoom = min(zoom, (port.width() - 30) / (x1 - x0), (port.height() - 30) / (y1 - y0))
    view.fitting = False
    view.resetTransform()
    view.scale(zoom, zoom)
    view.centerOn((x0 + x1) / 2, (y0 + y1) / 2)
    view.zoom_changed.emit(view.zoom())
    for _ in range(3):
        app.processEvents()
    rect = view.mapFromScene(x0, y0).x(), view.mapFromScene(x0, y0).y()
    shot = view.viewport().grab()
    left, top = max(0, rect[0] - 12), max(0, rect[1] - 12)
    right = min(shot.width(), view.mapFromScene(x1, y1).x() + 12)
    bottom = min(shot.height(), view.mapFromScene(x1, y1).y() + 12)
    _save(shot.copy(left, top, right - left, bottom - top), out)
    w.doc.undo_stack.setClean()
    w.close()


def settle(app) -> None:
    """Lets Qt finish pending layouts and paints (a label's new text, a dock shown) before a grab."""
    for _ in range(3):
        app.processEvents()


def shot_layers(app, w, out: Path) -> None:
    """The window with the Layers dock in front (the Scenario dock closed): hexsides and the validation
    overlay hidden, the terrain locked, the view at 150 % on the first dam."""
    from PySide6.QtCore import Qt

    for key in ("validation", "history", "properties"):
        w.docks[key].hide()
    if getattr(w, "preview_dock", None) is not None:
        w.preview_dock.hide()
    w.docks["layers"].show()
    w.docks["layers"].raise_()
    w.resizeDocks([w.docks["layers"]], [w.height()], Qt.Orientation.Vertical)
    layers = w.view.layers
    layers.set_visible("hexsides", False)
    layers.set_visible("validation", False)
    layers.set_locked("terrain", True)
    w.view.fitting = False
    w.view.resetTransform()
    w.view.scale(1.5, 1.5)
    w.view.zoom_changed.emit(w.view.zoom())
    target = (
        w.doc.scenario.map.dams[0].hex
        if w.doc.scenario.map.dams
        else w.doc.scenario.map.layout.to_axial(0, 0)
    )
    w.view.centerOn(w.controller.scene_pos(target))
    settle(app)
    _save(w.grab(), out)


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
    w.view.fitInView(
        QRectF(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), Qt.AspectRatioMode.KeepAspectRatio
    )
    w.view.zoom_changed.emit(w.view.zoom())
    w.view.clear_highlight()
    settle(app)
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
    w.view.fitInView(
        QRectF(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), Qt.AspectRatioMode.KeepAspectRatio
    )
    w.view.zoom_changed.emit(w.view.zoom())
    w.view.clear_highlight()
    lines = pane.log.texts()
    floods = [i for i, t in enumerate(lines) if " flood: " in t or " floods: " in t]
    if floods:
        pane.log.setCurrentRow(floods[-1])  # outlines the hexes of the last floods told
    settle(app)
    if w.grab().save(str(out)):
        print(f"wrote {out} ({out.stat().st_size // 1024} KB)")
    else:
        print(f"cannot write {out}", file=sys.stderr)


def shot_start_page(app, out: Path, width: int, height: int) -> None:
    """The editor as it opens without a file: its start page, with three samples as recent files."""
    from PySide6.QtCore import QPoint, QSettings
    from PySide6.QtGui import QCursor
    from PySide6.QtTest import QTest

    from dambuster.editor.mainwindow import MainWindow

    settings = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    recent = ("ogre-dambusters-valley.json", "dbm-15mm-competition.json", "sewer-flash-flood.json")
    settings.setValue("recent", [str(ROOT / "samples" / name) for name in recent])
    w = MainWindow(settings=settings)  # as app.build without a file, but never offering recovered work
    w.start_page.show_page()
    w.resize(width, height)
    w.show()
    QTest.qWaitForWindowExposed(w)
    QCursor.setPos(w.mapToGlobal(QPoint(width - 5, height - 5)))  # no entry under the mouse (a real X server)
    for _ in range(3):
        app.processEvents()
    if w.grab().save(str(out)):
        print(f"wrote {out} ({out.stat().st_size // 1024} KB)")
    else:
        print(f"cannot write {out}", file=sys.stderr)
    w.close()


if __name__ == "__main__":
    sys.exit(main())
