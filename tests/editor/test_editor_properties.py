"""Scenario > Properties: every OK is one undo step that undo reverses exactly; bad input is refused
in the dialog and changes nothing."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoCommand

from dambuster.editor.document import Document
from dambuster.editor.properties.commands import properties_command
from dambuster.editor.properties.dialog import PropertiesDialog
from dambuster.model import dumps, new_hex_scenario
from dambuster.model.scenario import Budget, Side, Unit, VictoryLevel

pytestmark = pytest.mark.qt


def scenario():
    sc = new_hex_scenario(8, 8, title="Ruhr", profiles=["ogre-dambusters"])
    sc.sides = [Side("allies", "Allies", "attacker", "#c03030"), Side("axis", "Axis", "defender", "#3060c0")]
    sc.budgets = [Budget("allies", infantry_attack=12, armor_units=4, units={"ogre-mk3": 1})]
    sc.victory = [VictoryLevel("allies", 1, "Decisive", "Breach the dam")]
    sc.units = [Unit("u1", "infantry", "axis", sc.map.layout.to_axial(2, 2))]
    return sc


@pytest.fixture
def doc(qtbot):
    d = Document(scenario())
    return d


@pytest.fixture
def dialog(qtbot, doc):
    dlg = PropertiesDialog(doc)
    qtbot.addWidget(dlg)
    return dlg


def ok(dlg) -> bool:
    """Presses OK; True if the dialog closed (accepted)."""
    dlg.accept()
    return dlg.result() == PropertiesDialog.DialogCode.Accepted


def test_an_ok_with_edits_on_every_page_is_one_undo_step_and_undo_restores_exactly(doc, dialog):
    before = dumps(doc.scenario)
    dialog.meta.title.setText("Ruhr, 1943")
    dialog.meta.tags.setText("ww2, dams")
    dialog.meta.profiles["flash-flood"].setChecked(True)
    f = dialog.forces
    f.sides.append(["neutrals", "Civilians", "neutral", "#808080"])
    f.sides.set_text(1, 1, "Wehrmacht")
    f.sides.set_text(0, 3, "#aa2020")
    f.budgets.set_text(0, 1, "18")
    f.budgets.append(["axis", "", "6", "ogre-mk5=2, heavy-tank=1"])
    f.victory.append(["axis", "1", "Holds", "The dam stands at the end"])
    f.turn_limit.setValue(12)
    r = dialog.rules
    r.surge_length.setValue(5)
    r.surge_speed.setValue(2)
    r.washout.setValue(4)
    r.floodplain_on.setValue(2)
    r.random_towns.setChecked(False)
    r.cuts_routes.setChecked(False)
    r.collapse.set_text(0, 0, "0.75")
    r.crt.set_text(2, 3, "X")
    r.crt_above.setCurrentText("D")
    r.flood_turns.append(["6", "1"])
    r.hit_strength.setValue(2)
    r.hit_step.setValue(2.5)
    assert ok(dialog)

    sc = doc.scenario
    assert doc.undo_stack.count() == 1 and doc.modified
    assert sc.meta.title == "Ruhr, 1943" and sc.meta.tags == ["ww2", "dams"]
    assert sc.meta.profiles == ["ogre-dambusters", "flash-flood"]
    assert [(s.id, s.name, s.role, s.color) for s in sc.sides] == [
        ("allies", "Allies", "attacker", "#aa2020"),
        ("axis", "Wehrmacht", "defender", "#3060c0"),
        ("neutrals", "Civilians", "neutral", "#808080"),
    ]
    assert sc.budgets[1] == Budget("axis", None, 6, {"ogre-mk5": 2, "heavy-tank": 1})
    assert sc.budgets[0].infantry_attack == 18
    assert sc.victory[-1] == VictoryLevel("axis", 1, "Holds", "The dam stands at the end")
    p = sc.parameters
    assert (sc.turn_limit, p.surge.length, p.surge.speed, p.washout_radius, p.floodplain_floods_on) == (
        12,
        5,
        2,
        4,
        2,
    )
    assert not p.random_towns_roll and not p.flooding_cuts_routes
    assert p.collapse[0].loss_fraction == 0.75 and p.crt.results[2][2] == "X" and p.crt.above == "D"
    assert p.flash_flood.turns[-1].turn == 6 and p.flash_flood.hit_step == 2.5
    after = dumps(sc)

    doc.undo_stack.undo()
    assert dumps(doc.scenario) == before and not doc.modified
    doc.undo_stack.redo()
    assert dumps(doc.scenario) == after


def test_two_oks_are_two_undo_steps(doc, qtbot):
    for title in ("One", "Two"):
        dlg = PropertiesDialog(doc)
        qtbot.addWidget(dlg)
        dlg.meta.title.setText(title)
        assert ok(dlg)
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert doc.scenario.meta.title == "One"


def test_ok_without_a_change_adds_no_undo_step(doc, dialog):
    assert ok(dialog)
    assert doc.undo_stack.count() == 0 and not doc.modified


@pytest.mark.parametrize(
    "edit, says",
    [
        (lambda d: d.forces.sides.set_text(0, 3, "red"), "#rrggbb"),
        (lambda d: d.forces.sides.append(["axis", "Again", "defender", "#000000"]), "same id"),
        (lambda d: d.forces.sides.set_text(0, 1, "  "), "name is required"),
        (lambda d: d.forces.victory.set_text(0, 1, "first"), "Rank"),
        (lambda d: d.forces.victory.set_text(0, 1, "99"), "20"),  # the schema's bound
        (lambda d: d.forces.budgets.set_text(0, 0, "nobody"), "no side 'nobody'"),
        (lambda d: d.forces.budgets.set_text(0, 3, "Ogre Mk III=1"), "units"),  # not a type key
        (lambda d: d.rules.collapse.set_text(0, 0, "1.5"), "fraction"),
        (lambda d: d.rules.flood_turns.set_text(0, 1, "6 or more"), "Floods on"),
    ],
)
def test_invalid_input_is_refused_inline_and_changes_nothing(doc, dialog, edit, says):
    before = dumps(doc.scenario)
    dialog.meta.title.setText("Changed too")
    edit(dialog)
    assert not ok(dialog)
    assert says in dialog.error.text()
    assert dialog.isVisible() or dialog.result() != PropertiesDialog.DialogCode.Accepted
    assert doc.undo_stack.count() == 0 and dumps(doc.scenario) == before


def test_a_side_that_still_has_units_cannot_be_removed(doc, dialog):
    dialog.forces.sides.table.setCurrentCell(1, 0)
    dialog.forces.sides.remove_current()
    assert not ok(dialog)
    assert "axis still has units" in dialog.error.text()
    assert len(doc.scenario.sides) == 2


def test_a_bad_cell_turns_red_as_it_is_typed(dialog):
    sides = dialog.forces.sides
    sides.set_text(0, 3, "#12")
    assert sides.table.item(0, 3).background().style() != Qt.BrushStyle.NoBrush
    assert sides.table.item(0, 3).background().color().name() == "#f4b4b0"
    sides.set_text(0, 3, "#123456")
    assert sides.table.item(0, 3).background().color().name() == "#123456"  # a colour shows itself
    dialog.forces.victory.set_text(0, 1, "x")
    assert dialog.forces.victory.table.item(0, 1).background().color().name() == "#f4b4b0"
    dialog.forces.victory.set_text(0, 1, "2")
    assert dialog.forces.victory.table.item(0, 1).background().style() == Qt.BrushStyle.NoBrush


def test_the_compound_command_undoes_its_fields_in_one_step(doc):
    old_meta, old_sides = doc.scenario.meta, doc.scenario.sides
    from copy import deepcopy

    meta = deepcopy(old_meta)
    meta.title = "New"
    cmd = properties_command(doc, {"meta": meta, "sides": []})
    assert isinstance(cmd, QUndoCommand) and len(cmd.parts) == 2
    doc.push(cmd)
    assert doc.scenario.meta.title == "New" and doc.scenario.sides == []
    doc.undo_stack.undo()
    assert doc.scenario.meta is old_meta and doc.scenario.sides is old_sides
    assert properties_command(doc, {}) is None


def test_the_dialog_opens_from_the_scenario_menu_and_the_dock_follows_the_change(
    qtbot, tmp_path, monkeypatch
):
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from dambuster.editor.mainwindow import MainWindow

    monkeypatch.setenv("DAMBUSTER_RECOVERY_DIR", str(tmp_path / "rec"))
    w = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)

    def fill():
        dlg = QApplication.activeModalWidget()
        dlg.meta.title.setText("From the menu")
        dlg.accept()

    QTimer.singleShot(0, fill)
    w.act("scenario.properties").trigger()
    assert w.doc.scenario.meta.title == "From the menu"
    assert w.properties_panel.title.text() == "From the menu"
    assert w.doc.undo_stack.count() == 1
