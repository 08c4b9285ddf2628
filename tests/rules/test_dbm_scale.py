"""DBM at the table's true scale (model/ground_scale.py): the thresholds in paces land where the figures
put them, in paces, millimetres and inches, for 15mm and 25mm figures and the text's 5/8 reduction;
messages give both units; old files migrate; the format documentation states the figures the code uses.

Every boundary table is 3,600 x 2,400 paces, drawn in paces and converted to the table's unit exactly.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from dambuster.cli import main
from dambuster.model import ScenarioError, dumps, load, loads
from dambuster.model.factory import new_table_scenario
from dambuster.model.ground_scale import GroundScale
from dambuster.model.scenario import Area, TableRiver, Waterway
from dambuster.validators import check_scenario

ROOT = Path(__file__).resolve().parents[2]
W, D = 3600, 2400  # paces

SCALES = [
    ("15mm", "paces", False),
    ("15mm", "mm", False),
    ("15mm", "inches", False),
    ("25mm", "paces", False),
    ("25mm", "mm", False),
    ("25mm", "inches", False),
    ("25mm", "mm", True),
    ("25mm", "inches", True),
]
IDS = [f"{f}-{u}{'-reduced' if r else ''}" for f, u, r in SCALES]


class Table:
    """A blank DBM table at one scale; points and lengths are given in paces."""

    def __init__(self, figures: str, unit: str, reduced: bool):
        self.scale = GroundScale(unit, figures, reduced)
        self.s = new_table_scenario(
            self.p(W), self.p(D), unit, profiles=["dbm-terrain"], figures=figures, reduced=reduced
        )

    def p(self, paces: float) -> float:
        return self.scale.length(paces)

    def pts(self, *xy):
        return [(self.p(x), self.p(y)) for x, y in xy]

    def area(self, ident, kind, points, placed_by="defender"):
        self.s.map.areas.append(Area(ident, kind, points, None, placed_by))

    def diamond(self, ident, across, y, kind="wood"):
        """A diamond ``across`` paces long from the left edge at height y: its diameter is exactly ``across``."""
        self.area(ident, kind, self.pts((0, y), (across / 2, y - 150), (across, y), (across / 2, y + 150)))

    def found(self):
        return [v for v in check_scenario(self.s) if v.severity == "error"]

    def only(self, code):
        found = self.found()
        assert [v.code for v in found] == [code], [(v.code, v.message) for v in found]
        return found[0]

    def clean(self):
        assert self.found() == [], [(v.code, v.message) for v in self.found()]


def both_units(t: Table, message: str, paces: str) -> None:
    """The message gives the measure in paces and, on a table in mm or inches, in that unit."""
    assert f"{paces} paces" in message, message
    if t.scale.unit != "paces":
        assert re.search(rf"{paces} paces \([0-9.,]+ (mm|inches|inch)\)", message), message


# ------------------------------------------------------------------------------ size
@pytest.mark.parametrize("figures, unit, reduced", SCALES, ids=IDS)
def test_an_area_feature_is_100_to_1000_paces_across(figures, unit, reduced):
    t = Table(figures, unit, reduced)
    t.diamond("wood-1", 999, 1200)
    t.clean()
    t.s.map.areas.clear()
    t.diamond("wood-1", 1001, 1200)
    both_units(t, t.only("DBM-FEATURE-SIZE").message, "1,001")
    t.s.map.areas = []
    t.area("rocky-1", "rocky", t.pts((1000, 1000), (1400, 1000), (1400, 1101), (1000, 1101)))
    t.clean()
    t.s.map.areas[0].polygon = t.pts((1000, 1000), (1400, 1000), (1400, 1099), (1000, 1099))
    v = t.only("DBM-FEATURE-SIZE")
    both_units(t, v.message, "99")
    assert "at least 100 paces" in v.message


# --------------------------------------------------------------------- feature equivalents
def four_woods(t: Table, sizes):
    for k, across in enumerate(sizes):
        t.diamond(f"wood-{k + 1}", across, 300 + 600 * k)


@pytest.mark.parametrize("figures, unit, reduced", SCALES, ids=IDS)
def test_500_paces_across_counts_half_an_equivalent_and_501_one(figures, unit, reduced):
    t = Table(figures, unit, reduced)
    four_woods(t, [400, 400, 400, 501])
    t.clean()
    t.s.map.areas.clear()
    four_woods(t, [400, 400, 400, 500])  # four half equivalents of difficult going
    v = t.only("DBM-FEATURE-COUNT")
    assert v.witness["equivalence"] == 0.5
    both_units(t, v.message, "500")


@pytest.mark.parametrize("figures, unit, reduced", SCALES, ids=IDS)
def test_750_paces_across_counts_one_equivalent_and_751_one_and_a_half(figures, unit, reduced):
    t = Table(figures, unit, reduced)
    four_woods(t, [800, 800, 800, 750])
    t.clean()
    t.s.map.areas.clear()
    four_woods(t, [800, 800, 800, 751])
    v = t.only("DBM-FEATURE-COUNT")
    assert v.witness["equivalence"] == 1.5
    both_units(t, v.message, "750")


# ------------------------------------------------------------------------------- rivers
def river(t: Table, y: float, width: float = 100):
    t.s.map.rivers = [TableRiver("river-1", t.pts((W, y), (0, y)), t.p(width), None, "defender")]


@pytest.mark.parametrize("figures, unit, reduced", SCALES, ids=IDS)
def test_a_river_keeps_its_banks_600_paces_from_a_long_edge(figures, unit, reduced):
    t = Table(figures, unit, reduced)
    river(t, 601 + 50)
    t.clean()
    river(t, 599 + 50)
    v = t.only("DBM-RIVER-LONG-EDGE")
    both_units(t, v.message, "599")
    assert math.isclose(v.witness["distance"], t.p(599))


@pytest.mark.parametrize("figures, unit, reduced", SCALES, ids=IDS)
def test_a_river_is_at_most_200_paces_wide(figures, unit, reduced):
    t = Table(figures, unit, reduced)
    river(t, 1000, 200)
    t.clean()
    river(t, 1000, 201)
    v = t.only("DBM-RIVER-WIDTH")
    both_units(t, v.message, "201")
    assert "at most 200 paces" in v.message


# ----------------------------------------------------------------------------- waterway
def waterway(t: Table, *xy):
    t.s.map.waterway = Waterway("sea", t.pts(*xy), "left", "defender")


@pytest.mark.parametrize("figures, unit, reduced", SCALES, ids=IDS)
def test_a_waterway_reaches_at_least_300_paces_inward(figures, unit, reduced):
    t = Table(figures, unit, reduced)
    waterway(t, (0, 0), (301, 0), (301, D), (0, D))
    t.clean()
    waterway(t, (0, 0), (299, 0), (299, D), (0, D))
    both_units(t, t.only("DBM-WATERWAY").message, "300")


@pytest.mark.parametrize("figures, unit, reduced", SCALES, ids=IDS)
def test_a_waterway_reaches_at_most_900_paces_inward(figures, unit, reduced):
    t = Table(figures, unit, reduced)
    waterway(t, (0, 0), (899, 0), (899, 960), (500, 960), (500, D), (0, D))  # deep along 40% of its frontage
    t.clean()
    waterway(t, (0, 0), (901, 0), (901, 960), (500, 960), (500, D), (0, D))
    v = t.only("DBM-WATERWAY")
    both_units(t, v.message, "901")
    assert "at most 900 paces" in v.message


# ------------------------------------------------------------------------- the case
def test_a_260_mm_wood_on_a_15mm_competition_table_is_legal_and_520_mm_is_not():
    s = new_table_scenario(1800, 1200, "mm", profiles=["dbm-terrain"])
    circle = [
        (400 + 130 * math.cos(k * math.pi / 8), 300 + 130 * math.sin(k * math.pi / 8)) for k in range(16)
    ]
    s.map.areas = [Area("wood-1", "wood", circle, None, "defender")]
    assert check_scenario(s) == []
    s.map.areas[0].polygon = [(400 + 2 * (x - 400), 300 + 2 * (y - 300)) for x, y in circle]
    (v,) = check_scenario(s)
    assert v.message == "wood 'wood-1' is 1,040 paces (520 mm) across; at most 1,000 paces (500 mm)"


def test_an_island_keeps_one_element_of_the_tables_figures_from_the_shore():
    for figures, element_mm in (("15mm", 40), ("25mm", 60)):
        p = GroundScale("mm", figures).length
        s = new_table_scenario(2700, 1500, "mm", profiles=["dbm-terrain"], figures=figures)
        s.map.waterway = Waterway("sea", [(0, 0), (p(550), 0), (p(550), 1500), (0, 1500)], "left", "defender")

        def isle(gap_mm, p=p):
            return Area(
                "isle",
                "hill-gentle",
                [(p(300), 600), (p(550) - gap_mm, 600), (p(550) - gap_mm, 800), (p(300), 800)],
            )

        s.map.areas = [isle(element_mm)]
        assert check_scenario(s) == [], figures
        s.map.areas = [isle(element_mm - 1)]
        (v,) = check_scenario(s)
        paces = GroundScale("mm", figures).paces
        assert v.code == "DBM-ISLAND"
        assert f"at least one element width, {paces(element_mm):g} paces ({element_mm} mm)" in v.message


# --------------------------------------------------------------------------- the format
def test_the_ground_scale_is_exact():
    assert GroundScale("mm", "15mm").length(1000) == 500
    assert GroundScale("mm", "25mm").length(1000) == 800
    assert GroundScale("inches", "15mm").length(50) == 1
    assert GroundScale("inches", "25mm").length(1000) == 32
    assert GroundScale("mm", "25mm", True).pace == GroundScale("mm", "15mm").pace == 0.5
    assert GroundScale("mm", "6mm").pace == GroundScale("mm", "2mm").pace == 0.5
    assert (GroundScale("mm", "15mm").element_width, GroundScale("mm", "25mm").element_width) == (40, 60)
    assert (GroundScale("paces", "15mm").element_width, GroundScale("paces", "25mm").element_width) == (
        80,
        75,
    )
    assert GroundScale("mm", "25mm", True).element_width == 60  # a base is never reduced


def test_the_format_documentation_gives_the_figures_the_code_uses():
    text = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    section = text[text.index("### 6.4 Ground scale (DBM)") : text.index("## 7. Forces")]
    rows = [
        [c.strip() for c in line.strip("|").split("|")]
        for line in section.splitlines()
        if line.startswith("| `")
    ]
    assert len(rows) == 3
    for row, (figures, reduced) in zip(rows, [("15mm", False), ("25mm", False), ("25mm", True)]):
        mm, inches = GroundScale("mm", figures, reduced), GroundScale("inches", figures, reduced)
        assert row[1].startswith(f"{mm.length(50):g} mm = {inches.length(50):g} inch")
        assert row[2].startswith(f"{mm.pace:g} mm = 1/{1 / inches.pace:g} inch")
        assert row[3] == f"{mm.element_width:g} mm" and float(row[4]) == mm.paces(mm.element_width)


def test_a_new_table_has_15mm_figures_and_the_command_takes_25mm(tmp_path, capsys):
    assert new_table_scenario(1800, 1200, "mm").map.figures == "15mm"
    out = tmp_path / "t.json"
    assert (
        main(
            [
                "new",
                "table",
                "--width",
                "108",
                "--depth",
                "60",
                "--unit",
                "inches",
                "--figures",
                "25mm",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    m = load(out).map
    assert (m.figures, m.reduced) == ("25mm", False)
    assert (
        main(
            ["new", "table", "--unit", "mm", "--figures", "25mm", "--reduced", "-o", str(tmp_path / "r.json")]
        )
        == 0
    )
    assert load(tmp_path / "r.json").map.reduced is True
    assert main(["new", "table", "--unit", "paces", "--figures", "25mm", "--reduced"]) == 2
    assert "5/8 reduction" in capsys.readouterr().err


@pytest.mark.parametrize(
    "table, words",
    [
        ({"figures": "15mm", "reduced": True, "unit": "mm"}, "for 25mm figures"),
        ({"figures": "25mm", "reduced": True, "unit": "paces"}, "mm or inches"),
    ],
)
def test_the_loader_refuses_the_reduction_where_the_text_does_not_give_it(table, words):
    doc = json.loads(dumps(new_table_scenario(1800, 1200, "mm")))
    doc["map"].update(table)
    with pytest.raises(ScenarioError) as e:
        loads(json.dumps(doc))
    assert e.value.first.pointer == "/map/reduced" and words in e.value.first.message


# ------------------------------------------------------------------------------ migration
def old_table(unit="mm", **dbm):
    doc = json.loads(dumps(new_table_scenario(1800, 1200, unit)))
    doc["format_version"] = "1.1"
    for key in ("figures", "reduced"):
        del doc["map"][key]
    if dbm:
        doc["parameters"] = {
            "rules": {"DBM": dict(dbm), "DBM-ISLAND": {"element_width": 157, "min_edge_distance": 250}}
        }
    return doc


def test_a_1_1_table_is_read_as_15mm_figures_and_loses_the_old_settings():
    doc = old_table(paces_per_inch=100, tolerance=3)
    before = json.dumps(doc)
    s = loads(before)
    assert (s.map.figures, s.map.reduced) == ("15mm", False)
    assert s.parameters.rules == {"DBM": {"tolerance": 3}, "DBM-ISLAND": {"min_edge_distance": 250}}
    assert json.dumps(doc) == before  # the step is pure
    assert loads(json.dumps(old_table())).map.figures == "15mm"


@pytest.mark.parametrize("unit, reduced", [("mm", True), ("inches", True), ("paces", False)])
def test_a_1_1_table_with_the_5_8_scale_is_read_as_25mm_figures(unit, reduced):
    s = loads(json.dumps(old_table(unit, scale=0.625, paces_per_inch=100)))
    assert (s.map.figures, s.map.reduced) == ("25mm", reduced)
    assert "DBM" not in s.parameters.rules


# ---------------------------------------------------------------------- the error corpus
CORPUS = ROOT / "samples" / "scale-errors"
NAMES = sorted(p.name[:-5] for p in CORPUS.glob("*.json") if not p.name.endswith(".expected.json"))


def test_the_scale_error_corpus_covers_both_figure_scales_and_every_unit():
    tables = [load(CORPUS / f"{n}.json").map for n in NAMES]
    assert {m.figures for m in tables} >= {"15mm", "25mm"} and {m.unit for m in tables} >= {
        "mm",
        "inches",
        "paces",
    }
    assert any(m.reduced for m in tables)


@pytest.mark.parametrize("name", NAMES)
def test_a_scale_error_file_gives_exit_1_and_exactly_its_expected_report(name, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["validate", "--format", "json", f"samples/scale-errors/{name}.json"]) == 1
    out = capsys.readouterr().out
    assert out == (CORPUS / f"{name}.expected.json").read_text(encoding="utf-8")
    (entry,) = json.loads(out)["files"]
    (v,) = entry["violations"]
    assert v["code"].startswith("DBM-") and "paces" in v["message"]
