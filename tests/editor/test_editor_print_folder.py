"""File > Print to PDF suggests a folder of the user's, not the sample's own in the checkout (issue
24, finding 10): the folder of the last PDF printed, else the scenario's own folder when it is the
designer's (issue 21), else the documents folder (else home)."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QStandardPaths

pytestmark = pytest.mark.qt

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def test_the_pdf_goes_to_the_documents_folder_then_the_last_one_used(window, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    from dambuster.editor.printing.print_dialog import PrintDialog

    assert window.files.open_path(SAMPLES / "ogre-basic.json")
    dlg = PrintDialog(window)
    first = dlg.suggested_path()
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    assert first.name == "ogre-basic.pdf" and first.parent != SAMPLES
    assert first.parent == (Path(docs) if docs and Path(docs).is_dir() else Path.home())

    chosen = tmp_path / "prints" / "my-ogre.pdf"
    chosen.parent.mkdir()
    # the system's save dialog cannot be driven offscreen: it answers with the path a user picked
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: (str(chosen), "")))
    dlg.refresh()
    dlg.save()
    assert chosen.read_bytes().startswith(b"%PDF")
    again = PrintDialog(window)
    assert again.suggested_path() == chosen.parent / "ogre-basic.pdf"
    for d in (dlg, again):
        d.deleteLater()


def test_a_scenario_of_the_designers_own_prints_beside_itself(window, tmp_path):
    """Not HOME: the folder the designer keeps the scenario in (until another folder is printed to)."""
    import shutil

    from dambuster.editor.printing.print_dialog import PrintDialog

    mine = tmp_path / "campaign"
    mine.mkdir()
    shutil.copy(SAMPLES / "ogre-basic.json", mine / "valley.json")
    assert window.files.open_path(mine / "valley.json")
    dlg = PrintDialog(window)
    assert dlg.suggested_path() == mine.resolve() / "valley.pdf"
    dlg.deleteLater()
