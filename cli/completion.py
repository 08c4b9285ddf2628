"""Shell completion, generated from the command's own argument parser.

``dambuster completion bash|zsh|tcsh`` prints a completion script (shtab); install it with e.g.
``dambuster completion bash > ~/.local/share/bash-completion/completions/dambuster``. The parser is
handed in by the command line (dambuster.cli), which owns it; the manual page, generated from the same
parser, is dambuster.manpage.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

SHELLS = ("bash", "zsh", "tcsh")


def add_parsers(sub: argparse._SubParsersAction, build_parser: Callable[[], argparse.ArgumentParser]) -> None:
    """Adds ``completion``, whose script describes the parser ``build_parser()`` makes."""
    c = sub.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh or tcsh)",
        description="Print a completion script for SHELL. For bash: "
        "dambuster completion bash > ~/.local/share/bash-completion/completions/dambuster; "
        'for zsh: dambuster completion zsh > "${fpath[1]}/_dambuster".',
    )
    c.add_argument("shell", choices=SHELLS, help="the shell")
    c.set_defaults(func=lambda args: cmd_completion(args, build_parser()))


def cmd_completion(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    import shtab

    sys.stdout.write(shtab.complete(parser, shell=args.shell))
    return 0
