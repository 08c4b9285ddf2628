"""Direct manipulation with the select tool, as a designer uses it: dragging a dam, bridge, marker or
town moves it in one undo step; a drop the format refuses leaves it where it was and says why."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF
from PySide6.QtTest import QTest
from test_editor_tools import LEFT, K, at, centre, lay, reloads, stroke, use, valley, window_size  # noqa: F401

from dambuster.model import dumps, new_table_scenario
from dambuster.model.hexgrid import neighbors
from dambuster.model.scenario import (
    Corridor,
    Mine,
    Model,
    RiverBridge,
    RoadCut,
    Sewer,
    SewerPoint,
    Side,
    Town,
)

pytestmark = pytest.mark.qt


@pytest.fixture
def hexwin(window):
    w = window
    sc = valley()
    L = sc.map.layout
    sc.map.dams[0].reservoir = [L.to_axial(4, 1), L.to_axial(4, 2), L.to_axial(3, 2)]
    sc.map.river_bridges.append(RiverBridge("bridge-1", L.to_axial(4, 6), "road-a", "r1"))
    sc.map.towns.append(Town("town-1", "Essen", [L.to_axial(7, 2), L.to_axial(8, 2)]))
    sc.map.towns.append(Town("town-2", "Hagen", [L.to_axial(7, 9)]))
    sc.sides.append(Side("defender", "defender"))
    sc.map.markers.mines.append(Mine("mine-1", L.to_axial(1, 9), "defender"))
    sc.map.markers.road_cuts.append(RoadCut(L.to_axial(2, 6)))
    w.doc.reset(sc)
    w.view.zoom_to_fit()
    use(w, "select")
    return w


def drag(w, a, b):
    stroke(w, [centre(w, a), centre(w, b)])


def test_dragging_a_dam_along_its_river_moves_its_reservoir_too(hexwin):
    w = hexwin
    L = lay(w)
    before, steps = dumps(w.doc.scenario), w.doc.undo_stack.count()
    drag(w, L.to_axial(4, 3), L.to_axial(4, 5))  # odd-q: same column, two rows down
    dam = w.doc.scenario.map.dams[0]
    assert dam.hex == L.to_axial(4, 5)
    assert dam.reservoir == [L.to_axial(4, 3), L.to_axial(4, 4), L.to_axial(3, 4)]
    assert w.doc.undo_stack.count() == steps + 1 and w.state.selection.id == "d1"
    reloads(w)
    w.act("edit.undo").trigger()
    assert dumps(w.doc.scenario) == before


def test_reservoir_hexes_leaving_the_map_are_dropped(hexwin):
    w = hexwin
    L = lay(w)
    drag(w, L.to_axial(4, 3), L.to_axial(4, 0))
    dam = w.doc.scenario.map.dams[0]
    assert dam.hex == L.to_axial(4, 0)
    assert all(L.contains(h) for h in dam.reservoir) and len(dam.reservoir) < 3


def test_a_dam_dropped_off_its_river_snaps_back_with_a_message(hexwin):
    w = hexwin
    L = lay(w)
    before, steps = dumps(w.doc.scenario), w.doc.undo_stack.count()
    drag(w, L.to_axial(4, 3), L.to_axial(6, 3))
    assert dumps(w.doc.scenario) == before and w.doc.undo_stack.count() == steps
    assert "river r1" in w.statusBar().currentMessage()
    assert w.view.tool.ghost is None


def test_bridges_mines_and_road_cuts_go_only_where_the_format_allows(hexwin):
    w = hexwin
    L = lay(w)
    m = w.doc.scenario.map
    drag(w, L.to_axial(4, 6), L.to_axial(5, 6))  # off the river: refused
    assert m.river_bridges[0].hex == L.to_axial(4, 6)
    assert "needs road road-a and river r1" in w.statusBar().currentMessage()
    drag(w, L.to_axial(1, 9), L.to_axial(3, 6))  # a mine onto the road: on_road
    mine = w.doc.scenario.map.markers.mines[0]
    assert mine.hex == L.to_axial(3, 6) and mine.on_road
    drag(w, L.to_axial(2, 6), L.to_axial(2, 8))  # a road cut off every route: refused
    assert w.doc.scenario.map.markers.road_cuts[0].hex == L.to_axial(2, 6)
    drag(w, L.to_axial(2, 6), L.to_axial(6, 6))
    assert w.doc.scenario.map.markers.road_cuts[0].hex == L.to_axial(6, 6)
    reloads(w)


def test_a_town_moves_whole_and_not_onto_another_or_off_the_map(hexwin):
    w = hexwin
    L = lay(w)
    drag(w, L.to_axial(8, 2), L.to_axial(8, 9))  # Essen's second hex onto Hagen
    assert "overlap Hagen" in w.statusBar().currentMessage()
    drag(w, L.to_axial(7, 2), L.to_axial(9, 2))  # its other hex would land in column 10
    assert "leave the map" in w.statusBar().currentMessage()
    drag(w, L.to_axial(7, 2), L.to_axial(7, 4))
    assert w.doc.scenario.map.towns[0].hexes == [L.to_axial(7, 4), L.to_axial(8, 4)]
    reloads(w)


def test_entrenchments_and_revetments_move_one_per_hex(hexwin):
    from dambuster.model.scenario import Entrenchment, Revetment

    w = hexwin
    L = lay(w)
    mk = w.doc.scenario.map.markers
    mk.entrenchments.append(Entrenchment(L.to_axial(1, 1), 2))
    mk.entrenchments.append(Entrenchment(L.to_axial(2, 2)))
    mk.revetments.append(Revetment("revetment-1", L.to_axial(7, 7), "large"))
    w.doc.reset(w.doc.scenario)
    use(w, "select")
    drag(w, L.to_axial(1, 1), L.to_axial(2, 2))  # onto the other entrenchment: refused
    assert "already has one (entrenchment)" in w.statusBar().currentMessage()
    drag(w, L.to_axial(1, 1), L.to_axial(1, 3))
    drag(w, L.to_axial(7, 7), L.to_axial(8, 8))
    mk = w.doc.scenario.map.markers
    assert [(e.hex, e.count) for e in mk.entrenchments] == [(L.to_axial(1, 3), 2), (L.to_axial(2, 2), 1)]
    assert [(r.hex, r.size) for r in mk.revetments] == [(L.to_axial(8, 8), "large")]
    reloads(w)


@pytest.fixture
def sewerwin(window):
    sc = new_table_scenario(600, 400, "paces")
    sc.sides.append(Side("attacker", "attacker", "attacker"))
    sc.map.sewer = Sewer(
        corridors=[Corridor("c1", [(100, 100), (300, 100)], 5), Corridor("c2", [(100, 250), (300, 250)], 5)],
        grates=[SewerPoint("grate-1", (200, 100))],
        models=[Model("model-1", "attacker", 3, "c1", 50.0)],
    )
    window.doc.reset(sc)
    window.view.zoom_to_fit()
    use(window, "vertex")
    return window


def test_sewer_points_and_models_are_dragged_in_one_step_each(sewerwin):
    w = sewerwin
    before, steps = dumps(w.doc.scenario), w.doc.undo_stack.count()
    stroke(w, [(200, 100), (220, 150), (240, 180)])
    sewer = w.doc.scenario.map.sewer
    assert sewer.grates[0].point == pytest.approx((240, 180), abs=2)
    assert w.doc.undo_stack.count() == steps + 1
    stroke(w, [(150, 100), (200, 240), (220, 245)])  # the model onto the other corridor
    [model] = w.doc.scenario.map.sewer.models
    assert model.corridor == "c2" and model.position == pytest.approx(120, abs=3)
    reloads(w)
    stroke(w, [(240, 180), (700, 180)])  # off the table: refused, the grate stays
    assert w.doc.scenario.map.sewer.grates[0].point == pytest.approx((240, 180), abs=2)
    assert "cannot leave the table" in w.statusBar().currentMessage()
    w.act("edit.undo").trigger()
    w.act("edit.undo").trigger()
    assert dumps(w.doc.scenario) == before


def test_the_context_menu_selects_then_offers_properties_delete_and_duplicate(hexwin):

    w = hexwin
    L = lay(w)
    from PySide6.QtCore import QPointF

    assert w.objects.select_at(QPointF(*centre(w, L.to_axial(0, 11)))) is None  # nothing there: no menu
    assert w.objects.menu() is None
    assert w.objects.select_at(QPointF(*centre(w, L.to_axial(4, 3)))).id == "d1"
    actions = {a.text(): a for a in w.objects.menu().actions()}
    assert list(actions) == ["Properties…", "Delete", "Duplicate"]
    steps = w.doc.undo_stack.count()
    actions["Duplicate"].trigger()
    dams = w.doc.scenario.map.dams
    assert [d.id for d in dams] == ["d1", "d2"] and dams[1].hex in w.doc.scenario.map.rivers[0].hexes
    assert dams[1].hex != dams[0].hex and dams[1].reservoir == [] and w.state.selection.id == "d2"
    assert w.doc.undo_stack.count() == steps + 1
    reloads(w)
    {a.text(): a for a in w.objects.menu().actions()}["Delete"].trigger()
    assert [d.id for d in w.doc.scenario.map.dams] == ["d1"]
    w.objects.select_at(QPointF(*centre(w, L.to_axial(1, 9))))  # the mine: a copy on a neighbouring hex
    {a.text(): a for a in w.objects.menu().actions()}["Duplicate"].trigger()
    mines = w.doc.scenario.map.markers.mines
    assert [m.id for m in mines] == ["mine-1", "mine-2"] and mines[1].hex in neighbors(mines[0].hex)
    {a.text(): a for a in w.objects.menu().actions()}["Properties…"].trigger()
    assert w.docks["properties"].isVisible()
    assert "mine-2" in w.properties_panel.inspector.title()
    for _ in range(3):
        w.act("edit.undo").trigger()
    assert [d.id for d in w.doc.scenario.map.dams] == ["d1"] and len(w.doc.scenario.map.markers.mines) == 1


def test_duplicating_on_a_table_sets_the_copy_off(sewerwin):
    from PySide6.QtCore import QPointF

    w = sewerwin
    assert w.objects.select_at(QPointF(200, 100)).id == "grate-1"
    assert w.objects.duplicate()
    grates = w.doc.scenario.map.sewer.grates
    assert [g.id for g in grates] == ["grate-1", "grate-2"] and grates[1].point == (210.0, 100.0)
    reloads(w)


def test_a_rubber_band_selects_several_that_move_and_go_together(hexwin):
    w = hexwin
    L = lay(w)
    before, steps = dumps(w.doc.scenario), w.doc.undo_stack.count()
    x0, y0 = centre(w, L.to_axial(3, 0))
    x1, y1 = centre(w, L.to_axial(9, 3))
    stroke(w, [(x0, y0), ((x0 + x1) / 2, (y0 + y1) / 2), (x1, y1)])  # from an empty hex: a band
    assert w.view.tool.ghost is None
    assert sorted(o.id for o in w.view.tool.group) == ["d1", "town-1"]
    assert "Selected 2 objects" in w.statusBar().currentMessage()
    assert w.doc.undo_stack.count() == steps
    drag(w, L.to_axial(4, 3), L.to_axial(5, 3))  # the dam would leave its river: nothing moves
    assert dumps(w.doc.scenario) == before and "river r1" in w.statusBar().currentMessage()
    drag(w, L.to_axial(4, 3), L.to_axial(4, 5))
    m = w.doc.scenario.map
    assert m.dams[0].hex == L.to_axial(4, 5) and m.towns[0].hexes == [L.to_axial(7, 4), L.to_axial(8, 4)]
    assert w.doc.undo_stack.count() == steps + 1
    reloads(w)
    from PySide6.QtCore import QPointF

    assert (
        len(w.objects.select_at(QPointF(*centre(w, L.to_axial(7, 4))))) == 2
    )  # a right-click keeps the group
    menu = {a.text(): a for a in w.objects.menu().actions()}
    assert list(menu) == ["Copy 2 objects", "Delete 2 objects"]
    menu["Delete 2 objects"].trigger()
    assert w.doc.scenario.map.dams == [] and [t.id for t in w.doc.scenario.map.towns] == ["town-2"]
    assert w.doc.undo_stack.count() == steps + 2
    w.act("edit.undo").trigger()
    w.act("edit.undo").trigger()
    assert dumps(w.doc.scenario) == before


def test_copy_in_one_window_and_paste_in_another_through_the_system_clipboard(hexwin, qtbot, tmp_path):
    import json

    from PySide6.QtCore import QPointF, QSettings
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QMessageBox

    from dambuster.editor.edits.fragment import MIME
    from dambuster.editor.mainwindow import MainWindow
    from dambuster.model import new_hex_scenario

    w = hexwin
    L = lay(w)
    other = MainWindow(settings=QSettings(str(tmp_path / "o.ini"), QSettings.Format.IniFormat))
    other.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(other)
    other.doc.reset(new_hex_scenario(10, 12, "flat", "odd-q", title="Other"))
    other.show()

    w.objects.select_at(QPointF(*centre(w, L.to_axial(1, 9))))  # the mine
    w.act("edit.copy").trigger()
    md = QGuiApplication.clipboard().mimeData()
    assert md.hasFormat(MIME) and json.loads(md.text())["dambuster-fragment"] == 1  # plain text too
    other.state.cursor = QPointF(*other.controller.geom.center(L.to_axial(5, 5)))
    other.act("edit.paste").trigger()
    [mine] = other.doc.scenario.map.markers.mines
    assert mine.hex == L.to_axial(5, 5) and mine.owner == "defender"
    assert [s.id for s in other.doc.scenario.sides] == ["defender"]  # its side came along
    assert other.doc.undo_stack.count() == 1
    reloads(other)

    use(w, "region")  # a region with a town goes as the region copy did
    stroke(w, [centre(w, L.to_axial(6, 1)), centre(w, L.to_axial(9, 3))])
    w.act("edit.copy").trigger()
    other.state.cursor = QPointF(*other.controller.geom.center(L.to_axial(6, 1)))
    other.act("edit.paste").trigger()
    m = other.doc.scenario.map
    assert [(t.name, t.hexes) for t in m.towns] == [("Essen", [L.to_axial(7, 2), L.to_axial(8, 2)])]
    assert other.doc.undo_stack.count() == 2
    reloads(other)

    QGuiApplication.clipboard().setText('{"dambuster-fragment": 1, "anchor": "broken"')  # damaged: ignored,
    other.state.clip = None  # and this window copied nothing itself
    other.act("edit.paste").trigger()
    assert other.doc.undo_stack.count() == 2


def test_dragging_a_hex_of_a_river_reroutes_it_through_the_drop(hexwin):
    from dambuster.model.hexgrid import distance

    w = hexwin
    L = lay(w)
    before, steps = dumps(w.doc.scenario), w.doc.undo_stack.count()
    drag(w, L.to_axial(4, 9), L.to_axial(4, 11))  # back onto its own hexes: refused
    assert dumps(w.doc.scenario) == before and "pass a hex twice" in w.statusBar().currentMessage()
    drag(w, L.to_axial(4, 9), L.to_axial(6, 9))
    hexes = w.doc.scenario.map.rivers[0].hexes
    assert L.to_axial(6, 9) in hexes and L.to_axial(4, 9) not in hexes
    assert all(distance(a, b) == 1 for a, b in zip(hexes, hexes[1:]))  # still a chain of neighbours
    assert hexes[:9] == [L.to_axial(4, r) for r in range(9)] and hexes[-1] == L.to_axial(4, 11)
    assert w.doc.undo_stack.count() == steps + 1 and w.state.selection.id == "r1"
    reloads(w)
    drag(w, L.to_axial(5, 6), L.to_axial(5, 7))  # the road: its bridge at column 4 stays on it
    road = w.doc.scenario.map.roads[0].hexes
    assert L.to_axial(5, 7) in road and len(road) == 12
    assert all(distance(a, b) == 1 for a, b in zip(road, road[1:]))
    reloads(w)
    w.act("edit.undo").trigger()
    w.act("edit.undo").trigger()
    assert dumps(w.doc.scenario) == before


def test_ctrl_d_duplicates_the_selection(hexwin):
    from PySide6.QtCore import QPointF

    w = hexwin
    L = lay(w)
    assert w.act("edit.duplicate").shortcut().toString() == "Ctrl+D"
    w.objects.select_at(QPointF(*centre(w, L.to_axial(7, 9))))  # Hagen
    w.act("edit.duplicate").trigger()
    towns = w.doc.scenario.map.towns
    assert [t.id for t in towns] == ["town-1", "town-2", "town-3"] and towns[2].name == "Hagen"
    assert towns[2].hexes[0] in neighbors(towns[1].hexes[0])
    reloads(w)


@pytest.fixture
def bridgewin(hexwin):
    """The valley's road crosses two streams (columns 1|2 and 6|7 of row 6), a bridge on the first; a
    third stream (column 1|2 of row 3) is crossed by no road."""
    from dambuster.model.hexgrid import hexside_between
    from dambuster.model.scenario import HexsideFeature, StreamBridge

    w = hexwin
    L = lay(w)
    sc = w.doc.scenario
    west, east = (
        hexside_between(L.to_axial(1, 6), L.to_axial(2, 6)),
        hexside_between(L.to_axial(6, 6), L.to_axial(7, 6)),
    )
    dry = hexside_between(L.to_axial(1, 3), L.to_axial(2, 3))
    sc.map.hexsides += [HexsideFeature(east, "stream"), HexsideFeature(dry, "stream")]
    sc.map.stream_bridges.append(StreamBridge("bridge-2", west, "road-a"))
    w.doc.reset(sc)
    w.view.zoom_to_fit()
    use(w, "select")
    return w, west, east, dry


def near_side(w, side, towards, f=0.25):
    """A point on the way from a hexside's midpoint a fraction ``f`` towards the centre of hex ``towards``."""
    (mx, my), (cx, cy) = w.controller.geom.hexside_mid(side), centre(w, towards)
    return mx + (cx - mx) * f, my + (cy - my) * f


