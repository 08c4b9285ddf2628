"""Fixtures of the web player's tests (helpers in chromium_driver.py). The browser tests skip when
Chromium or the npm packages are missing (scripts/setup.sh installs both)."""

from __future__ import annotations

from pathlib import Path

import pytest
from chromium_driver import SEWER, VALLEY, dambuster, missing


@pytest.fixture(scope="session")
def browser_ready():
    why = missing()
    if why:
        pytest.skip(why)


@pytest.fixture(scope="session")
def pages(tmp_path_factory, browser_ready) -> dict[str, Path]:
    """The web player of the valley and of the sewer, written by `dambuster render -o X.html`."""
    out = tmp_path_factory.mktemp("web")
    made = {}
    for name, scenario in (("valley", VALLEY), ("sewer", SEWER)):
        made[name] = out / f"{name}.html"
        done = dambuster("render", str(scenario), "-o", str(made[name]))
        assert done.returncode == 0, done.stderr
    return made
