"""Direct manipulation on table maps, as a designer uses it: an area or line dragged by its body moves
whole (one undo step, the live validation following); a rubber band from empty cloth selects several
features that move, go and copy together."""

import json

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF
from PySide6.QtGui import QGuiApplication
from test_editor_tools import reloads, stroke, use, window_size  # noqa: F401

from dambuster.model import dumps, new_table_scenario
from dambuster.model.scenario import Area, Corridor, Model, Sewer, SewerPoint, Side, TableRiver, TableRoad

pytestmark = pytest.mark.qt

SQUARE = [(50.0, 50.0), (150.0, 50.0), (150.0, 150.0), (50.0, 150.0)]


@pytest.fixture
def dbm(window):
    """A DBM table, 600 x 400 paces: a wood in sector 1, a road, a river from edge to edge, a sewer."""
    sc = new_table_scenario(600, 400, "paces", profiles=["dbm-terrain"])
    t = sc.map
    t.areas.append(Area("area-1", "wood", list(SQUARE), 1))
    t.roads.append(TableRoad("road-1", [(60.0, 300.0), (160.0, 320.0)]))
    t.rivers.append(TableRiver("river-1", [(450.0, 0.0), (450.0, 400.0)], 20.0))
    sc.sides.append(Side("attacker", "attacker", "attacker"))
    t.sewer = Sewer(
        corridors=[Corridor("c1", [(250.0, 250.0), (350.0, 250.0)], 5)],
        grates=[SewerPoint("grate-1", (300.0, 350.0))],
        models=[Model("model-1", "attacker", 2, "c1", 20.0)],
    )
    window.doc.reset(sc)
    window.view.zoom_to_fit()
    use(window, "vertex")
    return window


def shifted(points, dx, dy):
    return [(x + dx, y + dy) for x, y in points]


def close(a, b, tol=3.0):
    return len(a) == len(b) and all(abs(p[0] - q[0]) <= tol and abs(p[1] - q[1]) <= tol for p, q in zip(a, b))


def codes(w):
    return {v.code for v in w.validation_panel.violations}


def test_an_area_dragged_by_its_body_moves_whole_and_the_validation_follows(dbm, qtbot):
    w = dbm
    before, steps = dumps(w.doc.scenario), w.doc.undo_stack.count()
    stroke(w, [(100, 100), (110, 105), (130, 120)])  # inside the wood, away from its corners
    [area] = w.doc.scenario.map.areas
    assert close(area.polygon, shifted(SQUARE, 30, 20)) and area.sector == 1
    assert w.doc.undo_stack.count() == steps + 1 and w.state.selection is area
    assert w.view.tool.preview.item is None  # the dashed outline went with the release
    reloads(w)
    stroke(w, [(130, 120), (250, 120)])  # across into sector 2: the validation says so
    assert close(w.doc.scenario.map.areas[0].polygon, shifted(SQUARE, 150, 20))
    qtbot.waitUntil(lambda: "DBM-SECTOR" in codes(w), timeout=10000)
    w.act("edit.undo").trigger()
    qtbot.waitUntil(lambda: "DBM-SECTOR" not in codes(w), timeout=10000)
    w.act("edit.undo").trigger()
    assert dumps(w.doc.scenario) == before


def test_a_line_dragged_by_its_body_moves_every_point(dbm):
    w = dbm
    road = w.doc.scenario.map.roads[0].line
    stroke(w, [(110, 310), (120, 300), (140, 250)])  # on the road, half way along
    assert close(w.doc.scenario.map.roads[0].line, shifted(road, 30, -60))
    reloads(w)


def test_a_river_from_edge_to_edge_slides_along_its_edges(dbm):
    w = dbm
    stroke(w, [(450, 200), (470, 230), (490, 240)])
    [river] = w.doc.scenario.map.rivers
    assert close(river.line, [(490, 0), (490, 400)])  # across, but not off the table's edges
    assert "Kept on the table" in w.statusBar().currentMessage()


