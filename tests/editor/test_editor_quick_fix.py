"""Quick fixes on Validation findings (issue 24): a RIVER-TERRAIN finding offers "paint it water" on
its row's context menu and the dock's Fix button, one undo step; "Fix all N" fixes every one; the ring
a clicked row drew goes once its finding is gone."""

from __future__ import annotations

from dambuster.model import new_hex_scenario
from dambuster.model.scenario import River


def _dry_river(window, n: int = 4):
    s = new_hex_scenario(10, 12, "flat", "odd-q", "t", ["ogre-dambusters"])
    lay = s.map.layout
    hexes = [lay.to_axial(3, r) for r in range(1, 1 + n)]
    s.map.rivers.append(River("r1", hexes))
    window.doc.reset(s)
    window.validation.run()
    return hexes


def _rows(window, code="RIVER-TERRAIN"):
    return [i for i, v in enumerate(window.validation_panel.violations) if v.code == code]


def test_fix_button_paints_one_river_hex_water_in_one_undo_step_and_the_ring_goes(window, qtbot):
    hexes = _dry_river(window)
    panel = window.validation_panel
    rows = _rows(window)
    assert len(rows) == 4
    panel.activate_row(rows[0])
    ringed = panel.current_violation()
    assert window.view._highlight is not None and window.view._highlight.isVisible()
    assert panel.fix_button.isEnabled() and panel.fix_all_button.text() == "Fix All 4"
    before = window.doc.undo_stack.count()
    panel.fix_button.click()
    assert window.doc.undo_stack.count() == before + 1
    fixed = tuple(ringed.location["hex"])
    assert window.doc.terrain_at(fixed) == "water"
    assert sum(window.doc.terrain_at(h) == "water" for h in hexes) == 1
    window.validation.run()
    assert len(_rows(window)) == 3
    assert not window.view._highlight.isVisible()  # its finding is gone: so is its ring
    window.doc.undo_stack.undo()
    assert window.doc.terrain_at(fixed) != "water"


def test_context_menu_fix_all_of_a_code_is_one_undo_step(window, qtbot):
    hexes = _dry_river(window)
    panel = window.validation_panel
    violation = panel.violations[_rows(window)[0]]
    menu = panel.fix_menu(violation)
    texts = [a.text() for a in menu.actions()]
    assert texts[0] == "Paint the river hex water" and texts[1].startswith("Fix all 4 RIVER-TERRAIN")
    before = window.doc.undo_stack.count()
    menu.actions()[1].trigger()
    assert window.doc.undo_stack.count() == before + 1
    assert {window.doc.terrain_at(h) for h in hexes} == {"water"}
    window.validation.run()
    assert _rows(window) == []
    assert not panel.fix_button.isEnabled()
