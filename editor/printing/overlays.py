"""The overlays sheet: what a breach of each dam needs on this map (breach_pieces.py says which and how
many), cut-out pieces sized to the printed hex.

Hex pieces are the map's own hexes at ``settings.hex_mm`` across the flats, as they lie on the map
(a swell piece bends where the river bends, turned as on the map), in the editor's terrain colours
with a printed hatch, a thin line between their hexes and a black cutting outline. Markers (bridge
out, road cut) are squares the size of a counter (counters.counter_mm). Every piece says small what
it is, whose dam, and where it goes when that is known. The first page's header counts every kind.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from dambuster.editor import style
from dambuster.editor.geometry.hexes import SQRT3, HexGeometry
from dambuster.editor.scene.counter_face import draw_text
from dambuster.model.scenario import HexMap, Scenario

from .breach_pieces import MARKER_KINDS, MONTE_CARLO_RUNS, Piece, breach_pieces, counts
from .counters import counter_mm
from .cut_grid import HEADER_MM, draw_header
from .packing import page_count, shelf_pack
from .sheet import PrintSettings, Sheet

GAP_MM = 3.0  # between pieces, so each can be cut along its own outline
OUTLINE_MM = 0.25
LABEL_EM = 0.1  # a piece's label, in hexes across the flats
SWELL_FILL = "water"  # the swell is the river's water full of debris
HATCH = {  # kind -> (terrain whose colours it takes, hatch angle in degrees or None)
    "swell": ("debris", 45.0),
    "debris": ("debris", 45.0),
    "swamp": ("swamp", 0.0),
    "flooded-town": ("flooded-town", -45.0),
    "clear": ("clear", None),
    "forest": ("forest", 45.0),
    "water": ("water", None),
}
NAMES = {
    "swell": "swell",
    "debris": "debris",
    "reservoir": "dry reservoir",
    "swamp": "swamp",
    "flooded-town": "flooded town",
    "bridge-out": "bridge out",
    "road-cut": "road cut",
    "building-destroyed": "destroyed",
}


def _hatch(
    painter: QPainter, path: QPainterPath, colour: QColor, angle: float, spacing: float, width: float
) -> None:
    """Parallel lines at ``angle`` over ``path`` (printed, unlike Qt's pixel patterns)."""
    painter.save()
    painter.setClipPath(path, Qt.ClipOperation.IntersectClip)
    painter.setPen(QPen(colour, width))
    r = path.boundingRect()
    c, reach = r.center(), math.hypot(r.width(), r.height()) / 2 + spacing
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    n = int(reach / spacing) + 1
    for i in range(-n, n + 1):
        ox, oy = c.x() - dy * i * spacing, c.y() + dx * i * spacing
        painter.drawLine(QPointF(ox - dx * reach, oy - dy * reach), QPointF(ox + dx * reach, oy + dy * reach))
    painter.restore()


class OverlaySheet:
    name = "overlays"

    def __init__(
        self,
        scenario: Scenario,
        settings: PrintSettings,
        pieces: list[Piece],
        runs: int,
        problems: Sequence[str] = (),
    ):
        self.scenario, self.settings, self.pieces, self.runs = scenario, settings, pieces, runs
        self.problems = list(problems)  # dams that cannot breach, in the simulation's words
        m = scenario.map
        if not isinstance(m, HexMap):
            raise TypeError("breach pieces are printed for a hex map")
        self.layout = m.layout
        self.geom = HexGeometry(m.layout, settings.hex_mm / SQRT3)  # circumradius in mm
        self.marker_mm = counter_mm(settings.hex_mm)
        self.shapes = [self._shape(p) for p in pieces]
        p = settings.printable
        self.area = QRectF(p.left(), p.top() + HEADER_MM, p.width(), p.height() - HEADER_MM)
        sizes = [(s.boundingRect().width(), s.boundingRect().height()) for s in self.shapes]
        self.placed = shelf_pack(sizes, self.area.width(), self.area.height(), GAP_MM)
        self.pages = page_count(self.placed)

    def _shape(self, piece: Piece) -> QPainterPath:
        """The piece's outline with its top-left corner at (0, 0)."""
        path = QPainterPath()
        if piece.kind in MARKER_KINDS:
            path.addRect(QRectF(0, 0, self.marker_mm, self.marker_mm))
            return path
        for h in piece.hexes or ((0, 0),):
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in self.geom.corners(h)]))
            path.closeSubpath()
        path = path.simplified()
        r = path.boundingRect()
        return path.translated(-r.left(), -r.top())

    def page_count(self) -> int:
        return self.pages

    def page_title(self, index: int) -> str:
        return f"Overlays {index + 1}"

    def summary(self) -> str:
        n = counts(self.pieces)
        shapes: dict[str, int] = {}
        for p in self.pieces:
            if p.kind == "swell":
                shapes[p.shape] = shapes.get(p.shape, 0) + 1
        parts = [f"{v} {NAMES[k]}" for k, v in n.items()]
        if shapes:
            parts[0] += " (" + ", ".join(f"{v} {k}" for k, v in shapes.items()) + ")"
        dams = len({p.dam for p in self.pieces})
        return (
            f"{len(self.pieces)} pieces for {dams} dam{'s' if dams != 1 else ''}: "
            + ", ".join(parts)
            + f"; swamps, flooded towns, road cuts: the worst of {self.runs:,} Monte Carlo runs"
            + "".join(f"; {p} (no overlays for it)" for p in self.problems)
        )

    def draw_page(self, painter: QPainter, index: int) -> None:
        title = f"Breach overlays {index + 1}/{self.pages} - {self.scenario.meta.title}"
        draw_header(painter, self.settings, title, self.summary())
        for piece, shape, at in zip(self.pieces, self.shapes, self.placed):
            if at.page != index:
                continue
            painter.save()
            painter.translate(self.area.left() + at.x, self.area.top() + at.y)
            if piece.kind in MARKER_KINDS:
                self._marker(painter, piece, shape.boundingRect())
            else:
                self._hex_piece(painter, piece, shape)
            painter.restore()

    # ----------------------------------------------------------------------------- drawing
    def _hex_piece(self, painter: QPainter, piece: Piece, shape: QPainterPath) -> None:
        terrain = piece.shape if piece.kind == "reservoir" else piece.kind
        look, angle = HATCH.get(terrain, ("clear", None))
        fill, _pattern, _ink = style.TERRAIN_STYLE[SWELL_FILL if piece.kind == "swell" else look]
        painter.fillPath(shape, QColor(fill))
        if angle is not None:
            hatch_ink = style.TERRAIN_STYLE[look][2] or "#606060"
            _hatch(
                painter,
                shape,
                QColor(hatch_ink),
                angle,
                self.settings.hex_mm * 0.08,
                self.settings.hex_mm * 0.012,
            )
        if len(piece.hexes) > 1:  # the lines between its hexes, to lay it on the map's hexes
            painter.setPen(QPen(style.GRID, OUTLINE_MM * 0.6))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            r = self._hexes_rect(piece)
            for h in piece.hexes:
                painter.drawPolygon(
                    QPolygonF([QPointF(x - r.left(), y - r.top()) for x, y in self.geom.corners(h)])
                )
        painter.setPen(QPen(QColor("#000000"), OUTLINE_MM))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(shape)
        self._label(painter, shape.boundingRect(), piece)

    def _hexes_rect(self, piece: Piece) -> QRectF:
        path = QPainterPath()
        for h in piece.hexes:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in self.geom.corners(h)]))
        return path.boundingRect()

    def _label(self, painter: QPainter, box: QRectF, piece: Piece) -> None:
        """What the piece is (bold), then its dam and where it goes, on a white band across the piece's
        middle hex so the hatch does not hide it."""
        em = self.settings.hex_mm * LABEL_EM
        if piece.kind == "swell":
            lines = [(f"swell {piece.step}", True), (piece.shape, False)]
        elif piece.kind == "reservoir":
            lines = [("reservoir", True), (f"now {piece.shape}", False)]
        else:
            lines = [(NAMES[piece.kind], True)]
        lines += [(piece.dam, False)] + ([(piece.label, False)] if piece.label else [])
        middle = piece.hexes[len(piece.hexes) // 2] if piece.hexes else None
        r = self._hexes_rect(piece) if piece.hexes else QRectF(0, 0, 1, 1)
        cx, cy = self.geom.center(middle) if middle else (0.0, 0.0)
        centre = QPointF(cx - r.left(), cy - r.top()) if middle else box.center()
        width = self.settings.hex_mm * 0.92  # a hex's width at its middle is at least its flats
        height = len(lines) * em * 1.2
        band = QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
        painter.save()
        painter.fillRect(band.adjusted(width * 0.04, 0, -width * 0.04, 0), QColor(255, 255, 255, 200))
        painter.setPen(QColor("#000000"))
        bold = QFont()
        bold.setBold(True)
        for i, (text, strong) in enumerate(lines):  # a long label shrinks to the hex
            line = QRectF(band.left() + width * 0.05, band.top() + i * em * 1.2, width * 0.9, em * 1.2)
            draw_text(
                painter, line, Qt.AlignmentFlag.AlignCenter, text, bold if strong else QFont(), em, fit=True
            )
        painter.restore()

    def _marker(self, painter: QPainter, piece: Piece, box: QRectF) -> None:
        s = box.width()
        painter.fillRect(box, QColor("#ffffff"))
        y = s * 0.4
        if piece.kind == "bridge-out":  # a stream, the bridge over it, a red cross
            painter.setPen(QPen(style.STREAM, s * 0.1))
            painter.drawLine(QPointF(s * 0.5, s * 0.1), QPointF(s * 0.5, s * 0.7))
            painter.setPen(QPen(style.BRIDGE, s * 0.12, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            painter.drawLine(QPointF(s * 0.2, y), QPointF(s * 0.8, y))
        elif piece.kind == "building-destroyed":  # a building, crossed out (11.05: gone with its dam)
            painter.setPen(QPen(QColor("#000000"), s * 0.04))
            painter.setBrush(QColor("#b0b0b0"))
            painter.drawRect(QRectF(s * 0.3, y - s * 0.2, s * 0.4, s * 0.4))
        else:  # a road with a gap cut through it
            painter.setPen(QPen(style.ROAD, s * 0.14, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            painter.drawLine(QPointF(s * 0.08, y), QPointF(s * 0.4, y))
            painter.drawLine(QPointF(s * 0.6, y), QPointF(s * 0.92, y))
        painter.setPen(QPen(style.MARKER, s * 0.07, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        d = s * 0.16
        painter.drawLine(QPointF(s * 0.5 - d, y - d), QPointF(s * 0.5 + d, y + d))
        painter.drawLine(QPointF(s * 0.5 - d, y + d), QPointF(s * 0.5 + d, y - d))
        painter.setPen(QPen(QColor("#000000"), OUTLINE_MM))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(box)
        em = s * 0.12
        bold = QFont()
        bold.setBold(True)
        centre = Qt.AlignmentFlag.AlignCenter
        draw_text(
            painter,
            QRectF(s * 0.05, s * 0.62, s * 0.9, s * 0.16),
            centre,
            NAMES[piece.kind].upper(),
            bold,
            em,
            fit=True,
        )
        where = " ".join(x for x in (piece.dam, piece.label) if x)
        draw_text(
            painter, QRectF(s * 0.05, s * 0.79, s * 0.9, s * 0.15), centre, where, QFont(), em * 0.9, fit=True
        )


def sheet_for(
    scenario: Scenario, settings: PrintSettings, *, runs: int = MONTE_CARLO_RUNS, seed: int = 0
) -> Sheet | None:
    """The overlays sheet of ``scenario``, or None when it has no dams (or is a table)."""
    pieces, problems = breach_pieces(scenario, runs, seed)
    if not pieces:
        return None
    return OverlaySheet(scenario, settings, pieces, runs, problems)


__all__ = ["OverlaySheet", "sheet_for"]
