"""Immutable snapshots of a breach in progress, and the events a step reports.

A :class:`SimState` holds only what the breach changes: terrain bytes, each unit's status and squads,
the markers and streams it added, the floodplain hexes already settled, and where the swell is.
States are frozen (bytes, tuples, frozensets), so keeping the list of past states is all stepping
back needs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard, cast

from dambuster.model.hexgrid import Hex, Hexside

from .dice import Draw


@dataclass(frozen=True)
class SimState:
    step: int  # -1: before the breach; 0: the breach; k: before the k-th later player turn
    terrain: bytes
    units: tuple[tuple[str, int], ...]  # (status, squads), in the scenario's unit order
    road_cuts: tuple[tuple[Hex, str], ...] = ()  # (hex, route id): the routes the breach cut
    bridges_out: tuple[str, ...] = ()
    streams: tuple[Hexside, ...] = ()
    settled: frozenset[Hex] = frozenset()  # floodplain hexes already flooded or rolled for
    swell: tuple[Hex, ...] = ()
    done: bool = False  # the swell has left the map


@dataclass(frozen=True)
class Event:
    step: int
    kind: str  # breach, reservoir, debris, swell, surge-attack, stuck-roll, flood, flood-roll, road-cut,
    #            bridge-out, stream, left-map
    where: Any = None  # a hex, a hexside, a unit or bridge id
    detail: dict[str, Any] = field(default_factory=dict[str, Any])
    rolls: tuple[Draw, ...] = ()

    def to_dict(self, label: Callable[[Hex], str] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"step": self.step, "kind": self.kind}
        if self.where is not None:
            out["where"] = _jsonable(self.where)
            if label is not None and _is_hex(self.where):
                out["label"] = label(self.where)
        if self.detail:
            out["detail"] = {k: _jsonable(v) for k, v in self.detail.items()}
        if self.rolls:
            out["rolls"] = [{"for": d.purpose, "sides": d.sides, "value": d.value} for d in self.rolls]
        return out


def _is_hex(where: object) -> TypeGuard[Hex]:
    """A hex (q, r), not a hexside (q, r, side), a unit's or a bridge's id."""
    return isinstance(where, tuple) and len(cast(tuple[object, ...], where)) == 2


def _jsonable(v: object) -> Any:
    """Tuples (hexes, hexsides) as JSON arrays, at any depth."""
    if isinstance(v, (tuple, list)):
        return [_jsonable(x) for x in cast(Sequence[object], v)]
    if isinstance(v, dict):
        return {k: _jsonable(x) for k, x in cast(dict[object, object], v).items()}
    return v
