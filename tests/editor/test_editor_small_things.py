"""Issue 24's smaller items, as a designer meets them: "1 warning" not "1 warnings"; Ctrl+Y redoes;
History names the unit type; the unit list by proper names with counter icons and a Side box that is
chosen from, not typed into; Save As offers a name made from the title; + and - keep the point under
the mouse still; a table's zoom says how much of the table is in view."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from dambuster.editor.files.names import file_stem, plural, suggested_name
from dambuster.model import dumps
from dambuster.validators import Violation

pytestmark = pytest.mark.qt

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
VALLEY = SAMPLES / "ogre-dambusters-valley.json"


def test_counts_are_plural_only_when_they_should_be(window):
    assert [plural(n, "warning") for n in (0, 1, 2)] == ["0 warnings", "1 warning", "2 warnings"]
    window.findings.show_findings([Violation("a lonely warning", "W-1", "warning")])
    assert window.readouts.problems_label.text() == "0 errors, 1 warning"
    assert window.validation_panel.summary.text() == "0 errors, 1 warning"


def test_ctrl_y_redoes(window, qtbot):
    assert window.files.open_path(VALLEY)
    window.set_tool("brush")
    h = window.doc.scenario.map.layout.to_axial(2, 2)
    at = window.view.mapFromScene(QPointF(*window.controller.geom.center(h)))
    before = window.doc.terrain_at(h)
    window.terrain_choice.set("swamp" if before != "swamp" else "forest")
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    after = window.doc.terrain_at(h)
    window.doc.undo_stack.undo()
    assert window.doc.terrain_at(h) == before
    qtbot.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert window.doc.terrain_at(h) == after


def test_the_unit_tool_lists_types_by_name_with_icons_and_history_names_the_type(window):
    assert window.files.open_path(VALLEY)
    window.set_tool("unit")
    types = window.tool_options.widgets["unit_type"]
    names = [types.itemText(i) for i in range(types.count())]
    assert "GEV" in names and "Heavy tank" in names and "gev" not in names
    assert names == sorted(names, key=str.lower)
    assert all(not types.itemIcon(i).isNull() for i in range(types.count()))
    side = window.tool_options.widgets["side"]
    assert not side.isEditable() and side.itemText(side.count() - 1) == "New side…"
    named = [side.itemText(i) for i in range(side.count())]
    assert "Defender" in named and "defender" not in named  # the usual sides named as sides are
    types.setCurrentIndex(types.findData("gev"))
    h = window.doc.scenario.map.layout.to_axial(1, 1)
    at = window.view.mapFromScene(QPointF(*window.controller.geom.center(h)))
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    stack = window.doc.undo_stack
    assert stack.text(stack.count() - 1) == "Add unit: GEV"
    assert window.doc.scenario.units[-1].type == "gev"


def test_the_squads_box_is_greyed_at_one_for_a_unit_type_without_squads(window):
    """Only infantry has squads: for a GEV the box shows 1, greyed; back on infantry, the count chosen."""
    assert window.files.open_path(VALLEY)
    window.set_tool("unit")
    types, squads = window.tool_options.widgets["unit_type"], window.tool_options.widgets["squads"]
    types.setCurrentIndex(types.findData("infantry"))
    squads.setValue(2)
    types.setCurrentIndex(types.findData("gev"))
    assert not squads.isEnabled() and squads.value() == 1
    types.setCurrentIndex(types.findData("infantry"))
    assert squads.isEnabled() and squads.value() == 2


def test_rule_profiles_are_in_the_rules_menu_and_one_undo_step(window):
    """Rules > Rule Profiles: the dock's choices where a designer looks for them first."""
    menu = window.acts.submenus["rules.profiles"]
    rules = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "Rules")
    assert menu in [a.menu() for a in rules.actions()]
    menu.aboutToShow.emit()
    acts = {a.text(): a for a in menu.actions()}
    assert "ogre-dambusters" in acts and not acts["ogre-dambusters"].isChecked()
    before = list(window.doc.scenario.meta.profiles)
    acts["ogre-dambusters"].trigger()
    assert "ogre-dambusters" in window.doc.scenario.meta.profiles
    assert window.properties_panel.profiles["ogre-dambusters"].isChecked()
    window.doc.undo_stack.undo()
    assert window.doc.scenario.meta.profiles == before
    menu.aboutToShow.emit()
    assert not {a.text(): a for a in menu.actions()}["ogre-dambusters"].isChecked()


def test_save_as_offers_a_name_made_from_the_title(window, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QFileDialog

    assert file_stem("Dambusters: the Aller valley") == "dambusters-the-aller-valley"
    assert file_stem("../../etc/passwd") == "etc-passwd" and file_stem("???") == "untitled"
    (tmp_path / "maps").mkdir()
    window.doc.scenario.meta.title = "Ogre map"
    assert suggested_name(window.doc, [str(tmp_path / "maps" / "x.json")]) == str(
        tmp_path / "maps" / "ogre-map.json"
    )
    offered = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda _w, _t, start, _f: (offered.append(start), ("", ""))[1]
    )
    window.doc.scenario.meta.title = "Dambusters: the Aller valley"
    window.files.save_as()  # the dialog itself is the platform's: what it is offered is ours
    assert Path(offered[0]).name == "dambusters-the-aller-valley.json"


