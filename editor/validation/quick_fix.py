"""Quick fixes for Validation findings with exactly one sensible fix (no Qt widgets here: the panel
offers them on a row's context menu and its Fix button). Each fix is ONE undo step through the
document's edit commands; "fix all" fixes every finding of the same code in that one step (a macro
of the fixes' commands, each built when it is applied, on the scenario as the fixes before left it).

The rules with a fix, and why the others have none: dambuster/validators/quick_fixes.py (shown in
docs/rules.md). The fixes themselves: fix_rules.py (rule findings), fix_bridges.py (misplaced bridges),
fix_format.py (the FORMAT rows of a file opened with problems)."""

from __future__ import annotations

from . import fix_bridges, fix_rules
from .fix_format import plan_format
from .fix_rules import Fix

#: code -> planner: the finding and the scenario -> its Fix, or None
PLANS = {**fix_rules.PLANS, **fix_bridges.PLANS}

__all__ = ["Fix", "apply_fixes", "can_fix", "fix_label", "plan"]


def plan(violation, scenario) -> Fix | None:
    """The quick fix of ``violation`` in ``scenario``, or None when it has none."""
    code = getattr(violation, "code", "")
    if scenario is None:
        return None
    if code == "FORMAT":
        return plan_format(violation, scenario)
    planner = PLANS.get(code)
    return planner(violation, scenario) if planner is not None else None


def can_fix(violation, scenario) -> bool:
    return plan(violation, scenario) is not None


def fix_label(violation, scenario, count: int = 1) -> str:
    fix = plan(violation, scenario)
    label = fix.label if fix is not None else "No quick fix"
    if count == 1:
        return label
    many = fix.many if fix is not None and violation.code != "FORMAT" else "apply the quick fixes"
    return f"Fix all {count} {violation.code}: {many}"


def apply_fixes(doc, violations: list) -> int:
    """Applies the fixes of ``violations`` (those that have one) as one undo step; returns how many."""
    fixes = [f for v in violations if (f := plan(v, doc.scenario)) is not None]
    if not fixes:
        return 0
    if len(fixes) == 1:
        command = fixes[0].command(doc)
        command.setText(f"Fix: {fixes[0].label}")
        doc.push(command)
        return 1
    code = violations[0].code
    doc.undo_stack.beginMacro(f"Fix: {len(fixes)} {code} findings")
    try:
        for f in fixes:
            doc.push(f.command(doc))
    finally:
        doc.undo_stack.endMacro()
    return len(fixes)
