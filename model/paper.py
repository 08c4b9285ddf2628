"""Physical sizes for printing and rendering: hex sizes, paper sizes, lengths with units (Qt-free).

A hex size is measured across the flats (the distance between two opposite sides), as wargame
publishers state it. A length is a number with a unit: ``mm``, ``cm``, ``in`` (or ``"``) or ``px``
(pixels, for images only). Paper sizes are ISO 216 (A-series) and ANSI (Letter, Legal, Tabloid),
portrait, in millimetres; ``WxHmm`` or ``WxHin`` names any other size.

Sources for the figures are in docs/print.md; each preset below names its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .ground_scale import ScaledTable

MM_PER_INCH = 25.4


class SizeError(ValueError):
    """A length, hex size or paper size that cannot be read; the message says what was expected."""


@dataclass(frozen=True)
class Length:
    value: float
    unit: str  # "mm" or "px"

    @property
    def mm(self) -> float:
        if self.unit != "mm":
            raise SizeError("a pixel length has no physical size")
        return self.value


#: Common wargame hex sizes across the flats, in millimetres (see docs/print.md for the sources).
HEX_PRESETS: dict[str, float] = {
    "half-inch": 0.5 * MM_PER_INCH,  # the hex the size of a half-inch counter
    "5/8in": 0.625 * MM_PER_INCH,  # the classic hex-and-counter size (15-20 mm band)
    "3/4in": 0.75 * MM_PER_INCH,  # the default: a half-inch counter and the label above it
    "1in": 1.0 * MM_PER_INCH,  # the common grid of miniature battle mats
    "1.5in": 1.5 * MM_PER_INCH,  # miniatures on 28mm bases (about 35 mm wanted)
    "hexon": 100.0,  # Kallistra's Hexon II terrain tiles, about 10 cm across the flats
}

#: The hex size when none is given: 3/4", the middle of the 15-20 mm most hex-and-counter maps use,
#: roomy enough for a half-inch counter and the hex label above it (docs/print.md).
DEFAULT_HEX_SIZE = "3/4in"

#: Paper sizes, portrait, (width, height) in millimetres: ISO 216 and ANSI.
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "a3": (297.0, 420.0),
    "a2": (420.0, 594.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
}

_UNITS = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, '"': MM_PER_INCH}
_LENGTH = re.compile(r'^\s*(\d+(?:\.\d+)?|\d+/\d+)\s*(mm|cm|in|"|px)\s*$', re.I)
_CUSTOM_PAPER = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(mm|cm|in)\s*$", re.I)
_MAX_MM = 10_000.0  # ten metres: longer than any table, short enough that page counts stay bounded


def _number(text: str) -> float:
    if "/" in text:
        num, den = text.split("/")
        if float(den) == 0:
            raise SizeError(f"{text!r}: division by zero")
        return float(num) / float(den)
    return float(text)


def parse_length(text: str, *, pixels: bool = False) -> Length:
    """``"19mm"``, ``"0.75in"``, ``"3/4in"``, ``'1"'``, ``"2cm"`` (and ``"48px"`` when ``pixels``)."""
    m = _LENGTH.match(text)
    if not m:
        units = "mm, cm, in" + (" or px" if pixels else "")
        raise SizeError(f"{text!r} is not a length: a number and a unit ({units}), e.g. 19mm or 3/4in")
    value, unit = _number(m.group(1)), m.group(2).lower()
    if unit == "px":
        if not pixels:
            raise SizeError(f"{text!r}: pixels have no physical size here; use mm, cm or in")
        if not 1 <= value <= 2000:
            raise SizeError(f"{text!r}: a hex of 1 to 2000 pixels")
        return Length(value, "px")
    mm = value * _UNITS[unit]
    if not 0 < mm <= _MAX_MM:
        raise SizeError(f"{text!r}: a length above 0 and at most {_MAX_MM:g} mm")
    return Length(mm, "mm")


def parse_hex_size(text: str, *, pixels: bool = False) -> Length:
    """A preset name from HEX_PRESETS or a length (the hex across its flats)."""
    key = text.strip().lower()
    if key in HEX_PRESETS:
        return Length(HEX_PRESETS[key], "mm")
    try:
        return parse_length(text, pixels=pixels)
    except SizeError as e:
        raise SizeError(f"{e}; or a preset: {', '.join(HEX_PRESETS)}") from None


def parse_paper(text: str) -> tuple[float, float]:
    """(width, height) in mm, portrait, of a named paper (PAPER_SIZES) or ``WxH`` with a unit."""
    key = text.strip().lower()
    if key in PAPER_SIZES:
        return PAPER_SIZES[key]
    m = _CUSTOM_PAPER.match(text)
    if not m:
        raise SizeError(
            f"{text!r} is not a paper size: {', '.join(PAPER_SIZES)} or WxH with a unit, e.g. 300x400mm"
        )
    k = _UNITS[m.group(3).lower()]
    w, h = float(m.group(1)) * k, float(m.group(2)) * k
    if not (50 <= w <= 2000 and 50 <= h <= 2000):
        raise SizeError(f"{text!r}: each side of a page from 50 mm to 2000 mm")
    return (w, h)


def table_unit_mm(table: ScaledTable) -> float:
    """Millimetres per unit of a table map (a TableMap, or anything with unit, figures, reduced) at
    the true size it is played at: a millimetre is one; an inch is the DBM text's inch of 25 mm
    (model/ground_scale.py: "a table in inches uses that inch"); a pace is the figures' ground scale,
    half a millimetre for 15mm figures, 0.8 mm for 25mm ones. Worked out as an element's frontage in mm
    over its frontage in table units, the figure the terrain templates use too."""
    from .ground_scale import FRONTAGE_MM, GroundScale

    if table.unit == "mm":
        return 1.0
    scale = GroundScale.of(table)
    return float(FRONTAGE_MM[scale.distances]) / scale.element_width


__all__ = [
    "DEFAULT_HEX_SIZE",
    "HEX_PRESETS",
    "MM_PER_INCH",
    "PAPER_SIZES",
    "Length",
    "SizeError",
    "parse_hex_size",
    "parse_length",
    "parse_paper",
    "table_unit_mm",
]
