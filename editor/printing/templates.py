"""The templates sheet: a DBM table's terrain features at 1:1 as cut-out templates."""
from __future__ import annotations

from dambuster.editor.printing.sheet import PrintSettings, Sheet


def sheet_for(scenario, settings: PrintSettings) -> Sheet | None:
    """The templates sheet of ``scenario``, or None when it has nothing to print."""
    return None
