"""The reader conformance kit (conformance/, docs/engines.md): the vectors are current and valid, and
the second reader, in JavaScript and written from docs/format.md alone, passes every one of them."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "conformance"
VECTORS = sorted((KIT / "vectors").glob("*.vector.json"))
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed: the JavaScript reader cannot run")


def _make_vectors(out: Path) -> None:
    subprocess.run([sys.executable, str(KIT / "make_vectors.py"), "--out", str(out)], check=True,
                   capture_output=True, text=True)


def test_every_sample_and_layout_has_a_vector():
    names = {p.name.removesuffix(".vector.json") for p in VECTORS}
    assert {p.stem for p in (ROOT / "samples").glob("*.json")} <= names
    layouts = {(v["map"]["orientation"], v["map"]["offset"])
               for v in (json.loads(p.read_text(encoding="utf-8")) for p in VECTORS) if v["map"]["kind"] == "hex"}
    assert {("flat", "odd-q"), ("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")} <= layouts


def test_vectors_are_current(tmp_path):
    _make_vectors(tmp_path)
    for sub in ("vectors", "scenarios"):
        fresh = sorted(p.name for p in (tmp_path / sub).iterdir())
        assert fresh == sorted(p.name for p in (KIT / sub).iterdir()), sub
        for name in fresh:
            assert (tmp_path / sub / name).read_bytes() == (KIT / sub / name).read_bytes(), \
                f"conformance/{sub}/{name} is stale: run .venv/bin/python conformance/make_vectors.py"


@pytest.mark.parametrize("path", VECTORS, ids=lambda p: p.name)
def test_vector_follows_its_schema(path):
    schema = json.loads((KIT / "vector.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(json.loads(path.read_text(encoding="utf-8"))))
    assert errors == []
