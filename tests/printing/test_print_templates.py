"""DBM terrain templates to cut from felt or card: every feature of a DBM table at 1:1 at the table's
figure scale, measured on a page pdftoppm rasterised; a feature larger than a page tiled over pages."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

import numpy as np
from PySide6.QtGui import QImage
from shapely.geometry import Polygon
from sheet_pages import pdf_pages, pdf_text, rasterise, write_sheet

from dambuster.editor.printing.page_grid import page_grid
from dambuster.editor.printing.sheet import PrintSettings
from dambuster.editor.printing.templates import sheet_for
from dambuster.model import load
from dambuster.model.paper import PAPER_SIZES, table_unit_mm

pytestmark = pytest.mark.qt
SAMPLES = Path(__file__).resolve().parents[2] / "samples"
A3 = PrintSettings(19.05, PAPER_SIZES["a3"])
DBM = ["dbm-table", "dbm-15mm-competition", "dbm-25mm-inches"]


@pytest.fixture(autouse=True)
def app(qapp):
    return qapp


@pytest.mark.parametrize(
    "name, mm_per_unit_expected",
    [
        ("dbm-table", 0.5),  # a table in paces, 15mm figures: 50 paces = 25 mm
        ("dbm-15mm-competition", 1.0),  # a table in mm
        ("dbm-25mm-inches", 25.0),  # the terrain text's inch: its 108" table is 2.7 m
    ],
)
def test_every_feature_of_a_dbm_table_is_a_template_at_its_figure_scale(name, mm_per_unit_expected):
    sc = load(SAMPLES / f"{name}.json")
    m = sc.map
    assert table_unit_mm(m) == pytest.approx(mm_per_unit_expected)
    sheet = sheet_for(sc, A3)
    ids = [t.id for t in sheet.templates]
    assert ids == [a.id for a in m.areas] + [m.waterway.id] + [r.id for r in m.rivers]
    for t, a in zip(sheet.templates, m.areas):
        x0, y0, x1, y1 = Polygon(a.polygon).bounds
        assert t.size_mm == pytest.approx(
            ((x1 - x0) * mm_per_unit_expected, (y1 - y0) * mm_per_unit_expected)
        )
        assert t.sector == (a.sector if a.sector is not None else t.sector)
        assert t.name == a.name


@pytest.mark.parametrize("name", DBM)
def test_small_features_share_pages_and_large_ones_are_tiled(name, tmp_path):
    sc = load(SAMPLES / f"{name}.json")
    sheet = sheet_for(sc, A3)
    aw, ah = sheet.area.width(), sheet.area.height()
    tiles = 0
    for t in sheet.templates:
        w, h = t.size_mm
        if w > aw or h > ah:
            tiles += page_grid(w, h, aw, ah, A3.overlap_mm).count
    packed = [p for p in sheet.pages if p.tiled is None]
    assert sorted(i for p in packed for i in p.templates) == [
        i for i, t in enumerate(sheet.templates) if t.size_mm[0] <= aw and t.size_mm[1] <= ah
    ]
    assert sheet.page_count() == len(packed) + tiles
    pdf = write_sheet(tmp_path / "t.pdf", sheet, A3)
    pages, size = pdf_pages(pdf)
    assert pages == sheet.page_count() and "A3" in size
    text = pdf_text(pdf)
    for t in sheet.templates:  # each written inside its outline: its name, sector and id
        assert f"sector {t.sector}" in text and t.id in text


def test_tables_without_the_dbm_profile_and_hex_maps_have_no_templates():
    for name in ("sewer-flash-flood", "ogre-basic"):
        assert sheet_for(load(SAMPLES / f"{name}.json"), A3) is None


@pytest.mark.parametrize("name", ["dbm-table", "dbm-15mm-competition"])
def test_a_printed_template_measures_its_feature_at_one_to_one(tmp_path, name):
    sc = load(SAMPLES / f"{name}.json")
    sheet = sheet_for(sc, A3)
    i = next(iter(sheet.placed))  # the first template laid on a page whole
    t, at = sheet.templates[i], sheet.placed[i]
    w, h = t.size_mm
    dpi = 100
    left, top = sheet.area.left() + at.x - 2, sheet.area.top() + at.y - 2
    img = rasterise(write_sheet(tmp_path / "t.pdf", sheet, A3, [at.page]), dpi, 1, (left, top, w + 4, h + 4))
    px = dpi / 25.4
    grey = img.convertToFormat(QImage.Format.Format_Grayscale8)
    ink = (
        np.frombuffer(grey.constBits(), np.uint8).reshape(grey.height(), grey.bytesPerLine())[
            :, : grey.width()
        ]
        < 245
    )
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    # the outline's ink from edge to edge, less a pixel: its extent from centre to centre, the feature's
    assert (cols[-1] - cols[0]) / px == pytest.approx(w, rel=0.01)
    assert (rows[-1] - rows[0]) / px == pytest.approx(h, rel=0.01)
