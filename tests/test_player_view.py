"""Player views: one side's copy of a scenario leaves out what that side must not know, and validates."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import hex_scenarios

from dambuster.cli import main
from dambuster.interop.player_view import PlayerViewError, player_view, unknown_sp_placeholder
from dambuster.model.io import dumps, load, loads, save
from dambuster.model.scenario import Mine

ROOT = Path(__file__).resolve().parent.parent
VALLEY = ROOT / "samples" / "ogre-dambusters-valley.json"


@pytest.fixture
def valley(tmp_path) -> Path:
    """The valley sample plus a hidden Combine mine, a found Paneuropean mine and a Combine reserve."""
    sc = load(VALLEY)
    mines = sc.map.markers.mines
    mines.append(Mine("mine-combine", (5, 5), "combine", hidden=True))
    mines.append(Mine("mine-found", (6, 6), "paneuropean", hidden=False))
    next(u for u in sc.units if u.id == "vulcan-1").hex = None  # enters later: a reserve
    path = tmp_path / "valley.json"
    save(sc, path)
    return path


def view_of(path: Path, side: str, tmp_path: Path, *extra: str) -> tuple[dict, str]:
    out = tmp_path / f"{side}.json"
    assert (
        main(["player-view", str(path), "--side", side, "-o", str(out), "--force", *extra]) == 0
    )  # one file, many views
    return json.loads(out.read_text(encoding="utf-8")), str(out)


def test_the_attacker_sees_no_defender_hidden_mines_and_no_dam_sp(valley, tmp_path, capsys):
    doc, out = view_of(valley, "combine", tmp_path)
    mines = {m["id"] for m in doc["map"]["markers"]["mines"]}
    assert mines == {"mine-combine", "mine-found"}  # its own mine and the one already found
    dam = doc["map"]["dams"][0]
    assert (dam["sp"], dam["damage"]) == (50, 0)  # the dambusters minimum, no damage
    assert tuple(dam["hex"]) == load(VALLEY).map.dams[0].hex  # the dam itself is public
    assert "player-view" in doc["meta"]["tags"] and "player-view:combine" in doc["meta"]["tags"]
    assert "dam-aller" in doc["meta"]["description"]
    assert main(["validate", out, "--format", "json"]) == 0


def test_the_defender_keeps_its_mines_and_its_dam_and_loses_the_attackers_hidden_mine(valley, tmp_path):
    original = load(valley)
    doc, out = view_of(valley, "paneuropean", tmp_path)
    mines = {m["id"] for m in doc["map"]["markers"]["mines"]}
    assert mines == {"mine-1", "mine-2", "mine-found"}
    dam = doc["map"]["dams"][0]
    assert (dam["sp"], dam["damage"]) == (original.map.dams[0].sp, original.map.dams[0].damage) == (60, 12)
    assert main(["validate", out]) == 0


def test_the_view_is_the_original_but_for_what_it_masks(valley):
    original = load(valley)
    view, masked = player_view(original, "combine")
    assert masked.mines == ["mine-1", "mine-2"] and masked.dams == ["dam-aller"]
    assert load(valley) == original  # the scenario given is not touched
    view.map.markers.mines = original.map.markers.mines
    view.map.dams = original.map.dams
    view.meta = original.meta
    assert view == original


def test_reserves_of_other_sides_go_only_when_asked(valley, tmp_path):
    doc, _ = view_of(valley, "paneuropean", tmp_path)
    assert "vulcan-1" in {u["id"] for u in doc["units"]}
    doc, out = view_of(valley, "paneuropean", tmp_path, "--hide-reserves")
    assert "vulcan-1" not in {u["id"] for u in doc["units"]}
    assert [b["side"] for b in doc["budgets"]] == ["paneuropean"]  # combine's budget would count it
    assert main(["validate", out]) == 0
    doc, _ = view_of(valley, "combine", tmp_path, "--hide-reserves")
    assert "vulcan-1" in {u["id"] for u in doc["units"]}  # its own reserve stays


def test_the_placeholder_sp_follows_the_scenarios_dam_minimum(valley, tmp_path):
    sc = load(valley)
    sc.parameters.rules["DAM-SP-MIN"] = {"min_sp": 40.0}
    view, _ = player_view(sc, "combine")
    assert view.map.dams[0].sp == 40


def test_a_table_map_keeps_everything(tmp_path):
    src = ROOT / "samples" / "sewer-flash-flood.json"
    sc = load(src)
    side = sc.sides[0].id
    view, masked = player_view(sc, side)
    assert view.map == sc.map and not (masked.mines or masked.dams or masked.units)
    assert "nothing hidden" in view.meta.description


def test_an_unknown_side_is_one_line_and_writes_nothing(valley, tmp_path, capsys):
    out = tmp_path / "x.json"
    assert main(["player-view", str(valley), "--side", "nobody", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "combine, paneuropean" in err
    assert not out.exists()
    with pytest.raises(PlayerViewError):
        player_view(load(valley), "nobody")


def test_the_view_never_overwrites_its_source(valley, tmp_path, capsys):
    copy = tmp_path / "copy.json"
    shutil.copy(valley, copy)
    before = copy.read_bytes()
    assert main(["player-view", str(copy), "--side", "combine", "-o", str(copy)]) == 2
    assert copy.read_bytes() == before
    assert "input file" in capsys.readouterr().err


SAMPLES = sorted(p for p in (ROOT / "samples").glob("*.json") if p.stat().st_size < 1_000_000)


@pytest.mark.slow
@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_every_sides_view_of_every_sample_validates_as_well_as_the_original(path, tmp_path, capsys):
    original = main(["validate", str(path)])
    for s in load(path).sides:
        for extra in ((), ("--hide-reserves",)):
            _, out = view_of(path, s.id, tmp_path, *extra)
            assert main(["validate", out]) <= original, (s.id, extra)


@pytest.mark.slow
@given(hex_scenarios(), st.data())
def test_any_sides_view_loads_again_and_hides_what_it_must(sc, data):
    side = data.draw(st.sampled_from([s.id for s in sc.sides]))
    view, _ = player_view(sc, side, hide_reserves=data.draw(st.booleans()))
    again = loads(dumps(view))  # schema and semantic checks: the view is a valid scenario
    assert not [m for m in again.map.markers.mines if m.hidden and m.owner != side]
    for before, after in zip(sc.map.dams, again.map.dams):
        assert after.hex == before.hex
        if side in before.sp_known_to:
            assert (after.sp, after.damage) == (before.sp, before.damage)
        else:
            assert (after.sp, after.damage) == (unknown_sp_placeholder(sc), 0)
    assert f"player-view:{side}"[:64] in again.meta.tags
