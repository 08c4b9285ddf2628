"""Issue 24, item 9: a file that passes the schema but has a broken reference opens, to be repaired:
its problems listed in the Validation dock and ringed on the map; repaired, they go. A file the schema
refuses stays refused, with its location; the command line keeps refusing the broken file."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

pytestmark = pytest.mark.qt

VALLEY = Path(__file__).resolve().parents[2] / "samples" / "ogre-dambusters-valley.json"


@pytest.fixture
def broken(tmp_path) -> Path:
    doc = json.loads(VALLEY.read_text())
    doc["map"]["dams"][0]["river"] = "river-2"  # a dangling reference: refused whole before
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(doc))
    return path


def rows(window) -> list[tuple[str, str]]:
    tree = window.validation_panel.tree
    return [
        (tree.topLevelItem(i).text(1), tree.topLevelItem(i).text(3)) for i in range(tree.topLevelItemCount())
    ]


def test_a_dangling_reference_opens_listed_and_ringed_then_repaired(window, broken, qtbot):
    assert window.files.open_path(broken)
    assert ("FORMAT", "refers to river 'river-2', which does not exist") in rows(window)
    assert (
        window.validation_panel.tree.isVisible()
        and "Opened with 1 problem" in window.statusBar().currentMessage()
    )
    assert (
        window.readouts.problems_label.text().startswith("1 error")
        or "error" in window.readouts.problems_label.text()
    )
    dam = window.doc.scenario.map.dams[0]
    x, y = window.controller.geom.center(dam.hex)
    ring = window.view._problems
    assert ring is not None and ring.path().boundingRect().adjusted(-1, -1, 1, 1).contains(x, y)  # marked
    window.validation_panel.activate_row(0)  # the row clicked: the view goes to the dam
    assert "river-2" in window.statusBar().currentMessage()
    window.state.select(dam)  # the repair: the inspector's river is a choice of the map's rivers
    box = window.properties_panel.inspector.editors["river"]
    assert box.currentText() == "river-2 (missing)"
    box.setCurrentIndex(box.findData("river-main"))
    box.activated.emit(box.currentIndex())
    assert dam.river == "river-main"
    window.validation.run()
    assert all(code != "FORMAT" for code, _m in rows(window)) and window.doc.format_problems == []


def test_the_command_line_still_refuses_the_broken_file(broken):
    p = subprocess.run(
        [sys.executable, "-m", "dambuster", "validate", str(broken)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode != 0 and "river-2" in (p.stdout + p.stderr)


def test_a_file_the_schema_refuses_stays_refused_with_its_location(window, tmp_path, capsys):
    doc = json.loads(VALLEY.read_text())
    doc["map"]["dams"][0]["sp"] = "lots"
    bad = tmp_path / "schema.json"
    bad.write_text(json.dumps(doc))
    title = window.windowTitle()
    assert not window.files.open_path(bad)
    assert "/map/dams/0/sp" in capsys.readouterr().err and window.windowTitle() == title


def test_the_preview_refuses_a_file_with_problems_until_repaired(window, broken, qtbot):
    """Issue 24, finding 7: the status bar and the preview agree: the preview waits, naming the
    problem, and breaches once it is repaired."""
    assert window.files.open_path(broken)
    said = window.statusBar().currentMessage()
    assert "the preview and the command line refuse the file" in said
    window.preview_dock.show()
    p = window.preview_dock.pane
    assert p.run is None and not p.btn_forward.isEnabled()
    text = p.step_label.text()
    assert "waits until the file's problems are repaired" in text and "river-2" in text
    assert "/map/dams/0/river" in text
    dam = window.doc.scenario.map.dams[0]
    window.state.select(dam)
    box = window.properties_panel.inspector.editors["river"]
    box.setCurrentIndex(box.findData("river-main"))
    box.activated.emit(box.currentIndex())
    qtbot.waitUntil(lambda: p.run is not None, timeout=5_000)  # rebuilt once editing pauses
    p.forward()
    assert p.run.state.step == 0
