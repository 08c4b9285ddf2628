"""Fixtures shared by the editor's tests: ``window``, the main window as a designer sees it (shown,
1300 x 900, its own settings file so nothing leaks between tests or into the user's, and Discard
answered when it asks to save). A test module that needs another size defines its own ``window``."""
import pytest


@pytest.fixture
def window(qtbot, tmp_path):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from dambuster.editor.mainwindow import MainWindow

    w = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    w.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    w.resize(1300, 900)
    w.show()
    qtbot.waitExposed(w)
    return w
