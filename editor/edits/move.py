"""Moving a point feature of a hex map to another hex (the select tool's drag), as a pure function (no
Qt): ``move_object`` returns the changes of one undo step, or no changes and the sentence saying why
the drop is refused (the feature then stays where it was: it snaps back).

What may be dropped where (what a strict load and the placement tools accept):
- a unit, a revetment, a mine, an entrenchment: any hex of the map; one revetment, mine or
  entrenchment per hex. A mine is ``on_road`` again when a road runs through its new hex.
- a dam: a hex of its own river holding no other dam. Its reservoir moves by the same axial offset;
  reservoir hexes that would leave the map, and the one landing on the dam, are dropped (the rest of
  the reservoir is kept rather than refusing the whole move; Undo brings them back).
- a river bridge: a hex of both its road and its river, with no other bridge.
- a stream bridge (it sits on a hexside): a hexside on the map carrying a stream that its road (or
  rail) crosses, with no other bridge (``move_stream_bridge``: to the hexside under the cursor; in a
  group, by the group's offset).
- a road cut: a hex of a road or rail (of its own route when it names one), with no other cut.
- a town: all its hexes move by the offset; refused when one would leave the map or land in
  another town.

On tables (``move_table_point``): a sewer node, grate, sluice gate or cave-in goes to any point of the
table; a model goes onto the corridor nearest the drop, at the distance the drop projects to (as when
placed); refused off the table.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from dambuster.model.hexgrid import Hex, Hexside, hexside_hexes
from dambuster.model.scenario import (
    Dam,
    Entrenchment,
    Mine,
    Model,
    Revetment,
    RiverBridge,
    RoadCut,
    Scenario,
    SewerPoint,
    StreamBridge,
    TableMap,
    Town,
    Unit,
)

from .hex_map import Change, _crosses, _swap, hex_map_of
from .table_map import SEWER_POINTS, nearest_corridor

ON_ONE_HEX = (Unit, Dam, RiverBridge, Entrenchment, Revetment, Mine, RoadCut)
MOVABLE = (*ON_ONE_HEX, Town)


def anchor(obj: Any) -> Hex | None:
    """The hex a drag of ``obj`` starts from (a town's: its first hex; a stream bridge's: the hex its
    hexside key names), None when it cannot be dragged."""
    if isinstance(obj, Town):
        return obj.hexes[0] if obj.hexes else None
    if isinstance(obj, StreamBridge):
        return (obj.side[0], obj.side[1])
    return obj.hex if isinstance(obj, ON_ONE_HEX) else None


def _shift(h: Hex, d: Hex) -> Hex:
    return (h[0] + d[0], h[1] + d[1])


def move_object(s: Scenario, obj: Any, dest: Hex, start: Hex | None = None) -> tuple[list[Change], str]:
    """Moves ``obj`` so that the hex the drag started from (``start``, default its anchor) lands on
    ``dest``. Returns ``(changes, "")``, ``([], "")`` when nothing moves, or ``([], why)`` when refused."""
    start = anchor(obj) if start is None else start
    if start is None or start == dest:
        return [], ""
    owner, name, new, why = moved(s, obj, start, dest)
    if why:
        return [], why
    return [(owner, name, _swap(getattr(owner, name), obj, new))], ""


def moved(s: Scenario, obj: Any, start: Hex, dest: Hex, group: tuple = ()) -> tuple[Any, str, Any, str]:
    """``(owner, list name, the moved copy of obj, "")``, or ``(None, "", None, why)`` when the drop is
    refused. ``obj`` need not be in its list yet (a duplicate being placed). Objects of ``group`` (moved
    along with it by the same offset) are not in the way."""
    m = hex_map_of(s)
    lay = m.layout
    away = lambda x: x is not obj and not any(x is g for g in group)  # noqa: E731
    label = lay.label(dest) if lay.contains(dest) else "off the map"
    refuse = lambda why: (None, "", None, why)  # noqa: E731
    if isinstance(obj, Town):
        d = (dest[0] - start[0], dest[1] - start[1])
        hexes = [_shift(h, d) for h in obj.hexes]
        if not all(lay.contains(h) for h in hexes):
            return refuse(f"{obj.name or obj.id} would leave the map")
        other = next((t for t in m.towns if away(t) and set(t.hexes) & set(hexes)), None)
        if other is not None:
            return refuse(f"{obj.name or obj.id} would overlap {other.name or other.id}")
        return m, "towns", dataclasses.replace(obj, hexes=hexes), ""
    if isinstance(obj, StreamBridge):
        q, r, d = obj.side
        new, why = _stream_bridge_to(s, obj, (q + dest[0] - start[0], r + dest[1] - start[1], d), away)
        return (m, "stream_bridges", new, "") if new is not None else refuse(why)
    if not lay.contains(dest):
        return refuse(f"{_name(obj)} cannot leave the map")
    if isinstance(obj, Unit):
        return s, "units", dataclasses.replace(obj, hex=dest), ""
    if isinstance(obj, Dam):
        river = next((r for r in m.rivers if r.id == obj.river), None)
        if river is None or dest not in river.hexes:
            return refuse(f"{_name(obj)} must stay on river {obj.river} ({label} is not on it)")
        if any(x.hex == dest for x in m.dams if away(x)):
            return refuse(f"{label} already has a dam")
        d = (dest[0] - obj.hex[0], dest[1] - obj.hex[1])
        res = [h for h in (_shift(h, d) for h in obj.reservoir) if lay.contains(h) and h != dest]
        return m, "dams", dataclasses.replace(obj, hex=dest, reservoir=res), ""
    if isinstance(obj, RiverBridge):
        on = lambda items, ident: any(r.id == ident and dest in r.hexes for r in items)  # noqa: E731
        if not (on(m.roads, obj.road) and on(m.rivers, obj.river)):
            return refuse(f"{_name(obj)} needs road {obj.road} and river {obj.river} at {label}")
        if any(b.hex == dest for b in m.river_bridges if away(b)):
            return refuse(f"{label} already has a bridge")
        return m, "river_bridges", dataclasses.replace(obj, hex=dest), ""
    mk = m.markers
    name = {Entrenchment: "entrenchments", Revetment: "revetments", Mine: "mines", RoadCut: "road_cuts"}[
        type(obj)
    ]
    if any(x.hex == dest for x in getattr(mk, name) if away(x)):
        return refuse(f"{label} already has one ({name.replace('_', ' ')[:-1]})")
    extra: dict[str, Any] = {}
    if isinstance(obj, RoadCut):
        routes = [r for r in m.roads + m.rails if obj.route in (None, r.id)]
        if not any(dest in r.hexes for r in routes):
            return refuse(
                f"a road cut needs {'a road or rail' if obj.route is None else obj.route} at {label}"
            )
    if isinstance(obj, Mine):
        extra["on_road"] = any(dest in r.hexes for r in m.roads)
    return mk, name, dataclasses.replace(obj, hex=dest, **extra), ""


def side_label(s: Scenario, side: Hexside) -> str:
    """A hexside as the labels of its two hexes ("0203/0204"; an off-map hex shows as "edge")."""
    lay = hex_map_of(s).layout
    return "/".join(lay.label(h) if lay.contains(h) else "edge" for h in hexside_hexes(side))


def _stream_bridge_to(s: Scenario, obj: StreamBridge, side: Hexside, away=None) -> tuple[Any, str]:
    """``(the bridge moved onto side, "")`` or ``(None, why)``; bridges ``away`` refuses are not in the way."""
    m = hex_map_of(s)
    away = away or (lambda x: x is not obj)
    if not m.layout.hexside_on_map(side):
        return None, f"{_name(obj)} cannot leave the map"
    where = side_label(s, side)
    if not any(tuple(f.side) == side and f.kind == "stream" for f in m.hexsides):
        return None, f"{_name(obj)} needs a stream hexside ({where} has none)"
    if not any(r.id == obj.road and _crosses(r.hexes, side) for r in m.roads + m.rails):
        return None, f"{_name(obj)} needs its road {obj.road} to cross the stream at {where}"
    if any(tuple(b.side) == side for b in m.stream_bridges if away(b)):
        return None, f"{where} already has a bridge"
    return dataclasses.replace(obj, side=side), ""


def move_stream_bridge(s: Scenario, obj: StreamBridge, side: Hexside | None) -> tuple[list[Change], str]:
    """Moves a stream bridge onto ``side`` (the hexside under the cursor; None: the cursor is near
    none). Returns ``(changes, "")``, ``([], "")`` when nothing moves, or ``([], why)``."""
    if side is None:
        return [], f"{_name(obj)} goes on a hexside: drop it nearer one"
    if tuple(side) == tuple(obj.side):
        return [], ""
    new, why = _stream_bridge_to(s, obj, (side[0], side[1], side[2]))
    if new is None:
        return [], why
    m = hex_map_of(s)
    return [(m, "stream_bridges", _swap(m.stream_bridges, obj, new))], ""


def move_group(s: Scenario, objs: list, start: Hex, dest: Hex) -> tuple[list[Change], str]:
    """Moves several objects by the offset from ``start`` to ``dest`` as one step; refused whole when
    any one of them is (the first refusal says why)."""
    if start == dest or not objs:
        return [], ""
    d = (dest[0] - start[0], dest[1] - start[1])
    work: dict[tuple[int, str], tuple[Any, str, list]] = {}
    for obj in objs:
        a = anchor(obj)
        if a is None:
            return [], f"{_name(obj)} cannot be dragged"
        owner, name, new, why = moved(s, obj, a, _shift(a, d), tuple(objs))
        if why:
            return [], why
        key = (id(owner), name)
        items = work[key][2] if key in work else getattr(owner, name)
        work[key] = (owner, name, _swap(items, obj, new))
    return list(work.values()), ""


def delete_group(s: Scenario, objs: list) -> list[Change]:
    """Removes several point features as one step, with the bridge-out markers of removed bridges."""
    m = hex_map_of(s)
    gone = lambda x: any(x is o for o in objs)  # noqa: E731
    owners = [(s, "units"), (m, "dams"), (m, "river_bridges"), (m, "stream_bridges"), (m, "towns")]
    owners += [(m.markers, n) for n in ("entrenchments", "revetments", "mines", "road_cuts")]
    out = [
        (o, n, [x for x in getattr(o, n) if not gone(x)])
        for o, n in owners
        if any(gone(x) for x in getattr(o, n))
    ]
    bridges = {b.id for b in m.river_bridges + m.stream_bridges if gone(b)}
    if bridges:
        out.append((m.markers, "bridges_out", [b for b in m.markers.bridges_out if b.bridge not in bridges]))
    return out


def move_table_point(s: Scenario, obj: Any, p: tuple[float, float]) -> tuple[list[Change], str]:
    """Moves a sewer point or a model of a table map to the point ``p`` (see the module's text)."""
    t = s.map
    if not isinstance(t, TableMap) or t.sewer is None or not isinstance(obj, (SewerPoint, Model)):
        return [], ""
    sewer = t.sewer
    if not (0 <= p[0] <= t.width and 0 <= p[1] <= t.depth):
        return [], f"{_name(obj)} cannot leave the table"
    if isinstance(obj, Model):
        hit = nearest_corridor(sewer, p)
        if hit is None:
            return [], f"{_name(obj)} needs a corridor to stand on"
        corridor, position = hit
        position = math.floor(position * 1000) / 1000
        if (corridor.id, position) == (obj.corridor, obj.position):
            return [], ""
        new = dataclasses.replace(obj, corridor=corridor.id, position=position)
        return [(sewer, "models", _swap(sewer.models, obj, new))], ""
    name = next(n for n, _prefix in SEWER_POINTS.values() if any(x is obj for x in getattr(sewer, n)))
    point = (float(p[0]), float(p[1]))
    if tuple(obj.point) == point:
        return [], ""
    return [(sewer, name, _swap(getattr(sewer, name), obj, dataclasses.replace(obj, point=point)))], ""


def _name(obj: Any) -> str:
    ident = getattr(obj, "id", None)
    kind = type(obj).__name__
    return f"{kind} {ident}" if ident else kind
