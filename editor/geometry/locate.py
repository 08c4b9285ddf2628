"""Where on the map a violation lies: a scene point and a radius to ring. Qt-free.

A violation's location may hold "hex", "hexside", "point", "feature" (an id) or only a JSON
"pointer"; the pointer is walked into the model to the deepest object with a position.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from dambuster.model.scenario import HexMap, Scenario

from .hexes import HexGeometry


def locate(scenario: Scenario, location: dict, geom: HexGeometry | None) -> tuple[float, float, float] | None:
    if not location:
        return None
    if geom is not None:
        if location.get("hex") is not None:
            q, r = location["hex"][:2]
            x, y = geom.center((int(q), int(r)))
            return x, y, geom.size * 1.2
        if location.get("hexside") is not None:
            q, r, d = location["hexside"][:3]
            x, y = geom.hexside_mid((int(q), int(r), int(d)))
            return x, y, geom.size * 0.8
        if location.get("hex_label"):
            try:
                h = geom.layout.from_label(str(location["hex_label"]))
            except ValueError:
                h = None
            if h is not None:
                x, y = geom.center(h)
                return x, y, geom.size * 1.2
    if location.get("point") is not None:
        x, y = location["point"][:2]
        return float(x), float(y), _table_radius(scenario)
    if location.get("feature"):
        obj = find_by_id(scenario, str(location["feature"]))
        if obj is not None:
            return position_of(obj, scenario, geom)
    if location.get("pointer"):
        for obj in reversed(list(walk_pointer(scenario, location["pointer"]))):
            pos = position_of(obj, scenario, geom)
            if pos is not None:
                return pos
    return None


def _table_radius(scenario: Scenario) -> float:
    m = scenario.map
    return 0.03 * max(getattr(m, "width", 100.0), getattr(m, "depth", 100.0))


def position_of(obj: Any, scenario: Scenario, geom: HexGeometry | None) -> tuple[float, float, float] | None:
    """A representative point of a model object (dam, river, area, corridor, unit ...)."""
    if geom is not None:
        h = getattr(obj, "hex", None)
        if isinstance(h, tuple) and len(h) == 2:
            x, y = geom.center(h)
            return x, y, geom.size * 1.2
        hexes = getattr(obj, "hexes", None)
        if isinstance(hexes, list) and hexes:
            x, y = geom.center(hexes[len(hexes) // 2])
            return x, y, geom.size * 1.2
        side = getattr(obj, "side", None)
        if isinstance(side, tuple) and len(side) == 3:
            x, y = geom.hexside_mid(side)
            return x, y, geom.size
    for name in ("point", "polygon", "line"):
        pts = getattr(obj, name, None)
        if isinstance(pts, tuple) and len(pts) == 2 and all(isinstance(v, (int, float)) for v in pts):
            return float(pts[0]), float(pts[1]), _table_radius(scenario)
        if isinstance(pts, list) and pts:
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            return (
                sum(xs) / len(xs),
                sum(ys) / len(ys),
                max(max(xs) - min(xs), max(ys) - min(ys), _table_radius(scenario)) / 2,
            )
    sewer = getattr(scenario.map, "sewer", None)  # (a table's)
    if getattr(obj, "corridor", None) and sewer:
        from .table import model_point

        pt = model_point(sewer, obj)
        if pt is not None:
            return pt[0], pt[1], _table_radius(scenario)
    return None


def walk_pointer(root: Any, pointer: str) -> Iterator[Any]:
    """The objects along a JSON pointer into the model (as far as the model follows the file)."""
    obj = root
    for raw in pointer.split("/")[1:]:
        part = raw.replace("~1", "/").replace("~0", "~")
        try:
            if isinstance(obj, list):
                obj = obj[int(part)]
            elif isinstance(obj, dict):
                obj = obj[part]
            else:
                obj = getattr(obj, part)
        except (AttributeError, IndexError, KeyError, ValueError):
            return
        yield obj


def find_by_id(scenario: Scenario, ident: str) -> Any:
    seen = 0
    stack: list[Any] = [scenario]
    while stack and seen < 200000:
        obj = stack.pop()
        seen += 1
        if dataclasses.is_dataclass(obj):
            if getattr(obj, "id", None) == ident:
                return obj
            for f in dataclasses.fields(obj):
                v = getattr(obj, f.name)
                if isinstance(v, list) and v and (dataclasses.is_dataclass(v[0])):
                    stack.extend(v)
                elif dataclasses.is_dataclass(v):
                    stack.append(v)
    return None


def is_hex(scenario: Scenario) -> bool:
    return isinstance(scenario.map, HexMap)


def _is_point(v: Any) -> bool:
    return isinstance(v, (list, tuple)) and len(v) == 2 and all(isinstance(c, (int, float)) for c in v)


#: Witness keys that name two table points to join with a line (curvature's worst pair, a river's
#: closest approach to an edge) and single points to mark (a self-crossing).
_POINT_PAIRS = (("p", "q"), ("river_point", "edge_point"))
_SINGLE_POINTS = ("crossing",)


def witness_lines(witness: dict | None, geom: HexGeometry | None) -> list[list[tuple[float, float]]]:
    """A geometric witness as scene polylines (a one-point list is a dot): for the river curvature
    rule, the two witness points and the straight line between them; for a cycle of a river network,
    the path through the cycle's hexes."""
    if not isinstance(witness, dict):
        return []
    lines: list[list[tuple[float, float]]] = []
    if geom is None:
        for a, b in _POINT_PAIRS:
            if _is_point(witness.get(a)) and _is_point(witness.get(b)):
                lines.append(
                    [
                        (float(witness[a][0]), float(witness[a][1])),
                        (float(witness[b][0]), float(witness[b][1])),
                    ]
                )
        for key in _SINGLE_POINTS:
            if _is_point(witness.get(key)):
                lines.append([(float(witness[key][0]), float(witness[key][1]))])
        return lines
    cycle = witness.get("cycle")
    if isinstance(cycle, list) and cycle and all(_is_point(h) for h in cycle):
        lines.append([geom.center((int(h[0]), int(h[1]))) for h in cycle])
    return lines
