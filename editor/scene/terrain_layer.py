"""Terrain drawn in chunks: one graphics item per 16x16 block of hexes, each painting a cached
pixmap rendered at one of a few resolutions. A terrain change repaints only the dirty chunks. Far out
(a hex a few pixels wide) the chunks are hidden and one overview image of the whole map shows instead.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from dambuster.editor.geometry.hexes import SQRT3, HexGeometry
from dambuster.editor.style import GRID, TERRAIN_STYLE
from dambuster.model.hexgrid import Hex
from dambuster.model.terrain import TERRAIN_KINDS, Terrain

CHUNK = 16
#: pixmap resolutions: hex circumradius in pixels. The smallest one at least as fine as the screen is
#: used; above the last, the few hexes on screen are drawn directly (vector, always sharp).
TIERS = (3, 6, 10, 14, 20, 28, 40)
FINE_TIER = 12  # from this resolution up: patterns, antialiasing
#: from this resolution up the hexes' outlines are drawn: a hex about 12 pixels wide and more (zoom 31 %
#: and up at the default hex size) is big enough to paint, so its outline shows; below, a 1-pixel line
#: would cover most of a hex and the map would look grey
GRID_TIER = 10
CACHE_BYTES = 128 * 1024 * 1024


class TerrainChunk(QGraphicsItem):
    def __init__(self, layer: TerrainLayer, key: tuple[int, int]):
        super().__init__()
        self.layer, self.key = layer, key
        self._hexes: list[Hex] | None = None
        lay = layer.geom.layout
        cx, cy = key
        x0, y0, x1, y1 = layer.geom.block_bounds(
            cx * CHUNK, cy * CHUNK, min((cx + 1) * CHUNK, lay.columns), min((cy + 1) * CHUNK, lay.rows)
        )
        self.rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        self.renders = 0  # how many times a pixmap was rendered (for tests and benchmarks)
        self.patches = 0  # how many times changed hexes were painted into a cached pixmap

    @property
    def hexes(self) -> list[Hex]:
        """The chunk's hexes and a ring of its neighbours' (their parts inside its rectangle): the
        pixmap has no transparent gaps along the zig-zag edge it shares with the next chunk, which a
        scaled drawing would blend into a pale seam."""
        if self._hexes is None:
            lay, (cx, cy) = self.layer.geom.layout, self.key
            cols = range(max(0, cx * CHUNK - 1), min(lay.columns, (cx + 1) * CHUNK + 1))
            rows = range(max(0, cy * CHUNK - 1), min(lay.rows, (cy + 1) * CHUNK + 1))
            self._hexes = [lay.to_axial(c, r) for r in rows for c in cols]
        return self._hexes

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        screen_r = lod * self.layer.geom.size  # far out the chunks are hidden (the overview shows the map)
        tier = next((t for t in TIERS if t >= screen_r * 0.97), None)
        if tier is None:
            self._draw(painter, TIERS[-1], option.exposedRect)
        else:
            pm = self.layer.pixmap(self, tier)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, tier > screen_r * 1.05)
            painter.drawPixmap(self.rect, pm, QRectF(pm.rect()))

    def render(self, tier: int) -> QPixmap:
        self.renders += 1
        geom = self.layer.geom
        scale = tier / geom.size
        w = max(1, int(self.rect.width() * scale + 1))
        h = max(1, int(self.rect.height() * scale + 1))
        img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(Qt.GlobalColor.transparent)
        p = QPainter(img)
        p.scale(scale, scale)
        p.translate(-self.rect.x(), -self.rect.y())
        self._draw(p, tier, None)
        p.end()
        return QPixmap.fromImage(img)

    def patch(self, pm: QPixmap, tier: int, hexes: list[Hex]) -> None:
        """Paints ``hexes`` (changed terrain) into a cached pixmap of this chunk: a brush stamp costs a
        few polygons instead of re-rendering the chunk's 256 hexes. Each hex's own polygon covers its
        old fill and pattern; the grid line it shares with a neighbour is drawn again in the same colour."""
        self.patches += 1
        scale = tier / self.layer.geom.size
        p = QPainter(pm)
        p.scale(scale, scale)
        p.translate(-self.rect.x(), -self.rect.y())
        self._draw(p, tier, None, hexes)
        p.end()

    def _draw(self, p: QPainter, tier: int, exposed: QRectF | None, only: list[Hex] | None = None) -> None:
        """Paints the hexes (those meeting ``exposed``, if given; ``only`` these, if given) in scene
        coordinates."""
        geom = self.layer.geom
        cells, index = self.layer.terrain.cells, self.layer.terrain.layout.index
        by_kind: dict[int, list[Hex]] = {}
        s = geom.size
        for h in self.hexes if only is None else only:
            if exposed is not None:
                x, y = geom.center(h)
                if not exposed.intersects(QRectF(x - s, y - s, 2 * s, 2 * s)):
                    continue
            by_kind.setdefault(cells[index(h)], []).append(h)
        base, inner = self.layer.base_polygons()
        fine = tier >= FINE_TIER
        # a thin line when sharp; one pixel of the pixmap when coarse (as thin lines would fade away)
        grid = QPen(GRID, 0.6) if fine else QPen(GRID, s / tier) if tier >= GRID_TIER else None
        p.setRenderHint(QPainter.RenderHint.Antialiasing, fine)
        for kind, hexes in by_kind.items():
            fill, pattern = self.layer.brushes[kind]
            p.setPen(grid if grid is not None else QPen(fill.color(), 1.0))
            p.setBrush(fill)
            centres = [geom.center(h) for h in hexes]
            for x, y in centres:
                p.drawPolygon(base.translated(x, y))
            if pattern is not None and fine:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(pattern)
                for x, y in centres:
                    p.drawPolygon(inner.translated(x, y))


class TerrainOverview(QGraphicsItem):
    """The whole map as one image of one pixel per hex, for zoom levels where a hex is a few pixels
    wide: built straight from the terrain bytes (no per-hex Python), redrawn only when terrain changes.
    Hexes are placed on a plain grid, half a hex off in shifted columns/rows: under a pixel on screen.
    The image is drawn from a copy scaled to the screen's size once per zoom, so a repaint copies
    pixels instead of filtering a million of them."""

    def __init__(self, layer: TerrainLayer):
        super().__init__()
        self.layer = layer
        geom, lay = layer.geom, layer.geom.layout
        x0, y0, x1, y1 = geom.map_bounds()
        self.rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        s = geom.size
        step_x, step_y = (1.5 * s, SQRT3 * s) if geom.flat else (SQRT3 * s, 1.5 * s)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        w, h = lay.columns * step_x, lay.rows * step_y
        self.target = QRectF(cx - w / 2, cy - h / 2, w, h)
        self._image: QImage | None = None
        self._scaled: QPixmap | None = None
        self.builds = 0

    def boundingRect(self) -> QRectF:
        return self.rect

    def invalidate(self) -> None:
        self._image = self._scaled = None
        if (
            self.isVisible()
        ):  # repainting the whole map item when it is not shown would repaint the whole view
            self.update()

    def image(self) -> QImage:
        if self._image is None:
            self.builds += 1
            lay = self.layer.geom.layout
            data = bytes(self.layer.terrain.cells)
            img = QImage(data, lay.columns, lay.rows, lay.columns, QImage.Format.Format_Indexed8)
            img.setColorTable([QColor(TERRAIN_STYLE[k][0]).rgb() for k in TERRAIN_KINDS])
            self._image = img.copy()  # own the pixels (data is a temporary)
        return self._image

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        device = painter.worldTransform().mapRect(self.target).size().toSize()
        if self._scaled is None or self._scaled.size() != device:
            if (
                device.width() * device.height()
                > self.layer.geom.layout.columns * self.layer.geom.layout.rows
            ):
                img = self.image()
                painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
                painter.drawImage(self.target, img, QRectF(img.rect()))  # larger than the map: no copy
                return
            self._scaled = QPixmap.fromImage(
                self.image().scaled(
                    device.expandedTo(QSize(1, 1)),
                    Qt.AspectRatioMode.IgnoreAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
            )
        painter.drawPixmap(self.target, self._scaled, QRectF(self._scaled.rect()))


class TerrainLayer:
    """All chunks of a hex map plus a bounded pixmap cache shared by them."""

    def __init__(self, scene, terrain: Terrain, geom: HexGeometry):
        """Adds the chunks (shown near, hidden far out) and the overview (far out) to the scene's
        terrain layer (a MapScene)."""
        self.scene, self.terrain, self.geom = scene, terrain, geom
        self.brushes = []
        for kind in TERRAIN_KINDS:
            fill, style, colour = TERRAIN_STYLE[kind]
            self.brushes.append((QBrush(QColor(fill)), QBrush(QColor(colour), style) if style else None))
        self.cache: OrderedDict[tuple, QPixmap] = OrderedDict()
        self.cache_bytes = 0
        self._base: tuple[QPolygonF, QPolygonF] | None = None
        self.overview = scene.add(self, "terrain", TerrainOverview(self), tier="far")
        #: the chunks, made when the map is first shown near enough for them (a 1000x1000 map opens far
        #: out, on its overview: its 3,969 chunks are not made for that first look)
        self.chunks: dict[tuple[int, int], TerrainChunk] = {}
        scene.add_later(self, "terrain", self._make_chunks, tier="near")

    def _make_chunks(self) -> list[TerrainChunk]:
        lay = self.geom.layout
        self.chunks.update(
            ((cx, cy), TerrainChunk(self, (cx, cy)))
            for cy in range((lay.rows + CHUNK - 1) // CHUNK)
            for cx in range((lay.columns + CHUNK - 1) // CHUNK)
        )
        return list(self.chunks.values())

    def base_polygons(self) -> tuple[QPolygonF, QPolygonF]:
        """A hex (and a slightly smaller one for patterns) around (0, 0), to be translated."""
        if self._base is None:
            pts = self.geom.corners(self.geom.layout.to_axial(0, 0))
            cx, cy = self.geom.center(self.geom.layout.to_axial(0, 0))
            self._base = (
                QPolygonF([QPointF(x - cx, y - cy) for x, y in pts]),
                QPolygonF([QPointF((x - cx) * 0.92, (y - cy) * 0.92) for x, y in pts]),
            )
        return self._base

    def pixmap(self, chunk: TerrainChunk, tier: int) -> QPixmap:
        key = (chunk.key, tier)
        pm = self.cache.get(key)
        if pm is not None:
            self.cache.move_to_end(key)
            return pm
        pm = chunk.render(tier)
        self.cache[key] = pm
        self.cache_bytes += _bytes(pm)
        while self.cache_bytes > CACHE_BYTES and len(self.cache) > 1:
            _, old = self.cache.popitem(last=False)
            self.cache_bytes -= _bytes(old)
        return pm

    def mark_dirty(self, hexes) -> set[tuple[int, int]]:
        """Paints changed ``hexes`` into the cached pixmaps of their chunks and schedules a repaint of
        just the area they cover."""
        lay = self.geom.layout
        by_chunk: dict[tuple[int, int], list[Hex]] = {}
        last_cx, last_cy = (lay.columns - 1) // CHUNK, (lay.rows - 1) // CHUNK
        for h in hexes:
            if lay.contains(h):
                col, row = lay.to_offset(h)
                # its own chunk, and a neighbour whose ring of margin hexes (``TerrainChunk.hexes``) holds it
                for cx in {max(0, (col - 1) // CHUNK), col // CHUNK, min(last_cx, (col + 1) // CHUNK)}:
                    for cy in {max(0, (row - 1) // CHUNK), row // CHUNK, min(last_cy, (row + 1) // CHUNK)}:
                        by_chunk.setdefault((cx, cy), []).append(h)
        if by_chunk:
            self.overview.invalidate()
        for key, changed in by_chunk.items():
            chunk = self.chunks.get(key)
            if chunk is None:  # not made yet: nothing cached to patch
                continue
            for tier in TIERS:
                pm = self.cache.get((key, tier))
                if pm is not None:
                    chunk.patch(pm, tier, changed)
            x0, y0, x1, y1 = self.geom.bounds(changed)
            chunk.update(QRectF(x0, y0, x1 - x0, y1 - y0))
        return set(by_chunk)


def _bytes(pm: QPixmap) -> int:
    return pm.width() * pm.height() * 4
