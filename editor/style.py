"""Colours, patterns and abbreviations: light, print-friendly, distinct in greyscale where it matters."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPen

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

#: terrain kind -> (fill, pattern style or None, pattern colour)
TERRAIN_STYLE: dict[str, tuple[str, Qt.BrushStyle | None, str]] = {
    "clear": ("#f3eedb", None, ""),
    "forest": ("#bcd9a3", Qt.BrushStyle.BDiagPattern, "#3f7a2c"),
    "swamp": ("#cfe0c8", Qt.BrushStyle.HorPattern, "#4d7f6e"),
    "water": ("#9cc8ea", None, ""),
    "town": ("#e6b8a8", None, ""),
    "rubble": ("#d8cfc0", Qt.BrushStyle.Dense6Pattern, "#5b5040"),
    "crater": ("#a89e8e", Qt.BrushStyle.Dense5Pattern, "#4a4238"),
    "building": ("#d9a58f", Qt.BrushStyle.CrossPattern, "#7a3a26"),
    "flooded-town": ("#a9c3df", Qt.BrushStyle.Dense6Pattern, "#8c3a2a"),
    "debris": ("#c9c1ad", Qt.BrushStyle.Dense7Pattern, "#3d3528"),
}

GRID = QColor("#8a8170")
STREAM = QColor("#2f7fd0")
RIVER = QColor("#2a6fc4")
RIDGE = QColor("#8a5a2b")
TREES = QColor("#2f7a2a")
ROAD = QColor("#a0462a")
RAIL = QColor("#202020")
DAM = QColor("#3a3a3a")
BRIDGE = QColor("#7a4a20")
TOWN = QColor("#8c2f1f")
FLOOD = QColor("#2a6fc4")
MARKER = QColor("#b0201a")
HIGHLIGHT = QColor("#e0201a")
TEXT = QColor("#1a1a1a")

HEXSIDE_STYLE: dict[str, tuple[QColor, float, Qt.PenStyle]] = {
    "stream": (STREAM, 3.0, Qt.PenStyle.SolidLine),
    "ridge": (RIDGE, 4.0, Qt.PenStyle.SolidLine),
    "trees": (TREES, 4.0, Qt.PenStyle.DotLine),
    "cleared-ridge": (RIDGE, 3.0, Qt.PenStyle.DashLine),
}

AREA_STYLE: dict[str, tuple[str, Qt.BrushStyle | None]] = {
    "hill-gentle": ("#e3d3a8", None),
    "hill-steep": ("#c9ab74", None),
    "hill-wooded": ("#b6c98e", Qt.BrushStyle.BDiagPattern),
    "hill-rocky": ("#c8b9a0", Qt.BrushStyle.Dense6Pattern),
    "wood": ("#a9cf92", Qt.BrushStyle.BDiagPattern),
    "marsh": ("#c5dccd", Qt.BrushStyle.HorPattern),
    "rocky": ("#cfc6b6", Qt.BrushStyle.Dense6Pattern),
    "dunes": ("#f0dfa0", Qt.BrushStyle.Dense7Pattern),
    "fields-open": ("#eef2c0", None),
    "fields-enclosed": ("#dfe8a8", Qt.BrushStyle.CrossPattern),
    "bua": ("#e0a898", Qt.BrushStyle.CrossPattern),
}

UNIT_ABBREVIATIONS = {
    "ogre-mk3": "M3",
    "ogre-mk5": "M5",
    "vulcan": "VUL",
    "heavy-tank": "HVY",
    "missile-tank": "MSL",
    "light-tank": "LT",
    "gev": "GEV",
    "jeep": "JP",
    "howitzer": "HWZ",
    "superheavy": "SHV",
    "heavy-drone": "DRN",
    "infantry": "INF",
    "marines": "MAR",
    "combat-engineers": "ENG",
    "command-post": "CP",
    "mobile-command-trailer": "MCT",
    "truck": "TRK",
    "hovertruck": "HTR",
}


def unit_abbreviation(type_key: str) -> str:
    return UNIT_ABBREVIATIONS.get(type_key) or type_key.replace("-", "")[:3].upper()


def text_colour_on(fill: QColor) -> QColor:
    """Black or white, whichever reads better on ``fill``."""
    return QColor("#000000") if fill.lightnessF() > 0.55 else QColor("#ffffff")


def tool_preview_item(scene: QGraphicsScene, width: float = 2.0) -> QGraphicsPathItem:
    """The dashed red outline a tool draws while the user drags (a path, a stroke, a ghost, a shape)."""
    from PySide6.QtWidgets import QGraphicsPathItem

    item = QGraphicsPathItem()
    pen = QPen(HIGHLIGHT, width, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
    pen.setCosmetic(True)
    item.setPen(pen)
    item.setZValue(900)
    scene.addItem(item)
    return item
