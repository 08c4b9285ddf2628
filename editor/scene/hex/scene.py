"""Fills a MapView's scene for a hex map and keeps it in step with the Document's signals."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from dambuster.editor.geometry.hexes import HexGeometry
from dambuster.editor.geometry.locate import locate, witness_lines
from dambuster.editor.scene.map_scene import detail_for
from dambuster.editor.scene.terrain_layer import TerrainLayer
from dambuster.model.hexgrid import Hex

from .labels import HexLabels
from .overlay import HexOverlay
from .tooltip import hex_tooltip


class HexSceneController:
    kind = "hex"

    def __init__(self, doc, view):
        self.doc, self.view = doc, view
        m = doc.scenario.map
        self.geom = HexGeometry(m.layout)
        scene = view.scene()
        scene.clear()
        view.forget_items()
        scene.layers.reset("hex", doc.scenario.meta.profiles)
        scene.hex_size = self.geom.size
        x0, y0, x1, y1 = self.geom.map_bounds()
        pad = self.geom.size
        scene.setSceneRect(QRectF(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad))
        self.labels = scene.add(self, "labels", HexLabels(self.geom))
        view.readable_zoom = self.readable_zoom  # a small map opens where its numbers show
        # the level of detail of the zoom the map opens at, before anything is drawn: what that level
        # does not show (a large map's river arrows) is made when first shown
        zoom = view.opening_zoom()
        self.on_scale(zoom if zoom is not None else view.zoom())
        self.terrain = TerrainLayer(scene, m.terrain, self.geom)
        self.overlay = HexOverlay(scene, self.geom, self.numbers_at)
        self.overlay.rebuild(doc.scenario)
        doc.terrain_changed.connect(self.on_terrain)
        doc.features_changed.connect(self.on_features)
        view.scale_changed.connect(self.on_scale)
        view.tooltip_at = self.tooltip

    def detach(self) -> None:
        self.doc.terrain_changed.disconnect(self.on_terrain)
        self.doc.features_changed.disconnect(self.on_features)
        self.view.scale_changed.disconnect(self.on_scale)

    def on_terrain(self, hexes) -> None:
        self.terrain.mark_dirty(hexes)

    def on_features(self) -> None:
        self.overlay.rebuild(self.doc.scenario)

    def on_scale(self, zoom: float) -> None:
        """Levels of detail follow the size of a hex on screen."""
        self.view.scene().set_detail(detail_for(zoom * self.geom.size))

    def numbers_at(self, scale: float) -> bool:
        """Whether hex numbers are drawn at a view scale (their layer shown, large enough to read)."""
        return self.labels.isVisible() and self.labels.readable_at(scale)

    def readable_zoom(self) -> float | None:
        """The smallest zoom at which the hex numbers are drawn, None while their layer is hidden."""
        return self.labels.readable_zoom() if self.labels.isVisible() else None

    def set_labels(self, on: bool) -> None:
        self.view.scene().layers.set_visible("labels", on)

    # -- queries ---------------------------------------------------------------------------------
    def hex_at(self, pos: QPointF) -> Hex | None:
        h = self.geom.hex_at(pos.x(), pos.y())
        return h if self.geom.layout.contains(h) else None

    def scene_pos(self, h: Hex) -> QPointF:
        x, y = self.geom.center(h)
        return QPointF(x, y)

    def describe(self, pos: QPointF) -> str:
        h = self.hex_at(pos)
        if h is None:
            return "off the map"
        return f"{self.geom.layout.label(h)}   q {h[0]}, r {h[1]}   {self.doc.terrain_at(h)}"

    def tooltip(self, pos: QPointF, violations=()) -> str:
        """What is in the hex under ``pos``: label, terrain, features, units and the violations there."""
        h = self.hex_at(pos)
        if h is None:
            return ""
        here = [v for v in violations if self._hex_of(v) == h]
        return hex_tooltip(self.doc.scenario, h, here)

    def _hex_of(self, violation) -> Hex | None:
        where = self.locate(violation.location or {})
        return None if where is None else self.hex_at(QPointF(where[0], where[1]))

    def selectable(self, obj) -> bool:
        """False for an object of a hidden or locked layer (the select tool passes over it)."""
        return self.view.scene().layers.selectable(obj)

    def locate(self, location: dict):
        return locate(self.doc.scenario, location, self.geom)

    def witness_lines(self, witness):
        return witness_lines(witness, self.geom)
