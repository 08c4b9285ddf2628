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


# -- scripts/editor.sh, the README's main command ------------------------------------------------------
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAKE_SETUP = """#!/usr/bin/env bash
# a stand-in set-up: noisy, counts its runs, installs an "editor" that says who it is
cd "$(dirname "$0")/.."
echo "lots of setuptools warnings"; echo "run" >> setup-runs
mkdir -p .venv/bin
printf '#!/bin/sh\nexec "{python}" "$@"\n' > .venv/bin/python
chmod +x .venv/bin/python
printf '#!/usr/bin/env bash\\necho "the editor, with $1"\\n' > .venv/bin/dambuster-editor
chmod +x .venv/bin/dambuster-editor
"""


def test_editor_sh_sets_up_once_then_prints_only_the_editors_words(tmp_path):
    (tmp_path / "scripts").mkdir()
    with open(os.path.join(ROOT, "scripts", "editor.sh")) as f:
        (tmp_path / "scripts" / "editor.sh").write_text(f.read())
    (tmp_path / "scripts" / "setup.sh").write_text(FAKE_SETUP.format(python=sys.executable))
    run = lambda: subprocess.run(  # noqa: E731
        ["bash", "scripts/editor.sh", "x.json"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    first = run()
    assert first.returncode == 0 and first.stdout == "the editor, with x.json\n"
    assert first.stderr.count("\n") == 1 and "setting up" in first.stderr  # one line, not the set-up's
    again = run()
    assert again.returncode == 0 and again.stdout == "the editor, with x.json\n" and again.stderr == ""
    assert (tmp_path / "setup-runs").read_text() == "run\n"  # the set-up ran once


def test_editor_sh_in_this_checkout_without_a_display_says_only_that():
    from dambuster.editor.app import NO_DISPLAY

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    p = subprocess.run(
        ["bash", "scripts/editor.sh"], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120
    )
    # the command line as it can be typed here: on PATH, or the checkout's .venv/bin/dambuster
    said = {NO_DISPLAY.format(command=name) + "\n" for name in ("dambuster", ".venv/bin/dambuster")}
    assert p.returncode == 0 and p.stdout in said and p.stderr == "", p.stdout
