"""Every subcommand keeps the output promise on a stranger's map (docs/untrusted.md, "Outputs that
cannot carry commands").

The maps are the bundled samples, one per profile, with every title, author, description, licence,
tag and name rewritten as hostile text (forged workflow commands, ``##[``, C0 and C1 controls, ESC
sequences, bidi overrides, line separators, markup that would end an SVG or a CDATA section, Markdown
backticks and pipes) and every id given ``::`` (the id pattern allows no more). Each still loads. The
installed command runs every subcommand ``dambuster --help`` lists on them, in every output form (the
self-contained HTML page of ``render`` and the static site of ``site`` too), and everything it produces -- standard output, standard
error and every file it writes -- is scanned: valid UTF-8, no C0 or C1 control but newline and tab, no
bidi control or line separator, no ``##[``, no line that starts with ``::`` after blanks, and each SVG,
TMX, JSON, TMJ and GeoJSON parses (a PDF's text, when ``pdftotext`` is installed, is scanned as text).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dambuster.model import load

# about 70 commands of the installed CLI, a minute and a half on 2 CPUs; render and diff draw with Qt,
# so the module runs in the Qt run (the Qt-free run blocks PySide6 for the commands it starts too)
pytestmark = [pytest.mark.slow, pytest.mark.qt]

ROOT = Path(__file__).resolve().parents[2]
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
HANG = 300  # seconds: only turns a hang into a failure

HOSTILE = [
    "::error file=x::pwned",
    "  ::add-mask::x",
    "##[stop-commands]x",
    "a\x01b",
    "\x1b[31mred\x1b]0;title\x07",
    "\u202eevil",
    "one\u2028two",
    "</svg>]]><script>alert(1)</script>",
    "`tick` | pipe |",
    "x\n::warning::nl",
    "\x85next",
    "\t::notice::tab",
]
FREE_TEXT = {"title", "author", "description", "license", "tags", "name"}
SAMPLES = {  # one sample per profile
    "ogre-basic": "ogre-basic.json",
    "ogre-dambusters": "ogre-dambusters-valley.json",
    "dbm-terrain": "dbm-table.json",
    "flash-flood": "sewer-flash-flood.json",
}
# What no output may hold: C0 but LF and TAB (CR only in CRLF), DEL, C1, bidi controls, separators
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
JSON_FILES = (".json", ".tmj", ".geojson")
XML_FILES = (".svg", ".tmx")
# Drawing is slow on a busy machine; this test is about what is written, not how fast (the budget's own
# tests are in test_untrusted_budget.py)
UNTIMED = ["--budget", "0"]


def hostile(doc, n=None, key=None):
    """``doc`` with every free-text string replaced by a hostile one (numbered, so each is distinct)."""
    n = n if n is not None else [0]
    if isinstance(doc, dict):
        return {k: hostile(v, n, k) for k, v in doc.items()}
    if isinstance(doc, list):
        return [hostile(v, n, key) for v in doc]
    if isinstance(doc, str) and key in FREE_TEXT:
        n[0] += 1
        return f"{HOSTILE[n[0] % len(HOSTILE)]} {n[0]}"
    return doc


def with_colon_ids(doc: dict) -> dict:
    """Every id (and every reference to it, as a value or a key) given ``::``, as its pattern allows."""
    ids: set[str] = set()

    def collect(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "id" and isinstance(v, str):
                    ids.add(v)
                collect(v)
        elif isinstance(x, list):
            for v in x:
                collect(v)

    collect(doc)

    def rename(x):
        if isinstance(x, dict):
            return {(f"{k}::x" if k in ids else k): rename(v) for k, v in x.items()}
        if isinstance(x, list):
            return [rename(v) for v in x]
        return f"{x}::x" if isinstance(x, str) and x in ids else x

    return rename(doc)


def write_map(path: Path, doc: dict) -> Path:
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    load(path)  # a hostile map that still loads: what a pull request can bring
    return path


@pytest.fixture(scope="module")
def maps(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("hostile-maps")
    out = {}
    for profile, sample in SAMPLES.items():
        doc = json.loads((ROOT / "samples" / sample).read_text(encoding="utf-8"))
        doc = hostile(doc)
        try:
            out[profile] = write_map(folder / f"{profile}.json", with_colon_ids(doc))
        except Exception:  # a reference the renaming cannot see: the names alone are still hostile
            out[profile] = write_map(folder / f"{profile}.json", doc)
    # TMX cannot carry C0 controls (export-tiled refuses them in one line): maps without them
    # reach the TMX writer with everything else
    for name, profile in (("xml-safe", "ogre-dambusters"), ("xml-safe-table", "dbm-terrain")):
        text = json.dumps(hostile(json.loads((ROOT / "samples" / SAMPLES[profile]).read_text("utf-8"))))
        for ch in "\x01\x1b\x07":
            text = text.replace(json.dumps(ch)[1:-1], "")
        out[name] = write_map(folder / f"{name}.json", json.loads(text))
    # a lone surrogate: JSON can spell it, the loader refuses it in one line
    surrogate = (ROOT / "samples" / SAMPLES["ogre-basic"]).read_text(encoding="utf-8")
    (folder / "surrogate.json").write_text(surrogate.replace('"title": "', '"title": "\\udc80', 1))
    out["surrogate"] = folder / "surrogate.json"
    features = {
        "title": HOSTILE[0],
        "table": {"width": 1800, "depth": 1200, "unit": "mm", "figures": "15mm", "reduced": False},
        "invader": {"kind": "road"},
        "defender": [
            {"kind": "waterway", "compulsory": True, "edge": "left", "extent": 450},
            {"kind": "bua", "across": "150mm", "name": HOSTILE[1] + HOSTILE[3] + HOSTILE[5]},
            {"kind": "fields-open"},
            {"kind": "hill-gentle", "across": 700, "breadth": 400},
        ],
    }
    (folder / "features.json").write_text(json.dumps(features), encoding="utf-8")
    out["features"] = folder / "features.json"
    return out


def first(doc_path: Path, *keys):
    node = json.loads(doc_path.read_text(encoding="utf-8"))
    for k in keys:
        node = node[k]
    return node


def commands(maps: dict[str, Path], out: Path) -> dict[str, tuple[list[str], str | None]]:
    """name -> (arguments, standard input file or None): every subcommand in every output form."""
    valley, sewer, table, basic = (
        maps[p] for p in ("ogre-dambusters", "flash-flood", "dbm-terrain", "ogre-basic")
    )
    dam = first(valley, "map", "dams", 0, "id")
    every = [str(p) for k, p in maps.items() if k != "features"]
    c: dict[str, tuple[list[str], str | None]] = {}
    for fmt in ("text", "github", "json", "sarif", "junit"):
        c[f"validate-{fmt}"] = (["validate", *every, "--format", fmt], None)
    c["validate-stdin"] = (["validate", "-"], str(table))
    c["surge-text"] = (["surge", str(valley), "--dam", dam], None)
    c["surge-json"] = (["surge", str(valley), "--dam", dam, "--format", "json"], None)
    c["surge-mc-text"] = (["surge", str(valley), "--dam", dam, "--monte-carlo", "20"], None)
    c["surge-mc-json"] = (
        ["surge", str(valley), "--dam", dam, "--monte-carlo", "20", "--format", "json"],
        None,
    )
    c["surge-mc-files"] = (
        ["surge", str(valley), "--dam", dam, "--monte-carlo", "20"]
        + ["--out-json", str(out / "mc.json"), "--out-csv", str(out / "mc.csv")],
        None,
    )
    c["surge-apply"] = (["surge", str(valley), "--dam", dam, "--apply", str(out / "applied.json")], None)
    c["collapse-text"] = (["collapse", str(valley), "--dam", dam, "--damage", "55", "--seed", "1"], None)
    c["collapse-json"] = (["collapse", str(valley), "--dam", dam, "--damage", "55", "--format", "json"], None)
    c["flood-text"] = (["flood", str(sewer)], None)
    c["flood-json"] = (["flood", str(sewer), "--format", "json"], None)
    c["flood-refused"] = (["flood", str(basic)], None)
    for profile in SAMPLES:
        m = maps[profile]
        side = first(m, "sides", 0, "id")
        c[f"player-view-{profile}"] = (["player-view", str(m), "--side", side], None)
        c[f"player-view-file-{profile}"] = (
            ["player-view", str(m), "--side", side, "-o", str(out / f"{profile}-view.json")],
            None,
        )
        c[f"export-tiled-tmj-{profile}"] = (["export-tiled", str(m), "-o", str(out / f"{profile}.tmj")], None)
        c[f"render-png-{profile}"] = (["render", str(m), "-o", str(out / f"{profile}.png"), *UNTIMED], None)
        c[f"render-svg-{profile}"] = (["render", str(m), "-o", str(out / f"{profile}.svg"), *UNTIMED], None)
        sample = str(ROOT / "samples" / SAMPLES[profile])
        c[f"diff-text-{profile}"] = (["diff", sample, str(m)], None)
        c[f"diff-json-{profile}"] = (["diff", sample, str(m), "--format", "json"], None)
        fmt_copy = out / f"fmt-{profile}.json"
        shutil.copyfile(m, fmt_copy)
        c[f"fmt-{profile}"] = (["fmt", str(fmt_copy)], None)
        c[f"fmt-check-{profile}"] = (["fmt", "--check", str(m)], None)
    c["fmt-stdin"] = (["fmt", "-"], str(valley))
    c["fmt-refused"] = (["fmt", "--check", str(maps["surrogate"])], None)
    c["export-tiled-tmx-refused"] = (["export-tiled", str(valley), "-o", str(out / "refused.tmx")], None)
    c["export-tiled-tmx"] = (["export-tiled", str(maps["xml-safe"]), "-o", str(out / "xml-safe.tmx")], None)
    c["export-tiled-tmx-table"] = (
        ["export-tiled", str(maps["xml-safe-table"]), "-o", str(out / "table.tmx")],
        None,
    )
    c["export-geojson"] = (["export-geojson", str(table)], None)
    c["export-geojson-file"] = (["export-geojson", str(sewer), "-o", str(out / "sewer.geojson")], None)
    c["render-html-ogre"] = (["render", str(valley), "-o", str(out / "valley.html"), *UNTIMED], None)
    c["render-html-table"] = (["render", str(table), "-o", str(out / "table.html"), *UNTIMED], None)
    c["render-pdf-ogre"] = (["render", str(valley), "-o", str(out / "valley.pdf"), *UNTIMED], None)
    c["render-pdf-sewer"] = (
        ["render", str(sewer), "-o", str(out / "sewer.pdf"), "--sheets", "maps", *UNTIMED],
        None,
    )
    c["diff-svg"] = (
        [
            "diff",
            str(ROOT / "samples" / SAMPLES["dbm-terrain"]),
            str(table),
            "-o",
            str(out / "d.svg"),
            *UNTIMED,
        ],
        None,
    )
    c["diff-png"] = (
        [
            "diff",
            str(ROOT / "samples" / SAMPLES["ogre-basic"]),
            str(basic),
            "-o",
            str(out / "d.png"),
            *UNTIMED,
        ],
        None,
    )
    c["dbm-setup-text"] = (
        ["dbm-setup", str(maps["features"]), "--seed", "3", "-o", str(out / "setup.json")],
        None,
    )
    c["dbm-setup-json"] = (["dbm-setup", str(maps["features"]), "--seed", "3", "--format", "json"], None)
    c["new"] = (
        ["new", "hex", "--title", HOSTILE[0] + HOSTILE[3] + HOSTILE[5], "-o", str(out / "new.json")],
        None,
    )
    c["new-stdout"] = (["new", "table", "--title", HOSTILE[1] + HOSTILE[2]], None)
    c["site"] = (["site", str(valley.parent), "-o", str(out / "site")], None)  # every map of the folder
    c["schema"] = (["schema"], None)
    for shell in ("bash", "zsh", "tcsh"):
        c[f"completion-{shell}"] = (["completion", shell], None)
    return c


def later(out: Path) -> dict[str, tuple[list[str], str | None]]:
    """The commands that read what the first ones wrote: import-tiled of the TMJ and TMX maps."""
    c: dict[str, tuple[list[str], str | None]] = {}
    c["import-tiled-tmj"] = (["import-tiled", str(out / "ogre-dambusters.tmj")], None)
    c["import-tiled-tmj-table"] = (
        ["import-tiled", str(out / "dbm-terrain.tmj"), "-o", str(out / "back.json")],
        None,
    )
    c["import-tiled-tmx"] = (["import-tiled", str(out / "xml-safe.tmx")], None)
    c["import-tiled-tmx-table"] = (["import-tiled", str(out / "table.tmx")], None)
    return c


def run(args: list[str], stdin: str | None, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "LC_ALL", "LANG")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    with open(stdin or os.devnull, "rb") as f:
        return subprocess.run(
            [DAMBUSTER, *args], cwd=cwd, env=env, capture_output=True, timeout=HANG, stdin=f
        )


@pytest.fixture(scope="module")
def results(maps, tmp_path_factory):
    out = tmp_path_factory.mktemp("outputs")
    done = {name: run(args, stdin, out) for name, (args, stdin) in commands(maps, out).items()}
    done.update({name: run(args, stdin, out) for name, (args, stdin) in later(out).items()})
    return out, done


ANNOTATION = re.compile(r"::(error|warning|notice) file=([^,:]*)[,:]")


def problems(name: str, data: bytes, kind: str = "text", checked: frozenset[str] = frozenset()) -> list[str]:
    """What makes ``data`` unsafe: the scan every output gets. ``checked``: the files validate's
    github format may annotate (its own ``::error file=...`` lines)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        return [f"{name}: not UTF-8 ({e})"]
    found = []
    scanned = text.replace("\r\n", "\n")
    if kind == "pdf-text":
        scanned = scanned.replace("\f", "\n")  # pdftotext's page break
    m = CONTROL.search(scanned)
    if m:
        found.append(f"{name}: {m.group()!r} in {scanned[max(0, m.start() - 40) : m.end() + 10]!r}")
    if "##[" in text:
        found.append(f"{name}: ##[")
    for line in re.split(r"\r\n|\r|\n", text):
        ours = ANNOTATION.match(line)
        if line.lstrip().startswith("::") and not (ours and ours.group(2) in checked):
            found.append(f"{name}: a line that is a workflow command: {line[:80]!r}")
    if kind == "xml":
        try:
            ET.fromstring(data)
        except ET.ParseError as e:
            found.append(f"{name}: not XML ({e})")
    if kind == "json":
        try:
            json.loads(text)
        except ValueError as e:
            found.append(f"{name}: not JSON ({e})")
    return found


