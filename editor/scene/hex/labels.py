"""Hex labels ("0101": column then row, one-based) at the top of each hex, drawn whenever they fit:
at their own size when that is readable on screen, else enlarged (up to what fits inside the top
of the hex) until it is, and not at all when even that would be too small. A label, its halo
included, stays inside its hex: a wide one (a big map's "121121") sits lower under a pointy top, where
the hex's slanted edges leave it room, and below a flat top's edge line. Each label sits on a pale
halo, a stroke round its glyphs, so forest hatching or a river never runs through the figures. One
item over the whole map paints the labels of the hexes in view, so a large map costs nothing when
they are too small to read."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPaintEngine, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from dambuster.editor.geometry.hexes import SQRT3, HexGeometry

LABEL_MIN_PIXELS = 7.0  # the label's text height on screen from which it is drawn
LABEL_GROW_TO_PIXELS = 9.0  # a label too small at its own size is enlarged towards this height on screen
LABEL_COLOUR = QColor(26, 26, 26, 170)
LABEL_CENTRE = 0.71  # the label's centre, in hex radii above the hex's centre (above a counter)
LABEL_HEIGHT = 0.2  # the label's height (font point size), in hex radii, at most
LABEL_WIDTH = 0.92  # the label's width, in hex radii, at most
LABEL_GROWN = 0.42  # an enlarged label's text height, in hex radii, at most (it stays inside the hex)
GRID_HALF = 0.3  # half the grid line's width, in scene units (terrain_layer.py draws it 0.6 wide)
HALO = QColor(255, 255, 255, 215)
HALO_PIXELS = 2.6  # the halo's width on screen
HALO_ON_PAPER = 0.14  # a printed halo's reach round the figures, in text heights (2.6 of 9 px, halved)
#: Where a printed label's halo copies go round it (unit steps; the diagonals at the same distance)
_HALO_DIRECTIONS = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (0.71, 0.71),
    (0.71, -0.71),
    (-0.71, 0.71),
    (-0.71, -0.71),
]
_PIXEL_ENGINES = (QPaintEngine.Type.Raster, QPaintEngine.Type.OpenGL, QPaintEngine.Type.OpenGL2)


class HexLabels(QGraphicsItem):
    def __init__(self, geom: HexGeometry, parent=None):
        super().__init__(parent)
        self.geom = geom
        x0, y0, x1, y1 = geom.map_bounds()
        self.rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.font = QFont()
        s = geom.size
        self.font.setPointSizeF(s * LABEL_HEIGHT)
        sample = geom.layout.label((0, 0))
        width = QFontMetricsF(self.font).horizontalAdvance("8" * len(sample))
        if width > s * LABEL_WIDTH:  # long labels of big maps get a smaller font
            self.font.setPointSizeF(s * LABEL_HEIGHT * s * LABEL_WIDTH / width)
        self.text_height = QFontMetricsF(self.font).height()
        width = QFontMetricsF(self.font).horizontalAdvance("8" * len(sample))
        #: the largest text height that still fits the top of a hex (the wider and the taller bound)
        self.max_height = min(self.text_height * s * LABEL_WIDTH / max(width, 1e-9), s * LABEL_GROWN)
        self.max_height = max(self.max_height, self.text_height)
        self._paths: dict[tuple[str, float], tuple[QPainterPath, QPointF]] = {}
        self._fonts: dict[float, QFont] = {}
        self._sample = "8" * len(sample)  # the widest label of the map, for where labels go
        self._lifts: dict[tuple[float, float], float] = {}

    def boundingRect(self) -> QRectF:
        return self.rect

    def readable_at(self, zoom: float) -> bool:
        """True when labels are drawn at this view scale (screen pixels per scene unit)."""
        return self.max_height * zoom >= LABEL_MIN_PIXELS

    def readable_zoom(self) -> float:
        """The smallest view scale at which labels are drawn (a hair above, against rounding)."""
        return LABEL_MIN_PIXELS / self.max_height * (1 + 1e-9)

    def height_at(self, zoom: float) -> float:
        """The labels' text height (scene units) at this view scale: their own when readable, else
        as much larger as reading them needs (at most ``max_height``)."""
        if self.text_height * zoom >= LABEL_MIN_PIXELS:
            return self.text_height
        return min(LABEL_GROW_TO_PIXELS / zoom, self.max_height)

    def lift_at(self, height: float, zoom: float) -> float:
        """How far above its hex's centre a label's centre goes (scene units) at a text height and view
        scale: ``LABEL_CENTRE`` radii, lower where the label's glyphs and halo would otherwise touch the
        hex's top edges (cached)."""
        key = (round(height, 3), round(zoom, 4))
        lift = self._lifts.get(key)
        if lift is None:
            s = self.geom.size
            box = self._glyphs(self._sample, height)[0].boundingRect()  # centred on (0, 0)
            margin = GRID_HALF + (HALO_PIXELS / 2 + 1.0) / zoom  # the grid line, the halo, a pixel
            half = max(-box.left(), box.right()) + margin
            if self.geom.flat:  # the top edge, or lower where a slanted side comes in over the label's ends
                room = min(s * SQRT3 / 2, SQRT3 * (s - half))
            else:  # the slanted top edges: the higher, the narrower
                room = s - half / SQRT3
            lift = min(s * LABEL_CENTRE, room - margin + box.top())
            if len(self._lifts) > 1000:
                self._lifts.clear()
            lift = self._lifts[key] = lift
        return lift

    def _font(self, height: float) -> QFont:
        """The labels' font at a text height (cached)."""
        key = round(height, 3)
        font = self._fonts.get(key)
        if font is None:
            font = QFont(self.font)
            font.setPointSizeF(self.font.pointSizeF() * height / self.text_height)
            self._fonts[key] = font
        return font

    def _glyphs(self, text: str, height: float) -> tuple[QPainterPath, QPointF]:
        """The label's glyphs as a path centred on (0, 0) at a text height, for the halo, and where its
        text starts (cached). The figures themselves are drawn as text, so a printed PDF keeps them as
        text a reader can search and copy."""
        key = (text, round(height, 3))
        glyphs = self._paths.get(key)
        if glyphs is None:
            font = self._font(height)
            m = QFontMetricsF(font)
            start = QPointF(-m.horizontalAdvance(text) / 2, (m.ascent() - m.descent()) / 2)
            path = QPainterPath()
            path.addText(start, font, text)
            if len(self._paths) > 20000:
                self._paths.clear()
            glyphs = self._paths[key] = (path, start)
        return glyphs

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if not self.readable_at(lod):
            return
        geom, lay, s = self.geom, self.geom.layout, self.geom.size
        height = self.height_at(lod)
        lift = self.lift_at(height, lod)  # inside the hex, halo and all
        rect = option.exposedRect
        if painter.hasClipping():  # QGraphicsScene.render exposes the whole item: a printed page clips it
            rect = rect.intersected(painter.clipBoundingRect().adjusted(-s, -s, s, s))
        halo = QPen(
            HALO, HALO_PIXELS, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin
        )
        halo.setCosmetic(True)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        # on screen the figures are filled glyph outlines (crisp at every zoom); in a PDF or an SVG they
        # are text, which a reader can search and copy
        as_text = painter.paintEngine().type() not in _PIXEL_ENGINES
        painter.setFont(self._font(height))
        painter.setPen(LABEL_COLOUR)
        if as_text:
            self._paint_text(painter, rect, height, lift)
            return
        for h in self.hexes_in(rect):
            x, y = geom.center(h)
            path, _ = self._glyphs(lay.label(h), height)
            painter.strokePath(path.translated(x, y - lift), halo)
            painter.fillPath(path.translated(x, y - lift), LABEL_COLOUR)

    def _paint_text(self, painter: QPainter, rect: QRectF, height: float, lift: float) -> None:
        """Labels as text (a PDF, an SVG), the halo too: the label in the halo's colour at eight points
        round it, then the label. (A stroked outline of each label's glyphs made a PDF path of about 4 KB
        per label: 250 MB for a 200x200 map on A2, most of a minute to write.)"""
        geom, lay = self.geom, self.geom.layout
        reach = height * HALO_ON_PAPER  # in proportion to the text, as on screen (not a device's dots)
        rings = [QPointF(reach * dx, reach * dy) for dx, dy in _HALO_DIRECTIONS]
        metrics = QFontMetricsF(self._font(height))
        down = (metrics.ascent() - metrics.descent()) / 2  # (as _glyphs centres the outline)
        for h in self.hexes_in(rect):
            x, y = geom.center(h)
            text = lay.label(h)
            start = QPointF(x - metrics.horizontalAdvance(text) / 2, y - lift + down)
            painter.setPen(HALO)
            for ring in rings:
                painter.drawText(start + ring, text)
            painter.setPen(LABEL_COLOUR)
            painter.drawText(start, text)

    def hexes_in(self, rect: QRectF):
        """The map's hexes whose label box may meet ``rect``."""
        geom, lay = self.geom, self.geom.layout
        corners = [
            geom.hex_at(x, y) for x in (rect.left(), rect.right()) for y in (rect.top(), rect.bottom())
        ]
        offsets = [lay.to_offset(h) for h in corners]
        c0 = max(0, min(c for c, _ in offsets) - 1)
        c1 = min(lay.columns - 1, max(c for c, _ in offsets) + 1)
        r0 = max(0, min(r for _, r in offsets) - 1)
        r1 = min(lay.rows - 1, max(r for _, r in offsets) + 1)
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                yield lay.to_axial(col, row)
