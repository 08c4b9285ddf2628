"""Checks the schema cannot express: ids unique, references resolve, hexes on the map, terrain
sized to the map, geometry valid. Failures are SCHEMA errors with the JSON pointer of the culprit.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from .errors import Problem, ScenarioError
from .ground_scale import reduction_problem
from .hexgrid import Hex, Hexside, Layout, hexside_hexes
from .scenario import POSITION_TOLERANCE, HexMap, Point, Scenario, TableMap

MAX_PROBLEMS = 50


def check(s: Scenario) -> None:
    problems: list[Problem] = []
    for p in iter_problems(s):
        problems.append(p)
        if len(problems) >= MAX_PROBLEMS:
            break
    if problems:
        raise ScenarioError("SCHEMA", problems)


def iter_problems(s: Scenario) -> Iterator[Problem]:
    ids: dict[str, str] = {}
    for ident, kind in _ids(s):  # the first owner of a repeated id: later references are judged against it
        ids.setdefault(ident, kind)
    yield from _unique(s)
    sides = {x.id for x in s.sides}
    yield from _refs(s, ids, sides)
    if isinstance(s.map, HexMap):
        yield from _hex_map(s, s.map)
    else:
        yield from _table_map(s, s.map)


# ------------------------------------------------------------------------------------ ids
def _id_owners(s: Scenario) -> Iterator[tuple[str, str, str]]:
    """(id, kind, pointer) for every object that has an id."""
    for i, x in enumerate(s.sides):
        yield x.id, "side", f"/sides/{i}/id"
    for i, x in enumerate(s.units):
        yield x.id, "unit", f"/units/{i}/id"
    for i, x in enumerate(s.setup_zones):
        yield x.id, "setup zone", f"/setup_zones/{i}/id"
    m = s.map
    if isinstance(m, HexMap):
        groups = [
            ("rivers", "river", m.rivers),
            ("roads", "road", m.roads),
            ("rails", "rail", m.rails),
            ("dams", "dam", m.dams),
            ("river_bridges", "river bridge", m.river_bridges),
            ("stream_bridges", "stream bridge", m.stream_bridges),
            ("towns", "town", m.towns),
        ]
        for key, kind, items in groups:
            for i, x in enumerate(items):
                yield x.id, kind, f"/map/{key}/{i}/id"
        for i, d in enumerate(m.dams):
            for j, b in enumerate(d.buildings):
                yield b.id, "building", f"/map/dams/{i}/buildings/{j}/id"
        for i, x in enumerate(m.markers.revetments):
            yield x.id, "revetment", f"/map/markers/revetments/{i}/id"
        for i, x in enumerate(m.markers.mines):
            yield x.id, "mine", f"/map/markers/mines/{i}/id"
    else:
        for i, x in enumerate(m.areas):
            yield x.id, "area", f"/map/areas/{i}/id"
        if m.waterway:
            yield m.waterway.id, "waterway", "/map/waterway/id"
        for i, x in enumerate(m.rivers):
            yield x.id, "river", f"/map/rivers/{i}/id"
        for i, x in enumerate(m.roads):
            yield x.id, "road", f"/map/roads/{i}/id"
        if m.sewer:
            for key in ("corridors", "nodes", "grates", "sluice_gates", "cave_ins", "gantries", "models"):
                for i, x in enumerate(getattr(m.sewer, key)):
                    yield x.id, key.rstrip("s").replace("_", " "), f"/map/sewer/{key}/{i}/id"


def _ids(s: Scenario):
    for ident, kind, _ in _id_owners(s):
        yield ident, kind


def _unique(s: Scenario) -> Iterator[Problem]:
    seen: dict[str, str] = {}
    for ident, kind, ptr in _id_owners(s):
        if ident in seen:
            yield Problem(ptr, f"id {ident!r} is already used by the {seen[ident]}")
        else:
            seen[ident] = kind


def _want(ids: dict[str, str], ident: str | None, kinds: tuple[str, ...], ptr: str) -> Iterator[Problem]:
    if ident is None:
        return
    kind = ids.get(ident)
    if kind is None:
        yield Problem(ptr, f"refers to {' or '.join(kinds)} {ident!r}, which does not exist")
    elif kind not in kinds:
        yield Problem(ptr, f"refers to {ident!r}, a {kind}, where a {' or '.join(kinds)} is expected")


def _refs(s: Scenario, ids: dict[str, str], sides: set[str]) -> Iterator[Problem]:
    for i, u in enumerate(s.units):
        yield from _want(ids, u.side, ("side",), f"/units/{i}/side")
        t = s.unit_types.get(u.type)
        if t is None:
            yield Problem(f"/units/{i}/type", f"unit type {u.type!r} is not in unit_types")
        elif u.squads > 1 and t.category != "infantry":
            yield Problem(f"/units/{i}/squads", f"only infantry has squads; a {u.type} has 1")
    for i, z in enumerate(s.setup_zones):
        yield from _want(ids, z.side, ("side",), f"/setup_zones/{i}/side")
    counts = Counter(b.side for b in s.budgets)
    for i, b in enumerate(s.budgets):
        yield from _want(ids, b.side, ("side",), f"/budgets/{i}/side")
        if counts[b.side] > 1:
            yield Problem(f"/budgets/{i}/side", f"side {b.side!r} has more than one budget")
        for t in b.units:
            if t not in s.unit_types:
                yield Problem(f"/budgets/{i}/units/{t}", f"unit type {t!r} is not in unit_types")
    for i, v in enumerate(s.victory):
        yield from _want(ids, v.side, ("side",), f"/victory/{i}/side")
    m = s.map
    if isinstance(m, HexMap):
        for i, r in enumerate(m.rivers):
            yield from _want(ids, r.joins, ("river",), f"/map/rivers/{i}/joins")
            if r.joins == r.id:
                yield Problem(f"/map/rivers/{i}/joins", "a river cannot join itself")
        for i, d in enumerate(m.dams):
            yield from _want(ids, d.river, ("river",), f"/map/dams/{i}/river")
            for j, side in enumerate(d.sp_known_to):
                yield from _want(ids, side, ("side",), f"/map/dams/{i}/sp_known_to/{j}")
            if d.damage > d.sp:
                yield Problem(f"/map/dams/{i}/damage", f"damage {d.damage} is more than the dam's {d.sp} SP")
        for i, b in enumerate(m.river_bridges):
            yield from _want(ids, b.road, ("road", "rail"), f"/map/river_bridges/{i}/road")
            yield from _want(ids, b.river, ("river",), f"/map/river_bridges/{i}/river")
        for i, b in enumerate(m.stream_bridges):
            yield from _want(ids, b.road, ("road", "rail"), f"/map/stream_bridges/{i}/road")
        for i, x in enumerate(m.markers.mines):
            yield from _want(ids, x.owner, ("side",), f"/map/markers/mines/{i}/owner")
        for i, x in enumerate(m.markers.road_cuts):
            yield from _want(ids, x.route, ("road", "rail"), f"/map/markers/road_cuts/{i}/route")
        for i, x in enumerate(m.markers.bridges_out):
            yield from _want(
                ids, x.bridge, ("river bridge", "stream bridge"), f"/map/markers/bridges_out/{i}/bridge"
            )
    else:
        for i, r in enumerate(m.rivers):
            yield from _want(ids, r.flows_into, ("river", "waterway"), f"/map/rivers/{i}/flows_into")
            if r.flows_into == r.id:
                yield Problem(f"/map/rivers/{i}/flows_into", "a river cannot flow into itself")
        if m.sewer:
            for i, x in enumerate(m.sewer.models):
                yield from _want(ids, x.side, ("side",), f"/map/sewer/models/{i}/side")
                yield from _want(ids, x.corridor, ("corridor",), f"/map/sewer/models/{i}/corridor")


# ------------------------------------------------------------------------------- hex maps
def _hex_map(s: Scenario, m: HexMap) -> Iterator[Problem]:
    layout: Layout = m.layout

    def on_map(h: Hex, ptr: str) -> list[Problem]:
        if not layout.contains(h):
            return [
                Problem(
                    ptr, f"hex {list(h)} (label {_label(layout, h)}) is outside the {m.columns}x{m.rows} map"
                )
            ]
        return []

    def all_on_map(hexes: Sequence[Hex], ptr: str) -> Iterator[Problem]:
        j = layout.first_outside(hexes)
        if j >= 0:
            yield from on_map(hexes[j], f"{ptr}/{j}")

    def side_on_map(side: Hexside, ptr: str) -> Iterator[Problem]:
        if not layout.hexside_on_map(side):
            a, b = hexside_hexes(side)
            yield Problem(
                ptr, f"hexside {list(side)} lies between {list(a)} and {list(b)}, both outside the map"
            )

    seen_sides: dict[tuple[Hexside, str], int] = {}
    for i, f in enumerate(m.hexsides):
        yield from side_on_map(f.side, f"/map/hexsides/{i}/side")
        key = (f.side, f.kind)
        if key in seen_sides:
            yield Problem(
                f"/map/hexsides/{i}",
                f"hexside {list(f.side)} already has a {f.kind} (entry {seen_sides[key]})",
            )
        seen_sides[key] = i
    for key in ("rivers", "roads", "rails", "towns"):
        for i, x in enumerate(getattr(m, key)):
            yield from all_on_map(x.hexes, f"/map/{key}/{i}/hexes")
    for i, d in enumerate(m.dams):
        yield from on_map(d.hex, f"/map/dams/{i}/hex")
        yield from all_on_map(d.reservoir, f"/map/dams/{i}/reservoir")
    for i, b in enumerate(m.river_bridges):
        yield from on_map(b.hex, f"/map/river_bridges/{i}/hex")
    for i, b in enumerate(m.stream_bridges):
        yield from side_on_map(b.side, f"/map/stream_bridges/{i}/side")
    yield from all_on_map(m.floodplain.hexes, "/map/floodplain/hexes")
    mk = m.markers
    for key in ("entrenchments", "revetments", "mines", "road_cuts"):
        for i, x in enumerate(getattr(mk, key)):
            yield from on_map(x.hex, f"/map/markers/{key}/{i}/hex")
    for i, side in enumerate(mk.graded_ridges):
        yield from side_on_map(side, f"/map/markers/graded_ridges/{i}")
    counts = Counter(e.hex for e in mk.entrenchments)
    for i, e in enumerate(mk.entrenchments):
        if counts[e.hex] > 1:
            yield Problem(
                f"/map/markers/entrenchments/{i}/hex",
                f"hex {list(e.hex)} has more than one entrenchment entry; give one entry a count",
            )
            break
    for i, u in enumerate(s.units):
        if u.hex is not None:
            yield from on_map(u.hex, f"/units/{i}/hex")
    for i, z in enumerate(s.setup_zones):
        if z.polygon is not None:
            yield Problem(
                f"/setup_zones/{i}/polygon", "a hex map's setup zone is a list of hexes, not a polygon"
            )
        yield from all_on_map(z.hexes, f"/setup_zones/{i}/hexes")


def _label(layout: Layout, h: Hex) -> str:
    try:
        col, row = layout.to_offset(h)
        return layout.label(h) if col >= 0 and row >= 0 else "none"
    except ValueError:
        return "none"


# ----------------------------------------------------------------------------- table maps
def _polygon(points: Sequence[Point], ptr: str) -> Iterator[Problem]:
    from shapely.geometry import Polygon  # table maps only: a hex map's load never imports shapely
    from shapely.validation import explain_validity

    poly = Polygon(points)
    if not poly.is_valid:
        yield Problem(ptr, _invalid_polygon(explain_validity(poly)))
    elif poly.area <= 0:
        yield Problem(ptr, "the polygon has no area")


def _invalid_polygon(why: str) -> str:
    """shapely's "Self-intersection[1200 250]" as a sentence with the point where it goes wrong."""
    m = re.match(r"^(.*?)\s*\[([-+0-9.eE]+) ([-+0-9.eE]+)\]$", why)
    if not m:
        return f"the polygon is not simple: {why}"
    reason, x, y = m.group(1), float(m.group(2)), float(m.group(3))
    if "self-intersection" in reason.lower():
        return f"the polygon's edges cross each other at ({x:g}, {y:g}); its outline must not cross itself"
    return f"the polygon is not simple: {reason.lower()} at ({x:g}, {y:g})"


