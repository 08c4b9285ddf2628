"""The self-contained editor (scripts/build_bundle.sh, PyInstaller) opens a scenario with no Python on
PATH: copied to a clean folder, run under Xvfb (a real X server) with PATH emptied, its window shows the
sample's name. Slow (the build takes minutes): it reuses dist/dambuster-editor when it is there."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "dambuster-editor"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("xvfb-run"), reason="Xvfb is not installed (scripts/setup.sh)"),
    pytest.mark.skipif(not shutil.which("xwininfo"), reason="xwininfo is not installed (x11-utils)"),
]

# run inside the X server: the editor with an empty environment (no PATH, so no Python), then wait
# for a window named after the file
LAUNCH = r"""
env -i DISPLAY="$DISPLAY" XAUTHORITY="$XAUTHORITY" HOME="$1" PATH=/nonexistent "$2" "$3" &
app=$!
for _ in $(seq 1200); do
  xwininfo -root -tree | grep -q 'ogre-basic' && break
  kill -0 $app 2>/dev/null || { echo "the editor exited"; exit 3; }
  sleep 0.1
done
xwininfo -root -tree | grep -o '"[^"]*ogre-basic[^"]*"' | head -1
kill $app; wait $app 2>/dev/null; exit 0
"""


@pytest.fixture(scope="module")
def bundle() -> Path:
    if not (BUNDLE / "dambuster-editor").exists():
        r = subprocess.run(
            [str(ROOT / "scripts" / "build_bundle.sh")], capture_output=True, text=True, cwd=ROOT
        )
        if r.returncode != 0:
            pytest.skip(f"the bundle could not be built here: {r.stderr.strip().splitlines()[-1:]}")
    return BUNDLE


def test_the_bundle_opens_a_sample_with_no_python_on_path(bundle, tmp_path):
    app = tmp_path / "clean" / "dambuster-editor"
    shutil.copytree(bundle, app, symlinks=True)
    sample = tmp_path / "ogre-basic.json"
    shutil.copy(ROOT / "samples" / "ogre-basic.json", sample)
    r = subprocess.run(
        [
            "xvfb-run",
            "-a",
            "-s",
            "-screen 0 1280x800x24",
            "sh",
            "-c",
            LAUNCH,
            "sh",
            str(tmp_path),
            str(app / "dambuster-editor"),
            str(sample),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ogre-basic" in r.stdout, r.stdout + r.stderr
