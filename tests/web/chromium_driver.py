"""Helpers of the web player's tests: the real command line, and Debian's Chromium driven by
playwright-core (tests/web/drive.mjs); `missing()` says why the browser tests cannot run, or None."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CHROMIUM = Path("/usr/bin/chromium")
VALLEY = ROOT / "samples" / "ogre-dambusters-valley.json"
SEWER = ROOT / "samples" / "sewer-flash-flood.json"


def missing() -> str | None:
    if not CHROMIUM.exists():
        return "Chromium is not installed (apt-get install chromium; scripts/setup.sh)"
    if shutil.which("node") is None:
        return "node is not installed"
    if not (HERE / "node_modules" / "playwright-core").is_dir():
        return "tests/web/node_modules is missing (npm ci in tests/web; scripts/setup.sh)"
    return None


def dambuster(*args: str) -> subprocess.CompletedProcess:
    """The real command line."""
    return subprocess.run(
        [sys.executable, "-m", "dambuster", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def drive(page: Path, actions: list[dict], viewport=(1280, 800), ready: str | None = None) -> dict:
    """What the browser saw (tests/web/drive.mjs): network requests tried, errors, one result per action.
    ``ready``: the CSS selector that says the page is ready (default: the player's)."""
    job = {"page": str(page), "viewport": list(viewport), "actions": actions}
    if ready:
        job["ready"] = ready
    done = subprocess.run(
        ["node", str(HERE / "drive.mjs"), json.dumps(job)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
