"""Icons by name: ours are 24px line drawings in ``editor/resources/icons/NAME.svg`` (shipped as
package data); ``"std:NAME"`` is Qt's ``QStyle.StandardPixmap.NAME`` of the running style."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QStyle

from .catalog import ICON_DIR

_cache: dict[str, QIcon] = {}


def icon_path(name: str) -> Path:
    return ICON_DIR / f"{name}.svg"


def icon(name: str | None) -> QIcon:
    """The icon called ``name`` (an empty icon for None); a missing file raises FileNotFoundError."""
    if not name:
        return QIcon()
    if name not in _cache:
        if name.startswith("std:"):
            pixmap = getattr(QStyle.StandardPixmap, name[4:])
            _cache[name] = QApplication.style().standardIcon(pixmap)
        else:
            path = icon_path(name)
            if not path.is_file():
                raise FileNotFoundError(f"no icon {path}")
            _cache[name] = QIcon(str(path))
    return _cache[name]
