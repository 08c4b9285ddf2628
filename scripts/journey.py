#!/usr/bin/env python3
"""A designer's first hour, scripted (issue 24): drives the editor in a real X server with Qt's own
input (QTest) through the tasks a new designer does, saves a screenshot per task and checks what a
person would see. One line per check ("ok ..." or "FAIL ..."); exit 1 if any failed.

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python scripts/journey.py --size 1366x768 --out /tmp/journey

Tasks: a new map from the Ogre template (hex numbers at its opening zoom, 0101 in view; Help >
Keyboard Shortcuts inside the screen); brush (footprint first),
rectangle and bucket; river (water laid with it), dam, a dam refused off the river, a river bridge
refused where no road crosses, a town and a unit; select a dam and a rubber band (both drawn as
selected); the valley's breach preview and Monte Carlo (the window inside the screen, the heat map
on its own tab only, its legend's text 9 px high or more); a file with a broken reference (opened, the problem listed); a DBM table (no
terrain palette, the zoom as a share of the table); save and reopen (nothing lost). Checks run on
the real window: its frame inside the screen's available area after every dock opens.

A window manager is the caller's: tests/editor/test_editor_journey.py runs the script under openbox
where it is installed (xvfb-run alone has none; the script then activates the window itself). Not
done here: xdotool (Qt's input is used), and Tiled's side of the comparison (scripts/bench_editor.py)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
FAILED: list[str] = []


def check(ok: bool, what: str) -> None:
    print(f"{'ok  ' if ok else 'FAIL'} {what}", flush=True)
    if not ok:
        FAILED.append(what)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1366x768", help="the screen (and window) size WxH")
    parser.add_argument("--out", default=None, help="folder for the screenshots (default: a temporary one)")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))
    out = Path(args.out or tempfile.mkdtemp(prefix="journey-"))
    out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtCore import QPointF, QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QMessageBox

    app = QApplication.instance() or QApplication([sys.argv[0]])
    from dambuster.editor.files.templates import TEMPLATES
    from dambuster.editor.mainwindow import MainWindow
    from dambuster.editor.tools.refusal_hint import RefusalHint
    from dambuster.model import dumps

    work = Path(tempfile.mkdtemp(prefix="journey-work-"))
    os.environ.setdefault("DAMBUSTER_RECOVERY_DIR", str(work / "recovery"))  # not the user's autosaves
    w = MainWindow(settings=QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat))
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    w.show()  # first launch: the size the editor chooses with fresh settings
    QTest.qWaitForWindowExposed(w)
    QTest.qWait(50)
    room = w.screen().availableGeometry()
    bar = w.statusBar()
    check(
        room.contains(w.frameGeometry()) and room.contains(bar.mapToGlobal(bar.rect().bottomRight())),
        f"first launch: the window and its status bar inside the screen {room.width()}x{room.height()}",
    )
    w.resize(width, height)
    w.activateWindow()  # no window manager: the script gives it the keyboard (shortcuts need that)
    QTest.qWaitForWindowActive(w)
    vp = w.view.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier

    def at(h):
        return w.view.mapFromScene(QPointF(*w.controller.geom.center(h)))

    def click(h) -> None:
        QTest.mouseClick(vp, left, none, at(h))

    def drag(points) -> None:
        QTest.mousePress(vp, left, none, points[0])
        for p in points[1:]:
            QTest.mouseMove(vp, p)
        QTest.mouseRelease(vp, left, none, points[-1])

    def on_screen(task: str) -> None:
        QTest.qWait(150)
        room = w.screen().availableGeometry()
        check(
            room.contains(w.frameGeometry()),
            f"{task}: the window inside the screen {room.width()}x{room.height()}",
        )

    def shot(n: int, name: str) -> None:
        QTest.qWait(250)
        w.grab().save(str(out / f"{n:02d}-{name}.png"))

    # 1. a new map from the Ogre template: hex numbers at its opening zoom
    w.doc.reset(next(t for t in TEMPLATES if t.key == "ogre-map").make())
    QTest.qWait(200)
    lay = w.doc.scenario.map.layout
    zoom, fit = w.view.zoom(), w.view.fit_zoom() or 0.0
    check(
        w.controller.labels.readable_at(zoom),
        f"Ogre template: hex numbers drawn at the opening zoom ({zoom:.0%}, the fit {fit:.0%})",
    )
    first = w.view.mapFromScene(QPointF(*w.controller.geom.center(lay.to_axial(0, 0))))
    check(vp.rect().contains(first), "Ogre template: hex 0101 in view")
    if zoom > fit * 1.01:  # opened larger than the fit to show them: the status bar says so
        check(
            "hex numbers shown" in w.readouts.zoom_label.text(),
            f"the zoom label says why: {w.readouts.zoom_label.text()!r}",
        )
    on_screen("Ogre template")
    shot(1, "ogre-template")
    keys = w.show_shortcuts()  # Help > Keyboard Shortcuts: Close on the screen
    QTest.qWaitForWindowExposed(keys)
    QTest.qWait(150)
    room = keys.screen().availableGeometry()
    check(room.contains(keys.frameGeometry()), "Help > Keyboard Shortcuts: the dialog inside the screen")
    keys.close()

    # 2. brush (its footprint first), rectangle, bucket
    w.set_tool("brush")
    w.tool_options.set_brush_size(2)
    w.terrain_choice.set("forest")
    QTest.mouseMove(vp, at(lay.to_axial(3, 3)))
    QTest.qWait(50)
    check(getattr(w.view.tool, "footprint", None) is not None, "brush: its footprint shows before it paints")
    shot(2, "brush-footprint")
    click(lay.to_axial(3, 3))
    check(w.doc.terrain_at(lay.to_axial(3, 3)) == "forest", "brush: painted")
    w.set_tool("rectangle")
    w.terrain_choice.set("swamp")
    drag([at(lay.to_axial(8, 2)), at(lay.to_axial(10, 4))])
    check(w.doc.terrain_at(lay.to_axial(9, 3)) == "swamp", "rectangle: filled")
    w.set_tool("bucket")
    w.terrain_choice.set("clear")
    click(lay.to_axial(9, 3))
    check(w.doc.terrain_at(lay.to_axial(9, 3)) == "clear", "bucket: filled")

    # 3. river, dam, refusals, town, unit (the valley's rules: water laid with the river)
    w.doc.reset(next(t for t in TEMPLATES if t.key == "dambusters-valley").make())
    QTest.qWait(150)
    lay = w.doc.scenario.map.layout
    w.set_tool("path")
    river = [lay.to_axial(12, r) for r in range(2, 12)]
    drag([at(h) for h in river])
    new = w.doc.scenario.map.rivers[-1] if w.doc.scenario.map.rivers else None
    check(new is not None and new.hexes == river, "path: the river laid hex by hex")
    dambusters = "ogre-dambusters" in w.doc.scenario.meta.profiles
    check(
        not dambusters or all(w.doc.terrain_at(h) == "water" for h in river), "path: its water laid with it"
    )
    w.set_tool("dam")
    click(lay.to_axial(5, 20))  # off every river
    hint = [i for i in w.view.scene().items() if isinstance(i, RefusalHint)]
    check(
        "A dam goes on a river" in w.statusBar().currentMessage() and bool(hint),
        "dam off a river: said why, on the map too",
    )
    shot(3, "dam-refused")
    click(river[4])
    check(any(d.hex == river[4] for d in w.doc.scenario.map.dams), "dam: placed on the river")
    w.set_tool("river-bridge")
    click(river[6])
    check("no road" in w.statusBar().currentMessage(), "river bridge where no road crosses: said why")
    w.set_tool("town")
    drag([at(lay.to_axial(16, 5)), at(lay.to_axial(17, 5))])
    check(any(lay.to_axial(16, 5) in t.hexes for t in w.doc.scenario.map.towns), "town: painted")
    w.set_tool("unit")
    types = w.tool_options.widgets["unit_type"]
    types.setCurrentIndex(max(types.findData("gev"), 0))
    click(lay.to_axial(18, 10))
    stack = w.doc.undo_stack
    check(stack.text(stack.count() - 1).startswith("Add unit: "), "unit: History names its type")
    shot(4, "placed")

    # 4. select and rubber band: drawn as selected
    w.set_tool("select")
    click(river[4])
    check(len(w.view.tool.marks.items) > 0, "select: the picked dam drawn as selected")
    shot(5, "selected")
    drag([w.view.mapFromScene(QPointF(0, 0)), at(lay.to_axial(20, 12))])
    check(
        len(w.view.tool.group) < 2 or len(w.view.tool.marks.polygons) >= len(w.view.tool.group),
        "rubber band: every member drawn as selected",
    )
    shot(6, "rubber-band")

    # 5. the valley's breach preview and Monte Carlo
    w.files.open_path(SAMPLES / "ogre-dambusters-valley.json")
    QTest.keyClick(w, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    QTest.qWait(300)
    check(w.preview_dock.isVisible(), "Ctrl+B: the breach preview opens")
    on_screen("breach preview opened")
    pane = w.preview_dock.pane
    viewport = w.preview_dock.scroll_area.viewport()

    def seen(widget) -> bool:  # inside the dock's scroll area without scrolling
        r = viewport.rect()
        return r.contains(widget.mapTo(viewport, widget.rect().topLeft())) and r.contains(
            widget.mapTo(viewport, widget.rect().bottomRight())
        )

    check(
        all(seen(b) for b in (pane.seed, pane.btn_back, pane.btn_forward, pane.btn_play)),
        "breach preview: the seed and Back / Forward / Play seen without scrolling",
    )
    pane.forward()
    pane.forward()
    shot(7, "breach-preview")
    pane.start_monte_carlo(500)
    for _ in range(200):
        if pane.mc_result is not None:
            break
        QTest.qWait(100)
    check(
        pane.heat.root is not None and pane.layer.root is None,
        "Monte Carlo: the heat map on its tab, not over the step's swell",
    )
    legend = pane.heat.legend
    if legend is not None:
        on_map = legend.deviceTransform(w.view.viewportTransform())
        texts = [c for c in legend.childItems() if hasattr(c, "text")]
        smallest = min(on_map.mapRect(c.mapRectToParent(c.boundingRect())).height() for c in texts)
        check(smallest >= 9, f"Monte Carlo: the legend's text {smallest:.0f} px high at {w.view.zoom():.0%}")
    shot(8, "monte-carlo")
    pane.tabs.setCurrentIndex(0)
    check(
        pane.heat.root is None and pane.layer.root is not None, "Breach tab: the swell, no heat map over it"
    )
    for dock in w.docks.values():
        dock.show()
    on_screen("every dock open")
    QTest.keyClick(w, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    on_screen("breach preview closed")

    # 6. a file with a broken reference opens to be repaired
    doc = json.loads((SAMPLES / "ogre-dambusters-valley.json").read_text())
    doc["map"]["dams"][0]["river"] = "river-2"
    broken = work / "broken.json"
    broken.write_text(json.dumps(doc))
    opened = w.files.open_path(broken)
    messages = [v.message for v in w.validation.violations]
    check(opened and any("river-2" in m for m in messages), "broken reference: opened, the problem listed")
    shot(9, "opened-with-problems")

    # 7. a DBM table
    w.files.open_path(SAMPLES / "dbm-table.json")
    QTest.qWait(200)
    check(not w.docks["terrain"].isVisible(), "DBM table: no terrain palette")
    check(
        w.readouts.zoom_label.text().endswith("of the table"),
        f"DBM table: zoom said sensibly ({w.readouts.zoom_label.text()})",
    )
    shot(10, "dbm-table")

    # 8. save and reopen
    w.files.open_path(SAMPLES / "ogre-dambusters-valley.json")
    before = dumps(w.doc.scenario)
    saved = work / "again.json"
    w.files.save_to(saved)
    w.files.open_path(saved)
    check(dumps(w.doc.scenario) == before, "save and reopen: nothing lost")
    on_screen("at the end")

    w.close()
    app.processEvents()
    print(f"screenshots in {out}")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
