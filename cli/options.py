"""The range of every numeric option of every subcommand, declared once, and the one-line refusal.

Each option's ``type=`` is one of the ranges below (or a size parser of dambuster.model.paper, which
bounds its lengths itself); the range is written into the option's help (so ``--help`` and the manual
page dambuster(1) show it) by :meth:`Range.help`. A value outside it, or not a number, is refused by
argparse in one line on standard error with exit status 2: the subcommands' parsers are
:class:`OneLineParser`, which prints the error without the usage block (``--help`` shows it).

tests/untrusted/test_untrusted_options.py walks the real parser and feeds every option that takes a
number out-of-range values, so an option added later is covered without naming it there; it also
refuses a bare ``type=int`` or ``type=float``, which would take any number.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections.abc import Iterable
from typing import Any, NoReturn, TypeVar, overload

N = TypeVar("N")  # the namespace a caller parses into


class OneLineParser(argparse.ArgumentParser):
    """A subcommand's parser: a bad argument is one line on standard error and exit status 2."""

    def error(self, message: str) -> NoReturn:
        from dambuster.model.output import error_line

        error_line(f"{self.prog}: {message} (see {self.prog} --help)")
        sys.exit(2)

    @overload
    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: None = None
    ) -> tuple[argparse.Namespace, list[str]]: ...
    @overload
    def parse_known_args(self, args: Iterable[str] | None, namespace: N) -> tuple[N, list[str]]: ...
    @overload
    def parse_known_args(self, *, namespace: N) -> tuple[N, list[str]]: ...
    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        """As argparse's, but a ``--`` that no positional took (a command without positionals, such as
        ``schema --``) is accepted too: every subcommand takes ``--`` (tests/cli/test_cli_double_dash.py)."""
        namespace, extras = super().parse_known_args(args, namespace)
        return namespace, extras[1:] if extras[:1] == ["--"] else extras


#: What a number option takes: ASCII digits only (Python's int() and float() also take full-width
#: digits, underscores between digits and surrounding spaces).
WHOLE = r"[+-]?[0-9]+"
DECIMAL = r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?"


class Range:
    """A number from ``low`` to ``high`` (``above``: strictly above ``low``); ``kind`` int or float.
    Used as argparse's ``type=``: the value, or ArgumentTypeError saying the range."""

    def __init__(self, kind: type, low: float, high: float, *, above: bool = False, note: str = ""):
        self.kind, self.low, self.high, self.above, self.note = kind, low, high, above, note
        self.__name__ = "whole number" if kind is int else "number"  # argparse names the type by it

    @property
    def text(self) -> str:
        low = f"above {self._show(self.low)}" if self.above else self._show(self.low)
        text = f"{low} to {self._show(self.high)}"
        return f"{text}; {self.note}" if self.note else text

    def _show(self, value: float) -> str:
        return f"{value:,.0f}" if float(value).is_integer() else f"{value:g}"

    def help(self, sentence: str) -> str:
        """The option's help with its range: ``"stop after N turns (0 to 10,000)"``;
        a trailing parenthesis takes the range in: ``"seed (default 0; 0 to 4,294,967,295)"``."""
        if sentence.endswith(")"):  # "... (default 0)" -> "... (default 0; 0 to 10)"
            return f"{sentence[:-1]}; {self.text})"
        return f"{sentence} ({self.text})"

    def contains(self, value: float) -> bool:
        if not math.isfinite(value):
            return False
        return (self.low < value if self.above else self.low <= value) and value <= self.high

    def __call__(self, text: str):
        try:
            if not re.fullmatch(WHOLE if self.kind is int else DECIMAL, text):  # no "１", "1_0", " 7"
                raise ValueError(text)
            value = int(text, 10) if self.kind is int else float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {self.__name__} ({self.text})") from None
        if not self.contains(value):
            raise argparse.ArgumentTypeError(f"{text!r} is out of range ({self.text})")
        return value


#: Seeds of the dice (surge, flood, dbm-setup): the seeds the conformance vectors and MT19937 replays use.
SEED = Range(int, 0, 2**32 - 1)
#: surge --turns: steps after the breach (a river holds at most 10,000 hexes, the swell one a step).
TURNS = Range(int, 0, 10_000)
#: surge --monte-carlo: runs; their work (runs x hexes) is bounded by the budget (docs/untrusted.md).
RUNS = Range(int, 1, 1_000_000)
#: validate --jobs: worker processes.
JOBS = Range(int, 1, 1024)
#: validate --wait-workers: seconds (a day).
WAIT_SECONDS = Range(float, 0, 86_400)
#: --budget of every command: seconds per file, 0 for no limit.
BUDGET_SECONDS = Range(float, 0, 1_000_000, note="0: no limit")
#: new --columns / --rows: the schema's bounds of a hex map.
HEX_COUNT = Range(int, 1, 1000)
#: new / dbm-setup --width / --depth: table sizes in the table's unit (a kilometre of mm).
TABLE_SIZE = Range(float, 0, 1_000_000, above=True)
#: render / diff --zoom: output pixels (SVG user units) per scene unit; the output's size is capped too.
ZOOM = Range(float, 0, 1000, above=True)
#: render / diff --dpi: pixels per inch.
DPI = Range(float, 1, 10_000)


def add_budget_argument(parser: argparse.ArgumentParser, per_file: bool = False) -> None:
    """--budget SECONDS for a command other than validate: its work on the file is stopped (one line,
    exit 2) past that time or past 1 GB of memory, and refused up front when its estimate is over.
    main() runs the command under it as a whole; ``per_file``: the command spends it on each file of
    a collection itself (fmt, site), so that a large collection is never stopped as a whole."""
    from dambuster.batch.budget import DEFAULT_SECONDS

    parser.add_argument(
        "--budget",
        type=BUDGET_SECONDS,
        default=DEFAULT_SECONDS,
        metavar="SECONDS",
        help=BUDGET_SECONDS.help(
            f"seconds of work allowed on the file, and 1 GB of memory (default {DEFAULT_SECONDS:g}); work "
            "that cannot fit is refused before it starts, work that runs out is stopped, in one line "
            "and exit status 2, and nothing is written"
        ),
    )
    parser.set_defaults(budgeted=not per_file)


def budget_subject(args: argparse.Namespace) -> str:
    """The file(s) a command works on, as its out-of-budget line names them."""
    if getattr(args, "old", None) is not None:
        return f"{args.old} and {args.new}"
    for name in ("input", "file", "map", "scenario", "features"):
        value = getattr(args, name, None)
        if value is not None:
            return "<stdin>" if value == "-" else str(value)
    return "the work"


__all__ = [
    "BUDGET_SECONDS",
    "DPI",
    "HEX_COUNT",
    "JOBS",
    "RUNS",
    "SEED",
    "TABLE_SIZE",
    "TURNS",
    "WAIT_SECONDS",
    "ZOOM",
    "OneLineParser",
    "Range",
    "add_budget_argument",
    "budget_subject",
]
