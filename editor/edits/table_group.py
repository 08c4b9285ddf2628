"""Table features moved, deleted and copied whole or as a group (no Qt), each as one undo step's
changes:
- ``table_objects_in``: what a rubber band holds, every feature whose points all lie in it (areas,
  the waterway, rivers, roads, corridors, gantries, sewer points, models);
- ``translate_group``: moves features by one offset, every point of an area or line at once (a
  dragged body or group). The offset is shortened on each axis so nothing goes further off the
  table than it was (a river from edge to edge slides along its edges). A model goes with its
  corridor when that is moved too, otherwise onto the corridor nearest its new point; a moved
  waterway extends from the short edge nearer its centroid (as when drawn);
- ``delete_table_group``: removes features with what refers to them (models on a removed corridor;
  a river that flowed into a removed river or waterway now ends at the table edge);
- ``copy_table_objects`` / ``paste_table_changes``: a clip of table features (``Clip.kind`` "table",
  its anchor a table point) pasted with its anchor at the cursor, fresh ids and references following;
  what would land off the table, a second waterway, a model with no corridor or a road whose BUA or
  road was left out (a stub joining nothing) is left out, each named with its reason ("model Ogre: no
  corridor there to stand on").
"""

from __future__ import annotations

import copy
import dataclasses
import math
from collections.abc import Callable
from typing import Any

from dambuster.model.scenario import (
    Area,
    Corridor,
    Gantry,
    Model,
    Scenario,
    SewerPoint,
    TableRiver,
    TableRoad,
    Waterway,
)

from .clipboard import Clip
from .hex_map import Change, ensure_side
from .ids import fresh_id, scenario_ids
from .table_map import SEWER_POINTS, _sewer, centroid, nearest_corridor, table_of

Pt = tuple[float, float]
#: where a table feature is kept: (owner "map" or "sewer", list name, fresh id prefix)
PLACES = {
    Area: ("map", "areas", "area-"),
    TableRiver: ("map", "rivers", "river-"),
    TableRoad: ("map", "roads", "road-"),
    Waterway: ("map", "waterway", "waterway-"),
    Corridor: ("sewer", "corridors", "corridor-"),
    Gantry: ("sewer", "gantries", "gantry-"),
    Model: ("sewer", "models", "model-"),
}
_COORDS = {
    Area: "polygon",
    Waterway: "polygon",
    Gantry: "polygon",
    TableRiver: "line",
    TableRoad: "line",
    Corridor: "line",
}


def objects(s: Scenario) -> list:
    """Every movable table feature, in drawing order."""
    t = table_of(s)
    out: list = [*t.areas, *([t.waterway] if t.waterway is not None else []), *t.rivers, *t.roads]
    if t.sewer is not None:
        sw = t.sewer
        out += [
            *sw.corridors,
            *sw.gantries,
            *sw.nodes,
            *sw.grates,
            *sw.sluice_gates,
            *sw.cave_ins,
            *sw.models,
        ]
    return out


def points_of(s: Scenario, obj: Any) -> list[Pt]:
    """The points of a feature (a model's: where it stands on its corridor; none when it is off one)."""
    from dambuster.editor.geometry.table import model_point

    if isinstance(obj, Model):
        sewer = table_of(s).sewer
        p = model_point(sewer, obj) if sewer is not None else None
        return [] if p is None else [p]
    if isinstance(obj, SewerPoint):
        x, y = obj.point
        return [(x, y)]
    return [(x, y) for x, y in getattr(obj, _COORDS[type(obj)])]


def table_objects_in(
    s: Scenario, rect: tuple[float, float, float, float], allowed: Callable[[Any], bool] = lambda _o: True
) -> list:
    """The features whose points all lie in ``rect`` = (x0, y0, x1, y1), that ``allowed`` accepts."""
    x0, y0, x1, y1 = rect
    inside = lambda p: x0 <= p[0] <= x1 and y0 <= p[1] <= y1  # noqa: E731
    out = []
    for o in objects(s):
        pts = points_of(s, o)
        if pts and all(inside(p) for p in pts) and allowed(o):
            out.append(o)
    return out


