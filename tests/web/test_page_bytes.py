"""The web player's page as bytes (no browser needed): one self-contained file under 1 MB that names
no network address, with the scenario embedded as escaped JSON and the engine of conformance/js inside."""

from __future__ import annotations

import json
import re

from chromium_driver import ROOT, VALLEY, dambuster

from dambuster.interop.web.bundle import MODULES
from dambuster.interop.web.page import embedded_json


def test_the_valleys_page_is_one_small_self_contained_file(tmp_path):
    out = tmp_path / "valley.html"
    done = dambuster("render", str(VALLEY), "--format", "html", "-o", str(out))
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    assert len(page.encode("utf-8")) < 1_000_000
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)  # nothing fetched from anywhere
    assert "connect-src" not in page and "default-src 'none'" in page  # the page's policy forbids the network
    data = re.search(r'<script type="application/json" id="scenario">(.*?)</script>', page, re.S).group(1)
    embedded, original = json.loads(data), json.loads(VALLEY.read_text(encoding="utf-8"))
    assert embedded["meta"] == original["meta"] and embedded["map"]["terrain"] == original["map"]["terrain"]
    for module in MODULES:  # the engine, inlined from conformance/js
        first_export = re.search(
            r"^export (?:class|function|const) (\w+)",
            (ROOT / "conformance" / "js" / module).read_text(encoding="utf-8"),
            re.M,
        )
        assert first_export and first_export.group(1) in page


def test_embedded_json_cannot_end_its_element():
    text = embedded_json({"t": "</script><!-- & \u2028\u2029 >"})
    assert not set("<>&\u2028\u2029") & set(text)
    assert json.loads(text) == {"t": "</script><!-- & \u2028\u2029 >"}


def test_a_player_view_page_holds_only_what_that_side_may_see(tmp_path):
    whole, combine = tmp_path / "whole.html", tmp_path / "combine.html"
    assert dambuster("render", str(VALLEY), "-o", str(whole)).returncode == 0
    done = dambuster("render", str(VALLEY), "-o", str(combine), "--player-view", "combine")
    assert done.returncode == 0, done.stderr
    assert '"mine-1"' in whole.read_text(encoding="utf-8")  # the defender's hidden mine
    assert '"mine-1"' not in combine.read_text(encoding="utf-8")


def test_image_options_are_refused_for_a_page_in_one_line(tmp_path):
    out = tmp_path / "page.html"
    done = dambuster("render", str(VALLEY), "-o", str(out), "--zoom", "2")
    assert done.returncode == 2 and not out.exists()
    assert done.stderr == "dambuster render: --zoom: not for --format html (the page zooms in the browser)\n"
