"""The rules catalog: every code with its severity, profile, summary, source, decisions and parameters.

``rule_infos()`` gathers it from the registry and each rule module's ``DECISIONS`` and ``SOURCE``
dicts (code -> text; an optional ``PROFILE_NOTES`` dict, profile -> text, is said once per profile); a rule's parameters are the literal ``param(scenario, CODE, NAME, DEFAULT)``
calls anywhere in the package (literal or module-constant code and name), overridden by a module's
optional ``PARAMETERS`` dict (code -> {name: default}); a code that is no rule is a shared setting.
Reports (SARIF) and docs/rules.md read the same catalog.

Run ``python -m dambuster.validators.catalog_doc`` to rewrite docs/rules.md, ``--check`` to fail
when it is out of date.
"""

from __future__ import annotations

import ast
import inspect
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from ..checkout import checkout_doc, generated_doc_main
from ..work import DEFAULT_SECONDS, MAX_FINDINGS
from . import REGISTRY
from .audit import VERDICTS
from .engine import Rule
from .quick_fixes import quick_fix_text

#: Codes that are not rules but stages of loading and checking a file: they can appear in any report.
LOAD_CODES: dict[str, dict[str, str]] = {
    "JSON": {
        "summary": "The file can be read as strict JSON.",
        "checks": "The file exists, is within the size limit, is UTF-8 without a byte-order mark, nests at "
        "most 64 levels, and is valid JSON with no NaN or Infinity, no duplicate keys and no "
        "oversized integers.",
        "source": "dambuster file format (model/io.py)",
    },
    "SCHEMA": {
        "summary": "The document follows the scenario format.",
        "checks": "The document matches the JSON Schema (schema/scenario.schema.json, draft 2020-12) after "
        "migration to the current format version, and passes the model's consistency checks: "
        "unique ids, references that resolve, terrain rows that fit the map.",
        "source": "dambuster file format (schema/scenario.schema.json, model/semantic.py)",
    },
    "ENGINE": {
        "summary": "The rule checks ran to the end.",
        "checks": "Reported when a rule stops with an internal error, or a worker process of --jobs stops, "
        "so the file could not be checked. This is a fault in dambuster, not in the file: please "
        "report it with the file.",
        "source": "dambuster itself",
    },
    "BUDGET": {
        "summary": "The file was loaded and checked within its budget.",
        "checks": "Reported, once, when loading and checking a file takes longer than `validate --budget` "
        f"seconds (default {DEFAULT_SECONDS:g}) or runs out of memory. It names the rules that did "
        "not finish; the findings of the rules that finished are listed. The file was not fully "
        "checked, so this is not a verdict (exit status 2). --select and --ignore never hide it, "
        "and it is never cached.",
        "source": "dambuster itself (docs/untrusted.md)",
    },
    "TRUNCATED": {
        "summary": "The report lists every finding of the file.",
        "checks": f"A report lists at most {MAX_FINDINGS:,} findings per file; this one finding counts the "
        "others by code. It is an error when any finding left out is an error, so the file's verdict is the "
        "full list's. The cap keeps one file from making a report code scanning refuses.",
        "source": "dambuster itself (docs/untrusted.md)",
    },
}

DOC_PATH = checkout_doc("rules.md")  # None when installed: then standard output


@dataclass
class RuleInfo:
    code: str
    severity: str
    profile: str | None
    summary: str
    checks: str = ""
    source: str = ""
    decisions: str = ""
    parameters: dict[str, object] = field(default_factory=dict[str, object])
    is_load_stage: bool = False


_PACKAGE = __package__ or __name__.rpartition(".")[0]  # dambuster.validators (also under python -m)


def _validator_modules() -> list[ModuleType]:
    """The rule module of each registered rule and every other loaded module of this package."""
    mods = [sys.modules[r.fn.__module__] for r in REGISTRY.values() if r.fn.__module__ in sys.modules]
    loaded: list[tuple[str, ModuleType | None]] = sorted(sys.modules.items())  # None: an import blocked
    mods += [m for name, m in loaded if name.startswith(_PACKAGE + ".") and m is not None]
    return list(dict.fromkeys(mods))


