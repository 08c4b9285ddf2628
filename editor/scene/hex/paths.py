"""The overlay's lines and marks as paths cut by block of hexes (``Buckets``), so a repaint touches
only the blocks in view, and the pens they are drawn with."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem

from dambuster.editor.geometry.hexes import HexGeometry, chunk_of
from dambuster.model.hexgrid import Hex

BUCKET, FAR_BUCKET = 16, 128  # hexes: lines are split into one path per block of this many hexes a side


def line_pen(colour: QColor, width: float, dash=Qt.PenStyle.SolidLine, cap=Qt.PenCapStyle.RoundCap) -> QPen:
    return QPen(colour, width, dash, cap, Qt.PenJoinStyle.RoundJoin)


def cosmetic_pen(colour: QColor, width: float) -> QPen:
    pen = line_pen(colour, width)
    pen.setCosmetic(True)
    return pen


class Buckets:
    """Paths keyed by block of hexes, so a repaint touches only the blocks in view."""

    def __init__(self, geom: HexGeometry, size: int = BUCKET):
        self.geom, self.size = geom, size
        self.paths: dict[tuple[int, int], QPainterPath] = {}

    def key(self, h: Hex) -> tuple[int, int]:
        return chunk_of(self.geom.layout, h, self.size)

    def path(self, h: Hex) -> QPainterPath:
        k = self.key(h)
        p = self.paths.get(k)
        if p is None:
            p = self.paths[k] = QPainterPath()
        return p

    def chain(self, hexes: list[Hex]) -> list[tuple[float, float]]:
        """A polyline through hex centres, cut where it passes into another block; returns the centres."""
        lay, n, paths, current = self.geom.layout, self.size, self.paths, None
        offsets = [lay.to_offset(h) for h in hexes]
        centres = [self.geom.center(h) for h in hexes]
        for i in range(len(hexes) - 1):
            col, row = offsets[i]
            k = (col // n, row // n)
            p = paths.get(k)
            if p is None:
                p = paths[k] = QPainterPath()
            if k != current:
                p.moveTo(*centres[i])
                current = k
            p.lineTo(*centres[i + 1])
        return centres

    def segment(self, h: Hex, a, b) -> None:
        p = self.path(h)
        p.moveTo(*a)
        p.lineTo(*b)

    def polygon(self, h: Hex, poly: QPolygonF) -> None:
        p = self.path(h)
        p.addPolygon(poly)
        p.closeSubpath()


def path_items(buckets: Buckets, pen: QPen | None, brush: QBrush | None = None) -> list[QGraphicsPathItem]:
    """One path item per block of ``buckets``."""
    pen = pen if pen is not None else QPen(Qt.PenStyle.NoPen)
    items = []
    for path in buckets.paths.values():
        item = QGraphicsPathItem(path)
        item.setPen(pen)
        if brush is not None:
            item.setBrush(brush)
        items.append(item)
    return items
