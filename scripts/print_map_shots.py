"""Screenshots of the printed map for the README and docs/print.md: page A1 and the assembly page of
the Aller valley at 3/4" hexes on A4, rasterised from the real PDF by pdftoppm (poppler), and the
File > Print to PDF… dialog with its preview.
Usage: python scripts/print_map_shots.py [--out DIR]   (under xvfb-run with QT_QPA_PLATFORM=xcb for the
desktop's look; offscreen works too)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VALLEY = ROOT / "samples/ogre-dambusters-valley.json"
DPI = 80


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs/screenshots"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "valley.pdf"
        dambuster = Path(sys.executable).with_name("dambuster")
        subprocess.run(
            [str(dambuster), "render", str(VALLEY), "-o", str(pdf), "--sheets", "maps"], check=True
        )
        for page, name in ((1, "print-assembly"), (2, "print-map-page")):
            subprocess.run(
                [
                    "pdftoppm",
                    "-r",
                    str(DPI),
                    "-f",
                    str(page),
                    "-l",
                    str(page),
                    "-singlefile",
                    "-png",
                    str(pdf),
                    str(out / name),
                ],
                check=True,
            )

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from dambuster.editor.mainwindow import MainWindow
    from dambuster.editor.printing.print_dialog import PrintDialog

    with tempfile.TemporaryDirectory() as tmp:
        window = MainWindow(settings=QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
        window.files.open_path(VALLEY)
        dialog = PrintDialog(window)
        dialog.resize(1100, 720)
        dialog.show()
        app.processEvents()
        dialog.grab().save(str(out / "print-dialog.png"))
        dialog.close()
        window.close()
    print(f"wrote {out}/print-assembly.png, print-map-page.png, print-dialog.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
