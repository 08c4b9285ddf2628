"""GIS exports opened by real GIS clients: GDAL/OGR's ogrinfo and ogr2ogr (Debian gdal-bin) and
geopandas. A table and a hex map are placed in a local engineering CRS (never longitude/latitude),
drawn y up (the table as the editor shows it), one polygon per hex with its terrain and label."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dambuster.model.io import load

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
TABLE = ROOT / "samples" / "dbm-table.json"
SEWER = ROOT / "samples" / "sewer-flash-flood.json"
VALLEY = ROOT / "samples" / "ogre-dambusters-valley.json"
OGRINFO = shutil.which("ogrinfo")
needs_ogr = pytest.mark.skipif(OGRINFO is None, reason="GDAL/OGR is not installed (apt-get install gdal-bin)")


def export(sample: Path, out: Path) -> Path:
    r = subprocess.run([DAMBUSTER, "export-geojson", sample, "-o", out], capture_output=True, text=True)
    assert (r.returncode, r.stderr) == (0, f"wrote {out}\n")
    return out


def ogrinfo(*args) -> str:
    r = subprocess.run([OGRINFO, "-ro", *map(str, args)], capture_output=True, text=True)
    assert r.returncode == 0 and "ERROR" not in r.stderr and "Warning" not in r.stderr, r.stderr
    return r.stdout


@needs_ogr
@pytest.mark.parametrize("suffix", [".gpkg", ".fgb"])
@pytest.mark.parametrize("sample", [TABLE, SEWER, VALLEY], ids=lambda p: p.stem)
def test_ogrinfo_opens_every_export_in_its_engineering_crs(tmp_path, sample, suffix):
    out = export(sample, tmp_path / f"map{suffix}")
    info = ogrinfo("-so", "-al", out)
    assert 'ENGCRS["dambuster' in info and "GEOGCRS" not in info
    unit = {"dbm-table": "pace", "sewer-flash-flood": "inch", "ogre-dambusters-valley": "hex"}[sample.stem]
    assert f'LENGTHUNIT["{unit}"' in info
    features = json.loads(export(sample, tmp_path / "map.geojson").read_text())["features"]
    counts = [int(n) for n in re.findall(r"Feature Count: (\d+)", info)]
    assert sum(counts) == len(features)


@needs_ogr
def test_gdal_refuses_to_put_a_table_on_the_earth(tmp_path):
    """The old GeoJSON was read as longitude/latitude ("Invalid latitude"); a table has no place on the Earth."""
    out = export(TABLE, tmp_path / "table.gpkg")
    r = subprocess.run(
        ["ogr2ogr", "-t_srs", "EPSG:4326", tmp_path / "wgs84.gpkg", out], capture_output=True, text=True
    )
    assert r.returncode != 0 and "Cannot find coordinate operations" in r.stderr


def test_geopandas_reads_the_table_y_up_in_table_units(tmp_path):
    gpd = pytest.importorskip("geopandas")
    from shapely.geometry import Polygon

    scenario = load(TABLE)
    m = scenario.map
    areas = gpd.read_file(export(TABLE, tmp_path / "table.gpkg"), layer="area")
    assert areas.crs is not None and not areas.crs.is_geographic
    assert areas.crs.axis_info[0].unit_name == "pace" and areas.crs.axis_info[1].direction == "north"
    by_id = dict(zip(areas["id"], areas.geometry))
    for a in m.areas:
        # the same vertices, y turned up: the far edge (y = 0 in the scenario) is at the top
        assert by_id[a.id].equals(Polygon([(x, m.depth - y) for x, y in a.polygon]))
    assert areas.total_bounds.tolist() == pytest.approx(
        [
            min(p[0] for a in m.areas for p in a.polygon),
            m.depth - max(p[1] for a in m.areas for p in a.polygon),
            max(p[0] for a in m.areas for p in a.polygon),
            m.depth - min(p[1] for a in m.areas for p in a.polygon),
        ]
    )
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    ax = areas.plot()  # the old GeoJSON, read as degrees, made plot() raise
    assert ax.get_ylim()[0] < ax.get_ylim()[1]


def test_geopandas_reads_one_polygon_per_hex_and_lines_for_rivers_and_roads(tmp_path):
    gpd = pytest.importorskip("geopandas")
    scenario = load(VALLEY)
    m, layout = scenario.map, scenario.map.layout
    path = export(VALLEY, tmp_path / "valley.fgb")
    every = gpd.read_file(path)
    hexes = every[every["layer"] == "hex"]
    assert len(hexes) == layout.columns * layout.rows
    assert all(hexes.geometry.is_valid)
    assert hexes.geometry.area.tolist() == pytest.approx([math.sqrt(3) / 2] * len(hexes))
    assert dict(zip(hexes["label"], hexes["terrain"])) == {
        layout.label(h): m.terrain[h] for h in layout.hexes()
    }
    cells = dict(zip(hexes["label"], hexes.geometry))
    a, b = layout.to_axial(0, 0), layout.to_axial(0, 1)  # one above the other: they share an edge
    assert cells[layout.label(a)].intersection(cells[layout.label(b)]).length == pytest.approx(
        1 / math.sqrt(3)
    )
    assert cells[layout.label(b)].centroid.y < cells[layout.label(a)].centroid.y  # row 1 is below row 0
    dam = m.dams[0]
    assert f"dam:{dam.id}" in hexes.set_index("label").loc[layout.label(dam.hex), "features"]
    rivers = every[every["layer"] == "river"]
    assert sorted(rivers["id"]) == sorted(r.id for r in m.rivers)
    for r in m.rivers:  # through the centres of its hexes, upstream first
        line = rivers.set_index("id").loc[r.id].geometry
        first = cells[layout.label(tuple(r.hexes[0]))].centroid
        assert line.geom_type == "LineString" and first.distance(line.interpolate(0)) < 1e-6
    assert sorted(every[every["layer"] == "road"]["id"]) == sorted(x.id for x in m.roads)


def test_without_pyogrio_a_gis_file_is_one_line_and_nothing_written(tmp_path):
    """pyogrio is the gis extra: an install without it says how to get it (and writes nothing)."""
    out = tmp_path / "table.gpkg"
    code = (
        "import sys; sys.modules['pyogrio'] = None; from dambuster.cli import main; "
        f"sys.exit(main(['export-geojson', {str(TABLE)!r}, '-o', {str(out)!r}]))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "pip install 'dambuster[gis]'" in r.stderr and not out.exists()