def _line(points: Sequence[Point], ptr: str, what: str) -> Iterator[Problem]:
    from shapely.geometry import LineString

    line = LineString(points)
    if line.length <= 0:
        yield Problem(ptr, f"the {what} has zero length")
    elif any(a == b for a, b in zip(points, points[1:])):
        j = next(k for k, (a, b) in enumerate(zip(points, points[1:])) if a == b)
        yield Problem(f"{ptr}/{j + 1}", f"the {what} repeats the point {list(points[j])}")


def _table_map(s: Scenario, m: TableMap) -> Iterator[Problem]:
    problem = reduction_problem(m.unit, m.figures, m.reduced)
    if problem:
        yield Problem("/map/reduced", problem)
    for i, a in enumerate(m.areas):
        yield from _polygon(a.polygon, f"/map/areas/{i}/polygon")
    if m.waterway:
        yield from _polygon(m.waterway.polygon, "/map/waterway/polygon")
    for i, r in enumerate(m.rivers):
        yield from _line(r.line, f"/map/rivers/{i}/line", "river")
    for i, r in enumerate(m.roads):
        yield from _line(r.line, f"/map/roads/{i}/line", "road")
    if m.sewer:
        from shapely.geometry import LineString

        lengths: dict[str, float] = {}
        for i, c in enumerate(m.sewer.corridors):
            yield from _line(c.line, f"/map/sewer/corridors/{i}/line", "corridor")
            lengths[c.id] = LineString(c.line).length
        for i, g in enumerate(m.sewer.gantries):
            yield from _polygon(g.polygon, f"/map/sewer/gantries/{i}/polygon")
        for i, x in enumerate(m.sewer.models):
            length = lengths.get(x.corridor)
            if length is not None and x.position > length + POSITION_TOLERANCE:
                yield Problem(
                    f"/map/sewer/models/{i}/position",
                    f"position {x.position:g} is past the end of corridor {x.corridor!r} ({length:g} long)",
                )
    for i, u in enumerate(s.units):
        if u.hex is not None:
            yield Problem(f"/units/{i}/hex", "a table map has no hexes; place miniatures as sewer models")
    for i, z in enumerate(s.setup_zones):
        if z.hexes:
            yield Problem(f"/setup_zones/{i}/hexes", "a table's setup zone is a polygon, not hexes")
        if z.polygon is not None:
            yield from _polygon(z.polygon, f"/setup_zones/{i}/polygon")


