"""Scenario > Set Up Terrain: the designer types the dice thrown at the table one by one, the log says
where each feature went, and Apply lays the table out in one undo step that undo takes back."""

import pytest

pytest.importorskip("PySide6")

from dambuster.editor.document import Document
from dambuster.editor.panels.dbm_setup_dialog import DbmSetupDialog
from dambuster.model import dumps, new_hex_scenario, new_table_scenario
from dambuster.validators import check_scenario

pytestmark = pytest.mark.qt


@pytest.fixture
def doc(qtbot):
    return Document(new_table_scenario(1800, 1200, "mm", title="Hastings", profiles=["dbm-terrain"]))


@pytest.fixture
def dialog(qtbot, doc):
    dlg = DbmSetupDialog(doc)
    qtbot.addWidget(dlg)
    dlg.rows.set_rows([["defender", "hill-gentle", "600", "no"], ["defender", "wood", "200mm", "yes"]])
    return dlg


def type_roll(dlg, text: str) -> None:
    dlg.entry.field.setText(text)
    dlg.entry.submit()


def test_typed_dice_are_asked_one_by_one_and_the_log_shows_where_each_feature_went(dialog, doc):
    dialog.typed.setChecked(True)
    dialog.btn_roll.click()
    assert dialog.entry.isVisibleTo(dialog) and "wood wood-1: its sector" in dialog.entry.question.text()
    assert not dialog.btn_apply.isEnabled()
    type_roll(dialog, "2")
    assert "wood wood-1: its position in sector 2" in dialog.entry.question.text()
    type_roll(dialog, "5 3 1")  # the compulsory wood first, then the hill
    assert dialog.entry.need is None and dialog.btn_apply.isEnabled()
    lines = [dialog.log.item(i).text() for i in range(dialog.log.count())]
    assert lines[0].startswith("Note: the defender's chosen features count 1 feature equivalent;")
    lines = lines[1:]
    assert (
        lines[0].startswith("Defender, compulsory: wood wood-1: ")
        and "sector die 2, position die 5" in lines[0]
    )
    assert "placed in sector 2" in lines[0] and "sector die 3, position die 1" in lines[1]
    assert doc.scenario.map.areas == []  # nothing changes before Apply


def test_apply_is_one_undo_step_and_the_table_passes_the_dbm_checks(dialog, doc):
    before = dumps(doc.scenario)
    dialog.typed.setChecked(True)
    dialog.btn_roll.click()
    type_roll(dialog, "2 5 3 1")
    dialog.btn_apply.click()
    areas = doc.scenario.map.areas
    assert [(a.id, a.sector) for a in areas] == [("wood-1", 2), ("hill-gentle-1", 3)]
    assert check_scenario(doc.scenario) == []
    assert doc.undo_stack.count() == 1 and doc.undo_stack.undoText() == "Set up terrain"
    doc.undo_stack.undo()
    assert dumps(doc.scenario) == before


def test_a_roll_can_be_taken_back_and_a_bad_one_is_refused(dialog):
    dialog.typed.setChecked(True)
    dialog.btn_roll.click()
    type_roll(dialog, "7")
    assert "1 to 6" in dialog.entry.problem.text() and dialog.rolls == []
    type_roll(dialog, "4")
    dialog.entry.btn_undo.click()
    assert dialog.rolls == [] and "its sector" in dialog.entry.question.text()


def test_rolling_with_the_generator_repeats_with_the_same_seed(dialog, doc):
    dialog.seed.setValue(9)
    dialog.btn_roll.click()
    first = [dialog.log.item(i).text() for i in range(dialog.log.count())]
    dialog.btn_roll.click()
    assert [dialog.log.item(i).text() for i in range(dialog.log.count())] == first
    assert dialog.btn_apply.isEnabled()


def test_a_list_the_text_forbids_is_refused_in_the_dialog(dialog):
    dialog.rows.set_rows([["defender", "wood", "1200", "no"]])
    dialog.btn_roll.click()
    assert "at most 1,000 paces" in dialog.problem.text() and not dialog.btn_apply.isEnabled()


def test_the_window_offers_it_on_a_table_and_explains_on_a_hex_map(qtbot, monkeypatch):
    from dambuster.editor.mainwindow import MainWindow

    window = MainWindow(Document(new_hex_scenario(5, 5)))
    qtbot.addWidget(window)
    said = []
    monkeypatch.setattr(window, "show_error", lambda title, text: said.append(text))
    window.act("scenario.dbm_setup").trigger()
    assert said and "table map" in said[0]


