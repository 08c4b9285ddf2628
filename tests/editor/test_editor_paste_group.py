"""Copy and paste of a rubber band's group (issue 24, finding 2): what is left out is named with why,
the count is right, and the pasted objects are selected afterwards (as Tiled does)."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF
from test_editor_manipulation import hexwin  # noqa: F401
from test_editor_tools import centre, lay, reloads, stroke, window_size  # noqa: F401

from dambuster.model.scenario import Unit

pytestmark = pytest.mark.qt


def test_a_pasted_group_names_each_object_left_out_and_selects_the_rest(hexwin):  # noqa: F811
    w = hexwin
    L = lay(w)
    s = w.doc.scenario
    s.map.dams.clear()
    s.units.append(Unit("unit-1", "infantry", "defender", L.to_axial(6, 4)))
    w.doc.reset(s)
    stroke(w, [centre(w, L.to_axial(9, 7)), centre(w, L.to_axial(5, 4)), centre(w, L.to_axial(3, 1))])
    assert sorted(o.id for o in w.view.tool.group) == ["bridge-1", "town-1", "unit-1"]
    w.act("edit.copy").trigger()
    assert "Copied 3 objects" in w.statusBar().currentMessage()

    steps = w.doc.undo_stack.count()
    w.state.cursor = QPointF(*centre(w, L.to_axial(8, 8)))  # no river there; Essen's east hex off the map
    w.act("edit.paste").trigger()
    said = w.statusBar().currentMessage()
    assert said.startswith("2 pasted objects left out: ")
    assert "Town Essen: it would fall off the map" in said
    assert "River bridge bridge-2 needs road road-a and river r1 at 0711" in said
    assert w.doc.undo_stack.count() == steps + 1
    units = w.doc.scenario.units
    assert len(units) == 2
    assert w.state.selection is units[1] and w.view.tool.group == []  # the one pasted, selected
    reloads(w)
