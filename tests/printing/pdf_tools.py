"""poppler-utils, the second PDF reader the print tests check our PDFs with (scripts/setup.sh installs it)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

POPPLER = ("pdfinfo", "pdftoppm", "pdftotext", "pdffonts", "pdfimages")
needs_poppler = pytest.mark.skipif(
    any(shutil.which(t) is None for t in POPPLER),
    reason="poppler-utils not installed (scripts/setup.sh installs it)",
)
SAMPLES = Path(__file__).resolve().parents[2] / "samples"
MM_PER_PT = 25.4 / 72


def dambuster(*args, cwd=None) -> subprocess.CompletedProcess:
    """The installed command, without a display (no DISPLAY, no Qt platform named)."""
    exe = Path(sys.executable).with_name("dambuster")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    return subprocess.run(
        [str(exe), *map(str, args)], capture_output=True, text=True, timeout=300, env=env, cwd=cwd
    )


def _run(*args) -> str:
    return subprocess.run(
        list(map(str, args)), capture_output=True, text=True, check=True, timeout=120
    ).stdout


def info(pdf) -> dict:
    """pdfinfo's fields, with every page's size in mm under "sizes"."""
    out = _run("pdfinfo", "-f", "1", "-l", "100000", pdf)
    fields = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
    sizes = [
        (float(w) * MM_PER_PT, float(h) * MM_PER_PT)
        for w, h in re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", out)
    ]
    return {
        "pages": int(fields["Pages"]),
        "title": fields.get("Title", "").strip(),
        "creator": fields.get("Creator", "").strip(),
        "sizes": sizes,
    }


def words(pdf, page: int) -> list[tuple[str, float, float, float, float]]:
    """(word, xMin, yMin, xMax, yMax) in mm of one page, from pdftotext -bbox."""
    out = _run("pdftotext", "-bbox", "-f", page, "-l", page, pdf, "-")
    return [
        (m.group(5), *(float(m.group(i)) * MM_PER_PT for i in range(1, 5)))
        for m in re.finditer(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', out
        )
    ]


def all_text(pdf) -> str:
    return _run("pdftotext", pdf, "-")


def images(pdf, first: int, last: int) -> list[str]:
    out = _run("pdfimages", "-list", "-f", first, "-l", last, pdf)
    return [line for line in out.splitlines()[2:] if line.strip()]


def fonts(pdf) -> list[str]:
    return _run("pdffonts", pdf).splitlines()[2:]


def grey_page(pdf, page: int, dpi: int, tmp: Path) -> tuple[int, int, bytes]:
    """One page rasterised by pdftoppm as 8-bit grey: (width, height, pixels row by row)."""
    stem = tmp / f"page{page}"
    _run("pdftoppm", "-r", dpi, "-gray", "-f", page, "-l", page, "-singlefile", pdf, stem)
    data = (stem.with_suffix(".pgm")).read_bytes()
    m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    w, h = int(m.group(1)), int(m.group(2))
    return w, h, data[m.end() : m.end() + w * h]
