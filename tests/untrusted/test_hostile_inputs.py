"""Files from strangers: every broken, hostile or oversized file is refused with one clear sentence.

In-process, each file raises ScenarioError with the right code (JSON when it cannot be read or parsed,
SCHEMA otherwise) and the JSON pointer of the culprit where there is one. Through the command line,
a refused file exits 2 with exactly one line on stderr and never a traceback. The corpus is built in
tmp_path; nothing large is committed.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import rich_hex_scenario, rich_table_scenario

from dambuster.model import ScenarioError, load, loads
from dambuster.model.io import MAX_FILE_BYTES, dumps

HEX_TEXT = dumps(rich_hex_scenario())
TABLE_TEXT = dumps(rich_table_scenario())


def hex_doc() -> dict:
    return json.loads(HEX_TEXT)


def table_doc() -> dict:
    return json.loads(TABLE_TEXT)


def _with(doc: dict, path: str, value: Any) -> dict:
    """The document with the value at a slash-separated path replaced (or deleted for DELETE)."""
    *parents, last = [int(p) if p.isdigit() else p for p in path.strip("/").split("/")]
    node = doc
    for p in parents:
        node = node[p]
    if value is DELETE:
        del node[last]
    else:
        node[last] = value
    return doc


DELETE = object()
MARK = "\u2603MARK\u2603"


def _raw(doc: dict, path: str, token: str) -> str:
    """The document as text with a raw (not JSON-encodable) token at a path: NaN, 1e999, ..."""
    return json.dumps(_with(doc, path, MARK)).replace(json.dumps(MARK), token)


# ------------------------------------------------------------------------------- the corpus
# name -> (writer of the file, expected code, expected pointer or None when there is no culprit)
Writer = Callable[[Path], None]
CASES: dict[str, tuple[Writer, str, str | None]] = {}


def case(name: str, code: str, ptr: str | None):
    def deco(fn):
        CASES[name] = (fn, code, ptr)
        return fn

    return deco


def text_case(name: str, code: str, ptr: str | None, make: Callable[[], str | bytes]):
    def write(path: Path) -> None:
        data = make()
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))

    CASES[name] = (write, code, ptr)


# unreadable or not JSON
text_case("truncated", "JSON", "", lambda: HEX_TEXT[: len(HEX_TEXT) // 2])
text_case("empty", "JSON", "", lambda: b"")
text_case("only-whitespace", "JSON", "", lambda: b" \n\t\n")
text_case("binary", "JSON", "", lambda: bytes(range(256)) * 16)
text_case("png", "JSON", "", lambda: b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(200))
text_case("utf16-with-bom", "JSON", "", lambda: HEX_TEXT.encode("utf-16"))
text_case("utf16-without-bom", "JSON", "", lambda: HEX_TEXT.encode("utf-16-be"))
text_case("utf8-bom", "JSON", "", lambda: b"\xef\xbb\xbf" + HEX_TEXT.encode())
text_case(
    "latin1-bytes",
    "JSON",
    "",
    lambda: HEX_TEXT.replace("Möhne", "M\udcf6hne").encode("utf-8", "surrogateescape"),
)
text_case(
    "raw-control-character", "JSON", "", lambda: HEX_TEXT.replace("Breach the dam.", "Breach\x07the dam.")
)
text_case("nan", "JSON", "/map/width", lambda: _raw(table_doc(), "/map/width", "NaN"))
text_case("infinity", "JSON", "/map/depth", lambda: _raw(table_doc(), "/map/depth", "Infinity"))
text_case(
    "minus-infinity",
    "JSON",
    "/map/rivers/0/width",
    lambda: _raw(table_doc(), "/map/rivers/0/width", "-Infinity"),
)
text_case(
    "1e999",
    "JSON",
    "/map/areas/0/polygon/1/0",
    lambda: _raw(table_doc(), "/map/areas/0/polygon/1/0", "1e999"),
)
text_case(
    "minus-1e999",
    "JSON",
    "/parameters/washout_radius",
    lambda: _raw(hex_doc(), "/parameters/washout_radius", "-1e999"),
)
text_case("5000-digit-integer", "JSON", "/map/columns", lambda: _raw(hex_doc(), "/map/columns", "9" * 5000))
text_case(
    "5000-digit-negative-integer",
    "JSON",
    "/units/1/squads",
    lambda: _raw(hex_doc(), "/units/1/squads", "-" + "1" * 5000),
)
text_case(
    "duplicate-top-level-key",
    "JSON",
    "",
    lambda: HEX_TEXT.replace('"generator":', '"meta": {},\n  "generator":', 1),
)
text_case(
    "duplicate-nested-key",
    "JSON",
    "/meta",
    lambda: HEX_TEXT.replace('"author":', '"title": "again",\n    "author":', 1),
)
text_case(
    "duplicate-deep-key",
    "JSON",
    "/map/dams/0/buildings/0",
    lambda: HEX_TEXT.replace('"kind": "power plant"', '"kind": "power plant", "kind": "mill"', 1),
)
text_case("nesting-100000-deep", "JSON", "", lambda: "[" * 100_000 + "]" * 100_000)
text_case(
    "nesting-100000-deep-inside",
    "JSON",
    "",
    lambda: _raw(hex_doc(), "/meta/tags", "[" * 100_000 + "]" * 100_000),
)
text_case(
    "unpaired-surrogate", "JSON", "/meta/title", lambda: _raw(hex_doc(), "/meta/title", '"dam \\ud800"')
)
text_case(
    "unpaired-surrogate-key",
    "JSON",
    "/parameters/rules",
    lambda: _raw(hex_doc(), "/parameters/rules", '{"\\udfff": {}}'),
)


@case("200-MB-sparse-file", "JSON", "")
def _sparse(path: Path) -> None:
    with open(path, "wb") as f:  # a hole of 200 MB: costs no disk, must be refused by its size alone
        f.seek(200 * 2**20)
        f.write(b"}")


# readable JSON, but not a scenario
text_case(
    "10-MB-string",
    "SCHEMA",
    "/meta/title",
    lambda: json.dumps(_with(hex_doc(), "/meta/title", "x" * 10_000_000)),
)
text_case(
    "1000000-item-list", "SCHEMA", "/units", lambda: json.dumps(_with(hex_doc(), "/units", [0] * 1_000_000))
)
text_case("top-level-array", "SCHEMA", "", lambda: "[]")
text_case("top-level-string", "SCHEMA", "", lambda: '"scenario"')
text_case("top-level-null", "SCHEMA", "", lambda: "null")
text_case(
    "format-version-2.0",
    "SCHEMA",
    "/format_version",
    lambda: json.dumps(_with(hex_doc(), "/format_version", "2.0")),
)
text_case(
    "format-version-1.99",
    "SCHEMA",
    "/format_version",
    lambda: json.dumps(_with(hex_doc(), "/format_version", "1.99")),
)
text_case(
    "format-version-x",
    "SCHEMA",
    "/format_version",
    lambda: json.dumps(_with(hex_doc(), "/format_version", "x")),
)
text_case(
    "format-version-number",
    "SCHEMA",
    "/format_version",
    lambda: json.dumps(_with(hex_doc(), "/format_version", 1.0)),
)
text_case(
    "format-version-newline",
    "SCHEMA",
    "/format_version",
    lambda: json.dumps(_with(hex_doc(), "/format_version", "1.0\n")),
)
text_case(
    "format-version-missing", "SCHEMA", "", lambda: json.dumps(_with(hex_doc(), "/format_version", DELETE))
)
text_case(
    "id-with-trailing-newline",
    "SCHEMA",
    "/sides/0/id",
    lambda: json.dumps(_with(hex_doc(), "/sides/0/id", "red\n")),
)
text_case("unknown-property", "SCHEMA", "/map", lambda: json.dumps(_with(hex_doc(), "/map/lakes", [])))
text_case(
    "dangling-side", "SCHEMA", "/units/0/side", lambda: json.dumps(_with(hex_doc(), "/units/0/side", "green"))
)
text_case(
    "dangling-river",
    "SCHEMA",
    "/map/dams/0/river",
    lambda: json.dumps(_with(hex_doc(), "/map/dams/0/river", "danube")),
)
text_case(
    "dangling-bridge",
    "SCHEMA",
    "/map/markers/bridges_out/0/bridge",
    lambda: json.dumps(_with(hex_doc(), "/map/markers/bridges_out/0/bridge", "br-404")),
)
text_case(
    "dangling-corridor",
    "SCHEMA",
    "/map/sewer/models/1/corridor",
    lambda: json.dumps(_with(table_doc(), "/map/sewer/models/1/corridor", "c-9")),
)
text_case(
    "reference-to-wrong-kind",
    "SCHEMA",
    "/map/river_bridges/0/river",
    lambda: json.dumps(_with(hex_doc(), "/map/river_bridges/0/river", "r1")),
)
text_case(
    "duplicate-id",
    "SCHEMA",
    "/map/roads/0/id",
    lambda: json.dumps(_with(hex_doc(), "/map/roads/0/id", "rhine")),
)
text_case(
    "unit-off-the-map",
    "SCHEMA",
    "/units/1/hex",
    lambda: json.dumps(_with(hex_doc(), "/units/1/hex", [99, 99])),
)
text_case(
    "river-hex-off-the-map",
    "SCHEMA",
    "/map/rivers/0/hexes/2",
    lambda: json.dumps(_with(hex_doc(), "/map/rivers/0/hexes/2", [-50, 0])),
)
text_case(
    "hexside-off-the-map",
    "SCHEMA",
    "/map/hexsides/1/side",
    lambda: json.dumps(_with(hex_doc(), "/map/hexsides/1/side", [40, 40, 1])),
)
text_case(
    "terrain-row-too-short",
    "SCHEMA",
    "/map/terrain/rows/0",
    lambda: json.dumps(_with(hex_doc(), "/map/terrain/rows/0", "cc")),
)
text_case(
    "self-intersecting-polygon",
    "SCHEMA",
    "/map/areas/1/polygon",
    lambda: json.dumps(_with(table_doc(), "/map/areas/1/polygon", [[0, 0], [10, 10], [10, 0], [0, 10]])),
)
text_case(
    "zero-length-river",
    "SCHEMA",
    "/map/rivers/0/line",
    lambda: json.dumps(_with(table_doc(), "/map/rivers/0/line", [[5, 5], [5, 5]])),
)
text_case(
    "model-past-corridor-end",
    "SCHEMA",
    "/map/sewer/models/0/position",
    lambda: json.dumps(_with(table_doc(), "/map/sewer/models/0/position", 301.0)),
)


@pytest.fixture
def corpus_file(tmp_path, request) -> tuple[Path, str, str | None]:
    write, code, ptr = CASES[request.param]
    path = tmp_path / f"{request.param}.json"
    write(path)
    return path, code, ptr


@pytest.mark.parametrize("corpus_file", sorted(CASES), indirect=True)
def test_hostile_file_is_refused_with_code_and_pointer(corpus_file):
    path, code, ptr = corpus_file
    with pytest.raises(ScenarioError) as info:
        load(path)
    err = info.value
    assert (err.code, err.first.pointer) == (code, ptr), str(err)
    assert err.first.message and len(err.first.message) < 200  # one plain sentence, no echo of a huge value
    assert len(str(err)) < 300


def test_parse_errors_say_where(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(HEX_TEXT.replace('"rows": 5', '"rows" 5'), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load(path)
    line = 1 + HEX_TEXT[: HEX_TEXT.index('"rows": 5')].count("\n")
    assert (info.value.first.line, info.value.code) == (line, "JSON")
    assert str(info.value).startswith(f"line {line} column ")


def test_size_limit_is_checked_before_reading(tmp_path):
    path = tmp_path / "just-over.json"
    with open(path, "wb") as f:
        f.seek(MAX_FILE_BYTES)
        f.write(b" ")
    with pytest.raises(ScenarioError, match="limit"):
        load(path)


def test_a_folder_or_missing_file_is_a_json_error(tmp_path):
    for path in (tmp_path, tmp_path / "absent.json"):
        with pytest.raises(ScenarioError) as info:
            load(path)
        assert info.value.code == "JSON"


# ------------------------------------------------------------------ wrong types at every level
REPLACEMENTS: list[Any] = [None, True, 7, 2.5, "x", [], {}]


def _json_type(v: Any) -> str:
    if v is None:
        return "null"
    return {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object"}[
        type(v)
    ]


def _paths(node: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every value's path; of repeated structures (list items, unit types) only the first is entered."""
    yield path
    if isinstance(node, dict):
        items = list(node.items())
        if path == ("unit_types",):
            items = items[:1]
        for k, v in items:
            yield from _paths(v, path + (k,))
    elif isinstance(node, list) and node:
        for i in range(1, len(node)):
            yield path + (i,)
        yield from _paths(node[0], path + (0,))


