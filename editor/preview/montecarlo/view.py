"""Monte Carlo drawn in the editor: the per-hex flood probability as a heat map over the map (with
a legend), and a QPainter chart of the swell's arrival step along the river. The figures all come
from ``dambuster.simulation.montecarlo`` (run in a worker: montecarlo/worker.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import shiboken6
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QWidget

from dambuster.editor.geometry.hexes import HexGeometry
from dambuster.editor.scene.map_text import halo_text
from dambuster.model.hexgrid import Hex
from dambuster.simulation.montecarlo import MonteCarloResult

Z_HEAT = 55
Z_LEGEND = 10_000  # the legend over everything on the map
LEGEND_POINTS = 7.5  # the legend's text, in points on screen at every zoom
LEGEND_ROW = 13.0  # a row of the legend (a bin's swatch and its range), in pixels on screen
BINS = 10  # the heat map groups chances into tenths: (0, 0.1], (0.1, 0.2], ... (0.9, 1]


def heat_colour(p: float, alpha: int = 185) -> QColor:
    """Pale yellow (just above 0) through orange to dark red (1)."""
    p = max(0.0, min(1.0, p))
    stops = [(0.0, (255, 240, 160)), (0.5, (245, 140, 40)), (1.0, (150, 10, 20))]
    for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
        if p <= p1:
            t = (p - p0) / (p1 - p0)
            red, green, blue = (round(a + (b - a) * t) for a, b in zip(c0, c1))
            return QColor(red, green, blue, alpha)
    return QColor(*stops[-1][1], alpha)


def bin_of(p: float) -> int:
    """1..BINS for a chance above 0 (the upper edge of a bin belongs to it)."""
    return max(1, min(BINS, math.ceil(p * BINS - 1e-9)))


class HeatLayer:
    """Per-hex flood chance drawn as tinted hexes with the percentage, plus a legend in the corner."""

    def __init__(self, scene: QGraphicsScene, geom: HexGeometry):
        self.scene, self.geom = scene, geom
        self.root: QGraphicsItem | None = None
        self.legend: QGraphicsPathItem | None = None  # the key's box, the title and the bins in it
        #: whether it may show now (the Monte Carlo tab is in front)
        self.wanted: Callable[[], bool] = lambda: True
        self.probabilities: dict[Hex, float] = {}

    def clear(self) -> None:
        for item in (self.root, self.legend):
            if item is not None and shiboken6.isValid(item):
                self.scene.removeItem(item)
        self.root = self.legend = None
        self.probabilities = {}

    def show(self, result: MonteCarloResult) -> None:
        self.clear()
        if not self.wanted():
            return
        root = self.root = QGraphicsPathItem()
        root.setZValue(Z_HEAT)
        self.scene.addItem(root)
        self.probabilities = {h: p["flood"] for h, p in result.hexes.items() if p.get("flood", 0.0) > 0}
        by_bin: dict[int, list[Hex]] = {}
        for h, p in self.probabilities.items():
            by_bin.setdefault(bin_of(p), []).append(h)
        for b, hexes in sorted(by_bin.items()):
            path = QPainterPath()
            for h in hexes:
                path.addPolygon(QPolygonF([QPointF(x, y) for x, y in self.geom.corners(h, 0.96)]))
                path.closeSubpath()
            item = QGraphicsPathItem(path, root)
            item.setPen(QPen(QColor(90, 20, 10, 200), 1.0))
            item.setBrush(QBrush(heat_colour(b / BINS)))
        for h, p in self.probabilities.items():
            x, y = self.geom.center(h)
            halo_text(root, f"{p * 100:.0f}", x, y, 6.0, colour=QColor("#101010"), bold=True, halo=True)
        self._legend(result.runs)

    def _legend(self, runs: int) -> None:
        """The key at the map's top-left corner, as wide as its title needs, the same size on screen at
        every zoom (its text at the size of the dock's, readable at the zoom the map opens at)."""
        x0, y0, _x1, _y1 = self.geom.map_bounds()
        s = self.geom.size
        back = QGraphicsPathItem()  # above the counters and hex numbers, which lie above the heat map
        self.scene.addItem(back)
        back.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)  # in screen pixels
        back.setPos(x0 + s * 0.2, y0 + s * 0.2)
        back.setBrush(QColor(255, 255, 255, 230))
        back.setPen(QPen(QColor("#505050"), 1.0))
        back.setZValue(Z_LEGEND)
        pad, row = 5.0, LEGEND_ROW
        title = halo_text(
            back, f"flood chance ({runs:,} runs)", pad, pad + row / 2, LEGEND_POINTS, bold=True, centre=False
        )
        widest = title.mapRectToParent(title.boundingRect()).right()
        half = (BINS + 1) // 2  # two columns, the highest chances first: compact over a small map
        column = pad
        for col in range(2):
            right = column
            for i in range(BINS - col * half, max(BINS - (col + 1) * half, 0), -1):
                y = pad + row * (1 + (BINS - col * half - i))
                sw = QPainterPath()
                sw.addRect(QRectF(column, y + 2, row * 1.2, row - 4))
                item = QGraphicsPathItem(sw, back)
                item.setBrush(heat_colour(i / BINS))
                item.setPen(QPen(QColor("#505050"), 0.5))
                text = f"{(i - 1) * 10}-{i * 10} %"
                label = halo_text(back, text, column + row * 1.5, y + row / 2, LEGEND_POINTS, centre=False)
                right = max(right, label.mapRectToParent(label.boundingRect()).right())
            widest = max(widest, right)
            column = right + pad * 2
        box = QPainterPath()
        box.addRect(QRectF(0, 0, widest + pad, pad * 2 + row * (half + 1)))
        back.setPath(box)
        self.legend = back


