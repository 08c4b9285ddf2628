"""`dambuster-editor` on a machine without Qt for Python (installed without the gui extra): one line
saying how to get it, exit 2, never a traceback. Runs in a subprocess with PySide6 made unimportable."""

from __future__ import annotations

import os
import subprocess
import sys

BLOCK_QT_THEN_RUN = (
    "import sys; sys.modules['PySide6'] = None; sys.modules['shiboken6'] = None\n"
    "from dambuster.editor.app import main\n"
    "sys.exit(main([]))\n"
)


def test_without_pyside6_the_editor_says_how_to_install_it():
    env = dict(os.environ, DISPLAY=":0")
    p = subprocess.run(
        [sys.executable, "-c", BLOCK_QT_THEN_RUN], capture_output=True, text=True, env=env, timeout=60
    )
    assert p.returncode == 2
    assert "Traceback" not in p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "pip install 'dambuster[gui]'" in lines[0]
