"""Small parts of the breach preview: its buttons, the line saying why it waits for a repair, its legend."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QPushButton

if TYPE_CHECKING:
    from dambuster.editor.document import Document


def button(text: str, tip: str, slot: Callable[[], object]) -> QPushButton:
    b = QPushButton(text)
    b.setToolTip(tip)
    b.clicked.connect(slot)
    return b


def waiting_line(doc: Document) -> str:
    """Why the preview waits: the file was opened with problems in its references or ids (the
    command line refuses it, and a breach over a dangling river would mislead); "" once repaired."""
    if not doc.format_problems:
        return ""
    from dambuster.model.lenient import format_problems

    problems = format_problems(doc.scenario)
    if not problems:
        return ""
    first = problems[0]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return (
        f"The preview waits until the file's problems are repaired (listed in Validation): "
        f"{first.message} at {first.pointer}{more}."
    )


#: The key to what the breach draws on the map (BreachLayer's marks and the clicked line's outline).
LEGEND = (
    '<span style="color:#0b3d91"><b>&#x2B22;</b> swell</span> &nbsp; '
    '<span style="color:#303030">&#x2B21; dashed: terrain changed</span> &nbsp; '
    '<span style="color:#2f7fd0"><b>&#x2015;</b> new stream</span> &nbsp; '
    '<span style="color:#c8102e"><b>/</b> road cut &nbsp; <b>&#x2715;</b> bridge out</span> &nbsp; '
    '<span style="color:#ff00b4"><b>&#x2B21;</b> the line clicked</span>'
)
