"""`dambuster collapse`: the referee's rolls for a damaged dam, then its breach.

Ogre Dambusters (paraphrased): once a dam has lost 80% of its SP, one die is rolled at the start of
each player's turn and the dam collapses on a 1; once it has lost 90%, on 1-3. The breach that follows
is told with the same dice log and sentences as `surge`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dambuster.model import load
from dambuster.simulation import Dice, Run
from dambuster.simulation.breach import Breach
from dambuster.simulation.collapse import roll_collapse
from dambuster.simulation.dice import ScriptedDice

ROOT = Path(__file__).resolve().parents[2]
VALLEY = ROOT / "samples" / "ogre-dambusters-valley.json"  # dam-aller: 60 SP


def collapse(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dambuster", "collapse", str(VALLEY), "--dam", "dam-aller", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "damage, needed", [(47, None), (48, 1), (53, 1), (54, 3), (59, 3)]
)  # 80% of 60 is 48, 90% is 54
def test_the_die_needed_follows_the_texts_thresholds(damage, needed):
    sc = load(VALLEY)
    turn, events = roll_collapse(sc.map.dams[0], damage, sc.parameters.collapse, ScriptedDice([6, 6, 1]), 5)
    if needed is None:
        assert (turn, events) == (None, [])  # below 80%: no roll at all
    else:
        assert [e.detail["needed"] for e in events] == [needed] * 3 and turn == 3


def test_a_roll_above_the_need_holds_and_one_at_or_below_collapses():
    sc = load(VALLEY)
    turn, events = roll_collapse(sc.map.dams[0], 54, sc.parameters.collapse, ScriptedDice([4, 5, 3]), 9)
    assert turn == 3 and [e.detail["collapses"] for e in events] == [False, False, True]
    assert events[0].rolls[0].purpose == "collapse of dam-aller, player turn 1"


def test_all_sp_lost_is_a_breach_without_a_roll():
    sc = load(VALLEY)
    turn, events = roll_collapse(sc.map.dams[0], 60, sc.parameters.collapse, ScriptedDice([]), 9)
    assert turn == 0 and events[0].kind == "collapse" and events[0].rolls == ()


def test_typed_dice_are_the_rolls_at_the_table_then_the_breach_goes_on_with_them():
    r = collapse("--damage", "48", "--dice", "5,6,1,2")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == (
        "Aller dam (1109): 48 of 60 SP lost (80%): it collapses on a 1 at the start of each player turn (1 in 6)."
    )
    assert lines[1:4] == [
        "  Player turn 1: roll 5: the dam holds (it falls on a 1).",
        "  Player turn 2: roll 6: the dam holds (it falls on a 1).",
        "  Player turn 3: roll 1: the dam collapses.",
    ]
    assert lines[4].startswith("The breach: Aller dam (1109) gives way")
    assert lines[-1] == "The dice given ran out. Roll a die: length of the new stream."


def test_seeded_rolls_then_the_same_breach_log_as_surge_with_those_dice():
    doc = json.loads(collapse("--damage", "54", "--seed", "3", "--format", "json").stdout)
    assert doc["collapses_on"] == 3 and doc["collapse_turn"] == len(doc["rolls"])
    assert doc["rolls"][-1]["detail"] == {"needed": 3, "collapses": True}
    # the breach draws from the same generator after the collapse rolls, in surge's draw order
    sc = load(VALLEY)
    dice = Dice(3)
    for _ in doc["rolls"]:
        dice.d6("collapse")
    dice.take_log()
    events = Run(Breach(sc, "dam-aller"), dice).run()
    assert doc["breach"]["events"] == [e.to_dict(sc.map.layout.label) for e in events]
    assert doc["breach"]["left_map"] is True


def test_below_80_percent_there_is_nothing_to_roll():
    r = collapse("--damage", "47")
    assert r.returncode == 0 and r.stdout == (
        "Aller dam (1109): 47 of 60 SP lost (78.3%): below 80%, it does not collapse; no roll.\n"
    )


@pytest.mark.parametrize(
    "args, words",
    [
        (["--damage", "50", "--dice", "7"], "7 is not a roll here: a die shows 1 to 6"),
        (["--damage", "50", "--dice", "1,x"], "is not a list of rolls"),
        (["--damage", "100001"], "out of range"),
        (["--damage", "54", "--dice", "1", "--seed", "2"], "not allowed with argument"),
        (["--damage", "47", "--dice", "1"], "more roll(s) given than the run needs"),
        (["--damage", "61"], "--damage 61 is more than the 60 SP of dam 'dam-aller' (at most 60)"),
        (["--damage", "100000", "--format", "json"], "is more than the 60 SP"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, words):
    r = collapse(*args)
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1, r.stderr
    assert words in r.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--damage", "47"],
        ["--damage", "54", "--seed", "3"],
        ["--damage", "60"],
        ["--damage", "50", "--turns", "1", "--seed", "2"],
        ["--damage", "48", "--dice", "5,6,1,2"],
    ],
)
def test_every_json_output_follows_the_published_schema(args):
    import jsonschema

    schema = json.loads((ROOT / "schema" / "simulation-output.schema.json").read_text(encoding="utf-8"))
    r = collapse(*args, "--format", "json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(doc)) == []
    assert ("next_roll" in doc) == ("--dice" in args)


def _dam_of_sp(tmp_path: Path, sp: int) -> Path:
    doc = json.loads(VALLEY.read_text(encoding="utf-8"))
    doc["map"]["dams"][0]["sp"] = sp
    out = tmp_path / f"sp{sp}.json"
    out.write_text(json.dumps(doc), encoding="utf-8")
    return out


@pytest.mark.parametrize(
    "damage, shown, needed",
    [
        (799, "79.9%", None),
        (800, "80%", "a 1"),
        (899, "89.9%", "a 1"),
        (900, "90%", "1–3"),
        (999, "99.9%", "1–3"),
    ],
)
def test_the_share_lost_never_shows_a_threshold_the_damage_has_not_reached(tmp_path, damage, shown, needed):
    """The text's thresholds are 80% and 90% of the SP lost: a dam just short of one must not be shown
    as having reached it, and one short of all its SP is not shown as 100% (it still rolls)."""
    f = _dam_of_sp(tmp_path, 1000)
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "dambuster",
            "collapse",
            str(f),
            "--dam",
            "dam-aller",
            "--damage",
            str(damage),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    head = r.stdout.splitlines()[0]
    assert r.returncode == 0 and f"{damage} of 1000 SP lost ({shown}):" in head, head
    if needed is None:
        assert "below 80%, it does not collapse" in head
    else:
        assert f"it collapses on {needed} at the start" in head


def test_damage_beyond_the_dams_sp_is_refused_as_a_file_holding_it_would_be():
    """A dam cannot lose more SP than it has: the command refuses it in one line naming the SP, as
    validate refuses the same damage written in the file."""
    r = collapse("--damage", "61")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().endswith("--damage 61 is more than the 60 SP of dam 'dam-aller' (at most 60)")
    assert collapse("--damage", "60").returncode == 0


def test_a_threshold_between_whole_percents_is_shown_as_it_is(tmp_path):
    """A scenario's own threshold (85.5% lost) is named exactly, not rounded up to one the dam
    would seem to have passed."""
    doc = json.loads(VALLEY.read_text(encoding="utf-8"))
    doc["map"]["dams"][0]["sp"] = 1000
    doc.setdefault("parameters", {})["collapse"] = [{"loss_fraction": 0.855, "collapses_on": 1}]
    f = tmp_path / "t.json"
    f.write_text(json.dumps(doc), encoding="utf-8")
    argv = [sys.executable, "-m", "dambuster", "collapse", str(f), "--dam", "dam-aller", "--damage", "855"]
    r = subprocess.run(argv[:-1] + ["854"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "(85.4%): below 85.5%, it does not collapse" in r.stdout, r.stdout + r.stderr
    r = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert "(85.5%): it collapses on a 1" in r.stdout
