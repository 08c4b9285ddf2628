"""The sewer flash flood on a table map's corridor network.

``when(params, dice)`` rolls for the turn of the flood; ``flood(scenario, dice)`` resolves it:
models test one by one from the farthest from the origin (along the network); a model that fails is
carried downstream (away from the origin) 1d6 inches, rolling again on each 6, following bends,
taking a random branch at each junction, stopping at a grate, sluice gate or cave-in (and, by
default, at a dead end). A model it comes into base contact with is knocked off on ``bump_on`` or
more and is carried in turn. Every carried model takes a hit of ``hit_strength`` + 1 per full
``hit_step`` inches carried, and another of ``impassable_hit`` when stopped by impassable terrain.
The corridors the water reaches are difficult terrain afterwards. Draw order: docs/simulation.md.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Container
from dataclasses import dataclass, field
from math import floor

from dambuster.model.scenario import (
    POSITION_DECIMALS,
    POSITION_TOLERANCE,
    FlashFloodParameters,
    Scenario,
    TableMap,
)

from .dice import Dice, RollNeeded
from .options import SimOptions, options_for
from .plan import SimulationError
from .sewer import Network
from .state import Event

EPS = POSITION_TOLERANCE  # one tolerance for every comparison of positions, as they are written
INCHES = {"inches": 1.0, "mm": 25.4, "paces": 25.4}


def when(params: FlashFloodParameters, dice: Dice) -> tuple[int | None, list[Event]]:
    """The turn of the flood (None: it never comes). One die per listed turn, in turn order, until
    the flood comes; a turn needing 1 or less comes without a roll, one needing 7 never does."""
    events: list[Event] = []
    try:
        return _when(params, dice, events), events
    except RollNeeded as need:
        need.events = list(events)
        raise


def _when(params: FlashFloodParameters, dice: Dice, events: list[Event]) -> int | None:
    for t in sorted(params.turns, key=lambda x: x.turn):
        if t.on <= 1:
            events.append(Event(t.turn, "flood-comes", None, {"needed": t.on}))
            return t.turn
        if t.on > 6:
            continue
        roll = dice.d6(f"flood on turn {t.turn}")
        comes = roll >= t.on
        events.append(
            Event(
                t.turn, "flood-comes" if comes else "no-flood", None, {"needed": t.on}, tuple(dice.take_log())
            )
        )
        if comes:
            return t.turn
    return None


def strength_test_fails(roll: int, strength: int, options: SimOptions) -> bool:
    return roll > strength or (roll == 6 and bool(options.six_always_fails))


@dataclass
class Placed:
    corridor: str
    position: float
    hits: list[int] = field(default_factory=list[int])
    carried: float = 0.0  # total inches carried


@dataclass
class FloodResult:
    events: list[Event]
    models: dict[str, Placed]
    difficult: list[str]  # corridor ids that are difficult terrain from now on


class _Flood:
    def __init__(self, scenario: Scenario, dice: Dice, options: SimOptions):
        m = scenario.map
        if not isinstance(m, TableMap):
            raise SimulationError("a flash flood needs a table map with a sewer")
        self.p = scenario.parameters.flash_flood
        self.o = options
        self.dice = dice
        self.net = Network.build(m, options.join_tolerance)
        self.upi = options.units_per_inch or INCHES.get(m.unit, 1.0)
        self.contact = 2 * (options.base_radius or 0.5 * self.upi)
        self.models = {x.id: x for x in self.net.sewer.models}
        self.at = {x.id: Placed(x.corridor, x.position) for x in self.net.sewer.models}
        self.events: list[Event] = []

    def reachable(self, mid: str) -> bool:
        pl = self.at[mid]
        return self.net.distance(pl.corridor, pl.position) != float("inf") and not self.net.out_of_reach(
            pl.corridor, pl.position
        )

    def order(self) -> list[str]:
        """Reachable models, farthest from the origin first. Models as far as the farthest of them left
        (within the position tolerance) are tied: a roll-off of dice settles their order."""
        dist = {i: self.net.distance(self.at[i].corridor, self.at[i].position) for i in self.models}
        ids: list[str] = sorted((i for i in self.models if self.reachable(i)), key=lambda i: (-dist[i], i))
        out: list[str] = []
        while ids:
            tied = sorted(i for i in ids if dist[ids[0]] - dist[i] <= EPS)
            settled = set(tied)
            ids = [i for i in ids if i not in settled]
            if len(tied) > 1:
                tied = self.roll_off(tied)
                self.events.append(Event(0, "tie", None, {"order": tied}, tuple(self.dice.take_log())))
            out.extend(tied)
        return out

    def roll_off(self, tied: list[str]) -> list[str]:
        """The flood text's d6 for models equally far: each rolls a die, in id order; the highest tests
        first; models whose dice show the same roll again among themselves, before the lower ones."""
        out: list[str] = []
        groups = [tied]  # a stack: the group on top is settled next
        while groups:
            group = groups.pop()
            if len(group) == 1:
                out.append(group[0])
                continue
            rolls = [self.dice.d6(f"{m} rolls for the order of the tied models") for m in group]
            for face in range(1, 7):  # the lowest pushed first, so the highest comes off the stack first
                same = [m for m, r in zip(group, rolls, strict=True) if r == face]
                if same:
                    groups.append(same)
        return out

    def run(self) -> FloodResult:
        try:
            return self._run()
        except RollNeeded as need:  # dice from the table: the events so far go with the question
            need.events = list(self.events)
            raise

    def _run(self) -> FloodResult:
        for mid in sorted(self.models):
            if not self.reachable(mid):
                self.events.append(Event(0, "out-of-reach", mid, {}))
        for mid in self.order():
            roll = self.dice.d6(f"{mid} tests strength {self.models[mid].strength}")
            fails = strength_test_fails(roll, self.models[mid].strength, self.o)
            self.events.append(
                Event(
                    0,
                    "test",
                    mid,
                    {"strength": self.models[mid].strength, "fails": fails},
                    tuple(self.dice.take_log()),
                )
            )
            if fails:
                queue: deque[str] = deque([mid])
                while queue:
                    queue.extend(self.carry(queue.popleft(), queue))
        return FloodResult(self.events, self.at, self.net.flooded())

    def _branch(self, n: int, who: str, ways: list[str]) -> int:
        """One die picks among n branches; results above the largest multiple of n are rolled again."""
        if n > 6:
            return self.dice.choice(n, f"branch taken by {who}", ways)
        per = 6 // n
        while True:
            roll = self.dice.d6(f"branch taken by {who} (1 of {n})", ways)
            if roll <= per * n:
                return (roll - 1) // per

    def carry(self, mid: str, queued: Container[str]) -> list[str]:
        pl = self.at[mid]
        c, pos = pl.corridor, pl.position
        d = self.net.downstream_dir(c, pos)
        path = [c]
        moved = 0.0
        stopped_by = None
        bumped_now: set[str] = {mid}
        knocked: list[str] = []
        rolls: list[int] = []
        # A model standing on an impassable point is held there: it goes nowhere, and no distance is rolled
        held = next((b for b in self.net.corridors[c].blocks if abs(b[0] - pos) <= EPS), None)
        if held is not None:
            stopped_by = f"{held[1]} {held[2]}"
        while stopped_by is None:
            roll = self.dice.d6(f"distance {mid} is carried")
            rolls.append(roll)
            left = roll * self.upi
            while left > EPS and stopped_by is None:
                info = self.net.corridors[c]
                end = info.length if d > 0 else 0.0
                room = abs(end - pos)
                block = next(
                    (
                        (q, k, b)
                        for q, k, b in (info.blocks if d > 0 else reversed(info.blocks))
                        if d * (q - pos) >= -EPS  # one the model stands on holds it too
                    ),
                    None,
                )
                stop_at = pos + d * min(left, room)
                if block is not None and d * (block[0] - stop_at) <= EPS:
                    stop_at, stopped_by = block[0], f"{block[1]} {block[2]}"
                for other in self._contacts(c, pos, stop_at, d, bumped_now, queued):
                    bumped_now.add(other)
                    b_roll = self.dice.d6(f"{other} bumped by {mid}")
                    off = b_roll >= self.p.bump_on
                    self.events.append(
                        Event(0, "bump", other, {"by": mid, "knocked_off": off}, tuple(self.dice.log[-1:]))
                    )
                    if off:
                        knocked.append(other)
                left -= abs(stop_at - pos)
                moved += abs(stop_at - pos)
                pos = stop_at
                if stopped_by is None and left > EPS:
                    came = (c, 1 if d > 0 else 0)
                    junction = info.end if d > 0 else info.start
                    ways = self.net.branches(junction, came)
                    if not ways:
                        stopped_by = "dead end" if self.o.dead_end_is_impassable else "end of corridor"
                        if not self.o.dead_end_is_impassable:
                            left = 0.0
                        break
                    c, d = (
                        ways[self._branch(len(ways), mid, [w for w, _ in ways])] if len(ways) > 1 else ways[0]
                    )
                    pos = 0.0 if d > 0 else self.net.corridors[c].length
                    path.append(c)
            if roll != 6:
                break
        if moved <= EPS:  # never a carry shorter than the positions are written
            moved = 0.0
        inches = round(moved / self.upi, POSITION_DECIMALS)
        impassable = stopped_by is not None and stopped_by != "end of corridor"
        hits = [self.p.hit_strength + floor(inches / self.p.hit_step + EPS)]
        if impassable:
            hits.append(self.p.impassable_hit)
        pl.corridor, pl.position = c, pos
        pl.hits.extend(hits)
        pl.carried += inches
        self.events.append(
            Event(
                0,
                "carried",
                mid,
                {
                    "inches": inches,
                    "dice": rolls,
                    "corridors": path,
                    "stopped_by": stopped_by,
                    "hits": hits,
                    "corridor": c,
                    "position": round(pos, POSITION_DECIMALS),
                },
                tuple(x for x in self.dice.take_log() if " bumped by " not in x.purpose),
            )
        )
        return knocked

    def _contacts(
        self, c: str, a: float, b: float, d: int, skip: set[str], queued: Container[str]
    ) -> list[str]:
        """Models on corridor c the mover touches going from a to b (nearest first)."""
        lo, hi = (a, b + self.contact) if d > 0 else (b - self.contact, a)
        found: list[tuple[float, str]] = []
        for mid, pl in self.at.items():
            if mid in skip or mid in queued or pl.corridor != c or not self.reachable(mid):
                continue
            if lo - EPS <= pl.position <= hi + EPS and abs(pl.position - a) > EPS:
                found.append((d * (pl.position - a), mid))
        return [mid for _, mid in sorted(found)]


def flood(scenario: Scenario, dice: Dice, options: SimOptions | None = None) -> FloodResult:
    """Resolves the flood now (the caller decides its turn, e.g. with ``when``)."""
    return _Flood(scenario, dice, options or options_for(scenario)).run()
