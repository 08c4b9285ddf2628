"""The map's QGraphicsScene: every graphics item belongs to a layer (editor/scene/layer_table.py) and
is shown only while that layer is, and while the map's level of detail asks for it.

Items are added at the top level (``add``), at the layer's z plus a small offset, so the scene's index
culls them one by one: the thousands of terrain chunks and line blocks of a large map are not even
looked at when out of view (children of a common parent would be walked on every paint). Small
layers may instead hang their items under the layer's ``root``. Items other parts of the editor add
at the top level within a layer's z band (the previews) follow that layer's visibility too.

Levels of detail (``set_detail``): "far" (a hex is a few pixels wide), "near", "fine" (a hex is large
enough for small marks). An item added with tier "near" shows at near and fine, "fine" only at fine,
"far" only far out, None at every level. Items a level shows seldom can be added as a builder
(``add_later``), run the first time that level and the layer show them.
"""

from __future__ import annotations

from contextlib import contextmanager

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from .layer_state import LayerState

TIERS_SHOWN = {"far": ("far", None), "near": ("near", None), "fine": ("near", "fine", None)}
FAR_BELOW, FINE_FROM = 2.5, 6.0  # a hex's radius on screen, in pixels, where the levels of detail change


def detail_for(hex_pixels: float) -> str:
    """The level of detail for a hex of this radius on screen."""
    return "far" if hex_pixels < FAR_BELOW else "fine" if hex_pixels >= FINE_FROM else "near"


class LayerRoot(QGraphicsItem):
    """An empty item whose children are one layer's graphics."""

    def __init__(self, key: str):
        super().__init__()
        self.key = key
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(self, painter, option, widget=None) -> None:  # pragma: no cover - never called (no contents)
        pass


