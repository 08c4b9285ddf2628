"""Everything drawn over the terrain of a hex map: hexsides, rivers, roads, rails, dams, bridges,
towns, floodplain, markers and unit counters. Rebuilt wholesale when features change (they are few
compared with hexes); one path item per kind of line, so large maps stay cheap.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem,
                               QGraphicsSimpleTextItem)

from dambuster.model.hexgrid import Hex
from dambuster.model.scenario import HexMap, Scenario

from .. import style
from ..geometry.hexes import HexGeometry, chunk_of


def _pen(colour: QColor, width: float, dash=Qt.PenStyle.SolidLine, cap=Qt.PenCapStyle.RoundCap) -> QPen:
    pen = QPen(colour, width, dash, cap, Qt.PenJoinStyle.RoundJoin)
    return pen


def _text(parent, text: str, x: float, y: float, size: float, colour=style.TEXT, bold=False, centre=True,
          halo=False):
    """A text item centred on (x, y); with ``halo`` it sits on a pale box so it reads over any terrain."""
    holder = parent
    if halo:
        holder = QGraphicsRectItem(parent)
        holder.setBrush(QColor(255, 255, 255, 200))
        holder.setPen(QPen(Qt.PenStyle.NoPen))
    item = QGraphicsSimpleTextItem(text, holder)
    font = QFont()
    font.setPointSizeF(size)
    font.setBold(bold)
    item.setFont(font)
    item.setBrush(colour)
    r = item.boundingRect()
    item.setPos(x - r.width() / 2 if centre else x, y - r.height() / 2)
    if halo:
        holder.setRect(item.mapRectToParent(r).adjusted(-size * 0.15, 0, size * 0.15, 0))
        return holder
    return item


BUCKET = 16  # hexes: long lines and many small shapes are split into one path per 16x16 block


class Buckets:
    """Paths keyed by 16x16 hex block, so a repaint touches only the blocks in view."""

    def __init__(self, geom: HexGeometry):
        self.geom = geom
        self.paths: dict[tuple[int, int], QPainterPath] = {}

    def key(self, h: Hex) -> tuple[int, int]:
        return chunk_of(self.geom.layout, h, BUCKET)

    def path(self, h: Hex) -> QPainterPath:
        k = self.key(h)
        p = self.paths.get(k)
        if p is None:
            p = self.paths[k] = QPainterPath()
        return p

    def chain(self, hexes: list[Hex]) -> None:
        """A polyline through hex centres, cut where it passes into another block."""
        current = None
        for a, b in zip(hexes, hexes[1:]):
            k = self.key(a)
            p = self.path(a)
            if k != current:
                p.moveTo(*self.geom.center(a))
                current = k
            p.lineTo(*self.geom.center(b))

    def segment(self, h: Hex, a, b) -> None:
        p = self.path(h)
        p.moveTo(*a)
        p.lineTo(*b)

    def polygon(self, h: Hex, poly: QPolygonF) -> None:
        p = self.path(h)
        p.addPolygon(poly)
        p.closeSubpath()


class HexOverlay:
    """Builds the overlay items under one root item; ``rebuild`` after features change."""

    def __init__(self, scene, geom: HexGeometry):
        self.scene, self.geom = scene, geom
        self.root: QGraphicsItem | None = None

    def rebuild(self, scenario: Scenario) -> None:
        if self.root is not None:
            self.scene.removeItem(self.root)
        self.root = QGraphicsPathItem()
        self.root.setZValue(10)
        self.scene.addItem(self.root)
        m = scenario.map
        assert isinstance(m, HexMap)
        self._floodplain(m)
        self._hexsides(m)
        self._towns(m)
        self._rivers(m)
        self._routes(m)
        self._dams(m)
        self._bridges(m)
        self._markers(m)
        self._setup_zones(scenario)
        self._units(scenario)

    # -- pieces ------------------------------------------------------------------------------
    def _paths(self, buckets: Buckets, pen: QPen | None, brush: QBrush | None = None, z: float = 0) -> None:
        for path in buckets.paths.values():
            self._path(path, pen, brush, z)

    def _path(self, path: QPainterPath, pen: QPen | None, brush: QBrush | None = None, z: float = 0):
        item = QGraphicsPathItem(path, self.root)
        item.setPen(pen if pen is not None else QPen(Qt.PenStyle.NoPen))
        if brush is not None:
            item.setBrush(brush)
        item.setZValue(z)
        return item

    def _hex_path(self, hexes, scale=1.0) -> QPainterPath:
        path = QPainterPath()
        for h in hexes:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in self.geom.corners(h, scale)]))
            path.closeSubpath()
        return path

    def _floodplain(self, m: HexMap) -> None:
        if m.floodplain.hexes:
            colour = QColor(style.FLOOD)
            colour.setAlpha(150)
            b = Buckets(self.geom)
            for h in m.floodplain.hexes:
                b.polygon(h, QPolygonF([QPointF(x, y) for x, y in self.geom.corners(h, 0.97)]))
            self._paths(b, None, QBrush(colour, Qt.BrushStyle.FDiagPattern))

    def _hexsides(self, m: HexMap) -> None:
        kinds: dict[str, Buckets] = {}
        for f in m.hexsides:
            kinds.setdefault(f.kind, Buckets(self.geom)).segment(f.side[:2], *self.geom.hexside_segment(f.side))
        graded = Buckets(self.geom)
        for side in m.markers.graded_ridges:
            graded.segment(side[:2], *self.geom.hexside_segment(side))
        for kind, b in kinds.items():
            colour, width, dash = style.HEXSIDE_STYLE.get(kind, (style.RIDGE, 3.0, Qt.PenStyle.SolidLine))
            self._paths(b, _pen(colour, width, dash), z=1)
        self._paths(graded, _pen(QColor("#d0a070"), 2.0, Qt.PenStyle.DashDotLine), z=1.5)

    def _towns(self, m: HexMap) -> None:
        for t in m.towns:
            if not t.hexes:
                continue
            outline = self._hex_path(t.hexes).simplified()
            self._path(outline, _pen(style.TOWN, 2.0, Qt.PenStyle.DashLine), z=2)
            # the name goes at the foot of the town's lowest hex, where counters (hex centres) are not
            x, y = max((self.geom.center(h) for h in t.hexes), key=lambda p: (p[1], -p[0]))
            _text(self.root, t.name, x, y + self.geom.size * 0.62, self.geom.size * 0.38, style.TOWN, bold=True,
                  halo=True).setZValue(30)

    def _rivers(self, m: HexMap) -> None:
        by_id = {r.id: r for r in m.rivers}
        lines, arrows = Buckets(self.geom), Buckets(self.geom)
        for r in m.rivers:
            hexes = list(r.hexes)
            if r.joins in by_id and hexes:
                from dambuster.model.rivers import confluence

                c = confluence(r, by_id[r.joins])
                if c is not None and c != hexes[-1]:
                    hexes.append(c)
            lines.chain(hexes)
            for a, b in zip(hexes, hexes[1:]):
                arrows.polygon(a, self._arrow(a, b))
        self._paths(lines, _pen(style.RIVER, self.geom.size * 0.32), z=3)
        self._paths(arrows, None, QBrush(QColor("#ffffff")), z=3.5)

    def _arrow(self, a: Hex, b: Hex) -> QPolygonF:
        (ax, ay), (bx, by) = self.geom.center(a), self.geom.center(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ang = math.atan2(by - ay, bx - ax)
        s = self.geom.size * 0.22
        pts = [(s, 0.0), (-s * 0.8, s * 0.6), (-s * 0.8, -s * 0.6)]
        c, si = math.cos(ang), math.sin(ang)
        return QPolygonF([QPointF(mx + x * c - y * si, my + x * si + y * c) for x, y in pts])

    def _routes(self, m: HexMap) -> None:
        roads, rails = Buckets(self.geom), Buckets(self.geom)
        for r in m.roads:
            roads.chain(r.hexes)
        for r in m.rails:
            rails.chain(r.hexes)
        self._paths(roads, _pen(QColor("#ffffff"), self.geom.size * 0.3), z=4)
        self._paths(roads, _pen(style.ROAD, self.geom.size * 0.18), z=4.1)
        self._paths(rails, _pen(style.RAIL, self.geom.size * 0.08), z=4.2)
        ties = _pen(style.RAIL, self.geom.size * 0.28, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
        ties.setDashPattern([0.3, 2.5])
        self._paths(rails, ties, z=4.2)

    def _dams(self, m: HexMap) -> None:
        rivers = {r.id: r for r in m.rivers}
        s = self.geom.size
        for d in m.dams:
            x, y = self.geom.center(d.hex)
            ang = 0.0
            r = rivers.get(d.river)
            if r and d.hex in r.hexes:
                i = r.hexes.index(d.hex)
                a, b = (r.hexes[i - 1], d.hex) if i > 0 else (d.hex, r.hexes[i + 1]) if len(r.hexes) > 1 else (d.hex, d.hex)
                (ax, ay), (bx, by) = self.geom.center(a), self.geom.center(b)
                if (ax, ay) != (bx, by):
                    ang = math.degrees(math.atan2(by - ay, bx - ax)) + 90.0
            bar = QGraphicsRectItem(QRectF(-s * 0.75, -s * 0.16, s * 1.5, s * 0.32), self.root)
            bar.setPos(x, y)
            bar.setRotation(ang)
            bar.setBrush(style.DAM if not d.hidden else QColor(58, 58, 58, 90))
            bar.setPen(_pen(QColor("#ffffff") if not d.hidden else style.DAM, 1.0,
                            Qt.PenStyle.SolidLine if not d.hidden else Qt.PenStyle.DashLine))
            bar.setToolTip(f"dam {d.id}{' (hidden)' if d.hidden else ''}: {d.sp} SP, {d.damage} damage")
            bar.setZValue(6)
            sp = f"SP {d.sp}" if not d.damage else f"SP {d.sp}-{d.damage}"
            label = _text(self.root, sp, x, y + s * 0.55, s * 0.34, style.DAM, bold=True, halo=True)
            label.setZValue(8)
            if d.reservoir:
                colour = QColor(style.RIVER)
                colour.setAlpha(60)
                self._path(self._hex_path(d.reservoir, 0.9), _pen(style.RIVER, 1.0, Qt.PenStyle.DotLine), QBrush(colour), z=2.5)

    def _bridges(self, m: HexMap) -> None:
        s = self.geom.size
        out = {b.bridge for b in m.markers.bridges_out}
        path, broken = QPainterPath(), QPainterPath()
        for b in m.river_bridges:
            x, y = self.geom.center(b.hex)
            target = broken if b.id in out else path
            target.addRect(QRectF(x - s * 0.22, y - s * 0.4, s * 0.44, s * 0.8))
        for b in m.stream_bridges:
            mx, my = self.geom.hexside_mid(b.side)
            target = broken if b.id in out else path
            target.addEllipse(QPointF(mx, my), s * 0.18, s * 0.18)
        self._path(path, _pen(style.BRIDGE, 2.5), QBrush(QColor("#e8d2b0")), z=5)
        if not broken.isEmpty():
            self._path(broken, _pen(style.MARKER, 2.5, Qt.PenStyle.DashLine), None, z=5)

    def _markers(self, m: HexMap) -> None:
        s = self.geom.size
        mk = m.markers
        cross = QPainterPath()
        for c in mk.road_cuts:
            x, y = self.geom.center(c.hex)
            cross.moveTo(x - s * 0.25, y - s * 0.25)
            cross.lineTo(x + s * 0.25, y + s * 0.25)
            cross.moveTo(x + s * 0.25, y - s * 0.25)
            cross.lineTo(x - s * 0.25, y + s * 0.25)
        self._path(cross, _pen(style.MARKER, 3.0), z=7)
        for e in mk.entrenchments:
            x, y = self.geom.center(e.hex)
            _text(self.root, f"E{e.count if e.count > 1 else ''}", x - s * 0.74, y, s * 0.3, style.MARKER, True,
                  halo=True).setZValue(25)
        for r in mk.revetments:
            x, y = self.geom.center(r.hex)
            _text(self.root, "RV" if r.size == "small" else "RV+", x + s * 0.74, y, s * 0.26, style.MARKER, True,
                  halo=True).setZValue(25)
        for mine in mk.mines:
            x, y = self.geom.center(mine.hex)
            # below the counter, at the foot of the hex
            tri = QPolygonF([QPointF(x, y + s * 0.5), QPointF(x - s * 0.2, y + s * 0.82), QPointF(x + s * 0.2, y + s * 0.82)])
            p = QPainterPath()
            p.addPolygon(tri)
            self._path(p, _pen(style.MARKER, 1.0), QBrush(QColor("#f0c040")), z=25)

    def _setup_zones(self, scenario: Scenario) -> None:
        """Each zone's outline, dash-dotted in its side's colour."""
        colours = {side.id: QColor(side.color) for side in scenario.sides}
        for z in scenario.setup_zones:
            if not z.hexes:
                continue
            outline = self._hex_path(z.hexes).simplified()
            colour = colours.get(z.side, QColor("#606060"))
            self._path(outline, _pen(colour, 1.6, Qt.PenStyle.DashDotLine), z=9)

    def _units(self, scenario: Scenario) -> None:
        s = self.geom.size
        colours = {side.id: QColor(side.color) for side in scenario.sides}
        stacks: dict[Hex, int] = {}
        for u in scenario.units:
            if u.hex is None:
                continue
            k = stacks.get(u.hex, 0)
            stacks[u.hex] = k + 1
            x, y = self.geom.center(u.hex)
            off = s * 0.12 * min(k, 4)
            fill = colours.get(u.side, QColor("#909090"))
            box = QGraphicsRectItem(QRectF(-s * 0.5, -s * 0.5, s, s), self.root)
            box.setPos(x - s * 0.05 + off, y - s * 0.05 + off)
            box.setBrush(fill)
            box.setPen(_pen(QColor("#000000"), 1.2, cap=Qt.PenCapStyle.SquareCap))
            box.setZValue(20 + k)
            label = style.unit_abbreviation(u.type)
            if u.squads > 1:
                label += f"\n{u.squads}"
            t = _text(box, label, 0, 0, s * 0.26, style.text_colour_on(fill), bold=True)
            t.setToolTip(f"{u.id}: {u.type} ({u.side}, {u.status})")
            if u.status == "destroyed":
                box.setOpacity(0.45)
