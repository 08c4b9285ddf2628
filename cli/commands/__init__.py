"""The subcommands of ``dambuster``: one module each (a family of two shares one), its parser beside its
code.

A command's module has ``add_parsers(sub)``, which adds its parser (or the family's parsers) to the
subparsers ``sub`` with ``set_defaults(func=...)``: ``func(args)`` runs the command and returns the exit
status. :data:`COMMANDS` names every command and its module; ``dambuster COMMAND`` imports that module
alone (a cold ``dambuster validate`` pays for no other command), ``dambuster --help`` imports them all.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    #: What ``add_subparsers`` returns (argparse gives the class no public name).
    Subparsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]  # pyright: ignore[reportPrivateUsage]

#: Every subcommand, in the order ``dambuster --help`` lists them: its name -> the module of this package
#: that holds its parser and its code.
COMMANDS: dict[str, str] = {
    "validate": "validate",
    "schema": "schema",
    "new": "new",
    "surge": "simulate",
    "flood": "simulate",
    "collapse": "collapse",
    "export-tiled": "tiled",
    "import-tiled": "tiled",
    "export-geojson": "export_geojson",
    "player-view": "player_view",
    "dbm-setup": "dbm_setup",
    "completion": "completion",
    "fmt": "fmt",
    "diff": "diff",
    "render": "render",
    "site": "site",
}
