"""The dbm-terrain rules on a 7200 x 4800 pace table (3.6 m x 2.4 m with 15mm figures).

Sectors are 2400 x 2400: 1-3 along y < 2400 from x = 0, 4-6 above. The clean table: a waterway
along the left edge (700p deep for y < 2000, 500p beyond), the defender's river from the right edge
into it along y ~ 1200, a BUA with fields on the shore in sector 4, a road from the BUA to the right
edge, the invader's gentle hill in sector 3 and the defender's wood in sector 6. Each test changes
one thing and expects exactly one code, or none on the valid side of a threshold.
"""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from strategies import table_scenarios

from dambuster.model import io
from dambuster.model.factory import new_table_scenario
from dambuster.model.scenario import Area, TableRiver, TableRoad, Waterway
from dambuster.validators import REGISTRY, check_scenario
from dambuster.validators.dbm.curvature import max_detour

W, D = 7200.0, 4800.0


def rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


WW = [(0, 0), (700, 0), (700, 2000), (500, 2000), (500, 4800), (0, 4800)]
RIVER = [(7200, 1200), (5000, 1300), (3000, 1100), (700, 1200)]


def table(river=RIVER, ww=WW, unit="paces", width=W, depth=D):
    s = new_table_scenario(width, depth, unit=unit, profiles=["dbm-terrain"], title="dbm test")
    m = s.map
    m.waterway = Waterway("sea", list(ww), "left", placed_by="defender") if ww else None
    m.rivers = [TableRiver("r1", list(river), 150.0, flows_into="sea" if ww else None, placed_by="defender")]
    m.areas = [
        Area("bua", "bua", rect(500, 3000, 1100, 3500), placed_by="defender"),
        Area("fields", "fields-open", rect(500, 3500, 1100, 3900), placed_by="defender"),
        Area("hill", "hill-gentle", rect(5200, 1700, 5800, 2200), sector=3, placed_by="invader"),
        Area("wood", "wood", rect(5000, 3600, 5500, 4000), sector=6, placed_by="defender"),
    ]
    m.roads = [TableRoad("rd1", [(1100, 3250), (7200, 3300)], placed_by="defender")]
    return s


def codes(s):
    return {v.code for v in check_scenario(s)}


def only(s, code):
    found = check_scenario(s)
    assert {v.code for v in found} == {code}, [(v.code, v.message) for v in found]
    return found


def clean(s):
    found = check_scenario(s)
    assert found == [], [(v.code, v.message) for v in found]


def area(s, ident):
    return next(a for a in s.map.areas if a.id == ident)


def test_the_base_table_is_clean_and_survives_a_save(tmp_path):
    s = table()
    clean(s)
    io.save(s, tmp_path / "t.json")
    clean(io.load(tmp_path / "t.json"))


def test_every_code_has_a_source_in_the_dbm_text_and_a_decision():
    dbm = [r for r in REGISTRY.values() if r.profile == "dbm-terrain"]
    assert dbm and all(r.source.startswith("dbm-terrain.txt") and r.decision for r in dbm)


# ------------------------------------------------------------------------------ curvature
def test_a_hairpin_with_a_short_leg_is_too_curved_and_the_witness_shows_the_pair():
    s = table(river=[(7200, 1200), (4000, 1200), (4100, 1260), (700, 1260)])
    (v,) = only(s, "DBM-RIVER-CURVATURE")
    assert v.location["pointer"] == "/map/rivers/0" and v.location["feature"] == "r1"
    w = v.witness
    assert w["ratio"] > 4 / 3
    assert math.isclose(w["along"] / w["straight"], w["ratio"])


def notch(ratio):
    """A straight river with one symmetric V notch whose worst pair has exactly this ratio."""
    h = 100 * math.sqrt(ratio**2 - 1)
    return [(7200, 1200), (4000, 1200), (3900, 1200 - h), (3800, 1200), (700, 1200)]


def test_curvature_threshold_sides():
    assert math.isclose(max_detour(notch(1.3334))[0], 1.3334, rel_tol=1e-12)
    clean(table(river=notch(1.3333)))
    (v,) = only(table(river=notch(1.3334)), "DBM-RIVER-CURVATURE")
    assert math.isclose(v.witness["ratio"], 1.3334, rel_tol=1e-9)


