"""Immutable snapshots of a breach in progress, and the events a step reports.

A :class:`SimState` holds only what the breach changes: terrain bytes, each unit's status and squads,
the markers and streams it added, the floodplain hexes already settled, and where the swell is.
States are frozen (bytes, tuples, frozensets), so keeping the list of past states is all stepping
back needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..model.hexgrid import Hex, Hexside
from .dice import Draw


@dataclass(frozen=True)
class SimState:
    step: int  # -1: before the breach; 0: the breach; k: before the k-th later player turn
    terrain: bytes
    units: tuple[tuple[str, int], ...]  # (status, squads), in the scenario's unit order
    road_cuts: tuple[tuple[Hex, str | None], ...] = ()
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
    detail: dict = field(default_factory=dict)
    rolls: tuple[Draw, ...] = ()

    def to_dict(self, label=None) -> dict:
        out: dict = {"step": self.step, "kind": self.kind}
        if self.where is not None:
            out["where"] = _jsonable(self.where)
            if label is not None and isinstance(self.where, tuple) and len(self.where) == 2:
                out["label"] = label(self.where)
        if self.detail:
            out["detail"] = {k: _jsonable(v) for k, v in self.detail.items()}
        if self.rolls:
            out["rolls"] = [{"for": d.purpose, "sides": d.sides, "value": d.value} for d in self.rolls]
        return out


def _jsonable(v):
    if isinstance(v, (tuple, list)):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {k: _jsonable(x) for k, x in v.items()}
    return v
