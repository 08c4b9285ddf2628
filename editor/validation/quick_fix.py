"""Quick fixes for Validation findings with exactly one sensible fix (no Qt widgets here: the panel
offers them on a row's context menu and its Fix button). Each fix is ONE undo step through the
document's edit commands; "fix all" fixes every finding of the same code in that one step.

Rules with a quick fix (keep editor/README.md in step):
- RIVER-TERRAIN (ogre-dambusters): a river hex that is not water is painted water."""

from __future__ import annotations

from dambuster.model.hexgrid import Hex

from ..commands import PaintTerrain


def _river_hex(violation) -> Hex | None:
    loc = violation.location or {}
    h = loc.get("hex")
    return (int(h[0]), int(h[1])) if isinstance(h, (list, tuple)) and len(h) == 2 else None


#: code -> (label of the fix, what it changes: hex -> new terrain kind)
FIXES = {"RIVER-TERRAIN": ("Paint the river hex water", _river_hex)}


def can_fix(violation) -> bool:
    fix = FIXES.get(getattr(violation, "code", ""))
    return fix is not None and fix[1](violation) is not None


def fix_label(violation, count: int = 1) -> str:
    label = FIXES[violation.code][0]
    return label if count == 1 else f"Fix all {count} {violation.code}: {label.lower()}s"


def apply_fixes(doc, violations: list) -> int:
    """Applies the fixes of ``violations`` (those that have one) as one undo step; returns how many."""
    kinds = {}
    for v in violations:
        if can_fix(v):
            kinds[FIXES[v.code][1](v)] = "water"
    if not kinds:
        return 0
    what = "Paint river hex water" if len(kinds) == 1 else f"Paint {len(kinds)} river hexes water"
    doc.undo_stack.push(PaintTerrain(doc, kinds, text=f"Fix: {what}"))
    return len(kinds)
