"""Where a feature can go on the table without moving what is already there.

A :class:`Board` holds what the procedure has placed (area features, the waterway, river bodies) and
finds places for an outline: inside a sector box, clear of every earlier feature (touching allowed),
and, as the position die asks, touching a table edge or the waterway, or with its centre far enough
from every edge. Candidates are the outline turned by quarter turns and moved to a grid of positions,
flush against the box's table edges, or slid up to the water or to a BUA; the procedure's placement
generator shuffles them and the first that fits is taken. Every candidate is checked as it will be
written (rounded, simple, within its size bounds).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence

import shapely
from shapely import union_all
from shapely.geometry import LineString, Polygon
from shapely.geometry import box as make_box
from shapely.geometry.base import BaseGeometry

from dambuster.model.ground_scale import GroundScale
from dambuster.model.scenario import Point
from dambuster.validators.dbm.areas import diameter, min_width
from dambuster.validators.dbm.table import Frame

from .shapes import DECIMALS, rounded, turned

GRID = 9  # positions along each side of the box a candidate may take
SLIDES = 80  # steps at most when sliding an outline up to the water or a BUA
#: Paces within which a slid outline counts as touching (the DBM checks allow 5).
TOUCH = 2.0


class Board:
    def __init__(self, width: float, depth: float, scale: GroundScale):
        self.frame = Frame(width, depth)
        self.scale = scale
        self.unit = scale.unit
        self.quantum = 10.0 ** -DECIMALS[self.unit]
        self.areas: list[Polygon] = []
        self.water: Polygon | None = None
        self.rivers: list[Polygon] = []  # river bodies: mid-stream lines widened by half their width
        self._cache: dict[tuple[bool, bool], BaseGeometry | None] = {}  # (water, rivers) -> their union

    # -------------------------------------------------------------------------- the board
    def add_area(self, poly: Polygon) -> None:
        self.areas.append(poly)
        self._cache.clear()

    def add_water(self, poly: Polygon) -> None:
        self.water = poly
        self._cache.clear()

    def remove_water(self) -> None:
        self.water = None
        self._cache.clear()

    def snapshot(self) -> int:
        """A mark to ``restore`` to: areas added after it are taken away again (trial placements)."""
        return len(self.areas)

    def restore(self, mark: int) -> None:
        del self.areas[mark:]
        self._cache.clear()

    def add_river(self, line: Sequence[Point], width: float) -> None:
        self.rivers.append(body(line, width))
        self._cache.clear()

    def _blockers(self, water: bool, rivers: bool) -> BaseGeometry | None:
        key = (water, rivers)
        if key not in self._cache:
            geoms: list[Polygon] = list(self.areas) + (
                [self.water] if water and self.water is not None else []
            )
            geoms += list(self.rivers) if rivers else []
            u = union_all(geoms) if geoms else None
            if u is not None:
                shapely.prepare(u)
            self._cache[key] = u
        return self._cache[key]

    def clear_of(self, geom: BaseGeometry, water: bool = True, rivers: bool = True) -> bool:
        """Does ``geom`` overlap nothing placed (the water and the rivers unless told)? Touching, or an
        overlap under a square pace (rounding), is clear."""
        u = self._blockers(water, rivers)
        if u is None or not u.intersects(geom):
            return True
        return geom.intersection(u).area <= self.scale.pace**2

    # ------------------------------------------------------------------------ area checks
    def good_area(self, poly: Polygon, box: Polygon) -> bool:
        """Simple, within the box (to the rounding), 100 to 1,000 paces across, and clear."""
        if (
            not poly.is_valid
            or poly.area <= 0
            or not box.buffer(self.quantum, join_style="mitre").covers(poly)
        ):
            return False
        length = self.scale.length
        if diameter(poly)[0] > length(1000) or min_width(poly)[0] < length(100):
            return False
        return self.clear_of(poly)

    def touches_edge_or_water(self, poly: Polygon) -> bool:
        near = self.scale.length(TOUCH)
        if poly.distance(self.frame.table.exterior) <= near:
            return True
        return self.water is not None and poly.distance(self.water) <= near

    def centre_inside(self, poly: Polygon, margin_paces: float) -> bool:
        c, m = poly.centroid, self.scale.length(margin_paces)
        return m <= c.x <= self.frame.width - m and m <= c.y <= self.frame.depth - m

    # -------------------------------------------------------------------------- candidates
    def _grid(self, lo: float, hi: float, n: int = GRID) -> list[float]:
        if hi < lo:
            return []
        if hi - lo < self.quantum:
            return [self._snap((lo + hi) / 2)]
        return sorted({self._snap(lo + (hi - lo) * k / (n - 1)) for k in range(n)})

    def _snap(self, v: float) -> float:
        return round(v, DECIMALS[self.unit]) + 0.0

    def _moved(self, pts: Sequence[Point], tx: float, ty: float) -> Polygon:
        return Polygon(rounded([(x + tx, y + ty) for x, y in pts], self.unit))

    def _slide(
        self,
        pts: Sequence[Point],
        start: tuple[float, float],
        step: tuple[float, float],
        target: BaseGeometry,
    ) -> tuple[float, float] | None:
        """Moves the outline from ``start`` along the unit vector ``step`` until it touches ``target``;
        None when it never gets within touching distance."""
        tx, ty = start
        for _ in range(SLIDES):
            d = Polygon([(x + tx, y + ty) for x, y in pts]).distance(target)
            if d <= self.quantum:
                break
            tx, ty = tx + step[0] * d, ty + step[1] * d
            if not (
                -self.frame.width <= tx <= 2 * self.frame.width
                and -self.frame.depth <= ty <= 2 * self.frame.depth
            ):
                return None
        return self._snap(tx), self._snap(ty)

    def candidates(
        self, pts: Sequence[Point], box: Polygon, position: str | None, centre_margin: float = 500
    ) -> Iterable[tuple[list[Point], float, float]]:
        """(turned outline, dx, dy) to try for an outline centred near (0, 0) in ``box``:
        ``position`` "edge" (flush with a table edge of the box, or slid up to the water), "centre"
        (its centre at least ``centre_margin`` paces from every table edge), "water" (slid up to the
        waterway) or None (anywhere)."""
        bx0, by0, bx1, by1 = box.bounds
        W, D = self.frame.width, self.frame.depth
        for quarter in range(4):
            p = turned(pts, quarter)
            xs, ys = [a for a, _ in p], [b for _, b in p]
            x_lo, x_hi, y_lo, y_hi = bx0 - min(xs), bx1 - max(xs), by0 - min(ys), by1 - max(ys)
            if x_lo > x_hi or y_lo > y_hi:
                continue
            if position == "centre":
                c = Polygon(p).centroid
                m = self.scale.length(centre_margin)
                x_lo, x_hi = max(x_lo, m - c.x), min(x_hi, W - m - c.x)
                y_lo, y_hi = max(y_lo, m - c.y), min(y_hi, D - m - c.y)
            if position == "water":
                if self.water is not None:
                    yield from self.water_slides(p, (x_lo, x_hi, y_lo, y_hi))
                continue
            if position != "edge":
                yield from ((p, tx, ty) for tx in self._grid(x_lo, x_hi) for ty in self._grid(y_lo, y_hi))
                continue
            flush: list[tuple[bool, Callable[[float], tuple[float, float]], bool]] = [
                (bx0 == 0, lambda t, xs=xs: (-min(xs), t), False),
                (bx1 == W, lambda t, xs=xs: (W - max(xs), t), False),
                (by0 == 0, lambda t, ys=ys: (t, -min(ys)), True),
                (by1 == D, lambda t, ys=ys: (t, D - max(ys)), True),
            ]
            for on_edge, place, along_x in flush:
                if on_edge:
                    yield from (
                        (p, *place(t))
                        for t in (
                            self._grid(x_lo, x_hi, 2 * GRID) if along_x else self._grid(y_lo, y_hi, 2 * GRID)
                        )
                    )
            if self.water is not None and self.water.intersects(box.buffer(self.scale.length(TOUCH))):
                yield from self.water_slides(p, (x_lo, x_hi, y_lo, y_hi))

    def water_slides(
        self, p: list[Point], ranges: tuple[float, float, float, float]
    ) -> Iterator[tuple[list[Point], float, float]]:
        """The outline slid sideways (along the long edges) up to the waterway, at each grid height."""
        x_lo, x_hi, y_lo, y_hi = ranges
        water = self.water
        if water is None:  # no waterway to slide up to
            return
        left = water.bounds[0] <= 0
        for ty in self._grid(y_lo, y_hi, 2 * GRID):
            got = self._slide(p, (x_hi if left else x_lo, ty), (-1.0, 0.0) if left else (1.0, 0.0), water)
            if got is not None and x_lo - self.quantum <= got[0] <= x_hi + self.quantum:
                yield p, got[0], got[1]

    # ------------------------------------------------------------------------------ placing
    def place_area(
        self,
        pts: Sequence[Point],
        box: Polygon,
        position: str | None,
        rng: random.Random,
        centre_margin: float = 500,
    ) -> Polygon | None:
        """The first candidate, in the generator's shuffled order, that fits; None if none does."""
        cands = list(self.candidates(pts, box, position, centre_margin))
        rng.shuffle(cands)
        for p, tx, ty in cands:
            poly = self._moved(p, tx, ty)
            if not self.good_area(poly, box):
                continue
            if position == "edge" and not self.touches_edge_or_water(poly):
                continue
            if position == "centre" and not self.centre_inside(poly, centre_margin):
                continue
            if position == "water" and (
                self.water is None or poly.distance(self.water) > self.scale.length(TOUCH)
            ):
                continue
            return poly
        return None

    def place_beside(
        self, pts: Sequence[Point], target: Polygon, box: Polygon, rng: random.Random
    ) -> Polygon | None:
        """An outline touching ``target`` (fields beside their BUA) inside ``box``, clear of the rest."""
        tx0, ty0, tx1, ty1 = target.bounds
        cands: list[tuple[list[Point], tuple[float, float], tuple[float, float]]] = []  # outline, start, step
        for quarter in range(4):
            p = turned(pts, quarter)
            xs, ys = [a for a, _ in p], [b for _, b in p]
            w, h = max(xs) - min(xs), max(ys) - min(ys)
            for ty in self._grid(ty0 - h / 2, ty1 + h / 2):
                cands.append((p, (tx1 - min(xs) + w, ty), (-1.0, 0.0)))
                cands.append((p, (tx0 - max(xs) - w, ty), (1.0, 0.0)))
            for tx in self._grid(tx0 - w / 2, tx1 + w / 2):
                cands.append((p, (tx, ty1 - min(ys) + h), (0.0, -1.0)))
                cands.append((p, (tx, ty0 - max(ys) - h), (0.0, 1.0)))
        rng.shuffle(cands)
        near = self.scale.length(TOUCH)
        for p, start, step in cands:
            got = self._slide(p, start, step, target)
            if got is None:
                continue
            poly = self._moved(p, *got)
            if self.good_area(poly, box) and poly.distance(target) <= near:
                return poly
        return None


def body(line: Sequence[Point], width: float) -> Polygon:
    """A river's body: its mid-stream line widened by half its width, flat at the ends (as DBM-OVERLAP)."""
    return LineString(line).buffer(width / 2, cap_style="flat")


def table_box(frame: Frame) -> Polygon:
    return make_box(0, 0, frame.width, frame.depth)