#: Totals over a whole map that the schema cannot count (its caps are per list). The geometry and flow
#: checks grow with them; real maps stay far below (docs/untrusted.md, "Work per file").
MAX_TABLE_POINTS = 100_000  # every point of every line and outline of a table
MAX_RIVER_HEXES = 100_000  # the hexes of all rivers of a hex map together: a tenth of the largest map


def _point_lists(m: dict[str, Any], doc: dict[str, Any]) -> Iterator[tuple[str, list[Any]]]:
    """(pointer, points) of every line and outline of a table map, in file order."""
    for i, a in enumerate(m.get("areas", [])):
        yield f"/map/areas/{i}/polygon", a["polygon"]
    if m.get("waterway"):
        yield "/map/waterway/polygon", m["waterway"]["polygon"]
    for key in ("rivers", "roads"):
        for i, r in enumerate(m.get(key, [])):
            yield f"/map/{key}/{i}/line", r["line"]
    sewer: Any = m.get("sewer") or {}  # schema-valid JSON: an object when present
    for i, c in enumerate(sewer.get("corridors", [])):
        yield f"/map/sewer/corridors/{i}/line", c["line"]
    for i, g in enumerate(sewer.get("gantries", [])):
        yield f"/map/sewer/gantries/{i}/polygon", g["polygon"]
    for i, z in enumerate(doc.get("setup_zones", [])):
        if z.get("polygon"):
            yield f"/setup_zones/{i}/polygon", z["polygon"]


