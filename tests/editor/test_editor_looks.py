"""How the map looks (issue 24's cosmetic findings): no seams between terrain chunks when zoomed out."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from dambuster.editor.commands import PaintTerrain
from dambuster.editor.document import Document
from dambuster.editor.scene.hex.scene import HexSceneController
from dambuster.editor.scene.map_view import MapView
from dambuster.editor.scene.terrain_layer import CHUNK
from dambuster.editor.style import TERRAIN_STYLE
from dambuster.model import new_hex_scenario

pytestmark = pytest.mark.qt


def shown_at(qtbot, doc, zoom: float, centre):
    view = MapView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    controller = HexSceneController(doc, view)
    view.show()
    qtbot.waitExposed(view)
    view.fitting = False
    view.resetTransform()
    view.scale(zoom, zoom)
    view.centerOn(controller.scene_pos(centre))
    return view, controller


def off_colour(image, rect, colour: QColor) -> int:
    """How many pixels of ``rect`` (viewport pixels) differ from ``colour`` by more than a shade."""
    n = 0
    for y in range(int(rect.top()), int(rect.bottom())):
        for x in range(int(rect.left()), int(rect.right())):
            c = image.pixelColor(x, y)
            if (
                max(
                    abs(c.red() - colour.red()),
                    abs(c.green() - colour.green()),
                    abs(c.blue() - colour.blue()),
                )
                > 4
            ):
                n += 1
    return n


def background_showing(image, rect) -> int:
    """How many pixels of ``rect`` show the view's grey background through the map: ground and grid
    are warm (red well above blue, and any blend of them too), the background a neutral grey."""
    n = 0
    for y in range(int(rect.top()), int(rect.bottom())):
        for x in range(int(rect.left()), int(rect.right())):
            c = image.pixelColor(x, y)
            n += c.red() - c.blue() < 18
    return n


@pytest.mark.parametrize("zoom", [0.5, 0.35, 0.25])
def test_zoomed_out_clear_ground_shows_no_seam_where_chunks_meet(qtbot, zoom):
    doc = Document(new_hex_scenario(40, 40, "flat", "odd-q"))  # all clear
    lay = doc.scenario.map.layout
    view, c = shown_at(qtbot, doc, zoom, lay.to_axial(CHUNK, CHUNK))  # where four chunks meet
    image = view.viewport().grab().toImage()
    a = view.mapFromScene(c.scene_pos(lay.to_axial(CHUNK - 3, CHUNK - 3)))
    b = view.mapFromScene(c.scene_pos(lay.to_axial(CHUNK + 3, CHUNK + 3)))
    around = QRectF(a, b).normalized()
    assert background_showing(image, around) == 0
    if zoom < 0.3:  # hexes too small for outlines: plain ground
        assert off_colour(image, around, QColor(TERRAIN_STYLE["clear"][0])) == 0


@pytest.mark.parametrize("size", [22, 200])
def test_a_blank_maps_hex_grid_shows_wherever_hexes_are_big_enough_to_paint(qtbot, size):
    """On a new 200x200 map at 46 % only the brush footprint floated on a blank cream plane (the outlines
    were drawn from 55 % up): a designer must see the hexes to paint them."""
    doc = Document(new_hex_scenario(size, size, "flat", "odd-q"))  # all clear: only outlines show hexes
    lay = doc.scenario.map.layout
    view, c = shown_at(qtbot, doc, 0.46, lay.to_axial(size // 2, size // 2))
    image = view.viewport().grab().toImage()
    a = view.mapFromScene(c.scene_pos(lay.to_axial(size // 2 - 4, size // 2 - 4)))
    b = view.mapFromScene(c.scene_pos(lay.to_axial(size // 2 + 4, size // 2 + 4)))
    around = QRectF(a, b).normalized()
    outline = sum(
        image.pixelColor(x, y).lightness() < 200
        for y in range(int(around.top()), int(around.bottom()))
        for x in range(int(around.left()), int(around.right()))
    )
    assert outline > around.width() * around.height() * 0.08  # a line round every hex


def test_a_stamp_on_a_chunks_edge_shows_in_both_chunks_that_draw_it(qtbot):
    doc = Document(new_hex_scenario(40, 40, "flat", "odd-q"))
    lay = doc.scenario.map.layout
    view, c = shown_at(qtbot, doc, 0.5, lay.to_axial(CHUNK, 8))
    view.viewport().grab()  # both chunks cached
    edge = lay.to_axial(CHUNK - 1, 8)  # the last column of chunk (0, 0), in the margin of chunk (1, 0)
    doc.push(PaintTerrain(doc, {edge: "water"}))
    image = view.viewport().grab().toImage()
    centre = view.mapFromScene(c.scene_pos(edge))
    around = QRectF(centre.x() - 2, centre.y() - 2, 5, 5)
    assert off_colour(image, around, QColor(TERRAIN_STYLE["water"][0])) == 0


@pytest.mark.parametrize("orientation,offset", [("pointy", "odd-r"), ("flat", "odd-q")])
def test_a_big_maps_six_digit_hex_numbers_stay_inside_their_hex(qtbot, orientation, offset):
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QPolygonF

    doc = Document(new_hex_scenario(120, 120, orientation, offset))
    lay = doc.scenario.map.layout
    h = lay.to_axial(110, 110)
    view, c = shown_at(qtbot, doc, 1.5, h)
    labels, geom = c.labels, c.geom
    zoom = view.transform().m11()
    assert labels.readable_at(zoom) and lay.label(h) == "111111"
    height = labels.height_at(zoom)
    x, y = geom.center(h)
    glyphs = labels._glyphs(lay.label(h), height)[0].translated(x, y - labels.lift_at(height, zoom))
    halo = 1.3 / zoom  # half the halo's 2.6 pixels
    box = glyphs.boundingRect().adjusted(-halo, -halo, halo, halo)
    hexagon = QPolygonF([QPointF(px, py) for px, py in geom.corners(h)])
    for corner in (box.topLeft(), box.topRight(), box.bottomLeft(), box.bottomRight()):
        assert hexagon.containsPoint(corner, Qt.FillRule.OddEvenFill)


@pytest.mark.parametrize("zoom", [0.9, 1.5])
@pytest.mark.parametrize("orientation,offset", [("pointy", "odd-r"), ("flat", "odd-q")])
def test_a_dams_sp_is_drawn_clear_of_every_hex_number(qtbot, orientation, offset, zoom):
    from dambuster.editor.scene.map_text import BelowCentreLabel
    from dambuster.model.scenario import Dam, River

    sc = new_hex_scenario(12, 12, orientation, offset)
    lay = sc.map.layout
    course = [lay.to_axial(5, r) for r in range(12)]
    sc.map.rivers.append(River("river-main", course))
    sc.map.dams.append(Dam("dam-1", course[5], "river-main", sp=60, damage=12))
    doc = Document(sc)
    view, c = shown_at(qtbot, doc, zoom, course[5])
    labels, geom = c.labels, c.geom
    assert labels.readable_at(zoom)
    view.scene().layers.set_visible("labels", True)  # View > Hex Labels
    (sp,) = [i for i in view.scene().items() if isinstance(i, BelowCentreLabel)]
    assert sp.text == "SP 60-12" and sp.shown(zoom) is sp.fitted
    sp_box = sp.fitted.rect.translated(sp.fitted.pos() + sp.pos())
    height = labels.height_at(zoom)
    q, r = course[5]
    for h in [(q, r), (q + 1, r), (q - 1, r), (q, r + 1), (q, r - 1), (q + 1, r - 1), (q - 1, r + 1)]:
        x, y = geom.center(h)
        glyphs = labels._glyphs(lay.label(h), height)[0].translated(x, y - labels.lift_at(height, zoom))
        assert not sp_box.intersects(glyphs.boundingRect()), lay.label(h)


def test_a_dams_sp_keeps_its_full_size_while_no_hex_numbers_are_drawn(qtbot):
    from dambuster.editor.scene.map_text import BelowCentreLabel
    from dambuster.model.scenario import Dam, River

    sc = new_hex_scenario(12, 12)
    lay = sc.map.layout
    course = [lay.to_axial(5, r) for r in range(12)]
    sc.map.rivers.append(River("river-main", course))
    sc.map.dams.append(Dam("dam-1", course[5], "river-main", sp=60, damage=12))
    view, _controller = shown_at(qtbot, Document(sc), 1.5, course[5])
    (sp,) = [i for i in view.scene().items() if isinstance(i, BelowCentreLabel)]
    view.scene().layers.set_visible("labels", False)  # View > Hex Labels off
    assert sp.shown(1.5) is sp.free and sp.free.rect.height() > sp.fitted.rect.height()
    view.scene().layers.set_visible("labels", True)
    assert sp.shown(0.3) is sp.free  # numbers too small to draw
    assert sp.shown(1.5) is sp.fitted


def test_a_large_map_opened_far_out_shows_its_terrain_rivers_and_roads_once_zoomed_in(qtbot):
    from dambuster.editor.style import RIVER, ROAD
    from dambuster.model.scenario import River, Route

    sc = new_hex_scenario(300, 300)
    lay = sc.map.layout
    river = [lay.to_axial(150, r) for r in range(300)]
    road = [lay.to_axial(c, 103) for c in range(300)]
    sc.map.rivers.append(River("river-main", river))
    sc.map.roads.append(Route("road-1", road))
    for h in river:
        sc.map.terrain[h] = "water"
    doc = Document(sc)
    view = MapView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    c = HexSceneController(doc, view)
    view.show()
    qtbot.waitExposed(view)
    view.zoom_to_fit()
    view.viewport().grab()
    assert view.scene().detail == "far"  # the first look: the overview, 1 px lines
    view.fitting = False
    view.resetTransform()  # 100 %
    view.centerOn(c.scene_pos(lay.to_axial(150, 100)))
    image = view.viewport().grab().toImage()

    def near(h, colour: QColor) -> bool:
        p = view.mapFromScene(c.scene_pos(h))
        got = image.pixelColor(p.x(), p.y())
        return (
            max(
                abs(got.red() - colour.red()),
                abs(got.green() - colour.green()),
                abs(got.blue() - colour.blue()),
            )
            < 40
        )

    assert near(lay.to_axial(150, 100), RIVER)  # the river's line over its hex
    assert near(lay.to_axial(146, 100), QColor(TERRAIN_STYLE["clear"][0]))  # terrain chunks drawn
    assert near(lay.to_axial(146, 103), ROAD)  # the road's line
