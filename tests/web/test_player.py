"""The web player (`dambuster render FILE -o OUT.html`) in Debian's headless Chromium: it loads from
file:// with the network blocked, its breach log is the command line's byte for byte (seeded and with
the same dice typed at the table), it works from the keyboard alone and axe-core finds nothing serious."""

from __future__ import annotations

import json

import pytest
from chromium_driver import SEWER, VALLEY, dambuster, drive

pytestmark = pytest.mark.slow  # each test starts Chromium (seconds)

DAM = "dam-aller"
#: the draws that choose among n (0-based in the log, typed 1 to n); the others are d6 rolls
CHOICES = ("where the new stream starts", "way of the new stream")


def cli_surge(seed: int) -> str:
    done = dambuster("surge", str(VALLEY), "--dam", DAM, "--seed", str(seed), "--format", "json")
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_page_loads_from_file_with_no_network_and_shows_the_scenario(pages):
    seen = drive(
        pages["valley"], [{"do": "text", "selector": "header"}, {"do": "text", "selector": "#status"}]
    )
    assert seen["network"] == [] and seen["errors"] == []
    assert seen["title"] == "Dambusters: the Aller valley"
    header = seen["results"][0]
    assert "Combine (attacker)" in header and "Paneuropean (defender)" in header
    assert "ogre-dambusters" in header
    assert "Not breached yet" in seen["results"][1]


def test_stepping_with_a_seed_gives_the_command_lines_log(pages):
    seen = drive(
        pages["valley"],
        [
            {"do": "seeded", "dam": DAM, "seed": 3},
            {"do": "step", "button": "step-back"},
            {"do": "step", "button": "step-forward"},
        ],
    )
    assert seen["errors"] == []
    end, back, forward = seen["results"]
    assert end["json"] == cli_surge(3)
    assert end["status"] == "Turn 8 of 8 (the end)."
    assert back["status"] == "Turn 7 of 8." and len(back["lines"]) < len(end["lines"])
    assert forward["lines"] == end["lines"]
    assert end["lines"][0] == "The breach: Aller dam (1109) gives way."


def test_dice_typed_at_the_table_give_the_same_log_as_the_seed_that_rolled_them(pages):
    cli = json.loads(cli_surge(11))
    rolls = [r for e in cli["events"] for r in e.get("rolls", [])]
    dice = [r["value"] + 1 if r["for"] in CHOICES else r["value"] for r in rolls]
    seen = drive(pages["valley"], [{"do": "typed", "dam": DAM, "dice": dice}])
    assert seen["errors"] == []
    typed = seen["results"][0]
    assert not typed["asking"]
    assert len(typed["prompts"]) == len(dice)
    for roll, prompt in zip(rolls, typed["prompts"]):
        asked = (
            f"Choose for: {roll['for']} (1 to {roll['sides']})"
            if roll["for"] in CHOICES
            else f"Roll a die for: {roll['for']} (1 to 6)"
        )
        assert prompt == asked
    assert json.loads(typed["json"]) == {**cli, "seed": 0}


def test_keyboard_alone_steps_the_breach(pages):
    seen = drive(pages["valley"], [{"do": "keyboard", "seed": 3, "forward": 3}], viewport=(390, 844))
    assert seen["errors"] == []
    kb = seen["results"][0]
    assert kb["reached"] == {"seed": True, "forward": True, "line": True}
    assert kb["status"] == "Turn 2 of 8."
    assert kb["marked"] == "Marked on the map: 1109."  # Home: the first line
    # the log is one tab stop (its newest line), the arrows move inside it
    assert kb["focus"]["first"] == kb["lines"][-1] and kb["focus"]["up"] == kb["lines"][-2]
    assert kb["focus"]["leftLog"] is True
    assert kb["lines"][0] == "The breach: Aller dam (1109) gives way."


def test_axe_finds_no_serious_accessibility_violation(pages):
    for name, actions in (
        ("valley", [{"do": "seeded", "dam": DAM, "seed": 1}]),
        ("sewer", [{"do": "flood", "seed": 1}]),
    ):
        seen = drive(pages[name], [*actions, {"do": "axe"}], viewport=(390, 844))
        serious = [v for v in seen["results"][-1] if v["impact"] in ("serious", "critical")]
        assert serious == [], (name, serious)


def test_the_sewer_table_runs_the_flash_flood_as_the_command_line_does(pages):
    seen = drive(pages["sewer"], [{"do": "flood", "seed": 1}])
    assert seen["errors"] == [] and seen["network"] == []
    done = dambuster("flood", str(SEWER), "--seed", "1", "--format", "json")
    assert seen["results"][0]["json"] == done.stdout


def _sigma(p: float, q: float, runs: int) -> float:
    """The standard error of the difference of two chances, each measured over ``runs`` breaches."""
    mean = (p + q) / 2
    return (2 * mean * (1 - mean) / runs) ** 0.5


def test_the_workers_monte_carlo_matches_the_command_lines_chances(pages):
    runs = 10000
    seen = drive(pages["valley"], [{"do": "montecarlo", "runs": runs}])
    assert seen["errors"] == [] and seen["network"] == []
    mc = seen["results"][0]
    assert mc["progress"] == "1" and mc["heat"] > 0
    assert "red, the chance a hex floods" in mc["key"] and "blue, the chance a new stream" in mc["key"]
    page = json.loads(mc["json"])
    done = dambuster("surge", str(VALLEY), "--dam", DAM, "--monte-carlo", str(runs), "--format", "json")
    cli = json.loads(done.stdout)
    assert page["runs"] == runs and page["steps"] == cli["steps"]
    ours = {tuple(h["hex"]): h for h in page["hexes"]}
    theirs = {tuple(h["hex"]): h for h in cli["hexes"]}
    assert set(ours) == set(theirs)
    for hex_, want in theirs.items():
        for field in ("flood", "swamp", "flooded_town", "stream"):
            p, q = ours[hex_][field], want[field]
            assert abs(p - q) <= 5 * _sigma(p, q, runs) + 1e-9, (want["label"], field, p, q)
    assert [(b["id"], b["washout"], b["step"]) for b in page["bridges"]] == [
        (b["id"], b["washout"], b["step"]) for b in cli["bridges"]
    ]


def test_the_collapse_roll_from_damage_is_the_command_lines(pages):
    seen = drive(pages["valley"], [{"do": "collapse", "seed": 4, "damage": 50}])
    assert seen["errors"] == []
    got = seen["results"][0]
    done = dambuster(
        "collapse", str(VALLEY), "--dam", DAM, "--damage", "50", "--seed", "4", "--format", "json"
    )
    assert got["json"] == done.stdout
    assert got["status"].startswith(
        "Aller dam (1109) has lost 50 of 60 SP: it collapses on a 1 at the start of each player turn (1 in 6)."
    )
    assert got["lines"][0] == "Player turn 1: roll 2: the dam holds (it falls on a 1)."


def test_a_new_streams_choices_are_told_one_based(pages):
    seen = drive(pages["valley"], [{"do": "seeded", "dam": DAM, "seed": 3}])
    stream = next(line for line in seen["results"][0]["lines"] if line.startswith("A new stream of 5"))
    # the command line: "start 2 of 6, length 5, way 1 of 2, way 2 of 2, way 2 of 2, way 1 of 2"
    assert stream.endswith("(start 2 of 6, length 5, way 1 of 2, way 2 of 2, way 2 of 2, way 1 of 2).")
