"""Pages of one printed sheet as a real PDF (QPdfWriter, the painter in millimetres) and as pixels
rasterised by a second reader (pdftoppm, poppler), for the counters, overlays and templates tests.

Written here rather than with editor/printing/writer.py so that these tests need only the Sheet
protocol; the PDF is set up the way the protocol says (millimetres from the paper's top-left).
"""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from PySide6.QtCore import QMarginsF, QSizeF
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter, QPdfWriter

PDF_DPI = 1200


def write_sheet(path: Path, sheet, settings, pages: list[int] | None = None) -> Path:
    """The sheet's pages (all, or those listed) as a PDF at ``path``."""
    w, h = settings.page_mm
    writer = QPdfWriter(str(path))
    writer.setResolution(PDF_DPI)
    size = QPageSize(QSizeF(min(w, h), max(w, h)), QPageSize.Unit.Millimeter)
    orientation = QPageLayout.Orientation.Landscape if w > h else QPageLayout.Orientation.Portrait
    writer.setPageLayout(QPageLayout(size, orientation, QMarginsF(0, 0, 0, 0)))
    painter = QPainter(writer)
    k = PDF_DPI / 25.4
    for n, i in enumerate(pages if pages is not None else range(sheet.page_count())):
        if n:
            writer.newPage()
        painter.save()
        painter.scale(k, k)
        sheet.draw_page(painter, i)
        painter.restore()
    painter.end()
    return path


def rasterise(
    pdf: Path, dpi: int, page: int = 1, region_mm: tuple[float, float, float, float] | None = None
) -> QImage:
    """Page ``page`` (1-based) of a PDF as pdftoppm draws it at ``dpi``; only ``region_mm`` (x, y, width,
    height from the paper's top-left) when given, its top-left corner then the image's (0, 0)."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    out = pdf.with_name(f"{pdf.stem}-{page}")
    crop = []
    if region_mm is not None:
        x, y, w, h = (round(v * dpi / 25.4) for v in region_mm)
        crop = ["-x", str(x), "-y", str(y), "-W", str(w), "-H", str(h)]
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(dpi),
            "-f",
            str(page),
            "-l",
            str(page),
            *crop,
            "-singlefile",
            "-png",
            str(pdf),
            str(out),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    img = QImage(str(out) + ".png")
    assert not img.isNull()
    return img


def pdf_pages(pdf: Path) -> tuple[int, str]:
    """(page count, page size line) as pdfinfo reads them."""
    if shutil.which("pdfinfo") is None:
        pytest.skip("pdfinfo (poppler-utils) is not installed")
    info = subprocess.run(
        ["pdfinfo", str(pdf)], check=True, capture_output=True, text=True, timeout=60
    ).stdout
    fields = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
    return int(fields["Pages"]), fields["Page size"].strip()


def pdf_text(pdf: Path) -> str:
    """The text of a PDF as pdftotext reads it: a vector page with real text, not a picture of one."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True, timeout=60
    ).stdout
    return unicodedata.normalize("NFKC", text)  # the font's ligatures ("fi") read back as letters


def runs(values) -> list[float]:
    """Centres of the runs of True in a sequence of booleans (e.g. the dark pixels along a scan line)."""
    out, start = [], None
    for i, v in enumerate(list(values) + [False]):
        if v and start is None:
            start = i
        elif not v and start is not None:
            out.append((start + i - 1) / 2)
            start = None
    return out
