"""Everything drawn over the terrain of a hex map, each under its layer's root (layer_table.py):
towns and floodplain, hexsides, rivers with flow arrows, roads and rails, dams and bridges, markers,
setup zones, unit counters. Rebuilt wholesale when features change (they are few compared with hexes);
long lines are cut into one path per 16x16-hex block, so large maps stay cheap.

Levels of detail (map_scene.py): far out (a hex a few pixels wide) rivers, roads and rails are thin
lines in 128x128-hex blocks and dams and units dots of a fixed size, nothing else; near, everything;
fine (a hex large enough for them), also the flow arrows and rail ties, which are specks further out.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem

from dambuster.editor import style
from dambuster.editor.geometry.hexes import HexGeometry
from dambuster.editor.scene.counters import COUNTER, UnitCounter
from dambuster.editor.scene.map_text import BelowCentreLabel, MapLabel
from dambuster.editor.scene.map_text import halo_text as _text  # noqa: F401 (the previews label their results with it)
from dambuster.model.catalog import DEFAULT_UNIT_TYPES
from dambuster.model.hexgrid import Hex
from dambuster.model.scenario import HexMap, Scenario

from .paths import FAR_BUCKET, Buckets
from .paths import cosmetic_pen as _cosmetic
from .paths import line_pen as _pen
from .paths import path_items as _path_items

ZONE_BAND_ALPHA = 60  # the alpha of the band of its side's colour along a setup zone's edge


class HexOverlay:
    """Builds the overlay items in their layers of the scene (a MapScene); ``rebuild`` after features
    change."""

    def __init__(self, scene, geom: HexGeometry, numbers_at=None):
        """``numbers_at(scale)``: whether hex numbers are drawn at a view scale (labels clear them then)."""
        self.scene, self.geom, self.numbers_at = scene, geom, numbers_at
        self.counters: list[UnitCounter] = []

    def rebuild(self, scenario: Scenario) -> None:
        self.scene.drop(self)
        self.counters = []
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
    def _add(self, layer: str, item, z: float = 0, tier: str = "near"):
        return self.scene.add(self, layer, item, z, tier)

    def _paths(
        self,
        layer: str,
        buckets: Buckets,
        pen: QPen | None,
        brush: QBrush | None = None,
        z: float = 0,
        tier: str = "near",
    ) -> None:
        self.scene.add_many(self, layer, _path_items(buckets, pen, brush), z, tier)

    def _path(
        self,
        layer: str,
        path: QPainterPath,
        pen: QPen | None,
        brush: QBrush | None = None,
        z: float = 0,
        tier: str = "near",
    ):
        item = QGraphicsPathItem(path)
        item.setPen(pen if pen is not None else QPen(Qt.PenStyle.NoPen))
        if brush is not None:
            item.setBrush(brush)
        return self._add(layer, item, z, tier)

    def _label(
        self, layer: str, text: str, x: float, y: float, size: float, colour, z: float = 30
    ) -> MapLabel:
        return self._add(layer, MapLabel(text, x, y, size, colour, bold=True), z)

    def _dot(self, layer: str, x: float, y: float, pixels: float, fill: QColor) -> None:
        """A mark of a fixed size on screen, for the far level of detail."""
        item = QGraphicsRectItem(QRectF(-pixels / 2, -pixels / 2, pixels, pixels))
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        item.setPos(x, y)
        item.setBrush(fill)
        item.setPen(QPen(QColor("#000000"), 0))
        self._add(layer, item, tier="far")

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
            self._paths("towns", b, None, QBrush(colour, Qt.BrushStyle.FDiagPattern))

    def _hexsides(self, m: HexMap) -> None:
        kinds: dict[str, Buckets] = {}
        for f in m.hexsides:
            kinds.setdefault(f.kind, Buckets(self.geom)).segment(
                f.side[:2], *self.geom.hexside_segment(f.side)
            )
        for kind, b in kinds.items():
            colour, width, dash = style.HEXSIDE_STYLE.get(kind, (style.RIDGE, 3.0, Qt.PenStyle.SolidLine))
            self._paths("hexsides", b, _pen(colour, width, dash))
        graded = Buckets(self.geom)
        for side in m.markers.graded_ridges:
            graded.segment(side[:2], *self.geom.hexside_segment(side))
        self._paths("markers", graded, _pen(QColor("#d0a070"), 2.0, Qt.PenStyle.DashDotLine))

    def _towns(self, m: HexMap) -> None:
        """Each town's dashed outline and its name, made when the map is first shown near enough for
        them (not for a first look at a large map from far out)."""
        towns = [t for t in m.towns if t.hexes]
        if towns:
            self.scene.add_later(
                self, "towns", lambda: [self._town_outline(t) for t in towns], z=2, tier="near"
            )
            self.scene.add_later(
                self, "towns", lambda: [self._town_name(t) for t in towns], z=30, tier="near"
            )

    def _town_outline(self, t) -> QGraphicsPathItem:
        """A solid line round the town (red dashes are a tool's preview only, editor/style.py)."""
        item = QGraphicsPathItem(self._hex_path(t.hexes).simplified())
        item.setPen(_pen(style.TOWN, 1.6))
        return item

    def _town_name(self, t) -> BelowCentreLabel:
        # the name goes at the foot of the town's lowest hex, where counters (hex centres) are not, made
        # smaller while hex numbers are drawn so it never covers the number of a hex below
        x, y = max((self.geom.center(h) for h in t.hexes), key=lambda p: (p[1], -p[0]))
        return BelowCentreLabel(self.geom, t.name, x, y, self.geom.size * 0.38, style.TOWN, self.numbers_at)

    def _rivers(self, m: HexMap) -> None:
        from dambuster.model.rivers import confluence

        by_id = {r.id: r for r in m.rivers}
        far = Buckets(self.geom, FAR_BUCKET)
        routes = []  # the hexes of each river's line
        for r in m.rivers:
            hexes = list(r.hexes)
            if r.joins in by_id and hexes:
                c = confluence(r, by_id[r.joins])
                if c is not None and c != hexes[-1]:
                    hexes.append(c)
            far.chain(hexes)
            routes.append(hexes)
        self._paths("rivers", far, _cosmetic(style.RIVER, 1.0), tier="far")
        # the river lines near (in 16x16-hex blocks) and their flow arrows are made when the map is first
        # shown close enough for them (not for a first look at a large map from far out: 16,000 arrows
        # on a 1000x1000 map)
        courses = []  # (hexes, their centres) of each river, once the near lines are made

        def near() -> list[QGraphicsPathItem]:
            lines = Buckets(self.geom)
            courses[:] = [(hexes, lines.chain(hexes)) for hexes in routes]
            return _path_items(lines, _pen(style.RIVER, self.geom.size * 0.32))

        def arrows() -> list[QGraphicsPathItem]:
            return self._flow_arrows(courses or [(h, [self.geom.center(x) for x in h]) for h in routes])

        self.scene.add_later(self, "rivers", near, tier="near")
        self.scene.add_later(self, "rivers", arrows, z=1, tier="fine")

    def _flow_arrows(self, courses) -> list[QGraphicsPathItem]:
        arrows = Buckets(self.geom)
        shapes: dict[Hex, QPolygonF] = {}  # an arrow per axial step (q, r), translated to each step
        for hexes, centres in courses:
            for a, b, (ax, ay), (bx, by) in zip(hexes, hexes[1:], centres, centres[1:]):
                d = (b[0] - a[0], b[1] - a[1])
                shape = shapes.get(d)
                if shape is None:
                    shape = shapes[d] = self._arrow(bx - ax, by - ay)
                arrows.polygon(a, shape.translated((ax + bx) / 2, (ay + by) / 2))
        return _path_items(arrows, None, QBrush(QColor("#ffffff")))

    def _arrow(self, dx: float, dy: float) -> QPolygonF:
        """The flow arrow of a step by (dx, dy), centred on (0, 0)."""
        ang = math.atan2(dy, dx)
        s = self.geom.size * 0.22
        pts = [(s, 0.0), (-s * 0.8, s * 0.6), (-s * 0.8, -s * 0.6)]
        c, si = math.cos(ang), math.sin(ang)
        return QPolygonF([QPointF(x * c - y * si, x * si + y * c) for x, y in pts])

    def _routes(self, m: HexMap) -> None:
        """Roads and rails: 1 px lines far out, now; the lines near (a road's white casing under it, a
        rail's ties when fine) made when the map is first shown close enough for them."""
        far_roads, far_rails = Buckets(self.geom, FAR_BUCKET), Buckets(self.geom, FAR_BUCKET)
        for r in m.roads:
            far_roads.chain(r.hexes)
        for r in m.rails:
            far_rails.chain(r.hexes)
        self._paths("roads", far_roads, _cosmetic(style.ROAD, 1.0), tier="far")
        self._paths("roads", far_rails, _cosmetic(style.RAIL, 1.0), z=0.2, tier="far")
        roads_hexes, rails_hexes = [r.hexes for r in m.roads], [r.hexes for r in m.rails]
        made: dict[str, Buckets] = {}

        def near(kind: str) -> Buckets:  # both kinds' blocks, cut once when first asked for
            if not made:
                made["roads"], made["rails"] = Buckets(self.geom), Buckets(self.geom)
                for hexes in roads_hexes:
                    made["roads"].chain(hexes)
                for hexes in rails_hexes:
                    made["rails"].chain(hexes)
            return made[kind]

        s = self.geom.size
        ties = _pen(style.RAIL, s * 0.28, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
        ties.setDashPattern([0.3, 2.5])
        later = self.scene.add_later
        later(
            self, "roads", lambda: _path_items(near("roads"), _pen(QColor("#ffffff"), s * 0.3)), tier="near"
        )
        later(self, "roads", lambda: _path_items(near("roads"), _pen(style.ROAD, s * 0.18)), 0.1, "near")
        later(self, "roads", lambda: _path_items(near("rails"), _pen(style.RAIL, s * 0.08)), 0.2, "near")
        later(self, "roads", lambda: _path_items(near("rails"), ties), 0.2, "fine")

    def _dams(self, m: HexMap) -> None:
        rivers = {r.id: r for r in m.rivers}
        s = self.geom.size
        for d in m.dams:
            x, y = self.geom.center(d.hex)
            ang = 0.0
            r = rivers.get(d.river)
            if r and d.hex in r.hexes:
                i = r.hexes.index(d.hex)
                a, b = (
                    (r.hexes[i - 1], d.hex)
                    if i > 0
                    else (d.hex, r.hexes[i + 1])
                    if len(r.hexes) > 1
                    else (d.hex, d.hex)
                )
                (ax, ay), (bx, by) = self.geom.center(a), self.geom.center(b)
                if (ax, ay) != (bx, by):
                    ang = math.degrees(math.atan2(by - ay, bx - ax)) + 90.0
            bar = QGraphicsRectItem(QRectF(-s * 0.75, -s * 0.16, s * 1.5, s * 0.32))
            bar.setPos(x, y)
            bar.setRotation(ang)
            bar.setBrush(style.DAM if not d.hidden else QColor(58, 58, 58, 90))
            bar.setPen(
                _pen(
                    QColor("#ffffff") if not d.hidden else style.DAM,
                    1.0,
                    Qt.PenStyle.SolidLine if not d.hidden else Qt.PenStyle.DashLine,
                )
            )
            self._add("dams", bar, 2)
            sp = f"SP {d.sp}" if not d.damage else f"SP {d.sp}-{d.damage}"
            self._add("dams", BelowCentreLabel(self.geom, sp, x, y, s * 0.34, style.DAM, self.numbers_at), 3)
            self._dot("dams", x, y, 6, style.DAM)
            if d.reservoir:
                colour = QColor(style.RIVER)
                colour.setAlpha(60)
                self._path(
                    "dams",
                    self._hex_path(d.reservoir, 0.9),
                    _pen(style.RIVER, 1.0, Qt.PenStyle.DotLine),
                    QBrush(colour),
                    z=-1,
                )

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
        self._path("dams", path, _pen(style.BRIDGE, 2.5), QBrush(QColor("#e8d2b0")), z=1)
        if not broken.isEmpty():
            self._path("dams", broken, _pen(style.MARKER, 2.5, Qt.PenStyle.DashLine), None, z=1)

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
        self._path("markers", cross, _pen(style.MARKER, 3.0))
        for e in mk.entrenchments:
            x, y = self.geom.center(e.hex)
            self._label(
                "markers", f"E{e.count if e.count > 1 else ''}", x - s * 0.74, y, s * 0.3, style.MARKER
            )
        for r in mk.revetments:
            x, y = self.geom.center(r.hex)
            self._label(
                "markers", "RV" if r.size == "small" else "RV+", x + s * 0.74, y, s * 0.26, style.MARKER
            )
        mines = QPainterPath()
        for mine in mk.mines:  # below the counter, at the foot of the hex
            x, y = self.geom.center(mine.hex)
            mines.addPolygon(
                QPolygonF(
                    [
                        QPointF(x, y + s * 0.6),
                        QPointF(x - s * 0.18, y + s * 0.86),
                        QPointF(x + s * 0.18, y + s * 0.86),
                    ]
                )
            )
            mines.closeSubpath()
        self._path("markers", mines, _pen(style.MARKER, 1.0), QBrush(QColor("#f0c040")), z=1)

    def _setup_zones(self, scenario: Scenario) -> None:
        """Each zone's edge: a soft band of its side's colour under a dash-dotted line, so a red side's zone
        reads as a zone, not as another red outline (made when first shown near)."""
        colours = {side.id: QColor(side.color) for side in scenario.sides}
        zones = [(z.hexes, colours.get(z.side, QColor("#606060"))) for z in scenario.setup_zones if z.hexes]
        if zones:
            self.scene.add_later(
                self, "zones", lambda: [i for z in zones for i in self._zone_edge(*z)], tier="near"
            )

    def _zone_edge(self, hexes, colour: QColor) -> list[QGraphicsPathItem]:
        outline = self._hex_path(hexes).simplified()
        band, line = QGraphicsPathItem(outline), QGraphicsPathItem(outline)
        soft = QColor(colour)
        soft.setAlpha(ZONE_BAND_ALPHA)
        band.setPen(_pen(soft, self.geom.size * 0.3, cap=Qt.PenCapStyle.FlatCap))
        line.setPen(_pen(colour, 1.6, Qt.PenStyle.DashDotLine))
        return [band, line]

    def _units(self, scenario: Scenario) -> None:
        """Counters, a stack fanned out diagonally around its hex's centre (the last on top)."""
        s = self.geom.size
        colours = {side.id: QColor(side.color) for side in scenario.sides}
        types = {**DEFAULT_UNIT_TYPES, **scenario.unit_types}
        stacks: dict[Hex, list] = {}
        for u in scenario.units:
            if u.hex is not None:
                stacks.setdefault(u.hex, []).append(u)
        for h, units in stacks.items():
            x, y = self.geom.center(h)
            n = len(units)
            for k, u in enumerate(units):
                fill = colours.get(u.side, QColor("#909090"))
                counter = UnitCounter(u, types.get(u.type), fill, s * COUNTER)
                d = (k - (n - 1) / 2) * s * 0.14
                counter.setPos(x + d, y + d)
                self.counters.append(self._add("units", counter, k))
            self._dot("units", x, y, 5, colours.get(units[-1].side, QColor("#909090")))
