"""`dambuster render --format pdf` through the installed command without a display, its PDFs read back
by poppler-utils: page counts and sizes, a measured hex and calibration bar, text not images, and one
line with exit status 2 for every bad input."""

import math
import statistics
from pathlib import Path

import pytest

pytest.importorskip("PySide6")  # the command draws with Qt (it runs in a subprocess here)

from pdf_tools import SAMPLES, all_text, dambuster, fonts, grey_page, images, info, needs_poppler, words

pytestmark = needs_poppler
A4 = (210.0, 297.0)
INCH = 25.4


def render(tmp_path: Path, sample, *args) -> Path:
    out = tmp_path / f"{Path(sample).stem}.pdf"
    r = dambuster("render", sample, "-o", out, *args)
    assert r.returncode == 0, r.stderr
    assert r.stderr.startswith(f"wrote {out}")
    return out


def expected_map_pages(map_w: float, map_h: float, page=A4, margin=10.0, overlap=10.0, bands=13.0) -> int:
    """Pages a map of map_w x map_h mm needs (and its assembly page when more than one), as docs/print.md
    says they are cut."""

    def count(length, window):
        return 1 if length <= window else math.ceil((length - overlap) / (window - overlap))

    best = None
    for w, h in (page, page[::-1]):
        n = count(map_w, w - 2 * margin) * count(map_h, h - 2 * margin - bands)
        best = n if best is None or n < best else best
    return best + (best > 1)


EVERY_SAMPLE = [
    ("ogre-basic.json", ()),
    ("dbm-table.json", ("--paper", "a3")),
    ("dbm-15mm-competition.json", ()),
    ("dbm-25mm-inches.json", ("--sheets", "maps")),
    ("sewer-flash-flood.json", ("--paper", "letter")),
    # 40,000 hexes on A2: about 7 s of work, past the default budget of 5 s
    ("big-200x200.json", ("--sheets", "maps", "--hex-size", "5mm", "--paper", "a2", "--budget", "0")),
]


def test_every_sample_is_printed_by_a_test():
    printed = {name for name, _ in EVERY_SAMPLE} | {"ogre-dambusters-valley.json"}  # the tests below
    assert printed == {p.name for p in SAMPLES.glob("*.json")}


@pytest.mark.parametrize("sample, args", EVERY_SAMPLE)
def test_every_sample_prints(tmp_path, sample, args):
    pdf = render(tmp_path, SAMPLES / sample, *args)
    got = info(pdf)
    assert got["pages"] >= 2 and got["creator"].startswith("dambuster")
    size = {"a3": (297.0, 420.0), "letter": (215.9, 279.4), "a2": (420.0, 594.0)}.get(
        dict(zip(args[::2], args[1::2])).get("--paper"), A4
    )
    for w, h in got["sizes"]:  # Qt writes the page box in whole points: within half a point
        assert sorted((w, h)) == pytest.approx(sorted(size), abs=0.2), (w, h)


def test_valley_page_count_size_and_metadata(tmp_path):
    pdf = render(tmp_path, SAMPLES / "ogre-dambusters-valley.json", "--sheets", "maps")
    got = info(pdf)
    # a flat-top map of 22 columns and 30 rows of 3/4" hexes (circumradius s = flats / sqrt 3):
    # 21 * 1.5 s + 2 s wide, 29.5 flats + 2 s high
    flats = 0.75 * INCH
    s = flats / math.sqrt(3)
    assert got["pages"] == expected_map_pages(33.5 * s, 29.5 * flats + 2 * s) == 7
    assert got["title"] == "Dambusters: the Aller valley"
    assert all(abs(w - 210) < 0.2 and abs(h - 297) < 0.3 for w, h in got["sizes"])


def test_the_map_is_vector_text_and_paths(tmp_path):
    pdf = render(tmp_path, SAMPLES / "ogre-dambusters-valley.json", "--sheets", "maps")
    assert fonts(pdf), "pdffonts lists the embedded fonts of the labels"
    found = {w[0] for w in words(pdf, 2)}
    assert {"0101", "0102", "0201", "A1"} <= found
    assert "1530" not in found  # a page holds its own part of the map, not all labels clipped
    assert images(pdf, 2, info(pdf)["pages"]) == []  # no map page is (or holds) an image


def _calibration_bar_px(w: int, h: int, px: bytes) -> int:
    """The longest run of black pixels in a row of the page's lower tenth: the calibration bar."""
    best = 0
    for y in range(int(h * 0.9), h):
        row, run = px[y * w : (y + 1) * w], 0
        for v in row:
            run = run + 1 if v < 60 else 0
            best = max(best, run)
    return best


