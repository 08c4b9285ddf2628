"""Export to Tiled TMJ and import it back, without Tiled itself (tests/test_tiled_roundtrip.py runs it)."""
from __future__ import annotations

import io
import json
import struct
import subprocess
import sys
import zlib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given

from dambuster.cli import main
from dambuster.interop.hexpixels import HexPixels
from dambuster.interop.tiled_export import export_tiled, to_tmj
from dambuster.interop.tiled_import import import_document, import_file
from dambuster.model.io import dumps, load
from dambuster.model.terrain import TERRAIN_KINDS
from strategies import hex_scenarios, rich_hex_scenario

ROOT = Path(__file__).resolve().parent.parent
HEX_SAMPLES = sorted(p for p in (ROOT / "samples").glob("*.json") if json.loads(p.read_text())["map"]["kind"] == "hex")


def run(*args) -> SimpleNamespace:
    """The `dambuster` command, in this process (tests of the installed command: test_tiled_export.py)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in args])
    return SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())


def props(node) -> dict:
    return {p["name"]: (p["type"], p["value"]) for p in node.get("properties", [])}


def objects(doc, cls):
    return [o for layer in doc["layers"] if layer["type"] == "objectgroup" for o in layer["objects"] if o["type"] == cls]


@pytest.mark.parametrize("sample", HEX_SAMPLES, ids=lambda p: p.stem)
def test_every_hex_sample_comes_back_the_same(sample, tmp_path):
    scenario = load(sample)
    export_tiled(scenario, tmp_path / "map.tmj")
    back = import_file(tmp_path / "map.tmj")
    assert back.warnings == []
    assert back.scenario == scenario
    assert dumps(back.scenario) == dumps(scenario)


@given(hex_scenarios())
def test_any_valid_hex_scenario_comes_back_the_same(scenario):
    doc = json.loads(json.dumps(to_tmj(scenario, "terrain.png")))
    assert import_document(doc).scenario == scenario


@pytest.mark.parametrize("orientation, offset, axis, index", [
    ("flat", "odd-q", "x", "odd"), ("flat", "even-q", "x", "even"),
    ("pointy", "odd-r", "y", "odd"), ("pointy", "even-r", "y", "even"),
])
def test_hex_layout_becomes_tiled_stagger(orientation, offset, axis, index):
    from dambuster.model.factory import new_hex_scenario

    doc = to_tmj(new_hex_scenario(5, 4, orientation, offset), "t.png")
    assert doc["orientation"] == "hexagonal"
    assert (doc["staggeraxis"], doc["staggerindex"]) == (axis, index)
    assert (doc["width"], doc["height"], doc["hexsidelength"]) == (5, 4, 16)
    long_side, short_side = 32, 28  # a regular hexagon with 16-pixel sides
    assert (doc["tilewidth"], doc["tileheight"]) == ((long_side, short_side) if orientation == "flat" else (short_side, long_side))


def test_terrain_is_a_tile_layer_over_a_tileset_whose_tiles_name_their_terrain(tmp_path):
    scenario = load(ROOT / "samples" / "ogre-dambusters-valley.json")
    export_tiled(scenario, tmp_path / "valley.tmj")
    doc = json.loads((tmp_path / "valley.tmj").read_text())
    (tileset,) = doc["tilesets"]
    by_gid = {tileset["firstgid"] + t["id"]: props(t)["dambuster:terrain"][1] for t in tileset["tiles"]}
    assert sorted(by_gid.values()) == sorted(TERRAIN_KINDS)
    layer = doc["layers"][0]
    assert layer["type"] == "tilelayer" and layer["name"] == "terrain"
    m = scenario.map
    for h in m.layout.hexes():
        col, row = m.layout.to_offset(h)
        assert by_gid[layer["data"][row * m.columns + col]] == m.terrain[h]
    png = (tmp_path / tileset["image"]).read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (tileset["imagewidth"], tileset["imageheight"]) == (32 * len(TERRAIN_KINDS), 28)
    idat = png[png.index(b"IDAT") + 4:png.index(b"IEND") - 8]
    assert len(zlib.decompress(idat)) == height * (1 + 4 * width)


def test_features_are_objects_with_typed_properties():
    scenario = rich_hex_scenario()
    doc = to_tmj(scenario, "t.png")
    px = HexPixels.default(scenario.map.layout)
    (dam,) = objects(doc, "dam")
    assert dam["point"] and (dam["x"], dam["y"]) == px.centre((1, 1))
    p = props(dam)
    assert p["dambuster:id"] == ("string", "moehne") and p["dambuster:sp"] == ("int", 50)
    assert p["dambuster:hidden"] == ("bool", True) and p["dambuster:reservoir"] == ("string", "0102 0103")
    rhine = objects(doc, "river")[0]
    assert len(rhine["polyline"]) == 6
    assert (rhine["x"] + rhine["polyline"][-1]["x"], rhine["y"] + rhine["polyline"][-1]["y"]) == px.centre((5, 1))
    units = {props(u)["dambuster:id"][1]: props(u) for u in objects(doc, "unit")}
    assert units["u-inf"]["dambuster:squads"] == ("int", 3)
    assert units["u-inf"]["dambuster:unit_type"] == ("string", "infantry")
    assert units["u-ogre"]["dambuster:reserve"] == ("bool", True)  # not on the map yet


def test_meta_are_map_properties_and_the_rest_travels_as_json():
    scenario = rich_hex_scenario()
    p = props(to_tmj(scenario, "t.png"))
    assert p["dambuster:title"] == ("string", "Möhne raid ⚓")
    assert json.loads(p["dambuster:tags"][1]) == ["ww2", "水"]
    rules = json.loads(p["dambuster:rules"][1])
    assert rules["turn_limit"] == 12 and [s["id"] for s in rules["sides"]] == ["red", "blue"]


def test_command_line_export_then_import_gives_the_same_file(tmp_path):
    sample = ROOT / "samples" / "ogre-basic.json"
    r = run("export-tiled", sample, "-o", tmp_path / "basic.tmj")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "basic-terrain.png").exists()
    r = subprocess.run([sys.executable, "-m", "dambuster", "import-tiled", str(tmp_path / "basic.tmj"), "-o",
                        str(tmp_path / "back.json")], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "back.json").read_text() == dumps(load(sample))


def test_command_line_does_not_overwrite_without_force(tmp_path):
    out = tmp_path / "m.tmj"
    out.write_text("keep")
    r = run("export-tiled", ROOT / "samples" / "ogre-basic.json", "-o", out)
    assert r.returncode == 2 and "--force" in r.stderr
    assert out.read_text() == "keep"


def test_docs_state_the_stagger_the_export_writes():
    from dambuster.interop.hexpixels import stagger_of
    from dambuster.model.hexgrid import Layout

    text = (ROOT / "docs" / "tiled.md").read_text(encoding="utf-8")
    for orientation, offset in [("flat", "odd-q"), ("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")]:
        axis, index = stagger_of(Layout(orientation, offset, 2, 2))
        assert f"| {orientation}-top, `{offset}` | `{axis}` | `{index}` |" in text
