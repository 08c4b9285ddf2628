"""The DBM terrain-choosing procedure (simulation/dbm/setup.py): the dice decide as the text says,
features that cannot be fitted are discarded, every table it lays out passes the DBM checks, and the
same seed (or the same dice typed at the table) gives the same table byte for byte."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon

from dambuster.model.io import dumps
from dambuster.simulation.dbm.request import RequestError, request_from_dict
from dambuster.simulation.dbm.setup import run
from dambuster.simulation.dice import RollNeeded, TableDice
from dambuster.validators import check_scenario
from dambuster.validators.dbm.table import Frame

COMPETITION = {"width": 1800, "depth": 1200, "unit": "mm", "figures": "15mm"}  # 3600 x 2400 paces


def request(defender, invader=None, table=COMPETITION):
    return request_from_dict({"table": dict(table), "invader": invader, "defender": defender})


def step(setup, feature):
    return next(s for s in setup.steps if s.feature == feature)


def area(setup, ident):
    return next(a for a in setup.scenario.map.areas if a.id == ident)


def errors(setup):
    return [(v.code, v.message) for v in check_scenario(setup.scenario) if v.severity == "error"]


# ------------------------------------------------------------------------------- the dice
def test_a_wood_thrown_2_then_5_lies_in_sector_2_with_its_centre_500_paces_from_every_edge():
    s = run(request([{"kind": "wood", "across": 400}]), seed=1, dice=TableDice([2, 5]))
    wood = area(s, "wood-1")
    poly = Polygon(wood.polygon)
    assert wood.sector == 2 and wood.placed_by == "defender"
    assert Frame(1800, 1200).sector(2).buffer(1e-9).covers(poly)
    c = poly.centroid
    assert 250 <= c.x <= 1550 and 250 <= c.y <= 950  # 500 paces are 250 mm
    st_ = step(s, "wood-1")
    assert [d.value for d in st_.rolls] == [2, 5] and st_.position == "centre" and st_.outcome == "placed"
    assert "sector die 2, position die 5" in st_.text and "500 paces (250 mm)" in st_.text


@pytest.mark.parametrize("roll", [1, 2, 3, 4])
def test_a_position_of_1_to_4_touches_a_table_edge(roll):
    s = run(request([{"kind": "hill-gentle", "across": 500}]), seed=roll, dice=TableDice([5, roll]))
    poly = Polygon(area(s, "hill-gentle-1").polygon)
    assert poly.distance(Frame(1800, 1200).table.exterior) <= 1.0  # within 2 paces
    assert step(s, "hill-gentle-1").position == "edge"


def test_the_defenders_waterway_needs_a_5_or_6_unless_it_is_compulsory():
    feats = [{"kind": "waterway"}, {"kind": "bua"}]
    missed = run(request(feats), dice=TableDice([4]))
    assert missed.scenario.map.waterway is None
    assert step(missed, "waterway-1").outcome == "not-taken" and "threw 4" in step(missed, "waterway-1").text
    taken = run(request(feats), dice=TableDice([5]))
    assert taken.scenario.map.waterway is not None and step(taken, "waterway-1").rolls[0].value == 5
    compulsory = run(request([{"kind": "waterway", "compulsory": True}, {"kind": "bua"}]), dice=TableDice([]))
    assert compulsory.scenario.map.waterway is not None and compulsory.draws == []


def test_a_chosen_waterway_with_no_bua_in_the_list_is_not_taken():
    s = run(request([{"kind": "waterway"}, {"kind": "wood"}]), dice=TableDice([1, 1]))
    assert s.scenario.map.waterway is None and "BUA" in step(s, "waterway-1").text


def test_a_feature_that_cannot_be_fitted_is_discarded_and_the_next_is_still_placed():
    table = {"width": 108, "depth": 60, "unit": "inches", "figures": "25mm"}  # sectors 1125 x 937.5 paces
    s = run(
        request(
            [{"kind": "wood", "across": 950, "breadth": 950}, {"kind": "hill-steep", "across": 400}],
            table=table,
        ),
        dice=TableDice([3, 1, 3, 1]),
    )
    assert (
        step(s, "wood-1").outcome == "discarded"
        and "without moving earlier features" in step(s, "wood-1").text
    )
    assert [a.id for a in s.scenario.map.areas] == ["hill-steep-1"]
    assert errors(s) == []


def test_a_feature_is_never_placed_over_an_earlier_one():
    feats = [
        {"kind": "wood", "across": 1000, "breadth": 900},
        {"kind": "marsh", "across": 1000, "breadth": 900},
    ]
    s = run(request(feats), dice=TableDice([2, 5, 2, 5]))  # both want the middle of sector 2
    assert step(s, "wood-1").outcome == "placed" and step(s, "marsh-1").outcome == "discarded"


def test_the_bua_is_on_the_waterways_shore_with_its_fields_beside_it_in_one_sector():
    s = run(
        request(
            [
                {"kind": "waterway", "compulsory": True, "edge": "left"},
                {"kind": "bua"},
                {"kind": "fields-open"},
                {"kind": "fields-enclosed", "across": 250},
            ]
        ),
        seed=4,
    )
    m = s.scenario.map
    bua, water = Polygon(area(s, "bua-1").polygon), Polygon(m.waterway.polygon)
    assert bua.distance(water) <= 1.0 and step(s, "bua-1").sector in (1, 4)
    box = Frame(1800, 1200).sector(step(s, "bua-1").sector).buffer(0.1)
    for ident in ("fields-open-1", "fields-enclosed-1"):
        fields = Polygon(area(s, ident).polygon)
        assert fields.distance(bua) <= 1.0 and box.covers(fields)
    assert area(s, "bua-1").sector is None  # a BUA and its fields are not diced
    assert errors(s) == []


def test_a_river_runs_from_the_far_short_edge_into_the_waterway_600_paces_from_the_long_edges():
    s = run(
        request(
            [
                {"kind": "waterway", "compulsory": True, "edge": "right"},
                {"kind": "bua"},
                {"kind": "river", "width": 150},
            ]
        ),
        seed=2,
    )
    m = s.scenario.map
    (river,) = m.rivers
    assert river.line[0][0] == 0 and river.flows_into == m.waterway.id and river.width == 75.0
    line = LineString(river.line)
    assert line.distance(LineString([(0, 0), (1800, 0)])) - 37.5 >= 300
    assert line.distance(LineString([(0, 1200), (1800, 1200)])) - 37.5 >= 300
    assert errors(s) == []


def test_a_compulsory_feature_of_a_type_already_present_is_not_needed():
    s = run(request([{"kind": "river", "compulsory": True}], invader={"kind": "river"}), seed=5)
    assert len(s.scenario.map.rivers) == 1 and step(s, "river-2").outcome == "not-taken"


def test_a_compulsory_road_may_stand_alone_and_the_table_says_roads_are_compulsory():
    s = run(request([{"kind": "road", "compulsory": True}]), seed=3)
    assert len(s.scenario.map.roads) == 1 and s.scenario.parameters.rules["DBM-ROAD"] == {"compulsory": 1}
    assert errors(s) == []
    lonely = run(request([{"kind": "road"}]), seed=3)
    assert lonely.scenario.map.roads == [] and step(lonely, "road-1").outcome == "not-taken"


def test_a_list_of_more_than_3_equivalents_is_laid_out_with_a_note():
    s = run(
        request(
            [
                {"kind": "wood", "across": 800},
                {"kind": "hill-gentle", "across": 800},
                {"kind": "marsh", "across": 800},
            ]
        ),
        seed=1,
    )
    assert s.notes and "4.5 feature equivalents" in s.notes[0]


# ------------------------------------------------------------------------- replay, dice
def test_the_same_seed_gives_the_same_bytes_and_the_logged_dice_replay_the_run():
    req = request(
        [
            {"kind": "waterway"},
            {"kind": "bua"},
            {"kind": "fields-open"},
            {"kind": "hill-gentle"},
            {"kind": "wood", "across": 300},
            {"kind": "road"},
        ],
        invader={"kind": "river"},
    )
    first, again = run(req, seed=11), run(req, seed=11)
    assert dumps(first.scenario) == dumps(again.scenario)
    typed = run(req, seed=11, dice=TableDice([d.value for d in first.draws]))
    assert dumps(typed.scenario) == dumps(first.scenario)
    assert "seed 11" in first.scenario.meta.description
    assert dumps(run(req, seed=12).scenario) != dumps(first.scenario)


def test_a_roll_not_typed_yet_is_asked_for_with_the_steps_so_far():
    req = request([{"kind": "wood"}, {"kind": "marsh"}])
    with pytest.raises(RollNeeded) as e:
        run(req, dice=TableDice([3, 6]))
    assert e.value.die and e.value.purpose == "marsh marsh-1: its sector"
    assert [s.feature for s in e.value.events] == ["wood-1"]


# --------------------------------------------------------------------------- bad requests
@pytest.mark.parametrize(
    "doc, words",
    [
        ({"table": {**COMPETITION, "width": 1000}, "defender": []}, "long side"),
        ({"table": COMPETITION, "defender": [{"kind": "wood", "across": 1200}]}, "at most 1,000 paces"),
        ({"table": COMPETITION, "defender": [{"kind": "wood", "across": "520mm"}]}, "1,040 paces across"),
        ({"table": COMPETITION, "defender": [{"kind": "wood", "across": 100}]}, "give an outline"),
        ({"table": COMPETITION, "invader": {"kind": "wood"}, "defender": []}, "the invader may bring one"),
        ({"table": COMPETITION, "defender": [{"kind": "bua"}, {"kind": "bua"}]}, "only 1 bua"),
        ({"table": COMPETITION, "defender": [{"kind": "fields-open"}]}, "add a bua"),
        ({"table": COMPETITION, "defender": [{"kind": "wood", "across": 300}] * 4}, "at most 3"),
        ({"table": COMPETITION, "defender": [{"kind": "river", "width": 201}]}, "at most 200 paces wide"),
        ({"table": COMPETITION, "defender": [{"kind": "waterway", "extent": 901}]}, "300 to 900 paces"),
        ({"table": {**COMPETITION, "reduced": True}, "defender": []}, "for 25mm figures"),
        ({"table": COMPETITION, "defender": [{"kind": "lake"}]}, "kind 'lake' is none of"),
        (
            {"table": COMPETITION, "defender": [{"kind": "wood", "outline": [[0, 0], [10, 0]]}]},
            "3 to 200 points",
        ),
        (
            {"table": COMPETITION, "defender": [{"kind": "wood", "outline": [[0, 0], [10, 0], [True, 5]]}]},
            "3 to 200 points",
        ),
        ({"table": COMPETITION, "defender": [{"kind": "waterway", "edge": "top"}]}, "left or right"),
    ],
)
def test_a_list_the_text_forbids_is_refused_in_one_sentence(doc, words):
    with pytest.raises(RequestError) as e:
        request_from_dict(doc)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_a_given_outline_is_placed_as_drawn_only_moved_and_turned():
    outline = [[0, 0], [300, 0], [300, 100], [0, 100]]  # mm: 600 x 200 paces
    s = run(request([{"kind": "rocky", "outline": outline}]), dice=TableDice([4, 6]))
    poly = Polygon(area(s, "rocky-1").polygon)
    assert math.isclose(poly.area, 300 * 100) and sorted(round(x) for x in poly.bounds[2:]) != []
    w, h = poly.bounds[2] - poly.bounds[0], poly.bounds[3] - poly.bounds[1]
    assert sorted([round(w, 6), round(h, 6)]) == [100, 300]


# ----------------------------------------------------------------------- the property
TABLES = [
    {"width": 1800, "depth": 1200, "unit": "mm", "figures": "15mm"},
    {"width": 72, "depth": 48, "unit": "inches", "figures": "15mm"},
    {"width": 108, "depth": 60, "unit": "inches", "figures": "25mm"},
    {"width": 2700, "depth": 1500, "unit": "mm", "figures": "25mm"},
    {"width": 1800, "depth": 1200, "unit": "mm", "figures": "25mm", "reduced": True},
    {"width": 3600, "depth": 2400, "unit": "paces", "figures": "6mm"},
]
AREA = st.sampled_from(
    ["hill-gentle", "hill-steep", "hill-wooded", "hill-rocky", "wood", "marsh", "rocky", "dunes"]
)


@st.composite
def setups(draw):
    defender = []
    invader = draw(st.none() | st.sampled_from([{"kind": "waterway"}, {"kind": "river"}, {"kind": "road"}]))
    if draw(st.booleans()) and not (invader and invader["kind"] == "waterway"):
        defender.append({"kind": "waterway", "compulsory": draw(st.booleans())})
    if draw(st.booleans()):
        defender.append({"kind": "bua", "across": draw(st.integers(110, 600))})
        defender += [
            {
                "kind": draw(st.sampled_from(["fields-open", "fields-enclosed"])),
                "across": draw(st.integers(110, 500)),
            }
            for _ in range(draw(st.integers(0, 2)))
        ]
    if draw(st.booleans()):
        defender.append({"kind": "river", "width": draw(st.integers(20, 200))})
    defender += [{"kind": "road", "compulsory": draw(st.booleans())} for _ in range(draw(st.integers(0, 2)))]
    for _ in range(draw(st.integers(0, 5))):
        across = draw(st.integers(110, 1000))
        defender.append(
            {
                "kind": draw(AREA),
                "across": across,
                "breadth": draw(st.integers(103, across)),
                "compulsory": draw(st.booleans()),
            }
        )
    try:
        req = request_from_dict(
            {"table": draw(st.sampled_from(TABLES)), "invader": invader, "defender": defender}
        )
    except RequestError:  # e.g. four features of the same equivalence and going
        req = request_from_dict({"table": TABLES[0], "invader": invader, "defender": []})
    return req, draw(st.integers(0, 2**32))


@pytest.mark.slow
@settings(max_examples=40)
@given(setups())
def test_every_table_the_procedure_lays_out_passes_the_dbm_checks_and_repeats_byte_for_byte(case):
    req, seed = case
    s = run(req, seed)
    found = {v.code for v in check_scenario(s.scenario) if v.severity == "error"}
    assert not found & {"DBM-SECTOR", "DBM-FEATURE-SIZE", "DBM-OVERLAP"}, errors(s)
    assert found == set(), errors(s)  # and every other DBM rule too
    assert dumps(run(req, seed).scenario) == dumps(s.scenario)


@pytest.mark.parametrize("seed", range(6))
def test_a_roads_log_names_the_edges_its_ends_lie_on_y_0_being_the_top_edge(seed):
    """The words and the drawing agree (docs/dbm-setup.md, "Which edge is top"): the editor draws
    y = 0 along the top of the table."""
    on = {"top": lambda p: p[1] == 0, "bottom": lambda p: p[1] == 1200, "left": lambda p: p[0] == 0}
    on["right"] = lambda p: p[0] == 1800
    for defender in (
        [{"kind": "road", "compulsory": True}, {"kind": "road"}],
        [{"kind": "bua"}, {"kind": "road"}],
    ):
        s = run(request(defender), seed=seed)
        for road in s.scenario.map.roads:
            text = step(s, road.id).text
            said = re.search(r"placed from the (BUA|\w+ edge) to the (\w+) edge", text)
            assert said, text
            start, end = said[1].removesuffix(" edge"), said[2]
            if start != "BUA":
                assert on[start](road.line[0]), (text, road.line)
            assert on[end](road.line[-1]), (text, road.line)
