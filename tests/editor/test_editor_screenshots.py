"""scripts/screenshot.py renders the README's screenshots on a real X server (Xvfb, Qt's xcb platform),
as the README's own are made; skipped where Xvfb is not installed (scripts/setup.sh installs it)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QImage

pytestmark = pytest.mark.qt
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is not installed (scripts/setup.sh)")
def test_the_screenshots_render_under_xvfb_with_the_xcb_platform(tmp_path):
    shots = {
        name: tmp_path / f"{name}.png" for name in ("main", "preview", "log", "start", "counters", "layers")
    }
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb"}
    env.pop("DISPLAY", None)
    done = subprocess.run(
        [
            "xvfb-run",
            "-a",
            "-s",
            "-screen 0 1600x1000x24",
            sys.executable,
            str(ROOT / "scripts/screenshot.py"),
            "-o",
            str(shots["main"]),
            "--preview",
            str(shots["preview"]),
            "--plain-log",
            str(shots["log"]),
            "--start-page",
            str(shots["start"]),
            "--counters",
            str(shots["counters"]),
            "--layers",
            str(shots["layers"]),
            "--size",
            "1400x1000",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert not done.stdout.count(str(ROOT / "docs")), "the test must not write the repository's screenshots"
    for name, path in shots.items():
        assert f"wrote {path}" in done.stdout
        image = QImage(str(path))
        if name != "counters":  # a close-up; the others are the whole window
            assert image.width() >= 1400 and image.height() >= 1000, name
        # colours over the whole picture (the start page covers the docks: one row of it is mostly plain)
        seen = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 11)}
        assert len(seen) > 10, f"{name} looks blank"
