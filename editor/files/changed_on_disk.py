"""Saving over a file that another program changed since the editor read it: the designer decides.

The document's save refuses to write over such a file (model.atomic_write.ChangedSinceRead: the other
program's version would be lost); this asks whether to keep both (Save As), write over it, or not save.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

SAVE_AS, OVERWRITE, CANCEL = "save-as", "overwrite", "cancel"


def ask_changed_on_disk(parent: QWidget, path: Path, how: str) -> str:
    """SAVE_AS, OVERWRITE or CANCEL, for ``path`` that changed on disk (``how``: a few words)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("File changed on disk")
    box.setText(f"{path.name} was changed by another program since you opened it.")
    box.setInformativeText(
        f"{how[:1].upper()}{how[1:]}. Save your version under another name to keep both, "
        "or replace the other version with yours."
    )
    save_as = box.addButton("Save As…", QMessageBox.ButtonRole.AcceptRole)
    overwrite = box.addButton("Replace", QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(save_as)
    box.exec()
    clicked = box.clickedButton()
    return SAVE_AS if clicked is save_as else OVERWRITE if clicked is overwrite else CANCEL
