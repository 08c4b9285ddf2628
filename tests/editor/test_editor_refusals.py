"""Issue 24, item 3: a refused placement is never silent. Each says why in the status bar and in a
short hint beside the cursor on the map, and changes nothing."""

# ruff: noqa: F811 (the fixtures are imported from the tool tests and named as parameters)

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication
from test_editor_tools import centre, click, hexwin, lay, stroke, tablewin, use, window_size  # noqa: F401

from dambuster.editor.tools.refusal_hint import RefusalHint
from dambuster.model import dumps

pytestmark = pytest.mark.qt


def hint(w):
    """The refusal hint the map shows, as (its text, its distance in pixels from ``point``)."""
    items = [i for i in w.view.scene().items() if isinstance(i, RefusalHint) and i.isVisible()]
    assert len(items) <= 1
    return items[0] if items else None


def refused(w, point, words: str) -> None:
    """The status bar and a hint within a few dozen pixels of ``point`` say ``words``."""
    assert words in w.statusBar().currentMessage()
    h = hint(w)
    assert h is not None and words in h.text()
    on_screen = w.view.mapFromScene(h.pos())
    clicked = w.view.mapFromScene(QPointF(*point))
    assert (on_screen - clicked).manhattanLength() < 40
    assert w.view.viewport().rect().contains(on_screen)


def test_a_dam_off_every_river_says_so_beside_the_cursor(hexwin):
    w = hexwin
    L = lay(w)
    before = dumps(w.doc.scenario)
    use(w, "dam")
    point = centre(w, L.to_axial(1, 1))
    click(w, point)
    refused(w, point, "A dam goes on a river")
    assert dumps(w.doc.scenario) == before
    point = centre(w, L.to_axial(4, 3))  # the river's dam d1 stands here
    click(w, point)
    refused(w, point, "already has a dam (d1)")
    click(w, centre(w, L.to_axial(4, 8)))  # a good click: placed, and the hint goes
    assert [d.hex for d in w.doc.scenario.map.dams][-1] == L.to_axial(4, 8) and hint(w) is None


def test_a_river_bridge_where_no_road_crosses_names_what_is_missing(hexwin):
    w = hexwin
    L = lay(w)
    use(w, "river-bridge")
    point = centre(w, L.to_axial(4, 9))  # the river, no road
    click(w, point)
    refused(w, point, "A river bridge goes where a road crosses a river: no road in this hex")
    point = centre(w, L.to_axial(7, 6))  # the road, no river
    click(w, point)
    refused(w, point, "no river in this hex")
    assert w.doc.scenario.map.river_bridges == []


def test_hexside_refusals_and_other_click_tools(hexwin):
    w = hexwin
    L = lay(w)
    use(w, "stream-bridge")
    point = centre(w, L.to_axial(6, 3))  # the middle of a hex: near no hexside
    click(w, point)
    refused(w, point, "Click nearer a hexside")
    use(w, "graded-ridge")
    a, b = centre(w, L.to_axial(6, 3)), centre(w, L.to_axial(6, 4))
    point = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    click(w, point)
    refused(w, point, "Only a ridge can be graded")
    use(w, "road-cut")
    point = centre(w, L.to_axial(1, 1))
    click(w, point)
    refused(w, point, "A road cut goes on a road or rail")
    use(w, "entrench-")
    click(w, point)
    refused(w, point, "No entrenchment in this hex")
    use(w, "bridge-out")
    click(w, point)
    refused(w, point, "No bridge here")


def test_a_reservoir_stroke_without_a_dam_chosen_and_a_model_without_a_corridor(hexwin, qtbot):
    w = hexwin
    L = lay(w)
    w.doc.scenario.map.dams.clear()
    w.doc.features_changed.emit()
    use(w, "reservoir")
    a, b = centre(w, L.to_axial(1, 1)), centre(w, L.to_axial(2, 1))
    stroke(w, [a, b])
    refused(w, b, "Choose a dam in the tool options first")


def test_a_model_without_a_corridor_on_a_table(tablewin):
    w = tablewin
    use(w, "model", side="invader")
    click(w, (300, 300))
    refused(w, (300, 300), "A model stands in a sewer corridor: draw a corridor first")


def test_a_hint_at_the_right_edge_stays_inside_the_view(hexwin):
    w = hexwin
    use(w, "road-cut")
    vp = w.view.viewport()
    corner = w.view.mapToScene(vp.width() - 3, vp.height() - 3)  # the view's bottom-right corner
    click(w, (corner.x(), corner.y()))
    h = hint(w)
    assert h is not None
    shown = h.deviceTransform(w.view.viewportTransform()).mapRect(h.rect()).toRect()  # pixels on screen
    assert vp.rect().contains(shown)


@pytest.mark.parametrize("width", [220, 300])
def test_a_long_hint_in_a_narrow_view_is_read_whole(hexwin, width):
    """Issue 24 (cosmetic): turned to the cursor's left near the right edge, a long reason ran off the
    left edge ("…o road in this hex"); it now lies inside the view, its start shown first."""
    w = hexwin
    w.view.setFixedWidth(width)
    QApplication.processEvents()
    use(w, "road-cut")
    vp = w.view.viewport()
    point = w.view.mapToScene(vp.width() - 40, 40)
    click(w, (point.x(), point.y()))
    h = hint(w)
    assert h is not None and len(h.text()) > 20
    shown = h.deviceTransform(w.view.viewportTransform()).mapRect(h.rect()).toRect()
    assert shown.left() >= 0 and (shown.right() <= vp.width() or shown.width() > vp.width())
    w.view.setMinimumWidth(0)
    w.view.setMaximumWidth(16777215)
