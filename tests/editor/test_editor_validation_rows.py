"""The Validation dock as read (issue 24, finding 11): whole rows, never one cut at the bottom edge,
and "Where" names the hex or the object ("Aller dam, 1109"), not a JSON pointer."""

import json
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

pytestmark = pytest.mark.qt

VALLEY = Path(__file__).resolve().parents[2] / "samples" / "ogre-dambusters-valley.json"


@pytest.fixture
def window_size() -> tuple[int, int]:
    return (1366, 738)


@pytest.fixture
def broken(tmp_path) -> Path:
    doc = json.loads(VALLEY.read_text())
    doc["map"]["dams"][0]["river"] = "river-2"
    for b in doc["map"]["river_bridges"]:
        b["road"] = "road-gone"
    for u in doc["units"][:4]:
        u["side"] = "nobody"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc))
    return path


def test_rows_show_whole_and_where_is_readable(window, broken, qtbot):
    assert window.files.open_path(broken)
    tree = window.validation_panel.tree
    qtbot.waitUntil(lambda: tree.topLevelItemCount() >= 5, timeout=5_000)
    where = [tree.topLevelItem(i).text(2) for i in range(tree.topLevelItemCount())]
    assert "Aller dam, 1109" in where
    assert not any(w.startswith("/") for w in where), [w for w in where if w.startswith("/")]
    assert tree.topLevelItem(where.index("Aller dam, 1109")).toolTip(2) == "/map/dams/0/river"
    for height in (150, 190, 230):
        window.resizeDocks([window.docks["validation"]], [height], Qt.Orientation.Vertical)
        qtbot.wait(20)
        viewport = tree.viewport()
        bottoms = [
            tree.visualItemRect(tree.topLevelItem(i)).bottom()
            for i in range(tree.topLevelItemCount())
            if tree.visualItemRect(tree.topLevelItem(i)).top() < viewport.height()
            and tree.visualItemRect(tree.topLevelItem(i)).bottom() >= 0
        ]
        assert len(bottoms) >= 2
        assert max(bottoms) < viewport.height(), (height, bottoms, viewport.height())  # none cut


def test_the_code_column_shows_the_longest_code_whole(window, qtbot):
    """A DBM table's "DBM-RIVER-LONG-EDGE" was cut to "DBM-RIVER-…" at 1366x768: the Code column is as
    wide as its longest code, which is also the cell's tooltip."""
    path = (
        Path(__file__).resolve().parents[2]
        / "samples/scale-errors/river-590-paces-from-edge-25mm-reduced-mm.json"
    )
    assert window.files.open_path(path)
    tree = window.validation_panel.tree
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0, timeout=10_000)
    codes = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    longest = max(codes, key=lambda item: tree.fontMetrics().horizontalAdvance(item.text(1)))
    assert longest.text(1) == "DBM-RIVER-LONG-EDGE" and longest.toolTip(1) == longest.text(1)
    assert tree.columnWidth(1) >= tree.fontMetrics().horizontalAdvance(longest.text(1)) + 6  # its margins
