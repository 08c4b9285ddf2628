"""Hex maps dambuster did not write: terrain from tile classes, tile properties, Wang colours and
external tilesets, by name and through the synonym table, in either stagger axis and index; maps
made by the real Tiled (its CLI writes the TSX tileset and the TMX map) and Tiled's own example
hex map (tests/tiled/tiled-examples/, with its licence). Refusals are one line, exit 2."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dambuster.interop.png import encode_rgba
from dambuster.interop.tiled.tilesets import SYNONYMS, terrain_named
from dambuster.model.io import load
from dambuster.model.terrain import TERRAIN_KINDS

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
TILED = shutil.which("tiled")
EXAMPLE = ROOT / "tests" / "tiled" / "tiled-examples" / "hexagonal-mini.tmx"
needs_tiled = pytest.mark.skipif(TILED is None, reason="Tiled is not installed (apt-get install tiled)")

# what the six hexes of the drawn map show, in offset order: class Woods, class Clear, property
# Kind = Lake, Wang colour Marsh, and from the external tileset classes Sea and Trees
EXPECTED = ["forest", "clear", "water", "swamp", "water", "forest"]


def dambuster(*args, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([DAMBUSTER, *map(str, args)], capture_output=True, input=stdin, timeout=120)


def tiled(folder: Path, *args) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(folder), XDG_RUNTIME_DIR=str(folder))
    r = subprocess.run([TILED, *map(str, args)], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr


def draw(folder: Path, axis: str, index: str, external: str = "more.tsx") -> Path:
    """A 3 x 2 hex map as another author would draw it (TMJ), its second tileset external."""
    w, h = (32, 28) if axis == "x" else (28, 32)
    (folder / "tiles.png").write_bytes(encode_rgba(w * 4, h, bytes([90, 140, 60, 255]) * (w * 4 * h)))
    (folder / "more.png").write_bytes(encode_rgba(w * 2, h, bytes([40, 80, 200, 255]) * (w * 2 * h)))
    sheet = {"tilewidth": w, "tileheight": h, "margin": 0, "spacing": 0, "imageheight": h}
    (folder / "more.tsj").write_text(
        json.dumps(
            {
                **sheet,
                "type": "tileset",
                "name": "coast",
                "tilecount": 2,
                "columns": 2,
                "image": "more.png",
                "imagewidth": w * 2,
                "tiles": [{"id": 0, "type": "Sea"}, {"id": 1, "type": "Trees"}],
            }
        )
    )
    land = {
        **sheet,
        "firstgid": 1,
        "name": "land",
        "tilecount": 4,
        "columns": 4,
        "image": "tiles.png",
        "imagewidth": w * 4,
        "tiles": [
            {"id": 0, "type": "Woods"},
            {"id": 1, "type": "Clear"},
            {"id": 2, "properties": [{"name": "Kind", "type": "string", "value": "Lake"}]},
        ],
        "wangsets": [
            {
                "name": "ground",
                "type": "corner",
                "tile": -1,
                "colors": [{"name": "Marsh", "color": "#00ff00", "tile": -1, "probability": 1}],
                "wangtiles": [{"tileid": 3, "wangid": [0, 1, 0, 1, 0, 1, 0, 1]}],
            }
        ],
    }
    layer = {"id": 1, "name": "Ground", "type": "tilelayer", "width": 3, "height": 2, "x": 0, "y": 0}
    doc = {
        "type": "map",
        "orientation": "hexagonal",
        "renderorder": "right-down",
        "width": 3,
        "height": 2,
        "tilewidth": w,
        "tileheight": h,
        "hexsidelength": 16,
        "staggeraxis": axis,
        "staggerindex": index,
        "infinite": False,
        "nextlayerid": 2,
        "nextobjectid": 1,
        "layers": [{**layer, "opacity": 1, "visible": True, "data": [1, 2, 3, 4, 5, 6]}],
        "tilesets": [land, {"firstgid": 5, "source": external}],
    }
    path = folder / "drawn.tmj"
    path.write_text(json.dumps(doc))
    return path


def terrain_in_offset_order(path: Path) -> list[str]:
    m = load(path).map
    layout = m.layout
    return [m.terrain[layout.to_axial(c, r)] for r in range(layout.rows) for c in range(layout.columns)]


@needs_tiled
@pytest.mark.parametrize("axis,index", [("x", "even"), ("x", "odd"), ("y", "even"), ("y", "odd")])
def test_a_map_tiled_wrote_with_foreign_tilesets_imports_by_their_names(tmp_path, axis, index):
    tmj = draw(tmp_path, axis, index)
    tiled(tmp_path, "--export-tileset", "tsx", tmp_path / "more.tsj", tmp_path / "more.tsx")
    tiled(tmp_path, "--export-map", "tmx", tmj, tmp_path / "drawn.tmx")
    tiled(tmp_path, "--export-map", "json", tmp_path / "drawn.tmx", tmp_path / "resaved.tmj")
    tmx = (tmp_path / "drawn.tmx").read_text()
    assert '<tileset firstgid="5" source="more.tsx"/>' in tmx and "<wangcolor" in tmx
    for name in ("drawn.tmx", "resaved.tmj"):
        out = tmp_path / f"{name}.json"
        r = dambuster("import-tiled", tmp_path / name, "-o", out)
        assert r.returncode == 0, r.stderr
        m = load(out).map
        assert (m.orientation, m.offset) == (
            ("flat", f"{index}-q") if axis == "x" else ("pointy", f"{index}-r")
        )
        assert terrain_in_offset_order(out) == EXPECTED


def test_tileds_own_example_hex_map_asks_for_its_tiles_then_imports(tmp_path):
    r = dambuster("import-tiled", EXAMPLE)
    err = r.stderr.decode()
    assert r.returncode == 2 and err.count("\n") == 1
    assert "tile 14 of tileset 'hex mini'" in err and "--terrain-map" in err and "Traceback" not in err
    # its tileset (hexmini.png, 5 x 4 tiles of 18 px) names nothing: the user maps the gids
    mapping = {str(g): ("water" if g == 15 else "clear") for g in range(1, 21)}
    (tmp_path / "gids.json").write_text(json.dumps(mapping))
    out = tmp_path / "mini.json"
    r = dambuster("import-tiled", EXAMPLE, "--terrain-map", tmp_path / "gids.json", "-o", out)
    assert r.returncode == 0, r.stderr
    m = load(out).map
    assert (m.orientation, m.offset, m.columns, m.rows) == ("pointy", "odd-r", 20, 20)
    terrain = terrain_in_offset_order(out)
    assert terrain[0] == "water" and set(terrain) == {"clear", "water"}  # hex 0101 shows gid 15


@needs_tiled
def test_tileds_example_re_saved_by_tiled_as_json_imports_the_same(tmp_path):
    shutil.copy(EXAMPLE, tmp_path)
    tiled(tmp_path, "--export-map", "json", tmp_path / EXAMPLE.name, tmp_path / "mini.tmj")
    (tmp_path / "gids.json").write_text(json.dumps({str(g): "forest" for g in range(1, 21)}))
    outs = []
    for src in (EXAMPLE, tmp_path / "mini.tmj"):
        out = tmp_path / f"{src.name}.json"
        r = dambuster("import-tiled", src, "--terrain-map", tmp_path / "gids.json", "-o", out)
        assert r.returncode == 0, r.stderr
        outs.append(terrain_in_offset_order(out))
    assert outs[0] == outs[1] == ["forest"] * 400


def test_names_count_case_insensitively_and_through_the_synonyms():
    assert [terrain_named(n) for n in ("Clear", "FOREST", " flooded_town ", "Flooded Town")] == [
        "clear",
        "forest",
        "flooded-town",
        "flooded-town",
    ]
    assert [terrain_named(n) for n in ("Woods", "trees", "Lake", "SEA", "Marsh", "Ruins")] == [
        "forest",
        "forest",
        "water",
        "water",
        "swamp",
        "rubble",
    ]
    assert terrain_named("Lava") is None and terrain_named("") is None
    assert set(SYNONYMS.values()) <= set(TERRAIN_KINDS)


# ------------------------------------------------------------------------ external tilesets: refusals
def refused(r: subprocess.CompletedProcess, *words: str) -> None:
    err = r.stderr.decode()
    assert r.returncode == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err


TSX = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="coast" tilewidth="32" tileheight="28" '
    'tilecount="2" columns="2">\n <tile id="0" type="Sea"/>\n <tile id="1" type="Trees"/>\n</tileset>\n'
)


def test_an_external_tileset_beside_the_map_is_read_without_tiled(tmp_path):
    tmj = draw(tmp_path, "y", "odd")
    (tmp_path / "more.tsx").write_text(TSX)
    out = tmp_path / "out.json"
    assert dambuster("import-tiled", tmj, "-o", out).returncode == 0
    assert terrain_in_offset_order(out) == EXPECTED


@pytest.mark.parametrize("source", ["sub/more.tsx", "../more.tsx", "/etc/more.tsx"])
def test_an_external_tileset_elsewhere_is_refused(tmp_path, source):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "more.tsx").write_text(TSX)
    refused(dambuster("import-tiled", draw(tmp_path, "y", "odd", source)), "only tilesets beside the map")


def test_a_linked_missing_huge_or_dtd_tileset_is_refused(tmp_path):
    tmj = draw(tmp_path, "y", "odd")
    (tmp_path / "elsewhere.tsx").write_text(TSX)
    (tmp_path / "more.tsx").symlink_to(tmp_path / "elsewhere.tsx")
    refused(dambuster("import-tiled", tmj), "symbolic link")
    (tmp_path / "more.tsx").unlink()
    refused(dambuster("import-tiled", tmj), "more.tsx")
    (tmp_path / "more.tsx").write_text(TSX.replace("<tileset", " " * (5 * 1024 * 1024) + "<tileset", 1))
    refused(dambuster("import-tiled", tmj), "external tileset")
    (tmp_path / "more.tsx").write_text(
        '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "Sea">]><tileset><tile id="0" type="&a;"/></tileset>'
    )
    refused(dambuster("import-tiled", tmj), "DTD")
    refused(dambuster("import-tiled", "-", stdin=tmj.read_bytes()), "standard input")


def test_a_tile_named_something_no_terrain_answers_to_is_named_in_the_sentence(tmp_path):
    tmj = draw(tmp_path, "y", "odd")
    (tmp_path / "more.tsx").write_text(TSX.replace('"Sea"', '"Lava"'))
    refused(dambuster("import-tiled", tmj), "called 'Lava'", "tile 0 of tileset", "--terrain-map")


def test_a_square_map_is_refused_saying_why(tmp_path):
    tmj = draw(tmp_path, "y", "odd")
    doc = json.loads(tmj.read_text())
    doc["orientation"] = "isometric"
    tmj.write_text(json.dumps(doc))
    refused(dambuster("import-tiled", tmj), "this is an isometric map", "a dambuster map is a grid of hexes")


def test_the_synonym_table_in_the_docs_is_the_one_the_importer_uses():
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| (`.*`) \|$", (ROOT / "docs" / "tiled.md").read_text(), re.M))
    documented = {name: kind for kind, names in rows.items() for name in re.findall(r"`([^`]+)`", names)}
    assert documented == SYNONYMS
