"""Command-line subcommands `surge` and `flood`; ``add_parsers(subparsers)`` plugs them in.

Errors are one line on standard error and exit code 2. The same seed gives the same bytes. Output files
(--apply, --out-json, --out-csv) are written atomically and never over an existing file or the input
without --force (model.atomic_write).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from dambuster.cli.options import RUNS, SEED, TURNS, add_budget_argument
from dambuster.cli.status import EXIT_OK, fail
from dambuster.model.escape import json_escapes
from dambuster.model.output import print_line, write_json

from . import Declared, Example

if TYPE_CHECKING:
    from dambuster.model.atomic_write import Original
    from dambuster.model.scenario import Scenario
    from dambuster.simulation.narrate import Sentence

    from . import Subparsers

_VALLEY = ("ogre-dambusters",)
DECLARED = (
    Declared(
        "surge",
        reads="a scenario (a hex map with a dam)",
        examples=(
            Example("{map} --dam {dam} --apply {out}.json", on=_VALLEY),
            Example("{map} --dam {dam} --format text", on=_VALLEY),
            Example("{map} --dam {dam} --format json", on=_VALLEY, stdout="json"),
            Example("{map} --dam {dam} --monte-carlo 20 --format text", on=_VALLEY),
            Example("{map} --dam {dam} --monte-carlo 20 --format json", on=_VALLEY, stdout="json"),
            Example(
                "{map} --dam {dam} --monte-carlo 20 --out-json {out}.json --out-csv {out}.csv", on=_VALLEY
            ),
        ),
    ),
    Declared(
        "flood",
        reads="a scenario (a table map with a sewer)",
        examples=(
            Example("{map} --format text", on=("flash-flood",)),
            Example("{map} --format json", on=("flash-flood",), stdout="json"),
            Example(
                "{map}", on=("ogre-basic",), status=2, error="a flash flood needs a table map with a sewer"
            ),
        ),
    ),
)


class _WriteFailed(Exception):
    """An output could not be written; ``str(e)`` is the whole message."""


def _write_outputs(files: list[tuple[str, bytes]], expected: Sequence[Original] = ()) -> None:
    """Writes the files all or none (model.atomic_write); _WriteFailed with one sentence otherwise.
    ``expected``: the originals of inputs that may be written over (a save made meanwhile is kept)."""
    from dambuster.model.atomic_write import write_files

    if not files:
        return
    try:
        write_files(files, expected)
    except OSError as e:
        names = " and ".join(str(path) for path, _ in files)
        raise _WriteFailed(f"cannot write {names}: {e.strerror or e}; nothing was changed") from None


def _dumps(obj: object) -> str:
    return json_escapes(json.dumps(obj, indent=2, ensure_ascii=False, allow_nan=False)) + "\n"


def _print_sentences(sentences: Iterable[Sentence]) -> None:
    """A heading flush left, the rest indented under it."""
    for x in sentences:
        print_line(x.text if x.heading else "  " + x.text)


def _applied(path: str, after: Scenario, dam_id: str) -> Sentence:
    """What --apply wrote about the dam: destroyed, with the buildings on it (11.05)."""
    from dambuster.simulation.narrate import Sentence, join_words
    from dambuster.simulation.plan import find_dam, hex_map

    dam = find_dam(hex_map(after), dam_id)
    gone = join_words([f"{b.kind} {b.id} ({b.damage} of {b.sp} SP lost)" for b in dam.buildings])
    on_it = f"; destroyed with it: {gone}" if gone else ""
    return Sentence(
        f"Written to {path}: {dam.name or dam.id} destroyed ({dam.damage} of {dam.sp} SP lost){on_it}."
    )


def _unused_outputs(args: argparse.Namespace) -> str | None:
    """The output option that this run could not write (it would be ignored), as the refusal's line."""
    if args.monte_carlo is not None and args.apply:
        return "--apply writes the map after one breach; --monte-carlo runs many and writes none: drop one of them"
    if args.monte_carlo is None:
        given = [o for o, v in (("--out-json", args.out_json), ("--out-csv", args.out_csv)) if v]
        if given:
            return f"{given[0]} writes the probabilities of --monte-carlo N, which this run does not compute: add --monte-carlo N"
    return None


