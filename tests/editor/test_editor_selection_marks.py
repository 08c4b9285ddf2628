"""Issue 24, item 2: the selection is visible. A picked object and every member of a rubber band are
outlined in the selection blue with handles round the selection, as in Tiled; a click that misses the
group replaces the selection (only a member drags the group)."""

# ruff: noqa: F811 (the fixtures are imported from the tool tests and named as parameters)

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor
from test_editor_manipulation import drag, hexwin  # noqa: F401
from test_editor_manipulation_table import dbm  # noqa: F401
from test_editor_tools import centre, click, lay, stroke, window_size  # noqa: F401

from dambuster.editor.tools.selection_marks import SELECTED

pytestmark = pytest.mark.qt


def blue_near(w, h, radius_px=None) -> int:
    """How many pixels of the selection blue the map shows within a hex of ``h``'s centre."""
    image = w.view.viewport().grab().toImage()
    p = w.view.mapFromScene(QPointF(*centre(w, h)))
    r = radius_px or int(w.controller.geom.size * w.view.transform().m11()) + 6
    target, found = SELECTED, 0
    for x in range(max(p.x() - r, 0), min(p.x() + r, image.width())):
        for y in range(max(p.y() - r, 0), min(p.y() + r, image.height())):
            c = QColor(image.pixel(x, y))
            if (
                abs(c.red() - target.red()) + abs(c.green() - target.green()) + abs(c.blue() - target.blue())
                < 40
            ):
                found += 1
    return found


def test_a_picked_object_is_outlined_and_the_outline_goes_with_it(hexwin):
    w = hexwin
    L = lay(w)
    dam_hex = L.to_axial(4, 3)
    assert blue_near(w, dam_hex) == 0
    click(w, centre(w, dam_hex))
    assert w.state.selection.id == "d1" and blue_near(w, dam_hex) > 20
    assert len(w.view.tool.marks.items) == 2 + 8  # the outline on its halo, eight handles
    drag(w, dam_hex, L.to_axial(4, 5))
    assert blue_near(w, L.to_axial(4, 5)) > 20 and blue_near(w, dam_hex) == 0  # the marks moved with it
    w.act("edit.undo").trigger()  # the dam back where it was, still selected: the marks with it
    assert w.state.selection.id == "d1" and w.state.selection.hex == dam_hex
    assert blue_near(w, dam_hex) > 20 and blue_near(w, L.to_axial(4, 5)) == 0
    w.objects.delete()  # Edit > Delete
    assert w.doc.scenario.map.dams == [] and w.view.tool.marks.items == [] and w.state.selection is None
    click(w, centre(w, L.to_axial(1, 11)))  # an empty hex: nothing selected, nothing marked
    assert w.view.tool.marks.items == []


def test_every_member_of_a_rubber_band_is_outlined(hexwin):
    w = hexwin
    L = lay(w)
    (x0, y0), (x1, y1) = centre(w, L.to_axial(3, 0)), centre(w, L.to_axial(9, 3))
    stroke(w, [(x0, y0), ((x0 + x1) / 2, (y0 + y1) / 2), (x1, y1)])
    assert sorted(o.id for o in w.view.tool.group) == ["d1", "town-1"]
    for h in (L.to_axial(4, 3), L.to_axial(7, 2), L.to_axial(8, 2)):  # the dam and both town hexes
        assert blue_near(w, h) > 20
    w.set_tool("brush")  # another tool: the marks go
    assert blue_near(w, L.to_axial(4, 3)) == 0


def test_a_click_off_the_group_replaces_it_as_in_tiled(hexwin):
    w = hexwin
    L = lay(w)
    (x0, y0), (x1, y1) = centre(w, L.to_axial(3, 0)), centre(w, L.to_axial(9, 3))
    stroke(w, [(x0, y0), ((x0 + x1) / 2, (y0 + y1) / 2), (x1, y1)])
    assert len(w.view.tool.group) == 2
    drag(w, L.to_axial(7, 9), L.to_axial(6, 10))  # Hagen, not in the group: it alone moves
    m = w.doc.scenario.map
    assert [t.hexes for t in m.towns] == [[L.to_axial(7, 2), L.to_axial(8, 2)], [L.to_axial(6, 10)]]
    assert m.dams[0].hex == L.to_axial(4, 3) and w.view.tool.group == []
    assert w.state.selection.id == "town-2" and blue_near(w, L.to_axial(6, 10)) > 20
    assert blue_near(w, L.to_axial(4, 3)) == 0 and "Cannot" not in w.statusBar().currentMessage()


def test_on_a_table_the_picked_shape_and_a_bands_members_are_outlined(dbm):
    from test_editor_manipulation_table import band

    w = dbm
    wood = next(a for a in w.doc.scenario.map.areas if a.id == "area-1")
    inside = tuple(sum(c) / len(c) for c in zip(*wood.polygon))
    click(w, inside)
    assert w.state.selection is wood
    tool = w.view.tool
    assert len(tool.marks.items) == 2 + 8 and tool.marks.polygons == [list(wood.polygon)]
    band(w, (30, 30), (200, 340))  # the wood and the road
    assert sorted(o.id for o in tool.group) == ["area-1", "road-1"] and len(tool.marks.polygons) == 2
    w.set_tool("area")  # another tool: the marks go
    assert tool.marks.items == []
