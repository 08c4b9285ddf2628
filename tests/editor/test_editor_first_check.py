"""Opening is quick (issue 24): a newly opened map is shown first and its rule checks follow once the
window is still, "Checking…" meanwhile; edits are checked as before, however much the view repaints."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QTimer

from dambuster.editor.commands import PaintTerrain

pytestmark = pytest.mark.qt

VALLEY = Path(__file__).resolve().parents[2] / "samples/ogre-dambusters-valley.json"


def keep_painting(window) -> QTimer:
    """Repaints the map every 50 ms, as a hovering brush's footprint does."""
    timer = QTimer(window)
    timer.timeout.connect(window.view.viewport().repaint)
    timer.start(50)
    return timer


def test_an_opened_map_says_checking_until_its_problems_arrive(window, qtbot):
    runs = window.validation.runs
    assert window.files.open_path(VALLEY)
    assert window.validation_panel.summary.text() == "Checking…"
    assert window.readouts.problems_label.text() == "checking…"
    qtbot.waitUntil(lambda: window.validation.runs > runs, timeout=10000)
    assert window.validation_panel.summary.text() != "Checking…"
    assert (
        "error" in window.readouts.problems_label.text()
        and "warning" in window.readouts.problems_label.text()
    )


def test_a_map_that_keeps_repainting_is_still_checked(window, qtbot):
    window.files.open_path(VALLEY)
    runs = window.validation.runs
    timer = keep_painting(window)
    qtbot.waitUntil(lambda: window.validation.runs > runs, timeout=6000)  # at most about 2.5 s
    timer.stop()


def test_an_edit_is_checked_within_the_usual_delay_while_the_view_repaints(window, qtbot):
    window.files.open_path(VALLEY)
    qtbot.waitUntil(lambda: not window.validation.fresh and window.validation.runs > 0, timeout=10000)
    runs = window.validation.runs
    timer = keep_painting(window)
    lay = window.doc.scenario.map.layout
    window.doc.push(PaintTerrain(window.doc, {lay.to_axial(2, 2): "swamp"}))
    qtbot.waitUntil(lambda: window.validation.runs > runs, timeout=5000)  # after the 300 ms debounce
    timer.stop()


def test_the_blank_map_under_the_start_page_is_checked_only_once_shown(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from dambuster.editor.app import build

    monkeypatch.setenv("DAMBUSTER_RECOVERY_DIR", str(tmp_path / "recovery"))
    _app, w = build([], QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert w.start_page.is_showing()
    qtbot.wait(1000)  # longer than a check's delay: none comes for a map nobody sees
    assert w.validation.runs == 0 and w.validation_panel.summary.text() == ""
    w.start_page.buttons["start-blank"].click()
    assert w.validation_panel.summary.text() == "Checking…"
    qtbot.waitUntil(lambda: w.validation.runs == 1, timeout=10000)
    assert w.validation_panel.summary.text() == "No problems found"
