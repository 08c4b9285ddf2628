"""Issue 24: quick fixes on tables (DBM-RIVER-WIDTH, SEWER-MODEL) and on a file opened with problems
(its FORMAT rows), applied from the Validation dock: the finding goes, the map shows the change,
and one Undo brings the finding back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsPathItem

pytest.importorskip("PySide6")

pytestmark = pytest.mark.qt

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def open_sample(window, tmp_path, sample: str, change) -> None:
    doc = json.loads((SAMPLES / sample).read_text())
    change(doc)
    path = tmp_path / sample
    path.write_text(json.dumps(doc))
    assert window.files.open_path(path)
    window.validation.run()


def found(window, code: str) -> list:
    return [v for v in window.validation_panel.violations if v.code == code]


def fix_from_menu(window, violation, label: str) -> None:
    menu = window.validation_panel.fix_menu(violation)
    assert menu.actions()[0].text() == label
    before = window.doc.undo_stack.count()
    menu.actions()[0].trigger()
    assert window.doc.undo_stack.count() == before + 1  # one undo step
    window.validation.run()


def undo(window) -> None:
    window.doc.undo_stack.undo()
    window.validation.run()


def river_widths(window) -> set[float]:
    """The widths the table map draws its rivers' water at (a pen as wide as the river)."""
    return {
        round(i.pen().widthF(), 3)
        for i in window.view.scene().items()
        if isinstance(i, QGraphicsPathItem)
        and not i.pen().isCosmetic()
        and i.brush().style() == Qt.BrushStyle.NoBrush
    }


def test_a_too_wide_dbm_river_is_narrowed_to_the_widest_allowed(window, tmp_path):
    open_sample(window, tmp_path, "dbm-table.json", lambda d: d["map"]["rivers"][0].update(width=250.0))
    assert 250.0 in river_widths(window)
    panel = window.validation_panel
    panel.activate_row(panel.violations.index(found(window, "DBM-RIVER-WIDTH")[0]))
    panel.fix_button.click()
    window.validation.run()
    assert found(window, "DBM-RIVER-WIDTH") == [] and window.doc.scenario.map.rivers[0].width == 200.0
    assert 200.0 in river_widths(window) and 250.0 not in river_widths(window)
    undo(window)
    assert found(window, "DBM-RIVER-WIDTH") and 250.0 in river_widths(window)


def model_tip(window, ident: str) -> str:
    return next(i.toolTip() for i in window.view.scene().items() if i.toolTip().startswith(f"{ident}:"))


def test_a_model_past_its_corridors_end_is_put_at_the_end(window, tmp_path):
    open_sample(
        window,
        tmp_path,
        "sewer-flash-flood.json",
        lambda d: d["map"]["sewer"]["models"][0].update(position=999.0),
    )
    (v,) = found(window, "SEWER-MODEL")
    length = v.witness["length"]
    fix_from_menu(window, v, "Put the model at its corridor's end")
    assert found(window, "SEWER-MODEL") == []
    assert f"{length:g} along" in model_tip(window, "guard-1")
    undo(window)
    assert found(window, "SEWER-MODEL") and "999 along" in model_tip(window, "guard-1")


def format_rows(window) -> list:
    return found(window, "FORMAT")


def test_a_reference_in_the_wrong_case_points_to_the_river_it_means(window, tmp_path):
    open_sample(
        window,
        tmp_path,
        "ogre-dambusters-valley.json",
        lambda d: d["map"]["dams"][0].update(river="River-Main"),
    )
    dam = window.doc.scenario.map.dams[0]
    (v,) = format_rows(window)
    fix_from_menu(window, v, "Refer to 'river-main'")
    assert format_rows(window) == [] and dam.river == "river-main"
    undo(window)
    assert format_rows(window) and dam.river == "River-Main"


def test_a_brook_joining_a_missing_river_joins_the_river_it_ends_beside(window, tmp_path):
    open_sample(
        window,
        tmp_path,
        "ogre-dambusters-valley.json",
        lambda d: d["map"]["rivers"][1].update(joins="river-9"),
    )
    brook = window.doc.scenario.map.rivers[1]
    (v,) = format_rows(window)
    fix_from_menu(window, v, "Join river 'river-main' (its last hex is beside it)")
    assert format_rows(window) == [] and found(window, "RIVER-OUTLET") == []
    assert brook.joins == "river-main"
    undo(window)
    assert format_rows(window) and brook.joins == "river-9"


