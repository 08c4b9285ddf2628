"""Sheets to a PDF: QPdfWriter, vector (text stays text, shapes stay paths), one page size for the
whole file, the painter in millimetres from the paper's top-left corner. The PDF is made in memory
and saved by the project's one atomic saver, so a failed or refused write leaves no half file.

Text sizes: Qt sizes a font in points by the paint device's logical resolution. The writer draws at
1200 dots an inch (fine enough for any printer) but tells fonts the screen's 96, as the page preview's
images and the editor's screen do, so a label is the same size against the map on paper, in the preview
and in the editor.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPaintDevice, QPainter, QPdfWriter

from dambuster import __version__

from .sheet import PrintSettings, Sheet

RESOLUTION = 1200  # device dots per inch of the PDF's coordinates
FONT_DPI = 96  # what fonts are told (see above)
_DPI = (QPaintDevice.PaintDeviceMetric.PdmDpiX, QPaintDevice.PaintDeviceMetric.PdmDpiY)


class _PdfDevice(QPdfWriter):
    def metric(self, metric: QPaintDevice.PaintDeviceMetric) -> int:
        if metric in _DPI:
            return FONT_DPI
        return super().metric(metric)


def page_layout(settings: PrintSettings) -> QPageLayout:
    w, h = settings.page_mm
    size = QPageSize(QSizeF(w, h), QPageSize.Unit.Millimeter, "", QPageSize.SizeMatchPolicy.ExactMatch)
    return QPageLayout(
        size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter
    )


def begin_mm(painter: QPainter, dots_per_inch: float) -> None:
    """Scales ``painter`` so one unit is one millimetre on the page."""
    k = dots_per_inch / 25.4
    painter.scale(k, k)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)


class Cancelled(Exception):
    """The person printing stopped it: nothing is written."""


def pdf_bytes(
    sheets: Sequence[Sheet],
    settings: PrintSettings,
    title: str,
    progress: Callable[[int, int], bool] | None = None,
) -> tuple[bytes, int]:
    """The PDF of ``sheets`` (their pages in order) and its page count. ``progress(done, total)`` is
    called after each page; when it returns False the printing stops (Cancelled)."""
    total = sum(sheet.page_count() for sheet in sheets) if progress else 0
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = _PdfDevice(buffer)
    writer.setResolution(RESOLUTION)
    writer.setPageLayout(page_layout(settings))
    writer.setTitle(title)
    writer.setCreator(f"dambuster {__version__}")
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError("Qt could not start the PDF")
    pages = 0
    try:
        for sheet in sheets:
            for i in range(sheet.page_count()):
                if pages:
                    writer.newPage()
                painter.save()
                begin_mm(painter, RESOLUTION)
                sheet.draw_page(painter, i)
                painter.restore()
                pages += 1
                if progress is not None and not progress(pages, total):
                    raise Cancelled()
    finally:
        painter.end()
        buffer.close()
    return bytes(data.data()), pages


def write_pdf(
    path: str | Path,
    sheets: Sequence[Sheet],
    settings: PrintSettings,
    force: bool = False,
    title: str = "dambuster print",
    progress: Callable[[int, int], bool] | None = None,
) -> int:
    """Writes the PDF of ``sheets`` at ``path`` atomically; refuses (OutputError, nothing written) to
    replace an existing file without ``force``. Returns the page count. ``progress``: as pdf_bytes's
    (a cancelled print writes nothing)."""
    from dambuster.model.atomic_write import OutputError, output_problem, write_atomic

    problem = output_problem(path, force)
    if problem:
        raise OutputError(f"{path}: {problem}")
    data, pages = pdf_bytes(sheets, settings, title, progress)
    if not pages:
        raise OutputError(f"{path}: nothing to print (no sheet has a page)")
    write_atomic(Path(path), data)
    return pages


__all__ = ["FONT_DPI", "RESOLUTION", "Cancelled", "begin_mm", "page_layout", "pdf_bytes", "write_pdf"]