def test_a_click_on_a_shape_moves_nothing(dbm):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from test_editor_tools import at

    w = dbm
    before = dumps(w.doc.scenario)
    QTest.mouseClick(
        w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(w, 100, 100)
    )
    assert w.state.selection.id == "area-1" and dumps(w.doc.scenario) == before


def band(w, a, b):
    stroke(w, [a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), b])


def test_a_rubber_band_selects_table_features_that_move_and_go_together(dbm):
    w = dbm
    before, steps = dumps(w.doc.scenario), w.doc.undo_stack.count()
    band(w, (30, 30), (200, 340))  # the wood and the road; not the sewer or the river
    assert sorted(o.id for o in w.view.tool.group) == ["area-1", "road-1"]
    assert "Selected 2 features" in w.statusBar().currentMessage()
    assert w.view.tool.preview.item is None and w.doc.undo_stack.count() == steps
    stroke(w, [(100, 100), (120, 110), (140, 100)])  # drag the wood: the road comes along
    t = w.doc.scenario.map
    assert close(t.areas[0].polygon, shifted(SQUARE, 40, 0))
    assert close(t.roads[0].line, [(100, 300), (200, 320)])
    assert w.doc.undo_stack.count() == steps + 1
    reloads(w)
    stroke(w, [(200, 320), (210, 300), (220, 300)])  # the road's end vertex: the group still follows
    assert close(w.doc.scenario.map.areas[0].polygon, shifted(SQUARE, 60, -20))
    assert w.doc.undo_stack.count() == steps + 2
    w.act("edit.delete").trigger()
    t = w.doc.scenario.map
    assert t.areas == [] and t.roads == [] and [r.id for r in t.rivers] == ["river-1"]
    assert w.doc.undo_stack.count() == steps + 3
    for _ in range(3):
        w.act("edit.undo").trigger()
    assert dumps(w.doc.scenario) == before


def test_a_group_with_a_corridor_takes_its_models_and_a_lone_model_finds_a_corridor(dbm):
    w = dbm
    band(w, (240, 230), (360, 370))  # the corridor, its model and the grate
    assert sorted(o.id for o in w.view.tool.group) == ["c1", "grate-1", "model-1"]
    stroke(w, [(300, 350), (300, 340), (300, 330)])  # the grate: all three up by 20
    sw = w.doc.scenario.map.sewer
    assert close(sw.corridors[0].line, [(250, 230), (350, 230)]) and close([sw.grates[0].point], [(300, 330)])
    assert (sw.models[0].corridor, sw.models[0].position) == ("c1", 20.0)  # rode along its corridor
    reloads(w)


def test_a_group_copied_through_the_system_clipboard_pastes_at_the_mouse(dbm):
    from dambuster.editor.edits.fragment import MIME

    w = dbm
    steps = w.doc.undo_stack.count()

    band(w, (240, 230), (360, 370))
    assert len(w.objects.select_at(QPointF(300, 350))) == 3  # a right-click on the grate keeps the group
    {a.text(): a for a in w.objects.menu().actions()}["Copy 3 objects"].trigger()
    md = QGuiApplication.clipboard().mimeData()
    assert md.hasFormat(MIME) and json.loads(md.text())["kind"] == "table"
    w.state.cursor = QPointF(100, 250)  # where the corridor's first point goes
    w.act("edit.paste").trigger()
    sw = w.doc.scenario.map.sewer
    assert [c.id for c in sw.corridors] == ["c1", "corridor-1"]
    assert close(sw.corridors[1].line, [(100, 250), (200, 250)])
    assert [g.id for g in sw.grates] == ["grate-1", "grate-2"] and close([sw.grates[1].point], [(150, 350)])
    assert [(m.id, m.corridor, m.position) for m in sw.models] == [
        ("model-1", "c1", 20.0),
        ("model-2", "corridor-1", 20.0),
    ]
    assert w.doc.undo_stack.count() == steps + 1
    reloads(w)
    w.state.cursor = QPointF(520, 250)  # the corridor would leave the table: left out; the grate lands,
    w.act("edit.paste").trigger()  # and the model goes onto the corridor nearest its point (c1's end)
    sw = w.doc.scenario.map.sewer
    assert len(sw.corridors) == 2 and len(sw.grates) == 3 and close([sw.grates[2].point], [(570, 350)])
    assert (sw.models[2].corridor, sw.models[2].position) == ("c1", 100.0)
    said = w.statusBar().currentMessage()  # which feature, and why
    assert said.startswith("1 pasted feature left out: corridor c1: it would fall off the table"), said
    reloads(w)


