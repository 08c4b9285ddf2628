"""`dambuster-editor` start-up: no display, bad file."""

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.qt


def test_without_a_display_it_explains_the_headless_commands_and_exits_0():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    code = (
        "import sys\nfrom dambuster.editor.app import main\nrc = main([])\n"
        "print('QT-IMPORTED' if any(m.startswith('PySide6') for m in sys.modules) else 'QT-NOT-IMPORTED')\n"
        "sys.exit(rc)"
    )
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "no display" in out.stdout
    assert "dambuster validate samples" in out.stdout
    assert "dambuster new hex -o my.json" in out.stdout
    assert "QT_QPA_PLATFORM=offscreen" in out.stdout
    assert "QT-NOT-IMPORTED" in out.stdout


def test_a_bad_file_reports_the_error_and_starts_with_an_empty_map(qapp, tmp_path, capfd):
    from dambuster.editor.app import build

    bad = tmp_path / "broken.json"
    bad.write_text('{"format_version": "1.0", ', encoding="utf-8")
    from PySide6.QtCore import QSettings

    _app, window = build([str(bad)], QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    try:
        err = capfd.readouterr().err
        assert "broken.json" in err and "not valid JSON" in err
        assert window.doc.path is None and window.doc.is_hex
        assert window.windowTitle().startswith("untitled.json")
    finally:
        window.doc.undo_stack.setClean()
        window.close()
        window.deleteLater()


def test_the_installed_pyside6_keeps_none_alive(qapp):
    """PySide6 6.12.0 under Python 3.11 drops a reference to None on every call of a void method and
    the editor dies with "deallocating None" after a few thousand paints (hence the <6.12 pin)."""
    from PySide6.QtCore import QObject

    obj = QObject()
    before = sys.getrefcount(None)
    for _ in range(200):
        obj.setObjectName("x")
    assert sys.getrefcount(None) >= before - 10
