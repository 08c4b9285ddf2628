"""Command-line subcommand `dbm-setup`: the DBM terrain-choosing procedure (simulation/dbm/setup.py).

``add_parsers(subparsers)`` plugs it in. The features come from a JSON file (docs/dbm-setup.md) or from
options; the log is printed (text or JSON) and, with ``-o``, the table is written atomically, never
over an existing file or the features file without ``--force``. Bad input is one line on standard
error and exit 2. The same seed and dice give the same bytes.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from dambuster.cli.options import SEED, TABLE_SIZE, add_budget_argument
from dambuster.cli.status import EXIT_OK, fail
from dambuster.model.output import error_line, json_text, print_line, write_document

from . import Declared, Example

if TYPE_CHECKING:
    from dambuster.simulation.dbm.request import SetupRequest
    from dambuster.simulation.dbm.setup import Setup
    from dambuster.simulation.dice import TableDice

    from . import Subparsers

DECLARED = (
    Declared(
        "dbm-setup",
        reads="a DBM feature list (JSON)",
        examples=(
            Example("{features} --seed 3 -o {out}.json --format text"),
            Example("{features} --seed 3 --format json", stdout="json"),
        ),
    ),
)
FEATURES_CAP = 1 << 20  # a feature list is a few hundred bytes
DEFAULT_TABLE = {
    "width": 1800.0,
    "depth": 1200.0,
    "unit": "mm",
    "figures": "15mm",
}  # a 15mm competition table
MAX_DICE = 200


def _read_features(path: str) -> object:
    from dambuster.model.errors import ScenarioError
    from dambuster.model.files import InputError, read_input
    from dambuster.model.io import parse_bytes

    try:
        return parse_bytes(read_input(path, FEATURES_CAP))
    except InputError as e:
        raise ValueError(f"{path}: {e}") from None
    except ScenarioError as e:
        raise ValueError(f"{path}: {e.first.message}") from None


def _dice(text: str | None) -> TableDice | None:
    from dambuster.simulation.dice import TableDice

    if text is None:
        return None
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) > MAX_DICE:
        raise ValueError(f"--dice takes at most {MAX_DICE} rolls")
    values: list[int] = []
    for p in parts:
        if not p.isdigit() or not 1 <= int(p) <= 6:
            raise ValueError(f"--dice: {p[:10]!r} is not a die roll (1 to 6)")
        values.append(int(p))
    return TableDice(values)


def build_request(args: argparse.Namespace) -> SetupRequest:
    """The SetupRequest the options (and the features file) describe; ValueError with one sentence."""
    from dambuster.simulation.dbm.request import check, feature_from_option, request_from_dict

    given: object = _read_features(args.features) if args.features else {}
    if not isinstance(given, dict):
        raise ValueError(f"{args.features}: a feature list is a JSON object")
    doc = dict(cast(dict[str, object], given))  # a JSON object: its keys are texts
    if not doc.get("table"):
        doc["table"] = dict(DEFAULT_TABLE)
    overrides = {
        "width": args.width,
        "depth": args.depth,
        "unit": args.unit,
        "figures": args.figures,
        "reduced": True if args.reduced else None,
        "title": args.title,
    }
    req = request_from_dict(doc, **overrides)
    extra = [feature_from_option(t, "defender", req, compulsory=True) for t in args.compulsory]
    extra += [feature_from_option(t, "defender", req) for t in args.defender]
    invader = feature_from_option(args.invader, "invader", req) if args.invader else None
    if invader is not None and req.invader is not None:
        raise ValueError("the invader brings one feature only: the features file already gives one")
    if not (extra or invader):
        return req
    return check(replace(req, invader=req.invader or invader, defender=req.defender + tuple(extra)))


def log_json(setup: Setup, req: SetupRequest) -> dict[str, Any]:
    return {
        "seed": setup.seed,
        "table": {
            "width": req.width,
            "depth": req.depth,
            "unit": req.unit,
            "figures": req.figures,
            "reduced": req.reduced,
        },
        "dice": [d.value for d in setup.draws],
        "steps": [
            {
                "feature": s.feature,
                "kind": s.kind,
                "player": s.player,
                "compulsory": s.compulsory,
                "outcome": s.outcome,
                "sector": s.sector,
                "position": s.position,
                "rolls": [{"purpose": d.purpose, "value": d.value} for d in s.rolls],
                "text": s.text,
            }
            for s in setup.steps
        ],
        "notes": list(setup.notes),
    }


def log_lines(setup: Setup, req: SetupRequest) -> list[str]:
    sc = req.scale
    pace = (
        f"a pace is {sc.say(sc.pace, 3).split('(')[-1].rstrip(')')}"
        if req.unit != "paces"
        else "measured in paces"
    )
    reduced = ", distances reduced to 5/8" if req.reduced else ""
    lines = [
        f"DBM terrain set-up, seed {setup.seed}: a {req.width:g} x {req.depth:g} {req.unit} table, "
        f"{req.figures} figures{reduced} ({pace})"
    ]
    lines += [f"  note: {n}" for n in setup.notes]
    lines += ["  " + s.text for s in setup.steps]
    dice = [str(d.value) for d in setup.draws]
    if dice:
        lines.append(
            f"Dice thrown: {' '.join(dice)} (to replay: --seed {setup.seed} --dice {','.join(dice)})"
        )
    else:
        lines.append("No dice were thrown.")
    return lines


def cmd_dbm_setup(args: argparse.Namespace) -> int:
    from dambuster.model.atomic_write import outputs_problem
    from dambuster.model.io import save
    from dambuster.simulation.dbm.setup import run
    from dambuster.simulation.dice import RollNeeded

    problem = outputs_problem([args.output], args.force, [args.features])
    if problem:
        return fail("dbm-setup", problem)
    try:
        req = build_request(args)
        dice = _dice(args.dice)
    except ValueError as e:
        return fail("dbm-setup", str(e))
    try:
        setup = run(req, args.seed, dice)
    except RollNeeded as need:
        given = len(dice.given) if dice is not None else 0
        return fail(
            "dbm-setup",
            f"--dice gave {given} roll{'s' if given != 1 else ''}; the procedure needs more: "
            f"the next is for {need.purpose}",
        )
    if dice is not None and dice.used < len(dice.given):
        return fail("dbm-setup", f"--dice gave {len(dice.given)} rolls; the procedure used {dice.used}")
    if args.format == "json":
        write_document(json_text(log_json(setup, req)) + "\n")
    else:
        for line in log_lines(setup, req):
            print_line(line)
    if args.output:
        try:
            save(setup.scenario, args.output)
        except OSError as e:
            return fail("dbm-setup", f"cannot write {args.output}: {e.strerror or e}; nothing was changed")
        error_line(f"wrote {args.output}")
    return EXIT_OK


def add_parsers(sub: Subparsers) -> None:
    p = sub.add_parser(
        "dbm-setup",
        help="lay out a DBM table by the terrain-choosing procedure and print its log",
        description="Run the DBM terrain-choosing procedure: the invader's feature, then the defender's water "
        "features, BUA and fields, roads, and his area features, each diced for its sector and "
        "position or discarded. Features come from FEATURES (JSON, see docs/dbm-setup.md) and the "
        "options. Sizes are paces (600, 600p) or lengths (300mm, 12in). Without a table, a 1800 x "
        "1200 mm table with 15mm figures. Exit 0, or 2 with one line on bad input.",
    )
    p.add_argument(
        "features", nargs="?", metavar="FEATURES", help="a feature list as JSON (docs/dbm-setup.md)"
    )
    p.add_argument(
        "-o", "--output", help="write the table scenario here (without it only the log is printed)"
    )
    p.add_argument("--force", action="store_true", help="replace an existing output file")
    p.add_argument(
        "--seed",
        type=SEED,
        default=0,
        help=SEED.help("seed of the dice and of the players' choices (default 0)"),
    )
    p.add_argument(
        "--dice",
        metavar="ROLLS",
        help="the rolls thrown at the table, in the log's order (e.g. 5,3,6,2); "
        "the seed still makes the players' choices",
    )
    p.add_argument(
        "--invader", metavar="KIND[:SIZE]", help="the invader's one feature: waterway, river or road"
    )
    p.add_argument(
        "--defender",
        action="append",
        default=[],
        metavar="KIND[:SIZE]",
        help="a feature the defender chooses (repeatable): waterway, river, road, bua, fields-open, "
        "fields-enclosed, hill-gentle, hill-steep, hill-wooded, hill-rocky, wood, marsh, rocky, dunes",
    )
    p.add_argument(
        "--compulsory",
        action="append",
        default=[],
        metavar="KIND[:SIZE]",
        help="a compulsory feature of the defender's army list (repeatable)",
    )
    p.add_argument(
        "--width", type=TABLE_SIZE, help=TABLE_SIZE.help("table width, its long side (default 1800)")
    )
    p.add_argument("--depth", type=TABLE_SIZE, help=TABLE_SIZE.help("table depth (default 1200)"))
    p.add_argument("--unit", choices=["paces", "inches", "mm"], help="table unit (default mm)")
    p.add_argument("--figures", choices=["2mm", "6mm", "15mm", "25mm"], help="figure scale (default 15mm)")
    p.add_argument(
        "--reduced", action="store_true", help="the text's 5/8 distances (25mm figures on a small table)"
    )
    p.add_argument("--title", help="the scenario's title")
    p.add_argument(
        "--format", choices=["text", "json"], default="text", help="the log as text (default) or JSON"
    )
    add_budget_argument(p)
    p.set_defaults(func=cmd_dbm_setup)
