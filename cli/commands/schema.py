"""``dambuster schema``: print the JSON Schema of the scenario format."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from dambuster.cli.status import EXIT_OK
from dambuster.model.output import write_document

from . import Declared, Example

if TYPE_CHECKING:
    from . import Subparsers

DECLARED = (Declared("schema", reads=None, examples=(Example("", stdout="json"),)),)


def run(args: argparse.Namespace) -> int:
    from dambuster.schema import schema_text

    write_document(schema_text())
    return EXIT_OK


def add_parsers(sub: Subparsers) -> None:
    s = sub.add_parser(
        "schema",
        help="print the JSON Schema of the scenario format",
        description="Print the JSON Schema (draft 2020-12) of the scenario format.",
    )
    s.set_defaults(func=run)
