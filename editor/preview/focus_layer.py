"""What the preview points at on a hex map: the hexes of the log line (or result row) last clicked,
outlined in a bright colour above everything the preview draws, and the numbered hexsides the
players pick between when they roll a choice from the table.

``FocusLayer.show(hexes)`` replaces the outline (an empty list removes it); ``candidates(sides)``
numbers hexsides 1..n; ``clear()`` removes both. ``hexes`` and ``sides`` say what is shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from dambuster.editor.geometry.hexes import HexGeometry
from dambuster.editor.scene.map_text import halo_text
from dambuster.model.hexgrid import Hex, Hexside
from dambuster.simulation.network import as_hex, as_side

Z_FOCUS = 70  # above the preview (60) and the heat map (55), below the problem rings
FOCUS = QColor("#ff00b4")  # magenta: no terrain, heat or preview colour is near it
CANDIDATE = QColor("#7a1fa2")


class FocusLayer:
    def __init__(self, scene: QGraphicsScene, geom: HexGeometry):
        self.scene, self.geom = scene, geom
        self.root: QGraphicsItem | None = None
        self.picks: QGraphicsItem | None = None
        self.hexes: tuple[Hex, ...] = ()
        self.sides: tuple[Hexside, ...] = ()

    def _new_root(self) -> QGraphicsPathItem:
        root = QGraphicsPathItem()
        root.setZValue(Z_FOCUS)
        self.scene.addItem(root)
        return root

    def _drop(self, item: QGraphicsItem | None) -> None:
        if item is not None and shiboken6.isValid(item) and item.scene() is self.scene:
            self.scene.removeItem(item)

    def show(self, hexes: Iterable[Sequence[int]]) -> None:
        self._drop(self.root)
        self.root = None
        self.hexes = tuple(dict.fromkeys(as_hex(h) for h in hexes))
        if not self.hexes:
            return
        self.root = self._new_root()
        path = QPainterPath()
        for h in self.hexes:
            pts = self.geom.corners(h, 0.9)
            path.moveTo(*pts[0])
            for p in pts[1:]:
                path.lineTo(*p)
            path.closeSubpath()
        for colour, width in ((QColor(255, 255, 255, 230), 7.0), (FOCUS, 3.5)):
            item = QGraphicsPathItem(path, self.root)
            pen = QPen(colour, width)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            item.setPen(pen)

    def candidates(self, sides: Iterable[Sequence[int]]) -> None:
        """Numbers the hexsides 1..n (the choices of a pick from the table); empty removes them."""
        self._drop(self.picks)
        self.picks = None
        self.sides = tuple(as_side(s) for s in sides)
        if not self.sides:
            return
        self.picks = self._new_root()
        path = QPainterPath()
        for s in self.sides:
            a, b = self.geom.hexside_segment(s)
            path.moveTo(*a)
            path.lineTo(*b)
        for colour, width in ((QColor(255, 255, 255, 220), 8.0), (CANDIDATE, 4.5)):
            line = QGraphicsPathItem(path, self.picks)
            line.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for i, s in enumerate(self.sides, 1):
            x, y = self.geom.hexside_mid(s)
            halo_text(self.picks, str(i), x, y, 9.0, colour=CANDIDATE, bold=True, halo=True).setZValue(1)

    def clear(self) -> None:
        self.show(())
        self.candidates(())