def test_a_single_shape_copies_and_a_second_waterway_is_left_out(dbm):
    from dambuster.model.scenario import Waterway

    w = dbm
    t = w.doc.scenario.map
    t.waterway = Waterway("waterway-1", [(560.0, 0.0), (600.0, 0.0), (600.0, 400.0), (560.0, 400.0)], "right")
    w.doc.reset(w.doc.scenario)
    use(w, "vertex")
    stroke(w, [(100, 100), (100, 100)])  # a click: the wood alone
    w.act("edit.copy").trigger()
    w.state.cursor = QPointF(350, 50)
    w.act("edit.paste").trigger()
    areas = w.doc.scenario.map.areas
    assert [a.id for a in areas] == ["area-1", "area-2"] and close(areas[1].polygon, shifted(SQUARE, 300, 0))
    stroke(w, [(580, 200), (580, 200)])
    assert w.state.selection.id == "waterway-1"
    w.act("edit.copy").trigger()
    w.state.cursor = QPointF(10, 0)  # on the table, along the left edge: a second waterway
    steps = w.doc.undo_stack.count()
    w.act("edit.paste").trigger()
    assert w.doc.undo_stack.count() == steps
    said = w.statusBar().currentMessage()
    assert "1 pasted feature left out: waterway waterway-1: the table has a waterway already" in said, said


def test_the_flood_origin_is_dragged_and_not_off_the_table(dbm):
    w = dbm
    w.doc.scenario.map.sewer.flood_origin = (300.0, 250.0)  # on the corridor, drawn over it
    w.doc.reset(w.doc.scenario)
    use(w, "vertex")
    steps = w.doc.undo_stack.count()
    stroke(w, [(300, 250), (310, 260), (320, 280)])
    assert close([w.doc.scenario.map.sewer.flood_origin], [(320, 280)])
    assert w.doc.scenario.map.sewer.corridors[0].line == [(250.0, 250.0), (350.0, 250.0)]  # not the corridor
    assert w.doc.undo_stack.count() == steps + 1
    stroke(w, [(320, 280), (700, 280)])
    assert close([w.doc.scenario.map.sewer.flood_origin], [(320, 280)])
    assert "cannot leave the table" in w.statusBar().currentMessage()
    reloads(w)


def test_the_waterway_dragged_across_extends_from_the_nearer_short_edge(dbm):
    from dambuster.model.scenario import Waterway

    w = dbm
    w.doc.scenario.map.waterway = Waterway(
        "waterway-1", [(0.0, 0.0), (40.0, 0.0), (40.0, 400.0), (0.0, 400.0)], "left"
    )
    w.doc.scenario.map.areas.clear()
    w.doc.reset(w.doc.scenario)
    use(w, "vertex")
    stroke(w, [(20, 200), (300, 200), (580, 200)])  # clamped at the right edge
    waterway = w.doc.scenario.map.waterway
    assert close(waterway.polygon, [(560, 0), (600, 0), (600, 400), (560, 400)]) and waterway.edge == "right"
    reloads(w)


