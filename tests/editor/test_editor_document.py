"""The editor's Document and undo commands, on a bare undo stack (no widgets)."""

import pytest

pytest.importorskip("PySide6")

from dambuster.editor.commands import PaintTerrain, SetMeta, new_stroke_id
from dambuster.editor.document import Document
from dambuster.editor.geometry.hexes import HexGeometry, disc
from dambuster.model import dumps, load, new_hex_scenario
from dambuster.model.hexgrid import Layout

pytestmark = pytest.mark.qt


@pytest.fixture
def doc(qapp):
    return Document(new_hex_scenario(12, 10, "flat", "odd-q"))


def test_a_stroke_of_many_stamps_is_one_undo_step(doc):
    before = bytes(doc.scenario.map.terrain.cells)
    stroke = new_stroke_id()
    for h in [(1, 1), (2, 1), (3, 0), (3, 1)]:
        doc.push(PaintTerrain(doc, {h: "forest"}, stroke))
    assert doc.undo_stack.count() == 1
    assert doc.terrain_at((3, 0)) == "forest"
    doc.undo_stack.undo()
    assert bytes(doc.scenario.map.terrain.cells) == before
    doc.undo_stack.redo()
    assert all(doc.terrain_at(h) == "forest" for h in [(1, 1), (2, 1), (3, 0), (3, 1)])


def test_repainting_a_hex_within_a_stroke_undoes_to_the_original(doc):
    stroke = new_stroke_id()
    doc.push(PaintTerrain(doc, {(2, 2): "swamp"}, stroke))
    doc.push(PaintTerrain(doc, {(2, 2): "water"}, stroke))
    doc.undo_stack.undo()
    assert doc.terrain_at((2, 2)) == "clear"


def test_separate_strokes_are_separate_steps(doc):
    doc.push(PaintTerrain(doc, {(1, 1): "forest"}))
    doc.push(PaintTerrain(doc, {(1, 2): "forest"}))
    assert doc.undo_stack.count() == 2


def test_terrain_signal_names_the_changed_hexes(doc):
    seen = []
    doc.terrain_changed.connect(seen.append)
    doc.push(PaintTerrain(doc, {(4, 4): "rubble", (5, 4): "rubble"}))
    assert seen == [{(4, 4), (5, 4)}]


def test_meta_edit_undoes_and_marks_modified(doc):
    assert not doc.modified
    doc.push(SetMeta(doc, "title", "The Valley"))
    assert doc.scenario.meta.title == "The Valley" and doc.modified
    doc.undo_stack.undo()
    assert doc.scenario.meta.title == "Untitled scenario" and not doc.modified


def test_save_then_reopen_gives_the_same_scenario(doc, tmp_path):
    doc.push(PaintTerrain(doc, {(3, 3): "town", (0, 0): "water"}))
    target = tmp_path / "valley.json"
    doc.save(target)
    assert not doc.modified and doc.path == target
    assert dumps(load(target)) == dumps(doc.scenario)


@pytest.mark.parametrize(
    "orientation,offset", [("flat", "odd-q"), ("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")]
)
def test_every_hex_centre_maps_back_to_its_hex(orientation, offset):
    geom = HexGeometry(Layout(orientation, offset, 9, 7))
    for h in geom.layout.hexes():
        assert geom.hex_at(*geom.center(h)) == h
        # and a point well inside the hex, towards a corner
        (cx, cy), (kx, ky) = geom.center(h), geom.corners(h)[2]
        assert geom.hex_at(cx + (kx - cx) * 0.8, cy + (ky - cy) * 0.8) == h


def test_brush_discs_have_the_hex_counts_of_radius_0_1_2():
    assert [len(disc((3, 3), r)) for r in (0, 1, 2)] == [1, 7, 19]
