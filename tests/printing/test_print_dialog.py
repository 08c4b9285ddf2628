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
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    assert w.files.open_path(SAMPLES / "ogre-dambusters-valley.json")
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


def test_alt_s_saves_and_each_alt_letter_is_one_control(window, qtbot, monkeypatch):
    """Alt+S in the Hex size field is Save PDF…, not an 's' typed into the field."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QAbstractButton, QFileDialog, QLabel

    dialog = PrintDialog(window)
    qtbot.addWidget(dialog)
    with qtbot.waitActive(dialog):  # the window the designer types in
        dialog.show()
        dialog.activateWindow()
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: asked.append(a) or ("", ""))
    before = dialog.hex_size.currentText()
    dialog.hex_size.lineEdit().setFocus()
    qtbot.keyClick(dialog.hex_size.lineEdit(), Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: len(asked) == 1)  # the button's click is animated: it comes a moment later
    assert dialog.hex_size.currentText() == before
    texts = [w.text() for w in dialog.findChildren(QLabel) if w.buddy()]
    texts += [b.text() for b in dialog.findChildren(QAbstractButton) if b.isVisible()]
    letters = [t[t.index("&") + 1].lower() for t in texts if "&" in t]
    assert {"s", "c", "h", "p"} <= set(letters) and len(letters) == len(set(letters))


def test_a_long_refusal_wraps_and_the_dialog_keeps_its_size(window, qtbot):
    dialog = PrintDialog(window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    width, least = dialog.width(), dialog.minimumSizeHint().width()
    dialog.hex_size.setCurrentText("3/4ins")
    dialog.refresh()
    qtbot.wait(50)
    assert "'3/4ins' is not a length" in dialog.pages_label.text()
    assert dialog.width() == width and dialog.minimumSizeHint().width() <= least
    label = dialog.pages_label
    assert label.wordWrap() and label.width() <= dialog.preview.width()
    dialog.hex_size.setCurrentText("9" * 2000 + "ins")  # a pasted screenful: cut short, all in the tooltip
    dialog.refresh()
    assert len(label.text()) <= 300 and label.text().endswith("…") and "9" * 2000 in label.toolTip()
    assert dialog.width() == width


def test_a_long_print_shows_its_progress_and_cancel_writes_nothing(window, qtbot, tmp_path, monkeypatch):
    """Pages done of all as it goes (a 200x200 map takes seconds); Cancel stops it with no file."""
    from PySide6.QtWidgets import QFileDialog, QProgressDialog

    dialog = PrintDialog(window)
    qtbot.addWidget(dialog)
    dialog.refresh()
    out = tmp_path / "valley.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    seen = []
    made = dialog._progress

    def progress():
        step = made()
        bar = dialog.findChildren(QProgressDialog)[-1]

        def cancelling(done, total):
            if done == 2:
                bar.cancel()  # as the Cancel button does
            going_on = step(done, total)
            seen.append((done, total, bar.labelText()))
            return going_on

        return cancelling

    monkeypatch.setattr(dialog, "_progress", progress)
    dialog.save()
    assert seen[0][:2] == (1, dialog.page_count()) and "Printing page 2 of" in seen[-1][2]
    assert not out.exists() and "Printing cancelled" in window.statusBar().currentMessage()