def _check_total(items: Iterator[tuple[str, list[Any]]], cap: int, what: str) -> None:
    total = 0
    for ptr, values in items:
        total += len(values)
        if total > cap:
            raise ScenarioError.at(
                "SCHEMA",
                ptr,
                f"{what} number more than {cap:,} in all ({total:,} up to this one); at most {cap:,} allowed",
            )


def check_document(doc: dict[str, Any]) -> None:
    """Before the model is built: the terrain must have one row per map row, one letter per column, and
    the map's totals stay within MAX_TABLE_POINTS / MAX_RIVER_HEXES."""
    m = doc["map"]
    if m.get("kind") != "hex":
        _check_total(_point_lists(m, doc), MAX_TABLE_POINTS, "the points of the table's lines and outlines")
        return
    _check_total(
        ((f"/map/rivers/{i}/hexes", r["hexes"]) for i, r in enumerate(m.get("rivers", []))),
        MAX_RIVER_HEXES,
        "the hexes of the map's rivers",
    )
    rows = m["terrain"]["rows"]
    if len(rows) != m["rows"]:
        raise ScenarioError.at(
            "SCHEMA", "/map/terrain/rows", f"{len(rows)} terrain rows for a map of {m['rows']} rows"
        )
    for i, row in enumerate(rows):
        if len(row) != m["columns"]:
            raise ScenarioError.at(
                "SCHEMA",
                f"/map/terrain/rows/{i}",
                f"terrain row {i + 1} has {len(row)} hexes; the map has {m['columns']} columns",
            )
