"""Every sample's Tiled map, hex or table, as game engines and Tiled itself read it: pytmx (the usual
Tiled loader of pygame, pyglet and others, in its default mode: no pygame needed) loads our TMX, and the
real Tiled converts our TMJ and TMX into each other with every layer, colour and object in place.
The Tiled half skips where Tiled is not installed (scripts/setup.sh installs Debian's `tiled`)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from dambuster.interop.tiled.importer import import_file
from dambuster.interop.tiled.properties import AREA_COLOURS, LAYER_COLOURS
from dambuster.interop.tiled.tmx_read import parse_tmx
from dambuster.model.io import load, to_document
from dambuster.model.scenario import HexMap

pytmx = pytest.importorskip("pytmx")

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
TILED = shutil.which("tiled")
SAMPLES = sorted((ROOT / "samples").glob("*.json"))
needs_tiled = pytest.mark.skipif(
    TILED is None, reason="Tiled is not installed (scripts/setup.sh runs apt-get install tiled)"
)


def export(sample: Path, out: Path) -> Path:
    out.parent.mkdir(exist_ok=True)
    r = subprocess.run(
        [DAMBUSTER, "export-tiled", str(sample), "-o", str(out)], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stderr
    return out


def tiled_convert(tmp_path: Path, source: Path, target: Path, fmt: str) -> Path:
    """`tiled --export-map FORMAT SOURCE TARGET`, headless, its settings kept out of the user's home."""
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        HOME=str(tmp_path),
        XDG_RUNTIME_DIR=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    r = subprocess.run(
        [TILED, "--export-map", fmt, str(source), str(target)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    return target


def expected_objects(s) -> Counter:
    """(class, dambuster:id) of every object the map of a scenario should hold (id None where it has none)."""
    m = s.map
    found: list[tuple[str, str | None]] = [("unit", u.id) for u in s.units] + [
        ("setup-zone", z.id) for z in s.setup_zones
    ]
    if isinstance(m, HexMap):
        mk = m.markers
        found += [(f.kind, None) for f in m.hexsides] + [("floodplain", None)]
        for cls, items in (
            ("river", m.rivers),
            ("road", m.roads),
            ("rail", m.rails),
            ("dam", m.dams),
            ("river-bridge", m.river_bridges),
            ("stream-bridge", m.stream_bridges),
            ("town", m.towns),
            ("revetment", mk.revetments),
            ("mine", mk.mines),
        ):
            found += [(cls, x.id) for x in items]
        for cls, items in (
            ("bridge-out", mk.bridges_out),
            ("entrenchment", mk.entrenchments),
            ("road-cut", mk.road_cuts),
            ("graded-ridge", mk.graded_ridges),
        ):
            found += [(cls, None)] * len(items)
        return Counter(found)
    found += [("table", None)] + [("sector", None)] * (6 if "dbm-terrain" in s.meta.profiles else 0)
    found += [("area", a.id) for a in m.areas] + [("waterway", w.id) for w in [m.waterway] if w is not None]
    found += [("river", r.id) for r in m.rivers] + [("road", r.id) for r in m.roads]
    if m.sewer:
        sw = m.sewer
        for cls, items in (
            ("corridor", sw.corridors),
            ("node", sw.nodes),
            ("grate", sw.grates),
            ("sluice-gate", sw.sluice_gates),
            ("cave-in", sw.cave_ins),
            ("gantry", sw.gantries),
            ("model", sw.models),
        ):
            found += [(cls, x.id) for x in items]
        found += [("flood-origin", None)] * (sw.flood_origin is not None)
    return Counter(found)


def expected_colours(s) -> dict[str, str]:
    """Layer name -> colour, for the layers whose colour docs/tiled.md fixes (units and models: their side's)."""
    out = {f"{what}: {side.name}": side.color for side in s.sides for what in ("units", "models")}
    return {**out, **LAYER_COLOURS, **AREA_COLOURS}


def objects_in(doc: dict) -> Counter:
    """(class, dambuster:id) of every object of a TMJ-shaped map."""
    found = Counter()
    for layer in doc["layers"]:
        for o in layer.get("objects", []):
            ident = next((p["value"] for p in o.get("properties", []) if p["name"] == "dambuster:id"), None)
            found[(o["type"], ident)] += 1
    return found


def check_layers(s, layers: list[tuple[str, str | None]]) -> None:
    """Every object layer has the colour the docs give it; the layers kinds need are there."""
    colours = expected_colours(s)
    object_layers = [(name, colour) for name, colour in layers if colour is not None]
    assert object_layers and all(colour == colours[name] for name, colour in object_layers), object_layers
    names = [name for name, _ in layers]
    if isinstance(s.map, HexMap):
        assert names[0] == "terrain" and {
            "streams",
            "rivers",
            "roads",
            "dams",
            "units: " + s.sides[0].name,
        } <= set(names)
    else:
        assert names[0] == "table" and {a.kind for a in s.map.areas} <= set(names)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_pytmx_loads_every_export_with_its_layers_colours_and_objects(tmp_path, sample):
    s = load(sample)
    tmx = export(sample, tmp_path / f"{sample.stem}.tmx")
    m = pytmx.TiledMap(str(tmx))  # raised "Reserved names and duplicate names are not allowed" before
    assert m.orientation == ("hexagonal" if isinstance(s.map, HexMap) else "orthogonal")
    check_layers(s, [(layer.name, getattr(layer, "color", None)) for layer in m.layers])
    found = Counter((o.type, o.properties.get("dambuster:id")) for o in m.objects)
    assert found == expected_objects(s)
    for o in m.objects:
        assert all(name.startswith("dambuster:") for name in o.properties)
        if o.type in ("stream", "ridge", "trees", "cleared-ridge", "graded-ridge"):
            assert len(o.points) == 2  # a line along the hexside, not a pin
    assert m.properties["dambuster:title"] == s.meta.title
    if isinstance(s.map, HexMap):
        terrain = m.get_layer_by_name("terrain")
        assert (terrain.width, terrain.height) == (s.map.columns, s.map.rows)
        assert {
            m.get_tile_properties_by_gid(gid)["dambuster:terrain"] for _, _, gid in terrain.iter_data()
        } == set(s.map.terrain.counts())


@pytest.mark.slow
@needs_tiled
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_tiled_converts_every_export_both_ways_with_every_layer_and_object(tmp_path, sample):
    s = load(sample)
    ours_tmj = export(sample, tmp_path / f"{sample.stem}.tmj")
    ours_tmx = export(sample, tmp_path / "tmx" / f"{sample.stem}.tmx")
    tiled_tmx = tiled_convert(tmp_path, ours_tmj, tmp_path / "by-tiled.tmx", "tmx")
    tiled_tmj = tiled_convert(tmp_path, ours_tmx, tmp_path / "tmx" / "by-tiled.tmj", "json")
    written_by_tiled = json.loads(tiled_tmj.read_text(encoding="utf-8"))
    check_layers(s, [(layer["name"], layer.get("color")) for layer in written_by_tiled["layers"]])
    assert (
        objects_in(written_by_tiled) == objects_in(parse_tmx(tiled_tmx.read_bytes())) == expected_objects(s)
    )
    loaded = pytmx.TiledMap(str(tiled_tmx))  # and the TMX Tiled wrote loads in pytmx, colours and all
    check_layers(s, [(layer.name, getattr(layer, "color", None)) for layer in loaded.layers])
    assert Counter((o.type, o.properties.get("dambuster:id")) for o in loaded.objects) == expected_objects(s)
    assert import_file(tiled_tmj).scenario == s
    if isinstance(s.map, HexMap):
        assert import_file(tiled_tmx).scenario == s
    else:  # Tiled's own TMX keeps six significant digits of a coordinate (docs/tiled.md): equal to within them
        assert_close(to_document(import_file(tiled_tmx).scenario), to_document(s), tolerance=0.002)


def assert_close(got, want, tolerance: float, where: str = "") -> None:
    """The same document, numbers equal to within ``tolerance`` (table units)."""
    if isinstance(want, dict):
        assert isinstance(got, dict) and got.keys() == want.keys(), where
        for k in want:
            assert_close(got[k], want[k], tolerance, f"{where}/{k}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), where
        for i, (g, w) in enumerate(zip(got, want)):
            assert_close(g, w, tolerance, f"{where}/{i}")
    elif isinstance(want, float) or (isinstance(want, int) and isinstance(got, float)):
        assert abs(got - want) <= tolerance, f"{where}: {got} != {want}"
    else:
        assert got == want, f"{where}: {got!r} != {want!r}"
