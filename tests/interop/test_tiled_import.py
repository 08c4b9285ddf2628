"""Importing Tiled maps a designer (or an attacker) made: refusals are one clear line and exit 2."""

from __future__ import annotations

import base64
import gzip
import io
import json
import shutil
import zlib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusal import assert_refused, damage, junk, paths
from strategies import rich_hex_scenario
from tiled_docs import hand_made

from dambuster.cli import main
from dambuster.interop.hexpixels import HexPixels
from dambuster.interop.tiled import importer as tiled_import
from dambuster.interop.tiled.export import to_tmj
from dambuster.interop.tiled.importer import TiledImportError, import_document, import_file
from dambuster.model.factory import new_hex_scenario

ROOT = Path(__file__).resolve().parents[2]
BROKEN = ROOT / "tests" / "tiled" / "designer"  # an outside designer's map: two empty hexes, a tree


def run(*args) -> SimpleNamespace:
    """The `dambuster` command, in this process (tests of the installed command: test_tiled_export.py)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in args])
    return SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())


def write(tmp_path, doc, name="map.tmj") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(doc) if isinstance(doc, dict) else doc, encoding="utf-8")
    return p


def rich_doc() -> dict:
    return json.loads(json.dumps(to_tmj(rich_hex_scenario(), "t.png")))


@pytest.mark.parametrize("orientation", ["orthogonal", "isometric", "staggered"])
def test_non_hexagonal_maps_are_refused_in_one_line(tmp_path, orientation):
    assert_refused(
        run("import-tiled", write(tmp_path, hand_made(orientation))),
        f"{orientation} map; only hexagonal Tiled maps can be imported",
    )


def test_a_hand_made_map_imports_with_terrain_from_tile_properties():
    unit = {
        "id": 7,
        "type": "unit",
        "x": 40,
        "y": 28,
        "point": True,
        "properties": [
            {"name": "id", "type": "string", "value": "tank-1"},
            {"name": "unit_type", "type": "string", "value": "heavy-tank"},
            {"name": "side", "type": "string", "value": "blue"},
        ],
    }
    town = {
        "id": 8,
        "type": "town",
        "x": 0,
        "y": 0,
        "width": 32,
        "height": 28,  # a rectangle over hex 0101
        "properties": [
            {"name": "id", "type": "string", "value": "t1"},
            {"name": "name", "type": "string", "value": "Ash"},
        ],
    }
    s = import_document(hand_made(objects=[unit, town])).scenario
    L = s.map.layout
    assert [s.map.terrain[L.to_axial(c, r)] for r in range(2) for c in range(3)] == [
        "clear",
        "forest",
        "clear",
        "clear",
        "clear",
        "forest",
    ]
    (u,) = s.units
    assert (u.id, u.type, u.side, L.label(u.hex)) == (
        "tank-1",
        "heavy-tank",
        "blue",
        "0201",
    )  # odd column, shoved down
    assert [x.id for x in s.sides] == ["blue"]  # made for a map without dambuster rules
    assert [(t.name, [L.label(h) for h in t.hexes]) for t in s.map.towns] == [("Ash", ["0101"])]


def test_a_unit_dragged_in_tiled_lands_on_its_new_hex():
    doc = rich_doc()
    scenario = rich_hex_scenario()
    px = HexPixels.default(scenario.map.layout)
    tank = next(
        o
        for layer in doc["layers"]
        if layer["type"] == "objectgroup"
        for o in layer["objects"]
        if o["name"] == "u-tank"
    )
    x, y = px.centre((4, 2))
    tank["x"], tank["y"] = x + 5, y - 4  # dropped a little off centre
    moved = {u.id: u.hex for u in import_document(doc).scenario.units}
    assert moved["u-tank"] == (4, 2)


def test_unknown_object_class_is_an_error_or_with_lenient_a_warning(tmp_path):
    tree = {"id": 3, "type": "tree", "x": 10, "y": 10, "point": True}
    path = write(tmp_path, hand_made(objects=[tree]))
    assert_refused(
        run("import-tiled", path), "object 3 (tree) in layer 'stuff' has a class dambuster does not know"
    )
    r = run("import-tiled", path, "--lenient")
    assert r.returncode == 0, r.stderr
    assert "warning: object 3 (tree)" in r.stderr
    assert json.loads(r.stdout)["map"]["kind"] == "hex"


def test_tiles_without_terrain_need_a_terrain_map(tmp_path):
    path = write(tmp_path, hand_made(tiles=[]))
    r = run("import-tiled", path)
    assert r.returncode == 2
    assert "hexes 0101, 0301, 0102, 0202 show tile gid 1 (tile 0 of tileset " in r.stderr  # every hex
    assert "whose name, class and properties say no terrain (as do 1 other tile)" in r.stderr
    assert "or map its gid with --terrain-map" in r.stderr
    mapping = write(tmp_path, {"1": "swamp", "2": "water"}, "gids.json")
    r = run("import-tiled", path, "--terrain-map", mapping)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["map"]["terrain"]["rows"] == ["sws", "ssw"]
    bad = write(tmp_path, {"1": "lava"}, "bad.json")
    r = run("import-tiled", path, "--terrain-map", bad)
    assert r.returncode == 2 and "'lava' is not a terrain" in r.stderr


def test_an_empty_hex_is_an_error_or_clear_when_lenient():
    doc = hand_made(data=[1, 0, 1, 1, 1, 1])
    with pytest.raises(TiledImportError, match="hex 0201 has no tile"):
        import_document(doc)
    result = import_document(doc, lenient=True)
    assert result.warnings == ["hex 0201 has no tile (taken as clear)"]
    assert result.scenario.map.terrain.counts() == {"clear": 6}


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_base64_tile_data_with_or_without_compression(compression):
    raw = b"".join(g.to_bytes(4, "little") for g in [2, 2, 1, 1, 2, 1])
    packed = {"": raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw)}[compression]
    doc = hand_made()
    doc["layers"][0].update(
        encoding="base64", compression=compression, data=base64.b64encode(packed).decode()
    )
    assert import_document(doc).scenario.map.terrain.to_rows() == ["ffc", "cfc"]


def test_zstd_and_flipped_tiles():
    doc = hand_made()
    doc["layers"][0].update(encoding="base64", compression="zstd", data="AAAA")
    with pytest.raises(TiledImportError, match="zstd"):
        import_document(doc)
    flipped = hand_made(
        data=[2 | 0x80000000, 1 | 0x40000000, 1, 1, 1, 1]
    )  # mirrored tiles keep their terrain
    assert import_document(flipped).scenario.map.terrain.to_rows() == ["fcc", "ccc"]


def test_a_tmx_with_a_dtd_is_refused_before_parsing(tmp_path):
    laughs = (
        '<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
        '<map orientation="hexagonal" width="1" height="1" name="&b;"/>\n'
    )
    assert_refused(
        run("import-tiled", write(tmp_path, laughs, "laughs.tmx")),
        "declares a DTD or entities, which are refused",
    )


def test_broken_xml_and_oversized_maps_are_one_line(tmp_path, monkeypatch):
    r = run("import-tiled", write(tmp_path, "<map orientation='hexagonal'", "cut.tmx"))
    assert r.returncode == 2 and "not well-formed XML" in r.stderr
    huge = hand_made()
    huge["width"] = 5000
    with pytest.raises(TiledImportError, match="1 to 1000 tiles wide and high"):
        import_document(huge)
    monkeypatch.setattr(tiled_import, "MAX_FILE_BYTES", 100)
    with pytest.raises(TiledImportError, match=r"more than the .* limit"):
        import_file(write(tmp_path, hand_made()))


def test_a_map_that_breaks_scenario_rules_says_where():
    unit = {
        "id": 9,
        "type": "unit",
        "x": 16,
        "y": 14,
        "point": True,
        "properties": [
            {"name": "id", "type": "string", "value": "u"},
            {"name": "unit_type", "type": "string", "value": "dragon"},
            {"name": "side", "type": "string", "value": "blue"},
        ],
    }
    with pytest.raises(TiledImportError, match=r"not a valid scenario: /units/0/type"):
        import_document(hand_made(objects=[unit]))


def test_missing_property_names_the_object():
    dam = {"id": 4, "type": "dam", "x": 16, "y": 14, "point": True, "properties": []}
    with pytest.raises(
        TiledImportError, match="object 4 \\(dam\\) in layer 'stuff' has no 'dambuster:id' property"
    ):
        import_document(hand_made(objects=[dam]))


def test_several_tile_layers_need_one_named_terrain():
    doc = hand_made()
    doc["layers"].append({**doc["layers"][0], "name": "decor"})
    with pytest.raises(TiledImportError, match='name the terrain one "terrain"'):
        import_document(doc)
    doc["layers"][-1]["name"] = "terrain"
    assert import_document(doc).scenario.map.columns == 3


def test_blank_scenarios_of_every_layout_round_trip():
    for orientation, offset in [("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")]:
        s = new_hex_scenario(4, 3, orientation, offset)
        assert import_document(json.loads(json.dumps(to_tmj(s, "t.png")))).scenario == s


RICH_PATHS = [p for p in paths(rich_doc()) if p]
JUNK = junk()


@given(st.lists(st.tuples(st.sampled_from(RICH_PATHS), JUNK), min_size=1, max_size=3))
def test_a_damaged_map_imports_or_fails_with_one_sentence(edits):
    """Whatever a hostile or broken file holds, the importer says so in words, never a traceback."""
    doc = rich_doc()
    damage(doc, edits)
    try:
        import_document(doc)
    except TiledImportError as e:
        assert str(e) and "\n" not in str(e)


def test_deeply_nested_groups_are_refused(tmp_path):
    tmx = (
        "<map orientation='hexagonal' width='1' height='1'>" + "<group>" * 5000 + "</group>" * 5000 + "</map>"
    )
    with pytest.raises(TiledImportError, match="nest more than"):
        import_file(write(tmp_path, tmx, "deep.tmx"))


# ------------------------------------------------------------------ maps of earlier versions, hexsides
BEFORE_NAMESPACE = ROOT / "tests" / "tiled" / "rich-before-namespace.tmj"


def test_a_map_exported_before_the_dambuster_namespace_still_imports_the_same(tmp_path):
    """Written by the previous version (commit 07823fe) from rich_hex_scenario(): bare property names
    (id, name...), dambuster.rules and dambuster.format, hexsides as point pins, one units layer."""
    old = json.loads(BEFORE_NAMESPACE.read_text(encoding="utf-8"))
    names = {
        p["name"]
        for layer in old["layers"]
        for o in layer.get("objects", [])
        for p in o.get("properties", [])
    }
    assert {"id", "name", "side"} <= names and not any(n.startswith("dambuster:") for n in names)
    assert {o.get("point") for o in old["layers"][1]["objects"]} == {True}  # hexsides were pins
    out = tmp_path / "back.json"
    r = run("import-tiled", BEFORE_NAMESPACE, "-o", out)
    assert r.returncode == 0 and r.stderr == f"wrote {out}\n"
    assert import_file(BEFORE_NAMESPACE).scenario == as_exported_then(rich_hex_scenario())


def test_new_names_win_over_bare_ones_on_the_same_object():
    unit = {
        "id": 7,
        "type": "unit",
        "x": 40,
        "y": 28,
        "point": True,
        "properties": [
            {"name": "id", "type": "string", "value": "old-id"},
            {"name": "dambuster:id", "type": "string", "value": "tank-1"},
            {"name": "dambuster:unit_type", "type": "string", "value": "heavy-tank"},
            {"name": "side", "type": "string", "value": "blue"},
        ],
    }
    (u,) = import_document(hand_made(objects=[unit])).scenario.units
    assert (u.id, u.type, u.side) == ("tank-1", "heavy-tank", "blue")


def test_a_wall_drawn_along_three_hexsides_is_three_hexside_features():
    from dambuster.model.hexgrid import hexside_hexes

    doc = hand_made()
    L = new_hex_scenario(3, 2, "flat", "odd-q").map.layout
    px = HexPixels.default(L)
    h = L.to_axial(1, 0)
    corners = px.corners(h)
    path = [corners[3], corners[4], corners[5], corners[0]]  # right, lower right, lower left, left
    wall = {
        "id": 1,
        "type": "ridge",
        "x": path[0][0],
        "y": path[0][1],
        "polyline": [{"x": x - path[0][0], "y": y - path[0][1]} for x, y in path],
    }
    doc["layers"][1]["objects"] = [wall]
    features = import_document(doc).scenario.map.hexsides
    assert [f.kind for f in features] == ["ridge"] * 3
    for f, segment in zip(
        features, zip(path, path[1:])
    ):  # each drawn segment is the hexside between its ends
        assert sorted(px.side_ends(f.side)) == sorted(segment)
        assert h in hexside_hexes(f.side)


def as_exported_then(s):
    """The scenario as that version wrote it: its catalog gave the Jeep D1 and size 1 (before issue 20
    gave it the original GEV's figures); a file carries its own catalog, so the import keeps those."""
    import dataclasses

    s.unit_types["jeep"] = dataclasses.replace(s.unit_types["jeep"], defense=1, size=1)
    return s


def test_every_hex_left_out_is_named(tmp_path):
    """Two empty hexes and an object of an unknown class: --lenient names both hexes, not only the first."""
    tree = {"id": 7, "type": "tree", "x": 40, "y": 40}
    doc = hand_made(data=[0, 1, 1, 1, 0, 1], objects=[tree])
    result = import_document(doc, lenient=True)
    assert result.warnings[0] == "hexes 0101, 0202 have no tile (taken as clear)"
    assert "object 7 (tree)" in result.warnings[1] and len(result.warnings) == 2
    r = run("import-tiled", write(tmp_path, doc), "--lenient")
    assert r.returncode == 0 and "warning: hexes 0101, 0202 have no tile (taken as clear)" in r.stderr


def test_many_hexes_left_out_are_a_bounded_list_with_a_count():
    doc = hand_made(data=[0] * 6)
    doc.update(width=30, height=20)
    doc["layers"][0].update(width=30, height=20, data=[0] * 599 + [1])
    [warning] = import_document(doc, lenient=True).warnings
    assert (
        warning.startswith("hexes 0101, 0201, 0301,") and " and 587 more (599 in all) have no tile" in warning
    )
    assert len(warning) < 200


def test_the_designers_broken_map_names_both_empty_hexes(tmp_path):
    """A hex map with two empty hexes (0101 and 0202), its saved terrain map and a tree of no known class."""
    for name in ("broken-mini.tmx", "broken-mini-terrain-map.json"):
        shutil.copy(BROKEN / name, tmp_path / name)
    r = run(
        "import-tiled",
        tmp_path / "broken-mini.tmx",
        "--lenient",
        "--terrain-map",
        tmp_path / "broken-mini-terrain-map.json",
    )
    assert r.returncode == 0, r.stderr
    warnings = [line.split("warning: ")[1] for line in r.stderr.splitlines() if "warning: " in line]
    assert warnings[0] == "hexes 0101, 0202 have no tile (taken as clear)" and len(warnings) == 2
