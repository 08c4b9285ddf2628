"""docs/format.md: up to date, complete, and saying what the code does.

An engine author implements a reader from this page alone, so every number, formula and example in
it is checked here against the schema and the model (hexgrid, terrain, catalog, Parameters, io).
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dambuster.cli.docs import format_md as docs
from dambuster.model import io, migrations
from dambuster.model.catalog import DEFAULT_UNIT_TYPES
from dambuster.model.codec import to_dict
from dambuster.model.hexgrid import DIRECTIONS, Layout, canonical_hexside
from dambuster.model.scenario import Parameters
from dambuster.model.terrain import TERRAIN_CODES

ROOT = Path(__file__).resolve().parents[1]
FORMAT_MD = ROOT / "docs" / "format.md"
OFFSETS = {"odd-q": "flat", "even-q": "flat", "odd-r": "pointy", "even-r": "pointy"}


@pytest.fixture(scope="module")
def doc() -> str:
    return FORMAT_MD.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def schema() -> dict:
    return json.loads((ROOT / "schema" / "scenario.schema.json").read_text(encoding="utf-8"))


def section(doc: str, heading: str) -> str:
    """The text under a markdown heading, up to the next heading of the same or a higher level."""
    m = re.search(rf"^(#+) {re.escape(heading)}\s*$", doc, re.M)
    assert m, f"no heading {heading!r} in docs/format.md"
    level = len(m.group(1))
    end = re.compile(rf"^#{{1,{level}}} ", re.M).search(doc, m.end())
    return doc[m.end() : end.start() if end else len(doc)]


def table_rows(text: str) -> list[list[str]]:
    """Body rows of the markdown tables in ``text``, as lists of cell texts (header and rule skipped)."""
    rows, previous = [], ""
    for line in text.splitlines():
        if line.startswith("|") and not re.match(r"^\|[-| ]+\|$", line) and previous.startswith("|"):
            rows.append([c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]])
        previous = line if line.startswith("|") else ""
    return rows


def code_block(text: str, after: str) -> str:
    m = re.search(re.escape(after) + r".*?```\w*\n(.*?)```", text, re.S)
    assert m, f"no code block after {after!r}"
    return m.group(1)


def unquote(cell: str) -> str:
    return cell.strip().strip("`")


# ------------------------------------------------------------------------------- up to date
def test_the_committed_format_md_is_what_the_generator_writes(doc):
    assert doc == docs.render(), "docs/format.md is out of date: run python -m dambuster.cli.docs.format_md"


def test_every_generated_doc_is_current():
    """format.md, rules.md, audit.md and dambuster.1: regenerate them with `python -m dambuster.cli.docs`."""
    done = subprocess.run(
        [sys.executable, "-m", "dambuster.cli.docs", "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    for name in ("format.md", "rules.md", "audit.md", "dambuster.1"):
        assert f"docs/{name} is up to date" in done.stderr


def test_check_flag_fails_on_a_stale_file_and_writing_fixes_it(tmp_path, capsys):
    out = tmp_path / "format.md"
    out.write_text(docs.render().replace("axial", "cube", 1), encoding="utf-8")
    assert docs.main(["--check", "--output", str(out)]) == 1
    assert "out of date" in capsys.readouterr().err
    assert docs.main(["--output", str(out)]) == 0
    assert docs.main(["--check", "--output", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == docs.render()


def test_check_flag_fails_when_the_file_is_missing(tmp_path):
    assert docs.main(["--check", "--output", str(tmp_path / "absent.md")]) == 1


def test_the_intro_ships_with_the_package():
    assert docs.intro_text().startswith("# The dambuster scenario format")


# ------------------------------------------------------------------------------- completeness
def _objects(node):
    """The properties of every object of the schema, however deeply written (conditions skipped:
    they only restate properties)."""
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            yield node["properties"]
        for k, v in node.items():
            if k not in ("if", "then", "else"):
                yield from _objects(v)
    elif isinstance(node, list):
        for v in node:
            yield from _objects(v)


def test_every_property_of_the_schema_has_a_row_in_the_reference(doc, schema):
    reference = doc[doc.index("## Property reference") :]
    rows = [r[0] for r in table_rows(reference)]
    wanted: dict[str, int] = {}
    for props in _objects(schema):
        for name in props:
            wanted[f"`{name}`"] = wanted.get(f"`{name}`", 0) + 1
    missing = {name: n for name, n in wanted.items() if rows.count(name) < n}
    assert not missing, f"properties without (enough) rows in the reference: {missing}"


def test_every_definition_has_a_section_and_every_link_resolves(doc, schema):
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', doc))
    for name in schema["$defs"]:
        assert docs.anchor(name) in anchors, f"no section for $defs/{name}"
    links = set(re.findall(r"\]\(#(ref-[^)]+)\)", doc))
    assert links - anchors == set()
    # every $ref of the schema is a link somewhere
    refs = set(re.findall(r'"\$ref": "#/\$defs/([^"]+)"', json.dumps(schema)))
    assert {docs.anchor(r) for r in refs} <= links


def test_every_enum_value_pattern_and_size_cap_is_shown(doc, schema):
    reference = doc[doc.index("## Property reference") :]
    text = json.dumps(schema)
    for values in re.findall(r'"enum": (\[[^\]]*\])', text):
        for v in json.loads(values):
            assert f"`{json.dumps(v)}`" in reference, v
    for pattern in re.findall(r'"pattern": ("(?:[^"\\]|\\.)*")', text):
        assert f"`{json.loads(pattern)}`" in reference.replace("\\|", "|"), pattern  # table cells escape |
    for cap in re.findall(r'"maxItems": (\d+)', text):
        assert f"{int(cap):,} items" in reference, cap


def test_tables_have_as_many_cells_as_their_header(doc):
    header_cells = None
    for n, line in enumerate(doc.splitlines(), 1):
        if not line.startswith("|"):
            header_cells = None
            continue
        cells = len(re.split(r"(?<!\\)\|", line.strip())) - 2
        if header_cells is None:
            header_cells = cells
        assert cells == header_cells, f"line {n} has {cells} cells, its table {header_cells}: {line[:80]}"


def test_every_model_dataclass_lends_its_defaults_to_a_section(schema):
    from dambuster.model import scenario as model

    classes = {
        c
        for c in vars(model).values()
        if isinstance(c, type) and dataclasses.is_dataclass(c) and c.__module__ == model.__name__
    }
    matched = set(docs.model_classes(docs.sections(schema)).values())
    assert classes - matched == set(), "these dataclasses match no schema object, so no defaults are shown"


def test_optional_properties_show_what_an_absent_value_means(doc):
    unit = {r[0]: r for r in table_rows(section(doc, "unit"))}
    assert (
        unit["`squads`"][3] == "`1`" and unit["`status`"][3] == '`"ready"`' and unit["`hex`"][3] == "`null`"
    )
    surge = {r[0]: r for r in table_rows(section(doc, "parameters › surge"))}
    assert surge["`length`"][3] == "`3` when `surge` is absent"
    sewer = {r[0]: r for r in table_rows(section(doc, "sewer"))}
    assert sewer["`corridors`"][3] == "", "an absent sewer is null, not an empty sewer"


# ------------------------------------------------------------------------------- parameters
def _leaves(params: dict):
    """Parameters as the table lists them: objects one level down by dotted name, the rest whole."""
    for k, v in params.items():
        if isinstance(v, dict) and v:
            for k2, v2 in v.items():
                yield f"{k}.{k2}", v2
        else:
            yield k, v


def test_every_parameter_default_is_documented_with_its_value(doc):
    rows = {unquote(r[0]): r for r in table_rows(section(doc, "9. Parameters"))}
    defaults = dict(_leaves(to_dict(Parameters())))
    assert set(defaults) == set(rows), "parameters table and model.scenario.Parameters differ"
    for name, value in defaults.items():
        assert json.loads(unquote(rows[name][1])) == value, name
        assert rows[name][2], f"{name}: which rule text (or our decision) is not said"


def test_parameter_defaults_also_appear_in_the_reference(doc):
    params = {r[0]: r for r in table_rows(section(doc, "parameters"))}
    assert params["`washout_radius`"][3] == "`6`"
    assert params["`floodplain_floods_on`"][3] == "`1`"
    flood = {r[0]: r for r in table_rows(section(doc, "parameters › flash_flood"))}
    assert flood["`hit_step`"][3].startswith("`3.0`")


# ------------------------------------------------------------------------------- hex grid
def _formulas(block: str) -> dict[str, tuple[str, str]]:
    out = {}
    for line in block.strip().splitlines():
        m = re.match(r"^(odd-q|even-q|odd-r|even-r)\s+\w+ = (.+?)\s{2,}\w+ = (.+)$", line)
        assert m, line
        out[m.group(1)] = (m.group(2), m.group(3))
    assert set(out) == set(OFFSETS)
    return out


def test_documented_conversion_formulas_agree_with_the_model(doc):
    to_offset = _formulas(code_block(doc, "Conversions, axial to offset"))
    to_axial = _formulas(code_block(doc, "and offset to axial"))
    for offset, orientation in OFFSETS.items():
        layout = Layout(orientation, offset, 40, 40)
        for a in range(-9, 10):
            for b in range(-9, 10):
                col, row = (eval(e, {}, {"q": a, "r": b}) for e in to_offset[offset])
                assert (col, row) == layout.to_offset((a, b)) and col == int(col), (offset, a, b)
                q, r = (eval(e, {}, {"col": a, "row": b}) for e in to_axial[offset])
                assert (q, r) == layout.to_axial(a, b), (offset, a, b)


def _pair(cell: str) -> tuple[int, int]:
    return tuple(int(x) for x in re.findall(r"-?\d+", cell))


def test_worked_label_examples_agree_with_the_model(doc):
    text = section(doc, "5.5 Worked examples")
    small, large = text.split("120 columns")
    rows = table_rows(small)
    assert len(rows) >= 5
    for label, offset_cell, *axials in rows:
        for offset, axial in zip(OFFSETS, axials):
            layout = Layout(OFFSETS[offset], offset, 12, 10)
            h = _pair(axial)
            assert layout.to_offset(h) == _pair(offset_cell), (offset, label)
            assert layout.label(h) == label and layout.from_label(label) == h, (offset, label)
    layout = Layout("flat", "odd-q", 120, 8)
    for label, offset_cell, axial in table_rows(large):
        assert layout.label(_pair(axial)) == label and layout.to_axial(*_pair(offset_cell)) == _pair(axial)


def test_directions_table_is_the_models(doc):
    rows = table_rows(section(doc, "5.1 Axial coordinates and directions"))
    assert [(int(r[0]), _pair(r[1])) for r in rows] == list(enumerate(DIRECTIONS))


def test_hexside_examples_are_canonical_keys(doc):
    rows = table_rows(section(doc, "5.7 Hexsides"))
    assert rows
    for hex_cell, d, key in rows:
        assert canonical_hexside(_pair(hex_cell), int(d)) == _pair(key)


def test_terrain_letters_are_the_models(doc):
    rows = table_rows(section(doc, "5.6 Terrain"))
    assert {unquote(r[0]): r[1] for r in rows} == {v: k for k, v in TERRAIN_CODES.items()}


# ------------------------------------------------------------------------------- catalog, limits
def test_default_unit_catalog_table_is_the_models(doc):
    rows = table_rows(section(doc, "Default unit catalog"))
    fields = [
        "name",
        "category",
        "movement_class",
        "attack",
        "range",
        "defense",
        "movement",
        "size",
        "armor_weight",
        "treads",
        "second_move",
    ]
    documented = {}
    for r in rows:
        values = [int(c) if c.isdigit() else c for c in r[1:12]]
        documented[unquote(r[0])] = dict(zip(fields, values))
        assert r[12], f"{r[0]}: say which figures come from the rule texts (or 'none')"
    assert documented == {k: dataclasses.asdict(t) for k, t in DEFAULT_UNIT_TYPES.items()}


def test_limits_and_version_are_the_loaders(doc):
    enc = section(doc, "3. Encoding and limits")
    assert f"{io.MAX_FILE_BYTES // 2**20} MiB" in enc and f"{io.MAX_FILE_BYTES:,} bytes" in enc
    assert f"at most **{io.MAX_DEPTH}** levels" in enc
    assert f"at most **{io.MAX_INT_DIGITS} digits**" in enc
    assert f"The current version is **{migrations.CURRENT}**" in doc


def _example(doc: str) -> str:
    return code_block(section(doc, "11. A worked example"), "only the types used")


def _nest(levels: int) -> bytes:
    """The generator replaced by arrays nested so that the document is ``levels`` deep."""
    return b'"generator": ' + b"[" * (levels - 1) + b"]" * (levels - 1)


@pytest.mark.parametrize(
    "change, code, words",
    [
        (lambda t: b"\xef\xbb\xbf" + t, "JSON", "byte-order mark"),
        (lambda t: t.replace(b'"sp": 60', b'"sp": NaN'), "JSON", "NaN"),
        (lambda t: t.replace(b'"sp": 60', b'"sp": 60, "sp": 61'), "JSON", "duplicate key"),
        (lambda t: t.replace(b'"sp": 60', b'"sp": 1' + b"0" * io.MAX_INT_DIGITS), "JSON", "digits"),
        (lambda t: t.replace(b'"sp": 60', b'"sp": 1' + b"0" * (io.MAX_INT_DIGITS - 1)), "SCHEMA", "at most"),
        (lambda t: t.replace(b'"generator": "handwritten"', _nest(io.MAX_DEPTH + 1)), "JSON", "nesting"),
        (lambda t: t.replace(b'"generator": "handwritten"', _nest(io.MAX_DEPTH)), "SCHEMA", "string"),
        (lambda t: t.replace(b'"format_version": "1.3"', b'"format_version": "2.0"'), "SCHEMA", "newer"),
    ],
    ids=[
        "bom",
        "nan",
        "duplicate-key",
        "19-digits",
        "18-digits-parse",
        "depth-65",
        "depth-64-parses",
        "major-2",
    ],
)
def test_the_encoding_rules_the_page_states_are_enforced(doc, change, code, words):
    data = _example(doc).encode("utf-8")
    io.loads(data)
    with pytest.raises(io.ScenarioError) as e:
        io.loads(change(data))
    assert e.value.code == code and words in e.value.first.message, str(e.value)


def test_an_integer_written_as_3_point_0_is_read_as_3(doc):
    data = _example(doc).replace('"hex": [1, 1], "squads": 3', '"hex": [1.0, 1], "squads": 3.0')
    unit = io.loads(data).units[1]
    assert unit.squads == 3 and type(unit.squads) is int and unit.hex == (1, 1) and type(unit.hex[0]) is int


# ------------------------------------------------------------------------------- worked example
def test_the_worked_example_loads_and_says_true_things(doc):
    from dambuster.validators.engine import check_scenario

    scenario = io.loads(_example(doc))
    m = scenario.map
    dam = m.dams[0]
    assert m.layout.label(dam.hex) == "0302" and m.terrain[dam.hex] == "water"
    assert [m.layout.label(h) for h in m.rivers[0].hexes] == ["0301", "0302", "0303", "0304"]
    assert m.layout.label(m.river_bridges[0].hex) == "0303"
    assert canonical_hexside((4, 0), 4) == (3, 1, 1) == m.stream_bridges[0].side
    assert [m.layout.label(h) for h in m.roads[0].hexes] == [f"0{c}03" for c in range(1, 7)]
    assert scenario.units[0].hex is None
    import dambuster.validators.ogre.dambusters  # noqa: F401 - registers the profile's rules

    assert check_scenario(scenario) == []
