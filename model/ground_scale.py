"""DBM's ground scale: how long a pace is on a table, from the figures the table is played with.

The DBM terrain text gives every distance in paces (p); how long a pace is on the table depends on
the figures. The figures, written once here (docs/format.md, "Ground scale", says where they come from):

* 15mm figures: 50 paces = 25 mm, an element's frontage 40 mm (80 paces). Players of 6mm and 2mm
  figures on the 15mm bases use the 15mm distances.
* 25mm figures: 50 paces = 40 mm, an element's frontage 60 mm (75 paces).
* The text's own playing areas equate 2.7 m with 108", 1.5 m with 60", 1.8 m with 72" and 1.2 m with
  48": 25 mm to the inch. A table in inches uses that inch, which is the 15mm players' "1 inch = 50
  paces".
* For 25mm games on a 1.8 m x 1.2 m table the text reduces its distances in paces to 5/8 (``reduced``):
  a pace of the terrain rules is then 0.5 mm, the 15mm pace. An element's frontage is its base and is
  never reduced.

A table in paces is measured in the text's own paces: no conversion, and no reduction (the reduction
turns the text's paces into lengths on a real table; model/semantic.py refuses it on a table in paces).
Computed with fractions, so that 1,000 paces of 25mm figures are exactly 800 mm.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

#: The figure scales a table can declare, and whose distances and bases each uses.
FIGURES: dict[str, str] = {"2mm": "15mm", "6mm": "15mm", "15mm": "15mm", "25mm": "25mm"}
DEFAULT_FIGURES = "15mm"

#: Millimetres per 50 paces, by the distances a figure scale uses.
MM_PER_50_PACES: dict[str, Fraction] = {"15mm": Fraction(25), "25mm": Fraction(40)}

#: An element's frontage (its base's width) in millimetres.
FRONTAGE_MM: dict[str, Fraction] = {"15mm": Fraction(40), "25mm": Fraction(60)}

#: The text's inch: its playing areas give 2.7 m as 108" and 1.2 m as 48".
MM_PER_INCH = Fraction(25)

#: The text's reduction of its distances for 25mm games on a 1.8 m x 1.2 m table.
REDUCTION = Fraction(5, 8)

_UNIT_WORDS = {"paces": ("pace", "paces"), "mm": ("mm", "mm"), "inches": ("inch", "inches")}
_DECIMALS = {"paces": 1, "mm": 1, "inches": 2}


def reduction_problem(unit: str, figures: str, reduced: bool) -> str | None:
    """Why a table may not take the 5/8 reduction, or None when it may (or does not ask for it)."""
    if not reduced:
        return None
    if FIGURES.get(figures) != "25mm":
        return f"the 5/8 reduction is for 25mm figures; this table has {figures} figures"
    if unit == "paces":
        return "the 5/8 reduction applies to a table in mm or inches; a table in paces is in the text's own paces"
    return None


def number(x: float, decimals: int) -> str:
    """1040.0 as "1,040", 32.25 as "32.25": thousands separated, no trailing zeros."""
    text = f"{x:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class ScaledTable(Protocol):
    """What a ground scale is read from: a TableMap, or anything with its unit, figures and reduced."""

    @property
    def unit(self) -> str: ...
    @property
    def figures(self) -> str: ...
    @property
    def reduced(self) -> bool: ...


@dataclass(frozen=True)
class GroundScale:
    """The length of the terrain text's pace, and of an element's frontage, on one table."""

    unit: str = "paces"  # paces | inches | mm
    figures: str = DEFAULT_FIGURES
    reduced: bool = False

    @classmethod
    def of(cls, table: ScaledTable) -> GroundScale:
        """The ground scale of a TableMap (or anything with unit, figures and reduced)."""
        return cls(table.unit, table.figures, table.reduced)

    @property
    def distances(self) -> str:
        """Whose distances the figures use: "15mm" or "25mm"."""
        return FIGURES[self.figures]

    def _ground_pace(self) -> Fraction:
        """Table units per pace of the figures' ground scale, before any reduction."""
        if self.unit == "paces":
            return Fraction(1)
        mm = MM_PER_50_PACES[self.distances] / 50
        return mm if self.unit == "mm" else mm / MM_PER_INCH

    def _pace(self) -> Fraction:
        return self._ground_pace() * (REDUCTION if self.reduced else 1)

    @property
    def pace(self) -> float:
        """Table units per pace of the terrain text (the reduction applied)."""
        return float(self._pace())

    def length(self, paces: float) -> float:
        """A distance the text gives in paces, in table units."""
        return float(Fraction(paces) * self._pace())

    def paces(self, length: float) -> float:
        """A table length in the text's paces."""
        return length / self.pace

    @property
    def element_paces(self) -> float:
        """An element's frontage in paces of the figures' ground scale (80 for 15mm, 75 for 25mm)."""
        d = self.distances
        return float(FRONTAGE_MM[d] / (MM_PER_50_PACES[d] / 50))

    @property
    def element_width(self) -> float:
        """An element's frontage in table units (its base: never reduced)."""
        d = self.distances
        return float(FRONTAGE_MM[d] / (MM_PER_50_PACES[d] / 50) * self._ground_pace())

    # ------------------------------------------------------------------------------ words
    def _in_unit(self, length: float, decimals: int) -> str:
        one, many = _UNIT_WORDS[self.unit]
        text = number(length, decimals)
        return f"{text} {one if text == '1' else many}"

    def say(self, length: float, extra: int = 0) -> str:
        """A table length in paces and in the table's unit: "1,040 paces (520 mm)"; "1,040 paces" on a
        table in paces. ``extra`` decimals are added to both."""
        paces = GroundScale("paces")._in_unit(self.paces(length), _DECIMALS["paces"] + extra)
        if self.unit == "paces":
            return paces
        return f"{paces} ({self._in_unit(length, _DECIMALS[self.unit] + extra)})"

    def say_pair(self, length: float, limit: float) -> tuple[str, str]:
        """A measure and its limit, with as many decimals as it takes to tell them apart (up to 6 more)."""
        for extra in range(6):
            a, b = self.say(length, extra), self.say(limit, extra)
            if a != b or length == limit:
                return a, b
        return self.say(length, 6), self.say(limit, 6)

    def say_area(self, area: float) -> str:
        """An area in square paces and square table units: "12,000 square paces (3,000 square mm)"."""
        sq = number(area / self.pace**2, 0)
        if self.unit == "paces":
            return f"{sq} square paces"
        return f"{sq} square paces ({number(area, _DECIMALS[self.unit])} square {_UNIT_WORDS[self.unit][1]})"
