"""The minimap dock: the whole map small with the main view's visible rectangle; click or drag to pan.

Hex maps are one pixel per hex (an indexed image made from the terrain bytes once per scenario); a
terrain change sets only the changed pixels. Table maps are the scene rendered small, again when
features change. Hexes sit on a plain grid there (a shifted column or row is off by half a pixel).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dambuster.editor.document import Document
from dambuster.editor.editor_state import EditorState
from dambuster.editor.geometry.hexes import SQRT3
from dambuster.editor.scene.hex.scene import HexSceneController
from dambuster.editor.scene.map_view import MapView
from dambuster.editor.style import TERRAIN_STYLE
from dambuster.model.hexgrid import Hex
from dambuster.model.scenario import HexMap
from dambuster.model.terrain import TERRAIN_KINDS, kind_index

TABLE_PIXELS = 400  # longest side of a table map's small rendering


class Minimap(QWidget):
    def __init__(self, doc: Document, view: MapView, state: EditorState, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc, self.view, self.state = doc, view, state
        self.image: QImage | None = None
        self.pixel_updates = 0  # pixels set by terrain changes (tests, figures)
        self.builds = 0  # whole images made
        self.setMinimumSize(120, 90)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        doc.scenario_replaced.connect(self.rebuild)
        doc.terrain_changed.connect(self.on_terrain)
        doc.features_changed.connect(self._features)
        view.horizontalScrollBar().valueChanged.connect(self.update)
        view.verticalScrollBar().valueChanged.connect(self.update)
        view.zoom_changed.connect(self.update)
        self.rebuild()

    def sizeHint(self) -> QSize:
        return QSize(220, 170)

    # -- image -----------------------------------------------------------------------------------
    def rebuild(self) -> None:
        m = self.doc.scenario.map
        self.builds += 1
        if isinstance(m, HexMap):
            lay = m.layout
            img = QImage(
                bytes(m.terrain.cells), lay.columns, lay.rows, lay.columns, QImage.Format.Format_Indexed8
            )
            img.setColorTable([QColor(TERRAIN_STYLE[k][0]).rgb() for k in TERRAIN_KINDS])
            self.image = img.copy()  # own the pixels
        else:
            self.image = None  # drawn when the view's scene is ready (see _table_image)
        self.update()

    def on_terrain(self, hexes: Iterable[Hex]) -> None:
        m = self.doc.scenario.map
        if self.image is None or not isinstance(m, HexMap):
            return
        lay = m.layout
        for h in hexes:
            if lay.contains(h):
                col, row = lay.to_offset(h)
                self.image.setPixel(col, row, kind_index(m.terrain[h]))
                self.pixel_updates += 1
        self.update()

    def _features(self) -> None:
        if not isinstance(self.doc.scenario.map, HexMap):
            self.image = None
            self.update()

    def _table_image(self) -> QImage:
        rect = self.view.sceneRect()
        scale = TABLE_PIXELS / max(rect.width(), rect.height(), 1e-9)
        img = QImage(
            max(1, int(rect.width() * scale)),
            max(1, int(rect.height() * scale)),
            QImage.Format.Format_ARGB32_Premultiplied,
        )
        img.fill(QColor("#d8d8d4"))
        p = QPainter(img)
        self.view.scene().render(p, QRectF(img.rect()), rect)
        p.end()
        self.builds += 1
        return img

    # -- geometry: scene <-> widget -----------------------------------------------------------
    def _frame(self) -> QRectF:
        """Where the view's scene rectangle is drawn in the widget (aspect kept, centred)."""
        rect = self.view.sceneRect()
        if rect.isEmpty():
            return QRectF(self.rect())
        s = min(self.width() / rect.width(), self.height() / rect.height())
        w, h = rect.width() * s, rect.height() * s
        return QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h)

    def _image_target(self) -> QRectF:
        """The widget rectangle the one-pixel-per-hex image covers (the hexes' centres span)."""
        ctrl = self.state.controller
        if not isinstance(ctrl, HexSceneController):
            return self._frame()
        geom = ctrl.geom
        x0, y0, x1, y1 = geom.map_bounds()
        s, lay = geom.size, geom.layout
        step_x, step_y = (1.5 * s, SQRT3 * s) if geom.flat else (SQRT3 * s, 1.5 * s)
        w, h = lay.columns * step_x, lay.rows * step_y  # as TerrainOverview places the same image
        return self.to_widget(QRectF((x0 + x1 - w) / 2, (y0 + y1 - h) / 2, w, h))

    def to_widget(self, r: QRectF) -> QRectF:
        rect, f = self.view.sceneRect(), self._frame()
        s = f.width() / rect.width() if rect.width() else 1.0
        return QRectF(
            f.x() + (r.x() - rect.x()) * s, f.y() + (r.y() - rect.y()) * s, r.width() * s, r.height() * s
        )

    def to_scene(self, p: QPointF) -> QPointF:
        rect, f = self.view.sceneRect(), self._frame()
        s = f.width() / rect.width() if rect.width() else 1.0
        return QPointF(rect.x() + (p.x() - f.x()) / s, rect.y() + (p.y() - f.y()) / s)

    def visible_scene_rect(self) -> QRectF:
        return self.view.mapToScene(self.view.viewport().rect()).boundingRect()

    # -- painting and input -----------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("#d8d8d4"))
        if isinstance(self.doc.scenario.map, HexMap):
            if self.image is not None:
                p.drawImage(self._image_target(), self.image, QRectF(self.image.rect()))
        else:
            if self.image is None:
                self.image = self._table_image()
            p.drawImage(self._frame(), self.image, QRectF(self.image.rect()))
        p.setPen(QPen(QColor("#e0201a"), 1.5))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(
            self.to_widget(self.visible_scene_rect()).intersected(QRectF(self.rect()).adjusted(0, 0, -1, -1))
        )
        p.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.pan_to(event.position())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.pan_to(event.position())

    def pan_to(self, widget_pos: QPointF) -> None:
        """Centres the main view on the scene point under ``widget_pos``."""
        self.view.centerOn(self.to_scene(widget_pos))
        self.update()
