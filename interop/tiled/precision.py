"""The digits a coordinate keeps in Tiled: its TMX writer prints each number with six significant digits
(Qt's ``QString::number``), so a table map's coordinates are written that way already by export-tiled
(``kept``), and read back as the simplest table value that Tiled prints the same (``table_value``): a
table map saved again by Tiled, unchanged, imports to the same scenario (docs/tiled.md)."""

from __future__ import annotations

TMX_SIGNIFICANT_DIGITS = 6
MAX_DECIMALS = 15


def kept(value: float) -> float:
    """``value`` as Tiled's TMX writer keeps it: rounded to six significant digits."""
    return float(f"{value:.{TMX_SIGNIFICANT_DIGITS}g}")


def table_value(pixels: float, scale: float) -> float:
    """The table coordinate of ``pixels`` at ``scale`` pixels per unit: the one with the fewest decimals
    that export-tiled writes as these pixels (86.319 inches, not 2762.21 / 32 = 86.3190625); the exact
    quotient for a number with more digits than Tiled keeps (a map another program wrote)."""
    exact = pixels / scale
    if kept(pixels) != pixels:
        return exact
    for decimals in range(MAX_DECIMALS + 1):
        candidate = round(exact, decimals)
        if kept(candidate * scale) == pixels:
            return candidate
    return exact