def test_a_river_that_crosses_itself_fails_at_the_crossing():
    loop = [(7200, 1200), (4000, 1200), (4000, 1500), (4200, 1500), (4200, 1000), (700, 1000)]
    (v,) = only(table(river=loop), "DBM-RIVER-CURVATURE")
    assert v.witness["crossing"] == [4200.0, 1200.0]


def test_the_curvature_limit_is_a_parameter():
    s = table(river=notch(1.3334))
    s.parameters.rules["DBM-RIVER-CURVATURE"] = {"max_ratio": 1.5}
    clean(s)


# ----------------------------------------------------------------------------- river rules
def test_river_width_threshold():
    s = table()
    s.map.rivers[0].width = 200
    clean(s)
    s.map.rivers[0].width = 201
    (v,) = only(s, "DBM-RIVER-WIDTH")
    assert v.location["pointer"] == "/map/rivers/0/width"


def test_river_width_in_inches_uses_50_paces_to_the_inch_with_15mm_figures():
    s = table(
        river=[(x / 50, y / 50) for x, y in RIVER],
        ww=[(x / 50, y / 50) for x, y in WW],
        unit="inches",
        width=144,
        depth=96,
    )
    s.map.areas = []
    s.map.roads = []
    s.map.rivers[0].width = 4.0
    clean(s)
    s.map.rivers[0].width = 4.02
    (v,) = only(s, "DBM-RIVER-WIDTH")
    assert v.message == "river 'r1' is 201 paces (4.02 inches) wide; at most 200 paces (4 inches)"


def test_a_river_that_stops_short_of_the_waterway():
    (v,) = only(table(river=[(7200, 1200), (5000, 1300), (2000, 1200)]), "DBM-RIVER-COURSE")
    assert v.location["point"] == [2000.0, 1200.0]


def test_without_a_waterway_the_first_river_runs_edge_to_edge():
    s = table(river=[(7200, 1200), (3000, 1100), (0, 1200)], ww=None)
    s.map.areas = [a for a in s.map.areas if a.kind not in ("bua", "fields-open")]
    s.map.roads = []
    clean(s)
    s.map.rivers[0].line[-1] = (1000, 1200)
    only(s, "DBM-RIVER-COURSE")


def test_the_defenders_river_starts_on_a_short_edge():
    s = table(river=[(4000, 0), (4000, 300), (700, 1200)])
    s.map.rivers[0].placed_by = "defender"
    s.parameters.rules["DBM-RIVER-LONG-EDGE"] = {"min_distance": -100}  # (its bank overhangs the edge)
    (v,) = only(s, "DBM-RIVER-COURSE")
    assert v.witness["edge"] == "top"  # y = 0: the top edge as the table is drawn
    s.map.rivers[0].placed_by = "invader"  # the invader's first river may start on a long edge
    clean(s)


def test_a_second_river_must_run_from_a_short_edge_into_the_first():
    s = table()
    second = TableRiver(
        "r2", [(7200, 900), (6500, 900), (6200, 1245)], 100.0, flows_into="r1", placed_by="invader"
    )
    s.map.rivers.append(second)
    clean(s)
    second.line[-1] = (6200, 1100)  # 100 short of the first river's bank
    (v,) = only(s, "DBM-RIVER-COURSE")
    assert v.location["pointer"] == "/map/rivers/1"


def test_a_third_river_is_one_too_many():
    s = table()
    s.map.rivers.append(
        TableRiver("r2", [(7200, 900), (6500, 900), (6200, 1245)], 100.0, placed_by="invader")
    )
    s.map.rivers.append(
        TableRiver("r3", [(7200, 1000), (6800, 1000), (6700, 1230)], 50.0, placed_by="invader")
    )
    (v,) = only(s, "DBM-RIVER-COURSE")
    assert v.location["feature"] == "r3"


def test_long_edge_distance_is_measured_from_the_bank():
    clean(table(river=[(7200, 675), (700, 675)]))  # bank exactly 600 from y = 0
    (v,) = only(table(river=[(7200, 674), (700, 674)]), "DBM-RIVER-LONG-EDGE")
    assert math.isclose(v.witness["distance"], 599)


def test_the_invaders_river_may_run_near_a_long_edge():
    s = table(river=[(7200, 300), (700, 300)])
    s.map.rivers[0].placed_by = "invader"
    clean(s)


