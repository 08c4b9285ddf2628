"""Copy and paste of a hex region (Qt-free): terrain, hexside features and every feature lying
fully inside, translated on the hex grid; pasted features get fresh ids and their references follow.
A paste is one undo step (a macro of the terrain paint and one SetFields)."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from dambuster.model.hexgrid import Hex, hexside_hexes
from dambuster.model.scenario import Scenario

from .hex_map import Change, ensure_side, hex_map_of
from .ids import fresh_id, scenario_ids

#: map lists copied with the region, and the id prefix of a pasted copy
MAP_LISTS = {
    "rivers": "river-",
    "roads": "road-",
    "rails": "rail-",
    "dams": "dam-",
    "river_bridges": "bridge-",
    "stream_bridges": "bridge-",
    "towns": "town-",
}
MARKER_LISTS = {
    "entrenchments": None,
    "revetments": "revetment-",
    "mines": "mine-",
    "road_cuts": None,
    "bridges_out": None,
    "graded_ridges": None,
}
#: fields that name another feature: a feature is copied only when what it names is copied too
REFS = ("river", "road", "bridge")


@dataclass
class Clip:
    anchor: Hex | tuple[float, float]  # a table point when ``kind`` is "table"
    terrain: dict[Hex, str] = field(default_factory=dict)  # absolute hexes of the source
    hexsides: list = field(default_factory=list)
    lists: dict[str, list] = field(default_factory=dict)  # "map.rivers", "markers.mines", "units" ...
    floodplain: list[Hex] = field(default_factory=list)
    kind: str = "hex"  # "table": table features (edits.table_group), the anchor a table point

    @property
    def empty(self) -> bool:
        return not self.terrain


def _hexes_of(obj: Any) -> list[Hex]:
    if isinstance(obj, tuple):  # a graded ridge: a bare hexside
        return list(hexside_hexes(obj))
    out = []
    for name in ("hex", "hexes", "reservoir"):
        v = getattr(obj, name, None)
        if isinstance(v, tuple):
            out.append(v)
        elif isinstance(v, list):
            out.extend(v)
    side = getattr(obj, "side", None)
    if isinstance(side, tuple) and len(side) == 3:
        out.extend(hexside_hexes(side))
    return out


def copy_region(s: Scenario, hexes: list[Hex]) -> Clip:
    """What lies in ``hexes`` (on-map hexes; the first is the anchor pasted under the cursor)."""
    m = hex_map_of(s)
    region = {h for h in hexes if m.layout.contains(h)}
    anchor = (
        min(region, key=lambda h: (m.layout.to_offset(h)[1], m.layout.to_offset(h)[0])) if region else (0, 0)
    )
    clip = Clip(anchor, {h: m.terrain[h] for h in region})  # on the map, so each has a kind

    def inside(obj) -> bool:
        hs = _hexes_of(obj)
        return (bool(hs) or hasattr(obj, "bridge")) and all(h in region for h in hs)

    copied: set[str] = set()
    for name in MAP_LISTS:
        items = [o for o in getattr(m, name) if inside(o)]
        items = [
            o
            for o in items
            if all(
                getattr(o, r, None) is None or getattr(o, r) in copied or not isinstance(getattr(o, r), str)
                for r in REFS
            )
        ]
        copied.update(o.id for o in items)
        clip.lists[f"map.{name}"] = copy.deepcopy(items)
    for name in MARKER_LISTS:
        items = [o for o in getattr(m.markers, name) if inside(o)]
        if name == "bridges_out":
            items = [o for o in items if o.bridge in copied]
        if name == "road_cuts":
            items = [o for o in items if o.route is None or o.route in copied]
        clip.lists[f"markers.{name}"] = copy.deepcopy(items)
    clip.lists["units"] = copy.deepcopy([u for u in s.units if u.hex is not None and u.hex in region])
    clip.hexsides = copy.deepcopy([f for f in m.hexsides if all(h in region for h in hexside_hexes(f.side))])
    clip.floodplain = [h for h in m.floodplain.hexes if h in region]
    return clip


def _shift(v: Any, dq: int, dr: int) -> Any:
    if isinstance(v, tuple) and len(v) == 2:
        return (v[0] + dq, v[1] + dr)
    if isinstance(v, tuple) and len(v) == 3:
        return (v[0] + dq, v[1] + dr, v[2])
    if isinstance(v, list):
        return [_shift(x, dq, dr) for x in v]
    return v


def _moved(obj: Any, dq: int, dr: int, ids: dict[str, str]) -> Any:
    if isinstance(obj, tuple):
        return _shift(obj, dq, dr)
    changes = {}
    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        if f.name in ("hex", "hexes", "reservoir", "side") and v is not None and not isinstance(v, str):
            changes[f.name] = _shift(v, dq, dr)
        elif f.name in ("id", "river", "road", "bridge", "route", "joins") and isinstance(v, str):
            changes[f.name] = ids.get(v, None if f.name in ("joins", "route") else v)
    return dataclasses.replace(obj, **changes)


def paste_changes(
    s: Scenario, clip: Clip, at: Hex, left_out: list[str] | None = None
) -> tuple[dict[Hex, str], list[Change]]:
    """(terrain changes, SetFields changes) of pasting ``clip`` with its anchor at ``at``; parts
    that would fall off the map are left out, each object named with why in ``left_out`` if given."""
    m = hex_map_of(s)
    dq, dr = at[0] - int(clip.anchor[0]), at[1] - int(clip.anchor[1])  # (a hex clip's anchor is a hex)
    on_map = m.layout.contains
    terrain = {
        (q + dq, r + dr): k
        for (q, r), k in clip.terrain.items()
        if on_map((q + dq, r + dr)) and m.terrain.get((q + dq, r + dr)) != k
    }
    ids: dict[str, str] = {}
    taken = scenario_ids(s)
    for key, items in clip.lists.items():
        prefix = (
            MAP_LISTS.get(key.split(".")[-1])
            or MARKER_LISTS.get(key.split(".")[-1])
            or ("unit-" if key == "units" else None)
        )
        for o in items:
            if prefix and getattr(o, "id", None):
                ids[o.id] = fresh_id(s, prefix, taken)
                taken.add(ids[o.id])
    changes: list[Change] = []
    new_ids, kept = set(ids.values()), set()
    existing = scenario_ids(s)
    sides_needed: list[str] = []

    def refs_kept(o) -> bool:  # what a pasted feature names was pasted too (not dropped off the map)
        return all(
            getattr(o, r) in kept
            if getattr(o, r, None) in new_ids
            else getattr(o, r, None) is None or getattr(o, r) in existing  # in another map: it must be there
            for r in ("river", "road", "bridge", "route")
        )

    def why_not(o, new) -> str:  # why the pasted ``new`` (of the clip's ``o``) is left out, or ""
        if not all(on_map(h) for h in _hexes_of(new)):
            return f"{object_name(o)}: it would fall off the map"
        if not refs_kept(new):
            missing = [
                f"{r} {getattr(o, r)}" for r in ("river", "road", "bridge", "route") if getattr(o, r, None)
            ]
            return f"{object_name(o)}: its {' and '.join(missing)} is not on this map there"
        return ""

    for key, items in clip.lists.items():
        moved = []
        for o in items:
            new = _moved(o, dq, dr, ids)
            why = why_not(o, new)
            if not why:
                moved.append(new)
            elif left_out is not None:
                left_out.append(why)
        kept.update(o.id for o in moved if getattr(o, "id", None))
        moved = [
            dataclasses.replace(o, joins=None) if getattr(o, "joins", None) in new_ids - kept else o
            for o in moved
        ]
        if not moved:
            continue
        owner_name, name = ("scenario", key) if key == "units" else key.split(".")
        owner = {"scenario": s, "map": m, "markers": m.markers}[owner_name]
        old = getattr(owner, name)
        if name == "entrenchments":  # one entry per hex: the pasted count replaces the old one
            pasted = {e.hex for e in moved}
            old = [e for e in old if e.hex not in pasted]
        if name in ("road_cuts", "graded_ridges"):
            old = [x for x in old if x not in moved]
        if name in ("units", "mines"):  # pasted from another map: its sides come along
            sides_needed.extend(getattr(u, "side", None) or u.owner for u in moved)
        changes.append((owner, name, old + moved))
    added = [c[2][-1] for side in dict.fromkeys(sides_needed) for c in ensure_side(s, side)]
    if added:
        changes.insert(0, (s, "sides", s.sides + added))
    sides = [_moved(f, dq, dr, ids) for f in clip.hexsides]
    sides = [f for f in sides if all(on_map(h) for h in hexside_hexes(f.side)) and f not in m.hexsides]
    if sides:
        changes.append((m, "hexsides", m.hexsides + sides))
    fp = [h for h in _shift(clip.floodplain, dq, dr) if on_map(h) and h not in m.floodplain.hexes]
    if fp:
        changes.append((m.floodplain, "hexes", m.floodplain.hexes + fp))
    return terrain, changes


def object_name(o) -> str:
    """A pasted object as a designer knows it: a town by its name, others by kind and id."""
    kind = {"RiverBridge": "River bridge", "StreamBridge": "Stream bridge", "RoadCut": "Road cut"}.get(
        type(o).__name__, type(o).__name__
    )
    name = getattr(o, "name", None) or getattr(o, "id", None)
    return f"{kind} {name}" if name else kind


def paste(doc, clip: Clip, at: Hex) -> bool:
    """Pushes the paste as one undo step; False when nothing would change."""
    from dambuster.editor.commands import PaintTerrain, SetFields

    terrain, changes = paste_changes(doc.scenario, clip, at)
    if not terrain and not changes:
        return False
    doc.undo_stack.beginMacro(f"Paste {len(clip.terrain)} hexes")
    if terrain:
        doc.push(PaintTerrain(doc, terrain, text="Paste terrain"))
    if changes:
        doc.push(SetFields(doc, changes, "Paste features"))
    doc.undo_stack.endMacro()
    return True
