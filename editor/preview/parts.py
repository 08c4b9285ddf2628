"""Small parts of the breach preview: its buttons, and the line saying why it waits for a repair."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton


def button(text: str, tip: str, slot) -> QPushButton:
    b = QPushButton(text)
    b.setToolTip(tip)
    b.clicked.connect(slot)
    return b


def waiting_line(doc) -> str:
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
