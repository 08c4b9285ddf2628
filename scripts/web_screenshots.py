#!/usr/bin/env python3
"""The web player's screenshots in docs/screenshots/ (README, docs/web.md), taken by Debian's headless
Chromium through tests/web/drive.mjs: the valley at phone size (390 x 844) and desktop size, stepped to
a turn of the breach, the Monte Carlo heat map, the sewer's flash flood and a gallery's index.

    .venv/bin/python scripts/web_screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PHONE, DESKTOP = (390, 844), (1280, 800)


def shoot(page: Path, actions: list[dict], viewport, ready: str | None = None) -> None:
    job = {
        "page": str(page),
        "viewport": list(viewport),
        "actions": actions,
        **({"ready": ready} if ready else {}),
    }
    out = subprocess.run(
        ["node", str(ROOT / "tests/web/drive.mjs"), json.dumps(job)], capture_output=True, text=True
    )
    seen = json.loads(out.stdout)
    if seen["errors"]:
        raise SystemExit(seen["errors"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    out = Path(ap.parse_args().out)
    dam = "dam-aller"
    to_turn_2 = [{"do": "seeded", "dam": dam, "seed": 3}] + [{"do": "step", "button": "step-back"}] * 6
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        run = lambda *a: subprocess.run([sys.executable, "-m", "dambuster", *a], check=True, cwd=ROOT)  # noqa: E731
        valley, sewer = tmp / "valley.html", tmp / "sewer.html"
        run("render", "samples/ogre-dambusters-valley.json", "-o", str(valley))
        run("render", "samples/sewer-flash-flood.json", "-o", str(sewer))
        run("site", "samples", "-o", str(tmp / "site"))
        shoot(valley, [*to_turn_2, {"do": "screenshot", "path": str(out / "web-phone-breach.png")}], PHONE)
        shoot(
            valley,
            [*to_turn_2, {"do": "screenshot", "path": str(out / "web-phone-page.png"), "full": True}],
            PHONE,
        )
        shoot(
            valley, [*to_turn_2, {"do": "screenshot", "path": str(out / "web-desktop-breach.png")}], DESKTOP
        )
        shoot(
            valley,
            [
                {"do": "montecarlo", "runs": 10000},
                {"do": "screenshot", "path": str(out / "web-montecarlo.png")},
            ],
            DESKTOP,
        )
        shoot(
            sewer,
            [{"do": "flood", "seed": 1}, {"do": "screenshot", "path": str(out / "web-sewer.png")}],
            DESKTOP,
        )
        shoot(
            tmp / "site" / "index.html",
            [{"do": "screenshot", "path": str(out / "web-gallery.png")}],
            DESKTOP,
            "#cards",
        )


if __name__ == "__main__":
    main()
