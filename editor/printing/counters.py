"""The counters sheet: the scenario's units as counters, front and back, for duplex printing."""
from __future__ import annotations

from dambuster.editor.printing.sheet import PrintSettings, Sheet


def sheet_for(scenario, settings: PrintSettings) -> Sheet | None:
    """The counters sheet of ``scenario``, or None when it has nothing to print."""
    return None
