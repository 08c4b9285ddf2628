"""`dambuster collapse`: the referee's collapse rolls for a damaged dam, then its breach.

    dambuster collapse FILE --dam ID --damage N [--seed S | --dice 1,4,...] [--turns T] [--format text|json]

The chance per player turn comes from the scenario's collapse thresholds (Ogre Dambusters: 80 % of the
SP lost -> a 1, 90 % -> 1-3); one die at the start of each player turn, seeded or as thrown at the table
(``--dice``), until the dam collapses or ``--turns`` player turns have passed. When it collapses, the
breach follows with the same dice, told as `surge` tells it (the same event log and sentences). Typed
dice that run out stop the run at the roll still needed and say what it is for.
Errors: one line on standard error, exit 2.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from dambuster.cli.options import SEED, Range, add_budget_argument
from dambuster.cli.status import EXIT_OK, fail
from dambuster.model.output import write_json

from . import Declared, Example

if TYPE_CHECKING:
    from dambuster.model.hexgrid import Layout
    from dambuster.model.scenario import CollapseThreshold, Dam, HexMap, Scenario
    from dambuster.simulation.breach import Run
    from dambuster.simulation.dice import RollNeeded
    from dambuster.simulation.state import Event

    from . import Subparsers

DECLARED = (
    Declared(
        "collapse",
        reads="a scenario (a hex map with a dam)",
        examples=(
            Example("{map} --dam {dam} --damage 55 --seed 1 --format text", on=("ogre-dambusters",)),
            Example("{map} --dam {dam} --damage 55 --format json", on=("ogre-dambusters",), stdout="json"),
        ),
    ),
)
#: --damage: SP lost (a dam has at most 100,000 SP, format.md)
DAMAGE = Range(int, 0, 100_000)
#: --turns: player turns to roll for
ROLL_TURNS = Range(int, 1, 10_000)
DEFAULT_TURNS = 20


def typed_dice(text: str) -> list[int]:
    """``--dice``: rolls as read at the table, comma-separated (a die 1-6; a pick 1-n)."""
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or not all(p.isdigit() and 1 <= int(p) <= 10_000 for p in parts):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a list of rolls such as 1,4,6")
    return [int(p) for p in parts]


class _Stop(Exception):
    """The command's one-line refusal."""


def run_collapse(
    sc: Scenario, m: HexMap, dam_id: str, damage: int, turns: int, seed: int, typed: list[int] | None
) -> tuple[int | None, list[Event], Run | None, RollNeeded | None]:
    """(turn, collapse events, breach Run or None, the roll still needed or None). Typed dice are given
    one by one as the run asks for them (a pick typed 1..n), replaying from the start each time."""
    from dambuster.simulation.breach import Breach, Run
    from dambuster.simulation.collapse import roll_collapse
    from dambuster.simulation.dice import Dice, RollNeeded, TableDice
    from dambuster.simulation.plan import find_dam

    dam = find_dam(m, dam_id)
    thresholds = sc.parameters.collapse
    if typed is None:
        dice = Dice(seed)
        turn, events = roll_collapse(dam, damage, thresholds, dice, turns)
        run = None
        if turn is not None:
            run = Run(Breach(sc, dam_id), dice)
            run.run()
        return turn, events, run, None
    given: list[int] = []  # the typed rolls handed over so far, as the dice store them
    left = list(typed)
    while True:
        table = TableDice(given)
        turn: int | None = None
        events: list[Event] = []
        run: Run | None = None
        try:
            turn, events = roll_collapse(dam, damage, thresholds, table, turns)
            if turn is not None:
                run = Run(Breach(sc, dam_id), table)
                run.run()
            if left:
                raise _Stop(f"--dice: {len(left)} more roll(s) given than the run needs")
            return turn, events, run, None
        except RollNeeded as need:
            if not left:  # stop at the roll still needed: the collapse rolls, or the breach so far
                return turn, events if turn is not None else list(need.events), run, need
            value = left.pop(0)
            try:
                table.give(value, need)
            except ValueError as e:
                n = len(typed) - len(left)
                raise _Stop(f"--dice: roll {n} ({need.purpose}): {e}") from None
            given = table.given


def _heading(dam: Dam, damage: int, thresholds: list[CollapseThreshold], layout: Layout) -> str:
    from dambuster.simulation.collapse import collapses_on, percent_lost
    from dambuster.simulation.narrate import at_most
    from dambuster.simulation.network import as_hex

    name = f"{dam.name or dam.id} ({layout.label(as_hex(dam.hex))})"
    lost = f"{damage} of {dam.sp} SP lost ({percent_lost(damage, dam.sp)})"
    if damage >= dam.sp:
        return f"{name}: {lost}: destroyed outright, no roll; the breach comes now."
    on = collapses_on(dam.sp, damage, thresholds)
    if on <= 0:
        least = min((t.loss_fraction for t in thresholds if t.collapses_on > 0), default=None)
        below = f"below {least * 100:.6g}%" if least is not None else "no collapse threshold"
        return f"{name}: {lost}: {below}, it does not collapse; no roll."
    return f"{name}: {lost}: it collapses on {at_most(on)} at the start of each player turn ({on} in 6)."


