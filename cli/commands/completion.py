"""Shell completion, generated from the command's own argument parser.

``dambuster completion bash|zsh|tcsh`` prints a completion script (shtab); install it with e.g.
``dambuster completion bash > ~/.local/share/bash-completion/completions/dambuster``. The parser is
handed in by the command line (dambuster.cli), which owns it; the manual page, generated from the same
parser, is dambuster.cli.docs.manpage.

Besides commands, options and choices, the script completes file names: an argument that reads a
scenario offers ``*.json`` files and folders, import-tiled's map offers Tiled maps (``*.tmx``,
``*.tmj``, ``*.json``) and folders, ``--within`` offers folders, and every file the command writes
(``-o``, ``--apply``, ``--out-json`` ...) or reads as settings offers any path. Which argument is which
is the table ``COMPLETE_BY_DEST`` below, keyed by the argument's name in the parser.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from dambuster.cli.status import EXIT_OK

from . import Declared, Example

if TYPE_CHECKING:
    from . import Subparsers

SHELLS = ("bash", "zsh", "tcsh")
DECLARED = (Declared("completion", reads=None, examples=tuple(Example(shell) for shell in SHELLS)),)
#: shtab's ``complete`` of an argument: each shell's words (and the bash functions they need)
Completion = Mapping[str, str | Mapping[str, str]]


def _files(name: str, patterns: tuple[str, ...]) -> Completion:
    """Files matching ``patterns`` plus folders (to walk into), in each shell's own words.

    bash: a function shtab calls (its name holds ``_files`` so the script turns on ``-o filenames``:
    folders get their slash, names with spaces are quoted); zsh: ``_files -g``; tcsh: a select pattern.
    """
    fn = f"_dambuster_compgen_{name}_files"
    bash = "\n".join(f'  compgen -f -X "!{p}" -- "$1"' for p in patterns)
    return {
        "bash": fn,
        "zsh": f"_files -g '{'|'.join(patterns) if len(patterns) == 1 else '(' + '|'.join(patterns) + ')'}'",
        "tcsh": f"f:{{{','.join(patterns)}}}" if len(patterns) > 1 else f"f:{''.join(patterns)}",  # the one
        "preamble": {"bash": f'{fn}() {{\n  compgen -d -- "$1"\n{bash}\n}}\n'},
    }


SCENARIOS = _files("scenario", ("*.json",))
TILED_MAPS = _files("tiled", ("*.tmx", "*.tmj", "*.json"))
ANY_PATH: Completion = {"bash": "_shtab_compgen_files", "zsh": "_files", "tcsh": "f"}
FOLDERS: Completion = {"bash": "_shtab_compgen_dirs", "zsh": "_files -/", "tcsh": "d"}

COMPLETE_BY_DEST: dict[str, Completion] = {
    # inputs: a scenario (or a folder of them, for validate and fmt)
    "paths": SCENARIOS,
    "file": SCENARIOS,
    "input": SCENARIOS,
    "scenario": SCENARIOS,
    "old": SCENARIOS,
    "new": SCENARIOS,
    "features": SCENARIOS,
    "terrain_map": SCENARIOS,
    "map": TILED_MAPS,
    "within": FOLDERS,
    # anything a command writes, and lists or settings it reads: any path
    "output": ANY_PATH,
    "apply": ANY_PATH,
    "out_json": ANY_PATH,
    "out_csv": ANY_PATH,
    "cache": ANY_PATH,
    "config": ANY_PATH,
    "files_from": ANY_PATH,
}


def mark_file_arguments(parser: argparse.ArgumentParser) -> None:
    """Gives every path argument of ``parser`` and its subcommands shtab's ``.complete``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):  # pyright: ignore[reportPrivateUsage]  (no public name)
            subparsers = cast("argparse._SubParsersAction[argparse.ArgumentParser]", action)  # pyright: ignore[reportPrivateUsage]
            for sub in dict.fromkeys(subparsers.choices.values()):
                mark_file_arguments(sub)
        elif action.dest in COMPLETE_BY_DEST and not action.choices:
            action.complete = COMPLETE_BY_DEST[action.dest]  # type: ignore[attr-defined]


def add_parsers(sub: Subparsers) -> None:
    """Adds ``completion``, whose script describes the whole parser (every command)."""
    c = sub.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh or tcsh)",
        description="Print a completion script for SHELL. For bash: "
        "dambuster completion bash > ~/.local/share/bash-completion/completions/dambuster; "
        'for zsh: dambuster completion zsh > "${fpath[1]}/_dambuster".',
    )
    c.add_argument("shell", choices=SHELLS, help="the shell")

    c.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from dambuster.cli.main import build_parser

    return cmd_completion(args, build_parser())


def completion_script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script for ``shell`` describing ``parser`` (file names included)."""
    import shtab

    mark_file_arguments(parser)
    script = shtab.complete(parser, shell=shell)
    if shell == "zsh":
        # shtab writes an argument of nargs "+" or "*" as "(*):..." (zsh reads: the first argument only,
        # excluding the rest); "*:..." is zsh's spec for every remaining argument (validate a.json b.json)
        script = script.replace('\n  "(*)::', '\n  "*:').replace('\n  "(*):', '\n  "*:')
    return script


def cmd_completion(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    sys.stdout.write(completion_script(parser, args.shell))
    return EXIT_OK