def test_every_subcommand_is_exercised(maps, tmp_path):
    """A new subcommand must be added here: the list is read from ``dambuster --help``."""
    r = subprocess.run([DAMBUSTER, "--help"], capture_output=True, text=True, timeout=HANG)
    listed = set(re.findall(r"^    ([a-z][a-z-]+)", r.stdout, re.M))
    run_here = {args[0] for args, _ in [*commands(maps, tmp_path).values(), *later(tmp_path).values()]}
    assert listed and listed <= run_here, listed - run_here


EXPECTED_REFUSALS = {"flood-refused", "fmt-refused", "export-tiled-tmx-refused"}
DIFFERENT = 1  # diff's exit status for two maps that differ; fmt --check's for a file it would change


def test_every_command_did_its_work(results):
    _, done = results
    for name, r in done.items():
        err = r.stderr.decode("utf-8", "replace")
        assert b"Traceback" not in r.stderr and "internal error" not in err, (name, err)
        if name.startswith("validate") and name != "validate-stdin":  # a lone surrogate: unreadable
            assert r.returncode == 2 and "surrogate.json: /meta/title: " in err, (name, err)
        elif name in EXPECTED_REFUSALS:
            lines = err.strip().splitlines()  # one line (fmt adds its summary)
            assert r.returncode == 2 and all(x.startswith("dambuster ") for x in lines), (name, err)
            assert len(lines) == (2 if name.startswith("fmt") else 1), (name, err)
        elif name.startswith(("diff", "fmt-check")):
            assert r.returncode == DIFFERENT, (name, err)
        else:
            assert r.returncode == 0, (name, err)


