"""The bundled samples: they load, validate clean, keep their exact bytes, and can be rebuilt."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from dambuster.model import dumps, load, save
from dambuster.model.hexgrid import distance

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
NAMES = [
    "ogre-dambusters-valley.json",
    "ogre-basic.json",
    "dbm-table.json",
    "dbm-15mm-competition.json",
    "dbm-25mm-inches.json",
    "sewer-flash-flood.json",
    "big-200x200.json",
]


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def make_samples():
    return _script("make_samples")


@pytest.fixture(scope="module")
def validate_run():
    """One run of the real command over every sample, as a user or a CI job would run it."""
    proc = subprocess.run(
        [sys.executable, "-m", "dambuster", "validate", "--format", "json", *NAMES],
        cwd=SAMPLES,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return proc


def test_the_samples_folder_holds_exactly_the_documented_samples():
    assert sorted(p.name for p in SAMPLES.glob("*.json")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_sample_loads(name):
    scenario = load(SAMPLES / name)
    assert scenario.meta.author == "dambuster samples"
    assert scenario.meta.license == "CC0-1.0"
    assert scenario.meta.profiles


def test_validate_exits_0_for_the_samples(validate_run):
    assert validate_run.returncode == 0, validate_run.stdout + validate_run.stderr


@pytest.mark.parametrize("name", NAMES)
def test_validate_reports_no_violation(validate_run, name):
    report = json.loads(validate_run.stdout)
    entry = next(f for f in report["files"] if f["path"] == name)
    assert entry["valid"] is True
    assert [v for v in entry["violations"] if v["severity"] == "error"] == []


@pytest.mark.parametrize("name", NAMES)
def test_load_then_dumps_gives_the_files_exact_bytes(name):
    path = SAMPLES / name
    assert dumps(load(path)).encode("utf-8") == path.read_bytes()


@pytest.mark.parametrize("name", NAMES)
def test_load_save_load_is_equal(name, tmp_path):
    first = load(SAMPLES / name)
    save(first, tmp_path / name)
    assert load(tmp_path / name) == first


def test_make_samples_rebuilds_every_file_byte_for_byte(tmp_path):
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_samples.py"), "--out", str(tmp_path), "--invalid"],
        check=True,
        capture_output=True,
        timeout=120,
    )
    for name in NAMES[:-1]:
        assert (tmp_path / name).read_bytes() == (SAMPLES / name).read_bytes(), name
    for corpus in ("invalid", "scale-errors"):
        built = sorted(p.name for p in (tmp_path / corpus).iterdir())
        assert built == sorted(p.name for p in (SAMPLES / corpus).iterdir())
        for name in built:
            assert (tmp_path / corpus / name).read_bytes() == (SAMPLES / corpus / name).read_bytes(), name


def test_make_big_map_rebuilds_the_200x200_sample(tmp_path):
    out = tmp_path / "big.json"
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "make_big_map.py"),
            "--columns",
            "200",
            "--rows",
            "200",
            "--seed",
            "7",
            "-o",
            str(out),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert out.read_bytes() == (SAMPLES / "big-200x200.json").read_bytes()


def test_big_map_is_200_by_200_and_small():
    path = SAMPLES / "big-200x200.json"
    m = load(path).map
    assert (m.columns, m.rows) == (200, 200)
    assert len(m.terrain.to_rows()) == 200 and all(len(row) == 200 for row in m.terrain.to_rows())
    assert path.stat().st_size < 2_000_000
    assert m.dams and len(m.rivers) >= 2 and m.river_bridges


def test_a_small_generated_map_is_coherent(make_samples):
    big = _script("make_big_map")
    for seed in (1, 2, 3):
        make_samples.check_hex_sample(big.generate(60, 80, seed))


@pytest.mark.parametrize("name", ["ogre-dambusters-valley.json", "ogre-basic.json", "big-200x200.json"])
def test_hex_samples_are_coherent(make_samples, name):
    """Rivers are chains of water, the dam holds a reservoir upstream, routes cross water only on bridges,
    units stand where they can and inside their setup zones, forces match their budgets."""
    make_samples.check_hex_sample(load(SAMPLES / name))


def test_dbm_table_follows_the_layout_decisions(make_samples):
    make_samples.check_dbm_sample(load(SAMPLES / "dbm-table.json"))


@pytest.mark.parametrize(
    "name, figures, unit",
    [("dbm-15mm-competition.json", "15mm", "mm"), ("dbm-25mm-inches.json", "25mm", "inches")],
)
def test_the_true_scale_dbm_tables_hold_every_kind_of_feature(name, figures, unit):
    s = load(SAMPLES / name)
    m = s.map
    assert (m.figures, m.unit, m.reduced) == (figures, unit, False)
    kinds = {a.kind for a in m.areas}
    assert m.waterway and m.rivers and m.rivers[0].flows_into == m.waterway.id and m.roads
    assert {"bua", "fields-open", "hill-gentle", "hill-steep", "wood"} <= kinds
    assert [a.kind for a in m.areas].count("wood") == 2


def test_sewer_is_a_connected_network_with_a_fork(make_samples):
    make_samples.check_sewer_sample(load(SAMPLES / "sewer-flash-flood.json"))


def test_valley_is_a_dambusters_map():
    s = load(SAMPLES / "ogre-dambusters-valley.json")
    m = s.map
    (dam,) = m.dams
    river = next(r for r in m.rivers if r.id == dam.river)
    below = river.hexes[river.hexes.index(dam.hex) + 1]
    assert (m.orientation, m.offset) == ("flat", "odd-q")
    assert m.terrain[below] == "water" and m.layout.is_edge(river.hexes[-1])
    assert any(distance(h, dam.hex) == 1 for h in dam.reservoir)
    assert dam.sp >= 50 and 0 < dam.damage < dam.sp and dam.sp_known_to == ["paneuropean"] and not dam.hidden
    assert 1 <= len(dam.buildings) <= 3
    assert any(r.joins == river.id for r in m.rivers)
    assert m.river_bridges and m.stream_bridges and m.rails and m.towns and m.floodplain.hexes
    assert all(0 <= side[2] <= 2 for f in m.hexsides for side in [f.side])
    assert {f.kind for f in m.hexsides} >= {"stream", "ridge", "trees"}
    assert {"forest", "swamp", "rubble", "building", "town", "water"} <= set(m.terrain.counts())
    mines = m.markers.mines
    assert mines and all(x.hidden and x.owner == "paneuropean" for x in mines)
    types = {u.type for u in s.units}
    assert {"ogre-mk3", "heavy-tank", "gev", "infantry", "howitzer", "combat-engineers", "truck"} <= types


def test_ogre_basic_force_matches_its_budget_exactly():
    s = load(SAMPLES / "ogre-basic.json")
    types = s.unit_types
    defense = [u for u in s.units if u.side == "defense"]
    assert sum(types[u.type].attack * u.squads for u in defense if types[u.type].category == "infantry") == 20
    assert sum(types[u.type].armor_weight for u in defense if types[u.type].category == "armor") == 12
    assert [u.type for u in defense].count("command-post") == 1
    (ogre,) = [u for u in s.units if u.side == "ogre"]
    assert ogre.type == "ogre-mk3" and ogre.hex is None
    forward = next(z for z in s.setup_zones if z.max_attack is not None)
    assert forward.max_attack == 20
    assert {v.name.split()[0] for v in s.victory} == {"Complete", "Standard", "Marginal"}


def test_breaching_the_valley_dam_plays_out_on_the_map():
    """What a player previewing the breach sees: the swell leaves the map, the brook bridge washes out,
    fields beside the river flood and the valley road is cut."""
    from dambuster.simulation.breach import Breach, Run
    from dambuster.simulation.dice import Dice

    run = Run(Breach(load(SAMPLES / "ogre-dambusters-valley.json"), "dam-aller"), Dice(0))
    kinds = [e.kind for e in run.run(None)]
    assert run.state.done and "left-map" in kinds
    assert "bridge-out" in kinds and "flood" in kinds and "road-cut" in kinds and "reservoir" in kinds
