"""Issue 24, item 6: the preview's overlays do not pile up. The heat map shows on the Monte Carlo tab
only (not over the Breach tab's swell); the legend's box holds its title and reads at any zoom; "What the breach did" sits
below the log's last line, never over it, even in a short dock."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QLabel

pytestmark = pytest.mark.qt

VALLEY = Path(__file__).resolve().parents[2] / "samples" / "ogre-dambusters-valley.json"


@pytest.fixture
def window_size() -> tuple[int, int]:
    return (1366, 768)


def preview(window):
    assert window.files.open_path(VALLEY)
    window.preview_dock.show()
    return window.preview_dock.pane


def test_the_heat_map_shows_on_the_monte_carlo_tab_only(window, qtbot):
    p = preview(window)
    p.start_monte_carlo(300)
    qtbot.waitUntil(lambda: p.mc_result is not None, timeout=20_000)
    assert p.tabs.currentWidget() is p.mc and p.heat.root is not None
    p.tabs.setCurrentIndex(0)  # the Breach tab: its swell, not the heat map
    assert p.heat.root is None and p.mc_result is not None
    p.forward()
    assert p.heat.root is None
    p.tabs.setCurrentWidget(p.mc)  # back: the same result, drawn again without running
    assert p.heat.root is not None and p.heat.probabilities


def test_the_legend_box_holds_its_title(window, qtbot):
    p = preview(window)
    p.start_monte_carlo(300)
    qtbot.waitUntil(lambda: p.heat.legend is not None, timeout=20_000)
    box = p.heat.legend.path().boundingRect()
    for child in p.heat.legend.childItems():
        inside = child.mapRectToParent(child.boundingRect())
        assert box.contains(inside), child


def test_the_legend_reads_at_the_opening_zoom_and_any_other(window, qtbot):
    """At 1366x768 the valley opens at about 50 %: the legend's figures are drawn at the dock's text
    size on screen (not shrunk with the map), and stay that size zoomed out or in."""
    p = preview(window)
    p.start_monte_carlo(300)
    qtbot.waitUntil(lambda: p.heat.legend is not None, timeout=20_000)
    view = window.view
    assert view.zoom() < 0.6

    def text_heights() -> list[float]:
        on_screen = p.heat.legend.deviceTransform(view.viewportTransform())
        texts = [c for c in p.heat.legend.childItems() if isinstance(c, QGraphicsSimpleTextItem)]
        assert len(texts) == 11  # the title and the ten bins
        return [on_screen.mapRect(c.mapRectToParent(c.boundingRect())).height() for c in texts]

    assert min(text_heights()) >= 9  # 7.5 pt, near the dock's own text
    tops = [i.zValue() for i in view.scene().items() if i.parentItem() is None and i is not p.heat.legend]
    assert p.heat.legend.zValue() > max(tops)  # no counter or hex number drawn over it
    view.zoom_by(0.5)
    assert min(text_heights()) >= 9
    image = view.viewport().grab().toImage()
    corner = view.mapFromScene(p.heat.legend.scenePos())
    assert (
        view.viewport().rect().contains(corner) and image.pixelColor(corner + QPoint(3, 3)).lightness() > 200
    )


@pytest.mark.parametrize("dock_height", [260, 420])
def test_what_the_breach_did_sits_below_the_log(window, qtbot, dock_height):
    p = preview(window)
    for _ in range(3):
        p.forward()
    window.resizeDocks([window.preview_dock], [dock_height], Qt.Orientation.Vertical)
    qtbot.wait(30)
    title = next(lbl for lbl in p.findChildren(QLabel) if "What the breach did" in lbl.text())
    log_bottom = p.log.mapTo(p, p.log.rect().bottomLeft()).y()
    assert p.log.isVisible() and title.isVisible()
    assert title.mapTo(p, title.rect().topLeft()).y() > log_bottom  # no overlap
    assert p.log.height() >= p.log.minimumHeight()


def test_the_step_overlay_goes_while_the_monte_carlo_tab_is_in_front(window, qtbot):
    """Issue 24, finding 3: Forward once, then the Monte Carlo tab: the heat map alone, not over the
    step's swell, swamps and road cuts; back on the Breach tab the step shows again."""
    p = preview(window)
    p.forward()
    assert p.layer.root is not None
    p.tabs.setCurrentWidget(p.mc)
    assert p.layer.root is None
    p.start_monte_carlo(300)
    qtbot.waitUntil(lambda: p.mc_result is not None, timeout=20_000)
    assert p.heat.root is not None and p.layer.root is None
    p.tabs.setCurrentIndex(0)
    assert p.layer.root is not None and p.heat.root is None


def test_hex_numbers_and_counters_lie_above_the_preview(window, qtbot):
    """Issue 24, finding 4: the swell, new swamps and the heat map's cells no longer hide the numbers
    of the hexes the log names (nor the counters on them)."""
    p = preview(window)
    p.forward()
    p.forward()
    swell = p.layer.shown["swell"]
    assert swell
    labels = window.controller.labels
    x, y = window.controller.geom.center(swell[0])
    assert labels.sceneBoundingRect().contains(x, y)  # the one item painting every hex number
    assert labels.zValue() > p.layer.root.zValue()
    p.start_monte_carlo(300)
    qtbot.waitUntil(lambda: p.heat.root is not None, timeout=20_000)
    assert labels.zValue() > p.heat.root.zValue()
    units = window.view.scene().root("units")
    assert units.zValue() > labels.zValue() > p.heat.root.zValue()
