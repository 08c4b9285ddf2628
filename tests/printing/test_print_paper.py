"""model/paper.py (Qt-free): hex sizes, papers and a table's unit in millimetres."""

import pytest
from pdf_tools import SAMPLES

from dambuster.model import load
from dambuster.model.paper import (
    DEFAULT_HEX_SIZE,
    HEX_PRESETS,
    PAPER_SIZES,
    SizeError,
    parse_hex_size,
    parse_length,
    parse_paper,
    table_unit_mm,
)


@pytest.mark.parametrize(
    "text, mm",
    [
        ("19mm", 19.0),
        ("3/4in", 19.05),
        ('1"', 25.4),
        ("2cm", 20.0),
        ("0.625in", 15.875),
        ("hexon", 100.0),
        ("HALF-INCH", 12.7),
    ],
)
def test_hex_sizes(text, mm):
    assert parse_hex_size(text).mm == pytest.approx(mm)


def test_default_is_a_preset_and_pixels_only_for_images():
    assert DEFAULT_HEX_SIZE in HEX_PRESETS
    assert parse_hex_size("48px", pixels=True).unit == "px"
    for bad in ("48px", "19", "0mm", "1/0in", "twenty mm"):
        with pytest.raises(SizeError):
            parse_hex_size(bad)
    with pytest.raises(SizeError, match="no physical size"):
        parse_length("48px")


def test_papers():
    assert parse_paper("A4") == PAPER_SIZES["a4"] == (210.0, 297.0)
    assert parse_paper("letter") == pytest.approx((215.9, 279.4))
    assert parse_paper("300x400mm") == (300.0, 400.0)
    assert parse_paper("11x17in") == pytest.approx((279.4, 431.8))
    for bad in ("a9", "10x10mm", "300x400"):
        with pytest.raises(SizeError):
            parse_paper(bad)


@pytest.mark.parametrize(
    "sample, mm",
    [
        ("dbm-15mm-competition.json", 1.0),
        ("dbm-table.json", 0.5),
        ("dbm-25mm-inches.json", 25.0),
        ("sewer-flash-flood.json", 25.0),
    ],
)
def test_a_tables_unit_in_mm(sample, mm):
    assert table_unit_mm(load(SAMPLES / sample).map) == pytest.approx(mm)