def test_a_river_crossing_the_centre_line():
    (v,) = only(table(river=[(7200, 1200), (4000, 1200), (3000, 2500), (500, 2500)]), "DBM-RIVER-CENTRE")
    x, y = v.witness["crossing"]
    assert math.isclose(y, 2400) and 3000 < x < 4000


def test_a_river_up_to_the_centre_line_does_not_cross_it():
    clean(table(river=[(7200, 1200), (4000, 1200), (3000, 2400), (500, 2400)]))


# ------------------------------------------------------------------------------- waterway
def test_waterway_at_most_900_inward():
    ww = [(0, 0), (900, 0), (900, 1000), (700, 1000), (700, 2000), (500, 2000), (500, 4800), (0, 4800)]
    clean(table(ww=ww))
    ww[1:3] = [(901, 0), (901, 1000)]
    (v,) = only(table(ww=ww), "DBM-WATERWAY")
    assert v.witness["extent"] == 901


def test_waterway_at_least_300_inward_along_its_whole_frontage():
    ww = [(0, 0), (700, 0), (700, 2000), (500, 2000), (500, 4000), (300, 4000), (300, 4800), (0, 4800)]
    clean(table(ww=ww))
    ww[5:7] = [(299, 4000), (299, 4800)]
    (v,) = only(table(ww=ww), "DBM-WATERWAY")
    assert v.witness["from"] == [0.0, 4000.0] and v.witness["to"] == [0.0, 4800.0]


def test_no_more_than_half_of_the_waterway_beyond_600():
    ww = [(0, 0), (700, 0), (700, 2400), (500, 2400), (500, 4800), (0, 4800)]
    clean(table(ww=ww))
    ww[2:4] = [(700, 2500), (500, 2500)]
    (v,) = only(table(ww=ww), "DBM-WATERWAY")
    assert math.isclose(v.witness["fraction"], 2500 / 4800)


def test_a_waterway_must_touch_its_edge():
    s = table(ww=[(x + 10, y) for x, y in WW])
    s.map.waterway.edge = "left"
    assert "DBM-WATERWAY" in codes(s)


# ------------------------------------------------------------------------ islands, promontories
def island(x0, x1):
    s = table()
    s.map.areas.append(Area("isle", "hill-gentle", rect(x0, 300, x1, 500)))
    return s


def test_an_island_300_from_the_edge_and_an_element_from_the_shore_is_fine():
    clean(island(300, 620))  # one element of 15mm figures: 40 mm, 80 paces


def test_an_island_too_close_to_the_table_edge():
    (v,) = only(island(299, 600), "DBM-ISLAND")
    assert math.isclose(v.witness["distance"], 299)


def test_an_island_too_close_to_the_shore():
    (v,) = only(island(350, 621), "DBM-ISLAND")
    assert math.isclose(v.witness["distance"], 79)
    assert v.message == "island 'isle' is 79 paces from the shore; at least one element width, 80 paces"


def test_a_promontory_projects_no_closer_than_300_to_the_edge():
    s = table()
    s.map.areas.append(Area("cape", "hill-gentle", rect(300, 1400, 1000, 1800)))
    clean(s)
    area(s, "cape").polygon = rect(299, 1400, 1000, 1800)
    only(s, "DBM-PROMONTORY")


# ---------------------------------------------------------------------------- area features
def test_a_feature_outside_its_sector():
    s = table()
    area(s, "wood").polygon = rect(4800, 3600, 5300, 4000)
    clean(s)
    area(s, "wood").polygon = rect(4700, 3600, 5200, 4000)
    (v,) = only(s, "DBM-SECTOR")
    assert v.location == {"pointer": "/map/areas/3", "feature": "wood", "point": v.location["point"]}
    assert v.witness["sector"] == 6 and v.witness["outside"].startswith("POLYGON")


def test_an_undiced_feature_is_not_checked_against_sectors():
    s = table()
    area(s, "wood").sector = None
    area(s, "wood").polygon = rect(4700, 3600, 5200, 4000)
    clean(s)


def test_feature_size_upper_threshold_is_the_diameter():
    s = table()
    area(s, "wood").polygon = rect(5000, 3600, 5800, 4200)  # 800 x 600: 1000 corner to corner
    clean(s)
    area(s, "wood").polygon = rect(5000, 3600, 5800, 4201)
    (v,) = only(s, "DBM-FEATURE-SIZE")
    assert v.witness["across"] > 1000


