"""The map as the editor draws it, for print: the editor's own scene (a MapView's MapScene filled by
the hex or table scene controller, as an open window fills it), never shown, drawn page by page at a
physical scale. So a printed map looks like the editor's, layer for layer.

Physical scale: on a hex map a scene unit is ``hex_mm / (R * sqrt 3)`` mm (R is the editor's hex
circumradius in scene units; across the flats a hex is R * sqrt 3); on a table a scene unit is a table
unit, ``table_unit_mm`` of the table (model/paper.py).

Layers: those named, else the editor's defaults less the units (they are the counter sheet's, moved
by hand over the printed map), the validation rings and the previews, which are screen aids.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QTransform
from PySide6.QtWidgets import QAbstractGraphicsShapeItem, QGraphicsItem

from dambuster.editor.geometry.hexes import SQRT3, R
from dambuster.editor.scene.map_scene import MapScene, detail_for
from dambuster.model.paper import table_unit_mm
from dambuster.model.scenario import HexMap, Scenario, TableMap

NOT_PRINTED_BY_DEFAULT = frozenset({"units", "validation", "preview"})
SCREEN_PIXEL_MM = 25.4 / 96  # what a screen pixel becomes on paper (the editor's 96 dpi screen)
_IGNORES = QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations


class LayerError(ValueError):
    """A layer name the map does not have: one sentence naming those it has."""


def layer_keys(kind: str) -> tuple[str, ...]:
    """The layers a print may name: those ``dambuster render --layers`` takes for images too."""
    from dambuster.editor.render.headless import layer_names

    return tuple(layer_names(kind))


def check_layers(kind: str, names: Iterable[str]) -> frozenset[str]:
    """``names`` as a set of layer keys of a ``kind`` map; LayerError names the first unknown one."""
    keys = layer_keys(kind)
    chosen = frozenset(n.strip() for n in names if n.strip())
    unknown = sorted(chosen - set(keys))
    if unknown or not chosen:
        what = f"no layer {unknown[0]!r} on a {kind} map" if unknown else "no layer named"
        raise LayerError(f"{what} (layers: {', '.join(keys)})")
    return chosen


class MapSource:
    """A scenario's map in a hidden editor scene, with its size in millimetres at a print scale."""

    def __init__(self, scenario: Scenario, hex_mm: float, layers: frozenset[str] | None = None):
        from dambuster.editor.render.headless import HeadlessMap

        self.scenario = scenario
        self.kind = "hex" if isinstance(scenario.map, HexMap) else "table"
        self.headless = HeadlessMap(scenario)  # an unshown map view's scene, filled as the editor fills it
        self.view, self.doc, self.controller = self.headless.view, self.headless.doc, self.headless.controller
        m, controller = scenario.map, self.controller
        if isinstance(m, TableMap):
            self.scene_rect = QRectF(0, 0, m.width, m.depth)
            self.mm_per_unit = table_unit_mm(m)
        else:
            from dambuster.editor.scene.hex.scene import HexSceneController

            assert isinstance(controller, HexSceneController)  # what HeadlessMap makes for a hex map
            x0, y0, x1, y1 = controller.geom.map_bounds()
            self.scene_rect = QRectF(x0, y0, x1 - x0, y1 - y0)
            self.mm_per_unit = hex_mm / (R * SQRT3)
        scene = self.scene
        scene.set_detail("fine")
        shown = (
            layers
            if layers is not None
            else frozenset(
                k
                for k in layer_keys(self.kind)
                if scene.layers.visible(k) and k not in NOT_PRINTED_BY_DEFAULT
            )
        )
        for key in layer_keys(self.kind):
            scene.layers.set_visible(key, key in shown)
        self.layers = shown
        # what the editor sizes in screen pixels (table labels, cosmetic pens) is sized as on a 96 dpi screen
        items = scene.items()
        self._unscaled = [i for i in items if i.flags() & _IGNORES]
        self._cosmetic = [
            (i, i.pen()) for i in items if isinstance(i, QAbstractGraphicsShapeItem) and i.pen().isCosmetic()
        ]

    @property
    def scene(self) -> MapScene:
        return self.view.scene()

    @property
    def size_mm(self) -> tuple[float, float]:
        k = self.mm_per_unit
        return self.scene_rect.width() * k, self.scene_rect.height() * k

    def draw(self, painter: QPainter, target: QRectF, source_mm: QRectF, thumbnail: bool = False) -> None:
        """Draws the part ``source_mm`` of the map (mm from the map's top-left) into ``target``
        (painter units, millimetres), clipped to it. A ``thumbnail`` leaves out the hex labels and
        takes the editor's level of detail for a hex of its size on a screen (far out: the terrain as
        one image of a pixel per hex, thin lines), so the whole of a large map stays light."""
        k, r = self.mm_per_unit, self.scene_rect
        source = QRectF(
            r.x() + source_mm.x() / k,
            r.y() + source_mm.y() / k,
            source_mm.width() / k,
            source_mm.height() / k,
        )
        painter.save()
        painter.setClipRect(target, Qt.ClipOperation.IntersectClip)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        hide = thumbnail and "labels" in self.layers and self.kind == "hex"
        if hide:
            self.scene.layers.set_visible("labels", False)
        if thumbnail and self.kind == "hex":
            radius_mm = R * self.mm_per_unit * target.width() / source_mm.width()
            self.scene.set_detail(detail_for(radius_mm / SCREEN_PIXEL_MM))
        self._screen_pixels(painter.worldTransform().m11() * SCREEN_PIXEL_MM)
        self.scene.render(painter, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
        self._screen_pixels(1.0)
        self.scene.set_detail("fine")
        if hide:
            self.scene.layers.set_visible("labels", True)
        painter.restore()

    def _screen_pixels(self, device_pixels: float) -> None:
        """Makes a screen pixel ``device_pixels`` of the painter's device (1.0: as in the editor)."""
        scale = QTransform.fromScale(device_pixels, device_pixels)
        for item in self._unscaled:
            item.setTransform(scale)
        for item, pen in self._cosmetic:
            wide = pen if device_pixels == 1.0 else type(pen)(pen)
            if device_pixels != 1.0:
                wide.setWidthF(max(pen.widthF(), 1.0) * device_pixels)
            item.setPen(wide)


__all__ = ["NOT_PRINTED_BY_DEFAULT", "LayerError", "MapSource", "check_layers", "layer_keys"]
