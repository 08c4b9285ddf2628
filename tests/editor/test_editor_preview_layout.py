"""The Preview dock at a laptop's 1366x768 (issue 24, finding 5): opened on the valley, its step
controls (Reset, Back, Forward, Play), the seed and the collapse sentence are seen whole without
scrolling: the dock gets the width its controls need and sentences wrap."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

pytestmark = pytest.mark.qt

VALLEY = Path(__file__).resolve().parents[2] / "samples" / "ogre-dambusters-valley.json"


@pytest.fixture
def window_size() -> tuple[int, int]:
    return (1366, 738)  # 768 less a title bar


def seen_whole(widget, viewport) -> bool:
    """``widget`` lies inside the scroll area's viewport (what shows without scrolling)."""
    top_left = widget.mapTo(viewport, widget.rect().topLeft())
    bottom_right = widget.mapTo(viewport, widget.rect().bottomRight())
    return viewport.rect().contains(top_left) and viewport.rect().contains(bottom_right)


def test_the_preview_controls_show_without_scrolling(window, qtbot):
    assert window.open_path(VALLEY)
    window.preview_dock.show()
    p = window.preview_dock.pane
    qtbot.wait(50)
    scroll = window.preview_dock.scroll_area
    viewport = scroll.viewport()
    assert not scroll.horizontalScrollBar().isVisible()
    for w in (p.dam, p.dice_mode, p.seed, p.btn_reset, p.btn_back, p.btn_forward, p.btn_play):
        assert seen_whole(w, viewport), w
    assert p.seed.width() >= p.seed.sizeHint().width()  # the seed reads whole, not "se"
    chance = p.collapse.chance
    assert "does not collapse" in chance.text() and chance.wordWrap()
    right = chance.mapTo(viewport, chance.rect().topRight()).x()
    assert right <= viewport.width()  # wrapped inside the dock, not cut at its edge
    assert window.view.width() > 500  # the map keeps most of the window
