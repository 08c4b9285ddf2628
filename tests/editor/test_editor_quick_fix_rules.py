"""Issue 24: quick fixes beyond RIVER-TERRAIN, applied from the Validation dock as a designer would
(the Fix button, Fix All N, the row's context menu) on a file opened with the finding: the finding
goes, the map's hover text shows the change, and one Undo brings the finding back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dambuster.batch.rules_catalog import FIXED

pytest.importorskip("PySide6")

pytestmark = pytest.mark.qt

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def open_valley(window, tmp_path, change, name="valley.json") -> None:
    doc = json.loads((SAMPLES / "ogre-dambusters-valley.json").read_text())
    change(doc)
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    assert window.files.open_path(path)
    window.validation.run()


def rows(window, code: str) -> list[int]:
    return [i for i, v in enumerate(window.validation_panel.violations) if v.code == code]


def hover(window, h) -> str:
    """The hover text the map shows for hex ``h``."""
    return window.controller.tooltip(window.controller.scene_pos(h))


def ringed(window, h) -> bool:
    """Whether the map rings hex ``h`` as the place of an error."""
    from PySide6.QtCore import QPointF

    ring = window.view._problems
    return ring is not None and ring.path().contains(QPointF(*window.controller.geom.center(h)))


def fix_by_button(window, code: str) -> None:
    panel = window.validation_panel
    panel.activate_row(rows(window, code)[0])
    assert panel.fix_button.isEnabled()
    before = window.doc.undo_stack.count()
    panel.fix_button.click()
    assert window.doc.undo_stack.count() == before + 1  # one undo step
    said = window.statusBar().currentMessage()
    assert said.startswith("Fix: ") and "(1 finding); Undo takes it back" in said
    window.validation.run()


def undo(window) -> None:
    window.doc.undo_stack.undo()
    window.validation.run()


def test_a_hidden_dam_is_shown_by_its_quick_fix(window, tmp_path):
    open_valley(window, tmp_path, lambda d: d["map"]["dams"][0].update(hidden=True))
    dam = window.doc.scenario.map.dams[0]
    assert rows(window, "DAM-HIDDEN") and "(hidden)" in hover(window, dam.hex)
    fix_by_button(window, "DAM-HIDDEN")
    assert rows(window, "DAM-HIDDEN") == [] and "(hidden)" not in hover(window, dam.hex)
    undo(window)
    assert rows(window, "DAM-HIDDEN") and "(hidden)" in hover(window, dam.hex)


def test_a_weak_dam_is_raised_to_the_minimum_from_the_rows_menu(window, tmp_path):
    open_valley(window, tmp_path, lambda d: d["map"]["dams"][0].update(sp=30))
    dam = window.doc.scenario.map.dams[0]
    panel = window.validation_panel
    menu = panel.fix_menu(panel.violations[rows(window, "DAM-SP-MIN")[0]])
    assert [a.text() for a in menu.actions()] == ["Raise the dam's SP to 50"]
    menu.actions()[0].trigger()
    window.validation.run()
    assert rows(window, "DAM-SP-MIN") == [] and ": 50 SP" in hover(window, dam.hex)
    undo(window)
    assert rows(window, "DAM-SP-MIN") and ": 30 SP" in hover(window, dam.hex)


def test_fix_all_hides_every_open_mine_in_one_undo_step(window, tmp_path):
    def open_mines(d):
        for mine in d["map"]["markers"]["mines"]:
            mine["hidden"] = False

    open_valley(window, tmp_path, open_mines)
    mines = window.doc.scenario.map.markers.mines
    panel = window.validation_panel
    panel.activate_row(rows(window, "MINE-VISIBLE")[0])
    assert panel.fix_all_button.isEnabled() and panel.fix_all_button.text() == "Fix All 2"
    before = window.doc.undo_stack.count()
    panel.fix_all_button.click()
    assert window.doc.undo_stack.count() == before + 1
    window.validation.run()
    assert rows(window, "MINE-VISIBLE") == []
    assert all(f"({m.owner}, hidden)" in hover(window, m.hex) for m in mines)
    undo(window)
    assert len(rows(window, "MINE-VISIBLE")) == 2
    assert not any(f"({m.owner}, hidden)" in hover(window, m.hex) for m in mines)


def test_too_many_entrenchments_are_lowered_to_the_maximum(window, tmp_path):
    open_valley(window, tmp_path, lambda d: d["map"]["markers"]["entrenchments"][0].update(count=20))
    h = window.doc.scenario.map.markers.entrenchments[0].hex
    fix_by_button(window, "ENTRENCH-MAX")
    assert rows(window, "ENTRENCH-MAX") == [] and "Entrenchment x15" in hover(window, h)
    undo(window)
    assert rows(window, "ENTRENCH-MAX") and "Entrenchment x20" in hover(window, h)


def test_a_river_hex_repeated_twice_in_a_row_is_dropped_but_a_jump_has_no_fix(window, tmp_path):
    def repeat_and_jump(d):
        brook = d["map"]["rivers"][1]["hexes"]
        brook.insert(2, brook[1])  # repeated
        del d["map"]["rivers"][0]["hexes"][6]  # a jump of two hexes

    open_valley(window, tmp_path, repeat_and_jump)
    brook = window.doc.scenario.map.rivers[1]
    n = len(brook.hexes)
    panel = window.validation_panel
    gaps = [panel.violations[i] for i in rows(window, "RIVER-GAP")]
    assert len(gaps) == 2
    jump = next(v for v in gaps if "jumps" in v.message)
    assert [a.text() for a in panel.fix_menu(jump).actions()] == ["No quick fix for this finding"]
    repeat = next(v for v in gaps if "repeats" in v.message)
    panel.fix_menu(repeat).actions()[0].trigger()
    window.validation.run()
    assert len(brook.hexes) == n - 1 and [v.message for v in window.validation_panel.violations] == [
        jump.message
    ]
    undo(window)
    assert len(brook.hexes) == n and len(rows(window, "RIVER-GAP")) == 2


def test_docs_rules_md_says_for_every_rule_which_fix_the_dock_offers_or_why_none():
    from dambuster.editor.validation.quick_fix import PLANS

    assert set(PLANS) | {"SCHEMA"} == set(FIXED)
    from dambuster.batch.load_codes import LOAD_STAGES
    from dambuster.batch.rules_catalog import NOT_FIXED
    from dambuster.validators import catalog_doc

    codes = {i.code for i in catalog_doc.rule_infos() if not i.code.startswith("ZZ")} | set(LOAD_STAGES)
    assert codes == set(FIXED) | set(NOT_FIXED)  # every rule decided: a fix, or why none


def test_a_river_bridge_off_its_crossing_moves_to_the_one_hex_where_its_road_crosses_the_river(
    window, tmp_path
):
    open_valley(window, tmp_path, lambda d: d["map"]["river_bridges"][0].update(hex=[10, 8]))
    bridge = window.doc.scenario.map.river_bridges[0]
    assert "Bridge bridge-kessel" in hover(window, (10, 8))
    fix_by_button(window, "BRIDGE-SITE")
    assert rows(window, "BRIDGE-SITE") == [] and bridge.hex == (11, 8)
    assert "Bridge bridge-kessel" in hover(window, (11, 8)) and "Bridge" not in hover(window, (10, 8))
    undo(window)
    assert rows(window, "BRIDGE-SITE") and "Bridge bridge-kessel" in hover(window, (10, 8))


def test_a_stream_bridge_where_no_road_crosses_moves_to_the_roads_stream_crossing(window, tmp_path):
    open_valley(window, tmp_path, lambda d: d["map"]["stream_bridges"][0].update(side=[14, 1, 0]))
    bridge = window.doc.scenario.map.stream_bridges[0]
    assert "Bridge bridge-brook" in hover(window, (14, 1))
    fix_by_button(window, "BRIDGE-SITE")
    assert rows(window, "BRIDGE-SITE") == [] and bridge.side == (14, 6, 0)
    assert "Bridge bridge-brook" in hover(window, (14, 6)) and "Bridge" not in hover(window, (14, 1))
    undo(window)
    assert rows(window, "BRIDGE-SITE") and "Bridge bridge-brook" in hover(window, (14, 1))


def test_a_river_bridge_over_a_stream_becomes_a_stream_bridge(window, tmp_path):
    def wrong_kind(d):
        m = d["map"]
        m["stream_bridges"] = []
        m["river_bridges"].append(
            {"id": "bridge-brook", "hex": [14, 6], "road": "road-valley", "river": "river-main"}
        )

    open_valley(window, tmp_path, wrong_kind)
    m = window.doc.scenario.map
    assert "road road-valley over river-main" in hover(window, (14, 6))
    fix_by_button(window, "BRIDGE-KIND")
    assert rows(window, "BRIDGE-KIND") == [] and rows(window, "BRIDGE-SITE") == []
    assert [(b.id, b.side) for b in m.stream_bridges] == [("bridge-brook", (14, 6, 0))]
    assert "Bridge bridge-brook (road road-valley over a stream)" in hover(window, (14, 6))
    undo(window)
    assert rows(window, "BRIDGE-KIND") and m.stream_bridges == []
    assert "road road-valley over river-main" in hover(window, (14, 6))


def test_a_stream_bridge_over_a_river_becomes_a_river_bridge(window, tmp_path):
    from dambuster.model.hexgrid import hexside_between

    side = list(hexside_between((11, 8), (12, 7)))

    def wrong_kind(d):
        d["map"]["river_bridges"] = []
        d["map"]["stream_bridges"].append({"id": "bridge-kessel", "side": side, "road": "road-valley"})

    open_valley(window, tmp_path, wrong_kind)
    m = window.doc.scenario.map
    fix_by_button(window, "BRIDGE-KIND")
    assert rows(window, "BRIDGE-KIND") == [] and rows(window, "BRIDGE-SITE") == []
    assert [(b.id, b.hex, b.river) for b in m.river_bridges] == [("bridge-kessel", (11, 8), "river-main")]
    assert "Bridge bridge-kessel (road road-valley over river-main)" in hover(window, (11, 8))
    undo(window)
    assert rows(window, "BRIDGE-KIND") and m.river_bridges == []


def test_a_brook_stopping_beside_the_river_joins_it(window, tmp_path):
    open_valley(window, tmp_path, lambda d: d["map"]["rivers"][1].pop("joins", None))
    brook = window.doc.scenario.map.rivers[1]
    end = brook.hexes[-1]
    assert brook.joins is None and rows(window, "RIVER-OUTLET") and ringed(window, end)
    fix_by_button(window, "RIVER-OUTLET")
    assert rows(window, "RIVER-OUTLET") == [] and brook.joins == "river-main" and not ringed(window, end)
    undo(window)
    assert rows(window, "RIVER-OUTLET") and brook.joins is None and ringed(window, end)