def test_feature_size_lower_threshold_is_the_narrowest_width():
    s = table()
    area(s, "wood").polygon = [(5000, 3600), (5400, 3600), (5200, 3700)]  # a triangle 100 high
    clean(s)
    area(s, "wood").polygon = [(5000, 3600), (5400, 3600), (5200, 3699)]
    (v,) = only(s, "DBM-FEATURE-SIZE")
    assert math.isclose(v.witness["across"], 99)


WOODS = [rect(2500, 3600, 3000, 4000), rect(3100, 3600, 3600, 4000), rect(3700, 3600, 4200, 4000)]


def test_more_than_three_features_of_the_same_equivalence_and_going():
    s = table()
    for k, poly in enumerate(WOODS[:2]):
        s.map.areas.append(Area(f"w{k}", "wood", poly, sector=5, placed_by="defender"))
    clean(s)
    s.map.areas.append(Area("w2", "wood", WOODS[2], sector=5, placed_by="defender"))
    (v,) = only(s, "DBM-FEATURE-COUNT")
    assert v.witness["equivalence"] == 1 and v.witness["going"] == "difficult"
    assert sorted(v.witness["features"]) == ["w0", "w1", "w2", "wood"]


def test_features_of_different_equivalence_are_counted_apart():
    s = table()
    for k, poly in enumerate(WOODS):
        s.map.areas.append(Area(f"w{k}", "wood", poly, sector=5, placed_by="defender"))
    area(s, "w2").polygon = rect(3700, 3600, 4100, 3900)  # 500 across: half an equivalent
    clean(s)


# ------------------------------------------------------------------------------------ BUA
def test_a_bua_must_touch_the_waterway():
    s = table()
    area(s, "bua").polygon = rect(510, 3000, 1100, 3500)
    area(s, "fields").polygon = rect(510, 3500, 1100, 3900)
    (v,) = only(s, "DBM-BUA")
    assert "waterway" in v.message


def test_a_bua_and_its_fields_in_one_sector():
    s = table()
    area(s, "fields").polygon = rect(500, 2400, 1100, 3000)
    clean(s)
    area(s, "fields").polygon = rect(500, 2399, 1100, 3000)  # 1 over: within the 5p tolerance
    clean(s)
    area(s, "fields").polygon = rect(500, 2300, 1100, 3000)
    (v,) = only(s, "DBM-BUA")
    assert v.witness["sectors"] == [1, 4]


def test_a_bua_with_two_fields_is_checked_as_one_block():
    # regression: two fields used to crash the rule (shapely's union takes grid_size as its 2nd argument)
    s = table()
    s.map.areas.append(Area("fields2", "fields-open", rect(1100, 3000, 1500, 3500), placed_by="defender"))
    clean(s)
    area(s, "fields2").polygon = rect(1100, 2350, 1500, 3100)
    (v,) = only(s, "DBM-BUA")
    assert v.witness["fields"] == ["fields", "fields2"]


def test_fields_away_from_any_bua():
    s = table()
    area(s, "fields").polygon = rect(500, 3600, 1100, 3900)
    (v,) = only(s, "DBM-BUA")
    assert v.location["feature"] == "fields"


def no_water_bua(x0):
    s = table(river=[(7200, 1200), (3000, 1100), (0, 1200)], ww=None)
    area(s, "bua").polygon = rect(x0, 3000, x0 + 600, 3500)
    area(s, "fields").polygon = rect(x0, 3500, x0 + 600, 3900)
    s.map.roads = []
    return s


def test_without_a_waterway_a_bua_goes_in_a_flank_sector_or_on_an_invaders_road():
    clean(no_water_bua(500))
    s = no_water_bua(3000)
    (v,) = only(s, "DBM-BUA")
    assert v.witness["sectors"] == [5]
    s.map.roads = [TableRoad("rd", [(3300, 4800), (3300, 3500)], placed_by="invader")]
    clean(s)


# -------------------------------------------------------------------------------- overlap
def test_two_area_features_superimposed():
    s = table()
    s.map.areas.append(Area("wood2", "wood", rect(5500, 1900, 6000, 2300), sector=3, placed_by="defender"))
    (v,) = only(s, "DBM-OVERLAP")
    assert set(v.witness["features"]) == {"hill", "wood2"} and math.isclose(v.witness["area"], 300 * 300)


