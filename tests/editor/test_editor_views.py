"""Map views: every hex layout draws and paints, only dirty chunks re-render, the New dialog."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from dambuster.editor.commands import PaintTerrain
from dambuster.editor.document import Document
from dambuster.editor.scene.hex.scene import HexSceneController
from dambuster.editor.scene.map_view import MapView
from dambuster.editor.scene.table_scene import TableSceneController
from dambuster.model import load, new_hex_scenario, new_table_scenario
from dambuster.model.scenario import Area
from dambuster.validators import Violation

pytestmark = pytest.mark.qt


def shown(qtbot, doc, cls):
    view = MapView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    controller = cls(doc, view)
    view.show()
    qtbot.waitExposed(view)
    view.zoom_to_fit()
    view.grab()
    return view, controller


@pytest.mark.parametrize(
    "orientation,offset", [("flat", "odd-q"), ("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")]
)
def test_every_layout_draws_the_whole_map_and_maps_clicks_to_hexes(qtbot, orientation, offset):
    doc = Document(new_hex_scenario(20, 18, orientation, offset))
    view, c = shown(qtbot, doc, HexSceneController)
    layout = doc.scenario.map.layout
    corners = [layout.to_axial(0, 0), layout.to_axial(19, 0), layout.to_axial(0, 17), layout.to_axial(19, 17)]
    for h in corners:
        assert view.sceneRect().contains(c.scene_pos(h))
        assert c.hex_at(c.scene_pos(h)) == h
    assert all(chunk.renders >= 1 for chunk in c.terrain.chunks.values())  # all 2x2 chunks were drawn


def test_painting_one_hex_repaints_only_that_hex_of_its_chunk(qtbot):
    doc = Document(new_hex_scenario(40, 40, "flat", "odd-q"))
    view, c = shown(qtbot, doc, HexSceneController)
    before = {k: (ch.renders, ch.patches) for k, ch in c.terrain.chunks.items()}
    h = doc.scenario.map.layout.to_axial(20, 5)  # chunk (1, 0)
    doc.push(PaintTerrain(doc, {h: "water"}))
    shot = view.grab().toImage()
    touched = [k for k, ch in c.terrain.chunks.items() if (ch.renders, ch.patches) != before[k]]
    assert touched == [(1, 0)]
    assert c.terrain.chunks[(1, 0)].renders == before[(1, 0)][0]  # patched in place, not re-rendered
    # and the view shows water there: the pixel at the hex's centre has the water colour
    from PySide6.QtGui import QColor

    from dambuster.editor.style import TERRAIN_STYLE

    centre = view.mapFromScene(c.scene_pos(h))
    assert shot.pixelColor(centre.x(), centre.y()).name() == QColor(TERRAIN_STYLE["water"][0]).name()


def test_a_table_violation_at_a_point_is_ringed_there(qtbot):
    sc = new_table_scenario(2400, 1200, profiles=["dbm-terrain"])
    sc.map.areas.append(Area("hill", "hill-steep", [(100, 100), (400, 100), (300, 300)]))
    doc = Document(sc)
    _view, c = shown(qtbot, doc, TableSceneController)
    x, y, r = c.locate({"point": [1500, 900]})
    assert (x, y) == (1500, 900) and r > 0
    x, y, _ = c.locate(Violation("steep", "X", "error", {"feature": "hill"}).location)
    assert 100 < x < 400 and 100 < y < 300
    assert c.show_sectors  # a DBM table shows its sectors by default


def test_the_new_dialog_makes_a_pointy_even_r_map(qtbot):
    from dambuster.editor.files.new_dialog import NewScenarioDialog

    dlg = NewScenarioDialog()
    qtbot.addWidget(dlg)
    dlg.columns.setValue(30)
    dlg.rows.setValue(12)
    dlg.orientation.setCurrentText("pointy")
    assert [dlg.offset.itemText(i) for i in range(dlg.offset.count())] == ["odd-r", "even-r"]
    dlg.offset.setCurrentText("even-r")
    dlg.profile_boxes["ogre-basic"].setChecked(True)
    sc = dlg.scenario()
    m = sc.map
    assert (m.columns, m.rows, m.orientation, m.offset) == (30, 12, "pointy", "even-r")
    assert sc.meta.profiles == ["ogre-basic"]
    dlg.kind.setCurrentIndex(1)
    dlg.unit.setCurrentText("inches")
    assert new_table_scenario(2400, 1200, "inches").map.unit == dlg.scenario().map.unit


def test_the_new_dialog_makes_a_table_of_the_size_typed(qtbot):
    from dambuster.editor.files.new_dialog import NewScenarioDialog

    dlg = NewScenarioDialog()
    qtbot.addWidget(dlg)
    dlg.kind.setCurrentIndex(1)
    dlg.table_width.setValue(1800)
    dlg.table_depth.setValue(1200.5)
    m = dlg.scenario().map
    assert (m.width, m.depth) == (1800, 1200.5)
    dlg.show()
    assert dlg.width() > 0  # the dialog's own width, not hidden by the field named Width


def test_describe_off_the_map(qtbot):
    doc = Document(new_hex_scenario(5, 5))
    _view, c = shown(qtbot, doc, HexSceneController)
    assert c.describe(QPointF(-500, -500)) == "off the map"


def test_a_large_map_opened_from_far_shows_its_river_arrows_once_zoomed_in(qtbot):
    """The arrows are not made for the first look from far out, but are there when zoomed in."""
    doc = Document(load(Path(__file__).resolve().parents[2] / "samples/big-200x200.json"))
    view, c = shown(qtbot, doc, HexSceneController)
    assert view.scene().detail == "far"
    river = doc.scenario.map.rivers[0]
    (ax, ay), (bx, by) = c.geom.center(river.hexes[0]), c.geom.center(river.hexes[1])
    middle = QPointF((ax + bx) / 2, (ay + by) / 2)  # where the first step's arrow lies

    def arrows_at_middle():
        return [
            i
            for i in view.scene().items(middle)
            if i.isVisible() and hasattr(i, "brush") and i.brush().color() == QColor("#ffffff")
        ]

    assert arrows_at_middle() == []
    view.resetTransform()
    view.scale(0.5, 0.5)  # a hex of 10 px: fine detail
    view.centerOn(middle)
    view.grab()
    assert view.scene().detail == "fine"
    assert arrows_at_middle()