def test_no_output_carries_a_command_or_a_control(results, maps):
    out, done = results
    found = []
    for name, r in done.items():
        checked = frozenset(str(p) for p in maps.values()) if name == "validate-github" else frozenset()
        found += problems(f"{name} stdout", r.stdout, checked=checked)  # JSON is parsed by the next test
        found += problems(f"{name} stderr", r.stderr)
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        if path.suffix == ".png":
            assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n"), path.name
        elif path.suffix == ".pdf":
            assert path.read_bytes().startswith(b"%PDF"), path.name
        elif path.suffix in XML_FILES:
            found += problems(path.name, path.read_bytes(), "xml")
        elif path.suffix in JSON_FILES:
            found += problems(path.name, path.read_bytes(), "json")
        else:
            found += problems(path.name, path.read_bytes())
    assert found == []


def test_json_on_standard_output_parses(results):
    _, done = results
    for name in (
        "validate-json",
        "validate-sarif",
        "surge-json",
        "surge-mc-json",
        "flood-json",
        "collapse-json",
    ):
        json.loads(done[name].stdout.decode("utf-8"))
    for name in ("player-view-ogre-basic", "export-geojson", "import-tiled-tmj", "fmt-stdin", "new-stdout"):
        json.loads(done[name].stdout.decode("utf-8"))
    ET.fromstring(done["validate-junit"].stdout)


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
def test_the_pdf_text_is_safe_too(results):
    out, _ = results
    found = []
    for pdf in sorted(out.glob("*.pdf")):
        text = subprocess.run(
            ["pdftotext", str(pdf), "-"], capture_output=True, timeout=HANG, check=True
        ).stdout
        found += problems(f"{pdf.name} (pdftotext)", text, "pdf-text")
    assert found == []


def test_the_names_are_still_there_as_visible_text(results, maps):
    """Made safe, not dropped: a reader still sees what the map holds, escaped."""
    out, done = results
    flood = done["flood-text"].stdout.decode("utf-8")
    assert "\\x3a:" in flood or "\\u" in flood or "\\x" in flood
    svg = (out / "dbm-terrain.svg").read_text(encoding="utf-8")
    assert "\\x01" in svg or "\\u202e" in svg
    tmx = ET.parse(out / "xml-safe.tmx").getroot()
    names = {el.get("name") for el in tmx.iter("object") if el.get("name")}
    assert any("\u202e" in n for n in names) or any("##[" in n for n in names)  # TMX keeps the exact text
