"""Outputs that cannot carry commands: whatever a map holds, every line we print is one of ours.

A GitHub runner obeys workflow commands on stdout *and* stderr: a line that starts with ``::`` (after
leading blanks) and ``##[name]`` anywhere in a line. A terminal obeys ESC sequences and reorders text
around bidi overrides. So for hostile files (pointers, names, file names, Tiled classes and ids that hold
line breaks, ``::error``, ``##[add-mask]``, U+202E, bytes that are not UTF-8), in every format and with
a strict ASCII stdout, these tests run the installed command and check that: no line starts with ``::``
unless it is our annotation for a file we checked, no ``##[`` and no control or bidi character is
printed, JSON and SARIF parse, JUnit parses, everything decodes as UTF-8 and no file is lost.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tiled_docs import hand_made

from dambuster.model import dumps, load
from dambuster.model.escape import json_escapes, markdown_cell, text_line, visible, visible_path, xml_document

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
SAMPLE = ROOT / "samples" / "ogre-basic.json"
HANG = 300  # seconds: only turns a hang into a failure
FORMATS = ["text", "github", "json", "sarif", "junit"]
ENVS = {
    "default": {},
    "ascii-strict": {"PYTHONIOENCODING": "ascii:strict"},
    "C-locale": {"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": ""},
}

INJECT = "x\n::error file=README.md::pwned"
MASK = "\n::add-mask::secret"
LEGACY = "##[add-mask]secret2 ##[stop-commands]tok"
RLO = "\u202e"
# What no output may hold: C0 but LF, DEL, C1, bidi controls, line/paragraph separators.
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
LINE_BREAK = re.compile(r"\r\n|\r|\n")  # how the runner splits its output into lines
ANNOTATION = re.compile(r"::(error|warning|notice) file=([^,:]*)[,:]")


def unit_type_named(name: str) -> str:
    """ogre-basic with a unit type called ``name`` and one of its units standing in water (a rule error)."""
    s = load(SAMPLE)
    unit = [u for u in s.units if u.hex is not None][1]
    s.unit_types[unit.type].name = name
    s.map.terrain[tuple(unit.hex)] = "water"
    return dumps(s)


BROKEN = "{"
HOSTILE_CONTENT = {  # file name -> content
    "pointer-error.json": json.dumps({"format_version": "1.0", INJECT: "NAN"}).replace('"NAN"', "NaN"),
    "pointer-mask.json": json.dumps({MASK: "NAN"}).replace('"NAN"', "NaN"),
    "schema-key.json": SAMPLE.read_text(encoding="utf-8").replace(
        "{", "{" + json.dumps(MASK + " " + LEGACY) + ": 1,", 1
    ),
    "unit-name.json": None,  # built in the fixture: unit_type_named(...)
}
UNIT_NAME = f"Tank{MASK} {LEGACY} {RLO}evil"
# file name -> (content, the name as reports show it)
HOSTILE_NAMES: dict[str | bytes, tuple[str, str]] = {
    "a\n::error file=README.md::pwned.json": (BROKEN, "a\\n::error file=README.md::pwned.json"),
    "::error file=README.md::Möhne.json": ("sample", "::error file=README.md::Möhne.json"),
    " \u3000::warning::blank.json": (BROKEN, " \u3000::warning::blank.json"),
    "##[add-mask]z.json": (BROKEN, "#\\x23[add-mask]z.json"),
    f"{RLO}nosj.json": (BROKEN, "\\u202enosj.json"),
    b"\xff.json": (BROKEN, "\\xff.json"),
}
MISSING = "missing\n::error::gone.json"


def github_property(text: str) -> str:
    """A workflow-command property value as GitHub documents it."""
    return (
        text.replace("%", "%25")
        .replace("\r", "%0D")
        .replace("\n", "%0A")
        .replace(":", "%3A")
        .replace(",", "%2C")
    )


@pytest.fixture(scope="module")
def maps(tmp_path_factory) -> Path:
    """A folder ``maps`` of hostile files; the command runs in its parent."""
    folder = tmp_path_factory.mktemp("hostile") / "maps"
    folder.mkdir()
    for name, content in HOSTILE_CONTENT.items():
        (folder / name).write_text(
            content if content is not None else unit_type_named(UNIT_NAME), encoding="utf-8"
        )
    for name, (content, _) in HOSTILE_NAMES.items():
        path = os.path.join(os.fsencode(folder), name) if isinstance(name, bytes) else folder / name
        with open(path, "w", encoding="utf-8") as f:
            f.write(SAMPLE.read_text(encoding="utf-8") if content == "sample" else content)
    return folder


def run(args: list[str | bytes], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "LC_ALL", "LANG")}
    full_env.update({k: v for k, v in (env or {}).items() if v})
    return subprocess.run(
        [DAMBUSTER, *args], cwd=cwd, env=full_env, capture_output=True, timeout=HANG, stdin=subprocess.DEVNULL
    )


def safe_lines(data: bytes, allowed_files: set[str] = frozenset()) -> list[str]:
    """The output's lines, after checking that each is ours: valid UTF-8, no control or bidi character,
    no ``##[``, and no line starting (after blanks, as the runner trims them) with ``::`` unless it is an
    annotation for one of ``allowed_files``."""
    text = data.decode("utf-8")  # strict: raises on a raw 0xff
    assert not CONTROL.search(text), f"a control or bidi character: {CONTROL.search(text).group()!r}"
    assert "##[" not in text
    lines = LINE_BREAK.split(text)
    for line in lines:
        if line.lstrip().startswith("::"):
            m = ANNOTATION.match(line)
            assert m and m.group(2) in allowed_files, f"a line that is not ours: {line!r}"
    return lines


def annotated_files(shown: list[str]) -> set[str]:
    """Annotation ``file=`` values for the reports' names, also as an ASCII stdout shows them."""
    values = {github_property(s) for s in shown}
    return values | {v.encode("ascii", "backslashreplace").decode("ascii") for v in values}