def test_a_missing_side_is_dropped_from_who_knows_the_dams_sp(window, tmp_path):
    open_sample(
        window,
        tmp_path,
        "ogre-dambusters-valley.json",
        lambda d: d["map"]["dams"][0].update(sp_known_to=["paneuropean", "ghosts"]),
    )
    dam = window.doc.scenario.map.dams[0]
    panel = window.validation_panel
    panel.activate_row(0)
    assert panel.current_violation().code == "FORMAT" and panel.fix_button.isEnabled()
    panel.fix_button.click()
    window.validation.run()
    assert format_rows(window) == [] and dam.sp_known_to == ["paneuropean"]
    undo(window)
    assert format_rows(window) and dam.sp_known_to == ["paneuropean", "ghosts"]


def test_a_repeated_id_gets_a_fresh_one_and_the_map_names_it(window, tmp_path):
    open_sample(
        window,
        tmp_path,
        "ogre-dambusters-valley.json",
        lambda d: d["map"]["markers"]["mines"][1].update(id="mine-1"),
    )
    mine = window.doc.scenario.map.markers.mines[1]
    (v,) = format_rows(window)
    fix_from_menu(window, v, "Give it a new id (mine-2)")
    assert format_rows(window) == [] and mine.id == "mine-2"
    hover = window.controller.tooltip(window.controller.scene_pos(mine.hex))
    assert "Mine mine-2" in hover
    undo(window)
    assert format_rows(window) and mine.id == "mine-1"


def test_a_hexs_entrenchment_entries_merge_with_their_counts_added(window, tmp_path):
    open_sample(
        window,
        tmp_path,
        "ogre-dambusters-valley.json",
        lambda d: d["map"]["markers"]["entrenchments"][1].update(hex=[11, 4]),
    )
    (v,) = format_rows(window)
    fix_from_menu(window, v, "Merge each hex's entrenchment entries")
    marks = window.doc.scenario.map.markers.entrenchments
    assert format_rows(window) == [] and [(e.hex, e.count) for e in marks] == [((11, 4), 5)]
    assert "Entrenchment x5" in window.controller.tooltip(window.controller.scene_pos((11, 4)))
    undo(window)
    assert format_rows(window) and len(window.doc.scenario.map.markers.entrenchments) == 2


def test_a_dangling_required_reference_has_no_quick_fix(window, tmp_path):
    open_sample(
        window, tmp_path, "ogre-dambusters-valley.json", lambda d: d["map"]["dams"][0].update(river="river-2")
    )
    (v,) = format_rows(window)
    menu = window.validation_panel.fix_menu(v)
    assert [a.text() for a in menu.actions()] == ["No quick fix for this finding"]


def test_fix_all_repairs_a_files_different_problems_in_one_undo_step(window, tmp_path):
    def three_problems(d):
        d["units"][0]["squads"] = 2  # an Ogre with squads
        d["map"]["hexsides"].append(dict(d["map"]["hexsides"][0]))  # a stream listed twice
        d["map"]["rivers"][1]["joins"] = "river-brook"  # the brook joins itself

    open_sample(window, tmp_path, "ogre-dambusters-valley.json", three_problems)
    s = window.doc.scenario
    ogre, brook, sides = s.units[0], s.map.rivers[1], len(s.map.hexsides)
    assert "2 squads" in window.controller.tooltip(window.controller.scene_pos(ogre.hex))
    panel = window.validation_panel
    panel.activate_row(0)
    assert panel.fix_all_button.text() == "Fix All 3"
    before = window.doc.undo_stack.count()
    panel.fix_all_button.click()
    assert window.doc.undo_stack.count() == before + 1
    window.validation.run()
    assert format_rows(window) == [] and found(window, "RIVER-CYCLE") == []
    assert (ogre.squads, brook.joins, len(s.map.hexsides)) == (1, "river-main", sides - 1)
    hover = window.controller.tooltip(window.controller.scene_pos(ogre.hex))
    assert "squad" not in hover
    undo(window)
    assert len(format_rows(window)) == 3 and (ogre.squads, brook.joins) == (2, "river-brook")
