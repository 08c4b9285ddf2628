"""What some tools can do besides turning presses, moves and releases into edits, as Protocols the
window's parts check a tool against (``isinstance``) before asking it: a select tool's selection and
rubber band's group (``Selects``: the select tools of both map kinds), Delete (``Deletes``), a
double-click or Enter finishing a shape (``DoubleClicks``, ``Finishes``). Escape's ``Cancels`` is
``base.py``'s."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from PySide6.QtCore import QPointF


@runtime_checkable
class Selects(Protocol):
    """A tool that selects objects: one (``selection``) or a rubber band's group of several."""

    selection: Any
    group: list[Any]

    def select_objects(self, objs: list[Any]) -> None: ...
    def press(self, pos: QPointF, modifiers: Any = None) -> None: ...
    def release(self, pos: QPointF) -> None: ...


@runtime_checkable
class Deletes(Protocol):
    """A tool whose selection Delete removes (the selection, a vertex, a rubber band's group)."""

    def delete(self) -> None: ...


@runtime_checkable
class DoubleClicks(Protocol):
    """A tool a double-click finishes (table shapes)."""

    def double_click(self, pos: QPointF) -> None: ...


@runtime_checkable
class Finishes(Protocol):
    """A tool with a shape that Enter finishes."""

    def finish(self) -> bool: ...
