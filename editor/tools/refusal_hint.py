"""A refused click is never silent: ``refuse(controller, text, pos)`` puts the reason in the status bar
and, for a few seconds, in a small label beside the cursor on the map (the same size at every zoom,
on a pale ground so it reads over every terrain). A later refusal replaces it; the next click, a
change of file or the timer removes it."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsSimpleTextItem

from .base import say

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

    def keep_inside(self, view) -> None:
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


def refuse(controller, text: str, pos: QPointF | None = None) -> None:
    """Shows why a click did nothing: in the status bar, and beside ``pos`` (a scene point) on the map."""
    say(controller, text)
    view = controller.view
    clear(view)
    scene = view.scene()
    if pos is None or scene is None:
        return
    hint = RefusalHint(text)
    hint.setPos(pos)
    scene.addItem(hint)
    hint.keep_inside(view)
    view.refusal_hint = hint
    timer = getattr(view, "refusal_timer", None)
    if timer is None:
        timer = view.refusal_timer = QTimer(view)
        timer.setSingleShot(True)
        timer.timeout.connect(lambda: clear(view))
    timer.start(HINT_MS)


def clear(view) -> None:
    """Removes the hint, if one is shown (also when its scene went with another file)."""
    hint = getattr(view, "refusal_hint", None)
    view.refusal_hint = None
    if hint is None:
        return
    try:
        if hint.scene() is not None:
            hint.scene().removeItem(hint)
    except RuntimeError:
        pass
