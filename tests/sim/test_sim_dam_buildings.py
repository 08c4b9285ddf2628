"""Ogre Dambusters 11.05 (paraphrased): up to three buildings may share a dam's hex; they count as on
the dam, keep their own SP and can be destroyed on their own, but when the dam is destroyed they are
destroyed with it automatically.

The breach of the valley sample's Aller dam (a power station and a control tower on it) names them in
the event log, the plain-language log, the summary and `surge --apply`'s output; the map `--apply`
writes records them destroyed (damage equal to SP); the printed overlays give each a marker."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from dambuster.model import dumps, load, loads
from dambuster.simulation import Breach, Dice, Run, apply
from dambuster.simulation.narrate import breach_sentences
from dambuster.simulation.summary import breach_summary, summary_sentences

ROOT = Path(__file__).resolve().parents[2]
VALLEY = ROOT / "samples" / "ogre-dambusters-valley.json"
ON_DAM = ["dam-powerhouse", "dam-tower"]


def breached(seed: int = 1):
    sc = load(VALLEY)
    b = Breach(sc, "dam-aller")
    run = Run(b, Dice(seed))
    return sc, b, run, run.run()


def test_the_breach_destroys_the_buildings_on_the_dam_in_the_event_log_and_the_sentences():
    _sc, b, run, events = breached()
    gone = [e for e in events if e.kind == "building-destroyed"]
    assert [e.where for e in gone] == ON_DAM and {e.step for e in gone} == {0}
    assert gone[0].to_dict() == {
        "step": 0,
        "kind": "building-destroyed",
        "where": "dam-powerhouse",
        "detail": {"dam": "dam-aller", "kind": "power station"},
    }
    said = [s.text for s in breach_sentences(b, run.events[0])]
    assert (
        "On the dam, the power station dam-powerhouse and the control tower dam-tower are destroyed with it."
        in said
    )
    summary = [s.text for s in summary_sentences(breach_summary(b, run.state, events), b.layout)]
    assert summary[-1] == (
        "Buildings destroyed with the dam: power station dam-powerhouse and control tower dam-tower."
    )


def test_the_map_after_the_breach_records_them_destroyed_and_loads_again():
    sc, _b, run, _events = breached()
    after = loads(dumps(apply(sc, run.state, "dam-aller")))
    (dam,) = after.map.dams
    assert dam.damage == dam.sp
    assert [(x.id, x.damage) for x in dam.buildings] == [(x.id, x.sp) for x in dam.buildings]
    assert [x.id for x in dam.buildings] == ON_DAM


def test_a_building_already_destroyed_is_not_destroyed_twice():
    sc = load(VALLEY)
    sc.map.dams[0].buildings[0].damage = sc.map.dams[0].buildings[0].sp
    events = Run(Breach(sc, "dam-aller"), Dice(1)).run(0)
    assert [e.where for e in events if e.kind == "building-destroyed"] == ["dam-tower"]


def test_surge_apply_says_what_it_wrote_about_the_dam_and_its_buildings(tmp_path):
    out = tmp_path / "after.json"
    r = subprocess.run(
        [sys.executable, "-m", "dambuster", "surge", str(VALLEY), "--dam", "dam-aller", "--seed", "1"]
        + ["--apply", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    last = r.stdout.splitlines()[-1]
    assert f"Written to {out}" in last and "Aller dam destroyed (60 of 60 SP lost)" in last
    assert "power station dam-powerhouse (10 of 10 SP lost)" in last and "dam-tower" in last
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["format_version"] == "1.3"
    assert [x["damage"] == x["sp"] for x in doc["map"]["dams"][0]["buildings"]] == [True, True]


def test_a_file_of_version_1_2_reads_with_its_buildings_undamaged():
    doc = json.loads(VALLEY.read_text(encoding="utf-8"))
    doc["format_version"] = "1.2"
    for x in doc["map"]["dams"][0]["buildings"]:
        x.pop("damage", None)
    sc = loads(json.dumps(doc))
    assert [x.damage for x in sc.map.dams[0].buildings] == [0, 0]


def test_the_overlays_give_a_destroyed_marker_for_each_building_on_the_dam():
    from dambuster.editor.printing.breach_pieces import dam_pieces

    pieces = dam_pieces(load(VALLEY), "dam-aller", runs=50)
    assert [p.label for p in pieces if p.kind == "building-destroyed"] == ON_DAM
