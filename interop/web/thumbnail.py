"""A small SVG picture of a map for a gallery's index: terrain as coloured cells (hex maps, at most
about 64 cells a side) or the table's areas and sewer (table maps), in the web player's colours."""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import quoteattr

from dambuster.model.terrain import TERRAIN_BY_CODE

from .page import palette

SIDE = 64  # cells along the longer side, at most


def _svg(width: float, height: float, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.1f} {height:.1f}" '
        f'width="160" height="{160 * height / max(width, 1e-9):.0f}">' + "".join(body) + "</svg>\n"
    )


def hex_thumbnail(document: dict[str, Any]) -> str:
    m: dict[str, Any] = document["map"]
    colours = palette()["terrain"]
    rows: list[str] = m["terrain"]["rows"]
    columns: int = m["columns"]
    nrows: int = m["rows"]
    step = max(1, math.ceil(max(columns, nrows) / SIDE))
    flat = m.get("orientation", "flat") == "flat"
    body: list[str] = []
    for row in range(0, nrows, step):
        line = rows[row]
        for col in range(0, columns, step):
            kind = TERRAIN_BY_CODE.get(line[col], "clear")
            shift = 0.5 if (col // step) % 2 and flat else 0.0
            xshift = 0.5 if (row // step) % 2 and not flat else 0.0
            x, y = col // step + xshift, row // step + shift
            body.append(
                f'<rect x="{x}" y="{y}" width="1.05" height="1.05" fill="{colours.get(kind, "#ddd")}"/>'
            )
    width = math.ceil(columns / step) + 0.5
    height = math.ceil(nrows / step) + 0.5
    return _svg(width, height, body)


def table_thumbnail(document: dict[str, Any]) -> str:
    m: dict[str, Any] = document["map"]
    colours = palette()
    w, d = float(m["width"]), float(m["depth"])
    body = [f'<rect width="{w}" height="{d}" fill="{colours["terrain"]["clear"]}"/>']
    areas: list[dict[str, Any]] = m.get("areas") or []
    for a in areas:
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in a["polygon"])
        body.append(
            f"<polygon points={quoteattr(pts)} fill={quoteattr(colours['areas'].get(a['kind'], '#ddd'))}/>"
        )
    sewer: dict[str, Any] = m.get("sewer") or {}
    corridors: list[dict[str, Any]] = sewer.get("corridors") or []
    for c in corridors:
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in c["line"])
        body.append(
            f'<polyline points={quoteattr(pts)} fill="none" stroke="#b8b0a0" stroke-width="{c["width"]}"/>'
        )
    return _svg(w, d, body)


def thumbnail(document: dict[str, Any]) -> str:
    return hex_thumbnail(document) if document["map"]["kind"] == "hex" else table_thumbnail(document)
