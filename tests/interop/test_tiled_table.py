"""Table maps (DBM tables, the sewer) as Tiled object maps, and back (without Tiled itself:
test_tiled_pytmx.py runs the real Tiled and pytmx on them)."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusal import assert_refused, damage, junk, paths
from strategies import rich_table_scenario, table_scenarios

from dambuster.interop.geojson import along
from dambuster.interop.tiled.doc import ExportError
from dambuster.interop.tiled.importer import TiledImportError, import_document, import_file
from dambuster.interop.tiled.precision import kept
from dambuster.interop.tiled.table_export import GRID, SCALE, to_tmj
from dambuster.interop.tiled.tmx_read import parse_tmx
from dambuster.interop.tiled.tmx_write import to_tmx
from dambuster.model.io import dumps, load

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
TABLE_SAMPLES = sorted(
    p for p in (ROOT / "samples").glob("*.json") if json.loads(p.read_text())["map"]["kind"] == "table"
)


def dambuster(*args) -> subprocess.CompletedProcess:
    return subprocess.run([DAMBUSTER, *map(str, args)], capture_output=True, text=True, timeout=120)


def objects(doc: dict, cls: str) -> list[dict]:
    return [o for layer in doc["layers"] for o in layer.get("objects", []) if o["type"] == cls]


def props(o: dict) -> dict:
    return {p["name"]: p["value"] for p in o.get("properties", [])}


def absolute(o: dict, shape: str) -> list[tuple[float, float]]:
    return [(o["x"] + p["x"], o["y"] + p["y"]) for p in o[shape]]


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".tmj", ".tmx"])
@pytest.mark.parametrize("sample", TABLE_SAMPLES, ids=lambda p: p.stem)
def test_every_table_sample_exports_and_comes_back_the_same(tmp_path, sample, suffix):
    out = tmp_path / f"{sample.stem}{suffix}"
    r = dambuster("export-tiled", sample, "-o", out)
    assert r.returncode == 0, r.stderr
    assert r.stderr == f"wrote {out}\n"  # a table map has no tileset image
    assert list(tmp_path.iterdir()) == [out]
    r = dambuster("import-tiled", out, "-o", tmp_path / "back.json")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "back.json").read_text() == dumps(load(sample))


def xml_safe(node):
    """The document with every character XML 1.0 cannot carry replaced by "?"."""
    if isinstance(node, str):
        return re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]", "?", node)
    if isinstance(node, list):
        return [xml_safe(v) for v in node]
    if isinstance(node, dict):
        return {k: xml_safe(v) for k, v in node.items()}
    return node


def same_to_tiled_digits(a, b) -> bool:
    """Equal, numbers to the six significant digits Tiled keeps of a coordinate (interop/tiled/precision.py)."""
    if isinstance(a, float) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=1e-5)
    if dataclasses.is_dataclass(a) and type(a) is type(b):
        return all(
            same_to_tiled_digits(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a)
        )
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(map(same_to_tiled_digits, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_to_tiled_digits(a[k], b[k]) for k in a)
    return a == b


@given(table_scenarios())
def test_any_valid_table_scenario_comes_back_the_same_through_tmj_and_tmx(scenario):
    doc = json.loads(json.dumps(to_tmj(scenario)))
    back = import_document(doc).scenario
    assert same_to_tiled_digits(back, scenario)
    assert import_document(to_tmj(back)).scenario == back  # what comes back, comes back exactly
    safe = xml_safe(doc)
    if safe != doc:  # a text holding a control character XML cannot carry: refused in one sentence
        with pytest.raises(
            ExportError, match=r"which a TMX \(XML\) file cannot carry; write a \.tmj map instead"
        ):
            to_tmx(doc)
    assert import_document(parse_tmx(to_tmx(safe))).scenario == import_document(safe).scenario


def test_table_units_become_pixels_by_the_documented_scale():
    s = rich_table_scenario()
    doc = to_tmj(s)
    m = s.map
    scale = SCALE[m.unit]
    assert doc["orientation"] == "orthogonal" and doc["tilesets"] == []
    assert (doc["tilewidth"], doc["tileheight"]) == (GRID[m.unit], GRID[m.unit])
    assert doc["width"] * doc["tilewidth"] >= m.width * scale > (doc["width"] - 1) * doc["tilewidth"]
    (table,) = objects(doc, "table")
    assert (table["x"], table["y"], table["width"], table["height"]) == (
        0,
        0,
        m.width * scale,
        m.depth * scale,
    )
    hill = next(o for o in objects(doc, "area") if props(o)["dambuster:id"] == "hill-1")
    # each pixel coordinate with the six significant digits Tiled keeps (interop/tiled/precision.py)
    assert absolute(hill, "polygon") == [(kept(x * scale), kept(y * scale)) for x, y in m.areas[0].polygon]
    assert props(hill)["dambuster:kind"] == "hill-gentle" and props(hill)["dambuster:sector"] == 2
    (river,) = objects(doc, "river")
    assert absolute(river, "polyline") == [(kept(x * scale), kept(y * scale)) for x, y in m.rivers[0].line]
    model = next(o for o in objects(doc, "model") if props(o)["dambuster:id"] == "m-1")
    spot = along(m.sewer.corridors[0].line, 25.5)
    assert (model["x"], model["y"]) == (kept(spot[0] * scale), kept(spot[1] * scale))
    mapprops = props(doc)
    assert (mapprops["dambuster:map"], mapprops["dambuster:unit"], mapprops["dambuster:scale"]) == (
        "table",
        m.unit,
        scale,
    )


def test_inches_are_32_pixels_and_the_sewer_is_drawn(tmp_path):
    s = load(ROOT / "samples" / "sewer-flash-flood.json")
    doc = to_tmj(s)
    assert s.map.unit == "inches" and props(doc)["dambuster:scale"] == 32
    (table,) = objects(doc, "table")
    assert (table["width"], table["height"]) == (48 * 32, 48 * 32)
    names = [layer["name"] for layer in doc["layers"]]
    assert {"sewer corridors", "gantries", "sewer fittings"} <= set(names)
    assert [o["type"] for o in objects(doc, "flood-origin")] == ["flood-origin"]
    assert len(objects(doc, "corridor")) == len(s.map.sewer.corridors)
    models = [layer for layer in doc["layers"] if layer["name"].startswith("models: ")]
    assert {layer["color"] for layer in models} == {side.color for side in s.sides}


def test_a_dbm_table_shows_its_six_sectors_which_are_not_read_back():
    s = load(ROOT / "samples" / "dbm-table.json")
    doc = to_tmj(s)
    sectors = objects(doc, "sector")
    assert sorted(props(o)["dambuster:sector"] for o in sectors) == [1, 2, 3, 4, 5, 6]
    corners = {p for o in sectors for p in absolute(o, "polygon")}
    assert {(0.0, 0.0), (2400.0, 1800.0), (800.0, 900.0)} <= corners  # thirds of the length, halves across
    area_layers = {
        layer["name"]: layer["color"]
        for layer in doc["layers"]
        if any(o["type"] == "area" for o in layer["objects"])
    }
    assert set(area_layers) == {a.kind for a in s.map.areas}
    assert len(set(area_layers.values())) == len(area_layers)  # each kind its own colour
    for o in sectors:  # moved sectors change nothing: they follow from the table
        o["x"] += 500
    assert import_document(doc).scenario == s


def test_a_model_dragged_along_in_tiled_takes_the_nearest_place_on_its_corridor():
    s = rich_table_scenario()
    doc = to_tmj(s)
    scale = SCALE[s.map.unit]
    m1 = next(o for o in objects(doc, "model") if props(o)["dambuster:id"] == "m-1")
    m1["x"], m1["y"] = 200.0 * scale, 103.0 * scale  # just off corridor c-1, which runs along y = 100
    back = {md.id: md for md in import_document(doc).scenario.map.sewer.models}
    assert back["m-1"].position == pytest.approx(200.0)
    assert back["m-2"].position == 150.0  # left where it was: keeps its exact position


def test_shapes_drawn_in_tiled_become_table_geometry():
    s = rich_table_scenario()
    doc = to_tmj(s)
    scale = SCALE[s.map.unit]
    wood = next(o for o in objects(doc, "area") if props(o)["dambuster:id"] == "wood-1")
    del wood["polygon"]
    wood.update(x=500 * scale, y=500 * scale, width=200 * scale, height=150 * scale)  # a rectangle
    gantry = objects(doc, "gantry")[0]
    del gantry["polygon"]
    gantry.update(x=100 * scale, y=90 * scale, width=20 * scale, height=20 * scale, ellipse=True)
    back = import_document(doc).scenario.map
    assert next(a for a in back.areas if a.id == "wood-1").polygon == [
        (500, 500),
        (700, 500),
        (700, 650),
        (500, 650),
    ]
    ring = back.sewer.gantries[0].polygon
    assert len(ring) == 24 and all(math.dist(p, (110, 100)) == pytest.approx(10) for p in ring)


def test_a_river_drawn_as_a_point_is_one_clear_error():
    doc = to_tmj(rich_table_scenario())
    river = objects(doc, "river")[0]
    del river["polyline"]
    river["point"] = True
    with pytest.raises(
        TiledImportError, match=r"object \d+ \(river\) in layer 'rivers' should be a polyline"
    ):
        import_document(doc)


@pytest.mark.parametrize(
    "edit, message",
    [
        (
            lambda d: d["properties"].clear(),
            "this is an orthogonal map; only hexagonal Tiled maps can be imported (a dambuster map is a grid",
        ),
        (
            lambda d: [p.update(value="furlongs") for p in d["properties"] if p["name"] == "dambuster:unit"],
            "map property 'dambuster:unit' must be one of paces, inches, mm, not 'furlongs'",
        ),
        (
            lambda d: [p.update(value=-1) for p in d["properties"] if p["name"] == "dambuster:scale"],
            "map property 'dambuster:scale' must be a number of pixels per paces",
        ),
    ],
)
def test_a_broken_table_map_is_refused_in_one_line(tmp_path, edit, message):
    doc = to_tmj(rich_table_scenario())
    edit(doc)
    path = tmp_path / "t.tmj"
    path.write_text(json.dumps(doc))
    assert_refused(dambuster("import-tiled", path), message)


def test_a_sewer_without_corridors_stays_a_sewer(tmp_path):
    s = rich_table_scenario()
    s.map.sewer.corridors, s.map.sewer.models = [], []
    s.map.sewer.nodes = s.map.sewer.grates = s.map.sewer.sluice_gates = s.map.sewer.cave_ins = []
    s.map.sewer.gantries, s.map.sewer.flood_origin = [], None
    path = tmp_path / "t.json"
    path.write_text(dumps(s))
    out = tmp_path / "t.tmj"
    assert dambuster("export-tiled", path, "-o", out).returncode == 0
    assert import_file(out).scenario.map.sewer is not None


def test_the_tables_figures_and_reduction_travel_as_map_properties():
    s = load(ROOT / "samples" / "sewer-flash-flood.json")  # in inches: the 5/8 reduction may apply
    s.map.figures, s.map.reduced = "25mm", True
    doc = json.loads(json.dumps(to_tmj(s)))
    assert (props(doc)["dambuster:figures"], props(doc)["dambuster:reduced"]) == ("25mm", True)
    assert import_document(doc).scenario == s
    assert import_document(parse_tmx(to_tmx(doc))).scenario == s


TABLE_PATHS = [p for p in paths(to_tmj(rich_table_scenario())) if p]
JUNK = junk()


@given(st.lists(st.tuples(st.sampled_from(TABLE_PATHS), JUNK), min_size=1, max_size=3))
def test_a_damaged_table_map_imports_or_fails_with_one_sentence(edits):
    doc = json.loads(json.dumps(to_tmj(rich_table_scenario())))
    damage(doc, edits)
    try:
        import_document(doc)
    except TiledImportError as e:
        assert str(e) and "\n" not in str(e)
