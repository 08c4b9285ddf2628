"""GeoJSON export of table maps: RFC 7946 structure, and the same geometry as the scenario."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from shapely.geometry import LineString, Point, Polygon, shape
from strategies import table_scenarios

from dambuster.cli import main
from dambuster.interop.geojson import dumps as geojson_dumps
from dambuster.interop.geojson import ring, signed_area
from dambuster.model.io import load

ROOT = Path(__file__).resolve().parents[2]
DBM = ROOT / "samples" / "dbm-table.json"
SEWER = ROOT / "samples" / "sewer-flash-flood.json"


def export(path: Path, tmp_path: Path, *extra: str) -> dict:
    out = tmp_path / "map.geojson"
    assert (
        main(["export-geojson", str(path), "-o", str(out), "--force", *extra]) == 0
    )  # one file, many exports
    return json.loads(out.read_text(encoding="utf-8"))


def by_id(doc: dict) -> dict[str, dict]:
    return {f["properties"]["id"]: f for f in doc["features"]}


# ------------------------------------------------------------------------ RFC 7946 structure
def check_position(p) -> None:
    assert isinstance(p, list) and len(p) == 2 and all(isinstance(c, float) for c in p)


def check_geometry(g: dict) -> None:
    kind, coords = g["type"], g["coordinates"]
    if kind == "Point":
        check_position(coords)
    elif kind == "LineString":
        assert len(coords) >= 2
        for p in coords:
            check_position(p)
    elif kind == "Polygon":
        for i, r in enumerate(coords):
            assert len(r) >= 4, "a linear ring has at least four positions"
            assert r[0] == r[-1], "a linear ring is closed"
            for p in r:
                check_position(p)
            area = signed_area([tuple(p) for p in r[:-1]])
            assert (area > 0) if i == 0 else (area < 0), "exterior rings counter-clockwise, holes clockwise"
    else:
        pytest.fail(f"unexpected geometry {kind}")


@pytest.mark.parametrize("path", [DBM, SEWER], ids=["dbm", "sewer"])
def test_the_export_is_a_feature_collection_of_well_formed_features(path, tmp_path):
    doc = export(path, tmp_path)
    assert doc["type"] == "FeatureCollection"
    assert "crs" not in doc  # RFC 7946 dropped the crs member; the local plane is said in "dambuster"
    assert doc["dambuster"]["crs"] == "local"
    assert doc["bbox"][:2] == [0.0, 0.0]
    assert doc["features"]
    for f in doc["features"]:
        assert f["type"] == "Feature" and set(f) <= {"type", "id", "geometry", "properties"}
        assert {"id", "kind", "sector", "placed_by", "name"} <= set(f["properties"])
        check_geometry(f["geometry"])


# ------------------------------------------------------------------------ same geometry
def test_dbm_areas_waterway_rivers_and_roads_match_the_scenario_exactly(tmp_path):
    sc = load(DBM)
    feats = by_id(export(DBM, tmp_path))
    for a in sc.map.areas:
        f = feats[a.id]
        got = shape(f["geometry"])
        want = Polygon(a.polygon)
        assert got.equals(want) and got.area == want.area
        assert {tuple(p) for p in f["geometry"]["coordinates"][0]} == set(a.polygon)
        assert (
            f["properties"]["kind"],
            f["properties"]["sector"],
            f["properties"]["placed_by"],
            f["properties"]["name"],
        ) == (a.kind, a.sector, a.placed_by, a.name)
    ww = feats[sc.map.waterway.id]
    assert shape(ww["geometry"]).equals(Polygon(sc.map.waterway.polygon))
    for r in sc.map.rivers:
        f = feats[r.id]
        assert f["geometry"]["type"] == "LineString"
        assert [tuple(p) for p in f["geometry"]["coordinates"]] == r.line  # downstream order kept
        assert shape(f["geometry"]).equals_exact(LineString(r.line), 0)
        assert (f["properties"]["width"], f["properties"]["flows_into"], f["properties"]["flow"]) == (
            r.width,
            r.flows_into,
            "downstream",
        )
    for r in sc.map.roads:
        assert [tuple(p) for p in feats[r.id]["geometry"]["coordinates"]] == r.line


def test_the_six_dbm_sectors_tile_the_table(tmp_path):
    doc = export(DBM, tmp_path)
    sectors = [f for f in doc["features"] if f["properties"]["kind"] == "sector"]
    assert sorted(f["properties"]["sector"] for f in sectors) == [1, 2, 3, 4, 5, 6]
    polys = [shape(f["geometry"]) for f in sectors]
    table = Polygon([(0, 0), (2400, 0), (2400, 1800), (0, 1800)])
    assert sum(p.area for p in polys) == table.area
    from shapely.ops import unary_union

    assert unary_union(polys).equals(table)
    # each area sits in the sector it names
    feats = by_id(doc)
    for f in doc["features"]:
        if f["properties"]["layer"] == "area":
            sector = next(
                p for p, s in zip(polys, sectors) if s["properties"]["sector"] == f["properties"]["sector"]
            )
            assert sector.buffer(1e-6).contains(shape(f["geometry"])), f["properties"]["id"]
    assert feats["sector-1"]["properties"]["name"] == "Sector 1"


def test_sectors_can_be_left_out_or_asked_for(tmp_path):
    no = export(DBM, tmp_path, "--no-sectors")
    assert not [f for f in no["features"] if f["properties"]["kind"] == "sector"]
    yes = export(SEWER, tmp_path, "--sectors")
    assert len([f for f in yes["features"] if f["properties"]["kind"] == "sector"]) == 6


def test_the_sewer_corridors_points_and_models_match_the_scenario(tmp_path):
    sc = load(SEWER)
    sewer = sc.map.sewer
    feats = by_id(export(SEWER, tmp_path))
    for c in sewer.corridors:
        f = feats[c.id]
        assert shape(f["geometry"]).equals_exact(LineString(c.line), 0)
        assert (f["properties"]["kind"], f["properties"]["width"], f["properties"]["name"]) == (
            "corridor",
            c.width,
            c.name,
        )
    for kind, points in (
        ("node", sewer.nodes),
        ("grate", sewer.grates),
        ("sluice-gate", sewer.sluice_gates),
        ("cave-in", sewer.cave_ins),
    ):
        for p in points:
            assert feats[p.id]["properties"]["kind"] == kind
            assert tuple(feats[p.id]["geometry"]["coordinates"]) == p.point
    for g in sewer.gantries:
        assert shape(feats[g.id]["geometry"]).equals(Polygon(g.polygon))
    lines = {c.id: LineString(c.line) for c in sewer.corridors}
    for m in sewer.models:
        f = feats[m.id]
        at = shape(f["geometry"])
        assert at.equals(lines[m.corridor].interpolate(m.position))
        assert lines[m.corridor].distance(at) == 0
        assert (f["properties"]["side"], f["properties"]["strength"], f["properties"]["corridor"]) == (
            m.side,
            m.strength,
            m.corridor,
        )
    assert tuple(feats["flood-origin"]["geometry"]["coordinates"]) == sewer.flood_origin


# ------------------------------------------------------------------------ rings
def test_a_clockwise_polygon_is_written_counter_clockwise_and_closed():
    cw = [(0.0, 0.0), (0.0, 10.0), (10.0, 10.0), (10.0, 0.0)]
    r = ring(cw)
    assert r[0] == r[-1] and len(r) == 5
    assert signed_area([tuple(p) for p in r[:-1]]) > 0
    assert Polygon(r).equals(Polygon(cw))
    assert ring(r) == r  # an already closed counter-clockwise ring is kept as it is


def test_a_hex_map_is_one_polygon_per_hex_with_its_terrain_and_label(tmp_path):
    sc = load(ROOT / "samples" / "ogre-dambusters-valley.json")
    doc = export(ROOT / "samples" / "ogre-dambusters-valley.json", tmp_path)
    for f in doc["features"]:
        check_geometry(f["geometry"])
    hexes = [f for f in doc["features"] if f["properties"]["layer"] == "hex"]
    layout = sc.map.layout
    assert len(hexes) == layout.columns * layout.rows
    assert {f["id"]: f["properties"]["terrain"] for f in hexes} == {
        layout.label(h): sc.map.terrain[h] for h in layout.hexes()
    }
    dam = sc.map.dams[0]
    assert f"dam:{dam.id}" in by_id(doc)[layout.label(dam.hex)]["properties"]["features"]
    rivers = [f for f in doc["features"] if f["properties"]["layer"] == "river"]
    assert [f["id"] for f in rivers] == [r.id for r in sc.map.rivers]


def test_a_broken_file_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["export-geojson", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "(JSON)" in err


def test_without_output_the_document_goes_to_standard_output(capsys):
    assert main(["export-geojson", str(SEWER)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["type"] == "FeatureCollection"
    assert isinstance(shape(by_id(doc)["n-centre"]["geometry"]), Point)


# ------------------------------------------------------------------------ any table map
@pytest.mark.slow
@given(table_scenarios())
def test_any_table_map_exports_well_formed_and_with_its_own_geometry(sc):
    doc = json.loads(geojson_dumps(sc, sectors=True))
    for f in doc["features"]:
        check_geometry(f["geometry"])
    feats = {
        (f["properties"]["layer"], f["properties"]["kind"], f["properties"]["id"]): f for f in doc["features"]
    }
    m = sc.map
    polys = [(("area", a.kind, a.id), a.polygon) for a in m.areas]
    if m.waterway:
        polys.append((("waterway", "waterway", m.waterway.id), m.waterway.polygon))
    if m.sewer:
        polys += [(("sewer", "gantry", g.id), g.polygon) for g in m.sewer.gantries]
    for key, pts in polys:
        exterior = feats[key]["geometry"]["coordinates"][0]
        assert {tuple(p) for p in exterior} == {(float(x), float(y)) for x, y in pts}
        assert shape(feats[key]["geometry"]).equals(Polygon(pts))
    lines = [(("river", "river", r.id), r.line) for r in m.rivers] + [
        (("road", "road", r.id), r.line) for r in m.roads
    ]
    if m.sewer:
        lines += [(("sewer", "corridor", c.id), c.line) for c in m.sewer.corridors]
    for key, pts in lines:
        assert [tuple(p) for p in feats[key]["geometry"]["coordinates"]] == [
            (float(x), float(y)) for x, y in pts
        ]