def _roll_sentence(e: Event) -> str:
    from dambuster.simulation.narrate import at_most

    roll = e.rolls[0].value
    if e.detail["collapses"]:
        return f"Player turn {e.step}: roll {roll}: the dam collapses."
    return f"Player turn {e.step}: roll {roll}: the dam holds (it falls on {at_most(e.detail['needed'])})."


def cmd_collapse(args: argparse.Namespace) -> int:
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import load
    from dambuster.model.output import print_line
    from dambuster.model.scenario import HexMap
    from dambuster.simulation.narrate import breach_sentences, prompt
    from dambuster.simulation.plan import SimulationError, find_dam
    from dambuster.simulation.summary import breach_summary, summary_sentences

    try:
        sc = load(args.file)
        m = sc.map
        if not isinstance(m, HexMap):
            raise SimulationError("a dam's collapse needs a hex map with dams")
        dam = find_dam(m, args.dam)
        damage = dam.damage if args.damage is None else args.damage
        if damage > dam.sp:
            raise SimulationError(
                f"--damage {damage} is more than the {dam.sp} SP of dam {dam.id!r} (at most {dam.sp})"
            )
        turn, events, run, need = run_collapse(sc, m, args.dam, damage, args.turns, args.seed, args.dice)
    except ScenarioError as e:
        return fail("collapse", f"{args.file}: {e}")
    except SimulationError as e:
        return fail("collapse", f"{args.file}: {e}")
    except _Stop as e:
        return fail("collapse", str(e))
    from dambuster.simulation.breach import Breach

    layout = m.layout
    label = layout.label
    if args.format == "json":
        doc = {
            "dam": dam.id,
            "sp": dam.sp,
            "damage": damage,
            "collapses_on": 6 if damage >= dam.sp else _on(dam, damage, sc),
            "seed": None if args.dice is not None else args.seed,
            "dice": args.dice,
            "collapse_turn": turn,
            "rolls": [e.to_dict(label) for e in events],
            "breach": None
            if run is None
            else {
                "steps": run.state.step,
                "left_map": run.state.done,
                "events": [e.to_dict(label) for step in run.events for e in step],
            },
        }
        if need is not None:
            doc["next_roll"] = {"for": need.purpose, "sides": need.sides}
        write_json(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        return EXIT_OK
    print_line(_heading(dam, damage, sc.parameters.collapse, layout))
    for e in events:
        if e.kind == "collapse-roll":
            print_line("  " + _roll_sentence(e))
    if run is not None:
        breach = Breach(sc, args.dam)
        steps = list(run.events) + ([need.events] if need is not None and need.events else [])
        for step in steps:
            for x in breach_sentences(breach, step):
                print_line(x.text if x.heading else "  " + x.text)
        if need is None:
            every = [e for step in run.events for e in step]
            print_line("")
            print_line("In all:" if run.state.done else f"So far (step {run.state.step}):")
            for x in summary_sentences(breach_summary(breach, run.state, every), layout):
                print_line("  " + x.text)
    if need is not None:
        print_line(f"The dice given ran out. {prompt(need)}.")
    elif run is None and damage < dam.sp and events:
        print_line(f"The dam still stands after {len(events)} player turns.")
    return EXIT_OK


def _on(dam: Dam, damage: int, sc: Scenario) -> int:
    from dambuster.simulation.collapse import collapses_on

    return collapses_on(dam.sp, damage, sc.parameters.collapse)


def add_parsers(sub: Subparsers) -> None:
    c = sub.add_parser(
        "collapse",
        help="roll for a damaged dam's collapse each player turn (seeded or typed dice), then its breach",
        description=(
            "The referee's rolls for a damaged dam: the chance per player turn from the scenario's "
            "collapse thresholds (80% of the SP lost: a 1; 90%: 1-3), a die each player turn until it "
            "collapses, then the breach with the same dice, told as `surge` tells it."
        ),
    )
    c.add_argument("file", metavar="FILE", help="scenario file (hex map with the dam)")
    c.add_argument("--dam", required=True, metavar="ID", help="id of the damaged dam")
    c.add_argument(
        "--damage",
        type=DAMAGE,
        metavar="N",
        help=DAMAGE.help("SP the dam has lost (default: the file's damage)"),
    )
    how = c.add_mutually_exclusive_group()
    how.add_argument("--seed", type=SEED, default=0, help=SEED.help("seed of the dice (default 0)"))
    how.add_argument(
        "--dice",
        type=typed_dice,
        metavar="R,R,...",
        help="the rolls thrown at the table, in order (a die 1-6; a pick among n ways 1-n)",
    )
    c.add_argument(
        "--turns",
        type=ROLL_TURNS,
        default=DEFAULT_TURNS,
        metavar="T",
        help=ROLL_TURNS.help(f"player turns to roll for at most (default {DEFAULT_TURNS})"),
    )
    c.add_argument("--format", choices=["text", "json"], default="text", help="output format (default text)")
    add_budget_argument(c)
    c.set_defaults(func=cmd_collapse)
