"""The manual page ``docs/dambuster.1``, generated from the command's own argument parser.

``python -m dambuster.manpage`` writes it (argparse-manpage, a development tool: it is in the ``test``
extra); a test keeps it current. This module reads the parser of dambuster.cli; nothing in the command
line imports it.
"""

from __future__ import annotations

import os
import sys

from . import __version__
from .checkout import generated_doc_main
from .cli import build_parser


def manpage() -> str:
    """The roff text of dambuster(1)."""
    from argparse_manpage.manpage import Manpage

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
    return generated_doc_main(argv, prog="python -m dambuster.manpage", name="dambuster.1", render=manpage)


if __name__ == "__main__":
    sys.exit(main())
