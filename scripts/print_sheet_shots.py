"""Screenshots of printed sheets for the README, rasterised from the real PDF by pdftoppm (poppler):
docs/screenshots/print-counters.png (the basic Ogre scenario's counters, the top of a front page
above the top of its back) and docs/screenshots/print-overlays.png (the Aller valley's breach overlays,
the whole page). Usage: QT_QPA_PLATFORM=offscreen python scripts/print_sheet_shots.py [--out DIR]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DPI = 150


def rasterise(pdf: Path, page: int, height_mm: float, out: Path, dpi: int = DPI) -> Path:
    """The top ``height_mm`` of a page of ``pdf`` as a PNG."""
    h = round(height_mm * dpi / 25.4)
    stem = out.with_suffix("")
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(dpi),
            "-f",
            str(page),
            "-l",
            str(page),
            "-y",
            "0",
            "-H",
            str(h),
            "-W",
            str(round(210 * dpi / 25.4)),
            "-singlefile",
            "-png",
            str(pdf),
            str(stem),
        ],
        check=True,
    )
    return stem.with_suffix(".png")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs/screenshots"))
    args = parser.parse_args(argv)
    from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (kept alive)
    from dambuster.editor.printing import counters, overlays
    from dambuster.editor.printing.sheet import PrintSettings
    from dambuster.editor.printing.writer import write_pdf
    from dambuster.model import load
    from dambuster.model.paper import HEX_PRESETS, PAPER_SIZES

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    settings = PrintSettings(HEX_PRESETS["3/4in"], PAPER_SIZES["a4"])

    basic = load(ROOT / "samples/ogre-basic.json")
    pdf = tmp / "counters.pdf"
    write_pdf(pdf, [counters.sheet_for(basic, settings)], settings)
    front, back = (QImage(str(rasterise(pdf, p, 62, tmp / f"c{p}.png"))) for p in (1, 2))
    both = QImage(front.width(), front.height() * 2 + 12, QImage.Format.Format_RGB32)
    both.fill(QColor("#d0d0d0"))
    painter = QPainter(both)
    painter.drawImage(0, 0, front)
    painter.drawImage(0, front.height() + 12, back)
    painter.end()
    both.save(str(out / "print-counters.png"))

    valley = load(ROOT / "samples/ogre-dambusters-valley.json")
    pdf = tmp / "overlays.pdf"
    write_pdf(pdf, [overlays.sheet_for(valley, settings)], settings)
    QImage(str(rasterise(pdf, 1, 297, tmp / "o.png", dpi=110))).save(str(out / "print-overlays.png"))
    for name in ("print-counters.png", "print-overlays.png"):
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
