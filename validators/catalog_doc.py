"""The rules catalog: every rule code with its severity, profile, summary, source, decisions and parameters.

``rule_infos()`` gathers it from the registry and each rule module's ``DECISIONS`` and ``SOURCE``
dicts (code -> text; an optional ``PROFILE_NOTES`` dict, profile -> text, is said once per profile); a rule's parameters are the literal ``param(scenario, CODE, NAME, DEFAULT)``
calls anywhere in the package (literal or module-constant code and name), overridden by a module's
optional ``PARAMETERS`` dict (code -> {name: default}); a code that is no rule is a shared setting.
Reports (SARIF) and docs/rules.md (``python -m dambuster.cli.docs.rules_md``) read the same catalog.
"""

from __future__ import annotations

import ast
import inspect
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from . import REGISTRY
from .engine import Rule


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


def merged(name: str, first: ModuleType | None = None) -> dict[str, Any]:
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
    declared = merged("PARAMETERS")
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
        source=merged("SOURCE", own).get(rule.code, ""),
        decisions=merged("DECISIONS", own).get(rule.code, ""),
        parameters=parameters_of(rule, scanned),
    )


def shared_settings() -> dict[str, dict[str, object]]:
    """Parameters read under a code that is not a rule (settings shared by a profile's rules)."""
    return {c: names for c, names in scanned_parameters().items() if c not in REGISTRY}


def rule_infos() -> list[RuleInfo]:
    """The catalog of rules, sorted by profile and code (the stages of loading a file, which any report
    may name too, are dambuster.batch.load_codes')."""
    rules = sorted(REGISTRY.values(), key=lambda r: (r.profile, r.code))
    scanned = scanned_parameters()
    return [rule_info(r, scanned) for r in rules]


# ------------------------------------------------------------------------------- markdown
def show(value: object) -> str:
    """A default as a reader wants it: 4/3 as 1.33333, not 1.3333333333333333."""
    return f"{value:g}" if isinstance(value, float) else str(value)