#: Every other type for every value takes ~30 s; by default each value gets two other types, taken in
#: turn from REPLACEMENTS so that every type lands everywhere across the document's siblings.
ALL_TYPES = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"


def _mutations(doc: dict) -> Iterator[tuple[tuple, Any, dict]]:
    for n, path in enumerate(_paths(doc)):
        if not path:
            continue
        node = doc
        for p in path:
            node = node[p]
        others = [r for r in REPLACEMENTS if _json_type(r) != _json_type(node)]
        if not ALL_TYPES:
            others = [others[n % len(others)], others[(n + 3) % len(others)]]
        for new in others:
            mutated = copy.deepcopy(doc)
            target = mutated
            for p in path[:-1]:
                target = target[p]
            target[path[-1]] = new
            yield path, new, mutated


def _is_prefix(a: str, b: str) -> bool:
    """JSON pointer a is b or one of its ancestors."""
    pa, pb = a.split("/")[1:] if a else [], b.split("/")[1:] if b else []
    return pb[: len(pa)] == pa


def _resolves(doc: Any, ptr: str) -> bool:
    node = doc
    for part in [p.replace("~1", "/").replace("~0", "~") for p in ptr.split("/")[1:]]:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


@pytest.mark.slow
@pytest.mark.parametrize("make_doc", [hex_doc, table_doc], ids=["hex", "table"])
def test_every_value_changed_to_another_type_is_refused_or_loads(make_doc):
    """Each value in turn becomes null, a boolean, a number, a string, an array, an object: the file is
    refused with a SCHEMA error pointing at the changed value (or its container), or, when the change
    is still valid (null for an optional reference), loads and saves."""
    doc = make_doc()
    used = {u["type"] for u in doc["units"]} | {k for b in doc["budgets"] for k in b["units"]}
    doc["unit_types"] = {k: v for k, v in doc["unit_types"].items() if k in used}  # same shape, less to check
    checked = refused = 0
    for path, new, mutated in _mutations(doc):
        checked += 1
        text = json.dumps(mutated, ensure_ascii=False)
        where = "/" + "/".join(map(str, path))
        try:
            scenario = loads(text)
        except ScenarioError as e:
            refused += 1
            assert e.code == "SCHEMA", (where, new, str(e))
            ptr = e.first.pointer
            assert _resolves(mutated, ptr), (where, new, str(e))
            # the culprit is the changed value, a part of it, or the object holding it; or a reference
            # to an object the change removed
            related = _is_prefix(ptr, where) or _is_prefix(where, ptr) or "does not exist" in e.first.message
            assert related, (where, new, str(e))
            continue
        except Exception as e:  # pragma: no cover - the failure message is the point
            pytest.fail(f"{where} = {new!r}: {type(e).__name__}: {e}")
        assert loads(dumps(scenario)) == scenario, (where, new)
    assert checked > 300 and refused > checked * 0.6