def every_shown_name() -> list[str]:
    return (
        [f"maps/{n}" for n in HOSTILE_CONTENT]
        + [f"maps/{shown}" for _, shown in HOSTILE_NAMES.values()]
        + ["missing\\n::error::gone.json"]
    )


@pytest.mark.slow
@pytest.mark.parametrize("env", list(ENVS))
@pytest.mark.parametrize("fmt", FORMATS)
def test_no_hostile_file_can_add_a_line_or_a_command(maps, fmt, env):
    r = run(["validate", "maps", MISSING, "--format", fmt], maps.parent, ENVS[env])
    n_files = len(HOSTILE_CONTENT) + len(HOSTILE_NAMES) + 1
    assert r.returncode == 2, r.stderr  # the verdict: files that cannot be read
    err = safe_lines(r.stderr)
    assert b"Traceback" not in r.stderr and b"internal error" not in r.stderr
    assert all(line.startswith("dambuster: ") for line in err if line)
    out = safe_lines(r.stdout, annotated_files(every_shown_name()) if fmt == "github" else set())
    text = r.stdout.decode("utf-8")
    if fmt == "json":
        assert len(json.loads(text)["files"]) == n_files
    elif fmt == "sarif":
        assert len(json.loads(text)["runs"][0]["artifacts"]) == n_files
    elif fmt == "junit":
        assert len(ET.fromstring(r.stdout).findall("testsuite")) == n_files
    else:
        assert out[-2] == f"{n_files} file(s) checked, {n_files - 1} with errors"


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_narrow_stdout_gets_the_verdict_not_an_encoding_error(maps, fmt):
    """A rule error (exit 1) in a file full of non-ASCII text, on an ASCII stdout: still exit 1."""
    r = run(["validate", "maps/unit-name.json", "--format", fmt], maps.parent, ENVS["ascii-strict"])
    assert r.returncode == 1, r.stderr
    assert r.stderr == b""
    out = safe_lines(r.stdout, annotated_files(["maps/unit-name.json"]))
    if fmt in ("json", "sarif"):
        json.loads(r.stdout.decode("utf-8"))
    elif fmt == "junit":
        ET.fromstring(r.stdout)
    else:
        assert "UNIT-TERRAIN" in r.stdout.decode("ascii") and out[-2] == "1 file(s) checked, 1 with errors"


