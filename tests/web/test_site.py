"""`dambuster site DIR -o SITE/`: the gallery of a collection, read in Chromium: every map with its
verdict, the filters and the search, a player page per readable map with its findings and its file."""

from __future__ import annotations

import shutil

import pytest
from chromium_driver import ROOT, SEWER, VALLEY, dambuster, drive

pytestmark = pytest.mark.slow  # each test starts Chromium (seconds)


@pytest.fixture(scope="module")
def site(tmp_path_factory, browser_ready):
    maps = tmp_path_factory.mktemp("maps")
    shutil.copy(VALLEY, maps / "valley.json")
    (maps / "tables").mkdir()
    shutil.copy(SEWER, maps / "tables" / "sewer <b>flood&amp;.json")  # a stranger's file name
    shutil.copy(
        ROOT / "samples" / "scale-errors" / "wood-1040-paces-15mm-mm.json", maps / "tables" / "wood.json"
    )
    (maps / "broken.json").write_text('{"format_version": ', encoding="utf-8")
    out = tmp_path_factory.mktemp("out") / "site"
    done = dambuster("site", str(maps), "-o", str(out), "--jobs", "2")
    assert done.returncode == 0, done.stderr
    return out


def test_the_index_lists_every_map_with_its_verdict(site):
    assert sorted(p.name for p in (site / "maps").glob("*.html")) == [
        "tables-sewer-b-flood-amp.html",
        "tables-wood.html",
        "valley.html",
    ]
    seen = drive(
        site / "index.html",
        [
            {"do": "text", "selector": "#cards"},
            {"do": "fill", "selector": "#search", "value": "aller"},
            {"do": "fill", "selector": "#search", "value": ""},
            {"do": "select", "selector": "#verdict", "value": "not valid"},
            {"do": "select", "selector": "#kind", "value": "table"},
            {"do": "axe"},
        ],
        viewport=(390, 844),
        ready="#cards",
    )
    assert seen["errors"] == [] and seen["network"] == []
    cards, search, _, invalid, tables, axe = seen["results"]
    assert "Dambusters: the Aller valley" in cards and "broken.json" in cards and "unreadable" in cards
    assert search == {"shown": "1", "visible": ["Dambusters: the Aller valley"]}
    assert (
        invalid["shown"] == "1" and "wood" in invalid["visible"][0]
    )  # readable, but too large for its table
    assert tables["shown"] == "1"
    assert [v for v in axe if v["impact"] in ("serious", "critical")] == []


def test_a_maps_page_is_the_player_with_its_findings_and_its_file(site):
    seen = drive(
        site / "maps" / "tables-wood.html",
        [{"do": "text", "selector": "#verdict"}, {"do": "text", "selector": "#findings-list"}],
    )
    assert seen["errors"] == [] and seen["network"] == []
    verdict, findings = seen["results"]
    assert verdict == "Not valid: the validator reports errors."
    assert "error" in findings
    assert (site / "maps" / "tables-wood.json").read_bytes() == (
        ROOT / "samples" / "scale-errors" / "wood-1040-paces-15mm-mm.json"
    ).read_bytes()
    valley = drive(site / "maps" / "valley.html", [{"do": "seeded", "dam": "dam-aller", "seed": 3}])
    assert valley["results"][0]["status"] == "Turn 8 of 8 (the end)."


def test_an_existing_site_is_kept_without_force(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    (out / "mine.txt").write_text("mine", encoding="utf-8")
    done = dambuster("site", str(ROOT / "samples"), "-o", str(out))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert (out / "mine.txt").read_text(encoding="utf-8") == "mine"
    assert dambuster("site", str(ROOT / "samples"), "-o", str(out), "--force").returncode == 0
    assert not (out / "mine.txt").exists() and (out / "index.html").is_file()


def test_test_corpora_are_skipped_as_validate_skips_them_unless_named(tmp_path):
    whole, named = tmp_path / "whole", tmp_path / "named"
    done = dambuster("site", str(ROOT / "samples"), "-o", str(whole), "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert "skipped" in done.stderr and "samples/invalid" in done.stderr
    pages = sorted(p.name for p in (whole / "maps").glob("*.html"))
    assert "ogre-dambusters-valley.html" in pages
    assert not any(name.startswith(("invalid", "scale-errors")) for name in pages)
    assert ".expected" not in (whole / "index.html").read_text(encoding="utf-8")
    done = dambuster("site", str(ROOT / "samples" / "invalid"), "-o", str(named), "--jobs", "1")
    assert done.returncode == 0, done.stderr
    index = (named / "index.html").read_text(encoding="utf-8")
    assert "bad-date.json" in index and ".expected" not in index  # the maps, never their reports


def test_at_phone_width_labels_stay_with_their_boxes_and_no_match_is_said(site):
    seen = drive(
        site / "index.html",
        [
            {"do": "gallery-layout"},
            {"do": "fill", "selector": "#search", "value": "no such map zzz"},
            {"do": "gallery-layout"},
        ],
        viewport=(390, 844),
        ready="#cards",
    )
    assert seen["errors"] == []
    before, search, after = seen["results"]
    assert all(p["sameLine"] and p["before"] for p in before["pairs"]), before["pairs"]
    assert before["noMatch"] is None
    assert search["shown"] == "0"
    assert after["noMatch"] == "No map matches the search and the filters."
