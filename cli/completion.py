"""Shell completion and the manual page, both generated from the command's own argument parser.

``dambuster completion bash|zsh|tcsh`` prints a completion script (shtab); install it with e.g.
``dambuster completion bash > ~/.local/share/bash-completion/completions/dambuster``. The manual page
``docs/dambuster.1`` is written by ``python -m dambuster.completion`` (argparse-manpage, a development
tool: it is in the ``test`` extra); a test keeps it current.
"""

from __future__ import annotations

import argparse
import os
import sys

SHELLS = ("bash", "zsh", "tcsh")
# files a path argument completes to, per shell
_JSON = {"bash": "_shtab_compgen_files", "zsh": "_files -g '*.json'", "tcsh": "f:*.json"}


def add_parsers(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh or tcsh)",
        description="Print a completion script for SHELL. For bash: "
        "dambuster completion bash > ~/.local/share/bash-completion/completions/dambuster; "
        'for zsh: dambuster completion zsh > "${fpath[1]}/_dambuster".',
    )
    c.add_argument("shell", choices=SHELLS, help="the shell")
    c.set_defaults(func=cmd_completion)


def cmd_completion(args: argparse.Namespace) -> int:
    import shtab

    from .cli import build_parser

    sys.stdout.write(shtab.complete(build_parser(), shell=args.shell))
    return 0


def manpage() -> str:
    """The roff text of dambuster(1)."""
    from argparse_manpage.manpage import Manpage

    from . import __version__
    from .cli import build_parser

    # the same bytes on every machine: a fixed wrapping width, and the release in the date's place
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"
    try:
        parser = build_parser()
        data = {
            "project_name": "dambuster",
            "version": __version__,
            "manual_section": "1",
            "manual_title": "dambuster manual",
            "url": "https://github.com/dambuster/dambuster",
            "description": parser.description,
            "date": f"release {__version__}",
        }
        return str(Manpage(parser, _data=data, format="single-commands-section"))
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def main(argv: list[str] | None = None) -> int:
    from .checkout import generated_doc_main

    return generated_doc_main(argv, prog="python -m dambuster.completion", name="dambuster.1", render=manpage)


if __name__ == "__main__":
    sys.exit(main())