class MapScene(QGraphicsScene):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.layers = LayerState(self)
        self.detail = "near"
        self.hex_size: float | None = (
            None  # a hex's radius in scene units (set by the hex scene; None on tables)
        )
        self._roots: dict[str, LayerRoot] = {}
        self._z: dict[str, float] = {}
        self._band_on: dict[str, bool] = {}  # the banded layers' visibility, as last applied
        #: (owner, layer, tier) -> [items, shown]: items added together and shown or hidden together
        self._groups: dict[tuple[object, str, str | None], list] = {}
        #: (owner, layer, tier) -> [(build, z)]: items made when first shown (``add_later``)
        self._pending: dict[tuple[object, str, str | None], list] = {}
        self.layers.changed.connect(self._apply)
        self.layers.reset_done.connect(self._apply_all)

    def z_of(self, key: str) -> float:
        z = self._z.get(key)
        if z is None:
            z = self._z[key] = next((lay.z for lay in self.layers.layers() if lay.key == key), 0.0)
        return z

    def shows(self, key: str, tier: str | None) -> bool:
        return self.layers.visible(key) and tier in TIERS_SHOWN[self.detail]

    # -- items -----------------------------------------------------------------------------------
    def add(
        self, owner, key: str, item: QGraphicsItem, z: float = 0.0, tier: str | None = None
    ) -> QGraphicsItem:
        """Adds ``item`` at the top level to layer ``key``, ``z`` (between -50 and 50) above its other
        items; ``owner`` (whoever drew it) can ``drop`` all its items at once."""
        self.add_many(owner, key, (item,), z, tier)
        return item

    def add_many(self, owner, key: str, items, z: float = 0.0, tier: str | None = None) -> None:
        """``add`` for many items at once (a large map's thousands of chunks)."""
        group = self._groups.get((owner, key, tier))
        if group is None:
            group = self._groups[(owner, key, tier)] = [[], self.shows(key, tier)]
        z = self.z_of(key) + 0.5 + max(-50.0, min(50.0, z)) / 200.0
        hidden, add = not group[1], super().addItem
        for item in items:
            item.setZValue(z)
            if hidden:
                item.setVisible(False)
            add(item)
        group[0].extend(items)

    def add_later(self, owner, key: str, build, z: float = 0.0, tier: str | None = None) -> None:
        """``add_many`` of the items ``build()`` returns, called once the layer and the level of detail
        first show them (now, if they do): a large map's fine marks are not made for a look from far out."""
        group = (owner, key, tier)
        self._pending.setdefault(group, []).append((build, z))
        if self.shows(key, tier):
            self._build_pending(lambda k: k == key)

    def _build_pending(self, which) -> None:
        for group in [g for g in self._pending if which(g[1]) and self.shows(g[1], g[2])]:
            for build, z in self._pending.pop(group):
                self.add_many(group[0], group[1], build(), z, group[2])

    def drop(self, owner) -> None:
        """Removes every item ``owner`` added (and forgets those it would add later)."""
        for k in [k for k in self._pending if k[0] is owner]:
            del self._pending[k]
        for k in [k for k in self._groups if k[0] is owner]:
            for item in self._groups.pop(k)[0]:
                if item.scene() is self:
                    self.removeItem(item)

    def root(self, key: str) -> LayerRoot:
        """The root item of layer ``key`` (made on first use, at the layer's z), for small layers."""
        item = self._roots.get(key)
        if item is None or item.scene() is not self:
            item = LayerRoot(key)
            item.setZValue(self.z_of(key))
            item.setVisible(self.layers.visible(key))
            super().addItem(item)
            self._roots[key] = item
        return item

    def clear(self) -> None:
        super().clear()
        self._roots.clear()
        self._groups.clear()
        self._pending.clear()
        self._z.clear()
        self.hex_size = None

    def addItem(self, item: QGraphicsItem) -> None:
        super().addItem(item)
        if item.parentItem() is None:
            key = self._band_layer(item.zValue())
            if key is not None and not self.layers.visible(key):
                item.setVisible(False)

    # -- visibility ------------------------------------------------------------------------------
    def set_detail(self, detail: str) -> None:
        """Shows the items of a level of detail ("far", "near" or "fine") and hides the others."""
        if detail != self.detail:
            self.detail = detail
            self._update_members(lambda _key: True)

    @contextmanager
    def detail_for_scale(self, scale: float):
        """Within the block, the level of detail a drawing at ``scale`` pixels per scene unit asks for
        (an export or a headless render, whatever the view shows); the view's level again after it."""
        if self.hex_size is None:
            yield
            return
        old = self.detail
        self.set_detail(detail_for(scale * self.hex_size))
        try:
            yield
        finally:
            self.set_detail(old)

    def _update_members(self, which) -> None:
        self._build_pending(which)
        for (_owner, key, tier), group in self._groups.items():
            on = self.shows(key, tier)
            if which(key) and group[1] != on:
                group[1] = on
                for item in group[0]:
                    item.setVisible(on)

    def _band_layer(self, z: float) -> str | None:
        return next(
            (lay.key for lay in self.layers.layers() if lay.band and lay.band[0] <= z < lay.band[1]), None
        )

    def _apply(self, key: str) -> None:
        on = self.layers.visible(key)
        root = self._roots.get(key)
        if root is not None and root.scene() is self:
            root.setVisible(on)
        self._update_members(lambda k: k == key)
        band = next((lay.band for lay in self.layers.layers() if lay.key == key and lay.band), None)
        if band is not None and self._band_on.get(key, True) != on:
            self._band_on[key] = on
            for item in self.items():
                if item.parentItem() is None and band[0] <= item.zValue() < band[1]:
                    item.setVisible(on)

    def _apply_all(self) -> None:
        self._z.clear()  # a new kind of map, maybe
        for root in self._roots.values():
            if root.scene() is self:
                root.setVisible(self.layers.visible(root.key))
        self._update_members(lambda _key: True)
        for lay in self.layers.layers():
            if lay.band:
                self._apply(lay.key)
