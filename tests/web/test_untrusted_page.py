"""A stranger's map cannot write into the web player's page: every string of the scenario is data in an
escaped JSON element, and the page shows it as text (checked in Chromium and in the page's bytes)."""

from __future__ import annotations

import json
import re

import pytest
from chromium_driver import VALLEY, dambuster, drive

pytestmark = pytest.mark.slow  # each test starts Chromium (seconds)

HOSTILE = '</script><script>document.title="owned"</script><img src=x onerror=alert(1)>&amp;\u2028\u2029<!--'


def _hostile_scenario(tmp_path):
    doc = json.loads(VALLEY.read_text(encoding="utf-8"))
    doc["meta"]["title"] = HOSTILE
    doc["meta"]["author"] = HOSTILE
    doc["meta"]["description"] = HOSTILE
    doc["sides"][0]["name"] = HOSTILE
    doc["units"][0]["name"] = HOSTILE
    doc["map"]["towns"][0]["name"] = HOSTILE
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_hostile_strings_stay_text_in_the_page(tmp_path, browser_ready):
    page = tmp_path / "hostile.html"
    done = dambuster("render", str(_hostile_scenario(tmp_path)), "-o", str(page))
    assert done.returncode == 0, done.stderr
    html = page.read_text(encoding="utf-8")
    assert (
        html.count("<script") == 5
    )  # the scenario, the gallery's facts, the engine, the worker's source, the page's script
    data = re.search(r'<script type="application/json" id="scenario">(.*?)</script>', html, re.S).group(1)
    assert "<" not in data and ">" not in data and "&" not in data and "\u2028" not in data
    assert json.loads(data)["meta"]["title"] == HOSTILE
    seen = drive(
        page,
        [
            {"do": "text", "selector": "#title"},
            {"do": "text", "selector": "#byline"},
            {"do": "seeded", "dam": "dam-aller", "seed": 2},
        ],
    )
    assert seen["errors"] == [] and seen["network"] == []
    # the tab's title is the title as text, with the line separators made visible (dambuster.model.escape.text_line)
    assert seen["title"] == HOSTILE.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    assert seen["results"][0] == HOSTILE
    assert seen["results"][1] == f"by {HOSTILE}"
    assert seen["results"][2]["status"].endswith("(the end).")


def test_a_broken_file_gets_one_line_and_no_page(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format_version": "1.0", "map": ', encoding="utf-8")
    out = tmp_path / "bad.html"
    done = dambuster("render", str(bad), "-o", str(out))
    assert done.returncode == 2 and not out.exists()
    assert done.stderr.count("\n") == 1 and "bad.json" in done.stderr and "Traceback" not in done.stderr


def test_an_existing_page_is_kept_without_force(tmp_path):
    out = tmp_path / "page.html"
    out.write_text("mine", encoding="utf-8")
    done = dambuster("render", str(VALLEY), "-o", str(out))
    assert done.returncode == 2 and out.read_text(encoding="utf-8") == "mine"
    assert dambuster("render", str(VALLEY), "-o", str(out), "--force").returncode == 0
    assert out.read_text(encoding="utf-8").startswith("<!doctype html>")
