"""The counters sheet: the scenario's units as counters, front and back, for duplex printing.

One counter per unit of the scenario (placed or not, whatever its status: the status is what a player
shows by flipping it), grouped by side in the scenario's order of sides. A counter's side is
``COUNTER_OF_SQUARE`` of the largest square that fits in the hex, (sqrt 3 - 1) x the hex across its
flats: 0.9 x 0.732 = 0.659 x the flats, 12.5 mm on 3/4" hexes (a half-inch counter), 16.7 mm on 1"
hexes. The design is the editor's (scene/counter_face.py), without the shadow of its thickness, the
colour filling the whole cell so a cut a little off the line shows no white.

Pages come in pairs, front then back. The back is what the basic game's rules
(shared/rules/ogre-basic-redesign.txt) put on a counter's reverse: an armor unit (or a vehicle)
disabled, with a red border; an Ogre "a different view" (here facing the other way); infantry and
command posts the same as the front. It is mirrored so each back lands behind its front when the
sheet is printed double-sided and flipped on the long edge (``flip="long"``: columns mirrored on a
portrait page, rows on a landscape one; ``flip="short"`` the other way round).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from PySide6.QtGui import QColor, QPainter

from dambuster.editor.scene.counter_face import (
    DISABLED_BORDER,
    CounterArt,
    CounterFace,
    counter_art,
    counter_face,
    paint_counter,
    paint_figures,
)
from dambuster.model.catalog import DEFAULT_UNIT_TYPES
from dambuster.model.scenario import Scenario, Unit

from .cut_grid import CutGrid, draw_cut_lines, draw_header
from .sheet import PrintSettings, Sheet

COUNTER_OF_SQUARE = 0.9  # a counter's side, in sides of the largest square inside the hex
NO_SIDE_COLOUR = QColor("#909090")  # a unit whose side the scenario does not list (as in the editor)
FLIPS = ("long", "short")


def counter_mm(hex_mm: float, fraction: float = COUNTER_OF_SQUARE) -> float:
    """A counter's side for hexes ``hex_mm`` across the flats: ``fraction`` of the hex's inscribed square."""
    return fraction * (math.sqrt(3) - 1) * hex_mm


def back_kind(category: str | None) -> str:
    """What a counter's reverse shows: "disabled", "other view" (an Ogre) or "same"."""
    if category == "ogre":
        return "other view"
    if category in ("infantry", "structure", None):
        return "same"
    return "disabled"


@dataclass(frozen=True)
class Counter:
    unit: Unit
    side_name: str
    face: CounterFace
    front: CounterArt
    back: CounterArt


def counters_of(scenario: Scenario) -> list[Counter]:
    """One counter per unit, by side in the scenario's order of sides (units of an unlisted side last)."""
    types = {**DEFAULT_UNIT_TYPES, **scenario.unit_types}
    order = {s.id: i for i, s in enumerate(scenario.sides)}
    sides = {s.id: s for s in scenario.sides}
    out: list[Counter] = []
    for u in sorted(scenario.units, key=lambda u: order.get(u.side, len(order))):
        t = types.get(u.type)
        side = sides.get(u.side)
        fill = QColor(side.color) if side else NO_SIDE_COLOUR
        front = counter_art(u, t, fill)
        kind = back_kind(t.category if t else None)
        if kind == "disabled":
            back = replace(front, status="disabled", border=DISABLED_BORDER)
        elif kind == "other view":
            back = replace(front, facing=-1)
        else:
            back = front
        out.append(Counter(u, side.name if side else u.side, counter_face(u, t), front, back))
    return out


class CounterSheet:
    name = "counters"

    def __init__(
        self,
        scenario: Scenario,
        settings: PrintSettings,
        *,
        flip: str = "long",
        fraction: float = COUNTER_OF_SQUARE,
    ):
        if flip not in FLIPS:
            raise ValueError(f"flip {flip!r}: long or short")
        self.scenario, self.settings, self.flip = scenario, settings, flip
        self.counters = counters_of(scenario)
        self.side_mm = counter_mm(settings.hex_mm, fraction)
        self.grid = CutGrid.fit(settings, self.side_mm)
        self.sheets = self.grid.pages(len(self.counters))  # pages of fronts (each with its back)

    def page_count(self) -> int:
        return 2 * self.sheets

    def page_title(self, index: int) -> str:
        return f"Counters {index // 2 + 1} {'back' if index % 2 else 'front'}"

    @property
    def mirrors_columns(self) -> bool:
        """Whether the back mirrors columns (the flip turns the page about a vertical line) or rows."""
        w, h = self.settings.page_mm
        long_edge_vertical = h >= w
        return long_edge_vertical == (self.flip == "long")

    def position(self, index: int, back: bool) -> tuple[int, int]:
        """(row, column) of the index-th counter of its page, on the front or on the back."""
        r, c = self.grid.place(index)
        if not back:
            return r, c
        if self.mirrors_columns:
            return r, self.grid.cols - 1 - c
        return self.grid.rows - 1 - r, c

    def counts_by_side(self) -> list[tuple[str, int]]:
        out: dict[str, int] = {}
        for c in self.counters:
            out[c.side_name] = out.get(c.side_name, 0) + 1
        return list(out.items())

    def draw_page(self, painter: QPainter, index: int) -> None:
        sheet, back = divmod(index, 2)
        first = sheet * self.grid.per_page
        mine = self.counters[first : first + self.grid.per_page]
        sides = ", ".join(f"{name} {n}" for name, n in self.counts_by_side())
        title = (
            f"Counters {sheet + 1}/{self.sheets}, {'back' if back else 'front'} - {self.scenario.meta.title}"
        )
        if back:
            detail = (
                f"Backs: print double-sided, flip on the {self.flip} edge. Disabled sides have a red border."
            )
        else:
            detail = (
                f"{len(self.counters)} counters ({sides}), {self.side_mm:.1f} mm for "
                f"{self.settings.hex_mm:.1f} mm hexes; cut along the grey lines"
            )
        draw_header(painter, self.settings, title, detail)
        for k, counter in enumerate(mine):
            rect = self.grid.cell(*self.position(k, bool(back)))
            art = counter.back if back else counter.front
            painter.save()
            painter.setClipRect(rect)  # nothing of one counter crosses its cutting line
            painter.fillRect(rect, art.fill)  # bleed: the colour reaches the cutting line
            paint_counter(painter, rect, art, detailed=True, shadow=False)
            paint_figures(painter, rect, counter.face, art.ink)
            painter.restore()
        rows = math.ceil(len(mine) / self.grid.cols)
        if back and not self.mirrors_columns:
            self._cut_lines_bottom_up(painter, rows)
        else:
            draw_cut_lines(painter, self.grid, rows)

    def _cut_lines_bottom_up(self, painter: QPainter, rows: int) -> None:
        """The cutting lines of the last ``rows`` rows (a back mirrored top to bottom)."""
        g = self.grid
        shifted = replace(g, top=g.top + (g.rows - rows) * g.cell_h)
        draw_cut_lines(painter, shifted, rows)


def sheet_for(
    scenario: Scenario, settings: PrintSettings, *, flip: str = "long", fraction: float = COUNTER_OF_SQUARE
) -> Sheet | None:
    """The counters sheet of ``scenario``, or None when it has no units."""
    if not scenario.units:
        return None
    return CounterSheet(scenario, settings, flip=flip, fraction=fraction)


__all__ = ["COUNTER_OF_SQUARE", "CounterSheet", "back_kind", "counter_mm", "counters_of", "sheet_for"]
