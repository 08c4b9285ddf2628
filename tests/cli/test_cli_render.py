"""`dambuster render FILE -o OUT.png|svg` as a collection maintainer uses it: without a display, the
same picture as the editor's File > Export of the same file, one line and exit 2 for anything wrong.

Tolerance of "the same picture": the two PNGs have the same size and at most 0.01 % of their pixels
differ by more than 16 levels in a channel. Both are drawn by the same scene on the offscreen platform
and are identical here (every sample: no pixel differs); the margin allows for text antialiasing on
other font setups. A player view of the valley sample changes 0.05 % of the image, five times this.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from dambuster.cli import main
from dambuster.editor.files.export import LONG_SIDE
from dambuster.editor.mainwindow import MainWindow
from dambuster.editor.render.headless import HeadlessMap, layer_names
from dambuster.model.io import load

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
SCRIPT = Path(sys.executable).with_name("dambuster")
VALLEY = SAMPLES / "ogre-dambusters-valley.json"
SEWER = SAMPLES / "sewer-flash-flood.json"
INVALID = sorted(p for p in (SAMPLES / "invalid").glob("*.json") if not p.name.endswith(".expected.json"))
MAX_DIFFERENT = 0.0001  # share of pixels allowed to differ by more than LEVELS
LEVELS = 16


@pytest.fixture(autouse=True)
def _qt_started_by_pytest_qt(qapp):
    """In-process runs find pytest-qt's application, so they leave this process's environment alone
    (a render started without one sets QT_LOGGING_RULES for its own process)."""


def no_display_env() -> dict:
    """The environment of a CI runner or an SSH session: no display, no Qt platform chosen; and Qt asked
    to chatter (QT_DEBUG_PLUGINS), which must not reach standard error: one line is one line."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.pop("DAMBUSTER_DEBUG", None)
    return dict(env, QT_DEBUG_PLUGINS="1")


def render(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(SCRIPT), "render", *args], capture_output=True, text=True, timeout=300, env=no_display_env()
    )


def pixels(path_or_image) -> np.ndarray:
    img = path_or_image if isinstance(path_or_image, QImage) else QImage(str(path_or_image))
    assert not img.isNull(), path_or_image
    img = img.convertToFormat(QImage.Format.Format_ARGB32)
    row = np.frombuffer(img.constBits(), np.uint8, img.sizeInBytes()).reshape(
        img.height(), img.bytesPerLine()
    )
    return row[:, : img.width() * 4].reshape(img.height(), img.width(), 4).astype(np.int16).copy()


def share_different(a: np.ndarray, b: np.ndarray) -> float:
    assert a.shape == b.shape
    return float((np.abs(a - b).max(axis=2) > LEVELS).mean())


def in_process(capsys, *args: str) -> tuple[int, list[str]]:
    """`dambuster render ...` in this process (quick for the many error cases): status and stderr lines."""
    try:
        code = main(["render", *args])
    except SystemExit as e:  # argparse: a value out of an option's range
        code = e.code
    return code, capsys.readouterr().err.splitlines()


