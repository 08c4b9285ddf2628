"""PySide6 asks of every module imported after it whether its source mentions "PySide6" (for its
``__feature__`` switches, which dambuster does not use) with ``inspect.getsource``: tokenising and
caching each file's lines costs the editor's start-up about 12 ms over its ~140 modules. ``install``
gives PySide the same answer from the file's bytes. Where PySide's internals are not as expected
(another version), nothing is changed."""

from __future__ import annotations

import sys
from types import ModuleType


def install() -> None:
    """Called once PySide6 is imported."""
    feature = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(original) or getattr(original, "reads_bytes", False):
        return

    def mod_uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return bool(original(module))  # built-in, compiled or source-less: PySide's own answer
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return bool(original(module))

    mod_uses_pyside.reads_bytes = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = mod_uses_pyside  # type: ignore[attr-defined]
