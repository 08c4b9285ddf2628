"""Which findings the editor's Validation dock can fix in one click, and why the others cannot: the
one place this is written (docs/rules.md shows each entry next to its rule; the editor's fixes,
editor/validation/fix_*.py, are tested to match). A quick fix is offered only where exactly one edit
is the sensible one, an edit a designer would accept without being asked to choose."""

from __future__ import annotations

#: code -> the edit the editor's quick fix makes
FIXED: dict[str, str] = {
    "SCHEMA": "in the editor, a file opened with problems offers: a reference that differs from an "
    "existing id only in case points to it; a river joining itself or a river that does not exist joins "
    "the one other river its last hex is in or next to (none: the joins is dropped); a side in a dam's "
    "sp_known_to that does not exist is dropped; a repeated id gets a fresh one (references "
    "keep the first owner); squads of a non-infantry unit become 1; a repeated hexside entry is dropped; "
    "a hex's entrenchment entries merge into one with their counts added",
    "DAM-HIDDEN": "clear the dam's hidden mark",
    "DAM-SP-MIN": "raise the dam's SP to the minimum (min_sp)",
    "ENTRENCH-MAX": "lower the hex's entrenchments to the maximum",
    "MINE-VISIBLE": "hide the mine",
    "RIVER-GAP": "a hex repeated twice in a row: drop the repeat (a jump: none, many courses fill it)",
    "RIVER-OUTLET": "a river that joins none and ends beside exactly one other river joins it (anywhere "
    "else: none, where it should run off the map is a choice)",
    "RIVER-TERRAIN": "paint the river hex water",
    "BRIDGE-KIND": "the bridge becomes the other kind where there is one place for it: the one stream "
    "hexside of its hex its road crosses, or the one hex of its hexside where its road meets one river "
    "(anywhere else: none, moving it or the road is a choice)",
    "BRIDGE-SITE": "move the bridge to where its road crosses its river or a stream, when that is one free "
    "hex or hexside (anywhere else: none, moving it or re-routing the road is a choice)",
    "DBM-RIVER-WIDTH": "narrow the river to the widest allowed",
    "SEWER-MODEL": "a model past its corridor's end: put it at that end (a missing corridor: none)",
}

#: code -> why the editor offers no quick fix
NOT_FIXED: dict[str, str] = {
    "JSON": "the editor refuses the file; repair it in a text editor",
    "ENGINE": "a fault in dambuster, not in the file",
    "BUDGET": "nothing to change in the file",
    "TRUNCATED": "a count of other findings",
    "DBM-BUA": "where to put the BUA or its fields is the designer's choice",
    "DBM-FEATURE-COUNT": "which feature to drop or resize is the designer's choice",
    "DBM-FEATURE-SIZE": "an outline can be reshaped in many ways",
    "DBM-ISLAND": "the island can move or shrink in many ways",
    "DBM-OVERLAP": "which feature to move, and where, is the designer's choice",
    "DBM-PROMONTORY": "the feature can move or shrink in many ways",
    "DBM-RIVER-CENTRE": "the river's course is the designer's choice",
    "DBM-RIVER-COURSE": "the river's course is the designer's choice",
    "DBM-RIVER-CURVATURE": "the river's course is the designer's choice",
    "DBM-RIVER-LONG-EDGE": "the river's course is the designer's choice",
    "DBM-ROAD": "where the road runs is the designer's choice",
    "DBM-SECTOR": "the feature fits its sector in many places (or the sector is re-diced)",
    "DBM-WATERWAY": "the waterway's outline can change in many ways",
    "SEWER-FEATURE": "which corridor it belongs on is the designer's choice",
    "SEWER-ORIGIN": "where the flood starts is the designer's choice",
    "SEWER-UNREACHED": "a warning the text expects; which corridor to join is a choice",
    "FORCE-BUDGET": "change the forces or the budget: the designer's choice",
    "SETUP-ZONE": "where the unit goes, or which zone grows, is the designer's choice",
    "STACK-LIMIT": "which unit moves, and where, is the designer's choice",
    "UNIT-TERRAIN": "where the unit goes, or which terrain changes, is the designer's choice",
    "DAM-SITE": "the dam, its river and its reservoir can each be changed",
    "DAM-STACK": "which building to remove is the designer's choice",
    "FLOODPLAIN-REACH": "a new dam or a smaller floodplain: the designer's choice",
    "FLOODPLAIN-TERRAIN": "repaint the hex or take it out of the floodplain: two edits",
    "RIVER-CYCLE": "which link of the cycle to break is the designer's choice",
    "RIVER-SPLIT": "a warning; which branch is wrong, if any, is the designer's choice",
    "SURGE-PATH": "the river's course below the dam is the designer's choice",
    "ENTRENCH-TERRAIN": "remove the entrenchments or repaint the hex: two edits",
    "REVETMENT-CAPACITY": "move a unit or enlarge the revetment: the designer's choice",
}


def quick_fix_text(code: str) -> str | None:
    """The phrase docs/rules.md shows for ``code``: the fix, or "none" and why (None if unlisted)."""
    if code in FIXED:
        return FIXED[code]
    if code in NOT_FIXED:
        return f"none: {NOT_FIXED[code]}"
    return None
