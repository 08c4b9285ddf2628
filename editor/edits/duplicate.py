"""Duplicate (the context menu's): a copy of a selected point feature with a fresh id, as one undo
step's changes (no Qt). Where the copy goes:
- hex maps: a unit on its own hex (units stack); anything else on the nearest hex (rings 1 to 3 around
  it, in the grid's direction order) where a drag could drop it (``edits.move``), so a copied dam
  lands further down its own river, a bridge on another crossing of its road and river, a stream
  bridge on a parallel hexside (shifted by the same ring offset) where its road crosses a stream. A dam's
  copy starts without a reservoir (two dams do not share one). Refused when no hex in reach fits.
- tables: a sewer point 10 table units right of the original (left when that leaves the table); a
  model 10 units further along its corridor (back when that passes its end).
Lines, areas and hexside terrain (streams, ridges) are not duplicated (Copy and Paste carry them).
"""

from __future__ import annotations

import dataclasses
import math
import re
from typing import Any

from dambuster.model.hexgrid import neighbors
from dambuster.model.scenario import Dam, Model, Scenario, SewerPoint, TableMap, Unit

from .hex_map import Change
from .ids import fresh_id
from .move import anchor, moved
from .table_map import SEWER_POINTS

STEP = 10.0  # how far a table copy is set off


def _with_fresh_id(s: Scenario, obj: Any) -> Any:
    ident = getattr(obj, "id", None)
    if not isinstance(ident, str):
        return obj
    m = re.match(r"^(.*?)(\d+)$", ident)
    prefix = m.group(1) if m else ident + "-"
    return dataclasses.replace(obj, id=fresh_id(s, prefix))


def _rings(h, reach: int = 3):
    seen, frontier, out = {h}, [h], []
    for _ in range(reach):
        nxt = []
        for x in frontier:
            for n in neighbors(x):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
                    out.append(n)
        frontier = nxt
    return out


def duplicate_object(s: Scenario, obj: Any) -> tuple[list[Change], str, Any]:
    """``(changes, "", the copy)`` or ``([], why, None)``."""
    if isinstance(obj, (SewerPoint, Model)):
        return _duplicate_on_table(s, obj)
    start = anchor(obj)
    if start is None:
        return [], f"{type(obj).__name__} cannot be duplicated (copy and paste a region instead)", None
    copy = _with_fresh_id(s, obj)
    if isinstance(copy, Dam):
        copy = dataclasses.replace(copy, reservoir=[])
    candidates = ([start] if isinstance(obj, Unit) else []) + _rings(start)
    for dest in candidates:
        owner, name, new, why = moved(s, copy, start, dest) if dest != start else (s, "units", copy, "")
        if not why:
            return [(owner, name, getattr(owner, name) + [new])], "", new
    return [], "no free hex nearby takes a copy", None


def _duplicate_on_table(s: Scenario, obj: Any) -> tuple[list[Change], str, Any]:
    from shapely.geometry import LineString

    t = s.map
    if not isinstance(t, TableMap) or t.sewer is None:  # (never: they are found only in a table's sewer)
        raise TypeError(f"{type(obj).__name__} outside a table's sewer")
    sewer = t.sewer
    copy = _with_fresh_id(s, obj)
    if isinstance(obj, Model):
        corridor = next(c for c in sewer.corridors if c.id == obj.corridor)
        length = LineString(corridor.line).length
        pos = obj.position + STEP if obj.position + STEP <= length else max(0.0, obj.position - STEP)
        new = dataclasses.replace(copy, position=math.floor(pos * 1000) / 1000)
        return [(sewer, "models", sewer.models + [new])], "", new
    x, y = obj.point
    x = x + STEP if x + STEP <= t.width else x - STEP
    new = dataclasses.replace(copy, point=(float(x), float(y)))
    name = next(n for n, _p in SEWER_POINTS.values() if any(o is obj for o in getattr(sewer, n)))
    return [(sewer, name, getattr(sewer, name) + [new])], "", new
