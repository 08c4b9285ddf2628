"""File > Export > PNG / SVG: the scene as the map view holds it -- the map, and the preview's
overlay or heat map when one is showing. Both are rendered into memory and written by the project's
one atomic saver (dambuster.model.atomic_write), so a failed export never leaves half a file or a
temporary file behind, and never writes through a dangling link.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QFileDialog

# for their types only: `dambuster render` loads this module, and refuses bad input before the scene loads
if TYPE_CHECKING:
    from PySide6.QtWidgets import QStatusBar, QWidget

    from dambuster.editor.document import Document
    from dambuster.editor.scene.map_scene import MapScene
    from dambuster.editor.scene.map_view import MapView

LONG_SIDE = 2400  # pixels along the longer side of an exported PNG
SVG_DPI = 96  # SVG user units an inch (CSS pixels), for the width and height written in millimetres


def _atomic(path: Path, write: Callable[[QBuffer], None], finish: Callable[[bytes], bytes] = bytes) -> None:
    """Calls ``write(buffer)`` on an in-memory device, then saves ``finish(its bytes)`` atomically at ``path``."""
    from dambuster.model.atomic_write import write_atomic

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    write(buffer)
    buffer.close()
    write_atomic(path, finish(bytes(data.data())))


def image_size(rect: QRectF, long_side: int = LONG_SIDE) -> QSize:
    k = long_side / max(rect.width(), rect.height(), 1e-9)
    return QSize(max(1, round(rect.width() * k)), max(1, round(rect.height() * k)))


def _render(scene: MapScene, painter: QPainter, target: QRectF, source: QRectF) -> None:
    """Draws at the level of detail the target's scale asks for, not the one the window shows."""
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    scale = min(target.width() / max(source.width(), 1e-9), target.height() / max(source.height(), 1e-9))
    with scene.detail_for_scale(scale):
        scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)


def export_png(
    scene: MapScene,
    path: str | Path,
    rect: QRectF | None = None,
    long_side: int = LONG_SIDE,
    dpi: float | None = None,
) -> QSize:
    """The scene (or ``rect`` of it) as a PNG of ``long_side`` pixels on its longer side, on white;
    ``dpi``, when given, is written in the file (pHYs) so it prints at the size it was drawn for."""
    rect = QRectF(rect or scene.sceneRect())
    size = image_size(rect, long_side)
    image = QImage(size, QImage.Format.Format_ARGB32)
    if image.isNull():
        raise OSError(f"cannot make an image of {size.width()}x{size.height()} pixels (out of memory)")
    image.fill(QColor("#ffffff"))
    if dpi:
        image.setDotsPerMeterX(round(dpi / 0.0254))
        image.setDotsPerMeterY(round(dpi / 0.0254))
    painter = QPainter(image)
    _render(scene, painter, QRectF(0, 0, size.width(), size.height()), rect)
    painter.end()

    def write(buffer: QBuffer) -> None:
        # PySide6's stubs want the format as bytes, but it takes only a str (bytes raise ValueError)
        if not image.save(buffer, "PNG"):  # pyright: ignore[reportCallIssue, reportArgumentType]
            raise OSError(f"cannot write {path}")

    _atomic(Path(path), write)
    return size


def export_svg(
    scene: MapScene,
    path: str | Path,
    rect: QRectF | None = None,
    title: str = "dambuster map",
    scale: float | None = None,
) -> QSize:
    """The scene (or ``rect`` of it) as SVG, ``scale`` user units a scene unit; by default as large as
    the PNG (LONG_SIDE on the longer side), so text drawn at a fixed size on screen (table labels)
    keeps the same proportion to the map as in the PNG. Width and height are given in millimetres at
    SVG_DPI user units an inch, as CSS counts them."""
    rect = QRectF(rect or scene.sceneRect())
    size = (
        image_size(rect)
        if scale is None
        else QSize(max(1, round(rect.width() * scale)), max(1, round(rect.height() * scale)))
    )

    def write(buffer: QBuffer) -> None:
        from PySide6.QtSvg import QSvgGenerator  # Qt SVG's bindings: not at start-up

        gen = QSvgGenerator()
        gen.setOutputDevice(buffer)
        gen.setSize(size)
        gen.setResolution(SVG_DPI)
        gen.setViewBox(QRectF(0, 0, size.width(), size.height()))
        gen.setTitle(title)
        gen.setDescription("exported by the dambuster editor")
        painter = QPainter()
        if not painter.begin(gen):
            raise OSError(f"cannot write {path}")
        painter.fillRect(QRectF(0, 0, size.width(), size.height()), QColor("#ffffff"))
        _render(scene, painter, QRectF(0, 0, size.width(), size.height()), rect)
        painter.end()

    from dambuster.model.output import (
        xml_bytes,
    )  # a map's text holding U+0001 must not make the SVG unreadable

    _atomic(Path(path), write, xml_bytes)
    return size


class ExportWindow(Protocol):
    """What File > Export needs of the main window: the document, its map view, where messages go,
    and the window itself (QWidget.window()) as the save dialog's parent."""

    @property
    def doc(self) -> Document: ...
    @property
    def view(self) -> MapView: ...
    def show_error(self, title: str, message: str) -> None: ...
    def statusBar(self) -> QStatusBar: ...
    def window(self) -> QWidget: ...


class Exporter:
    """The File > Export actions of a main window."""

    def __init__(self, window: ExportWindow):
        self.win = window

    def _ask(self, kind: str) -> str | None:
        doc = self.win.doc
        base = doc.path.with_suffix(f".{kind}") if doc.path else Path(f"map.{kind}")
        path, _ = QFileDialog.getSaveFileName(
            self.win.window(),
            f"Export {kind.upper()}",
            str(base),
            f"{kind.upper()} (*.{kind});;All files (*)",
        )
        return path or None

    def export_png(self) -> Path | None:
        return self.export("png")

    def export_svg(self) -> Path | None:
        return self.export("svg")

    def export(self, kind: str, path: str | Path | None = None) -> Path | None:
        path = path or self._ask(kind)
        if not path:
            return None
        scene = self.win.view.scene()
        try:
            if kind == "svg":
                export_svg(scene, path, title=self.win.doc.display_name)
            else:
                export_png(scene, path)
        except OSError as e:
            self.win.show_error("Cannot export", f"{path}: {e.strerror or e}")
            return None
        self.win.statusBar().showMessage(f"Exported {path}", 5000)
        return Path(path)
