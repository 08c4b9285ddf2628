"""Small parts of the previews: what the breach preview needs of the main window, their buttons and
dice choice, the lines saying why the breach waits for a repair and where its step is, its legend."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from PySide6.QtWidgets import QComboBox, QPushButton, QSpinBox

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStatusBar

    from dambuster.editor.document import Document
    from dambuster.editor.scene.map_view import MapView
    from dambuster.simulation import SimState


@runtime_checkable  # the Preview dock checks its host (a QMainWindow) is one
class BreachWindow(Protocol):
    """What the breach preview needs of the main window: the document, the map view it draws over and
    brings hexes into view in, and where Apply to a copy's messages go (apply_copy.py)."""

    @property
    def doc(self) -> Document: ...
    @property
    def view(self) -> MapView: ...
    def show_error(self, title: str, message: str) -> None: ...
    def statusBar(self) -> QStatusBar: ...


def button(text: str, tip: str, slot: Callable[[], object]) -> QPushButton:
    b = QPushButton(text)
    b.setToolTip(tip)
    b.clicked.connect(slot)
    return b


def dice_choice() -> tuple[QComboBox, QSpinBox]:
    """The dice a preview plays with: seeded (the seed in the spin box) or thrown at the table."""
    mode = QComboBox()
    mode.addItems(["Seeded dice", "Dice from the table"])
    mode.setToolTip("Seeded: the computer rolls. From the table: type the rolls the players threw")
    seed = QSpinBox()
    seed.setRange(0, 2_147_483_647)
    return mode, seed


def step_line(state: SimState, waiting: bool) -> str:
    """The breach's step as its label says it; ``waiting``: the next step waits for a roll from the table."""
    if waiting:
        k = state.step + 1
        when = "the breach" if k == 0 else f"before player turn {k}"
        return f"Step {k} ({when}): waiting for a roll from the table."
    if state.step < 0:
        return "Before the breach: step forward to breach the dam."
    what = "the swell has left the map" if state.done else f"swell on {len(state.swell)} hexes"
    when = "the breach" if state.step == 0 else f"before player turn {state.step}"
    return f"Step {state.step} ({when}): {what}"


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
