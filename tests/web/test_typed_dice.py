"""Dice typed at the table in the web player (headless Chromium): Forward a turn asks for each die the
breach needs and steps it as `dambuster surge` would with the seed that rolled them; the collapse roll
refuses a die that cannot be, shows what the dice so far decide and asks for the next, as
`dambuster collapse --dice` does."""

from __future__ import annotations

import json

import pytest
from chromium_driver import VALLEY, dambuster, drive

pytestmark = pytest.mark.slow  # each test starts Chromium (seconds)

DAM = "dam-aller"
CHOICES = ("where the new stream starts", "way of the new stream")


def cli(*args: str) -> str:
    done = dambuster(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def table_dice(log: dict) -> list[int]:
    """The dice a table would have typed for a seeded run's draws (picks 1 to n, dice as they lie)."""
    rolls = [r for e in log["events"] for r in e.get("rolls", [])]
    return [r["value"] + 1 if r["for"] in CHOICES else r["value"] for r in rolls]


def test_forward_a_turn_with_typed_dice_steps_the_whole_breach(pages):
    seeded = json.loads(cli("surge", str(VALLEY), "--dam", DAM, "--seed", "7", "--format", "json"))
    seen = drive(
        pages["valley"],
        [{"do": "typed-forward", "dam": DAM, "dice": table_dice(seeded)}],
        viewport=(390, 844),
    )
    assert seen["errors"] == []
    run = seen["results"][0]
    statuses = [s["status"] for s in run["seen"]]
    # turn 0 is not the end: each press goes one turn further, asking the dice on the way
    assert statuses[0] == "Turn 0." and statuses[1] == "Turn 1."
    assert statuses[-1] == f"Turn {seeded['steps']} of {seeded['steps']} (the end)."
    assert len(statuses) == seeded["steps"] + 1 and not run["seen"][-1]["asking"]
    assert json.loads(run["json"]) == {**seeded, "seed": 0}


def test_a_typed_run_midway_is_the_command_lines_run_for_those_turns(pages):
    seeded = json.loads(cli("surge", str(VALLEY), "--dam", DAM, "--seed", "7", "--format", "json"))
    dice = table_dice(seeded)
    turn2 = json.loads(
        cli("surge", str(VALLEY), "--dam", DAM, "--seed", "7", "--turns", "2", "--format", "json")
    )
    needed = len(table_dice(turn2))
    seen = drive(pages["valley"], [{"do": "typed-forward", "dam": DAM, "dice": dice[:needed]}])
    run = seen["results"][0]
    assert run["seen"][2]["status"] == "Turn 2." and run["seen"][-1]["asking"]
    # stopped at turn 3's first die: the JSON shown is still turn 2's
    assert json.loads(run["json"]) == {**turn2, "seed": 0}


def test_the_collapse_roll_refuses_dice_that_cannot_be(pages):
    seen = drive(
        pages["valley"],
        [
            {"do": "collapse-typed", "damage": 54, "dice": "7"},
            {"do": "collapse-typed", "damage": 54, "dice": "3, 9"},
            {"do": "collapse-typed", "damage": 54, "dice": "0"},
        ],
    )
    assert seen["errors"] == []
    seven, pick, zero = seen["results"]
    assert seven["status"].endswith("7 is not a roll here: a die shows 1 to 6.")
    assert pick["status"].endswith("9 is not a roll here: pick 1 to 6.")
    assert "0 is not a roll here" in zero["status"]
    assert all(r["json"] == "" and r["lines"] == [] for r in seen["results"])
    done = dambuster("collapse", str(VALLEY), "--dam", DAM, "--damage", "54", "--dice", "3,9")
    assert done.returncode == 2 and "9 is not a roll here: pick 1 to 6" in done.stderr


def test_dice_typed_into_the_collapse_box_are_used_whatever_the_breach_dice_choice(pages):
    """A player who types the table's dice into the collapse box gets their roll, not the seed's, even
    with the breach's dice left on "seeded": a 7 is refused as the command line refuses it."""
    seen = drive(pages["valley"], [{"do": "collapse-typed", "damage": 54, "dice": "7", "seeded": True}])
    assert seen["errors"] == []
    assert seen["results"][0]["status"].endswith("7 is not a roll here: a die shows 1 to 6.")


@pytest.mark.parametrize("dice", ["3, 2", "5, 6", "5,6,2"])
def test_dice_so_far_show_what_they_decide_and_ask_for_the_next(pages, dice):
    seen = drive(pages["valley"], [{"do": "collapse-typed", "damage": 54, "dice": dice}])
    assert seen["errors"] == []
    shown = seen["results"][0]
    expected = cli(
        "collapse",
        str(VALLEY),
        "--dam",
        DAM,
        "--damage",
        "54",
        "--dice",
        dice.replace(" ", ""),
        "--format",
        "json",
    )
    assert shown["json"] == expected
    nxt = json.loads(expected)["next_roll"]["for"]
    assert f": {nxt} (1 to " in shown["status"] and "add it to the dice" in shown["status"]
    assert shown["lines"]  # the rolls (and the breach's turns) so far are listed


def test_the_whole_list_of_dice_gives_the_command_lines_json_and_an_empty_box_is_the_files_damage(pages):
    dice = "3,2,4,1,1,1,3,5,1,1,1,1,4,4,1,1,1,5,4,1,5,1,2,6,1,2,1,1,1,2,3,2,1"
    seen = drive(
        pages["valley"],
        [
            {"do": "collapse-typed", "damage": 54, "dice": dice},
            {"do": "collapse-typed", "damage": None, "dice": "1"},
        ],
    )
    full, default = seen["results"]
    assert full["json"] == cli(
        "collapse", str(VALLEY), "--dam", DAM, "--damage", "54", "--dice", dice, "--format", "json"
    )
    # an empty box is the file's damage (12 of 60 SP): it cannot collapse, so the die is one too many,
    # as `collapse` without --damage says
    assert default["status"] == "Dice: 1 more roll given than the run needs."
    done = dambuster("collapse", str(VALLEY), "--dam", DAM, "--dice", "1")
    assert done.returncode == 2 and "1 more roll(s) given than the run needs" in done.stderr


def test_a_seed_is_digits_and_changing_it_midway_starts_again(pages):
    seen = drive(
        pages["valley"],
        [
            {"do": "seed-box", "value": "8e5"},
            {"do": "seed-box", "value": ""},
            {"do": "seed-box", "first": "3", "forward": 3, "value": "4"},
        ],
    )
    assert seen["errors"] == []
    exponent, empty, changed = seen["results"]
    rule = "The seed is a whole number from 0 to 4,294,967,295 (the command line's default is 0)."
    assert exponent["status"] == rule and empty["status"] == rule
    assert changed["changed"] == "The seed changed: the breach starts again. Press Forward a turn."
    assert changed["status"] == "Turn 0 of 8."