def clamp(s: Scenario, pts: list[Pt], dx: float, dy: float) -> tuple[float, float]:
    """The offset shortened so that the points go no further off the table than they are."""
    t = table_of(s)
    if not pts:
        return dx, dy
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    dx = min(max(dx, min(0.0, -min(xs))), max(0.0, t.width - max(xs)))
    dy = min(max(dy, min(0.0, -min(ys))), max(0.0, t.depth - max(ys)))
    return dx, dy


def _shifted(points, dx: float, dy: float) -> list[Pt]:
    return [(float(x) + dx, float(y) + dy) for x, y in points]


def _place(s: Scenario, obj: Any) -> tuple[Any, str]:
    """``(owner, attribute)`` holding ``obj``."""
    t = table_of(s)
    if isinstance(obj, SewerPoint):
        return t.sewer, next(
            n for n, _p in SEWER_POINTS.values() if any(x is obj for x in getattr(t.sewer, n))
        )
    where, name, _prefix = PLACES[type(obj)]
    return (t if where == "map" else t.sewer), name


def _floor(v: float) -> float:
    return math.floor(v * 1000) / 1000  # to the mm, never past a corridor's end


def translate_group(s: Scenario, objs: list, dx: float, dy: float) -> tuple[list[Change], bool]:
    """``(changes, shortened)``: the features moved by (dx, dy) as one step, and whether the offset was
    shortened at the table's edge; ``([], ...)`` when nothing moves."""
    t = table_of(s)
    cdx, cdy = clamp(s, [p for o in objs for p in points_of(s, o)], dx, dy)
    shortened = (round(cdx, 6), round(cdy, 6)) != (round(dx, 6), round(dy, 6))
    if abs(cdx) < 1e-9 and abs(cdy) < 1e-9:
        return [], shortened
    work: dict[tuple[int, str], tuple[Any, str, Any]] = {}

    def put(owner, name, old, new) -> None:
        key = (id(owner), name)
        if name == "waterway":
            work[key] = (owner, name, new)
            return
        items = work[key][2] if key in work else getattr(owner, name)
        work[key] = (owner, name, [new if x is old else x for x in items])

    moved_corridors = {o.id for o in objs if isinstance(o, Corridor)}
    for o in objs:
        owner, name = _place(s, o)
        if isinstance(o, Model):
            continue  # below, once the corridors have moved
        if isinstance(o, SewerPoint):
            new = dataclasses.replace(o, point=_shifted([o.point], cdx, cdy)[0])
        else:
            field = _COORDS[type(o)]
            new = dataclasses.replace(o, **{field: _shifted(getattr(o, field), cdx, cdy)})
            if isinstance(new, Waterway):
                new = dataclasses.replace(
                    new, edge="left" if centroid(new.polygon)[0] < t.width / 2.0 else "right"
                )
        put(owner, name, o, new)
    models = [o for o in objs if isinstance(o, Model) and o.corridor not in moved_corridors]
    if models and t.sewer is not None:  # (models stand in the sewer)
        key = (id(t.sewer), "corridors")
        corridors = work[key][2] if key in work else t.sewer.corridors
        after = dataclasses.replace(t.sewer, corridors=corridors)
        for o in models:
            pts = points_of(s, o)
            if not pts:
                continue
            found = nearest_corridor(after, _shifted(pts, cdx, cdy)[0])
            assert found is not None  # a model with a point stands on a corridor, which stays
            corridor, position = found
            put(t.sewer, "models", o, dataclasses.replace(o, corridor=corridor.id, position=_floor(position)))
    return list(work.values()), shortened


