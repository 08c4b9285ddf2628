"""The preview's log as players read it: sentences with hex labels and dice, a summary of what the
breach did, and a click on a line showing its hexes on the map."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt

from dambuster.model import load, save
from dambuster.model.scenario import Unit
from dambuster.simulation import Breach

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
VALLEY = SAMPLES / "ogre-dambusters-valley.json"
SEWER = SAMPLES / "sewer-flash-flood.json"


def open_preview(w, path):
    assert w.files.open_path(path)
    w.preview_dock.show()
    return w.preview_dock.pane


def click_line(qtbot, log, row):
    item = log.item(row)
    log.scrollToItem(item)
    qtbot.mouseClick(log.viewport(), Qt.MouseButton.LeftButton, pos=log.visualItemRect(item).center())


def test_the_log_tells_each_step_in_sentences_with_hex_labels(window):
    p = open_preview(window, VALLEY)
    p.seed.setValue(7)
    p.go_to(2)
    lines = p.log.texts()
    assert lines[0] == "The breach: Aller dam (1109) gives way; the swell covers 1110\u20131112."
    assert "Before player turn 2: the swell covers 1215\u20131217." in lines
    assert "1116\u20131118 and 1316\u20131318 flood: clear becomes swamp." in lines
    assert "1314 (Kessel) floods: town becomes flooded town and Valley road is cut." in lines
    heading = p.log.item(lines.index("Before player turn 2: the swell covers 1215\u20131217."))
    assert heading.font().bold() and not p.log.item(1).font().bold()
    assert not any("=" in x or "hexsides=[" in x for x in lines), "no debug output"
    p.btn_back.click()  # stepping back takes the step's lines away
    assert "Before player turn 2: the swell covers 1215\u20131217." not in p.log.texts()


def test_clicking_a_line_outlines_its_hexes_on_the_map(window, qtbot):
    p = open_preview(window, VALLEY)
    p.seed.setValue(7)
    p.go_to(2)
    layout = window.doc.scenario.map.layout
    row = p.log.texts().index("1116\u20131118 and 1316\u20131318 flood: clear becomes swamp.")
    click_line(qtbot, p.log, row)
    assert {layout.label(h) for h in p.focus.hexes} == {"1116", "1117", "1118", "1316", "1317", "1318"}
    assert p.focus.root is not None and p.focus.root.scene() is window.view.scene()
    heading = p.log.texts().index("Before player turn 2: the swell covers 1215\u20131217.")
    click_line(qtbot, p.log, heading)
    assert p.focus.hexes == tuple(p.run.state.swell)
    p.btn_forward.click()  # a new step forgets the outline
    assert p.focus.root is None
    window.preview_dock.close()
    assert p.focus.root is None and not window.doc.modified


def test_the_summary_says_what_the_breach_did_and_shows_it(window, qtbot, tmp_path):
    sc = load(VALLEY)
    swell = Breach(sc, "dam-aller").plan.swell(1)
    sc.units.append(Unit("gev-x", "gev", "combine", swell[0]))
    path = tmp_path / "gev.json"
    save(sc, path)
    p = open_preview(window, path)
    p.seed.setValue(3)
    assert p.summary.texts() == [
        "Units hit: none.",
        "Bridges washed out: none.",
        "Towns flooded: none.",
        "Roads and rails cut: none.",
    ]
    p.go_to(1)
    units, bridges, towns, roads, buildings = p.summary.texts()
    assert buildings == (  # 11.05: destroyed with the dam
        "Buildings destroyed with the dam: power station dam-powerhouse and control tower dam-tower."
    )
    assert units == "Units hit: gev-x disabled."
    assert bridges == "Bridges washed out: bridge-brook."
    assert towns == "Towns flooded: Kessel (2 of 4 hexes: 1313 and 1314)."
    assert roads == "Roads and rails cut: Valley road at 1114 and 1314."
    click_line(qtbot, p.summary, 2)
    layout = window.doc.scenario.map.layout
    assert [layout.label(h) for h in p.focus.hexes] == ["1313", "1314"]


def test_the_flash_flood_log_reads_as_sentences(window, qtbot):
    p = open_preview(window, SEWER)
    p.seed.setValue(4)
    while p.btn_forward.isEnabled():
        p.btn_forward.click()
    lines = p.log.texts()
    assert lines[0] == "Turn 2: no flood (roll 2; it comes on a 6)."
    assert "Turn 5: the flood comes (no roll needed)." in lines
    assert any(
        x.startswith("Genestealer 4 is carried 2\u2033 along c-west until stopped by the grate")
        for x in lines
    )
    row = next(i for i, x in enumerate(lines) if x.startswith("Genestealer 4 is carried"))
    click_line(qtbot, p.log, row)  # rings the model where it stopped; the document is untouched
    assert not window.doc.modified