@pytest.fixture(scope="module")
def window(qapp, tmp_path_factory):
    settings = tmp_path_factory.mktemp("settings") / "settings.ini"
    w = MainWindow(settings=QSettings(str(settings), QSettings.Format.IniFormat))
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    w.resize(1000, 700)
    w.show()
    yield w
    w.close()


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_sample_renders_without_a_display_as_the_editor_exports_it(window, sample, tmp_path):
    png, svg = tmp_path / "map.png", tmp_path / "map.svg"
    runs = [
        subprocess.Popen(
            [str(SCRIPT), "render", str(sample), "-o", str(out)],
            env=no_display_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for out in (png, svg)
    ]
    done = []
    for out, run in zip((png, svg), runs):  # both at once: the two cold starts overlap
        err = run.communicate(timeout=300)[1]  # (waited for before asserting: no pipe left open)
        done.append((out, run.returncode, err))
    for out, code, err in done:
        assert code == 0 and len(err.splitlines()) == 1 and err.startswith(f"wrote {out} ("), (code, err)
    img = QImage(str(png))
    assert max(img.width(), img.height()) == LONG_SIDE
    root = ET.parse(svg).getroot()
    assert root.tag.endswith("svg") and root.get("viewBox").split()[2:] == [
        str(img.width()),
        str(img.height()),
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.png", "map.svg"]  # no temporary file left

    assert window.files.open_path(sample)
    window.view.layers.set_visible("validation", False)  # the problem rings are the editor's, not the file's
    editor = pixels(window.exporter.export("png", tmp_path / "editor.png"))
    assert editor.shape == pixels(png).shape
    assert share_different(editor, pixels(png)) <= MAX_DIFFERENT


def test_every_invalid_file_is_one_line_and_exit_2(capsys, tmp_path):
    out = tmp_path / "map.png"
    for bad in INVALID:
        code, err = in_process(capsys, str(bad), "-o", str(out))
        assert code == 2 and len(err) == 1, (bad.name, err)
        assert err[0].startswith(f"dambuster render: {bad}: "), err
        assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_an_invalid_file_through_the_installed_command(tmp_path):
    p = render(str(SAMPLES / "invalid" / "truncated.json"), "-o", str(tmp_path / "x.svg"))
    assert p.returncode == 2 and len(p.stderr.splitlines()) == 1 and "line 10 column 5" in p.stderr
    assert "Traceback" not in p.stderr and not (tmp_path / "x.svg").exists()


def pixel_of(headless: HeadlessMap, xy, image_width: int) -> tuple[int, int]:
    """Where a scene point lands in a default-size render."""
    rect = headless.scene.sceneRect()
    k = image_width / rect.width()
    return int((xy[0] - rect.x()) * k), int((xy[1] - rect.y()) * k)


@pytest.fixture(scope="module")
def valley(qapp):
    return HeadlessMap(load(VALLEY), VALLEY)


@pytest.fixture(scope="module")
def valley_png(qapp, tmp_path_factory):
    out = tmp_path_factory.mktemp("valley") / "valley.png"
    assert main(["render", str(VALLEY), "-o", str(out)]) == 0
    return pixels(out)


def region(img: np.ndarray, centre: tuple[int, int], half: int) -> np.ndarray:
    x, y = centre
    return img[max(0, y - half) : y + half, max(0, x - half) : x + half]


def test_layers_choose_what_is_drawn(valley, valley_png, capsys, tmp_path):
    code, _ = in_process(
        capsys, str(VALLEY), "-o", str(tmp_path / "terrain.png"), "--layers", "terrain, rivers"
    )
    assert code == 0
    only = pixels(tmp_path / "terrain.png")
    unit = next(u for u in load(VALLEY).units if u.hex is not None)
    at = pixel_of(valley, valley.controller.geom.center(unit.hex), only.shape[1])
    assert share_different(region(only, at, 12), region(valley_png, at, 12)) > 0.3  # the counter is gone
    river = load(VALLEY).map.rivers[0].hexes[0]
    at = pixel_of(valley, valley.controller.geom.center(river), only.shape[1])
    assert share_different(region(only, at, 3), region(valley_png, at, 3)) == 0  # the river stays


def test_an_unknown_layer_lists_the_valid_ones(capsys, tmp_path):
    code, err = in_process(capsys, str(VALLEY), "-o", str(tmp_path / "x.png"), "--layers", "terrain,cities")
    assert code == 2 and len(err) == 1
    assert "'cities'" in err[0] and err[0].endswith("the layers are " + ",".join(layer_names("hex")))
    code, err = in_process(capsys, str(SEWER), "-o", str(tmp_path / "x.png"), "--layers", "terrain")
    assert code == 2 and "sewer" in err[0] and "'terrain'" in err[0]
    assert list(tmp_path.iterdir()) == []


def test_a_player_view_hides_what_the_side_must_not_know(valley, valley_png, capsys, tmp_path):
    scenario = load(VALLEY)
    dam = next(d for d in scenario.map.dams if "combine" not in d.sp_known_to)
    code, _ = in_process(capsys, str(VALLEY), "-o", str(tmp_path / "combine.png"), "--player-view", "combine")
    assert code == 0
    seen = pixels(tmp_path / "combine.png")
    # the dam's SP label (below its hex) now shows the placeholder, not the real SP and damage
    x, y = valley.controller.geom.center(dam.hex)
    at = pixel_of(valley, (x, y + valley.controller.geom.size * 0.9), seen.shape[1])
    assert share_different(region(seen, at, 25), region(valley_png, at, 25)) > 0.01
    far = pixel_of(valley, valley.controller.geom.center(scenario.map.layout.to_axial(0, 29)), seen.shape[1])
    assert share_different(region(seen, far, 20), region(valley_png, far, 20)) == 0  # elsewhere the same


def test_an_unknown_side_is_one_line(capsys, tmp_path):
    code, err = in_process(capsys, str(VALLEY), "-o", str(tmp_path / "x.png"), "--player-view", "martians")
    assert code == 2 and len(err) == 1 and "'martians'" in err[0] and "sides: " in err[0]
    assert list(tmp_path.iterdir()) == []


def test_an_existing_output_is_replaced_only_with_force(capsys, tmp_path):
    out = tmp_path / "map.png"
    out.write_bytes(b"precious")
    code, err = in_process(capsys, str(SEWER), "-o", str(out))
    assert code == 2 and err == [f"dambuster render: {out}: exists; use --force to replace it"]
    assert out.read_bytes() == b"precious"
    code, _ = in_process(capsys, str(SEWER), "-o", str(out), "--force")
    assert code == 0 and QImage(str(out)).width() == LONG_SIDE


def test_hex_size_in_pixels_and_in_millimetres(valley, capsys, tmp_path):
    rect = valley.scene.sceneRect()
    across = math.sqrt(3) * valley.controller.geom.size  # a hex across the flats, in scene units
    code, _ = in_process(capsys, str(VALLEY), "-o", str(tmp_path / "48.png"), "--hex-size", "48px")
    assert code == 0
    img = QImage(str(tmp_path / "48.png"))
    assert img.width() == round(rect.width() * 48 / across)
    code, _ = in_process(
        capsys, str(VALLEY), "-o", str(tmp_path / "19.png"), "--hex-size", "19mm", "--dpi", "100"
    )
    img = QImage(str(tmp_path / "19.png"))
    assert code == 0 and img.width() == round(rect.width() * 19 / 25.4 * 100 / across)
    assert round(img.dotsPerMeterX() * 0.0254) == 100  # prints at 19 mm a hex
    code, _ = in_process(capsys, str(VALLEY), "-o", str(tmp_path / "19.svg"), "--hex-size", "19mm")
    root = ET.parse(tmp_path / "19.svg").getroot()
    width_mm = float(root.get("width").removesuffix("mm"))
    assert code == 0 and width_mm == pytest.approx(rect.width() / across * 19, rel=0.01)
    code, _ = in_process(capsys, str(VALLEY), "-o", str(tmp_path / "z.svg"), "--zoom", "0.5")
    view_box = ET.parse(tmp_path / "z.svg").getroot().get("viewBox").split()
    assert code == 0 and view_box[2] == str(round(rect.width() / 2))


def test_sizes_that_make_no_image_are_refused(capsys, tmp_path):
    code, err = in_process(capsys, str(SEWER), "-o", str(tmp_path / "x.png"), "--hex-size", "48px")
    assert code == 2 and len(err) == 1 and "--hex-size is for hex maps" in err[0]
    code, err = in_process(capsys, str(VALLEY), "-o", str(tmp_path / "x.png"), "--zoom", "400")
    assert code == 2 and len(err) == 1 and "pixels" in err[0]
    code, err = in_process(capsys, str(VALLEY), "-o", str(tmp_path / "x.svg"), "--zoom", "1000")
    assert code == 2 and len(err) == 1 and "user units" in err[0]
    code, err = in_process(capsys, str(VALLEY), "-o", str(tmp_path / "x.png"), "--zoom", "nan")
    assert code == 2 and len(err) == 1 and "--zoom" in err[0]
    assert list(tmp_path.iterdir()) == []
