"""Runs every test not marked ``qt`` with PySide6 made unimportable.

    .venv/bin/python tests/run_without_qt.py [pytest options, e.g. -n 2]

``DAMBUSTER_TESTS_WITHOUT_QT=1`` makes tests/conftest.py set ``sys.modules["PySide6"] = None`` in every
process of the run (this one and pytest-xdist's workers), so any ``import PySide6`` fails with
ImportError, as on a machine without Qt, and skips collecting modules that need Qt; pytest-qt is not
loaded (its entry point is named ``pytest-qt``: ``-p no:pytestqt`` alone does not stop it, so both
spellings are passed). The processes the tests start (the installed ``dambuster`` command) find
tests/no_qt/ first on PYTHONPATH, whose PySide6 and shiboken6 fail to import. So the model, the rules,
the simulation and the command line are proven to work with PySide6 absent. scripts/test.sh runs the
Qt-free tests only this way, and the Qt tests (``-m qt``) once, offscreen.
"""

from __future__ import annotations

import os
import sys

os.environ["DAMBUSTER_TESTS_WITHOUT_QT"] = "1"
for name in ("PySide6", "shiboken6"):
    sys.modules[name] = None  # type: ignore[assignment]

import pytest  # noqa: E402  (after PySide6 is blocked)


def main(argv: list[str]) -> int:
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    blocker = os.path.join(os.getcwd(), "tests", "no_qt")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (blocker, os.environ.get("PYTHONPATH")) if p)
    code = pytest.main(["-p", "no:pytest-qt", "-p", "no:pytestqt", "-m", "not qt", *argv])
    leaked = [m for m in sys.modules if m.startswith(("PySide6.", "shiboken6."))]
    if leaked:
        print(f"run_without_qt: Qt modules were imported: {leaked[:5]}", file=sys.stderr)
        return 1
    return int(code)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
