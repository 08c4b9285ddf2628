"""A refused click is never silent: ``refuse(controller, text, pos)`` puts the reason in the status bar
and, for a few seconds, in a small label beside the cursor on the map (the same size at every zoom,
on a pale ground so it reads over every terrain). A later refusal replaces it; the next click, a
change of file or the timer removes it. The label shown and its timer belong to the map view's
``RefusalHints``, a child of the view made at its first refusal (and found again with ``findChild``)."""

from __future__ import annotations

from typing import Protocol

import shiboken6
from PySide6.QtCore import QObject, QPointF, QRectF, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsSimpleTextItem, QGraphicsView

from .base import say  # pyright: ignore[reportUnknownVariableType]  (base.py: ``controller`` untyped)

HINT_MS = 3500
INK, GROUND, EDGE = QColor("#5a1a10"), QColor(255, 248, 225, 235), QColor("#c0602a")


class RefusalHint(QGraphicsRectItem):
    """The label: the reason's text on a rounded pale box, just right of and below the cursor."""

    def __init__(self, text: str):
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setZValue(1000)
        self.label = QGraphicsSimpleTextItem(text, self)
        font = QFont()
        font.setPointSizeF(9.0)
        self.label.setFont(font)
        self.label.setBrush(QBrush(INK))
        box = self.label.boundingRect().adjusted(-5, -3, 5, 3)
        self.label.setPos(14 - box.left(), 16 - box.top())
        self.setRect(QRectF(14, 16, box.width(), box.height()))
        self.setBrush(QBrush(GROUND))
        pen = QPen(EDGE, 1.0)
        pen.setCosmetic(True)
        self.setPen(pen)

    def text(self) -> str:
        return self.label.text()

    def keep_inside(self, view: QGraphicsView) -> None:
        """Moves the box to the cursor's left (and above it) where it would run off the view's right
        (or bottom) edge, then along the edge as far as it must to be read whole (a long reason near
        the left edge of a narrow view)."""
        at = view.mapFromScene(self.pos())
        box = self.rect()
        width, height = view.viewport().width(), view.viewport().height()
        dx = -(box.width() + 28) if at.x() + box.right() > width else 0
        dy = -(box.height() + 32) if at.y() + box.bottom() > height else 0
        dx += _into(at.x() + box.left() + dx, box.width(), width)
        dy += _into(at.y() + box.top() + dy, box.height(), height)
        if dx or dy:
            self.setRect(box.translated(dx, dy))
            self.label.moveBy(dx, dy)


def _into(start: float, size: float, room: float, margin: float = 2.0) -> float:
    """How far to move a span starting at ``start`` so it lies inside ``0..room`` (its start shown
    first when it is longer than the room)."""
    if start + size > room - margin:
        start_now = room - margin - size
    else:
        start_now = start
    return max(start_now, margin) - start


class _OnAView(Protocol):
    """What ``refuse`` needs of a scene controller: its map view."""

    @property
    def view(self) -> QGraphicsView: ...


class RefusalHints(QObject):
    """The hint a map view shows, if any, and the timer that takes it away."""

    def __init__(self, view: QGraphicsView):
        super().__init__(view)
        self.view = view
        self.hint: RefusalHint | None = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.clear)

    @staticmethod
    def of(view: QGraphicsView) -> RefusalHints:
        return view.findChild(RefusalHints) or RefusalHints(view)

    def show(self, text: str, pos: QPointF) -> None:
        self.clear()
        scene = self.view.scene()  # the map view's, never None
        self.hint = RefusalHint(text)
        self.hint.setPos(pos)
        scene.addItem(self.hint)
        self.hint.keep_inside(self.view)
        self.timer.start(HINT_MS)

    def clear(self) -> None:
        """Removes the hint, if one is shown (also when its scene went with another file)."""
        hint, self.hint = self.hint, None
        if hint is None or not shiboken6.isValid(hint):
            return
        scene = hint.scene()
        if scene is not None:  # pyright: ignore[reportUnnecessaryComparison]  (None once out of its scene; the stubs say never)
            scene.removeItem(hint)


def refuse(controller: _OnAView, text: str, pos: QPointF | None = None) -> None:
    """Shows why a click did nothing: in the status bar, and beside ``pos`` (a scene point) on the map."""
    say(controller, text)
    hints = RefusalHints.of(controller.view)
    if pos is None:
        hints.clear()
    else:
        hints.show(text, pos)


def clear(view: QGraphicsView) -> None:
    """Removes the hint of ``view``, if one is shown."""
    hints = view.findChild(RefusalHints)
    if hints is not None:
        hints.clear()
