"""The subcommands of ``dambuster``: one module each (a family of two shares one), its parser and its
declaration beside its code.

:data:`COMMANDS` names every command and its module; ``dambuster COMMAND`` imports that module alone (a
cold ``dambuster validate`` pays for no other command), ``dambuster --help`` imports them all. A
command's module has:

* ``add_parsers(sub)``, which adds its parser (or the family's parsers) to the subparsers ``sub`` with
  ``set_defaults(func=...)``: ``func(args)`` runs the command and returns the exit status
  (:mod:`dambuster.cli.status`);
* ``DECLARED``, a :class:`Declared` for each of its commands: what the tests need to know about it (the
  stranger's file it reads, and how to run it on one, in each of its output forms).

The declarations are plain data beside the code they describe (the options their examples use are a
few lines above them), and this table stays the one list of commands, cheap to read at every start.
The tests walk both: tests/cli/test_commands_complete.py (quick, Qt-free) refuses a command that is not
declared, reads a file without ``--budget``, or has an example its parser refuses; the hostile-input
test (tests/untrusted/test_untrusted_every_command.py) and the budget test (test_untrusted_work.py)
run every example, so a new command is covered without naming it in a test.
"""

from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    #: What ``add_subparsers`` returns (argparse gives the class no public name).
    Subparsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]  # pyright: ignore[reportPrivateUsage]

#: Every subcommand, in the order ``dambuster --help`` lists them: its name -> the module of this package
#: that holds its parser, its code and its declaration.
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

#: The maps an :class:`Example` runs on (its ``on``): each profile's sample made hostile (every free
#: text rewritten as forged workflow commands, controls, bidi overrides, markup; every id given ``::``).
PROFILE_MAPS = ("ogre-dambusters", "ogre-basic", "dbm-terrain", "flash-flood")
#: ... and these: the first two hostile samples without the C0 controls that XML cannot carry (what
#: reaches a TMX writer), and a file the loader refuses (a lone surrogate in its title).
MAPS = (*PROFILE_MAPS, "ogre-dambusters-xml-safe", "dbm-terrain-xml-safe", "unloadable")

#: What an example's placeholders stand for; those marked "of the run's map" make one run per map of
#: its ``on``. The tests fill them (tests/command_examples.py); hostile inputs, or plain samples.
PLACEHOLDERS = {
    "map": "a scenario file (of the run's map)",
    "sample": "the bundled sample the run's map was made from (of the run's map)",
    "copy": "a copy of the run's map that the run may rewrite (of the run's map)",
    "dam": "the id of the first dam (of the run's map)",
    "side": "the id of the first side (of the run's map)",
    "tmj": "the run's map exported as a Tiled map, TMJ (of the run's map)",
    "tmx": "the run's map exported as a Tiled map, TMX (of the run's map)",
    "maps": "every map of MAPS, as arguments of their own (a whole argument)",
    "folder": "the folder holding those maps",
    "features": "a DBM feature list (docs/dbm-setup.md) with hostile names",
    "text": "a text the user types, such as a title (hostile)",
    "out": "a path of the run's own in the output folder: add the suffix ({out}.svg), or a folder",
}
#: The placeholders of a file the command reads: an example holds one exactly when its command reads.
INPUTS = ("map", "sample", "copy", "tmj", "tmx", "maps", "folder", "features")


@dataclass(frozen=True)
class Example:
    """One run of a command, as the tests run it: ``args`` after the command's name, split as a shell
    would, with placeholders in braces (:data:`PLACEHOLDERS`). The output forms a command declares are
    those of its examples: ``--format FORM``, or a file ``-o {out}.FORM`` (every ``--format`` choice has
    one). The first example of a command with ``--budget`` is the one the budget test runs: let it do
    the command's work on a file, writing it where the command can."""

    args: str
    #: the maps of MAPS it runs on, one run each (when it uses a placeholder of the run's map)
    on: tuple[str, ...] = PROFILE_MAPS
    #: what standard input holds: a placeholder such as "{map}" (None: nothing)
    stdin: str | None = None
    #: the exit status on a hostile input (1: diff's two maps differ, fmt --check's file would change)
    status: int = 0
    #: what standard output holds: "text", "json" (it must parse) or "xml" (it must parse)
    stdout: str = "text"
    #: a run with status 2: words its standard error holds (its every line starts with "dambuster")
    error: str = ""


@dataclass(frozen=True)
class Declared:
    """What the tests need to know about one command: its name (a key of :data:`COMMANDS`), the
    stranger's file it reads (a command that reads one takes ``--budget``; None: it reads none) and
    how to run it on one, in each of its output forms."""

    name: str
    reads: str | None
    examples: tuple[Example, ...]


def declarations() -> dict[str, Declared]:
    """Every command's declaration by name, in the table's order (this imports every command's module);
    a command its module does not declare is missing."""
    found: dict[str, Declared] = {}
    for module in dict.fromkeys(COMMANDS.values()):
        declared: tuple[Declared, ...] = getattr(
            importlib.import_module(f"{__name__}.{module}"), "DECLARED", ()
        )
        found.update((d.name, d) for d in declared if COMMANDS.get(d.name) == module)
    return {name: found[name] for name in COMMANDS if name in found}
