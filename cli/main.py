"""``dambuster``'s entry point: the parser made from the command table, and ``main``, which runs one
command with the guarantees every command shares (a budget of time and memory where the command takes
``--budget``, one line on standard error and exit 2 instead of a traceback, quiet on a closed pipe).

The commands themselves are modules of :mod:`dambuster.cli.commands` (``COMMANDS`` there names them)."""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys

from dambuster import __version__
from dambuster.model.output import error_line, tolerate_narrow_stdout

from .commands import COMMANDS
from .options import OneLineParser
from .status import EXIT_ERROR, EXIT_OK


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; ``only``: a command's name, for the parser of that command alone (with its
    family's), which is all a run of it needs: main() builds that one, so that a run imports its own
    command's module and no other (a pre-commit hook pays for a start on every batch of files)."""
    parser = argparse.ArgumentParser(
        prog="dambuster",
        description="Check, create and inspect dambuster scenario files (hex and table wargame maps).",
    )
    parser.add_argument("--version", action="version", version=f"dambuster {__version__}")
    # (each command's parser is a OneLineParser: a mistake is one line on standard error and exit 2)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=OneLineParser)
    modules = [COMMANDS[only]] if only is not None else COMMANDS.values()
    for module in dict.fromkeys(modules):  # a family's module adds its commands once
        importlib.import_module(f"{__package__}.commands.{module}").add_parsers(sub)
    return parser


def files_after_double_dash(argv: list[str]) -> list[str]:
    """After ``--`` every argument is a file: ``-`` there names the file ./-, never standard input."""
    if "--" not in argv:
        return argv
    cut = argv.index("--") + 1
    return argv[:cut] + [os.path.join(".", a) if a == "-" else a for a in argv[cut:]]


def main(argv: list[str] | None = None) -> int:
    # before numpy loads: OpenBLAS's buffers for one thread, not one per core (the command line's
    # numpy work is elementwise, and a low memory limit no longer fails at OpenBLAS's start)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    # Start-up makes only long-lived objects (modules, classes, the parser): the cyclic garbage collector
    # would walk them again and again for nothing. It is off until the command runs, then those objects
    # are frozen out of its sight, which also spares the pages validate's forked workers share (the
    # pattern the Python docs give for gc.freeze).
    gc.disable()
    argv = files_after_double_dash(sys.argv[1:] if argv is None else argv)
    # a command named first needs only its own parser; --help, --version and a mistyped name (whose
    # error lists every command) need them all
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    tolerate_narrow_stdout()
    gc.freeze()
    gc.enable()
    try:
        if getattr(args, "budgeted", False):  # every command with --budget: its time and memory bounded
            from dambuster.batch.workers import run_watched

            from .options import budget_subject

            prog = f"dambuster {args.command}"
            return run_watched(prog, budget_subject(args), args.budget, lambda: args.func(args))
        return args.func(args)
    except MemoryError:  # never "internal error": the machine's memory, or a limit set from outside
        from dambuster.batch.budget import out_of_memory_line

        from .options import budget_subject

        error_line(out_of_memory_line(f"dambuster {args.command}", budget_subject(args), False))
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("dambuster: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except Exception as e:  # last resort: one line, never a traceback (DAMBUSTER_DEBUG=1 shows it)
        if os.environ.get("DAMBUSTER_DEBUG"):
            raise
        error_line(
            f"dambuster {args.command}: internal error: {type(e).__name__}: {str(e)[:200]} "
            "(please report it; DAMBUSTER_DEBUG=1 shows the traceback)"
        )
        return EXIT_ERROR