def test_a_table_paste_selects_the_pasted_features_not_the_originals(dbm):
    """Issue 24 (shot-105/106): after a paste the originals stayed selected and Delete removed them."""
    w = dbm

    band(w, (240, 230), (360, 370))
    originals = w.objects.select_at(QPointF(300, 350))
    assert len(originals) == 3
    {a.text(): a for a in w.objects.menu().actions()}["Copy 3 objects"].trigger()
    w.state.cursor = QPointF(100, 250)
    w.act("edit.paste").trigger()
    tool = w.view.tool
    selected = tool.group or [tool.selection]
    assert len(selected) == 3 and not any(o is x for o in selected for x in originals)
    assert {o.id for o in selected} == {"corridor-1", "grate-2", "model-2"}
    w.act("edit.delete").trigger()  # Delete now removes the copies; the originals stay
    sw = w.doc.scenario.map.sewer
    assert [c.id for c in sw.corridors] == ["c1"] and [m.id for m in sw.models] == ["model-1"]


def test_a_model_pasted_where_every_corridor_is_a_single_point_is_left_out(dbm):
    """A file may hold a corridor of one point (the validation names it); a model pasted onto such a
    table has no corridor to stand on: it is left out and the status bar says so, with no traceback."""
    from dambuster.editor.edits.table_group import copy_table_objects
    from dambuster.editor.tools.system_clipboard import put

    w = dbm
    [model] = w.doc.scenario.map.sewer.models
    put(copy_table_objects(w.doc.scenario, [model]))
    sc = new_table_scenario(600, 400, "paces")
    sc.sides.append(Side("attacker", "attacker", "attacker"))
    sc.map.sewer = Sewer(corridors=[Corridor("c1", [(250.0, 250.0)], 5)])
    w.doc.reset(sc)
    steps = w.doc.undo_stack.count()
    w.state.cursor = QPointF(300, 250)
    w.act("edit.paste").trigger()
    assert w.doc.scenario.map.sewer.models == [] and w.doc.undo_stack.count() == steps
    said = w.statusBar().currentMessage()
    assert f"1 pasted feature left out: model {model.name or model.id}: no corridor there to stand on" in said


def test_a_second_waterway_is_refused_as_one_even_where_it_would_overhang(dbm):
    """Pasted at the corner, the table's own waterway was said to "fall off the table"; the reason is
    that the table has one."""
    from dambuster.model.scenario import Waterway

    w = dbm
    w.doc.scenario.map.waterway = Waterway(
        "waterway-1", [(560.0, 0.0), (600.0, 0.0), (600.0, 400.0), (560.0, 400.0)], "right"
    )
    w.doc.reset(w.doc.scenario)
    use(w, "vertex")
    stroke(w, [(580, 200), (580, 200)])
    w.act("edit.copy").trigger()
    w.state.cursor = QPointF(590, 390)  # most of it below the table
    w.act("edit.paste").trigger()
    said = w.statusBar().currentMessage()
    assert "waterway waterway-1: the table has a waterway already" in said, said
    assert "fall off" not in said


def test_a_road_whose_bua_is_left_out_of_a_paste_is_left_out_with_it(dbm, qtbot):
    """A BUA and the road from it pasted at the table's edge: the BUA fell off and the road stub stayed,
    joining nothing (DBM-ROAD). The road goes with what it joins, and says why."""
    w = dbm
    t = w.doc.scenario.map
    t.areas[0].kind = "bua"
    t.roads[0].line = [(50.0, 100.0), (20.0, 100.0)]  # from the BUA's left side, westwards
    w.doc.reset(w.doc.scenario)
    use(w, "vertex")
    band(w, (5, 30), (170, 170))
    assert sorted(o.id for o in w.view.tool.group) == ["area-1", "road-1"]
    w.act("edit.copy").trigger()
    w.state.cursor = QPointF(560, 200)  # the BUA would overhang the right edge; the road would not
    steps = w.doc.undo_stack.count()
    w.act("edit.paste").trigger()
    said = w.statusBar().currentMessage()
    assert "bua area-1: it would fall off the table" in said, said
    assert "road road-1: it would join nothing (bua area-1 left out)" in said, said
    assert [r.id for r in w.doc.scenario.map.roads] == ["road-1"]  # no stub
    assert w.doc.undo_stack.count() == steps  # nothing else was in the group: nothing pasted
