"""Every command's declared examples (``DECLARED`` in each module of dambuster.cli.commands) made into
runs on real files, for the tests that walk them:

    from command_examples import Inputs, runs

``Inputs(folder, hostile=True)`` writes the files the placeholders stand for (dambuster.cli.commands
.PLACEHOLDERS): the bundled samples, one per profile, with every title, author, description, licence,
tag and name rewritten as hostile text (forged workflow commands, ``##[``, C0 and C1 controls, ESC
sequences, bidi overrides, line separators, markup that would end an SVG or a CDATA section, Markdown
backticks and pipes) and every id given ``::`` (the id pattern allows no more); each still loads, as
what a pull request can bring. ``hostile=False``: the samples as they are. ``runs(inputs, out)`` is
one :class:`Run` per example and map, in the table's order; ``fill`` turns one example into arguments.
"""

from __future__ import annotations

import json
import shlex
import shutil
import string
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from dambuster.cli.commands import MAPS, PLACEHOLDERS, Declared, Example, declarations
from dambuster.model import load

ROOT = Path(__file__).resolve().parents[1]

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
#: The sample each map of MAPS is made from.
SAMPLES = {
    "ogre-dambusters": "ogre-dambusters-valley.json",
    "ogre-basic": "ogre-basic.json",
    "dbm-terrain": "dbm-table.json",
    "flash-flood": "sewer-flash-flood.json",
    "ogre-dambusters-xml-safe": "ogre-dambusters-valley.json",
    "dbm-terrain-xml-safe": "dbm-table.json",
    "unloadable": "ogre-basic.json",
}
#: The placeholders that stand for something of the run's map: an example using one runs once per map.
OF_THE_MAP = frozenset(
    name for name, meaning in PLACEHOLDERS.items() if meaning.endswith("(of the run's map)")
)


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


def _features(text: str) -> dict:
    """A DBM feature list (docs/dbm-setup.md) whose title and a town's name are ``text``."""
    return {
        "title": text,
        "table": {"width": 1800, "depth": 1200, "unit": "mm", "figures": "15mm", "reduced": False},
        "invader": {"kind": "road"},
        "defender": [
            {"kind": "waterway", "compulsory": True, "edge": "left", "extent": 450},
            {"kind": "bua", "across": "150mm", "name": text},
            {"kind": "fields-open"},
            {"kind": "hill-gentle", "across": 700, "breadth": 400},
        ],
    }


class Inputs:
    """The files the placeholders stand for, written into ``folder`` (Tiled maps when first asked for)."""

    def __init__(self, folder: Path, hostile: bool):
        self.folder, self.hostile = folder, hostile
        self.maps = {kind: self._write_map(kind) for kind in MAPS}
        self.text = "".join(HOSTILE) if hostile else "A plain title"
        self.features = folder / "features.json"
        self.features.write_text(
            json.dumps(_features(HOSTILE[0] + HOSTILE[1] + HOSTILE[3] + HOSTILE[5] if hostile else "Plain")),
            encoding="utf-8",
        )

    def _write_map(self, kind: str) -> Path:
        path = self.folder / f"{kind}.json"
        text = (ROOT / "samples" / SAMPLES[kind]).read_text(encoding="utf-8")
        if kind == "unloadable":  # a lone surrogate: JSON can spell it, the loader refuses it in one line
            path.write_text(text.replace('"title": "', '"title": "\\udc80', 1), encoding="utf-8")
            return path
        if not self.hostile:
            path.write_text(text, encoding="utf-8")
            return path
        if kind.endswith("-xml-safe"):
            # TMX cannot carry C0 controls (export-tiled refuses them in one line): maps without them
            # reach the TMX writer with everything else
            text = json.dumps(hostile(json.loads(text)))
            for ch in "\x01\x1b\x07":
                text = text.replace(json.dumps(ch)[1:-1], "")
            candidates = [json.loads(text)]
        else:  # (a reference the renaming cannot see: the names alone are still hostile)
            doc = hostile(json.loads(text))
            candidates = [with_colon_ids(doc), doc]
        for doc in candidates:
            path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
            try:
                load(path)  # a hostile map that still loads: what a pull request can bring
                return path
            except Exception:
                if doc is candidates[-1]:
                    raise
        return path

    def first(self, kind: str, *keys: str | int) -> str:
        """The value at ``keys`` in the map of ``kind`` (the id of its first dam: "map", "dams", 0, "id")."""
        node = json.loads(self.maps[kind].read_text(encoding="utf-8"))
        for k in keys:
            node = node[k]
        return str(node)

    def tiled(self, kind: str, suffix: str) -> Path:
        """The map of ``kind`` as a Tiled map (.tmj or .tmx), exported as export-tiled writes it."""
        from dambuster.interop.tiled.export import export_tiled

        path = self.folder / "tiled" / f"{kind}{suffix}"
        if not path.exists():
            path.parent.mkdir(exist_ok=True)
            export_tiled(load(self.maps[kind]), path)
        return path


