"""Remembers each file's layers (which show, which are locked) in the editor's QSettings, keyed by the
file's absolute path: the state is the designer's view of the map, not part of the scenario, so it
stays out of the file and out of map folders (no sidecar for a collection's CI to trip over). The
``MAX_FILES`` most recently changed files are kept."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, cast

from PySide6.QtCore import QSettings

GROUP = "layers"
MAX_FILES = 200


def _key(path: Path) -> str:
    return hashlib.sha1(str(Path(path).resolve()).encode("utf-8")).hexdigest()[:20]


class LayerMemory:
    def __init__(self, settings: QSettings):
        self.settings = settings

    def load(self, path: Path | None) -> dict[str, Any] | None:
        """The layers saved for ``path`` (as ``LayerState.to_dict``), or None."""
        if path is None:
            return None
        raw = self.settings.value(f"{GROUP}/{_key(path)}")
        try:
            entry: object = json.loads(raw) if isinstance(raw, str) else None
        except ValueError:
            return None
        if not isinstance(entry, dict):
            return None
        saved = cast("dict[str, object]", entry)  # a JSON object: its keys are text
        layers = saved.get("layers")
        if saved.get("path") != str(Path(path).resolve()) or not isinstance(layers, dict):
            return None
        return cast("dict[str, Any]", layers)

    def save(self, path: Path | None, layers: dict[str, Any]) -> None:
        if path is None:
            return
        key = _key(path)
        self.settings.setValue(
            f"{GROUP}/{key}", json.dumps({"path": str(Path(path).resolve()), "layers": layers})
        )
        order = [k for k in self._order() if k != key] + [key]
        for old in order[:-MAX_FILES]:
            self.settings.remove(f"{GROUP}/{old}")
        self.settings.setValue(f"{GROUP}/order", json.dumps(order[-MAX_FILES:]))

    def _order(self) -> list[str]:
        raw = self.settings.value(f"{GROUP}/order")
        try:
            order: object = json.loads(raw) if isinstance(raw, str) else []
        except ValueError:
            return []
        return (
            [k for k in cast("list[object]", order) if isinstance(k, str)] if isinstance(order, list) else []
        )
