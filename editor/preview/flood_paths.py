"""Qt-free arithmetic for the flash-flood preview: where models stand after the first n events and
the polyline a carried model followed along the corridors."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from dambuster.editor.geometry.table import point_along
from dambuster.model.scenario import Point, Sewer
from dambuster.simulation import Event


def corridor_lines(sewer: Sewer) -> dict[str, list[Point]]:
    """Each corridor's line by its id, its points as tuples (a point read from JSON is a list)."""
    return {c.id: [(p[0], p[1]) for p in c.line] for c in sewer.corridors}


def _length(line: Sequence[Point]) -> float:
    return sum(math.hypot(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(line, line[1:]))


def sub_line(line: list[Point], a: float, b: float) -> list[Point]:
    """The part of a polyline between distances a and b from its first point, in the order a -> b."""
    lo, hi = sorted((a, b))
    first, last = point_along(line, lo), point_along(line, hi)
    if first is None or last is None:  # a line with no points
        return []
    pts = [first]
    run = 0.0
    for p, q in zip(line, line[1:]):
        run += math.hypot(q[0] - p[0], q[1] - p[1])
        if lo < run < hi:
            pts.append((q[0], q[1]))
    pts.append(last)
    return pts if a <= b else pts[::-1]


def carried_path(
    lines: dict[str, list[Point]], corridors: list[str], start: float, end: float
) -> list[Point]:
    """The way a model went: from ``start`` on the first corridor, through each junction, to ``end``
    on the last. At each change of corridor the model leaves by the end nearer the next corridor."""
    if len(corridors) == 1:
        return sub_line(lines[corridors[0]], start, end)
    out: list[tuple[float, float]] = []
    pos = start
    for i, cid in enumerate(corridors):
        line = lines[cid]
        length = _length(line)
        if i > 0:  # entered from the end nearer the last point so far
            here = out[-1]
            pos = 0.0 if math.dist(line[0], here) <= math.dist(line[-1], here) else length
        if i == len(corridors) - 1:
            out.extend(sub_line(line, pos, end))
            break
        nxt = lines[corridors[i + 1]]
        ends = {0.0: line[0], length: line[-1]}
        leave = min(ends, key=lambda d: min(math.dist(ends[d], nxt[0]), math.dist(ends[d], nxt[-1])))
        if i > 0 and leave == pos:  # a corridor that loops back: go to the other end
            leave = length - pos
        out.extend(sub_line(line, pos, leave))
    return out


@dataclass
class SewerPicture:
    """What the map shows after some events: positions, paths walked, bumps and hits per model."""

    at: dict[str, tuple[str, float]]
    paths: list[tuple[str, list[Point]]] = field(
        default_factory=list[tuple[str, list[Point]]]
    )  # (model, polyline)
    bumps: list[tuple[str, bool]] = field(default_factory=list[tuple[str, bool]])  # (model, knocked off)
    hits: dict[str, list[int]] = field(default_factory=dict[str, list[int]])
    tested: dict[str, bool] = field(default_factory=dict[str, bool])  # model -> failed
    turn: int | None = None


def picture(sewer: Sewer, events: Iterable[Event]) -> SewerPicture:
    lines = corridor_lines(sewer)
    pic = SewerPicture({m.id: (m.corridor, m.position) for m in sewer.models})
    for e in events:
        if e.kind == "flood-comes":
            pic.turn = e.step
        elif e.kind == "test":
            pic.tested[e.where] = bool(e.detail.get("fails"))
        elif e.kind == "bump":
            pic.bumps.append((e.where, bool(e.detail.get("knocked_off"))))
        elif e.kind == "carried":
            c0, p0 = pic.at[e.where]
            route = list(e.detail["corridors"])
            if route and route[0] != c0:
                route.insert(0, c0)
            end = e.detail["position"]
            if all(c in lines for c in route):
                pic.paths.append((e.where, carried_path(lines, route, p0, end)))
            pic.at[e.where] = (e.detail["corridor"], end)
            pic.hits.setdefault(e.where, []).extend(e.detail.get("hits", []))
    return pic
