"""Export to Tiled TMJ and import it back, without Tiled itself (tests/interop/test_tiled_roundtrip.py runs it)."""

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
from strategies import hex_scenarios, rich_hex_scenario
from test_tiled_table import xml_safe

from dambuster.cli import main
from dambuster.interop.hexpixels import HexPixels
from dambuster.interop.tiled.export import export_tiled, to_tmj
from dambuster.interop.tiled.importer import import_document, import_file
from dambuster.interop.tiled.tmx_read import parse_tmx
from dambuster.interop.tiled.tmx_write import to_tmx
from dambuster.model.io import dumps, load
from dambuster.model.terrain import TERRAIN_KINDS

ROOT = Path(__file__).resolve().parents[2]
HEX_SAMPLES = sorted(
    p for p in (ROOT / "samples").glob("*.json") if json.loads(p.read_text())["map"]["kind"] == "hex"
)


def run(*args) -> SimpleNamespace:
    """The `dambuster` command, in this process (tests of the installed command: test_tiled_export.py)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in args])
    return SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())


def props(node) -> dict:
    return {p["name"]: (p["type"], p["value"]) for p in node.get("properties", [])}


def objects(doc, cls):
    return [
        o
        for layer in doc["layers"]
        if layer["type"] == "objectgroup"
        for o in layer["objects"]
        if o["type"] == cls
    ]


@pytest.mark.parametrize("sample", HEX_SAMPLES, ids=lambda p: p.stem)
def test_every_hex_sample_comes_back_the_same(sample, tmp_path):
    scenario = load(sample)
    export_tiled(scenario, tmp_path / "map.tmj")
    back = import_file(tmp_path / "map.tmj")
    assert back.warnings == []
    assert back.scenario == scenario
    assert dumps(back.scenario) == dumps(scenario)


@pytest.mark.slow
@given(hex_scenarios())
def test_any_valid_hex_scenario_comes_back_the_same_through_tmj_and_tmx(scenario):
    doc = json.loads(json.dumps(to_tmj(scenario, "terrain.png")))
    assert import_document(doc).scenario == scenario
    safe = xml_safe(doc)  # TMX cannot carry most control characters (the export refuses them)
    assert import_document(parse_tmx(to_tmx(safe))).scenario == import_document(safe).scenario


@pytest.mark.parametrize(
    "orientation, offset, axis, index",
    [
        ("flat", "odd-q", "x", "odd"),
        ("flat", "even-q", "x", "even"),
        ("pointy", "odd-r", "y", "odd"),
        ("pointy", "even-r", "y", "even"),
    ],
)
def test_hex_layout_becomes_tiled_stagger(orientation, offset, axis, index):
    from dambuster.model.factory import new_hex_scenario

    doc = to_tmj(new_hex_scenario(5, 4, orientation, offset), "t.png")
    assert doc["orientation"] == "hexagonal"
    assert (doc["staggeraxis"], doc["staggerindex"]) == (axis, index)
    assert (doc["width"], doc["height"], doc["hexsidelength"]) == (5, 4, 16)
    long_side, short_side = 32, 28  # a regular hexagon with 16-pixel sides
    assert (doc["tilewidth"], doc["tileheight"]) == (
        (long_side, short_side) if orientation == "flat" else (short_side, long_side)
    )


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
    idat = png[png.index(b"IDAT") + 4 : png.index(b"IEND") - 8]
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
    assert (rhine["x"] + rhine["polyline"][-1]["x"], rhine["y"] + rhine["polyline"][-1]["y"]) == px.centre(
        (5, 1)
    )
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
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "dambuster",
            "import-tiled",
            str(tmp_path / "basic.tmj"),
            "-o",
            str(tmp_path / "back.json"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
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
    for orientation, offset in [
        ("flat", "odd-q"),
        ("flat", "even-q"),
        ("pointy", "odd-r"),
        ("pointy", "even-r"),
    ]:
        axis, index = stagger_of(Layout(orientation, offset, 2, 2))
        assert f"| {orientation}-top, `{offset}` | `{axis}` | `{index}` |" in text


# ------------------------------------------------------------------ names, colours, hexsides, TMX
SAMPLES = sorted((ROOT / "samples").glob("*.json"))


def every_property(doc: dict):
    """(where, name) of every custom property in a map: the map's, its layers', objects' and tiles'."""
    yield from (("map", p["name"]) for p in doc.get("properties", []))
    for ts in doc.get("tilesets", []):
        yield from (
            (f"tile {t['id']}", p["name"]) for t in ts.get("tiles", []) for p in t.get("properties", [])
        )
    for layer in doc["layers"]:
        yield from ((f"layer {layer['name']}", p["name"]) for p in layer.get("properties", []))
        for o in layer.get("objects", []):
            yield from ((f"object {o['id']} ({o['type']})", p["name"]) for p in o.get("properties", []))


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_every_property_we_write_is_namespaced_so_none_clashes_with_a_tiled_field(sample, tmp_path):
    out = tmp_path / "map.tmj"
    export_tiled(load(sample), out)
    doc = json.loads(out.read_text())
    found = list(every_property(doc))
    assert found and [(where, name) for where, name in found if not name.startswith("dambuster:")] == []
    assert not {name for _, name in found} & {
        "dambuster:x",
        "dambuster:y",
        "dambuster:type",
        "dambuster:class",
    }


def test_every_object_layer_has_its_colour_and_units_take_their_sides():
    from dambuster.interop.tiled.properties import HEXSIDE_LAYERS, LAYER_COLOURS

    scenario = rich_hex_scenario()
    doc = to_tmj(scenario, "t.png")
    colours = {layer["name"]: layer.get("color") for layer in doc["layers"] if layer["type"] == "objectgroup"}
    fixed = {name: colour for name, colour in colours.items() if not name.startswith("units: ")}
    assert fixed == {name: LAYER_COLOURS[name] for name in fixed}
    assert set(HEXSIDE_LAYERS.values()) | {"rivers", "roads", "rails", "dams", "units: Roter Ogre"} <= set(
        colours
    )
    assert len(set(fixed.values())) == len(fixed)  # no two kinds look alike
    assert (colours["rivers"], colours["roads"], colours["dams"]) == ("#1f5fbf", "#8b5a2b", "#5c7590")
    assert {colours[f"units: {side.name}"] for side in scenario.sides} == {"#c03030", "#3060c0"}
    red = next(layer for layer in doc["layers"] if layer["name"] == "units: Roter Ogre")
    assert [props(o)["dambuster:id"][1] for o in red["objects"]] == ["u-ogre"]


def test_hexside_features_are_polylines_along_the_edge_between_two_hexes():
    import math

    from dambuster.model.hexgrid import hexside_hexes

    scenario = rich_hex_scenario()
    doc = to_tmj(scenario, "t.png")
    px = HexPixels.default(scenario.map.layout)
    lines = objects(doc, "stream") + objects(doc, "ridge") + objects(doc, "graded-ridge")
    assert len(lines) == 3
    for o, side in zip(lines, [(2, 2, 0), (4, 0, 1), (4, 0, 1)]):
        ends = [(o["x"] + p["x"], o["y"] + p["y"]) for p in o["polyline"]]
        assert len(ends) == 2 and math.dist(*ends) == pytest.approx(16, abs=0.2)  # one side of the hexagon
        a, b = hexside_hexes(side)
        for end in ends:  # each end is a corner both hexes share, as Tiled draws their hexagons
            assert end in px.corners(a) and end in px.corners(b)
    stream_layer = next(layer for layer in doc["layers"] if layer["name"] == "streams")
    assert [o["type"] for o in stream_layer["objects"]] == ["stream"]


def test_export_to_a_tmx_name_writes_tiled_xml_that_imports_back(tmp_path):
    sample = ROOT / "samples" / "ogre-dambusters-valley.json"
    out = tmp_path / "valley.tmx"
    r = subprocess.run(
        [str(Path(sys.executable).parent / "dambuster"), "export-tiled", str(sample), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8"')
    assert '<objectgroup id="4" name="trees" color="#2e7d32" draworder="index">' in text
    assert '<property name="dambuster:id" value="dam-aller"/>' in text
    assert (tmp_path / "valley-terrain.png").exists()
    assert import_file(out).scenario == load(sample)


def test_a_text_xml_cannot_carry_refuses_the_tmx_in_one_line_and_writes_nothing(tmp_path):
    scenario = rich_hex_scenario()
    scenario.units[1].name = "bell\x07"
    src = tmp_path / "s.json"
    src.write_text(dumps(scenario))
    r = run("export-tiled", src, "-o", tmp_path / "m.tmx")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert (
        "the unit 'u-inf' holds the control character U+0007, which a TMX (XML) file cannot carry" in r.stderr
    )
    assert "write a .tmj map instead" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]
    assert run("export-tiled", src, "-o", tmp_path / "m.tmj").returncode == 0


def test_docs_list_the_layer_colours_the_export_uses():
    from dambuster.interop.tiled.properties import AREA_COLOURS, LAYER_COLOURS

    text = (ROOT / "docs" / "tiled.md").read_text(encoding="utf-8")
    for name, colour in {**LAYER_COLOURS, **AREA_COLOURS}.items():
        assert f"| {name} | `{colour}` |" in text