class _Values(Mapping[str, str]):
    """What each placeholder stands for in one run, made when first asked for (a copy is made then)."""

    def __init__(self, inputs: Inputs, kind: str | None, out: Path, copy: Path):
        self.inputs, self.kind, self.out, self.copy = inputs, kind, out, copy

    def __getitem__(self, name: str) -> str:
        inputs, kind = self.inputs, self.kind or ""
        match name:
            case "map":
                return str(inputs.maps[kind])
            case "sample":
                return str(ROOT / "samples" / SAMPLES[kind])
            case "copy":
                shutil.copyfile(inputs.maps[kind], self.copy)
                return str(self.copy)
            case "dam":
                return inputs.first(kind, "map", "dams", 0, "id")
            case "side":
                return inputs.first(kind, "sides", 0, "id")
            case "tmj" | "tmx":
                return str(inputs.tiled(kind, f".{name}"))
            case "folder":
                return str(inputs.folder)
            case "features":
                return str(inputs.features)
            case "text":
                return inputs.text
            case "out":
                return str(self.out)
            case _:  # not a placeholder, or {maps} within a word
                raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter(PLACEHOLDERS)

    def __len__(self) -> int:
        return len(PLACEHOLDERS)


def placeholders(example: Example) -> set[str]:
    """The placeholders ``example`` uses, in its arguments and its standard input."""
    text = example.args + " " + (example.stdin or "")
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def fill(example: Example, values: Mapping[str, str], maps: list[str]) -> list[str]:
    """The example's arguments with its placeholders filled (``{maps}``: the arguments ``maps``);
    KeyError names a placeholder that is not one of PLACEHOLDERS."""
    words: list[str] = []
    for word in shlex.split(example.args):
        words += maps if word == "{maps}" else [word.format_map(values)]
    return words


@dataclass(frozen=True)
class Run:
    """One run of a command: ``dambuster COMMAND ARGV < STDIN``, what its example declares."""

    id: str
    command: str
    example: Example
    kind: str | None  # the map it runs on, for an example that uses one
    argv: list[str]
    stdin: Path | None

    @property
    def draws(self) -> bool:
        """Whether it writes a drawing (PNG, SVG, PDF), which Qt draws."""
        return any(a.endswith((".png", ".svg", ".pdf")) for a in self.argv)


def runs_of(
    declared: Declared, inputs: Inputs, out: Path, copies: Path | None = None, first_only: bool = False
) -> list[Run]:
    """One run per example and map of the command (``first_only``: the first example's first run);
    outputs under ``out``, copies a run may rewrite under ``copies`` (default: ``out``)."""
    found: list[Run] = []
    maps = [str(p) for p in inputs.maps.values()]
    for i, example in enumerate(declared.examples[:1] if first_only else declared.examples):
        kinds = list(example.on) if placeholders(example) & OF_THE_MAP else [None]
        for kind in kinds[:1] if first_only else kinds:
            rid = f"{declared.name}-{i}" + (f"-{kind}" if kind else "")
            values = _Values(inputs, kind, out / rid, (copies or out) / f"{rid}-copy.json")
            stdin = Path(example.stdin.format_map(values)) if example.stdin else None
            found.append(Run(rid, declared.name, example, kind, fill(example, values, maps), stdin))
    return found


def runs(inputs: Inputs, out: Path) -> list[Run]:
    """Every example of every command on its maps."""
    return [run for d in declarations().values() for run in runs_of(d, inputs, out)]
