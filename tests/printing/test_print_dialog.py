"""File > Print to PDF…: the dialog's preview shows the pages the PDF gets, and writes through the
same writer as the command line."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from pdf_tools import info, needs_poppler
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from dambuster.editor.mainwindow import MainWindow
from dambuster.editor.printing.print_dialog import PrintDialog

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    w.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    assert w.open_path(SAMPLES / "ogre-dambusters-valley.json")
    return w


def test_print_action_is_in_the_file_menu(window):
    act = window.acts.actions["file.print_pdf"]
    assert act in window.menuBar().actions()[0].menu().actions()
    assert not act.icon().isNull() and act.shortcut().toString()  # Ctrl+P, the platform's Print key


@needs_poppler
def test_preview_shows_the_pages_the_pdf_gets(window, qtbot, tmp_path):
    dialog = PrintDialog(window)
    qtbot.addWidget(dialog)
    dialog.sheet_boxes["counters"].setChecked(False)
    dialog.sheet_boxes["overlays"].setChecked(False)
    dialog.sheet_boxes["templates"].setChecked(False)
    dialog.refresh()
    assert dialog.preview.count() == dialog.page_count() == 7  # the assembly page and 3 x 2 map pages
    assert dialog.preview.item(1).text().startswith("2. Map A1")
    out = tmp_path / "valley.pdf"
    assert dialog.write(out) == 7
    assert info(out)["pages"] == 7

    dialog.paper.setCurrentText("a3")  # larger paper, fewer pages; the preview follows
    dialog.refresh()
    assert dialog.page_count() == dialog.preview.count() < 7


def test_bad_hex_size_says_why_and_disables_save(window, qtbot):
    dialog = PrintDialog(window)
    qtbot.addWidget(dialog)
    dialog.hex_size.setCurrentText("48px")
    dialog.refresh()
    assert dialog.preview.count() == 0
    assert "pixels have no physical size" in dialog.pages_label.text()
    assert not dialog.sheets and not dialog.buttons.button(dialog.buttons.StandardButton.Save).isEnabled()


def test_layers_start_from_the_editors_layer_state(window, qtbot):
    window.view.scene().layers.set_visible("roads", False)
    dialog = PrintDialog(window)
    qtbot.addWidget(dialog)
    assert not dialog.layer_boxes["roads"].isChecked()
    assert dialog.layer_boxes["terrain"].isChecked() and not dialog.layer_boxes["units"].isChecked()


def test_duplex_flip_reaches_the_counter_backs(window, qtbot):
    dialog = PrintDialog(window)
    qtbot.addWidget(dialog)
    for name in ("maps", "overlays", "templates"):
        dialog.sheet_boxes[name].setChecked(False)
    dialog.refresh()
    assert [s.name for s in dialog.sheets] == ["counters"] and dialog.sheets[0].flip == "long"
    dialog.duplex.setCurrentText("Short edge")
    dialog.refresh()
    assert dialog.sheets[0].flip == "short"
