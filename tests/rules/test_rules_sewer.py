"""The flash-flood rules on a 48 x 48 inch sewer.

The clean sewer: the flood starts in the corner (0, 0) at the mouth of corridor ``a`` (0,0)-(20,0);
``b`` turns north from a's far end; ``c`` branches off a's side at x = 10 (its end 2" from a's centre
line, a's half width); a grate on ``b``, a node at the a/b corner, and a model 5" along ``b``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dambuster.model import io
from dambuster.model.factory import new_table_scenario
from dambuster.model.scenario import Corridor, Gantry, Model, Sewer, SewerPoint, Side
from dambuster.validators import REGISTRY, check_scenario


def sewer():
    s = new_table_scenario(48, 48, unit="inches", profiles=["flash-flood"], title="sewer test")
    s.sides = [Side("imp", "Imperials", role="attacker"), Side("nid", "Tyranids")]
    s.map.sewer = Sewer(
        corridors=[
            Corridor("a", [(0, 0), (20, 0)], 4.0),
            Corridor("b", [(20, 0), (20, 20)], 4.0),
            Corridor("c", [(10, 2), (10, 20), (0, 20)], 3.0),
        ],
        nodes=[SewerPoint("n1", (20, 0))],
        grates=[SewerPoint("g1", (20, 10))],
        flood_origin=(0, 0),
        models=[Model("m1", "imp", 3, "b", 5.0)],
    )
    return s


def only(s, code):
    found = check_scenario(s)
    assert {v.code for v in found} == {code}, [(v.code, v.message) for v in found]
    return found


def clean(s):
    found = check_scenario(s)
    assert found == [], [(v.code, v.message) for v in found]


def test_the_sewer_is_clean_and_survives_a_save(tmp_path):
    s = sewer()
    clean(s)
    io.save(s, tmp_path / "s.json")
    clean(io.load(tmp_path / "s.json"))


def test_every_code_has_a_source_in_the_flood_text_and_a_decision():
    sewer = [r for r in REGISTRY.values() if r.profile == "flash-flood"]
    assert sewer and all(r.source.startswith("sewer-flash-flood.txt") and r.decision for r in sewer)


def test_no_origin():
    s = sewer()
    s.map.sewer.flood_origin = None
    (v,) = only(s, "SEWER-ORIGIN")
    assert v.location["pointer"] == "/map/sewer/flood_origin"


def test_no_sewer_at_all():
    s = sewer()
    s.map.sewer = None
    only(s, "SEWER-ORIGIN")


def test_origin_within_half_a_corridor_width():
    s = sewer()
    s.map.sewer.flood_origin = (5, 2)  # exactly on a's side wall
    clean(s)
    s.map.sewer.flood_origin = (5, 2.02)
    (v,) = only(s, "SEWER-ORIGIN")
    assert v.location["point"] == [5.0, 2.02]


def test_an_isolated_corridor_is_a_warning():
    s = sewer()
    s.map.sewer.corridors.append(Corridor("d", [(40, 40), (45, 40)], 2.0))
    (v,) = only(s, "SEWER-UNREACHED")
    assert v.severity == "warning" and v.location["feature"] == "d"
    assert v.witness["reached"] == ["a", "b", "c"]


def test_a_corridor_under_a_gantry_is_meant_to_stay_dry():
    s = sewer()
    s.map.sewer.corridors.append(Corridor("d", [(40, 40), (45, 40)], 2.0))
    s.map.sewer.gantries.append(Gantry("deck", [(38, 38), (47, 38), (47, 42), (38, 42)]))
    clean(s)


def test_a_branch_just_short_of_the_corridor_is_cut_off():
    s = sewer()
    s.map.sewer.corridors[2].line[0] = (10, 2.02)  # beyond a's half width plus the tolerance
    (v,) = only(s, "SEWER-UNREACHED")
    assert v.location["feature"] == "c"


def test_crossing_corridors_meet():
    s = sewer()
    s.map.sewer.corridors.append(Corridor("d", [(5, 10), (30, 10)], 2.0))  # crosses c and b mid-way
    s.map.sewer.corridors.append(Corridor("e", [(30, 5), (30, 30)], 2.0))  # crosses d
    clean(s)


@pytest.mark.parametrize("key", ["nodes", "grates", "sluice_gates", "cave_ins"])
def test_a_point_feature_off_the_corridors(key):
    s = sewer()
    getattr(s.map.sewer, key).append(SewerPoint("x1", (30, 30)))
    (v,) = only(s, "SEWER-FEATURE")
    assert v.location["pointer"].startswith(f"/map/sewer/{key}/")


def test_a_grate_on_the_corridor_wall_is_on_the_corridor():
    s = sewer()
    s.map.sewer.grates[0].point = (22, 10)
    clean(s)
    s.map.sewer.grates[0].point = (22.02, 10)
    only(s, "SEWER-FEATURE")


def test_a_model_past_the_end_of_its_corridor():
    s = sewer()
    s.map.sewer.models[0].position = 20.0
    clean(s)
    s.map.sewer.models[0].position = 20.5
    (v,) = only(s, "SEWER-MODEL")
    assert v.witness == {"position": 20.5, "length": 20.0}


def test_a_model_in_a_missing_corridor():
    s = sewer()
    s.map.sewer.models[0].corridor = "zz"
    (v,) = only(s, "SEWER-MODEL")
    assert v.location["pointer"] == "/map/sewer/models/0/corridor"


def test_the_sewer_sample_is_clean():
    path = Path(__file__).resolve().parents[2] / "samples" / "sewer-flash-flood.json"
    if not path.exists():
        pytest.skip("sample not written yet")
    clean(io.load(path))
