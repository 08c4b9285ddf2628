"""Counter sheets a player can print double-sided and cut: one counter per unit, at the decided size
on paper (measured on pages pdftoppm rasterised), each back behind its front after a flip on the
long edge, the reverse the rules give each kind of unit."""

import math
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QColor
from sheet_pages import pdf_pages, pdf_text, rasterise, runs, write_sheet

from dambuster.editor.printing.counters import CounterSheet, counter_mm, sheet_for
from dambuster.editor.printing.sheet import PrintSettings
from dambuster.model import load, new_hex_scenario
from dambuster.model.paper import HEX_PRESETS, PAPER_SIZES
from dambuster.model.scenario import Side, Unit

pytestmark = pytest.mark.qt
SAMPLES = Path(__file__).resolve().parents[2] / "samples"
A4 = PrintSettings(HEX_PRESETS["3/4in"], PAPER_SIZES["a4"])


@pytest.fixture(autouse=True)
def app(qapp):
    return qapp


@pytest.mark.parametrize("name", ["ogre-basic", "ogre-dambusters-valley", "big-200x200"])
def test_every_unit_of_a_sample_gets_a_counter_front_and_back(name, tmp_path):
    sc = load(SAMPLES / f"{name}.json")
    sheet = sheet_for(sc, A4)
    per_page = sheet.grid.per_page
    assert sheet.page_count() == 2 * math.ceil(len(sc.units) / per_page)
    assert sorted(c.unit.id for c in sheet.counters) == sorted(u.id for u in sc.units)
    pdf = write_sheet(tmp_path / "c.pdf", sheet, A4)
    pages, size = pdf_pages(pdf)
    assert pages == sheet.page_count() and "A4" in size
    text = pdf_text(pdf)  # the figures are text, as the header saying how many counters of each side
    assert f"{len(sc.units)} counters (" in text
    for side in sc.sides:
        n = sum(u.side == side.id for u in sc.units)
        assert (f"{side.name} {n}" in text) == (n > 0)


def test_a_scenario_without_units_has_no_counter_sheet():
    assert sheet_for(load(SAMPLES / "dbm-table.json"), A4) is None


def rainbow(n: int):
    """A map with ``n`` units, each of its own side and colour (so a page shows which is where)."""
    sc = new_hex_scenario(10, 10)
    kinds = ["heavy-tank", "infantry", "ogre-mk3", "gev", "command-post", "truck"]
    for i in range(n):
        colour = QColor.fromHsv((i * 37) % 360, 200, 150 + (i * 53) % 100).name()
        sc.sides.append(Side(f"s{i}", f"Side {i}", "defender", colour))
        sc.units.append(Unit(f"u{i}", kinds[i % len(kinds)], f"s{i}", None, 2))
    return sc


def colour_at(img, sheet, row, col, dpi):
    """The colour at the middle of a cell's left side (inside the die-cut edge, left of the symbol,
    between the figures, clear of a disabled sash)."""
    r = sheet.grid.cell(row, col)
    px = dpi / 25.4
    return QColor(img.pixel(int((r.left() + 0.085 * r.width()) * px), int(r.center().y() * px)))


def close(a: QColor, b: QColor, tol: int = 12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a.getRgb()[:3], b.getRgb()[:3]))


@pytest.mark.parametrize(
    "landscape, flip, mirrored",
    [(False, "long", "columns"), (False, "short", "rows"), (True, "long", "rows")],
)
def test_each_back_lands_behind_its_front_when_the_sheet_is_flipped(tmp_path, landscape, flip, mirrored):
    settings = PrintSettings(HEX_PRESETS["1in"], PAPER_SIZES["a4"], landscape=landscape)
    sc = rainbow(9)
    sheet = CounterSheet(sc, settings, flip=flip)
    g = sheet.grid
    pdf = write_sheet(tmp_path / "c.pdf", sheet, settings, [0, 1])
    dpi = 100
    front, back = rasterise(pdf, dpi, 1), rasterise(pdf, dpi, 2)
    for k, counter in enumerate(sheet.counters):
        r, c = g.place(k)
        expect = (r, g.cols - 1 - c) if mirrored == "columns" else (g.rows - 1 - r, c)
        assert sheet.position(k, back=True) == expect
        fill = counter.front.fill
        assert close(colour_at(front, sheet, r, c, dpi), fill), counter.unit.id
        assert close(colour_at(back, sheet, *expect, dpi), fill), counter.unit.id
    # the mirror is about the paper's own centre line, so a flipped page puts the back exactly there
    w, h = settings.page_mm
    if mirrored == "columns":
        assert g.cell(0, 0).left() == pytest.approx(w - g.cell(0, g.cols - 1).right())
    else:
        assert g.cell(0, 0).top() == pytest.approx(h - g.cell(g.rows - 1, 0).bottom())


@pytest.mark.parametrize("preset", ["3/4in", "1in"])
def test_a_printed_counter_is_the_decided_size_within_one_percent(tmp_path, preset):
    settings = PrintSettings(HEX_PRESETS[preset], PAPER_SIZES["a4"])
    sc = rainbow(3)
    sheet = sheet_for(sc, settings)
    side = counter_mm(settings.hex_mm)
    assert side == pytest.approx(0.9 * (math.sqrt(3) - 1) * settings.hex_mm)
    dpi = 300
    g = sheet.grid
    img = rasterise(
        write_sheet(tmp_path / "c.pdf", sheet, settings, [0]),
        dpi,
        1,
        (0, 0, settings.page_mm[0], g.top + side),
    )
    px = dpi / 25.4
    # the crop ticks above the grid mark the cutting lines: their spacing is the counter's side
    y = int((g.top - 3) * px)
    ticks = runs(QColor(img.pixel(x, y)).lightness() < 200 for x in range(img.width()))
    assert len(ticks) == g.cols + 1
    spacings = [(b - a) / px for a, b in zip(ticks, ticks[1:])]
    assert all(s == pytest.approx(side, rel=0.01) for s in spacings)
    # and the first counter's colour (its hue: the frame is the same colour, darker) fills one cell
    row = int((g.top + 0.5 * side) * px)
    hue = sheet.counters[0].front.fill.hsvHue()
    coloured = [
        x
        for x in range(img.width())
        if QColor(img.pixel(x, row)).hsvSaturation() > 80
        and abs(QColor(img.pixel(x, row)).hsvHue() - hue) < 8
    ]
    assert (coloured[-1] - coloured[0] + 1) / px == pytest.approx(side, rel=0.01)


def test_the_reverse_is_the_one_the_rules_give_each_kind_of_unit():
    sheet = sheet_for(rainbow(6), A4)
    backs = {c.unit.type: c.back for c in sheet.counters}
    fronts = {c.unit.type: c.front for c in sheet.counters}
    for armor in ("heavy-tank", "gev", "truck"):  # disabled, with a red border
        assert backs[armor].status == "disabled" and backs[armor].border.name() == "#e02020"
    assert backs["ogre-mk3"].facing == -1 and backs["ogre-mk3"].status == "ready"  # another view
    for same in ("infantry", "command-post"):
        assert backs[same] == fronts[same]