def _merged(name: str, first: ModuleType | None = None) -> dict[str, Any]:
    """A module-level dict (DECISIONS, SOURCE, PARAMETERS) merged over the package, ``first``'s entries winning.
    Each name's dict has values of its own type (text; a dict of parameters), as the modules declare it."""
    out: dict[str, Any] = {}
    for mod in reversed(([first] if first else []) + _validator_modules()):
        value: object = getattr(mod, name, None)
        if isinstance(value, dict):  # the package's own constant, keyed by rule code or profile
            out.update(cast("dict[str, Any]", value))
    return out


def _value(node: ast.AST) -> object:
    try:
        return ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        return ast.unparse(node)


def _scan_file(path: Path) -> dict[str, dict[str, object]]:
    """``param(s, CODE, NAME, DEFAULT)`` calls with a literal (or module-constant) code and name."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return {}
    consts = {
        t.id: n.value.value
        for n in tree.body
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    found: dict[str, dict[str, object]] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and len(node.args) >= 4):
            continue
        fname = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if fname != "param":
            continue
        code_node, name_node = node.args[1], node.args[2]
        code = (
            consts.get(code_node.id) if isinstance(code_node, ast.Name) else getattr(code_node, "value", None)
        )
        name = getattr(name_node, "value", None)
        if isinstance(code, str) and isinstance(name, str):
            found.setdefault(code, {}).setdefault(name, _value(node.args[3]))
    return found


def scanned_parameters() -> dict[str, dict[str, object]]:
    """Every parameter the package reads, by code (rule codes, and shared settings such as ``DBM``)."""
    out: dict[str, dict[str, object]] = {}
    files = {Path(f) for m in _validator_modules() if (f := getattr(m, "__file__", None))}
    for path in sorted(files):
        for code, names in _scan_file(path).items():
            for name, default in names.items():
                out.setdefault(code, {}).setdefault(name, default)
    declared = _merged("PARAMETERS")
    for code, names in declared.items():
        out[code] = {**out.get(code, {}), **names}
    return out


def parameters_of(rule: Rule, scanned: dict[str, dict[str, object]] | None = None) -> dict[str, object]:
    """Names and defaults of a rule's parameters (a module's PARAMETERS entry, else its param() calls)."""
    scanned = scanned_parameters() if scanned is None else scanned
    return dict(scanned.get(rule.code, {}))


def rule_info(rule: Rule, scanned: dict[str, dict[str, object]] | None = None) -> RuleInfo:
    doc = inspect.getdoc(rule.fn) or ""
    own = sys.modules.get(rule.fn.__module__)
    return RuleInfo(
        code=rule.code,
        severity=rule.severity,
        profile=rule.profile,
        summary=rule.summary,
        checks=" ".join(doc.split()),
        source=_merged("SOURCE", own).get(rule.code, ""),
        decisions=_merged("DECISIONS", own).get(rule.code, ""),
        parameters=parameters_of(rule, scanned),
    )


def shared_settings() -> dict[str, dict[str, object]]:
    """Parameters read under a code that is not a rule (settings shared by a profile's rules)."""
    return {
        c: names for c, names in scanned_parameters().items() if c not in REGISTRY and c not in LOAD_CODES
    }


def load_infos() -> list[RuleInfo]:
    return [
        RuleInfo(code, "error", None, d["summary"], d["checks"], d["source"], is_load_stage=True)
        for code, d in LOAD_CODES.items()
    ]


def rule_infos(include_load: bool = True) -> list[RuleInfo]:
    """The catalog: load stages first, then rules sorted by profile and code."""
    rules = sorted(REGISTRY.values(), key=lambda r: (r.profile, r.code))
    scanned = scanned_parameters()
    return (load_infos() if include_load else []) + [rule_info(r, scanned) for r in rules]


# ------------------------------------------------------------------------------- markdown
def show(value: object) -> str:
    """A default as a reader wants it: 4/3 as 1.33333, not 1.3333333333333333."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(infos: list[RuleInfo], shared: dict[str, dict[str, object]] | None = None) -> str:
    out = [
        "# Rules catalog",
        "",
        "<!-- Generated by `python -m dambuster.validators.catalog_doc`; do not edit by hand. -->",
        "",
        "Every code `dambuster validate` can report. `JSON` and `SCHEMA` are stages of loading a file,",
        "`ENGINE` a check that could not finish and `BUDGET` a file not checked within its time or memory",
        f"(exit status 2); `TRUNCATED` counts the findings past the {MAX_FINDINGS:,} a report lists per file;",
        "the others are rules of a profile (exit status 1 for an error, 0 for warnings only).",
        "Select or silence codes with `--select` / `--ignore` (prefixes such as `DBM-` work); change a",
        "rule's parameters per scenario under `parameters.rules.<CODE>.<name>` in the file.",
        "",
        "Reports (`--format`): `text`; `json` (stable: `files[].path/valid/violations[]`); `sarif` (2.1.0,",
        "every code below as a rule, ruleId = the code; a finding without a line of its own is placed on the",
        "line of its JSON pointer; pointer and map location in `properties`); `junit` (a suite per file, a case",
        "per code that ran plus `SCHEMA`; rule errors are failures, unreadable or schema-invalid files errors,",
        "warnings pass and are listed in `system-out`); `github` (`::error`/`::warning` workflow commands).",
        "A folder holding `*.expected.json` reports inside a folder being checked is a test corpus and is",
        "skipped with a note; name it to check it.",
        "",
        "Each rule is checked against the sentence of its text: [audit.md](audit.md) holds that audit, with",
        "the unit catalog's figures and the simulation's steps.",
        "",
        "| code | severity | profile | summary |",
        "|---|---|---|---|",
    ]
    for i in infos:
        out.append(
            f"| [`{i.code}`](#{i.code.lower()}) | {i.severity} | {i.profile or 'load'} | {_cell(i.summary)} |"
        )
    by_profile: dict[str, list[RuleInfo]] = {}
    for i in infos:
        by_profile.setdefault(i.profile or "", []).append(i)
    notes = _merged("PROFILE_NOTES")  # a paragraph said once for all of a profile's rules
    for profile, group in by_profile.items():
        out += ["", f"## {'Profile ' + profile if profile else 'Loading and checking a file'}"]
        if notes.get(profile):
            out += ["", notes[profile]]
        for i in group:
            out += ["", f"### {i.code}", "", f"- **Severity:** {i.severity}"]
            out.append(f"- **Profile:** {i.profile or '(every file)'}")
            out.append(f"- **Summary:** {i.summary}")
            if i.checks:
                out.append(f"- **What it checks:** {i.checks}")
            out.append(f"- **Rule text:** {i.source or '(not recorded)'}")
            if i.decisions:
                out.append(f"- **Decisions:** {' '.join(i.decisions.split())}")
            if i.code in VERDICTS:
                out.append(f"- **Against the text:** {VERDICTS[i.code]} ([audit](audit.md))")
            if i.parameters:
                ps = ", ".join(f"`{k}` (default `{show(v)}`)" for k, v in i.parameters.items())
                out.append(f"- **Parameters:** {ps}")
            elif not i.is_load_stage:
                out.append("- **Parameters:** none")
            if (fix := quick_fix_text(i.code)) is not None:
                out.append(f"- **Quick fix (editor):** {fix}")
    if shared:
        out += [
            "",
            "## Shared settings",
            "",
            "Parameters that several rules read, set under `parameters.rules.<NAME>.<parameter>` like a rule's.",
            "",
            "| name | parameter | default |",
            "|---|---|---|",
        ]
        for code, names in sorted(shared.items()):
            out += [f"| `{code}` | `{k}` | `{_cell(show(v))}` |" for k, v in names.items()]
    if not any(not i.is_load_stage for i in infos):
        out += ["", "No rules are registered yet."]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    return generated_doc_main(
        argv,
        prog="python -m dambuster.validators.catalog_doc",
        name="rules.md",
        render=lambda: render_markdown(rule_infos(), shared_settings()),
    )


if __name__ == "__main__":
    sys.exit(main())
