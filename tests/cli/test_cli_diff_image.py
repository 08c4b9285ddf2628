"""`dambuster diff OLD NEW --format png|svg -o OUT`: the new map with what changed outlined -- amber for
changed hexes and features, green for added ones, red dashes where removed ones were -- and the exit
status of diff (0 equal, 1 different, 2 unreadable)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QColor, QImage

from dambuster.cli import main
from dambuster.editor.render.diff_marks import ADDED, CHANGED, REMOVED
from dambuster.editor.render.headless import HeadlessMap
from dambuster.model.io import load

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
SCRIPT = Path(sys.executable).with_name("dambuster")
VALLEY = SAMPLES / "ogre-dambusters-valley.json"
SEWER = SAMPLES / "sewer-flash-flood.json"
NEAR = 40  # how far (the largest channel difference) a pixel may be from a mark's colour


@pytest.fixture(autouse=True)
def _qt_started_by_pytest_qt(qapp):
    """In-process runs find pytest-qt's application, so they leave this process's environment alone
    (a render started without one sets QT_LOGGING_RULES for its own process)."""


def edited(tmp_path: Path, source: Path, edit, name: str = "new.json") -> Path:
    doc = json.loads(source.read_bytes())
    edit(doc)
    out = tmp_path / name
    out.write_text(json.dumps(doc), encoding="utf-8")
    return out


def valley_edit(doc: dict) -> None:
    rows = [list(r) for r in doc["map"]["terrain"]["rows"]]
    rows[5][3] = "s"  # 0406: forest -> swamp
    doc["map"]["terrain"]["rows"] = ["".join(r) for r in rows]
    gone = doc["units"].pop(0)  # ogre-1, at 1629
    assert gone["id"] == "ogre-1" and gone["hex"] == [15, 21]
    doc["units"].append(dict(doc["units"][0], id="vulcan-2", hex=[5, 5]))


def near(image: QImage, xy, colour: QColor) -> bool:
    c = image.pixelColor(int(xy[0]), int(xy[1]))
    return (
        max(abs(c.red() - colour.red()), abs(c.green() - colour.green()), abs(c.blue() - colour.blue()))
        <= NEAR
    )


class Pixels:
    """Scene points of the new map to pixels of its default-size image."""

    def __init__(self, path: Path, image: QImage):
        self.map = HeadlessMap(load(path), path)
        rect = self.map.scene.sceneRect()
        self.x0, self.y0, self.k = rect.x(), rect.y(), image.width() / rect.width()

    def at(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.x0) * self.k, (y - self.y0) * self.k

    def hex_outline(self, h, steps: int = 2) -> list[tuple[float, float]]:
        """Points along the sides of a hex, in pixels: ``steps`` a side from its first corner (2: each
        corner, then the middle of each side)."""
        corners = self.map.controller.geom.corners(h)
        along = [
            (ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps)
            for i in range(steps)
            for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1])
        ]
        return [self.at(x, y) for x, y in along]


def diff(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    return subprocess.run([str(SCRIPT), "diff", *args], capture_output=True, text=True, timeout=300, env=env)


def test_changed_added_and_removed_are_outlined_and_the_status_is_1(qapp, tmp_path):
    new = edited(tmp_path, VALLEY, valley_edit)
    out = tmp_path / "diff.png"
    p = diff(str(VALLEY), str(new), "-o", str(out))  # the format from the extension; no display
    assert p.returncode == 1, p.stderr
    assert p.stderr.startswith(f"wrote {out} (") and len(p.stderr.splitlines()) == 1
    image = QImage(str(out))
    px = Pixels(new, image)
    layout = load(new).map.layout
    outline = px.hex_outline(layout.to_axial(3, 5))
    assert all(near(image, xy, CHANGED) for xy in outline[6:])  # the middle of each side of 0406
    assert all(near(image, xy, ADDED) for xy in px.hex_outline((5, 5))[6:])
    dashes = [near(image, xy, REMOVED) for xy in px.hex_outline((15, 21), steps=20)]
    assert 0.3 < sum(dashes) / len(dashes) < 0.9  # dashed: much of the outline, not all of it
    untouched = px.hex_outline(layout.to_axial(20, 28))
    assert not any(near(image, xy, c) for xy in untouched for c in (CHANGED, ADDED, REMOVED))


def test_equal_files_draw_the_map_unmarked_with_status_0(capsys, tmp_path):
    out = tmp_path / "same.svg"
    assert main(["diff", str(VALLEY), str(VALLEY), "--format", "svg", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "<svg" in text and not any(c.name() in text for c in (CHANGED, ADDED, REMOVED))
    new = edited(tmp_path, VALLEY, valley_edit)
    assert main(["diff", str(VALLEY), str(new), "--format", "svg", "-o", str(out), "--force"]) == 1
    text = out.read_text(encoding="utf-8")
    assert all(c.name() in text for c in (CHANGED, ADDED, REMOVED))


def test_a_moved_sewer_point_is_outlined_where_it_is_and_dashed_where_it_was(capsys, tmp_path):
    doc = json.loads(SEWER.read_bytes())
    node = (
        doc["map"]["sewer"]["grates"][0]
        if doc["map"]["sewer"].get("grates")
        else doc["map"]["sewer"]["nodes"][0]
    )
    old_point = list(node["point"])

    def move(d):
        target = d["map"]["sewer"]["grates" if d["map"]["sewer"].get("grates") else "nodes"][0]
        target["point"] = [old_point[0] + 4, old_point[1]]

    new = edited(tmp_path, SEWER, move)
    out = tmp_path / "sewer.png"
    assert main(["diff", str(SEWER), str(new), "-o", str(out)]) == 1
    image = QImage(str(out))
    px = Pixels(new, image)
    m = load(new).map
    ring = 4 * 0.004 * max(m.width, m.depth)  # diff_marks: points ringed at four pen widths
    assert near(image, px.at(old_point[0] + 4, old_point[1] - ring), CHANGED)
    assert near(image, px.at(old_point[0], old_point[1] + ring), REMOVED)


def test_mistakes_are_one_line_and_exit_2(capsys, tmp_path):
    def run(*args):
        code = main(["diff", *args])
        return code, capsys.readouterr().err.splitlines()

    code, err = run(str(VALLEY), str(VALLEY), "--format", "png")
    assert code == 2 and err == ["dambuster diff: --format png writes an image: name it with -o FILE.png"]
    code, err = run(str(VALLEY), str(VALLEY), "-o", str(tmp_path / "d.txt"))
    assert code == 2 and len(err) == 1 and "-o is for the image forms" in err[0]
    code, err = run(str(SAMPLES / "invalid" / "nan.json"), str(VALLEY), "-o", str(tmp_path / "d.png"))
    assert code == 2 and len(err) == 1 and "nan.json: /map/dams/0/sp: NaN" in err[0]
    (tmp_path / "d.png").write_bytes(b"keep")
    code, err = run(str(VALLEY), str(VALLEY), "-o", str(tmp_path / "d.png"))
    assert code == 2 and err == [f"dambuster diff: {tmp_path / 'd.png'}: exists; use --force to replace it"]
    assert (tmp_path / "d.png").read_bytes() == b"keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.png"]


def test_what_each_kind_of_change_outlines(qapp, tmp_path):
    from dambuster.editor.render.diff_marks import sort_changes
    from dambuster.model.semantic_diff import compare

    def edit(d):
        d["map"]["hexsides"].append({"side": [2, 2, 0], "kind": "ridge"})  # added to a bag: green
        d["map"]["hexsides"].pop(0)  # removed from it: red
        d["units"][1]["hex"] = None  # vulcan-1 taken off the map: red where it was
        d["units"][2]["hex"] = [9, 6]  # pe-heavy-1 moved: amber where it is, red where it was
        d["map"]["dams"][0]["damage"] = 0  # a field without a place: the dam's hex, amber

    old, new = load(VALLEY), load(edited(tmp_path, VALLEY, edit))
    marks = sort_changes(old, new, compare(old, new), hex_map=True)
    assert marks["added"].hexsides == {(2, 2, 0)}
    assert marks["removed"].hexsides == {(14, -2, 1)} and marks["removed"].hexes == {(7, 25), (9, 5)}
    assert marks["changed"].hexes == {(9, 6), tuple(new.map.dams[0].hex)}


def test_a_hex_map_replaced_by_a_table_is_all_new(capsys, tmp_path):
    out = tmp_path / "kind.png"
    assert main(["diff", str(VALLEY), str(SEWER), "-o", str(out)]) == 1
    image = QImage(str(out))
    assert not image.isNull()
    grid = [(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)]
    assert not any(near(image, xy, CHANGED) for xy in grid)


def test_a_platform_without_its_display_is_one_line(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.delenv("DISPLAY", raising=False)
    assert main(["diff", str(VALLEY), str(VALLEY), "-o", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "unset QT_QPA_PLATFORM" in err[0]
    assert list(tmp_path.iterdir()) == []


def test_the_image_takes_renders_sizes(qapp, capsys, tmp_path):
    out = tmp_path / "half.png"
    assert main(["diff", str(VALLEY), str(VALLEY), "-o", str(out), "--zoom", "0.5"]) == 0
    rect = HeadlessMap(load(VALLEY), VALLEY).scene.sceneRect()
    assert QImage(str(out)).width() == round(rect.width() / 2)
