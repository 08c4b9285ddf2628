"""The designer selects a dam and sets its SP in place; values the format would refuse are refused."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings

from dambuster.editor.mainwindow import MainWindow
from dambuster.editor.panels.inspector import editable_fields
from dambuster.model import load
from dambuster.model.scenario import Dam

VALLEY = "samples/ogre-dambusters-valley.json"


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.files.open_path(VALLEY)
    yield w
    w.doc.undo_stack.setClean()


def edit(w, name, text):
    field = w.properties_panel.inspector.editors[name]
    field.setText(text)
    field.editingFinished.emit()


def test_setting_a_dams_sp_is_one_undo_step(window):
    dam = window.doc.scenario.map.dams[0]
    window.state.select(dam)
    assert window.properties_panel.inspector.editors["sp"].text() == str(dam.sp)
    before = dam.sp
    edit(window, "sp", "85")
    assert dam.sp == 85 and window.doc.undo_stack.count() == 1
    window.doc.undo_stack.undo()
    assert dam.sp == before
    assert window.properties_panel.inspector.editors["sp"].text() == str(before)  # the field follows undo


@pytest.mark.parametrize(
    "name,text,words",
    [
        ("damage", "9999", "more than"),
        ("sp", "abc", "whole number"),
        ("sp", "0", "at least"),
    ],
)
def test_values_the_format_refuses_are_refused_inline(window, name, text, words):
    dam = window.doc.scenario.map.dams[0]
    window.state.select(dam)
    old = getattr(dam, name)
    edit(window, name, text)
    assert getattr(dam, name) == old
    assert window.doc.undo_stack.count() == 0
    assert words in window.properties_panel.inspector.message.text()


def test_a_deleted_selection_leaves_the_inspector(window):
    dam = window.doc.scenario.map.dams[0]
    window.state.select(dam)
    window.doc.scenario.map.dams.remove(dam)
    window.doc.features_changed.emit()
    assert window.properties_panel.inspector.obj is None


def test_ids_and_geometry_are_not_offered():
    names = [n for n, _t, _o in editable_fields(load(VALLEY).map.dams[0])]
    assert "id" not in names and "hex" not in names and "reservoir" not in names
    assert {"sp", "damage", "river", "hidden", "name"} <= set(names)
    assert editable_fields(None) == []
    assert isinstance(load(VALLEY).map.dams[0], Dam)


def test_the_river_field_is_a_choice_of_the_maps_rivers(window):
    dam = window.doc.scenario.map.dams[0]
    window.state.select(dam)
    box = window.properties_panel.inspector.editors["river"]
    rivers = [r.id for r in window.doc.scenario.map.rivers]
    assert [box.itemData(i) for i in range(box.count())] == rivers  # no free text, no typo possible
    assert box.currentData() == dam.river and not box.isEditable()
    other = next(r for r in window.doc.scenario.map.rivers if r.id != dam.river and dam.hex not in r.hexes)
    box.setCurrentIndex(box.findData(other.id))
    box.activated.emit(box.currentIndex())  # chosen: one undo step (the rules then say where it stands)
    assert dam.river == other.id and window.doc.undo_stack.count() == 1
    window.doc.undo_stack.undo()
    assert dam.river != other.id and box.currentData() == dam.river  # the box follows the undo
