"""Issue 24, item 6 (stale panels): no dock shows what belongs to a map that is no longer open, or to
the state before an Undo or a change made in another dock or dialog."""

import copy
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

pytestmark = pytest.mark.qt

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
VALLEY = SAMPLES / "ogre-dambusters-valley.json"
WITH_FINDINGS = SAMPLES / "scale-errors" / "river-590-paces-from-edge-25mm-reduced-mm.json"


@pytest.fixture
def window_size() -> tuple[int, int]:
    return (1366, 768)


def rows(window) -> list[str]:
    tree = window.validation_panel.tree
    return [tree.topLevelItem(i).text(3) for i in range(tree.topLevelItemCount())]


def rings_drawn(window) -> bool:
    """Whether the map shows any problem ring (red or amber) or a clicked finding's ring."""
    view = window.view
    for item in (view._problems, view._warnings):
        if item is not None and item.scene() is view.scene() and not item.path().isEmpty():
            return True
    ring = view._highlight
    return ring is not None and ring.scene() is view.scene() and ring.isVisible()


@pytest.mark.parametrize("how", ["open", "new", "template"])
def test_the_findings_of_the_file_before_go_the_moment_another_opens(window, qtbot, how):
    assert window.files.open_path(WITH_FINDINGS)
    qtbot.waitUntil(lambda: len(rows(window)) > 0, timeout=5_000)
    window.validation_panel.activate_row(0)  # its place ringed on the map
    assert rings_drawn(window) and window.validation_panel.summary.text() != "Checking…"
    if how == "open":
        assert window.files.open_path(SAMPLES / "ogre-basic.json")
    elif how == "new":
        from dambuster.model import new_hex_scenario

        window.doc.reset(new_hex_scenario(10, 10))  # File > New's dialog accepted
    else:
        window.start_page.show_page()
        from dambuster.editor.files.templates import TEMPLATES

        assert window.start_page.open_template(TEMPLATES[0].key)
    # at once, before the new map's first check: no row, no ring, the summary waiting
    assert rows(window) == [] and not window.validation_panel.tree.isVisible()
    assert window.validation_panel.summary.text() == "Checking…"
    assert not rings_drawn(window) and window.readouts.problems_label.text() == "checking…"
    assert not window.validation_panel.fix_button.isEnabled()
    qtbot.waitUntil(lambda: window.validation_panel.summary.text() != "Checking…", timeout=5_000)


def test_a_change_of_the_breach_parameters_in_the_properties_dialog_resets_the_preview(window, qtbot):
    from dambuster.editor.properties.commands import properties_command

    assert window.files.open_path(VALLEY)
    window.preview_dock.show()
    pane = window.preview_dock.pane
    pane.go_to(2)
    assert pane.layer.root is not None  # the swell after two steps drawn on the map
    params = copy.deepcopy(window.doc.scenario.parameters)
    params.washout_radius += 2
    window.doc.push(properties_command(window.doc, {"parameters": params}))
    # the swell drawn with the old washout radius goes at once; the breach is made again
    assert pane.layer.root is None
    qtbot.waitUntil(lambda: pane.run is not None, timeout=3_000)
    assert pane.run.state.step == -1
    window.act("edit.undo").trigger()
    assert pane.run is None or pane.run.state.step == -1


def test_the_inspectors_river_list_follows_a_river_renamed_elsewhere_and_its_undo(window):
    from dambuster.editor.commands import SetFields

    assert window.files.open_path(VALLEY)
    dam = window.doc.scenario.map.dams[0]
    window.state.select(dam)  # picked with the Select tool
    box = window.properties_panel.inspector.editors["river"]
    river = next(r for r in window.doc.scenario.map.rivers if r.id == dam.river)
    old = river.name
    window.doc.push(SetFields(window.doc, [(river, "name", "Weser")], "Set name of the river"))
    box = window.properties_panel.inspector.editors["river"]
    texts = [box.itemText(i) for i in range(box.count())]
    assert f"Weser ({river.id})" in texts and box.currentText() == f"Weser ({river.id})"
    window.act("edit.undo").trigger()
    box = window.properties_panel.inspector.editors["river"]
    assert box.currentText() == (f"{old} ({river.id})" if old else river.id)


def test_opening_dev_null_says_what_it_is_without_a_stray_pointer(window, capsys):
    """Issue 24: "/dev/null: /: is a character device" had the pointer of the whole document in it."""
    assert not window.files.open_path("/dev/null")
    err = capsys.readouterr().err
    assert "/dev/null: is a character device" in err and ": /: " not in err