def test_the_new_dialog_makes_a_15mm_table_unless_told_and_offers_the_reduction_only_where_it_applies(qtbot):
    from dambuster.editor.files.new_dialog import NewScenarioDialog

    dlg = NewScenarioDialog()
    qtbot.addWidget(dlg)
    dlg.kind.setCurrentIndex(1)
    assert dlg.figures.currentText() == "15mm" and not dlg.reduced.isEnabled()
    assert dlg.scenario().map.figures == "15mm"
    dlg.unit.setCurrentText("mm")
    dlg.figures.setCurrentText("25mm")
    assert dlg.reduced.isEnabled()
    dlg.reduced.setChecked(True)
    m = dlg.scenario().map
    assert (m.figures, m.reduced, m.unit) == ("25mm", True, "mm")
    dlg.unit.setCurrentText("paces")
    assert not dlg.reduced.isEnabled() and not dlg.reduced.isChecked()


def test_apply_asks_before_replacing_a_table_that_has_features(dialog, doc):
    """Issue 24: Apply replaced the whole table (waterway and all named areas) without a word."""
    dialog.typed.setChecked(True)
    dialog.btn_roll.click()
    type_roll(dialog, "2 5 3 1")
    dialog.btn_apply.click()  # a bare table: nothing to ask
    laid = dumps(doc.scenario)
    asked: list = []
    dialog.confirm_replace = lambda there: asked.append(there) or False
    dialog.btn_roll.click()
    type_roll(dialog, "4 2 6 1")
    dialog.btn_apply.click()
    assert asked == [["2 named areas"]] and dumps(doc.scenario) == laid  # refused: the table as it was
    dialog.confirm_replace = lambda there: True
    dialog.btn_apply.click()
    assert doc.undo_stack.count() == 2  # still one undo step each


def test_the_log_names_the_edges_a_road_runs_between_as_the_map_draws_them(qtbot, tmp_path, monkeypatch):
    """An outside designer read "from the bottom edge to the top edge" where the road was drawn from the
    top of the table to the bottom: the log's words and the drawing agree (y = 0 is the top edge)."""
    import re

    from PySide6.QtCore import QPointF, QSettings
    from PySide6.QtWidgets import QMessageBox

    from dambuster.editor.mainwindow import MainWindow

    monkeypatch.setenv("DAMBUSTER_RECOVERY_DIR", str(tmp_path / "recovery"))
    window = MainWindow(
        Document(new_table_scenario(1800, 1200, "mm", profiles=["dbm-terrain"])),
        settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
    )
    window.files.ask_save = lambda: QMessageBox.StandardButton.Discard  # on closing, after the test
    qtbot.addWidget(window)
    window.resize(1300, 900)
    window.show()
    dlg = DbmSetupDialog(window.doc, window)
    qtbot.addWidget(dlg)
    dlg.rows.set_rows([["defender", "road", "", "yes"], ["defender", "road", "", "no"]])
    dlg.seed.setValue(4)
    dlg.btn_roll.click()
    said = {}
    for line in (dlg.log.item(i).text() for i in range(dlg.log.count())):
        found = re.search(r"road (road-\d): placed from the (\w+) edge to the (\w+) edge", line)
        if found:
            said[found[1]] = (found[2], found[3])
    assert said == {"road-1": ("left", "right"), "road-2": ("top", "bottom")}, said
    dlg.btn_apply.click()
    road = next(r for r in window.doc.scenario.map.roads if r.id == "road-2")
    first, last = (window.view.mapFromScene(QPointF(*p)) for p in (road.line[0], road.line[-1]))
    assert first.y() < last.y()  # from the top edge as shown, down to the bottom edge
    table_top = window.view.mapFromScene(QPointF(0, 0)).y()
    table_bottom = window.view.mapFromScene(QPointF(0, window.doc.scenario.map.depth)).y()
    assert abs(first.y() - table_top) <= 1 and abs(last.y() - table_bottom) <= 1


def test_the_dialog_opens_again_with_the_features_and_seed_of_last_time(qtbot, monkeypatch, doc):
    """Set Up Terrain remembers the list and the seed for the session (it forgot them on every opening)."""
    from PySide6.QtWidgets import QDialog

    from dambuster.editor.mainwindow import MainWindow

    window = MainWindow(doc)
    qtbot.addWidget(window)
    seen = []

    def first(dlg):
        dlg.rows.set_rows([["defender", "wood", "300", "yes"]])
        dlg.seed.setValue(42)
        return QDialog.DialogCode.Rejected

    def second(dlg):
        seen.append(([dlg.rows.text(0, c) for c in range(4)], dlg.rows.table.rowCount(), dlg.seed.value()))
        return QDialog.DialogCode.Rejected

    for run in (first, second):
        monkeypatch.setattr(DbmSetupDialog, "exec", run)
        window.act("scenario.dbm_setup").trigger()
    assert seen == [(["defender", "wood", "300", "yes"], 1, 42)]
