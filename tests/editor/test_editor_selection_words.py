"""What the status bar, the Place dock and the inspector say of a selected object: the editor's words
("river bridge", "road"), never a class name ("RiverBridge", "TableRoad"); a table's lines and outlines
in the table's unit, rounded as the cursor readout is, never raw floats or "hexes"."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from dambuster.editor.panels.inspector import ObjectInspector
from dambuster.model import new_table_scenario
from dambuster.model.scenario import Area, TableMap, TableRiver, TableRoad

pytestmark = pytest.mark.qt
ROOT = Path(__file__).resolve().parents[2]


def shown(w) -> tuple[str, str, str]:
    """The status bar's message, the Place dock's details and the inspector's title."""
    [inspector] = w.findChildren(ObjectInspector)
    return w.statusBar().currentMessage(), w.place_panel.selected.text(), inspector.title()


def test_a_river_bridge_is_named_as_the_editor_names_it(window):
    assert window.files.open_path(ROOT / "samples" / "ogre-dambusters-valley.json")
    bridge = next(b for b in window.doc.scenario.map.river_bridges if b.id == "bridge-kessel")
    window.state.select(bridge)
    status, details, title = shown(window)
    assert status == "Selected river bridge bridge-kessel"
    assert details.splitlines()[0] == "River bridge"
    assert title == "Selection: river bridge bridge-kessel"
    assert "RiverBridge" not in status + details + title


def test_a_table_road_and_area_are_told_in_the_tables_unit(window):
    sc = new_table_scenario(3000, 2000, "mm", profiles=["dbm-terrain"])
    road = TableRoad("road-2", [(2311.539603960396, 1499.440594059406), (2400.2, 1620.9)])
    wood = [(100.0 + 10 * i, 100.0 + (i % 2) * 5) for i in range(12)] + [(210.0, 320.0), (100.0, 320.0)]
    area = Area("area-1", "wood", wood, 1)
    table = sc.map
    assert isinstance(table, TableMap)
    table.roads.append(road)
    table.areas.append(area)
    window.doc.reset(sc)
    window.state.select(road)
    status, details, title = shown(window)
    assert status == "Selected road road-2" and title == "Selection: road road-2"
    assert details.splitlines()[0] == "Road"
    assert "Line: (2312, 1499), (2400, 1621) mm" in details.splitlines()
    assert "TableRoad" not in status + details + title and "2311.5" not in details
    window.state.select(area)
    _status, details, _title = shown(window)
    assert "Polygon: 14 corners, 110 x 220 mm" in details.splitlines()
    assert "hexes" not in details


def test_a_table_rivers_width_is_in_the_tables_unit(window):
    sc = new_table_scenario(600, 400, "paces", profiles=["dbm-terrain"])
    table = sc.map
    assert isinstance(table, TableMap)
    river = TableRiver("river-1", [(450.0, 0.0), (450.0, 400.0)], 20.0)
    table.rivers.append(river)
    window.doc.reset(sc)
    window.state.select(river)
    _status, details, _title = shown(window)
    assert details.splitlines()[:3] == ["River", "Id: river-1", "Line: (450, 0), (450, 400) paces"]
    assert "Width: 20 paces" in details.splitlines()
