"""The audit (docs/audit.md, validators/audit.py): every rule code has its verdict against its text, and
each file:line the audit names points at what it says it does (so the table stays true to the code)."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

from dambuster.validators.audit import VERDICTS
from dambuster.validators.engine import REGISTRY, RULE_MODULES

ROOT = Path(__file__).resolve().parents[2]
AUDIT = (ROOT / "docs" / "audit.md").read_text(encoding="utf-8")


def rules():
    for module, _ in RULE_MODULES:
        importlib.import_module(f"dambuster.validators.{module}")
    return {c: r for c, r in REGISTRY.items() if not c.startswith("ZZ")}


def test_every_rule_has_a_verdict_against_its_text():
    for code in rules():
        assert code in VERDICTS, code
        assert re.match(r"the text (says|is silent|is ambiguous)", VERDICTS[code]), code


def test_every_rule_row_points_at_the_rule_function():
    for code, rule in rules().items():
        row = re.search(rf"^\| {re.escape(code)} \|[^|]*\| (\S+):(\d+) \|", AUDIT, re.M)
        assert row, f"{code} has no row in docs/audit.md"
        path, line = row.group(1), int(row.group(2))
        assert Path(inspect.getsourcefile(rule.fn)).resolve() == (ROOT / path).resolve(), code
        assert inspect.getsourcelines(rule.fn)[1] == line, f"{code}: docs/audit.md says line {line}"


def test_every_catalog_row_points_at_its_unit():
    catalog = (ROOT / "model" / "catalog.py").read_text(encoding="utf-8").splitlines()
    section = AUDIT.split("## 1.")[1].split("## 2.")[0]
    rows = re.findall(r"^\| ([^|:,]+)[^|]*\|[^|]*\| model/catalog\.py:(\d+)", section, re.M)
    assert len(rows) >= 20
    for name, line in rows:
        unit = re.search(r'_T\("([^"]+)"', catalog[int(line) - 1])
        assert unit and name.strip().lower() in unit.group(1).lower(), (name, line)


def test_the_rules_catalog_links_the_audit():
    assert "(audit.md)" in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