def test_a_stream_bridge_dragged_snaps_to_the_hexside_under_the_cursor(bridgewin):
    w, west, east, _dry = bridgewin
    L = lay(w)
    before, steps = dumps(w.doc.scenario), w.doc.undo_stack.count()
    start, drop = near_side(w, west, L.to_axial(1, 6)), near_side(w, east, L.to_axial(6, 6), 0.5)
    vp = w.view.viewport()
    QTest.mousePress(vp, LEFT, K.NoModifier, at(w, *start))
    QTest.mouseMove(vp, at(w, *drop))  # half way to the hex's centre: still that hexside
    ghost = w.view.tool.ghost.path().boundingRect()
    assert ghost.contains(QPointF(*w.controller.geom.hexside_mid(east)))  # the ghost is on it
    QTest.mouseRelease(vp, LEFT, K.NoModifier, at(w, *drop))
    [bridge] = w.doc.scenario.map.stream_bridges
    assert tuple(bridge.side) == east and bridge.id == "bridge-2"
    assert w.doc.undo_stack.count() == steps + 1 and w.state.selection is bridge
    assert w.view.tool.ghost is None
    from dambuster.validators import check_scenario

    assert not [v for v in check_scenario(w.doc.scenario) if v.code.startswith("BRIDGE")]
    reloads(w)
    w.act("edit.undo").trigger()
    assert dumps(w.doc.scenario) == before