def delete_table_group(s: Scenario, objs: list) -> list[Change]:
    """Removes several table features as one step, with what refers to them."""
    t = table_of(s)
    gone = lambda x: any(x is o for o in objs)  # noqa: E731
    out: list[Change] = [
        (t, n, [x for x in getattr(t, n) if not gone(x)])
        for n in ("areas", "rivers", "roads")
        if any(gone(x) for x in getattr(t, n))
    ]
    ids = {o.id for o in objs}
    if t.waterway is not None and gone(t.waterway):
        out.append((t, "waterway", None))
    rivers: list[TableRiver] = next((v for _o, n, v in out if n == "rivers"), t.rivers)
    if any(r.flows_into in ids for r in rivers):
        out = [c for c in out if c[1] != "rivers"]
        out.append(
            (
                t,
                "rivers",
                [dataclasses.replace(r, flows_into=None) if r.flows_into in ids else r for r in rivers],
            )
        )
    sw = t.sewer
    if sw is not None:
        names = ["corridors", "gantries", *(n for n, _p in SEWER_POINTS.values())]
        out += [
            (sw, n, [x for x in getattr(sw, n) if not gone(x)])
            for n in names
            if any(gone(x) for x in getattr(sw, n))
        ]
        models = [m for m in sw.models if not gone(m) and m.corridor not in ids]
        if len(models) != len(sw.models):
            out.append((sw, "models", models))
    return out


def copy_table_objects(s: Scenario, objs: list) -> Clip | None:
    """A clip of table features anchored at the first one's first point; None when there is none.
    A model is kept with the point it stands on (``lists["sewer.model_points"]``), so it can be
    pasted onto another corridor."""
    objs = [o for o in objs if type(o) in PLACES or isinstance(o, SewerPoint)]
    objs = [o for o in objs if points_of(s, o)]
    if not objs:
        return None
    clip = Clip(points_of(s, objs[0])[0], kind="table")
    for o in objs:
        owner, name = _place(s, o)
        key = f"{'map' if owner is s.map else 'sewer'}.{name}"
        clip.lists.setdefault(key, []).append(copy.deepcopy(o))
        if isinstance(o, Model):
            clip.lists.setdefault("sewer.model_points", []).append(points_of(s, o)[0])
    return clip


def feature_name(o: Any) -> str:
    """A table feature as a designer knows it: its kind ("wood", "river", "model") and name or id."""
    kind = o.kind if isinstance(o, Area) else type(o).__name__.removeprefix("Table").lower()
    name = getattr(o, "name", None) or getattr(o, "id", None)
    return f"{kind} {name}" if name else kind


def _near(line: list[Pt], other: list[Pt], closed: bool, tol: float) -> bool:
    """Whether a road's points reach ``other`` (an outline when ``closed``, else a line) within ``tol``."""
    edges = list(zip(other, other[1:] + other[:1] if closed else other[1:]))

    def gap(p: Pt, a: Pt, b: Pt) -> float:
        (ax, ay), (bx, by), (px, py) = a, b, p
        span = (bx - ax) ** 2 + (by - ay) ** 2
        u = 0.0 if span == 0 else max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / span))
        return math.dist(p, (ax + u * (bx - ax), ay + u * (by - ay)))

    def inside(p: Pt) -> bool:  # even-odd ray cast
        return (
            closed
            and sum(
                (ay > p[1]) != (by > p[1]) and p[0] < ax + (p[1] - ay) * (bx - ax) / (by - ay)
                for (ax, ay), (bx, by) in edges
            )
            % 2
            == 1
        )

    return any(inside(p) or any(gap(p, a, b) <= tol for a, b in edges) for p in line)


def _drop_orphan_roads(clip: Clip, lists: dict, ids: dict, left_out: list, dropped: list, tol: float) -> None:
    """Leaves out the pasted roads that joined a BUA or road of the clip left out (a road from a BUA
    that would fall off the table): pasted alone, the stub would link nothing (DBM-ROAD)."""
    kept = lists.get("map.roads", [])
    original = {ids[o.id]: o for o in clip.lists.get("map.roads", []) if o.id in ids}
    gone = [o for o in left_out if isinstance(o, TableRoad) or (isinstance(o, Area) and o.kind == "bua")]
    while gone and kept:
        orphans = []
        for r in list(kept):
            line = original[r.id].line
            joined = [
                o
                for o in gone
                if _near(line, o.polygon if isinstance(o, Area) else o.line, isinstance(o, Area), tol)
            ]
            if joined:
                kept.remove(r)
                orphans.append(original[r.id])
                names = ", ".join(feature_name(o) for o in joined)
                dropped.append(f"{feature_name(original[r.id])}: it would join nothing ({names} left out)")
        gone = orphans
    if "map.roads" in lists and not kept:
        del lists["map.roads"]


