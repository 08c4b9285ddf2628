"""Without PySide6 (installed without the gui extra), the commands that draw say in one line what to
install and exit 2 -- checked here in a process where PySide6 cannot be imported, so it runs in the
no-Qt rerun too; tests/test_packaging.py checks the same in a fresh virtual environment (slow)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BASIC = ROOT / "samples" / "ogre-basic.json"

BLOCKED = """
import sys
sys.modules["PySide6"] = None
from dambuster.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_render_and_the_diff_image_name_the_install_command(tmp_path):
    for command in (
        ["render", str(BASIC), "-o", "x.png"],
        ["diff", str(BASIC), str(BASIC), "--format", "svg", "-o", "d.svg"],
    ):
        p = subprocess.run(
            [sys.executable, "-c", BLOCKED, *command],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
        assert "pip install 'dambuster[gui]'" in p.stderr and "PySide6" in p.stderr
    assert list(tmp_path.iterdir()) == []
    p = subprocess.run(
        [sys.executable, "-c", BLOCKED, "diff", str(BASIC), str(BASIC)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (p.returncode, p.stderr) == (0, "")  # the text diff needs no Qt
