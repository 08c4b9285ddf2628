"""The map view: a QGraphicsView with wheel zoom, zoom to fit, middle-button (or Space+drag) pan,
and left-button events forwarded to the active tool in scene coordinates. A map opens fitting the
view, or a little larger, top left in view, where the fit would hide its hex numbers (a small map on a
small screen), and keeps that zoom on every resize (fitting once the fit shows the numbers) until the
user zooms; zoom to fit shows the whole map and follows the view again.

The view tells the scene controller when its scale changed (``scale_changed``, checked before each
paint, so every way of zooming counts) for the layers' levels of detail; it refuses a press of a tool
whose layer is hidden or locked (``refused`` says why); it shows the hover tooltip of the hex under the
mouse; and it draws the validation overlay (problem rings, the clicked violation's ring and witness)
under the validation layer's root.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsPathItem, QGraphicsView, QToolTip

from dambuster.editor.files.names import zoom_text
from dambuster.editor.style import HIGHLIGHT

from . import zoom_keys
from .map_scene import MapScene

if TYPE_CHECKING:
    from dambuster.editor.tools.base import Tool

MIN_ZOOM, MAX_ZOOM = 0.01, 12.0
OPEN_ENLARGE_MAX = 1.5  # a map opens larger than the fit (to show its hex numbers) by this at most


class MapView(QGraphicsView):
    cursor_moved = Signal(QPointF)  # scene position under the mouse
    zoom_changed = Signal(float)
    scale_changed = Signal(float)  # the scale at the next paint differs from the last one's
    refused = Signal(str)  # why a press of the tool did nothing ("Rivers is locked")
    painted = Signal()  # after each paint of the map

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setScene(MapScene(self))
        self.layers = self.scene().layers
        self.tool_refusal = lambda: ""  # the window names why its current tool may not act now
        self.violations = lambda: ()  # the violations the hover tooltip lists
        self.tooltip_at = None  # the scene controller's (scene position, violations) -> text, or None
        self._painted_scale = None
        self._refused_press = False
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setBackgroundBrush(QColor("#d8d8d4"))
        self.setMouseTracking(True)
        self.tool: Tool | None = None
        self.fitting = True  # the map follows the view's size until the user zooms
        self.opening = False  # ... opened larger than the fit, to show its hex numbers (``zoom_to_open``)
        self.readable_zoom = lambda: None  # the scene's: the smallest zoom that shows the hex numbers
        self._pan_from: QPointF | None = None
        self._mouse_at: QPoint | None = None  # the mouse over the map (viewport pixels), if it is
        self._space = False
        self._highlight: QGraphicsEllipseItem | None = None
        self._problems: QGraphicsPathItem | None = None
        self._witness: QGraphicsPathItem | None = None
        self._warnings: QGraphicsPathItem | None = None
        zoom_keys.install(self)  # + and - zoom while the mouse is over the map, whatever has the keyboard

    def scene(self) -> MapScene:
        """The map's scene (the view's only one, set in ``__init__``)."""
        return cast(MapScene, super().scene())  # Qt's stubs give the base class

    # -- zoom ------------------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float, at: QPoint | None = None) -> None:
        """Zooms by ``factor``, keeping the map point under the viewport point ``at`` where it is
        (without ``at``: under the mouse, as the wheel does)."""
        self.fitting = self.opening = False
        z = self.zoom()
        factor = max(MIN_ZOOM / z, min(MAX_ZOOM / z, factor))
        before = self.mapToScene(at) if at is not None else None
        self.scale(factor, factor)
        if before is not None and at is not None:
            drift = self.mapFromScene(before) - at
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + drift.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + drift.y())
        self.zoom_changed.emit(self.zoom())

    def mouse_at(self) -> QPoint | None:
        """Where the mouse is over the map (viewport pixels), None when it is elsewhere."""
        return self._mouse_at

    def _zoom_anchor(self) -> QPoint:
        """Where a key or button zoom keeps the map still: the mouse when it is over the map, else
        the view's centre."""
        at = self._mouse_at
        return (
            at if at is not None and self.viewport().rect().contains(at) else self.viewport().rect().center()
        )

    def zoom_in(self) -> None:
        self.zoom_by(1.25, self._zoom_anchor())

    def zoom_out(self) -> None:
        self.zoom_by(0.8, self._zoom_anchor())

    def fit_zoom(self) -> float | None:
        """The zoom at which the whole map fits the view (what Zoom to Fit sets)."""
        rect = self.scene().sceneRect() if self.scene() else None
        room = self.viewport().rect().adjusted(2, 2, -2, -2)  # fitInView leaves 2 px round the map
        if rect is None or rect.isEmpty() or room.isEmpty():
            return None
        return min(room.width() / rect.width(), room.height() / rect.height())

    def zoom_to_fit(self) -> None:
        """Zoom to Fit (Ctrl+0): the whole map, following the window's size until the user zooms."""
        self.fitting, self.opening = True, False
        rect = self.scene().sceneRect()
        if rect.isEmpty():
            return
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self.zoom_changed.emit(self.zoom())

    def opening_zoom(self) -> float | None:
        """The zoom a map opens at: the fit, or where the fit would hide the hex numbers, the smallest
        zoom that shows them when the map is then at most ``OPEN_ENLARGE_MAX`` times the fit's size."""
        fit, readable = self.fit_zoom(), self.readable_zoom()
        if fit is not None and readable is not None and fit < readable <= fit * OPEN_ENLARGE_MAX:
            return readable
        return fit

    def zoom_to_open(self, scroll: bool = True) -> None:
        """The opening zoom (see ``opening_zoom``), followed on every resize until the user zooms;
        ``scroll``: the map's top left corner (its first hex numbers) in view."""
        zoom, fit = self.opening_zoom(), self.fit_zoom()
        if zoom is None or fit is None or zoom <= fit:
            self.zoom_to_fit()
            return
        self.fitting = self.opening = True
        self.setTransform(QTransform.fromScale(zoom, zoom))
        if scroll:
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().minimum())
            self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self.zoom_changed.emit(self.zoom())

    def open_map(self) -> None:
        """A new map in the view: at its opening zoom now, and again once the window has settled."""
        self.zoom_to_open()
        QTimer.singleShot(0, lambda: self.fitting and self.zoom_to_open())  # unless zoomed meanwhile

    def zoom_caption(self, of_table: bool = False) -> str:
        """The zoom as the status bar says it ("zoom 83%", on a table "zoom 125% of the table"), and
        that the map opened larger than the fit to show its hex numbers ("zoom 83% · hex numbers
        shown, Ctrl+0 fits the map"). Nothing more while the fit hides them: the status bar's
        messages need the room on a 1366-wide screen."""
        text = zoom_text(self.zoom(), self.fit_zoom() if of_table else None)
        readable = self.readable_zoom()
        if self.opening and readable is not None and self.zoom() >= readable:
            return text + " · hex numbers shown, Ctrl+0 fits the map"
        return text

    def paintEvent(self, event) -> None:
        z = self.zoom()
        if z != self._painted_scale:
            self._painted_scale = z
            self.scale_changed.emit(z)
        super().paintEvent(event)
        self.painted.emit()

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.Leave:  # the cursor left the map: no footprint, zoom about the centre
            self._mouse_at = None
            if self.tool is not None:
                self.tool.hover(None)
        if event.type() == QEvent.Type.ToolTip:
            text = self.tooltip_at(self.mapToScene(event.pos()), self.violations()) if self.tooltip_at else ""
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
                return True
        return super().viewportEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.fitting:
            self.zoom_to_open(scroll=False) if self.opening else self.zoom_to_fit()

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(1.2**steps)
        event.accept()

    # -- highlight -------------------------------------------------------------------------------
    def highlight(self, x: float, y: float, radius: float, lines: list | None = None) -> None:
        """Centres the view on a point and rings it (the location of a clicked violation); ``lines``
        are the violation's witness as scene polylines (a one-point list is a dot)."""
        self._draw_witness(lines or [], radius)
        if self._highlight is None or self._highlight.scene() is not self.scene():
            self._highlight = QGraphicsEllipseItem(self.scene().root("validation"))
            pen = QPen(HIGHLIGHT, 3.0)
            pen.setCosmetic(True)
            self._highlight.setPen(pen)
            self._highlight.setZValue(10)
        self._highlight.setRect(QRectF(x - radius, y - radius, 2 * radius, 2 * radius))
        self._highlight.show()
        self.centerOn(x, y)

    def mark_problems(self, places: list[tuple[float, float, float, str]]) -> None:
        """Rings every located violation (x, y, radius, severity): red for errors, amber for warnings."""
        paths = {"error": QPainterPath(), "warning": QPainterPath()}
        for x, y, r, severity in places:
            paths["error" if severity == "error" else "warning"].addEllipse(QPointF(x, y), r * 0.8, r * 0.8)
        items = []
        for key, colour in (("error", QColor("#d0201a")), ("warning", QColor("#d08a00"))):
            item = self._problems if key == "error" else self._warnings
            if item is None or item.scene() is not self.scene():
                item = QGraphicsPathItem(self.scene().root("validation"))
                pen = QPen(colour, 2.0, Qt.PenStyle.DotLine)
                pen.setCosmetic(True)
                item.setPen(pen)
            item.setPath(paths[key])
            items.append(item)
        self._problems, self._warnings = items

    def _draw_witness(self, lines: list, radius: float) -> None:
        if self._witness is None or self._witness.scene() is not self.scene():
            self._witness = QGraphicsPathItem(self.scene().root("validation"))
            pen = QPen(HIGHLIGHT, 2.5)
            pen.setCosmetic(True)
            self._witness.setPen(pen)
            self._witness.setZValue(11)
        path = QPainterPath()
        dot = max(radius * 0.15, 1e-6)
        for line in lines:
            path.moveTo(QPointF(*line[0]))
            for p in line[1:]:
                path.lineTo(QPointF(*p))
            for p in (line[0], line[-1]):
                path.addEllipse(QPointF(*p), dot, dot)
        self._witness.setPath(path)
        self._witness.setVisible(bool(lines))

    def witness_path(self) -> QPainterPath | None:
        """The drawn witness (for tests), or None when nothing is drawn."""
        w = self._witness
        return w.path() if w is not None and w.scene() is self.scene() and w.isVisible() else None

    def clear_highlight(self) -> None:
        if self._highlight is not None and self._highlight.scene() is self.scene():
            self._highlight.hide()
        if self._witness is not None and self._witness.scene() is self.scene():
            self._witness.hide()

    def forget_items(self) -> None:
        """Called after the scene was cleared (a hex map's scene sets ``readable_zoom`` again)."""
        self._highlight = self._problems = self._warnings = self._witness = None
        self.readable_zoom = lambda: None

    # -- mouse -----------------------------------------------------------------------------------
    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
        super().keyReleaseEvent(event)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and self._space
        ):
            self._pan_from = event.position()
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton and self.tool is not None:
            why = self.tool_refusal()
            self._refused_press = bool(why)
            if why:
                self.refused.emit(why)
            else:
                self.tool.press(self.mapToScene(event.position().toPoint()), event.modifiers())
            event.accept()
            return
        super().mousePressEvent(event)

    def leaveEvent(self, event) -> None:
        self._mouse_at = None  # off the map: + and - zoom about the centre
        super().leaveEvent(event)

    def mouseMoveEvent(self, event) -> None:
        self._mouse_at = event.position().toPoint()  # where + and - keep the map still
        pos = self.mapToScene(event.position().toPoint())
        self.cursor_moved.emit(pos)
        if self._pan_from is not None:
            delta = event.position() - self._pan_from
            self._pan_from = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - int(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - int(delta.y()))
            event.accept()
            return
        if event.buttons() & Qt.MouseButton.LeftButton and self.tool is not None:
            if not self._refused_press:
                self.tool.move(pos)
            event.accept()
            return
        if self.tool is not None:
            self.tool.hover(pos)  # a brush's footprint under the cursor
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        if self._pan_from is not None and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._pan_from = None
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton and self.tool is not None:
            if not self._refused_press:
                self.tool.release(self.mapToScene(event.position().toPoint()))
            self._refused_press = False
            event.accept()
            return
        super().mouseReleaseEvent(event)