def test_text_shows_what_a_file_hides(maps):
    r = run(["validate", "maps", "--format", "text"], maps.parent)
    text = r.stdout.decode("utf-8")
    assert (
        "Tank\\n::add-mask::secret #\\x23[add-mask]secret2 #\\x23[stop-commands]tok \\u202eevil heavy-1"
        in text
    )
    err = "\n" + r.stderr.decode("utf-8")  # files that cannot be read are said there, once
    assert "\ndambuster: maps/pointer-error.json: /x\\n::error file=README.md::pwned: " in err
    assert "\ndambuster: maps/\\xff.json: line 1 column 2: " in err
    assert "\ndambuster: maps/a\\n::error file=README.md::pwned.json: line 1" in err
    assert "\ndambuster: maps/pointer-mask.json: /\\n::add-mask::secret: " in err
    assert "pointer-error.json" not in text


def test_a_path_that_starts_with_colons_is_shown_as_a_relative_path(maps):
    r = run(["validate", "::error file=README.md::Möhne.json", " \u3000::warning::blank.json"], maps)
    lines = safe_lines(r.stdout)
    assert lines[0] == "./::error file=README.md::Möhne.json: ok"
    assert lines[1] == "2 file(s) checked, 1 with errors"
    assert safe_lines(r.stderr)[0].startswith("dambuster:  \u3000::warning::blank.json: line 1 column 2: ")


def test_the_json_report_keeps_the_exact_strings(maps):
    """The JSON report is data: a pointer is the exact one (JSON escapes keep it on its line); only a
    file-name byte that is not UTF-8, which portable JSON cannot carry, is written as visible text."""
    r = run(["validate", "maps", "--format", "json"], maps.parent)
    files = {f["path"]: f for f in json.loads(r.stdout.decode("utf-8"))["files"]}
    assert files["maps/pointer-error.json"]["violations"][0]["location"]["pointer"] == "/" + INJECT
    assert files["maps/pointer-mask.json"]["violations"][0]["location"]["pointer"] == "/" + MASK
    (v,) = files["maps/unit-name.json"]["violations"]
    assert v["message"].startswith(UNIT_NAME + " heavy-1 stands on water")
    assert "maps/a\n::error file=README.md::pwned.json" in files
    assert "maps/\\xff.json" in files
    raw = r.stdout.decode("utf-8")
    assert "\\u202eevil" in raw and "##\\u005b" in raw  # escaped in the text, exact once parsed


