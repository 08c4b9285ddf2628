"""Apply to a copy: the map after the preview's current step, saved to a new file (never the open one)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from dambuster.model import save
from dambuster.simulation import apply


def apply_to_copy(preview, path: str | Path | None = None) -> Path | None:
    """Saves the map after ``preview``'s current step to ``path`` (asked for when None); the document is
    not changed. Returns the path written, or None when nothing was (no step yet, cancelled, refused)."""
    if preview.run is None or preview.run.state.step < 0:
        return None
    doc, win = preview.doc, preview.win
    if path is None:
        start = str(doc.path.with_name(doc.path.stem + "-breached.json")) if doc.path else ""
        path, _ = QFileDialog.getSaveFileName(
            preview, "Apply the breach to a copy", start, "Scenarios (*.json);;All files (*)"
        )
        if not path:
            return None
    path = Path(path)
    if doc.path is not None and path.resolve() == Path(doc.path).resolve():
        win.show_error("Apply to a copy", "Choose another file: the open scenario stays as it is.")
        return None
    try:
        save(apply(doc.scenario, preview.run.state, preview.dam_id()), path)
    except (OSError, ValueError) as e:
        win.show_error("Cannot save", f"{path}: {getattr(e, 'strerror', None) or e}")
        return None
    win.statusBar().showMessage(f"Saved the map after step {preview.run.state.step} to {path}", 6000)
    return path
