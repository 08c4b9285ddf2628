"""The ``dambuster`` command line: ``main`` parses the arguments and runs one command.

Each subcommand is a module of :mod:`dambuster.cli.commands` (its parser and its declaration beside its
code); the table there names them all. What the commands share lives beside them: ``status`` (exit
statuses, the one-line refusal), ``options`` (argument types, ``--budget``), ``config`` (a
collection's settings file), ``path_lists`` (``--files-from``, ``--within``). The doc
generators (``python -m dambuster.cli.docs``) are in ``docs/``. Nothing below the command line imports
it: the checks, the simulation and the formats are the core's (``dambuster.batch``, ``.model``, ...).
"""

from .main import build_parser, main

__all__ = ["build_parser", "main"]