class ArrivalChart(QWidget):
    """Bars: for each hex below the dam (by distance along the river), the step the swell reaches it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.points: list[tuple[int, int]] = []  # (hexes below the dam, arrival step)
        self.setMinimumHeight(120)

    def set_arrivals(self, depth: Mapping[Hex, int], arrival: Mapping[Hex, int]) -> None:
        best: dict[int, int] = {}
        for h, k in arrival.items():
            d = depth.get(h)
            if d is not None and d > 0:
                best[d] = min(k, best.get(d, k))
        self.points = sorted(best.items())
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(260, 140)

    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#ffffff"))
        font = QFont()
        font.setPointSizeF(7.5)
        p.setFont(font)
        left, right, top, bottom = 28, 8, 16, 22
        w, h = self.width() - left - right, self.height() - top - bottom
        p.setPen(QColor("#303030"))
        p.drawText(
            QRectF(left, 0, w, top), Qt.AlignmentFlag.AlignCenter, "swell arrival step by hexes below the dam"
        )
        if not self.points or w <= 0 or h <= 0:
            p.end()
            return
        max_d = max(d for d, _ in self.points)
        max_k = max(max(k for _, k in self.points), 1)
        p.drawLine(left, top + h, left + w, top + h)
        p.drawLine(left, top, left, top + h)
        for k in range(0, max_k + 1, max(1, max_k // 5)):
            y = top + h - h * k / max_k
            right_mid = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            p.drawText(QRectF(0, y - 7, left - 4, 14), right_mid, str(k))
        bar = w / max_d
        p.setPen(Qt.PenStyle.NoPen)
        for d, k in self.points:
            bh = h * max(k, 0.08) / max_k
            p.setBrush(QColor(42, 111, 196, 60 + int(180 * k / max_k)))
            p.drawRect(QRectF(left + (d - 1) * bar + 0.5, top + h - bh, max(bar - 1, 1), bh))
        p.setPen(QColor("#303030"))
        for d in range(0, max_d + 1, max(1, max_d // 6)):
            x = left + d * bar
            p.drawText(QRectF(x - 12, top + h + 2, 24, 14), Qt.AlignmentFlag.AlignCenter, str(d))
        p.end()
