"""Which layers of the open map show and which are locked: the one state the Layers dock, the View
menu, the scenes and the tools read. ``changed(key)`` after a layer's visibility or lock changes;
``reset()`` after a new map (or a remembered state) replaced them all."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from .layer_table import default_visible, layer, layers_for, object_layer, tool_layer


class LayerState(QObject):
    changed = Signal(str)
    reset_done = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.kind = "hex"
        self._visible: dict[str, bool] = {}
        self._locked: dict[str, bool] = {}
        self.reset("hex")

    def layers(self):
        return layers_for(self.kind)

    def reset(self, kind: str, profiles=(), saved: dict | None = None) -> None:
        """The defaults of a ``kind`` map, then whatever ``saved`` (see ``to_dict``) says of its layers."""
        self.kind = kind
        self._visible = {lay.key: default_visible(kind, lay.key, profiles) for lay in self.layers()}
        self._locked = {lay.key: False for lay in self.layers()}
        for key, entry in (saved or {}).items():
            if key in self._visible and isinstance(entry, dict):
                if isinstance(entry.get("visible"), bool):
                    self._visible[key] = entry["visible"]
                if isinstance(entry.get("locked"), bool) and layer(kind, key).lockable:
                    self._locked[key] = entry["locked"]
        self.reset_done.emit()

    def to_dict(self) -> dict:
        return {key: {"visible": self._visible[key], "locked": self._locked[key]} for key in self._visible}

    # -- queries ---------------------------------------------------------------------------------
    def visible(self, key: str) -> bool:
        return self._visible.get(key, True)

    def locked(self, key: str) -> bool:
        return self._locked.get(key, False)

    def editable(self, key: str | None) -> bool:
        """Tools act on a layer only when it shows and is not locked (as in Tiled)."""
        return key is None or (self.visible(key) and not self.locked(key))

    def tool_refusal(self, tool: str, path_kind: str = "") -> str:
        """Why ``tool`` may not act now ("Rivers is locked"), or "" when it may."""
        key = tool_layer(self.kind, tool, path_kind)
        if key is None or self.editable(key):
            return ""
        title = layer(self.kind, key).title
        return f"{title} is locked" if self.locked(key) else f"{title} is hidden"

    def selectable(self, obj) -> bool:
        """A select tool picks an object only from a layer that shows and is not locked."""
        return self.editable(object_layer(self.kind, obj))

    # -- changes ---------------------------------------------------------------------------------
    def set_visible(self, key: str, on: bool) -> None:
        if key in self._visible and self._visible[key] != bool(on):
            self._visible[key] = bool(on)
            self.changed.emit(key)

    def set_locked(self, key: str, on: bool) -> None:
        if key in self._locked and layer(self.kind, key).lockable and self._locked[key] != bool(on):
            self._locked[key] = bool(on)
            self.changed.emit(key)
