"""What the editor's Tiled import dialog is given (interop/tiled/unresolved.py, Qt-free): the tiles of the
terrain layer no name maps, where each one's picture is (a part of the tileset image, by tile size,
margin, spacing and columns, in an embedded or an external tileset; or a tile's own image), a guess
from the words of its name, and the --terrain-map file the choices make, which the command line reads."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from dambuster.interop.tiled.importer import load_terrain_map, read_document
from dambuster.interop.tiled.unresolved import TileImage, guess, mapping_json, unresolved_tiles

DAMBUSTER = str(Path(sys.executable).parent / "dambuster")


def hex_map(tilesets: list[dict], data: list[int]) -> dict:
    return {
        "type": "map",
        "orientation": "hexagonal",
        "width": len(data),
        "height": 1,
        "tilewidth": 28,
        "tileheight": 32,
        "hexsidelength": 16,
        "staggeraxis": "y",
        "staggerindex": "odd",
        "tilesets": tilesets,
        "layers": [{"type": "tilelayer", "name": "ground", "width": len(data), "height": 1, "data": data}],
    }


SHEET = {
    "firstgid": 1,
    "name": "sheet",
    "image": "sheet.png",
    "imagewidth": 100,
    "imageheight": 80,
    "tilewidth": 28,
    "tileheight": 32,
    "margin": 2,
    "spacing": 4,
    "columns": 3,
    "tiles": [{"id": 0, "type": "Woods"}, {"id": 4, "type": "dark grass 2"}],
}
COLLECTION = {
    "firstgid": 10,
    "name": "pictures",
    "tiles": [
        {"id": 0, "image": "hill.png", "imagewidth": 28, "imageheight": 32},
        {
            "id": 1,
            "image": "atlas.png",
            "imagewidth": 256,
            "imageheight": 256,
            "x": 64,
            "y": 32,
            "width": 28,
            "height": 32,
        },
        {"id": 2, "image": "../elsewhere/cave.png", "imagewidth": 28, "imageheight": 32},
    ],
}


def test_exactly_the_unnamed_tiles_shown_on_the_map_with_where_their_pictures_are(tmp_path):
    doc = hex_map([SHEET, COLLECTION], [1, 5, 5, 6, 10, 11, 12, 0])  # gid 2 is in no hex: not asked
    found = {t.gid: t for t in unresolved_tiles(doc, tmp_path)}
    assert sorted(found) == [5, 6, 10, 11, 12]  # gid 1 is Woods: forest by name
    assert found[5].hexes == 2 and found[5].name == "dark grass 2" and found[5].guess == "clear"
    # tile 4 of a 3-column sheet: row 1, column 1, after a margin of 2 and spacings of 4
    assert found[5].image == TileImage("sheet.png", (2 + 28 + 4, 2 + 32 + 4, 28, 32))
    assert found[6].image == TileImage("sheet.png", (2 + 2 * (28 + 4), 2 + 32 + 4, 28, 32))
    assert found[6].guess is None and found[6].name == ""
    assert found[10].image == TileImage("hill.png", None)  # all of its own image
    assert found[11].image == TileImage("atlas.png", (64, 32, 28, 32))  # Tiled 1.9+: a part of it
    assert found[12].image is None  # not beside the map: never read
    assert found[10].where == "tile 0 of tileset 'pictures'"


def test_an_external_tsx_tileset_gives_its_image_and_old_tmx_its_columns_from_the_width(tmp_path):
    (tmp_path / "coast.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<tileset version="1.10" name="coast" tilewidth="28" tileheight="32" tilecount="4">\n'
        ' <image source="coast.png" width="56" height="64"/>\n'
        ' <tile id="0" type="Sea"/>\n'
        "</tileset>\n"
    )
    (tmp_path / "map.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.0" orientation="hexagonal" width="3" height="1" tilewidth="28" tileheight="32" '
        'hexsidelength="16" staggeraxis="y" staggerindex="odd">\n'
        ' <tileset firstgid="1" source="coast.tsx"/>\n'
        ' <layer name="terrain" width="3" height="1"><data encoding="csv">1,2,4</data></layer>\n'
        "</map>\n"
    )
    found = unresolved_tiles(read_document(tmp_path / "map.tmx"), tmp_path)
    assert [(t.gid, t.image) for t in found] == [
        (2, TileImage("coast.png", (28, 0, 28, 32))),
        (4, TileImage("coast.png", (28, 32, 28, 32))),  # two columns in 56 pixels
    ]


def test_a_word_of_a_name_is_a_guess_and_a_name_without_one_is_none():
    assert guess("Dense Forest") == "forest"
    assert guess("grass_dark_2") == "clear"
    assert guess("shallow-water-edge") == "water"  # the longest run of words first
    assert guess("hills") is None and guess("") is None


def test_the_saved_choices_are_the_file_the_command_line_reads(tmp_path):
    choices = {12: "water", 3: "forest"}
    path = tmp_path / "choices.json"
    path.write_bytes(mapping_json(choices))
    assert json.loads(path.read_text()) == {"3": "forest", "12": "water"}
    assert load_terrain_map(path) == choices
    doc = hex_map([{"firstgid": 1, "name": "plain", "tiles": []}], [3, 12, 3])
    (tmp_path / "map.tmj").write_text(json.dumps(doc))
    r = subprocess.run(
        [DAMBUSTER, "import-tiled", str(tmp_path / "map.tmj"), "--terrain-map", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["map"]["terrain"]["rows"]