def paste_table_changes(s: Scenario, clip: Clip, at: Pt) -> tuple[list[Change], list[str]]:
    """``(changes, the features left out)`` of pasting a table clip with its anchor at ``at``: each left
    out as "wood Big wood: it would fall off the table" (``feature_name`` and why)."""
    t = table_of(s)
    dx, dy = at[0] - clip.anchor[0], at[1] - clip.anchor[1]
    on_table = lambda pts: all(0 <= x <= t.width and 0 <= y <= t.depth for x, y in pts)  # noqa: E731
    taken, ids, dropped = scenario_ids(s), dict[str, str](), list[str]()
    left_out: list[Any] = []  # the clip's features left out, as copied
    changes: list[Change] = []
    sewer, make = _sewer(s)
    prefixes = dict(SEWER_POINTS.values())
    lists: dict[str, list] = {}
    for key, items in clip.lists.items():
        if key == "sewer.model_points":
            continue
        name = key.split(".")[1]
        for o in items:
            if isinstance(o, Model):
                continue
            field = "point" if isinstance(o, SewerPoint) else _COORDS.get(type(o))
            if field is None:
                continue
            pts = _shifted([o.point] if field == "point" else getattr(o, field), dx, dy)
            # the waterway's own refusal first: one pasted from the same table always overhangs it
            if name == "waterway" and (t.waterway is not None or "map.waterway" in lists):
                dropped.append(f"{feature_name(o)}: the table has a waterway already (one at most)")
                continue
            if not on_table(pts):
                dropped.append(f"{feature_name(o)}: it would fall off the table")
                left_out.append(o)
                continue
            prefix = prefixes.get(name) or next(p for _w, n, p in PLACES.values() if n == name)
            ids[o.id] = fresh_id(s, prefix, taken)
            taken.add(ids[o.id])
            placed = pts[0] if field == "point" else pts
            lists.setdefault(key, []).append(dataclasses.replace(o, id=ids[o.id], **{field: placed}))
    _drop_orphan_roads(clip, lists, ids, left_out, dropped, max(t.width, t.depth) / 200.0)
    existing = scenario_ids(s)
    for r in lists.get("map.rivers", []):
        if r.flows_into is not None:
            r.flows_into = ids.get(r.flows_into, r.flows_into if r.flows_into in existing else None)
    for wtr in lists.get("map.waterway", []):  # it extends from the short edge nearer its centroid
        wtr.edge = "left" if centroid(wtr.polygon)[0] < t.width / 2.0 else "right"
    corridors = sewer.corridors + lists.get("sewer.corridors", [])
    sides: list[str] = []
    for o, p in zip(clip.lists.get("sewer.models", []), clip.lists.get("sewer.model_points", [])):
        q = (p[0] + dx, p[1] + dy)
        if o.corridor in ids and ids[o.corridor] in {c.id for c in corridors}:
            new = dataclasses.replace(o, corridor=ids[o.corridor])
        # (no corridor is found where every one is a single point, as a file may have)
        elif on_table([q]) and (
            found := nearest_corridor(dataclasses.replace(sewer, corridors=corridors), q)
        ):
            corridor, position = found
            new = dataclasses.replace(o, corridor=corridor.id, position=_floor(position))
        else:
            why = "it would fall off the table" if not on_table([q]) else "no corridor there to stand on"
            dropped.append(f"{feature_name(o)}: {why}")
            continue
        new = dataclasses.replace(new, id=fresh_id(s, "model-", taken))
        taken.add(new.id)
        sides.append(new.side)
        lists.setdefault("sewer.models", []).append(new)
    for side in dict.fromkeys(sides):
        for owner, name, value in ensure_side(s, side):
            prior = next((c for c in changes if c[0] is owner and c[1] == name), None)
            if prior is None:
                changes.append((owner, name, value))
            else:
                changes[changes.index(prior)] = (owner, name, prior[2] + value[-1:])
    if not lists:
        return [], dropped
    if any(k.startswith("sewer.") for k in lists):
        changes += make
    for key, new in lists.items():
        where, name = key.split(".")
        if name == "waterway":
            changes.append((t, "waterway", new[0]))
            continue
        owner = t if where == "map" else sewer
        changes.append((owner, name, getattr(owner, name) + new))
    return changes, dropped
