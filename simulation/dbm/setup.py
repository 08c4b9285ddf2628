"""The DBM terrain-choosing procedure (dbm-terrain.txt, Terrain choosing), run for the players.

``run(request, seed, dice)`` lays out a table from a :class:`~.request.SetupRequest` and returns a
:class:`Setup`: an ordinary scenario and the log of what happened to each feature, with its dice. The
order (docs/dbm-setup.md): the invader's feature, then the defender's waterway (a 5 or 6 unless
compulsory), his BUA and its fields, his river, his roads, and last his area features, compulsory ones
first, each diced for its sector and then for its position in it (1-4: touching a table edge or the
waterway; 5-6: its centre at least 500 paces from every edge) and discarded when it cannot be fitted
there without moving earlier features.

Two sources of chance, kept apart so that dice typed at the table replay a run: the dice the text asks
for come from ``dice`` (``Dice(seed)``, or ``TableDice`` with the players' rolls: one not typed yet
raises ``RollNeeded`` carrying the steps so far); what the text leaves to the player (which edge, where
exactly in a sector, the shape of a feature given by its size) comes from a generator seeded with
``"dbm-setup <seed>"``. Same seed and dice, same table, byte for byte.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from shapely.geometry import LineString, Polygon

from dambuster.model.ground_scale import GroundScale
from dambuster.model.scenario import (
    Area,
    Meta,
    Point,
    Scenario,
    Side,
    TableMap,
    TableRiver,
    TableRoad,
    Waterway,
)
from dambuster.simulation.dice import Dice, Draw, RollNeeded
from dambuster.validators.dbm.table import FLANK_SECTORS, Frame, nearest_edge

from .place import Board, body
from .request import FIELDS, FeatureRequest, SetupRequest, chosen_equivalents, default_across, equivalence_of
from .roads import road_line
from .shapes import MIN_BREADTH, area_outline, centred, meander, rounded, waterway_extents, waterway_outline

RIVER_WIDTH = 100.0  # paces, a river given without a width (decision)
RIVER_TRIES = 12
LONG_EDGE_GAP = 600  # paces between a river's banks and the long edges
CENTRE_MARGIN = 500  # paces between a feature's centre and every edge, on a 5 or 6


@dataclass(frozen=True)
class Step:
    """What happened to one feature."""

    feature: str  # the id it has (or would have had) in the scenario
    kind: str
    player: str
    compulsory: bool
    outcome: str  # placed | discarded | not-taken | withdrawn
    text: str  # one sentence for the log
    rolls: tuple[Draw, ...] = ()
    sector: int | None = None
    position: str | None = None  # edge | centre: what the position die asked
    where: tuple[Point, ...] = ()  # the outline or line as placed


@dataclass
class Setup:
    scenario: Scenario
    steps: list[Step]
    seed: int
    notes: list[str] = field(default_factory=list[str])

    @property
    def draws(self) -> list[Draw]:
        return [d for s in self.steps for d in s.rolls]


def run(req: SetupRequest, seed: int = 0, dice: Dice | None = None) -> Setup:
    proc = _Procedure(req, Dice(seed) if dice is None else dice, random.Random(f"dbm-setup {seed}"))
    try:
        proc.run()
    except RollNeeded as need:
        need.events = list(proc.steps)
        raise
    return Setup(proc.scenario(seed), proc.steps, seed, proc.notes)


class _Procedure:
    def __init__(self, req: SetupRequest, dice: Dice, rng: random.Random):
        self.req, self.dice, self.rng = req, dice, rng
        self.scale: GroundScale = req.scale
        self.board = Board(req.width, req.depth, self.scale)
        self.frame = self.board.frame
        self.table = TableMap(req.width, req.depth, req.unit, figures=req.figures, reduced=req.reduced)
        self.steps: list[Step] = []
        self.notes: list[str] = []
        self._numbers: Counter[str] = Counter()  # kind -> features of it given an id
        self.bua: Polygon | None = None

    # ------------------------------------------------------------------------------ helpers
    def _id(self, kind: str) -> str:
        self._numbers[kind] += 1
        return f"{kind}-{self._numbers[kind]}"

    def _log(
        self,
        f: FeatureRequest,
        ident: str,
        outcome: str,
        text: str,
        sector: int | None = None,
        position: str | None = None,
        where: Sequence[Point] = (),
    ) -> None:
        who = f"{'Invader' if f.player == 'invader' else 'Defender'}{', compulsory' if f.compulsory else ''}"
        label = f"{f.kind} {ident}" + (f" ({f.name})" if f.name else "")
        self.steps.append(
            Step(
                ident,
                f.kind,
                f.player,
                f.compulsory,
                outcome,
                f"{who}: {label}: {text}",
                tuple(self.dice.take_log()),
                sector,
                position,
                tuple(where),
            )
        )

    def _say(self, paces: float) -> str:
        return self.scale.say(self.scale.length(paces))

    def _present(self, kind: str) -> bool:
        t = self.table
        if kind == "waterway":
            return t.waterway is not None
        if kind == "river":
            return bool(t.rivers)
        if kind == "road":
            return bool(t.roads)
        return any(a.kind == kind for a in t.areas)

    # ---------------------------------------------------------------------------- the order
    def run(self) -> None:
        self.dice.take_log()
        total = chosen_equivalents(self.req)
        if not 2 <= total <= 3:
            self.notes.append(
                f"the defender's chosen features count {total:g} feature equivalent{'' if total == 1 else 's'}; "
                "the text has him "
                "choose 2 to 3 (a waterway or river counted as 1, a road as 1/2)"
            )
        inv = self.req.invader
        if inv is not None:
            {"waterway": self.waterway, "river": self.river, "road": self.road}[inv.kind](inv)
        d = self.req.defender
        for f in [f for f in d if f.kind == "waterway"]:
            self.waterway(f)
        for f in [f for f in d if f.kind == "bua"]:
            self.bua_and_fields(f, [g for g in d if g.kind in FIELDS])
        for f in [f for f in d if f.kind == "river"]:
            self.river(f)
        roads = [f for f in d if f.kind == "road"]
        for f in [f for f in roads if f.compulsory] + [f for f in roads if not f.compulsory]:
            self.road(f)
        areas = [f for f in d if f.is_area and f.kind != "bua" and f.kind not in FIELDS]
        for f in [f for f in areas if f.compulsory] + [f for f in areas if not f.compulsory]:
            self.diced_area(f)

    def _needed(self, f: FeatureRequest) -> bool:
        """A compulsory feature is provided only if none of its type is on the table yet."""
        if f.compulsory and f.player == "defender" and self._present(f.kind):
            self._log(f, self._id(f.kind), "not-taken", f"not needed: a {f.kind} is already on the table.")
            return False
        return True

    # ----------------------------------------------------------------------------- waterway
    def waterway(self, f: FeatureRequest) -> None:
        if not self._needed(f):
            return
        ident = self._id("waterway")
        if f.player == "defender" and not f.compulsory:
            if not any(g.kind == "bua" for g in self.req.defender):
                self._log(
                    f,
                    ident,
                    "not-taken",
                    "not taken: the defender may add a waterway only with a BUA on its shore, "
                    "and his list has no BUA.",
                )
                return
            roll = self.dice.d6(f"waterway {ident}: the defender takes it on a 5 or 6")
            if roll < 5:
                self._log(
                    f, ident, "not-taken", f"not taken: the defender threw {roll} (a 5 or 6 was needed)."
                )
                return
            thrown = f" (the defender threw {roll})"
        else:
            thrown = ""
        edge = f.edge or self.rng.choice(["left", "right"])
        extent = f.across if f.across is not None else self.rng.choice(range(400, 561, 10))
        extents = waterway_extents(float(extent), [self.rng.uniform(-40, 40) for _ in range(9)])
        pts = waterway_outline(
            self.frame.depth, edge, [self.scale.length(e) for e in extents], self.frame.width, self.scale.unit
        )
        self.table.waterway = Waterway(ident, pts, edge, f.player)
        self.board.add_water(Polygon(pts))
        self._log(
            f,
            ident,
            "placed",
            f"placed along the {edge} short edge{thrown}, reaching "
            f"{self._say(min(extents))} to {self._say(max(extents))} inward.",
            where=tuple(pts),
        )

    def _withdraw_waterway(self, ww: Waterway) -> None:
        self.table.waterway = None
        self.board.remove_water()
        self.steps.append(
            Step(
                ww.id,
                "waterway",
                "defender",
                False,
                "withdrawn",
                f"Defender: waterway {ww.id}: withdrawn: no BUA could be placed on its shore.",
            )
        )

    # ------------------------------------------------------------------------- BUA, fields
    def _outline(self, f: FeatureRequest) -> list[Point]:
        if f.outline is not None:
            return centred(rounded(f.outline, self.scale.unit), self.scale.unit)
        across = f.across if f.across is not None else default_across(f.kind)
        lo = max(MIN_BREADTH, 0.55 * across)
        breadth = (
            f.breadth if f.breadth is not None else (across if lo >= across else self.rng.uniform(lo, across))
        )
        return area_outline(across, breadth, self.rng.uniform(0, math.pi), self.scale.pace, self.scale.unit)

    def bua_and_fields(self, f: FeatureRequest, fields: list[FeatureRequest]) -> None:
        ident = self._id("bua")
        shape = self._outline(f)
        field_shapes = [(g, self._outline(g)) for g in fields]
        best = self._bua_sectors(shape, field_shapes)
        waterway = self.table.waterway
        if (
            best is None
            and waterway is not None
            and waterway.placed_by == "defender"
            and not self._compulsory_waterway()
        ):
            self._withdraw_waterway(waterway)
            best = self._bua_sectors(shape, field_shapes)
        if best is None:
            self._log(
                f, ident, "discarded", "discarded: there is no room for it where the text allows a BUA."
            )
            for g, _ in field_shapes:
                self._log(g, self._id(g.kind), "discarded", "discarded with its BUA.")
            return
        sector, poly, placed = best
        self._add_area(ident, f, poly, None)
        self.bua = poly
        where = "on the waterway's shore" if self.table.waterway is not None else "in a flank sector"
        self._log(
            f, ident, "placed", f"placed {where}, in sector {sector}.", sector=sector, where=_coords(poly)
        )
        for g, _shape_g in field_shapes:
            gid = self._id(g.kind)
            got = placed.get(id(g))
            if got is None:
                self._log(
                    g, gid, "discarded", f"discarded: there is no room beside the BUA within sector {sector}."
                )
                continue
            self._add_area(gid, g, got, None)
            self._log(
                g,
                gid,
                "placed",
                f"placed beside BUA {ident}, in sector {sector}.",
                sector=sector,
                where=_coords(got),
            )

    def _compulsory_waterway(self) -> bool:
        return any(g.kind == "waterway" and g.compulsory for g in self.req.defender)

    def _bua_sectors(
        self, shape: list[Point], field_shapes: list[tuple[FeatureRequest, list[Point]]]
    ) -> tuple[int, Polygon, dict[int, Polygon]] | None:
        """(sector, BUA outline, {field request: outline}) placing the most fields, or None."""
        water = self.table.waterway
        if water is not None:
            sectors = [1, 4] if water.edge == "left" else [3, 6]
        else:
            sectors = list(FLANK_SECTORS)
        self.rng.shuffle(sectors)
        best: tuple[int, Polygon, dict[int, Polygon]] | None = None
        for k in sectors:
            box = self.frame.sector(k)
            poly = self.board.place_area(shape, box, "water" if water is not None else None, self.rng)
            if poly is None:
                continue
            placed: dict[int, Polygon] = {}  # id() of a field's request -> its outline
            mark = self.board.snapshot()
            self.board.add_area(poly)
            for g, s in field_shapes:
                got = self.board.place_beside(s, poly, box, self.rng)
                if got is not None:
                    placed[id(g)] = got
                    self.board.add_area(got)
            self.board.restore(mark)
            if best is None or len(placed) > len(best[2]):
                best = (k, poly, placed)
            if len(placed) == len(field_shapes):
                break
        return best

    def _add_area(self, ident: str, f: FeatureRequest, poly: Polygon, sector: int | None) -> None:
        self.table.areas.append(Area(ident, f.kind, _coords(poly), sector, f.player, f.name))
        self.board.add_area(poly)

    # -------------------------------------------------------------------------------- rivers
    def river(self, f: FeatureRequest) -> None:
        if not self._needed(f):
            return
        ident = self._id("river")
        width = f.across if f.across is not None else RIVER_WIDTH
        first = self.table.rivers[0] if self.table.rivers else None
        halves = [0, 1]
        self.rng.shuffle(halves)
        if first is not None:  # the defender's river flows into the first: in its half
            halves = [0 if first.line[0][1] < self.frame.depth / 2 else 1]
        for half in halves:
            for _ in range(RIVER_TRIES):
                got = self._river_line(half, width, first)
                if got is None:
                    break
                line, into, (lo, hi) = got
                if not all(lo <= y <= hi for _, y in line):
                    continue  # (a river flowing into another may end outside its own band)
                if self.board.clear_of(body(line, self.scale.length(width)), water=False, rivers=False):
                    self.table.rivers.append(
                        TableRiver(ident, line, self.scale.length(width), into, f.player, f.name)
                    )
                    self.board.add_river(line, self.scale.length(width))
                    end = (
                        f"to the {_edge_of(line[-1], self.frame)} edge"
                        if into is None
                        else f"into river {into}"
                        if first is not None
                        else f"into waterway {into}"
                    )
                    self._log(
                        f,
                        ident,
                        "placed",
                        f"placed {self._say(width)} wide, from the {_edge_of(line[0], self.frame)} "
                        f"edge {end}, its banks at least {self._say(LONG_EDGE_GAP)} from the long "
                        f"edges.",
                        where=tuple(line),
                    )
                    return
        self._log(
            f,
            ident,
            "discarded",
            f"discarded: no course {self._say(LONG_EDGE_GAP)} from both long edges, on one "
            "side of the centre line and clear of earlier features.",
        )

    def _river_line(self, half: int, width: float, first: TableRiver | None):
        """A mid-stream line in the band of one half of the table, what it flows into, and the band
        (lowest and highest y its points may have); None when the band is empty."""
        L = self.scale.length
        D, W = self.frame.depth, self.frame.width
        lo, hi = L(LONG_EDGE_GAP + width / 2 + 10), D / 2 - L(10)
        if half == 1:
            lo, hi = D / 2 + L(10), D - L(LONG_EDGE_GAP + width / 2 + 10)
        if hi <= lo:
            return None
        amp = min(L(40), (hi - lo) / 4)
        y0 = self.rng.uniform(lo + amp, hi - amp) if hi - lo > 2 * amp else (lo + hi) / 2
        y1 = min(max(y0 + self.rng.uniform(-2 * amp, 2 * amp), lo + amp), hi - amp)
        offsets = [self.rng.uniform(-amp, amp) for _ in range(5)]
        water = self.table.waterway
        if first is not None:
            source_x = self.rng.choice([0.0, W])
            line = LineString(first.line)
            end = line.interpolate(self.rng.uniform(0.3, 0.7), normalized=True)
            pts = meander((source_x, y0), (end.x, end.y), offsets, self.scale.unit)
            pts[-1] = rounded([(end.x, end.y)], self.scale.unit)[0]
            return pts, first.id, (lo, hi)
        if water is not None:
            source_x = W if water.edge == "left" else 0.0
            pts = meander((source_x, y0), (W - source_x, y1), offsets, self.scale.unit)
            part = LineString(pts).difference(Polygon(water.polygon))
            parts = list(getattr(part, "geoms", [part]))
            piece = next((p for p in parts if p.coords and p.coords[0][0] == source_x), None)
            if piece is None:
                return None
            return rounded(list(piece.coords), self.scale.unit), water.id, (lo, hi)
        source_x = self.rng.choice([0.0, W])
        return meander((source_x, y0), (W - source_x, y1), offsets, self.scale.unit), None, (lo, hi)

    # --------------------------------------------------------------------------------- roads
    def road(self, f: FeatureRequest) -> None:
        ident = self._id("road")
        line, how = road_line(
            self.frame,
            self.scale,
            self.bua,
            [r.line for r in self.table.roads],
            f.player == "invader" or f.compulsory,
            self.rng,
        )
        if line is None:
            self._log(
                f,
                ident,
                "not-taken",
                "not taken: a road must reach a BUA or join an earlier road, and there is neither.",
            )
            return
        self.table.roads.append(TableRoad(ident, line, f.player, f.name))
        self._log(f, ident, "placed", f"placed {how}.", where=tuple(line))

    # -------------------------------------------------------------------------- diced areas
    def diced_area(self, f: FeatureRequest) -> None:
        if not self._needed(f):
            return
        ident = self._id(f.kind)
        shape = self._outline(f)
        across = self.scale.paces(_diameter(shape))
        sector = self.dice.d6(f"{f.kind} {ident}: its sector")
        roll = self.dice.d6(f"{f.kind} {ident}: its position in sector {sector}")
        position = "edge" if roll <= 4 else "centre"
        size = f"{self._say(across)} across, {equivalence_of(across):g} feature equivalent"
        rule = (
            "touching a table edge or the waterway"
            if position == "edge"
            else f"its centre at least {self._say(CENTRE_MARGIN)} from every edge"
        )
        head = f"{size}; sector die {sector}, position die {roll} ({rule}): "
        poly = self.board.place_area(shape, self.frame.sector(sector), position, self.rng, CENTRE_MARGIN)
        if poly is None:
            self._log(
                f,
                ident,
                "discarded",
                head + f"discarded, it cannot be fitted in sector {sector} without moving earlier features.",
                sector=sector,
                position=position,
            )
            return
        self._add_area(ident, f, poly, sector)
        c = poly.centroid
        self._log(
            f,
            ident,
            "placed",
            head + f"placed in sector {sector}, its centre at ({c.x:.6g}, {c.y:.6g}).",
            sector=sector,
            position=position,
            where=_coords(poly),
        )

    # ------------------------------------------------------------------------------ result
    def scenario(self, seed: int) -> Scenario:
        dice = " ".join(str(s.rolls[i].value) for s in self.steps for i in range(len(s.rolls))) or "none"
        meta = Meta(
            self.req.title,
            "",
            f"Laid out by dambuster dbm-setup: seed {seed}, dice thrown {dice}.",
            "",
            ["dbm", "dbm-setup"],
            None,
            None,
            ["dbm-terrain"],
        )
        sides = [
            Side("invader", "Invader", "invader", "#c03030"),
            Side("defender", "Defender", "defender", "#3060c0"),
        ]
        s = Scenario(meta, self.table, {}, sides)
        if any(f.kind == "road" and f.compulsory for f in self.req.defender):
            s.parameters.rules["DBM-ROAD"] = {
                "compulsory": 1
            }  # roads are compulsory: DBM-ROAD then lets one stand alone
        return s


def _coords(poly: Polygon) -> list[Point]:
    return [(x, y) for x, y in poly.exterior.coords[:-1]]


def _diameter(pts: Sequence[Point]) -> float:
    from dambuster.validators.dbm.areas import diameter

    return diameter(Polygon(pts))[0]


def _edge_of(p: Point, frame: Frame) -> str:
    """The edge a point on the table's edge lies on, by name (``Frame.edges``: y = 0 is the top edge)."""
    return nearest_edge(frame, p, float("inf")) or "top"
