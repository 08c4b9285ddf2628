"""Every subcommand keeps the output promise on a stranger's map (docs/untrusted.md, "Outputs that
cannot carry commands").

The runs are every example each command declares (``DECLARED`` beside its code, dambuster.cli.commands),
on hostile inputs (tests/command_examples.py): the bundled samples, one per profile, with every title,
author, description, licence, tag and name rewritten as hostile text and every id given ``::``; a
DBM feature list and Tiled maps made from them. A command added to the table is run here without being
named. The installed command runs each, in every output form it declares (the self-contained HTML page
of ``render`` and the static site of ``site`` too), and everything it produces -- standard output,
standard error and every file it writes -- is scanned: valid UTF-8, no C0 or C1 control but newline
and tab, no bidi control or line separator, no ``##[``, no line that starts with ``::`` after blanks,
and each SVG, TMX, JSON, TMJ and GeoJSON parses (a PDF's text, when ``pdftotext`` is installed, is
scanned as text). Each run ends with the status its example declares.

Every test runs twice: on the installed command (slow, in the Qt run: render and diff draw with Qt),
and through ``main()`` in this process for every run but the drawings (a few seconds, Qt-free: the
quick loop's, so that a new command's unsafe line fails there first).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from command_examples import Inputs, Run, runs

from dambuster.cli import main
from dambuster.cli.commands import COMMANDS

DAMBUSTER = str(Path(sys.executable).parent / "dambuster")
HANG = 300  # seconds: only turns a hang into a failure

# What no output may hold: C0 but LF and TAB (CR only in CRLF), DEL, C1, bidi controls, separators
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
JSON_FILES = (".json", ".tmj", ".geojson")
XML_FILES = (".svg", ".tmx")


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Inputs:
    return Inputs(tmp_path_factory.mktemp("hostile-inputs"), hostile=True)


def installed(r: Run, cwd: Path) -> subprocess.CompletedProcess:
    """The run of the installed command, as a user's shell (or CI) starts it."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "LC_ALL", "LANG")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    with open(r.stdin or os.devnull, "rb") as f:
        return subprocess.run(
            [DAMBUSTER, r.command, *r.argv], cwd=cwd, env=env, capture_output=True, timeout=HANG, stdin=f
        )


def in_process(r: Run) -> subprocess.CompletedProcess:
    """The same run through ``main()`` in this process, its standard streams UTF-8 bytes of its own."""
    argv = [r.command, *r.argv]
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True) for _ in "12")
    with (
        open(r.stdin or os.devnull, encoding="utf-8") as stdin,
        pytest.MonkeyPatch.context() as streams,
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        streams.setattr(sys, "stdin", stdin)
        try:
            code = main(argv)
        except SystemExit as e:  # argparse refused the arguments
            code = e.code
    return subprocess.CompletedProcess(argv, code, out.buffer.getvalue(), err.buffer.getvalue())


Results = tuple[Path, dict[str, tuple[Run, subprocess.CompletedProcess]]]


@pytest.fixture(
    scope="module",
    params=[
        # about 80 runs of the installed CLI, a minute and a half on 2 CPUs; render and diff draw with
        # Qt, so they are in the Qt run (the Qt-free run blocks PySide6 for the commands it starts too)
        pytest.param("installed", marks=[pytest.mark.slow, pytest.mark.qt]),
        # the same runs but drawings, through main() in a few seconds: the quick loop's
        "in-process",
    ],
)
def results(request, inputs, tmp_path_factory) -> Results:
    out = tmp_path_factory.mktemp(f"outputs-{request.param}")
    if request.param == "installed":
        return out, {r.id: (r, installed(r, out)) for r in runs(inputs, out)}
    return out, {r.id: (r, in_process(r)) for r in runs(inputs, out) if not r.draws}


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


def test_every_command_is_run(results):
    """Each command of the table, from its declared examples (tests/cli/test_commands_complete.py
    refuses a command without any)."""
    _, done = results
    assert {r.command for r, _ in done.values()} == set(COMMANDS)


def test_every_command_did_its_work(results):
    _, done = results
    for name, (r, p) in done.items():
        err = p.stderr.decode("utf-8", "replace")
        assert b"Traceback" not in p.stderr and "internal error" not in err, (name, err)
        assert p.returncode == r.example.status, (name, p.returncode, err)
        if r.example.error:  # refused, or a file unreadable: said in lines of dambuster's own
            assert r.example.error in err, (name, err)
            assert all(line.startswith("dambuster") for line in err.strip().splitlines()), (name, err)


def test_no_output_carries_a_command_or_a_control(results, inputs):
    out, done = results
    checked = frozenset(str(p) for p in inputs.maps.values())  # validate's github format annotates them
    found = []
    for name, (_, p) in done.items():
        found += problems(f"{name} stdout", p.stdout, checked=checked)  # JSON is parsed by the next test
        found += problems(f"{name} stderr", p.stderr)
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


def test_json_and_xml_on_standard_output_parse(results):
    _, done = results
    parsed = 0
    for r, p in done.values():
        if r.example.stdout == "json":
            json.loads(p.stdout.decode("utf-8"))
        elif r.example.stdout == "xml":
            ET.fromstring(p.stdout)
        parsed += r.example.stdout != "text"
    assert parsed


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


def _written(done, command: str, kind: str, suffix: str) -> Path | None:
    """The file of that suffix a run of ``command`` on the map ``kind`` wrote (None: no such run here)."""
    return next(
        (
            Path(a)
            for r, _ in done.values()
            if (r.command, r.kind) == (command, kind)
            for a in r.argv
            if a.endswith(suffix)
        ),
        None,
    )


def test_the_names_are_still_there_as_visible_text(results):
    """Made safe, not dropped: a reader still sees what the map holds, escaped."""
    _, done = results
    flood = next(
        p
        for r, p in done.values()
        if r.command == "flood" and r.example.status == 0 and r.example.stdout == "text"
    )
    text = flood.stdout.decode("utf-8")
    assert "\\x3a:" in text or "\\u" in text or "\\x" in text
    drawn = _written(done, "render", "dbm-terrain", ".svg")  # (drawings: the installed runs alone)
    if drawn is not None:
        svg = drawn.read_text(encoding="utf-8")
        assert "\\x01" in svg or "\\u202e" in svg
    tiled = _written(done, "export-tiled", "ogre-dambusters-xml-safe", ".tmx")
    assert tiled is not None
    tmx = ET.parse(tiled).getroot()
    names = {el.get("name") for el in tmx.iter("object") if el.get("name")}
    assert any("\u202e" in n for n in names) or any("##[" in n for n in names)  # TMX keeps the exact text
