"""The exit statuses every command shares, and the one line that ends a run that cannot do its work.

* ``EXIT_OK`` (0): done; ``validate``: every file valid; ``diff``: the maps are the same.
* ``EXIT_FOUND`` (1): the command's answer is "yes, there is something": ``validate``, a rule error;
  ``diff``, the maps differ; ``fmt --check``, a file would change.
* ``EXIT_ERROR`` (2): the work could not be done: bad input, an unreadable file or one failing the
  schema, work over its budget, an output that may not be written. One line on standard error says
  why (:func:`fail`), never a traceback.
"""

from __future__ import annotations

from dambuster.model.output import error_line

EXIT_OK, EXIT_FOUND, EXIT_ERROR = 0, 1, 2


def fail(command: str, message: str) -> int:
    """``dambuster COMMAND: MESSAGE`` on standard error, made visible (one line); returns EXIT_ERROR."""
    error_line(f"dambuster {command}: {message}")
    return EXIT_ERROR


__all__ = ["EXIT_ERROR", "EXIT_FOUND", "EXIT_OK", "fail"]
