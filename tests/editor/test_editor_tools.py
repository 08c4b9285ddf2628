"""The Place dock's tools as a designer uses them: clicks and strokes on the map become one undo
step each, the file stays loadable, ids stay unique and hexside keys canonical."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from dambuster.editor.edits.table_map import sector_of
from dambuster.editor.geometry.hexes import HexGeometry, nearest_hexside
from dambuster.model import dumps, loads, new_hex_scenario, new_table_scenario
from dambuster.model.hexgrid import canonical_hexside, hexside_between
from dambuster.model.scenario import Corridor, Dam, HexsideFeature, River, Route, Sewer

pytestmark = pytest.mark.qt
K = Qt.KeyboardModifier
LEFT = Qt.MouseButton.LeftButton


def valley():
    """A river down column 4, a road along row 6 crossing it, a stream between columns 1 and 2."""
    sc = new_hex_scenario(10, 12, "flat", "odd-q", title="Valley", profiles=["ogre-dambusters"])
    lay = sc.map.layout
    river = [lay.to_axial(4, r) for r in range(12)]
    road = [lay.to_axial(c, 6) for c in range(10)]
    sc.map.rivers.append(River("r1", river, "Ruhr"))
    sc.map.roads.append(Route("road-a", road))
    sc.map.dams.append(Dam("d1", river[3], "r1", sp=60))
    side = hexside_between(road[1], road[2])
    sc.map.hexsides.append(HexsideFeature(side, "stream"))
    return sc


@pytest.fixture
def window_size():
    return (1000, 700)  # the shared ``window`` (tests/editor/conftest.py) at this size


@pytest.fixture
def hexwin(window):
    window.doc.reset(valley())
    window.view.zoom_to_fit()
    return window


def at(w, x, y):
    return w.view.mapFromScene(QPointF(x, y))


def click(w, point, mods=K.NoModifier):
    QTest.mouseClick(w.view.viewport(), LEFT, mods, at(w, *point))


def centre(w, h):
    return w.controller.geom.center(h)


def stroke(w, points, mods=K.NoModifier):
    vp = w.view.viewport()
    QTest.mousePress(vp, LEFT, mods, at(w, *points[0]))
    for p in points[1:]:
        QTest.mouseMove(vp, at(w, *p))
    QTest.mouseRelease(vp, LEFT, mods, at(w, *points[-1]))


def use(w, name, **options):
    for key, value in options.items():
        widget = w.tool_options.widgets[key]
        if hasattr(widget, "findData") and widget.findData(value) >= 0:
            widget.setCurrentIndex(widget.findData(value))  # a unit type or side by its key
        elif hasattr(widget, "setCurrentText"):
            widget.setCurrentText(value)
        elif hasattr(widget, "setChecked"):
            widget.setChecked(value)
        elif hasattr(widget, "setValue"):
            widget.setValue(value)
        else:
            widget.setText(value)
    w.set_tool(name)
    assert w.view.tool is not None


def reloads(w):
    """The scenario saves and loads strictly with nothing lost."""
    text = dumps(w.doc.scenario)
    assert dumps(loads(text)) == text


def lay(w):
    return w.doc.scenario.map.layout


# ------------------------------------------------------------------------------------ hexsides
def test_a_click_in_the_middle_of_a_hex_is_near_no_hexside():
    geom = HexGeometry(valley().map.layout)
    x, y = geom.center((3, 3))
    assert nearest_hexside(geom, x, y) is None
    mx, my = geom.hexside_mid(canonical_hexside((3, 3), 4))
    assert nearest_hexside(geom, mx + 1, my) == canonical_hexside((3, 3), 4)


def test_hexside_tool_toggles_a_ridge_with_a_canonical_key(hexwin):
    w = hexwin
    use(w, "hexside", hexside_kind="ridge")
    h = lay(w).to_axial(6, 2)
    side = canonical_hexside(h, 4)  # spelled from the neighbour: direction 4 is not canonical
    assert side[2] in (0, 1, 2)
    click(w, w.controller.geom.hexside_mid(side))
    assert HexsideFeature(side, "ridge") in w.doc.scenario.map.hexsides
    use(w, "hexside", hexside_kind="cleared-ridge")
    click(w, w.controller.geom.hexside_mid(side))
    kinds = [f.kind for f in w.doc.scenario.map.hexsides if f.side == side]
    assert kinds == ["cleared-ridge"]  # a ridge is standing or cleared, not both
    w.act("edit.undo").trigger()
    assert [f.kind for f in w.doc.scenario.map.hexsides if f.side == side] == ["ridge"]
    use(w, "hexside", hexside_kind="ridge")
    click(w, w.controller.geom.hexside_mid(side))
    assert not [f for f in w.doc.scenario.map.hexsides if f.side == side]
    reloads(w)


# ------------------------------------------------------------------------------------- bridges
def test_river_bridge_only_where_a_road_crosses_a_river(hexwin):
    w = hexwin
    use(w, "river-bridge")
    click(w, centre(w, lay(w).to_axial(2, 2)))  # neither road nor river
    click(w, centre(w, lay(w).to_axial(4, 2)))  # river only
    assert w.doc.scenario.map.river_bridges == []
    crossing = lay(w).to_axial(4, 6)
    click(w, centre(w, crossing))
    click(w, centre(w, crossing))  # a second click adds no second bridge
    [b] = w.doc.scenario.map.river_bridges
    assert (b.id, b.hex, b.road, b.river) == ("bridge-1", crossing, "road-a", "r1")
    assert w.doc.undo_stack.count() == 1
    reloads(w)


def test_stream_bridge_on_a_stream_hexside_a_road_crosses(hexwin):
    w = hexwin
    use(w, "stream-bridge")
    side = w.doc.scenario.map.hexsides[0].side
    click(w, w.controller.geom.hexside_mid(side))
    [b] = w.doc.scenario.map.stream_bridges
    assert (b.side, b.road) == (side, "road-a")
    other = canonical_hexside(lay(w).to_axial(7, 2), 0)  # no stream there
    click(w, w.controller.geom.hexside_mid(other))
    assert len(w.doc.scenario.map.stream_bridges) == 1
    reloads(w)


# ------------------------------------------------------------------------------- hex strokes
def test_painting_a_town_is_one_undo_step_and_moves_hexes_between_towns(hexwin):
    w = hexwin
    row = [lay(w).to_axial(c, 9) for c in range(1, 4)]
    use(w, "town", town="Essen")
    stroke(w, [centre(w, h) for h in row])
    assert [(t.id, t.name, t.hexes) for t in w.doc.scenario.map.towns] == [("town-1", "Essen", row)]
    assert w.doc.undo_stack.count() == 1
    use(w, "town", town="Werl")
    stroke(w, [centre(w, row[2])])
    towns = {t.name: t.hexes for t in w.doc.scenario.map.towns}
    assert towns == {"Essen": row[:2], "Werl": [row[2]]}
    use(w, "town", town="Essen")
    stroke(w, [centre(w, row[0])], K.ShiftModifier)  # Shift takes hexes out
    assert {t.name: t.hexes for t in w.doc.scenario.map.towns}["Essen"] == [row[1]]
    reloads(w)
    while w.doc.undo_stack.canUndo():
        w.act("edit.undo").trigger()
    assert w.doc.scenario.map.towns == []


def test_floodplain_strokes_toggle_and_the_mode_is_an_undo_step(hexwin):
    w = hexwin
    hexes = [lay(w).to_axial(5, r) for r in range(2, 5)]
    use(w, "floodplain")
    stroke(w, [centre(w, h) for h in hexes])
    assert w.doc.scenario.map.floodplain.hexes == hexes
    stroke(w, [centre(w, hexes[1])])  # starting on floodplain removes
    assert w.doc.scenario.map.floodplain.hexes == [hexes[0], hexes[2]]
    combo = w.tool_options.widgets["fp_mode"]
    combo.setCurrentText("random")
    combo.activated.emit(combo.currentIndex())
    assert w.doc.scenario.map.floodplain.mode == "random"
    w.act("edit.undo").trigger()
    assert w.doc.scenario.map.floodplain.mode == "predetermined"
    assert combo.currentText() == "predetermined"


def test_setup_zone_and_reservoir_strokes(hexwin):
    w = hexwin
    use(w, "zone", side="attacker")
    top = [lay(w).to_axial(c, 0) for c in range(3)]
    stroke(w, [centre(w, top[0]), centre(w, top[-1])])
    [zone] = w.doc.scenario.setup_zones
    assert (zone.id, zone.side, zone.hexes) == ("zone-1", "attacker", top)
    assert [s.id for s in w.doc.scenario.sides] == ["attacker"]  # the side is created with its zone
    use(w, "reservoir", dam="d1")
    pool = [lay(w).to_axial(4, r) for r in (0, 1, 2)]
    stroke(w, [centre(w, pool[0]), centre(w, pool[-1])])
    assert w.doc.scenario.map.dams[0].reservoir == pool
    stroke(w, [centre(w, lay(w).to_axial(4, 3))])  # the dam's own hex is never reservoir
    assert w.doc.scenario.map.dams[0].reservoir == pool
    reloads(w)


# ------------------------------------------------------------------------------------ markers
def test_engineering_markers(hexwin):
    w = hexwin
    h = lay(w).to_axial(7, 6)  # on the road
    use(w, "entrench+")
    click(w, centre(w, h))
    click(w, centre(w, h))
    assert [(e.hex, e.count) for e in w.doc.scenario.map.markers.entrenchments] == [(h, 2)]
    use(w, "entrench-")
    click(w, centre(w, h))
    click(w, centre(w, h))
    assert w.doc.scenario.map.markers.entrenchments == []
    use(w, "revetment", size="large")
    click(w, centre(w, h))
    use(w, "mine", side="defender", hidden=False)
    click(w, centre(w, h))
    click(w, centre(w, lay(w).to_axial(7, 8)))
    use(w, "road-cut")
    click(w, centre(w, h))
    click(w, centre(w, lay(w).to_axial(7, 8)))  # no route there: no cut
    mk = w.doc.scenario.map.markers
    assert [(r.id, r.size) for r in mk.revetments] == [("revetment-1", "large")]
    assert [(m.id, m.owner, m.hidden, m.on_road) for m in mk.mines] == [
        ("mine-1", "defender", False, True),
        ("mine-2", "defender", False, False),
    ]
    assert [(c.hex, c.route) for c in mk.road_cuts] == [(h, None)]
    reloads(w)


def test_bridge_out_and_graded_ridge(hexwin):
    w = hexwin
    use(w, "river-bridge")
    click(w, centre(w, lay(w).to_axial(4, 6)))
    use(w, "bridge-out")
    click(w, centre(w, lay(w).to_axial(4, 6)))
    assert [b.bridge for b in w.doc.scenario.map.markers.bridges_out] == ["bridge-1"]
    side = canonical_hexside(lay(w).to_axial(7, 2), 1)
    use(w, "graded-ridge")
    click(w, w.controller.geom.hexside_mid(side))
    assert w.doc.scenario.map.markers.graded_ridges == []  # no ridge to grade
    use(w, "hexside", hexside_kind="ridge")
    click(w, w.controller.geom.hexside_mid(side))
    use(w, "graded-ridge")
    click(w, w.controller.geom.hexside_mid(side))
    assert w.doc.scenario.map.markers.graded_ridges == [side]
    reloads(w)


# -------------------------------------------------------------------------------------- units
def test_units_select_drag_and_delete(hexwin):
    w = hexwin
    a, b = lay(w).to_axial(1, 1), lay(w).to_axial(2, 4)
    use(w, "unit", unit_type="infantry", side="defender", squads=2)
    click(w, centre(w, a))
    use(w, "unit", unit_type="heavy-tank", side="attacker", squads=3)
    click(w, centre(w, a))
    units = w.doc.scenario.units
    assert [(u.id, u.type, u.side, u.hex, u.squads) for u in units] == [
        ("unit-1", "infantry", "defender", a, 2),
        ("unit-2", "heavy-tank", "attacker", a, 1),
    ]
    assert {s.id for s in w.doc.scenario.sides} == {"defender", "attacker"}
    steps = w.doc.undo_stack.count()

    use(w, "select")
    stroke(w, [centre(w, a), centre(w, lay(w).to_axial(1, 3)), centre(w, b)])  # drags the top unit
    assert [u.hex for u in w.doc.scenario.units] == [a, b]
    assert w.doc.undo_stack.count() == steps + 1
    assert w.state.selection.id == "unit-2"
    assert "unit-2" in w.statusBar().currentMessage()
    shown = w.place_panel.selected.text()
    assert "Type: heavy-tank" in shown and f"Hex: {lay(w).label(b)}" in shown
    assert w.view.tool.ghost is None  # the drag's landing mark is gone
    w.act("edit.delete").trigger()
    assert [u.id for u in w.doc.scenario.units] == ["unit-1"]
    w.act("edit.undo").trigger()
    assert [u.id for u in w.doc.scenario.units] == ["unit-1", "unit-2"]
    w.act("edit.undo").trigger()
    assert [u.hex for u in w.doc.scenario.units] == [a, a]


def test_select_and_delete_a_dam_and_a_river(hexwin):
    w = hexwin
    use(w, "select")
    click(w, centre(w, w.doc.scenario.map.dams[0].hex))
    assert w.state.selection.id == "d1"
    w.act("edit.delete").trigger()
    assert w.doc.scenario.map.dams == []
    click(w, centre(w, lay(w).to_axial(4, 9)))
    assert w.state.selection.id == "r1"
    w.act("edit.delete").trigger()
    assert w.doc.scenario.map.rivers == []
    w.act("edit.undo").trigger()
    w.act("edit.undo").trigger()
    assert dumps(w.doc.scenario) == dumps(valley())


# ------------------------------------------------------------------------------ copy and paste
def test_copy_and_paste_a_region_with_new_ids_in_one_undo_step(hexwin, qtbot):
    w = hexwin
    sc = w.doc.scenario
    lake = lay(w).to_axial(1, 2)
    sc.map.terrain[lake] = "water"
    src = [lay(w).to_axial(c, r) for c in range(3, 6) for r in range(5)]
    sc.map.rivers.append(River("brook", [lay(w).to_axial(5, r) for r in range(4)], joins="r1"))
    sc.map.dams.append(Dam("d2", lay(w).to_axial(5, 2), "brook", sp=55))
    sc.map.terrain[lay(w).to_axial(3, 0)] = "forest"
    w.doc.reset(sc)
    use(w, "region")
    stroke(w, [centre(w, lay(w).to_axial(3, 0)), centre(w, lay(w).to_axial(5, 4))])
    assert sorted(w.view.tool.selected) == sorted(src)
    w.act("edit.copy").trigger()
    assert len(w.state.clip.terrain) == 15
    before = dumps(w.doc.scenario)
    target = lay(w).to_axial(3, 7)  # the selection's top-left hex lands here
    w.state.cursor = QPointF(*centre(w, target))
    w.act("edit.paste").trigger()
    m = w.doc.scenario.map
    assert [r.id for r in m.rivers] == ["r1", "brook", "river-1"]
    assert m.rivers[2].joins is None  # r1 was not copied whole
    assert [(d.id, d.river, d.sp) for d in m.dams][-1] == ("dam-1", "river-1", 55)
    assert m.terrain.get(target) == "forest"
    assert w.doc.undo_stack.count() == 1
    reloads(w)
    w.act("edit.undo").trigger()
    assert dumps(w.doc.scenario) == before


# ------------------------------------------------------------------------------------- tables
@pytest.fixture
def tablewin(window):
    sc = new_table_scenario(600, 400, "paces", profiles=["dbm-terrain"])
    window.doc.reset(sc)
    window.view.zoom_to_fit()
    return window


def test_sectors_split_the_table_in_halves_of_depth_and_thirds_of_width():
    assert [
        sector_of(600, 400, x, y)
        for x, y in ((10, 10), (250, 199), (599, 0), (10, 201), (300, 399), (590, 390))
    ] == [1, 2, 3, 4, 5, 6]


def test_drawing_an_area_computes_its_sector_and_vertices_can_be_edited(tablewin):
    w = tablewin
    use(w, "area", area_kind="wood")
    square = [(420, 250), (520, 250), (520, 350)]
    for p in square:
        click(w, p)
    QTest.mouseDClick(w.view.viewport(), LEFT, K.NoModifier, at(w, 420, 350))
    [area] = w.doc.scenario.map.areas
    assert (area.id, area.kind, area.sector, len(area.polygon)) == ("area-1", "wood", 6, 4)
    assert w.doc.undo_stack.count() == 1

    use(w, "vertex")
    before = area.polygon[0]
    stroke(w, [before, (430, 240), (400, 230)])
    moved = w.doc.scenario.map.areas[0].polygon[0]
    assert moved != before and abs(moved[0] - 400) < 3 and abs(moved[1] - 230) < 3
    QTest.mouseDClick(w.view.viewport(), LEFT, K.NoModifier, at(w, 520, 300))  # on the right edge
    assert len(w.doc.scenario.map.areas[0].polygon) == 5
    click(w, (520, 300))
    w.act("edit.delete").trigger()
    assert len(w.doc.scenario.map.areas[0].polygon) == 4
    reloads(w)
    for _ in range(3):
        w.act("edit.undo").trigger()
    assert w.doc.scenario.map.areas[0].polygon[0] == before


def test_area_with_a_chosen_sector_and_a_river_drawn_downstream(tablewin):
    w = tablewin
    use(w, "area", area_kind="marsh")
    w.tool_options.widgets["sector"].setCurrentIndex(2)  # sector 2
    for p in ((20, 20), (60, 20)):
        click(w, p)
    QTest.mouseDClick(w.view.viewport(), LEFT, K.NoModifier, at(w, 40, 60))
    assert w.doc.scenario.map.areas[0].sector == 2
    use(w, "table-river", width=12.0, downstream=True)
    click(w, (100, 390))
    click(w, (150, 200))
    QTest.keyClick(w.view, Qt.Key.Key_Return)
    [river] = w.doc.scenario.map.rivers
    assert river.width == 12.0
    assert river.line[0][1] < river.line[-1][1]  # stored upstream first
    reloads(w)


def test_sewer_features_and_a_model_on_the_nearest_corridor(tablewin):
    w = tablewin
    use(w, "corridor", width=6.0)
    click(w, (100, 100))
    QTest.mouseDClick(w.view.viewport(), LEFT, K.NoModifier, at(w, 300, 100))
    for name, p in (
        ("node", (100, 100)),
        ("grate", (200, 100)),
        ("sluice-gate", (250, 100)),
        ("cave-in", (280, 100)),
        ("flood-origin", (100, 100)),
    ):
        use(w, name)
        click(w, p)
    use(w, "model", side="attacker", strength=3)
    click(w, (200, 130))
    sewer = w.doc.scenario.map.sewer
    assert [c.id for c in sewer.corridors] == ["corridor-1"]
    assert [len(x) for x in (sewer.nodes, sewer.grates, sewer.sluice_gates, sewer.cave_ins)] == [1, 1, 1, 1]
    assert sewer.flood_origin is not None
    [model] = sewer.models
    assert model.corridor == "corridor-1" and model.position == pytest.approx(100, abs=4)
    assert model.strength == 3
    reloads(w)
    use(w, "vertex")
    g = sewer.grates[0].point
    click(w, g)
    w.act("edit.delete").trigger()
    assert w.doc.scenario.map.sewer.grates == []
    while w.doc.undo_stack.canUndo():
        w.act("edit.undo").trigger()
    assert w.doc.scenario.map.sewer is None


def test_a_model_needs_a_corridor(tablewin):
    w = tablewin
    w.doc.scenario.map.sewer = Sewer(
        corridors=[Corridor("c1", [(0, 0), (0, 300)], 5), Corridor("c2", [(400, 0), (400, 300)], 5)]
    )
    use(w, "model", side="invader")
    click(w, (380, 150))
    assert [(m.corridor, round(m.position)) for m in w.doc.scenario.map.sewer.models] == [("c2", 150)]


def test_deleting_a_road_takes_its_bridges_and_cuts_so_the_file_still_opens(hexwin):
    w = hexwin
    use(w, "river-bridge")
    click(w, centre(w, lay(w).to_axial(4, 6)))
    use(w, "stream-bridge")
    click(w, w.controller.geom.hexside_mid(w.doc.scenario.map.hexsides[0].side))
    use(w, "bridge-out")
    click(w, centre(w, lay(w).to_axial(4, 6)))
    use(w, "road-cut")
    click(w, centre(w, lay(w).to_axial(8, 6)))
    w.doc.scenario.map.markers.road_cuts[0].route = "road-a"
    use(w, "select")
    click(w, centre(w, lay(w).to_axial(7, 6)))
    assert w.state.selection.id == "road-a"
    w.act("edit.delete").trigger()
    m = w.doc.scenario.map
    assert (m.roads, m.river_bridges, m.stream_bridges, m.markers.bridges_out, m.markers.road_cuts) == (
        [],
    ) * 5
    reloads(w)
    w.act("edit.undo").trigger()
    assert [b.id for b in w.doc.scenario.map.river_bridges] == ["bridge-1"]


def test_a_vertex_drag_that_would_make_the_outline_cross_itself_is_refused(tablewin):
    w = tablewin
    use(w, "area", area_kind="wood")
    for p in ((100, 100), (200, 100), (200, 200)):
        click(w, p)
    QTest.mouseDClick(w.view.viewport(), LEFT, K.NoModifier, at(w, 100, 200))
    before = dumps(w.doc.scenario)
    use(w, "vertex")
    stroke(w, [(100, 100), (150, 150), (150, 250)])  # across the opposite edge: a bow tie
    assert dumps(w.doc.scenario) == before
    assert w.doc.undo_stack.count() == 1


def test_shortening_a_corridor_keeps_its_models_on_it(tablewin):
    w = tablewin
    w.doc.scenario.map.sewer = Sewer(corridors=[Corridor("c1", [(0, 100), (200, 100), (400, 100)], 5)])
    use(w, "model", side="invader")
    click(w, (390, 110))
    use(w, "vertex")
    stroke(w, [(400, 100), (300, 100), (250, 100)])
    [model] = w.doc.scenario.map.sewer.models
    [corridor] = w.doc.scenario.map.sewer.corridors
    pts = corridor.line
    length = sum(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 for (x0, y0), (x1, y1) in zip(pts, pts[1:]))
    assert length < 260  # dragged to about 250 (a pixel is a scene unit or so at this zoom)
    assert model.position <= length + 1e-9
    reloads(w)


def test_a_click_inside_an_area_selects_it_and_delete_removes_it_whole(tablewin):
    w = tablewin
    use(w, "area", area_kind="bua")
    for p in ((100, 100), (200, 100), (200, 200)):
        click(w, p)
    QTest.mouseDClick(w.view.viewport(), LEFT, K.NoModifier, at(w, 100, 200))
    use(w, "vertex")
    click(w, (150, 150))
    assert w.state.selection.id == "area-1"
    w.act("edit.delete").trigger()
    assert w.doc.scenario.map.areas == []
    w.act("edit.undo").trigger()
    assert [a.id for a in w.doc.scenario.map.areas] == ["area-1"]


def test_choosing_a_brush_after_a_region_removes_the_region_outline(hexwin):
    w = hexwin
    use(w, "region")
    stroke(w, [centre(w, lay(w).to_axial(1, 1)), centre(w, lay(w).to_axial(2, 2))])
    outline = w.view.tool.preview
    assert outline is not None and outline.scene() is w.view.scene()
    w.set_tool("brush")
    assert outline.scene() is None
    assert w.state.tool == "brush" and type(w.view.tool).__name__ == "TerrainBrush"


def test_deleting_the_waterway_frees_the_rivers_that_flowed_into_it(tablewin):
    from dambuster.model.scenario import TableRiver, Waterway

    w = tablewin
    t = w.doc.scenario.map
    t.waterway = Waterway("w1", [(0, 0), (100, 0), (100, 400), (0, 400)], "left")
    t.rivers.append(TableRiver("tr", [(500, 200), (100, 200)], 10, flows_into="w1"))
    use(w, "vertex")
    click(w, (50, 100))
    assert w.state.selection.id == "w1"
    w.act("edit.delete").trigger()
    assert w.doc.scenario.map.waterway is None and w.doc.scenario.map.rivers[0].flows_into is None
    reloads(w)


def test_a_paste_that_pushes_a_river_off_the_map_leaves_its_dam_behind_too():
    from dambuster.editor.edits.clipboard import copy_region, paste_changes

    sc = valley()
    lay_ = sc.map.layout
    sc.map.rivers.append(River("brook", [lay_.to_axial(7, r) for r in range(4)]))
    sc.map.dams.append(Dam("d2", lay_.to_axial(7, 3), "brook"))
    clip = copy_region(sc, [lay_.to_axial(c, r) for c in range(6, 9) for r in range(4)])
    assert [o.id for o in clip.lists["map.dams"]] == ["d2"]
    _terrain, changes = paste_changes(sc, clip, lay_.to_axial(6, 10))  # the brook's tail falls off
    pasted = {name: value for owner, name, value in changes}
    assert "rivers" not in pasted and "dams" not in pasted
    sc2 = valley()
    sc2.map.rivers += [River("brook", [lay_.to_axial(7, r) for r in range(4)])]
    clip = copy_region(sc2, [lay_.to_axial(c, r) for c in range(6, 9) for r in range(4)])
    _terrain, changes = paste_changes(sc2, clip, lay_.to_axial(6, 5))
    assert [r.id for r in {n: v for _o, n, v in changes}["rivers"]] == ["r1", "brook", "river-1"]


def test_a_new_side_name_becomes_an_id_the_file_accepts(hexwin):
    from dambuster.editor.panels.unit_choice import add_side

    w = hexwin
    use(w, "unit", unit_type="infantry")
    assert not w.tool_options.widgets["side"].isEditable()  # chosen, not typed into
    assert add_side(w.tool_options.widgets["side"], "Blue Team") == "blue-team"  # what "New side…" asks
    click(w, centre(w, lay(w).to_axial(1, 1)))
    assert w.doc.scenario.units[0].side == "blue-team"
    assert [(s.id, s.name) for s in w.doc.scenario.sides] == [("blue-team", "Blue Team")]
    reloads(w)


def test_a_model_at_a_corridors_far_end_stays_on_it():
    from dambuster.editor.edits.table_map import add_corridor, add_model

    sc = new_table_scenario(600, 400)
    for owner, name, value in add_corridor(sc, [(0.0, 10.0), (20.0, 0.0)], 5.0):
        setattr(owner, name, value)
    for owner, name, value in add_model(sc, "invader", 1, (20.0, 0.0)):
        setattr(owner, name, value)
    assert sc.map.sewer.models[0].position <= 500**0.5  # the corridor's length, 22.3607
    assert dumps(loads(dumps(sc))) == dumps(sc)  # "past the end" is refused by a strict load