def test_calibration_bar_measures_whole_hexes_within_one_percent(tmp_path):
    pdf = render(tmp_path, SAMPLES / "ogre-basic.json", "--sheets", "maps", "--hex-size", "5/8in")
    w, h, px = grey_page(pdf, 2, 300, tmp_path)
    length_mm = _calibration_bar_px(w, h, px) / 300 * INCH
    hexes = int(50 // (0.625 * INCH))  # as many whole hexes as fit in 50 mm
    assert length_mm == pytest.approx(hexes * 0.625 * INCH, rel=0.01)


def _edges(line: bytes) -> list[float]:
    """Centres of the dark runs (grid lines) along a line of grey pixels."""
    out, start = [], None
    for i, v in enumerate(line):
        if v < 200 and start is None:
            start = i
        elif v >= 200 and start is not None:
            out.append((start + i - 1) / 2)
            start = None
    return out


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_measured_on_the_rasterised_page_within_one_percent(tmp_path, orientation):
    """A blank map's hex grid scanned across the flats on a 300 dpi raster: the distance between
    opposite sides, averaged over several hexes, is the hex size asked for."""
    blank = tmp_path / "blank.json"
    made = dambuster("new", "hex", "--columns", "6", "--rows", "7", "--orientation", orientation, "-o", blank)
    assert made.returncode == 0, made.stderr
    flats = 22.0
    pdf = render(tmp_path, blank, "--sheets", "maps", "--hex-size", f"{flats}mm")
    assert info(pdf)["pages"] == 1  # the map fits on one page: no assembly page
    dpi = 300
    w, h, px = grey_page(pdf, 1, dpi, tmp_path)
    label = next(x for x in words(pdf, 1) if x[0] == "0202")
    cx = (label[1] + label[3]) / 2  # the label is centred over its hex
    s = flats / math.sqrt(3)
    if orientation == "flat":  # flats above and below: scan down a column near the hex's centre line
        x = round((cx + 0.4 * s) / INCH * dpi)
        line = bytes(px[y * w + x] for y in range(h))
    else:  # flats left and right: scan along a row just below the hex's centre
        cy = (label[2] + label[4]) / 2 + 0.71 * s  # the label sits 0.71 radii above the centre
        y = round((cy + 0.4 * s) / INCH * dpi)
        line = px[y * w : (y + 1) * w]
    edges = _edges(line)
    gaps = [b - a for a, b in zip(edges, edges[1:])]
    hex_gap = statistics.median(gaps)
    run = [g for g in gaps if abs(g - hex_gap) < 0.1 * hex_gap]
    assert len(run) >= 4
    measured_mm = sum(run) / len(run) / dpi * INCH
    assert measured_mm == pytest.approx(flats, rel=0.01)


def test_labels_40mm_apart_down_a_column_of_40mm_hexes(tmp_path):
    """Hex labels of one column, read back as text positions: one hex across the flats apart."""
    pdf = render(tmp_path, SAMPLES / "ogre-basic.json", "--sheets", "maps", "--hex-size", "4cm")
    found = {x[0]: x for x in words(pdf, 2)}
    assert found["0102"][2] - found["0101"][2] == pytest.approx(40.0, rel=0.01)


def test_layers_and_player_view(tmp_path):
    pdf = render(
        tmp_path,
        SAMPLES / "ogre-dambusters-valley.json",
        "--sheets",
        "maps",
        "--layers",
        "terrain,rivers,dams",
    )
    assert "0101" not in {x[0] for x in words(pdf, 2)}  # the hex labels layer was not asked for
    assert "SP 60-12" in all_text(pdf)  # the designer's view: the dam's SP and damage
    pdf = render(
        tmp_path,
        SAMPLES / "ogre-dambusters-valley.json",
        "--sheets",
        "maps",
        "--player-view",
        "combine",
        "--force",
    )
    assert info(pdf)["pages"] == 7
    text = all_text(pdf)  # the dam's SP is the Paneuropeans' secret: the Combine sees the placeholder
    assert "SP 50" in text and "SP 60-12" not in text


@pytest.mark.parametrize(
    "args, says",
    [
        (("--hex-size", "48px"), "physical size"),
        (("--layers", "terrain,nope"), "no layer 'nope'"),
        (("--player-view", "martians"), "no side 'martians'"),
        (("--paper", "50x50mm"), "too little for an overlap"),
        (("--hex-size", "1000mm", "--sheets", "maps"), "more than 2,000"),
    ],
)
def test_bad_arguments_one_line_exit_2_nothing_written(tmp_path, args, says):
    out = tmp_path / "out.pdf"
    r = dambuster("render", SAMPLES / "ogre-dambusters-valley.json", "-o", out, *args)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and says in r.stderr and "Traceback" not in r.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_bad_files_and_existing_output(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "dambuster-scenario", ')
    out = tmp_path / "out.pdf"
    r = dambuster("render", broken, "-o", out)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "broken.json: line 1 column" in r.stderr and "(JSON)" in r.stderr and not out.exists()
    r = dambuster("render", SAMPLES / "dbm-table.json", "-o", out, "--sheets", "counters")
    assert (
        r.returncode == 2
        and "nothing to print: this scenario has no counters" in r.stderr
        and not out.exists()
    )
    out.write_bytes(b"keep me")
    r = dambuster("render", SAMPLES / "ogre-basic.json", "-o", out)
    assert r.returncode == 2 and "exists; use --force" in r.stderr and out.read_bytes() == b"keep me"
    r = dambuster("render", SAMPLES / "ogre-basic.json", "-o", out, "--force", "--sheets", "maps")
    assert r.returncode == 0 and out.read_bytes().startswith(b"%PDF")


@needs_poppler
def test_orientation_and_duplex_flip_are_the_users_choice(tmp_path):
    sample = SAMPLES / "ogre-basic.json"
    for folder in ("portrait", "landscape", "long", "short"):
        (tmp_path / folder).mkdir()
    for orientation, (w, h) in (("portrait", (210, 297)), ("landscape", (297, 210))):
        got = info(render(tmp_path / orientation, sample, "--orientation", orientation))
        assert all(abs(pw - w) < 0.3 and abs(ph - h) < 0.3 for pw, ph in got["sizes"]), orientation
    pages = {}
    for flip in ("long", "short"):
        pdf = render(
            tmp_path / flip,
            sample,
            "--sheets",
            "counters",
            "--orientation",
            "portrait",
            "--duplex-flip",
            flip,
        )
        pages[flip] = [grey_page(pdf, n, 30, tmp_path / flip) for n in (1, 2)]
    assert pages["long"][0] == pages["short"][0]  # the fronts are the same
    assert pages["long"][1] != pages["short"][1]  # the backs are mirrored for the other edge
