"""Fixtures shared by the editor's tests: ``window``, the main window as a designer sees it (shown, at
``window_size``, its own settings file and recovery folder so nothing leaks between tests or into the
user's, and Discard answered when it asks to save). A module that wants another size overrides
``window_size``; one that needs a different window defines its own ``window``."""

import pytest


@pytest.fixture
def window_size() -> tuple[int, int]:
    return (1300, 900)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, window_size):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from dambuster.editor.mainwindow import MainWindow

    monkeypatch.setenv("DAMBUSTER_RECOVERY_DIR", str(tmp_path / "recovery"))
    w = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    # pytest-qt closes the window before fixtures tear down: discard whatever a test left unsaved
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    w.resize(*window_size)
    w.show()
    qtbot.waitExposed(w)
    return w