def test_sarif_shows_messages_visibly_and_keeps_the_file_name_exact(maps):
    r = run(["validate", "maps", "--format", "sarif"], maps.parent)
    run_ = json.loads(r.stdout.decode("utf-8"))["runs"][0]
    assert {"uri": "maps/%FF.json", "uriBaseId": "SRCROOT"} in [a["location"] for a in run_["artifacts"]]
    unit = next(res for res in run_["results"] if res["ruleId"] == "UNIT-TERRAIN")
    assert "Tank\\n::add-mask::secret #\\x23[add-mask]secret2" in unit["message"]["text"]
    pointer = next(res for res in run_["results"] if res["properties"]["pointer"] == "/" + INJECT)
    assert pointer["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] == "/" + INJECT


# --------------------------------------------------------------------------------- other commands
def tiled_map(object_id: str, object_class: str, layer: str) -> dict:
    """A 3x2 hexagonal Tiled map with one object, as a stranger could draw it."""
    point = {"id": object_id, "type": object_class, "x": 40, "y": 28, "point": True}
    return hand_made(data=[1] * 6, objects=[point], layer=layer)


@pytest.fixture()
def hostile_tiled(tmp_path) -> Path:
    path = tmp_path / "map.tmj"
    path.write_text(json.dumps(tiled_map(f"7{MASK}", f"{INJECT}{RLO}{LEGACY}", f"l{MASK}")), encoding="utf-8")
    return path


@pytest.mark.parametrize("env", ["default", "ascii-strict"])
def test_import_tiled_errors_quote_a_class_and_an_id_visibly(hostile_tiled, env):
    r = run(["import-tiled", hostile_tiled.name], hostile_tiled.parent, ENVS[env])
    assert r.returncode == 2 and r.stdout == b""
    (line, end) = safe_lines(r.stderr)
    assert end == "" and line.startswith(
        "dambuster import-tiled: map.tmj: object 7\\n::add-mask::secret (x\\n::error"
    )


@pytest.mark.parametrize("env", ["default", "ascii-strict"])
def test_lenient_import_warnings_quote_a_class_and_an_id_visibly(hostile_tiled, env):
    r = run(["import-tiled", hostile_tiled.name, "--lenient"], hostile_tiled.parent, ENVS[env])
    assert r.returncode == 0, r.stderr
    (line, _end) = safe_lines(r.stderr)
    assert line.startswith(
        "dambuster import-tiled: map.tmj: warning: object 7\\n::add-mask::secret (x\\n::error"
    )
    assert line.endswith("(skipped)")
    json.loads(r.stdout.decode("utf-8"))  # the scenario, whole


def test_a_scenario_on_standard_output_keeps_a_hostile_name_exact_but_escaped(tmp_path):
    town = {
        "id": 8,
        "type": "town",
        "x": 0,
        "y": 0,
        "width": 32,
        "height": 28,
        "properties": [
            {"name": "id", "type": "string", "value": "t1"},
            {"name": "name", "type": "string", "value": f"Ash {LEGACY} {RLO}\x85"},
        ],
    }
    doc = tiled_map(1, "town", "towns")
    doc["layers"][1]["objects"] = [town]
    (tmp_path / "map.tmj").write_text(json.dumps(doc), encoding="utf-8")
    r = run(["import-tiled", "map.tmj"], tmp_path, ENVS["ascii-strict"])
    assert r.returncode == 0, r.stderr
    safe_lines(r.stdout)
    (imported,) = json.loads(r.stdout.decode("utf-8"))["map"]["towns"]
    assert imported["name"] == f"Ash {LEGACY} {RLO}\x85"


@pytest.mark.parametrize(
    "command",
    [
        ["surge", "--dam", "d"],
        ["flood"],
        ["export-tiled"],
        ["export-geojson"],
        ["player-view", "--side", "s"],
        ["import-tiled"],
    ],
)
@pytest.mark.parametrize("name", ["a\n::error file=README.md::pwned.json", b"\xff\n::add-mask::x.json"])
def test_every_command_reports_a_hostile_file_name_on_one_visible_line(tmp_path, command, name):
    path = os.path.join(os.fsencode(tmp_path), name) if isinstance(name, bytes) else str(tmp_path / name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(BROKEN)
    arg = os.path.basename(path)
    r = run([command[0], arg, *command[1:]], tmp_path, ENVS["ascii-strict"])
    assert r.returncode == 2 and r.stdout == b""
    (line, end) = safe_lines(r.stderr)
    assert end == "" and line.startswith(f"dambuster {command[0]}: ")
    assert (
        "\\xff\\n::add-mask::x.json" if isinstance(name, bytes) else "a\\n::error file=README.md::pwned.json"
    ) in line


# ---------------------------------------------------------------------------------- the primitives
HOSTILE_TEXT = st.text(
    st.sampled_from(
        [
            "\n",
            "\r",
            "\x1b",
            "\x85",
            "\u202e",
            "\u2028",
            "\udcff",
            "\ud800",
            "#",
            "[",
            ":",
            " ",
            "\u3000",
            "\\",
            "a",
            "é",
            "\ufeff",
        ]
    )
    | st.characters()
)


@given(HOSTILE_TEXT)
def test_visible_text_is_one_safe_line_and_stable(text):
    shown = visible(text)
    assert not CONTROL.search(shown) and "\n" not in shown and "##[" not in shown
    shown.encode("utf-8")  # no lone surrogate left
    assert visible(shown) == shown
    assert not visible_path(text).lstrip(" \u3000\ufeff").startswith(":")


@given(HOSTILE_TEXT)
def test_json_escapes_keep_the_value(text):
    escaped = json_escapes(json.dumps({text: [text]}, ensure_ascii=False))
    assert not CONTROL.search(escaped) and "##[" not in escaped
    escaped.encode("utf-8")
    if not re.search("[\ud800-\udfff]", text):
        assert json.loads(escaped) == {text: [text]}


@given(HOSTILE_TEXT)
def test_a_text_line_never_starts_a_workflow_command(text):
    """What every command prints goes through text_line: even a name printed after an indent."""
    for indent in ("", "  ", "\t", " \u3000\ufeff"):
        shown = text_line(indent + text)
        assert not CONTROL.search(shown) and "\n" not in shown and "##[" not in shown
        assert not shown.lstrip(" \t\u3000\ufeff").startswith("::")
        assert text_line(shown) == shown


def drawn_as_qt_writes_it(text: str, reference: bool) -> str:
    """An SVG text element as Qt's generator writes a label: markup escaped, the rest raw (or, for
    ``reference``, every character outside printable ASCII as a numeric reference)."""
    body = xml_escape(text)
    if reference:
        body = "".join(ch if " " <= ch <= "~" else f"&#x{ord(ch):x};" for ch in body)
    return f'<svg xmlns="http://www.w3.org/2000/svg">\n<text x="1">{body}</text>\n</svg>\n'


@given(HOSTILE_TEXT, st.booleans())
def test_an_svg_with_any_label_parses_and_carries_no_command(text, reference):
    svg = xml_document(drawn_as_qt_writes_it(text, reference))
    ET.fromstring(svg.encode("utf-8", "surrogateescape"))
    svg.encode("utf-8")  # no lone surrogate left
    assert not CONTROL.search(svg) and "##[" not in svg
    assert not any(line.lstrip(" \t\u3000\ufeff").startswith("::") for line in LINE_BREAK.split(svg))


@given(
    HOSTILE_TEXT.filter(lambda t: not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]", t))
)
def test_exact_xml_keeps_what_xml_can_carry(text):
    """A TMX map keeps a name exactly (character references), yet holds nothing a reader acts on."""
    document = xml_document(drawn_as_qt_writes_it(text, False), exact=True)
    assert not CONTROL.search(document) and "##[" not in document
    parsed = ET.fromstring(document.encode("utf-8")).find("{http://www.w3.org/2000/svg}text").text or ""
    assert parsed == text


@given(HOSTILE_TEXT)
def test_a_markdown_cell_stays_one_plain_cell(text):
    cell = markdown_cell(text)
    assert not re.search("[`|<>\n\r]", cell.replace("<wbr>", ""))  # no tag but <wbr>
    assert not CONTROL.search(cell)
    assert "##[" not in cell
    assert not cell.lstrip(" \u3000\ufeff").startswith("::")


def test_an_unknown_rule_code_cannot_forge_an_annotation(tmp_path):
    """A collection's settings file (a pull request can add one) names rule codes too: one that holds
    a line break and ``::error`` is quoted visibly, on the one line that refuses it."""
    r = run(["validate", "--select", "X\n::error file=README.md::pwned", str(SAMPLE)], tmp_path)
    assert r.returncode == 2
    (line,) = safe_lines(r.stderr)[:-1]
    assert line == "dambuster validate: unknown rule code or prefix: X\\n::error file=README.md::pwned"
