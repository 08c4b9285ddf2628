"""The map sheet: pages cut with their overlap, named by row and column, tables at their true size,
the orientation that takes fewer pages, and the layers and player view chosen."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QImage, QPainter

from dambuster.editor.printing.map_pages import MapSheet, choose_landscape, sheet_for
from dambuster.editor.printing.map_source import MapSource
from dambuster.editor.printing.page_grid import page_grid, row_name
from dambuster.editor.printing.sheet import PrintSettings
from dambuster.model import load

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
A4 = (210.0, 297.0)


@pytest.fixture(autouse=True)
def _app(qapp):  # the map is drawn by the editor's scene, which needs a QApplication
    return qapp


def test_rows_are_named_as_spreadsheet_columns():
    assert [row_name(i) for i in (0, 1, 25, 26, 27, 701, 702)] == ["A", "B", "Z", "AA", "AB", "ZZ", "AAA"]


def test_pages_overlap_and_every_cross_is_on_both_its_pages():
    g = page_grid(500, 300, 190, 264, 10)
    assert (g.columns, g.rows) == (3, 2)  # 190 + 180 + 180 >= 500; 264 + 254 >= 300
    x0, _, w0, _ = g.window(0, 0)
    x1, _, _, _ = g.window(0, 1)
    assert x0 + w0 - x1 == pytest.approx(10)  # the overlap
    assert g.name(1, 2) == "B3"
    for cx, cy in g.crosses():
        on = [
            (r, c)
            for r in range(g.rows)
            for c in range(g.columns)
            if g.window(r, c)[0] <= cx <= g.window(r, c)[0] + 190
            and g.window(r, c)[1] <= cy <= g.window(r, c)[1] + 264
        ]
        assert len(on) == 2
    assert (
        len(g.crosses()) == 2 * 2 + 3
    )  # two vertical seams in each of 2 rows, one horizontal seam in 3 columns


def test_a_map_smaller_than_a_page_takes_one_page_without_assembly():
    sc = load(SAMPLES / "ogre-basic.json")
    sheet = sheet_for(sc, PrintSettings(hex_mm=10.0, paper_mm=A4))
    assert sheet.page_count() == 1
    assert sheet.page_title(0) == "Map A1 (row A, column 1)"
    bigger = sheet_for(sc, PrintSettings(hex_mm=19.05, paper_mm=A4))
    assert (
        bigger.page_title(0).startswith("Map assembly") and bigger.page_title(1) == "Map A1 (row A, column 1)"
    )


@pytest.mark.parametrize(
    "sample, mm_per_unit",
    [
        ("dbm-15mm-competition.json", 1.0),  # a table in mm
        ("dbm-table.json", 0.5),  # paces of 15mm figures: 50 paces = 25 mm
        ("dbm-25mm-inches.json", 25.0),  # the DBM text's inch (model/ground_scale.py)
    ],
)
def test_tables_print_at_the_size_they_are_played_at(sample, mm_per_unit):
    sc = load(SAMPLES / sample)
    source = MapSource(sc, 19.05)
    assert source.size_mm == pytest.approx((sc.map.width * mm_per_unit, sc.map.depth * mm_per_unit))


def test_the_orientation_with_fewer_pages_is_chosen():
    sc = load(SAMPLES / "ogre-basic.json")  # 15 x 22 flat hexes: wider than a landscape A4 is high
    settings = PrintSettings(hex_mm=19.05, paper_mm=A4)
    source = MapSource(sc, 19.05)
    landscape = choose_landscape(source, settings)
    counts = {
        o: MapSheet(source, PrintSettings(hex_mm=19.05, paper_mm=A4, landscape=o)).page_count()
        for o in (False, True)
    }
    assert counts[landscape] == min(counts.values())
    assert landscape is (counts[True] < counts[False])


def test_units_are_left_to_the_counter_sheet_unless_asked_for():
    sc = load(SAMPLES / "ogre-dambusters-valley.json")
    assert "units" not in MapSource(sc, 19.05).layers
    assert MapSource(sc, 19.05, frozenset({"units", "terrain"})).layers == {"units", "terrain"}


def test_a_page_draws_on_any_painter_in_millimetres():
    sc = load(SAMPLES / "sewer-flash-flood.json")
    sheet = sheet_for(sc, PrintSettings(hex_mm=19.05, paper_mm=A4))
    image = QImage(210, 297, QImage.Format.Format_ARGB32)  # one pixel a millimetre
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    for i in range(2):
        sheet.draw_page(painter, i)
    painter.end()
    assert image.pixel(105, 150) != 0xFFFFFFFF  # the table's cloth, mid-page
