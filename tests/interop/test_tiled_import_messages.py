"""import-tiled's refusals speak of the map, never in Python's words (no exception names, no
"unhashable type: 'dict'", no type names such as int or str): the map is damaged at random and every
message is checked."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

from dambuster.interop.tiled.export import to_tmj
from dambuster.interop.tiled.importer import TiledImportError, import_document
from dambuster.model.io import load

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
PYTHON_WORDS = re.compile(
    r"Error\b|Exception|unhashable|NoneType|object has no attribute|not subscriptable|"
    r"not supported between|__\w+__|\bshould be (int|str|float|bool|dict|list)\b|'dict'|'list'"
)
JUNK = [None, "x", -1, 1.5, [], {}, True, "0101 9999", 10**30, {"a": 1}, [1, "a"]]


def every_path(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield (*path, k)
            yield from every_path(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield (*path, i)
            yield from every_path(v, (*path, i))


def test_a_damaged_map_is_refused_in_the_maps_words_not_pythons():
    text = json.dumps(to_tmj(load(ROOT / "samples" / "ogre-dambusters-valley.json"), "t.png"))
    paths = list(every_path(json.loads(text)))
    rng = random.Random(21)
    refused = 0
    for _ in range(600):
        damaged = json.loads(text)  # a fresh copy (json is several times faster than deepcopy)
        *parents, last = rng.choice(paths)
        node = damaged
        for key in parents:
            node = node[key]
        node[last] = rng.choice(JUNK)
        try:
            import_document(damaged)
        except TiledImportError as e:
            refused += 1
            assert not PYTHON_WORDS.search(str(e)), str(e)
    assert refused > 100


def test_a_property_of_the_wrong_kind_is_named_as_tiled_names_kinds(tmp_path):
    doc = json.loads(json.dumps(to_tmj(load(ROOT / "samples" / "ogre-dambusters-valley.json"), "t.png")))
    unit = next(o for layer in doc["layers"] for o in layer.get("objects", []) if o["type"] == "unit")
    squads = next(p for p in unit["properties"] if p["name"] == "dambuster:squads")
    squads["value"] = 1.5
    path = tmp_path / "map.tmj"
    path.write_text(json.dumps(doc))
    r = subprocess.run([DAMBUSTER, "import-tiled", path], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "property 'dambuster:squads' should be a whole number (int), not 1.5" in r.stderr


def test_broken_xml_says_where_in_the_file(tmp_path):
    path = tmp_path / "map.tmx"
    path.write_text('<map orientation="hexagonal">\n<layer><</map>')
    r = subprocess.run([DAMBUSTER, "import-tiled", path], capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.endswith("not well-formed XML at line 2, column 9: not well-formed (invalid token)\n")