def test_touching_is_not_overlapping_and_a_bua_may_sit_on_a_hill():
    s = table()
    s.map.areas.append(Area("wood2", "wood", rect(5800, 1900, 6300, 2300), sector=3, placed_by="defender"))
    s.map.areas.append(Area("knoll", "hill-steep", rect(700, 3100, 1000, 3400), placed_by="defender"))
    clean(s)


def test_a_river_through_a_hill():
    s = table()
    area(s, "hill").polygon = rect(5200, 1000, 5800, 1500)
    (v,) = only(s, "DBM-OVERLAP")
    assert set(v.witness["features"]) == {"hill", "r1"}


# ---------------------------------------------------------------------------------- roads
def test_a_road_that_links_nothing():
    s = table()
    s.map.roads.append(TableRoad("rd2", [(6000, 4000), (7200, 4000)], placed_by="defender"))
    (v,) = only(s, "DBM-ROAD")
    assert v.location["pointer"] == "/map/roads/1"


def test_a_road_that_crosses_an_earlier_road_or_belongs_to_the_invader():
    s = table()
    s.map.roads.append(TableRoad("rd2", [(6000, 2900), (6000, 4800)], placed_by="defender"))
    s.map.roads.append(TableRoad("rd3", [(4000, 4800), (4100, 4500)], placed_by="invader"))
    clean(s)


def test_at_most_two_external_roads():
    s = table()
    s.map.roads.append(TableRoad("rd2", [(6000, 2900), (6000, 4800)], placed_by="defender"))
    s.map.roads.append(TableRoad("rd3", [(4000, 2900), (4000, 4800)], placed_by="defender"))
    (v,) = only(s, "DBM-ROAD")
    assert v.location["feature"] == "rd3"


@pytest.mark.parametrize("name", ["dbm-table.json"])
def test_the_dbm_sample_is_clean(name):
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "samples" / name
    if not path.exists():
        pytest.skip("sample not written yet")
    clean(io.load(path))


@pytest.mark.slow
@settings(max_examples=60)
@given(table_scenarios())
def test_any_valid_table_gives_well_formed_violations(s):
    """Whatever the table holds, the rules run, and every violation points into the file and
    carries a witness that JSON can hold (no infinities)."""
    for v in check_scenario(s, ["dbm-terrain", "flash-flood"]):
        assert v.code in REGISTRY and v.location["pointer"].startswith("/")
        json.dumps(v.to_json(), allow_nan=False)


def test_a_table_deeper_than_wide_swaps_the_roles_of_the_edges():
    s = new_table_scenario(4800, 7200, profiles=["dbm-terrain"])
    m = s.map
    m.rivers = [TableRiver("r1", [(1200, 0), (1300, 4000), (1200, 7200)], 150.0, placed_by="defender")]
    m.areas = [Area("wood", "wood", rect(3600, 5000, 4000, 5500), sector=6, placed_by="defender")]
    clean(s)
    m.rivers[0].line[1] = (2500, 4000)  # over the centre line x = 2400
    only(s, "DBM-RIVER-CENTRE")
    m.rivers[0].line[1] = (1300, 4000)
    m.areas[0].sector = 3  # sector 3 is across x < 2400
    only(s, "DBM-SECTOR")


def test_diameter_and_narrowest_width_agree_with_brute_force():
    import numpy as np
    from shapely.geometry import MultiPoint

    from dambuster.validators.dbm.areas import diameter, min_width

    rng = np.random.default_rng(3)
    for _ in range(200):
        hull = MultiPoint(rng.uniform(0, 100, (int(rng.integers(3, 30)), 2))).convex_hull
        h = np.asarray(hull.exterior.coords)[:-1]
        far = np.hypot(h[:, None, 0] - h[None, :, 0], h[:, None, 1] - h[None, :, 1]).max()
        e = np.roll(h, -1, 0) - h
        heights = np.abs(
            e[:, None, 0] * (h[None, :, 1] - h[:, None, 1]) - e[:, None, 1] * (h[None, :, 0] - h[:, None, 0])
        )
        narrow = (heights.max(1) / np.hypot(e[:, 0], e[:, 1])).min()
        assert math.isclose(diameter(hull)[0], far, rel_tol=1e-12)
        assert math.isclose(min_width(hull)[0], narrow, rel_tol=1e-12)
