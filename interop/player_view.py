"""Player views: a copy of a scenario for one side, without what that side must not know.

Removed or masked (see docs/batch.md, "Player views", for the decisions):

* other sides' hidden mines (a side keeps its own mines and every mine that is no longer hidden);
* the SP and damage of each dam whose ``sp_known_to`` does not list the side: the schema wants
  ``sp`` >= 1, so ``sp`` becomes a placeholder -- the minimum the dambusters text gives a dam (the
  scenario's DAM-SP-MIN ``min_sp``, 50 unless overridden) -- and ``damage`` becomes 0;
* optionally (``hide_reserves``) other sides' units not yet on the map (no hex), and the force
  budgets of those sides (a budget counts the hidden units, and would no longer match the view).

The dam itself always stays: the dambusters text makes every dam's position public. The view says
what it is in meta: the tags ``player-view`` and ``player-view:SIDE``, and a sentence appended to the
description listing what was masked. The result is an ordinary scenario that loads and validates.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from dambuster.model.scenario import HexMap, Mine, Scenario, Unit

TAG = "player-view"
MAX_DESCRIPTION = 20000  # the schema's limit for meta.description


class PlayerViewError(ValueError):
    """The view cannot be made (an unknown side): one sentence for the user."""


@dataclass
class Masked:
    """What a view took out, for the meta note and the command's summary."""

    mines: list[str] = field(default_factory=list[str])
    dams: list[str] = field(default_factory=list[str])
    units: list[str] = field(default_factory=list[str])
    budgets: list[str] = field(default_factory=list[str])  # sides whose force budget was removed

    def sentence(self, side: str, placeholder: int) -> str:
        parts: list[str] = []
        if self.mines:
            parts.append(f"{len(self.mines)} hidden enemy mine(s) removed")
        if self.dams:
            parts.append(
                f"the SP and damage of dam(s) {', '.join(self.dams)} are unknown "
                f"(shown as {placeholder} SP, no damage)"
            )
        if self.units:
            parts.append(f"{len(self.units)} enemy unit(s) off the map removed")
        if self.budgets:
            parts.append(f"the force budget of {', '.join(self.budgets)} removed")
        what = "; ".join(parts) if parts else "nothing hidden from this side"
        return f"Player view for side {side}: {what}."


def unknown_sp_placeholder(scenario: Scenario) -> int:
    """The dambusters text's least dam SP, as the scenario sets it for its DAM-SP-MIN check (default 50)."""
    from dambuster.validators.engine import load, param

    load(["ogre-dambusters"])  # the profile whose DAM-SP-MIN declares min_sp
    return max(1, int(param(scenario, "DAM-SP-MIN", "min_sp")))


def player_view(
    scenario: Scenario, side: str, hide_reserves: bool = False, placeholder_sp: int | None = None
) -> tuple[Scenario, Masked]:
    """A deep copy of ``scenario`` as ``side`` may see it, and what was masked."""
    sides = [s.id for s in scenario.sides]
    if side not in sides:
        known = ", ".join(sides) or "none"
        raise PlayerViewError(f"no side {side!r} in this scenario (sides: {known})")
    view = copy.deepcopy(scenario)
    masked = Masked()
    sp = placeholder_sp if placeholder_sp is not None else unknown_sp_placeholder(scenario)
    if isinstance(view.map, HexMap):
        _mask_mines(view.map, side, masked)
        _mask_dams(view.map, side, sp, masked)
    if hide_reserves:
        _drop_reserves(view, side, masked)
    _note(view, side, masked, sp)
    return view, masked


def _mask_mines(m: HexMap, side: str, masked: Masked) -> None:
    keep: list[Mine] = []
    for mine in m.markers.mines:
        if mine.hidden and mine.owner != side:
            masked.mines.append(mine.id)
        else:
            keep.append(mine)
    m.markers.mines = keep


def _mask_dams(m: HexMap, side: str, sp: int, masked: Masked) -> None:
    for d in m.dams:
        if side not in d.sp_known_to:
            d.sp, d.damage = sp, 0
            masked.dams.append(d.id)


def _drop_reserves(view: Scenario, side: str, masked: Masked) -> None:
    keep: list[Unit] = []
    gone_sides: set[str] = set()
    for u in view.units:
        if u.side != side and u.hex is None:
            masked.units.append(u.id)
            gone_sides.add(u.side)
        else:
            keep.append(u)
    view.units = keep
    # a budget counts the force the view hides (and would no longer match it): those sides' budgets go too
    masked.budgets = [b.side for b in view.budgets if b.side in gone_sides]
    view.budgets = [b for b in view.budgets if b.side not in gone_sides]


def _note(view: Scenario, side: str, masked: Masked, sp: int) -> None:
    meta = view.meta
    for tag in (TAG, f"{TAG}:{side}"[:64]):
        if tag not in meta.tags and len(meta.tags) < 64:
            meta.tags.append(tag)
    note = masked.sentence(side, sp)
    room = MAX_DESCRIPTION - len(note) - 2
    meta.description = f"{meta.description[:room]}\n\n{note}" if meta.description else note
