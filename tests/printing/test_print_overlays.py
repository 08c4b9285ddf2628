"""Breach overlays a player can cut out before the game: as many of each as the breach will need on
this map (cross-checked with breaches the simulation plays), swell pieces shaped as the river runs,
every hex piece the printed hex's size (measured on pages pdftoppm rasterised)."""

from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QColor
from sheet_pages import pdf_pages, pdf_text, rasterise, runs, write_sheet

from dambuster.editor.printing.breach_pieces import counts, swell_shape
from dambuster.editor.printing.overlays import sheet_for
from dambuster.editor.printing.sheet import PrintSettings
from dambuster.model import load
from dambuster.model.paper import HEX_PRESETS, PAPER_SIZES
from dambuster.simulation.breach import Breach, Run
from dambuster.simulation.dice import Dice

pytestmark = pytest.mark.qt
SAMPLES = Path(__file__).resolve().parents[2] / "samples"
A4 = PrintSettings(HEX_PRESETS["3/4in"], PAPER_SIZES["a4"])
RUNS = 2000  # enough for a worst case above any of the seeded breaches below, and quick


@pytest.fixture(autouse=True)
def app(qapp):
    return qapp


def played(sc, dam: str, seed: int) -> Counter:
    """What one seeded breach, played turn by turn to the end, put on the map."""
    run = Run(Breach(sc, dam), Dice(seed))
    events = run.run()
    got = Counter()
    for e in events:
        if e.kind in ("flood", "reservoir", "debris"):
            got[e.detail["becomes"] if e.kind == "flood" else e.kind] += 1
    got["bridge-out"] = len(run.state.bridges_out)
    got["road-cut"] = len(run.state.road_cuts)
    return got


def needed(n: dict) -> Counter:
    return Counter(
        {
            "swamp": n.get("swamp", 0),
            "flooded-town": n.get("flooded-town", 0),
            "reservoir": n.get("reservoir", 0),
            "debris": n.get("debris", 0),
            "bridge-out": n.get("bridge-out", 0),
            "road-cut": n.get("road-cut", 0),
        }
    )


@pytest.mark.parametrize("name", ["ogre-dambusters-valley", "big-200x200"])
def test_a_predetermined_breach_gets_exactly_the_overlays_it_puts_on_the_map(name, tmp_path):
    sc = load(SAMPLES / f"{name}.json")
    sheet = sheet_for(sc, A4, runs=RUNS)
    dam = sc.map.dams[0].id
    got = played(sc, dam, seed=1)
    assert needed(counts(sheet.pieces)) == needed(got)
    # one swell piece per position of the swell, covering its hexes, as the river lies on the map
    plan = Breach(sc, dam).plan
    swells = [p for p in sheet.pieces if p.kind == "swell"]
    for step in range(plan.last_step):
        mine = [h for p in swells if p.step == step for h in p.hexes]
        assert sorted(mine) == sorted(plan.swell(step))
    pdf = write_sheet(tmp_path / "o.pdf", sheet, A4)
    pages, size = pdf_pages(pdf)
    assert pages == sheet.page_count() and "A4" in size
    n = counts(sheet.pieces)
    header = pdf_text(pdf)
    assert f"{len(sheet.pieces)} pieces for 1 dam" in header and f"{n['swell']} swell (" in header
    assert f"{n['swamp']} swamp" in header


def test_random_floodplains_get_the_monte_carlo_worst_case(tmp_path):
    sc = load(SAMPLES / "ogre-dambusters-valley.json")
    sc.map.floodplain.mode = "random"
    dam = sc.map.dams[0].id
    n = counts(sheet_for(sc, A4, runs=RUNS).pieces)
    plays = [played(sc, dam, seed) for seed in range(12)]
    for kind in ("swamp", "flooded-town", "road-cut"):
        assert n.get(kind, 0) >= max(p[kind] for p in plays), kind
    assert n["swamp"] < len(sc.map.floodplain.hexes)  # a worst run, not every hex that might flood
    for kind in ("reservoir", "debris", "bridge-out"):  # the same in every breach
        assert {p[kind] for p in plays} == {n.get(kind, 0)}


def test_a_swell_piece_takes_the_shape_of_the_river():
    assert swell_shape([(0, 0), (1, 0), (2, 0)]) == "straight"
    assert swell_shape([(0, 0), (1, 0), (2, -1)]) == "curved"  # a 60-degree bend
    assert swell_shape([(0, 0), (1, 0), (0, 1)]) == "sharp"  # a 120-degree bend: the three hexes touch
    assert swell_shape([(0, 0), (1, 0)]) == "short"  # at the map's edge
    sc = load(SAMPLES / "big-200x200.json")
    shapes = Counter(p.shape for p in sheet_for(sc, A4, runs=10).pieces if p.kind == "swell")
    assert shapes["straight"] and shapes["curved"] and shapes["sharp"]  # this river bends every way


def test_maps_without_dams_and_tables_have_no_overlay_sheet():
    for name in ("ogre-basic", "dbm-table", "sewer-flash-flood"):
        assert sheet_for(load(SAMPLES / f"{name}.json"), A4, runs=10) is None


@pytest.mark.parametrize("preset", ["3/4in", "1in"])
def test_a_printed_hex_overlay_is_the_hex_size_within_one_percent(tmp_path, preset):
    settings = PrintSettings(HEX_PRESETS[preset], PAPER_SIZES["a4"])
    sc = load(SAMPLES / "ogre-dambusters-valley.json")  # flat-topped: the flats are top and bottom
    sheet = sheet_for(sc, settings, runs=10)
    k = next(i for i, p in enumerate(sheet.pieces) if p.kind == "reservoir")  # an unhatched hex
    at, box = sheet.placed[k], sheet.shapes[k].boundingRect()
    dpi = 300
    left, top = sheet.area.left() + at.x - 2, sheet.area.top() + at.y - 2  # the piece and 2 mm round it
    img = rasterise(
        write_sheet(tmp_path / "o.pdf", sheet, settings, [at.page]),
        dpi,
        1,
        (left, top, box.width() + 4, box.height() + 4),
    )
    px = dpi / 25.4
    x = int((2 + box.center().x()) * px)
    outline = runs(QColor(img.pixel(x, y)).lightness() < 60 for y in range(img.height()))
    across = (outline[-1] - outline[0]) / px  # the outline's top and bottom flats, centre to centre
    assert across == pytest.approx(settings.hex_mm, rel=0.01)


def test_a_dam_that_cannot_breach_is_named_on_the_sheet_and_the_others_still_print(tmp_path):
    from dambuster.model.scenario import Dam

    sc = load(SAMPLES / "ogre-dambusters-valley.json")
    sc.map.dams.append(Dam("dam-dry", sc.map.layout.to_axial(0, 0), "river-none"))  # on no river
    sheet = sheet_for(sc, A4, runs=10)
    assert {p.dam for p in sheet.pieces} == {"dam-aller"}
    assert "dam-dry" in pdf_text(write_sheet(tmp_path / "o.pdf", sheet, A4, [0]))
