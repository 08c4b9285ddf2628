"""The web player on a phone (390 x 844, headless Chromium): the map stays in sight with the status, the
buttons and the newest line after Forward; a tapped line's outline is brought into the map's view even
after the map was dragged away; the whole-map button undoes any pan; the hint fades after first use."""

from __future__ import annotations

import pytest
from chromium_driver import drive

pytestmark = pytest.mark.slow  # each test starts Chromium (seconds)


def test_on_a_phone_the_map_the_status_and_the_newest_line_are_seen_together(pages):
    seen = drive(pages["valley"], [{"do": "phone", "seed": 3, "forward": 3}], viewport=(390, 844))
    assert seen["errors"] == []
    got = seen["results"][0]
    assert got["afterForward"] == {"map": True, "status": True, "newest": True, "forward": True}
    assert got["tapped"] == {"map": True, "outline": True}
    assert got["hint"]["opacity"] != "1" or got["hint"]["hidden"]  # fading after the first drag
    assert got["hintLater"] is True
    assert got["transform"] == "translate(0px, 0px) scale(1)"