def cmd_surge(args: argparse.Namespace) -> int:
    from dambuster.batch.budget import EstimateTooLarge
    from dambuster.model.atomic_write import outputs_problem
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import dumps, load_for_update
    from dambuster.simulation.breach import Breach, Run, apply
    from dambuster.simulation.dice import Dice
    from dambuster.simulation.montecarlo import monte_carlo
    from dambuster.simulation.narrate import breach_sentences
    from dambuster.simulation.plan import SimulationError
    from dambuster.simulation.summary import breach_summary, chance_rows, summary_sentences

    unused = _unused_outputs(args)
    if unused:
        return fail("surge", unused)
    outputs = [args.out_json, args.out_csv] if args.monte_carlo is not None else [args.apply]
    problem = outputs_problem(outputs, args.force, [args.file])
    if problem:
        return fail("surge", problem)
    try:
        sc, original = load_for_update(args.file)
        if args.monte_carlo is not None:  # estimated before the breach's plan is built
            from dambuster.batch.budget import check_estimate
            from dambuster.simulation.workload import RUN_HEXES_PER_SECOND, river_hexes, work

            check_estimate(
                "runs x river hexes",
                work(river_hexes(sc), args.monte_carlo),
                RUN_HEXES_PER_SECOND,
                args.budget,
                "fewer --monte-carlo runs",
            )
        breach = Breach(sc, args.dam)
        label = breach.layout.label
        if args.monte_carlo is not None:
            res = monte_carlo(breach, args.monte_carlo, args.seed)
            doc = res.to_json(label)
            files = [(args.out_json, lambda: _dumps(doc)), (args.out_csv, lambda: res.to_csv(label))]
            _write_outputs([(path, text().encode("utf-8")) for path, text in files if path])
            if args.format == "json":
                write_json(_dumps(doc))
            else:
                floods = sum(1 for h in doc["hexes"] if h["flood"] > 0)
                print(
                    f"{res.runs} runs, seed {res.seed}: the swell leaves the map at step {res.last_step}; "
                    f"{floods} hexes may flood."
                )
                section = None
                for row in chance_rows(breach, res):
                    if row.section != section:
                        section = row.section
                        print_line(f"{section}:")
                    print_line(f"  {row.subject} {row.outcome}: {row.chance:.1%}")
            return EXIT_OK
        run = Run(breach, Dice(args.seed))
        events = run.run(args.turns)
        after = apply(sc, run.state, args.dam) if args.apply else None
        if after is not None:
            _write_outputs([(args.apply, dumps(after).encode("utf-8"))], [original] if original else [])
        if args.format == "json":
            write_json(
                _dumps(
                    {
                        "dam": args.dam,
                        "seed": args.seed,
                        "steps": run.state.step,
                        "left_map": run.state.done,
                        "events": [e.to_dict(label) for e in events],
                    }
                )
            )
        else:
            for step in run.events:
                _print_sentences(breach_sentences(breach, step))
            print()
            print("In all:" if run.state.done else f"So far (step {run.state.step}):")
            _print_sentences(summary_sentences(breach_summary(breach, run.state, events), breach.layout))
            if after is not None:
                _print_sentences([_applied(args.apply, after, args.dam)])
        return EXIT_OK
    except ScenarioError as e:
        return fail("surge", f"{args.file}: {e}")
    except SimulationError as e:
        return fail("surge", f"{args.file}: {e}")
    except _WriteFailed as e:
        return fail("surge", str(e))
    except EstimateTooLarge as e:
        return fail("surge", f"{args.file}: {e}")


def cmd_flood(args: argparse.Namespace) -> int:
    from dambuster.model.errors import ScenarioError
    from dambuster.model.io import load
    from dambuster.simulation.dice import Dice
    from dambuster.simulation.flashflood import flood, when
    from dambuster.simulation.narrate import flood_sentences
    from dambuster.simulation.plan import SimulationError

    try:
        sc = load(args.file)
        dice = Dice(args.seed)
        turn, pre = when(sc.parameters.flash_flood, dice)
        result = flood(sc, dice) if turn is not None else None
    except ScenarioError as e:
        return fail("flood", f"{args.file}: {e}")
    except SimulationError as e:
        return fail("flood", f"{args.file}: {e}")
    events = pre + (result.events if result else [])
    if args.format == "json":
        doc = {"seed": args.seed, "turn": turn, "events": [e.to_dict() for e in events]}
        if result:
            doc["models"] = {
                k: {
                    "corridor": p.corridor,
                    "position": round(p.position, 6),
                    "hits": p.hits,
                    "carried": p.carried,
                }
                for k, p in result.models.items()
            }
            doc["difficult"] = result.difficult
        write_json(_dumps(doc))
    else:
        _print_sentences(flood_sentences(events, sc))
        if result is None:
            print("The flood never comes.")
        else:
            print_line(f"Difficult terrain from now on: {', '.join(result.difficult)}.")
    return EXIT_OK


def add_parsers(sub: Subparsers) -> None:
    s = sub.add_parser(
        "surge",
        help="simulate the breach of a dam (seeded); or many runs with --monte-carlo",
        description="Breach a dam and step the debris swell down the river until it leaves the map. "
        "Exit 0, or 2 with one line on standard error.",
    )
    s.add_argument("file", metavar="FILE", help="scenario file (hex map)")
    s.add_argument("--dam", required=True, metavar="ID", help="id of the dam to breach")
    s.add_argument("--seed", type=SEED, default=0, help=SEED.help("seed of the dice (default 0)"))
    s.add_argument(
        "--turns", type=TURNS, metavar="N", help=TURNS.help("stop N player turns after the breach")
    )
    s.add_argument("--format", choices=["text", "json"], default="text", help="output format (default text)")
    s.add_argument("--apply", metavar="OUT", help="write the map after the breach to OUT")
    s.add_argument(
        "--force",
        action="store_true",
        help="replace existing output files (--apply, --out-json, --out-csv), even the input file",
    )
    s.add_argument(
        "--monte-carlo", type=RUNS, metavar="N", help=RUNS.help("run N breaches and report probabilities")
    )
    s.add_argument("--out-json", metavar="P", help="with --monte-carlo: write the probabilities as JSON")
    s.add_argument("--out-csv", metavar="P", help="with --monte-carlo: write per-hex probabilities as CSV")
    add_budget_argument(s)
    s.set_defaults(func=cmd_surge)

    f = sub.add_parser(
        "flood",
        help="simulate the sewer flash flood (seeded)",
        description="Roll for the turn of the flash flood and resolve it on the sewer's corridors.",
    )
    f.add_argument("file", metavar="FILE", help="scenario file (table map with a sewer)")
    f.add_argument("--seed", type=SEED, default=0, help=SEED.help("seed of the dice (default 0)"))
    f.add_argument("--format", choices=["text", "json"], default="text", help="output format (default text)")
    add_budget_argument(f)
    f.set_defaults(func=cmd_flood)