# ------------------------------------------------------------------------- byte-level edits
_SIGNIFICANT = list(b'{}[]",:0123456789eE.-+ntrufalsN\\u')


@st.composite
def edited_files(draw) -> bytes:
    """A saved scenario with one to four bytes replaced, deleted or inserted (often JSON syntax)."""
    data = bytearray(draw(st.sampled_from([HEX_TEXT, TABLE_TEXT])).encode("utf-8"))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(data) - 1))
        op = draw(st.sampled_from(["replace", "delete", "insert"]))
        b = draw(st.sampled_from(_SIGNIFICANT) | st.integers(0, 255))
        if op == "replace":
            data[i] = b
        elif op == "delete":
            del data[i]
        else:
            data.insert(i, b)
    return bytes(data)


@settings(max_examples=300)
@given(edited_files())
def test_a_file_with_a_few_bytes_changed_is_refused_or_loads_and_saves(data):
    try:
        scenario = loads(data)
    except ScenarioError as e:
        assert e.code in ("JSON", "SCHEMA") and e.problems and len(str(e)) < 300
        return
    assert loads(dumps(scenario)) == scenario


# --------------------------------------------------------------------------- through the CLI
CLI_CASES = [
    "empty",
    "binary",
    "utf16-with-bom",
    "nan",
    "5000-digit-integer",
    "duplicate-nested-key",
    "nesting-100000-deep",
    "200-MB-sparse-file",
    "10-MB-string",
    "1000000-item-list",
    "format-version-2.0",
    "dangling-side",
    "self-intersecting-polygon",
]


def _validate(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dambuster", "validate", *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize(
    "name", ["empty", "nan", "nesting-100000-deep", "200-MB-sparse-file", "10-MB-string", "dangling-side"]
)
def test_cli_refuses_with_exit_2_and_one_line(tmp_path, name):
    write, code, _ = CASES[name]
    path = tmp_path / f"{name}.json"
    write(path)
    result = _validate(path)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert str(path) in lines[0] and f"({code})" in lines[0] and len(lines[0]) < 400
    assert "Traceback" not in result.stdout + result.stderr


def test_cli_reports_every_refused_file_once(tmp_path):
    paths = []
    for name in CLI_CASES:
        write, _, _ = CASES[name]
        paths.append(tmp_path / f"{name}.json")
        write(paths[-1])
    result = _validate(*paths)
    assert result.returncode == 2
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == len(paths)
    for line, path in zip(lines, paths):
        assert line.startswith(f"dambuster: {path}: ")