def test_plus_and_minus_keep_the_point_under_the_mouse(window, qtbot):
    assert window.files.open_path(VALLEY)
    window.view.zoom_by(3.0)  # the map wider than the view: it can move any way (fitted, it stays centred)
    vp = window.view.viewport()
    spot = vp.rect().center() + vp.rect().topLeft() + QPointF(-vp.width() / 4, vp.height() / 5).toPoint()
    QTest.mouseMove(vp, spot)
    under = window.view.mapToScene(spot)
    for key in (Qt.Key.Key_Plus, Qt.Key.Key_Plus, Qt.Key.Key_Minus):
        qtbot.keyClick(window.view, key)
        moved = window.view.mapToScene(spot) - under
        assert abs(moved.x()) < 2 and abs(moved.y()) < 2  # scene units: the hex stays under the mouse
    assert window.view.zoom() > window.view.fit_zoom()


def test_a_tables_zoom_says_how_much_of_the_table_is_in_view(window, qtbot):
    assert window.files.open_path(SAMPLES / "dbm-table.json")
    window.view.zoom_to_fit()
    assert window.readouts.zoom_label.text() == "zoom 100% of the table"
    window.view.zoom_in()
    assert window.readouts.zoom_label.text() == "zoom 125% of the table"


def test_print_lists_show_names_not_ids(window):
    from dambuster.editor.printing.print_dialog import PrintDialog
    from dambuster.model.paper import parse_paper

    dlg = PrintDialog(window)
    papers = [dlg.paper.itemText(i) for i in range(dlg.paper.count())]
    sizes = [dlg.hex_size.itemText(i) for i in range(dlg.hex_size.count())]
    assert "A4" in papers and "Letter" in papers and "a4" not in papers
    assert "Hexon" in sizes and "hexon" not in sizes
    assert parse_paper("A4") == (210.0, 297.0)  # what the list shows is what the dialog reads
    dlg.deleteLater()


def test_the_brush_shows_its_footprint_before_it_paints(window, qtbot):
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    assert window.files.open_path(VALLEY)
    window.set_tool("brush")
    window.tool_options.set_brush_size(2)  # seven hexes
    window.terrain_choice.set("swamp")
    layout, geom = window.doc.scenario.map.layout, window.controller.geom
    h = layout.to_axial(5, 5)
    before = dumps(window.doc.scenario)
    QTest.mouseMove(window.view.viewport(), window.view.mapFromScene(QPointF(*geom.center(h))))
    tool = window.view.tool
    shape = tool.footprint.path()
    from dambuster.editor.tools.terrain import brush_hexes

    covered = brush_hexes(layout, h, 2)
    assert len(covered) == 7 and all(shape.contains(QPointF(*geom.center(x))) for x in covered)
    assert not shape.contains(QPointF(*geom.center(layout.to_axial(5, 8))))  # only the stamp
    assert dumps(window.doc.scenario) == before and window.doc.undo_stack.count() == 0
    QApplication.sendEvent(window.view.viewport(), QEvent(QEvent.Type.Leave))  # the cursor leaves the map
    assert tool.footprint is None
    QTest.mouseMove(window.view.viewport(), window.view.mapFromScene(QPointF(*geom.center(h))))
    window.set_tool("select")  # another tool: the footprint goes
    assert all(
        type(i).__name__ != "QGraphicsPathItem" or i.zValue() != 890 for i in window.view.scene().items()
    )


def test_a_river_drawn_over_clear_hexes_lays_its_water_under_the_dambusters_rules(window):
    from test_editor_tools import stroke

    from dambuster.model import new_hex_scenario
    from dambuster.validators import check_scenario

    for profiles, watered in ((["ogre-dambusters"], True), (["ogre-basic"], False)):
        window.doc.reset(new_hex_scenario(10, 12, "flat", "odd-q", "t", profiles))
        window.view.zoom_to_fit()
        window.set_tool("path")
        lay, geom = window.doc.scenario.map.layout, window.controller.geom
        hexes = [lay.to_axial(3, r) for r in range(1, 7)]
        stroke(window, [geom.center(h) for h in hexes])
        river = window.doc.scenario.map.rivers[0]
        assert river.hexes == hexes
        terrain = {window.doc.terrain_at(h) for h in hexes}
        assert terrain == ({"water"} if watered else {"clear"})
        stack = window.doc.undo_stack
        assert stack.count() == 1  # the river and its water: one undo step
        codes = [v.code for v in check_scenario(window.doc.scenario)]
        assert "RIVER-TERRAIN" not in codes
        stack.undo()
        assert window.doc.scenario.map.rivers == [] and {window.doc.terrain_at(h) for h in hexes} == {"clear"}