def test_a_stream_bridge_refuses_a_hexside_without_a_stream_its_road_crosses(bridgewin):
    from dambuster.model.hexgrid import hexside_between

    w, west, _east, dry = bridgewin
    L = lay(w)
    before, steps = dumps(w.doc.scenario), w.doc.undo_stack.count()
    start = near_side(w, west, L.to_axial(1, 6))
    stroke(w, [start, near_side(w, dry, L.to_axial(1, 3))])  # a stream the road does not cross
    assert "needs its road road-a to cross the stream at 0204/0304" in w.statusBar().currentMessage()
    plain = hexside_between(L.to_axial(5, 6), L.to_axial(6, 6))  # the road crosses it, no stream
    stroke(w, [start, near_side(w, plain, L.to_axial(5, 6))])
    assert "needs a stream hexside" in w.statusBar().currentMessage()
    assert dumps(w.doc.scenario) == before and w.doc.undo_stack.count() == steps
    assert w.view.tool.ghost is None


def test_stream_bridges_join_a_rubber_band_and_go_with_it(bridgewin):
    w, _west, _east, _dry = bridgewin
    L = lay(w)
    steps = w.doc.undo_stack.count()
    x0, y0 = centre(w, L.to_axial(0, 5))  # an empty hex: a band over the bridge and the road cut at 0307
    x1, y1 = centre(w, L.to_axial(3, 7))
    stroke(w, [(x0, y0), (x1, y1)])
    group = w.view.tool.group
    assert sorted(type(o).__name__ for o in group) == ["RoadCut", "StreamBridge"]
    w.objects.delete()
    m = w.doc.scenario.map
    assert m.stream_bridges == [] and m.markers.road_cuts == [] and w.doc.undo_stack.count() == steps + 1
    reloads(w)


def test_space_drag_pans_the_map_and_leaves_it_unchanged(hexwin):
    from PySide6.QtCore import Qt

    w = hexwin
    use(w, "brush")
    for _ in range(4):
        w.view.zoom_in()  # scroll bars to pan with
    bars = w.view.horizontalScrollBar(), w.view.verticalScrollBar()
    before, steps = [b.value() for b in bars], w.doc.undo_stack.count()
    x, y = w.view.mapToScene(w.view.viewport().rect().center()).toTuple()
    QTest.keyPress(w.view, Qt.Key.Key_Space)
    stroke(w, [(x, y), (x - 20, y - 15), (x - 40, y - 30)])
    QTest.keyRelease(w.view, Qt.Key.Key_Space)
    assert [b.value() for b in bars] != before and w.doc.undo_stack.count() == steps  # panned, not painted
    stroke(w, [(x, y), (x + 5, y)])
    assert w.doc.undo_stack.count() == steps + 1  # without Space the brush paints again
