"""TypeScript declarations for engines (conformance/types/*.d.ts): current, compiling, and meaning something.

They are generated from schema/*.schema.json by json-schema-to-typescript (conformance/types/generate.mjs,
pinned in its package-lock.json); the committed files must be a fresh generation byte for byte, and the
TypeScript compiler (pinned too) type-checks an engine's use of them. Needs node and ``npm ci`` in
conformance/types (scripts/setup.sh does it).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TYPES = ROOT / "conformance" / "types"
NODE = shutil.which("node")
TSC = TYPES / "node_modules" / "typescript" / "bin" / "tsc"
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")

pytestmark = [
    pytest.mark.skipif(NODE is None, reason="node is not installed (scripts/setup.sh installs nodejs)"),
    pytest.mark.skipif(
        not (TYPES / "node_modules" / "json-schema-to-typescript").is_dir() or not TSC.is_file(),
        reason="run `npm ci` in conformance/types (scripts/setup.sh does)",
    ),
]


def node(*args: str, cwd: Path = TYPES) -> subprocess.CompletedProcess:
    return subprocess.run([NODE, *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def stale(committed: Path, fresh: Path) -> list[str]:
    """Declaration files that differ between the two folders, or are in only one of them."""
    names = {p.name for p in committed.glob("*.d.ts")} | {p.name for p in fresh.glob("*.d.ts")}
    return sorted(
        n
        for n in names
        if not (committed / n).is_file()
        or not (fresh / n).is_file()
        or (committed / n).read_bytes() != (fresh / n).read_bytes()
    )


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("types")
    result = node("generate.mjs", str(out))
    assert result.returncode == 0, result.stderr
    return out


def test_the_committed_declarations_are_a_fresh_generation(fresh):
    assert sorted(p.name for p in fresh.glob("*.d.ts")) == [
        "scenario.d.ts",
        "semantic-diff.d.ts",
        "simulation-output.d.ts",
        "validation-report.d.ts",
    ]
    assert stale(TYPES, fresh) == [], "run `npm run types` in conformance/types and commit the .d.ts files"


def test_an_altered_declaration_is_caught(fresh, tmp_path):
    for p in TYPES.glob("*.d.ts"):
        shutil.copy(p, tmp_path / p.name)
    altered = tmp_path / "simulation-output.d.ts"
    altered.write_text(
        altered.read_text(encoding="utf-8").replace('"NE" | "D" | "X"', '"NE" | "D"'), encoding="utf-8"
    )
    assert stale(tmp_path, fresh) == ["simulation-output.d.ts"]


@pytest.mark.slow
def test_a_document_the_schemas_refuse_does_not_type_check(tmp_path):
    """The declarations say what the documents hold: not `any`, not loose records."""
    misuse = tmp_path / "misuse.mts"
    misuse.write_text(
        "\n".join(
            [
                f'import type {{ DambusterScenario, Hex }} from "{(TYPES / "scenario.js").as_posix()}";',
                f'import type {{ BreachEvent }} from "{(TYPES / "simulation-output.js").as_posix()}";',
                f'import type {{ Violation }} from "{(TYPES / "validation-report.js").as_posix()}";',
                "export const threeNumbers: Hex = [1, 2, 3];",
                'export const floodWithoutHex: BreachEvent = { step: 1, kind: "flood", label: "0101", '
                'detail: { was: "clear", becomes: "swamp" } };',
                'export const fatal: Violation = { code: "JSON", severity: "fatal", message: "", location: { pointer: "" } };',
                "export const noColumns = (s: DambusterScenario) => s.map.columns;",
                "",
            ]
        ),
        encoding="utf-8",
    )
    result = node(str(TSC), "--noEmit", "--strict", "--module", "nodenext", str(misuse), cwd=tmp_path)
    assert result.returncode != 0
    lines = [line for line in result.stdout.splitlines() if "error TS" in line]
    assert [line.split("(")[1].split(",")[0] for line in lines] == ["4", "5", "6", "7"], result.stdout


def _output(*args: str):
    return json.loads(
        subprocess.run([DAMBUSTER, *args], capture_output=True, text=True, timeout=300, cwd=ROOT).stdout
    )


@pytest.mark.slow
def test_an_engine_using_the_declarations_and_real_documents_compile(tmp_path):
    """usage.ts (an engine's code) compiles, and so do samples and the command line's outputs written as
    TypeScript values of the declared types: one strict tsc run over both."""
    valley = "samples/ogre-dambusters-valley.json"
    documents = {
        ("scenario", "DambusterScenario"): [
            json.loads((ROOT / "samples" / name).read_text(encoding="utf-8"))
            for name in ("ogre-dambusters-valley.json", "dbm-table.json", "sewer-flash-flood.json")
        ],
        ("validation-report", "ValidationReport"): [
            _output(
                "validate",
                "--format",
                "json",
                "samples/invalid/not-utf8.json",
                "samples/scale-errors",
                valley,
            )
        ],
        ("simulation-output", "SimulationOutput"): [
            _output("surge", valley, "--dam", "dam-aller", "--format", "json"),
            _output("surge", valley, "--dam", "dam-aller", "--monte-carlo", "20", "--format", "json"),
            _output("flood", "samples/sewer-flash-flood.json", "--format", "json"),
        ],
        ("semantic-diff", "SemanticDiff"): [
            _output("diff", valley, "samples/ogre-basic.json", "--format", "json")
        ],
    }
    lines = [
        f'import type {{ {name} }} from "{(TYPES / module).as_posix()}.js";' for module, name in documents
    ]
    for (_, name), docs in documents.items():
        lines += [
            f"export const {name.lower()}{i}: {name} = {json.dumps(doc)};" for i, doc in enumerate(docs)
        ]
    (tmp_path / "real.mts").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = node(
        str(TSC),
        "--noEmit",
        "--strict",
        "--module",
        "nodenext",
        str(TYPES / "usage.ts"),
        "real.mts",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout[-3000:]


# ------------------------------------------------------------------------------ the JavaScript reader
READER = ROOT / "conformance" / "js"
#: The reader's modules that use the declarations (JSDoc): the scenario it reads, the events it writes.
#: run.mjs (the harness) and the modules' internals are not type-checked.
TYPED = {
    "reader.mjs": ['scenario.js").DambusterScenario'],
    "breach.mjs": ['simulation-output.js").BreachLog', 'simulation-output.js").BreachEvent["kind"]'],
    "flood.mjs": ['scenario.js").DambusterScenario', 'simulation-output.js").FlashFloodEvent["kind"]'],
}


def check_js(js: Path) -> subprocess.CompletedProcess:
    return node(
        str(TSC),
        "--noEmit",
        "--allowJs",
        "--checkJs",
        "--target",
        "es2022",
        "--module",
        "nodenext",
        *TYPED,
        cwd=js,
    )


@pytest.mark.slow
def test_the_javascript_reader_type_checks_against_the_declarations():
    for name, uses in TYPED.items():
        text = (READER / name).read_text(encoding="utf-8")
        assert all(f'import("../types/{use}' in text for use in uses), name
    result = check_js(READER)
    assert result.returncode == 0, result.stdout[-3000:]


@pytest.mark.slow
def test_a_reader_writing_an_event_kind_the_schema_does_not_have_is_caught(tmp_path):
    shutil.copytree(READER, tmp_path / "js")
    (tmp_path / "types").mkdir()
    for p in [*TYPES.glob("*.d.ts"), TYPES / "package.json"]:
        shutil.copy(p, tmp_path / "types" / p.name)
    breach = tmp_path / "js" / "breach.mjs"
    text = breach.read_text(encoding="utf-8")
    assert text.count('"road-cut"') == 1
    breach.write_text(text.replace('"road-cut"', '"road-cuts"'), encoding="utf-8")
    result = check_js(tmp_path / "js")
    assert result.returncode != 0 and '"road-cuts"' in result.stdout
