"""Proof with the real Tiled: our stagger convention is the one Tiled draws, our maps survive Tiled's own
TMX and JSON writers, and a map Tiled wrote imports. Skips where Tiled is not installed (scripts/setup.sh
installs Debian's `tiled` package)."""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
from strategies import rich_hex_scenario

from dambuster.interop.hexpixels import HexPixels
from dambuster.interop.tiled.export import TERRAIN_COLOURS, export_tiled, tileset_png
from dambuster.interop.tiled.importer import import_file
from dambuster.model.factory import new_hex_scenario
from dambuster.model.hexgrid import Layout
from dambuster.model.io import load
from dambuster.model.scenario import HexMap
from dambuster.model.terrain import TERRAIN_KINDS, Terrain

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
TILED = shutil.which("tiled")
RASTERIZER = shutil.which("tmxrasterizer")
pytestmark = pytest.mark.skipif(
    TILED is None, reason="Tiled is not installed (scripts/setup.sh runs apt-get install tiled)"
)


def tiled(tmp_path: Path, *args) -> None:
    """Runs a Tiled program headless, with its settings kept out of the user's home."""
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        HOME=str(tmp_path),
        XDG_RUNTIME_DIR=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    r = subprocess.run([*map(str, args)], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr


def through_tiled(tmp_path: Path, tmj: Path) -> tuple[Path, Path]:
    """Our TMJ -> Tiled's TMX -> Tiled's TMJ."""
    tmx, back = tmj.with_name(tmj.stem + "-tiled.tmx"), tmj.with_name(tmj.stem + "-tiled.tmj")
    tiled(tmp_path, TILED, "--export-map", "tmx", tmj, tmx)
    tiled(tmp_path, TILED, "--export-map", "json", tmx, back)
    return tmx, back


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Decodes an 8-bit RGB or RGBA PNG into rows of RGBA bytes (enough for tmxrasterizer's output)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6)
        elif kind == b"IDAT":
            idat += body
    bpp = 4 if ctype == 6 else 3
    raw, stride, rows, prev, i = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp), 0
    for _ in range(height):
        f, line = raw[i], bytearray(raw[i + 1 : i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(
            bytes(line) if bpp == 4 else b"".join(line[j : j + 3] + b"\xff" for j in range(0, stride, 3))
        )
        prev = line
    return width, height, rows


def pattern_scenario(orientation: str, offset: str):
    s = new_hex_scenario(5, 4, orientation, offset)
    L = s.map.layout
    for h in L.hexes():
        col, row = L.to_offset(h)
        s.map.terrain[h] = TERRAIN_KINDS[(col + 3 * row) % len(TERRAIN_KINDS)]
    return s


def colours_at_centres(tmp_path: Path, tmj: Path, layout: Layout) -> dict:
    png = tmj.with_suffix(".png")
    tiled(tmp_path, RASTERIZER, "--show-layer", "terrain", tmj, png)
    _, _, rows = read_png(png.read_bytes())
    px = HexPixels.default(layout)
    out = {}
    for h in layout.hexes():
        x, y = (int(v) for v in px.centre(h))
        out[h] = tuple(rows[y][4 * x : 4 * x + 3])
    return out


@pytest.mark.skipif(
    RASTERIZER is None, reason="tmxrasterizer (part of Debian's tiled package) is not installed"
)
@pytest.mark.parametrize(
    "orientation, offset", [("flat", "odd-q"), ("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")]
)
def test_tiled_draws_every_hex_where_our_layout_puts_it(tmp_path, orientation, offset):
    """Each hex's terrain colour is what Tiled paints at the centre we compute, so staggeraxis and
    staggerindex mean what we write; flipping staggerindex breaks it (the check has teeth)."""
    s = pattern_scenario(orientation, offset)
    tmj = tmp_path / f"{offset}.tmj"
    export_tiled(s, tmj)
    seen = colours_at_centres(tmp_path, tmj, s.map.layout)
    assert seen == {h: TERRAIN_COLOURS[s.map.terrain[h]] for h in s.map.layout.hexes()}

    doc = json.loads(tmj.read_text())
    doc["staggerindex"] = "even" if doc["staggerindex"] == "odd" else "odd"
    tmj.write_text(json.dumps(doc))
    wrong = colours_at_centres(tmp_path, tmj, s.map.layout)
    L = s.map.layout
    parity = 1 if offset.startswith("odd") else 0
    shoved = [h for h in L.hexes() if L.to_offset(h)[0 if orientation == "flat" else 1] % 2 == parity]
    assert shoved and all(wrong[h] != TERRAIN_COLOURS[s.map.terrain[h]] for h in shoved)


HEX_SAMPLES = sorted(
    p for p in (ROOT / "samples").glob("*.json") if json.loads(p.read_text())["map"]["kind"] == "hex"
)


@pytest.mark.parametrize("sample", HEX_SAMPLES, ids=lambda p: p.stem)
def test_every_hex_sample_survives_tiled_tmx_and_json(tmp_path, sample):
    scenario = load(sample)
    tmj = tmp_path / f"{sample.stem}.tmj"
    export_tiled(scenario, tmj)
    tmx, back = through_tiled(tmp_path, tmj)
    assert 'orientation="hexagonal"' in tmx.read_text()
    for path in (tmx, back):
        result = import_file(path)
        assert result.warnings == []
        assert result.scenario.map.terrain == scenario.map.terrain
        assert result.scenario.map == scenario.map
        assert result.scenario.units == scenario.units
        assert result.scenario == scenario


TABLE_SAMPLES = sorted(
    p for p in (ROOT / "samples").glob("*.json") if json.loads(p.read_text())["map"]["kind"] == "table"
)


@pytest.mark.parametrize("sample", TABLE_SAMPLES, ids=lambda p: p.stem)
def test_a_table_resaved_by_tiled_as_tmx_diffs_equal(tmp_path, sample):
    """Tiled's TMX writer keeps six significant digits: export-tiled writes coordinates that way, so
    Tiled's save changes none (86.319 inches is 2762.21 pixels in both) and `dambuster diff` sees no change."""
    ours = tmp_path / f"{sample.stem}.tmx"
    r = subprocess.run([DAMBUSTER, "export-tiled", sample, "-o", ours], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    tmx, tmj = tmp_path / "tiled.tmx", tmp_path / "tiled.tmj"
    tiled(tmp_path, TILED, "--export-map", "tmx", ours, tmx)
    tiled(tmp_path, TILED, "--export-map", "json", tmx, tmj)
    assert re.findall(r'points="[^"]*"', tmx.read_text()) == re.findall(r'points="[^"]*"', ours.read_text())
    for resaved in (tmx, tmj):
        back = tmp_path / f"{resaved.suffix[1:]}.json"
        r = subprocess.run([DAMBUSTER, "import-tiled", resaved, "-o", back], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        r = subprocess.run([DAMBUSTER, "diff", sample, back], capture_output=True, text=True)
        assert (r.returncode, r.stdout, r.stderr) == (0, "", "")


def relaid(scenario, layout: Layout):
    """The same scenario (same axial hexes) on a map of another layout."""
    terrain = Terrain(layout)
    for h in scenario.map.layout.hexes():
        terrain[h] = scenario.map.terrain[h]
    m = replace(
        scenario.map,
        orientation=layout.orientation,
        offset=layout.offset,
        columns=layout.columns,
        rows=layout.rows,
        terrain=terrain,
    )
    return replace(scenario, map=m)


def test_a_pointy_map_with_every_feature_survives_tiled(tmp_path):
    scenario = relaid(rich_hex_scenario(), Layout("pointy", "even-r", 10, 8))
    assert isinstance(scenario.map, HexMap)
    tmj = tmp_path / "rich.tmj"
    export_tiled(scenario, tmj)
    _, back = through_tiled(tmp_path, tmj)
    assert import_file(back).scenario == scenario


HAND_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" renderorder="right-down" width="4" height="3" tilewidth="28"
     tileheight="32" infinite="0" hexsidelength="16" staggeraxis="y" staggerindex="even" nextlayerid="3" nextobjectid="4">
 <tileset firstgid="1" name="ground" tilewidth="28" tileheight="32" tilecount="10" columns="10">
  <image source="ground.png" width="280" height="32"/>
  <tile id="0"><properties><property name="terrain" value="clear"/></properties></tile>
  <tile id="1"><properties><property name="terrain" value="forest"/></properties></tile>
  <tile id="3"><properties><property name="terrain" value="water"/></properties></tile>
 </tileset>
 <layer id="1" name="terrain" width="4" height="3">
  <data encoding="csv">
1,1,2,4,
1,2,2,4,
1,1,1,4
</data>
 </layer>
 <objectgroup id="2" name="pieces">
  <object id="1" name="Rommel" type="unit" x="42" y="40">
   <properties>
    <property name="id" value="rommel"/>
    <property name="side" value="grey"/>
    <property name="unit_type" value="infantry"/>
    <property name="squads" type="int" value="2"/>
   </properties>
   <point/>
  </object>
  <object id="2" name="Old road" type="road" x="28" y="16">
   <properties><property name="id" value="old-road"/></properties>
   <polyline points="0,0 28,0 14,24"/>
  </object>
  <object id="3" name="Ford" type="revetment" x="56" y="24" width="28" height="32">
   <properties><property name="id" value="rev-1"/><property name="size" value="large"/></properties>
  </object>
 </objectgroup>
</map>
"""


def test_a_map_tiled_wrote_imports_as_tiled_shows_it(tmp_path):
    """A pointy even-stagger map written by hand, resaved by Tiled as JSON: terrain and objects land on
    the hexes Tiled draws them on."""
    (tmp_path / "ground.png").write_bytes(tileset_png(Layout("pointy", "even-r", 1, 1)))
    tmx = tmp_path / "hand.tmx"
    tmx.write_text(HAND_TMX)
    tmj = tmp_path / "hand.tmj"
    tiled(tmp_path, TILED, "--export-map", "json", tmx, tmj)
    from_json, from_xml = import_file(tmj).scenario, import_file(tmx).scenario
    assert from_json == from_xml
    s = from_json
    L = s.map.layout
    assert (L.orientation, L.offset, L.columns, L.rows) == ("pointy", "even-r", 4, 3)
    assert s.map.terrain.to_rows() == ["ccfw", "cffw", "cccw"]
    (unit,) = s.units
    # row 1 is odd, so with staggerindex "even" it is not shoved: (42, 40) is the second hex of row 1
    assert (unit.id, unit.type, unit.squads, L.label(unit.hex)) == ("rommel", "infantry", 2, "0202")
    (road,) = s.map.roads
    assert [L.label(h) for h in road.hexes] == ["0101", "0201", "0202"]
    (rev,) = s.map.markers.revetments
    assert (rev.size, L.label(rev.hex)) == ("large", "0302")  # a rectangle counts by its centre
    if RASTERIZER:  # and Tiled paints the terrain we read at the centres we compute
        drawn = colours_at_centres(tmp_path, tmj, L)
        assert drawn == {h: TERRAIN_COLOURS[s.map.terrain[h]] for h in L.hexes()}


def test_a_map_of_the_previous_version_resaved_by_tiled_as_tmx_still_imports(tmp_path):
    """Maps exported before the dambuster: names, then saved as TMX in Tiled, keep importing."""
    old = ROOT / "tests" / "tiled" / "rich-before-namespace.tmj"
    for name in (old.name, "rich-before-namespace-terrain.png"):
        shutil.copy(old.with_name(name), tmp_path / name)
    tmx = tmp_path / "old.tmx"
    tiled(tmp_path, TILED, "--export-map", "tmx", tmp_path / old.name, tmx)
    assert '<property name="id" value="moehne"/>' in tmx.read_text()
    assert import_file(tmx).scenario == as_exported_then(rich_hex_scenario())


def as_exported_then(s):
    """The scenario as that version wrote it: its catalog gave the Jeep D1 and size 1 (before issue 20
    gave it the original GEV's figures); a file carries its own catalog, so the import keeps those."""
    import dataclasses

    s.unit_types["jeep"] = dataclasses.replace(s.unit_types["jeep"], defense=1, size=1)
    return s
