"""The runs of a Monte Carlo (``montecarlo.monte_carlo``), a chunk at a time, added up as they go.

Everything reported is a count over the runs or a most of any run, so :class:`RunTotals` keeps only
running totals: per hex the runs it floods in and the runs a stream reaches it in; per caught unit the
runs of each outcome (a unit's state in a run is a small code, an infantry unit's squads left a small
integer); per town and route the runs it is hit in; and the most swamps, flooded towns and road cuts of
any one run. Each chance is its count over all runs, the same number as the mean of a column of all
runs. Within a chunk the arrays are one entry per run of the chunk (at most CHUNK_RUNS, fewer on a map
whose chunk would pass CHUNK_BYTES), so memory does not grow with the runs; the chunks' dice are those
one draw for all runs would give (chunked_dice.py), so the figures are those of all runs at once.
"""

from __future__ import annotations

import weakref
from collections import Counter
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from dambuster.model.hexgrid import Hex
from dambuster.model.terrain import Terrain

from . import crt as crtlib
from .breach import FLOODS_TO, Breach, hit
from .network import Corner, Hexside, hexes_of, other_end, sides_at
from .reservoir import reservoir_changes

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from .chunked_dice import ChunkedDice
    from .montecarlo_result import MonteCarloResult

Ints = npt.NDArray[np.int64]
States = npt.NDArray[np.int16]  # a unit's state in each run of a chunk, as a code (RunTotals.code)
Runs = npt.NDArray[np.bool_]  # the runs of a chunk in which something happens
Walk = tuple[
    dict[tuple[Hexside, Corner], int], list[tuple[Hexside, Corner]], Ints, Ints, dict[Hex, int], Ints
]

#: Runs in a chunk at most (100 chunks for a million runs; 8,192 to 16,384 ran fastest on the valley).
CHUNK_RUNS = 10_000
#: Bytes of one chunk's arrays at most (estimated per run: the stream hexes, towns, routes, units).
CHUNK_BYTES = 16 << 20


class RunTotals:
    """What a Monte Carlo of breach ``b`` adds up over its chunks of runs, and what every chunk shares
    (the terrain as the floodplain rolls see it, the streams' walk table)."""

    def __init__(self, b: Breach):
        self.b = b
        self.init = b.initial()
        # terrain as the floodplain rolls see it: after the reservoir and the debris
        layout, cells = b.layout, self.init.terrain
        terrain = Terrain(layout, bytearray(cells))
        for h, kind in reservoir_changes(b.dam, Terrain(layout, bytearray(cells))):
            terrain[h] = kind
        for h in b.plan.below_dam:
            terrain[h] = "debris"
        self.terrain = terrain
        self.starts_by_step: dict[int, list[tuple[Hexside, Corner]]] = {}
        for k in range(1, b.plan.last_step):
            starts = b.starts(k)
            if starts:
                self.starts_by_step[k] = starts
        self.walk = _stream_tables(b, self.starts_by_step) if self.starts_by_step else None
        self.codes: dict[str, int] = {}  # a unit's state -> its code in a chunk's arrays
        self.outcomes: dict[int, Counter[str]] = {}  # caught unit's index -> outcome -> runs
        self.floods: dict[Hex, tuple[str, int]] = {}  # hex -> ("swamp" or "flooded_town", runs)
        self.streams = np.zeros(len(self.walk[4]) if self.walk else 0, dtype=np.int64)
        self.tally = _Tally(b)

    def chunk_runs(self) -> int:
        """Runs per chunk: CHUNK_RUNS, fewer where a run's arrays are large (at least 1,000)."""
        b = self.b
        per_run = 128 + self.streams.size + len(b.map.towns) + len(b.map.roads) + len(b.map.rails)
        per_run += 16 * len(b.scenario.units)
        return max(1_000, min(CHUNK_RUNS, CHUNK_BYTES // per_run))

    def code(self, state: str) -> int:
        return self.codes.setdefault(state, len(self.codes))

    def add_chunk(self, dice: ChunkedDice, n: int) -> None:
        """The ``n`` runs of the next chunk: units caught, floodplain, streams, in the draw order."""
        status: dict[int, States] = {}
        squads: dict[int, Ints] = {}
        touched: set[int] = set()
        self._caught(dice, n, status, squads, touched)
        self._floodplain(dice, n, status, touched)
        self._streams(dice, n)
        for i in sorted(touched):
            found = self.outcomes.setdefault(i, Counter())
            states = status.get(i, np.full(n, self.code(self.init.units[i][0]), dtype=np.int16))
            if self.b.unit_type(i).category == "infantry":  # counted by squads left
                destroyed = states == self.code("destroyed")
                for left, runs in enumerate(np.bincount(squads[i][~destroyed])):
                    if runs:
                        found[f"{left} squad" if left == 1 else f"{left} squads"] += int(runs)
                if destroyed.any():
                    found["destroyed"] += int(destroyed.sum())
            else:
                names = list(self.codes)
                for c, runs in enumerate(np.bincount(states, minlength=len(names))):
                    if runs:
                        found[names[c]] += int(runs)

    def _caught(
        self, dice: ChunkedDice, n: int, status: dict[int, States], squads: dict[int, Ints], touched: set[int]
    ) -> None:
        """1. units the swell catches, in step then hex then unit order (as in a single run); only they
        get a chunk's array of states, the others keep their state in every run."""
        b, init, opts, crt = self.b, self.init, self.b.options, self.b.params.crt
        plan = b.plan
        for step in range(plan.last_step):
            for h in plan.swell(step):
                if plan.arrivals[h] != step:
                    continue
                for i in b.units_by_hex.get(h, []):
                    t = b.unit_type(i)
                    state, strength = init.units[i]
                    if state == "destroyed":
                        continue
                    if h in b.bridge_hexes and not (t.movement_class == "gev" and opts.gev_under_bridge):
                        continue
                    touched.add(i)
                    if t.category == "infantry":
                        col = crtlib.column(crt, opts.infantry_odds_attack, opts.infantry_odds_defense)
                        lose = np.array([crtlib.result(crt, col, r) in ("D", "X") for r in range(1, 7)])
                        rolls = dice.integers(1, 7, per_run=strength)
                        left = strength - lose[rolls - 1].sum(axis=1)
                        squads[i] = left
                        status[i] = np.where(left > 0, self.code(state), self.code("destroyed")).astype(
                            np.int16
                        )
                    elif t.movement_class == "gev":
                        col = crtlib.column(crt, opts.gev_surge_attack, t.defense)
                        after = [self.code(hit(state, crtlib.result(crt, col, r))) for r in range(1, 7)]
                        status[i] = np.array(after, dtype=np.int16)[dice.integers(0, 6)]
                    elif t.movement_class == "superheavy":
                        stuck = dice.integers(1, 7) <= opts.superheavy_stuck_on
                        status[i] = np.where(stuck, self.code("stuck"), self.code(state)).astype(np.int16)

    def _floodplain(self, dice: ChunkedDice, n: int, status: dict[int, States], touched: set[int]) -> None:
        """2. floodplain hexes, in step then row-major order; then armor stuck rolls. What the towns,
        routes and worst cases need of each hex's runs is added up as it comes."""
        b, init, params, opts = self.b, self.init, self.b.params, self.b.options
        self.tally.start(n)
        floods_here: dict[Hex, tuple[str, int]] = {}
        for step in sorted(b.adjacent_by_step):
            for h in b.adjacent_by_step[step]:
                kind = self.terrain[h]
                if b.random_mode:
                    if b.floodplain and h not in b.floodplain:
                        continue
                    if kind not in ("clear", "forest") and not (kind == "town" and params.random_towns_roll):
                        continue
                    floods = dice.integers(1, 7) <= params.floodplain_floods_on
                else:
                    if h not in b.floodplain or kind not in FLOODS_TO:
                        continue
                    floods = np.ones(n, dtype=bool)
                new_kind = FLOODS_TO[kind]
                self.tally.add(h, floods, new_kind)
                floods_here[h] = ("swamp" if new_kind == "swamp" else "flooded_town", int(floods.sum()))
                if new_kind != "swamp":
                    continue
                for i in b.units_by_hex.get(h, []):
                    if init.units[i][0] == "destroyed" or b.unit_type(i).movement_class not in (
                        "armor",
                        "superheavy",
                    ):
                        continue
                    touched.add(i)
                    stuck = floods & (dice.integers(1, 7) <= opts.swamp_stuck_on)
                    before = status.get(i, np.full(n, self.code(init.units[i][0]), dtype=np.int16))
                    status[i] = np.where(stuck, self.code("stuck"), before).astype(np.int16)
        self.tally.end()
        for h, (key, runs) in floods_here.items():  # a hex met twice: its last roll, as before
            self.floods[h] = (key, self.floods.get(h, (key, 0))[1] + runs)

    def _streams(self, dice: ChunkedDice, n: int) -> None:
        """3. streams: one walk per step after the breach, all the chunk's runs at once."""
        if self.walk is None:
            return
        index, _states, table, nopt, _hex_ids, state_hexes = self.walk
        got = np.zeros((n, self.streams.size), dtype=bool)
        rows = np.arange(n)
        for st in self.starts_by_step.values():
            first = np.array([index[x] for x in st], dtype=np.int64)
            cur = first[dice.integers(0, len(st))]
            length = dice.integers(1, 7)
            alive = np.ones(n, dtype=bool)
            for hop in range(6):
                if hop > 0:
                    alive &= (length > hop) & (nopt[cur] > 0)
                    pick = np.where(nopt[cur] == 2, dice.integers(0, 2), 0)
                    cur = np.where(alive, table[cur, pick], cur)
                sel = rows[alive]
                got[sel, state_hexes[cur[sel], 0]] = True
                got[sel, state_hexes[cur[sel], 1]] = True
        self.streams += got.sum(axis=0)

    def report(self, res: MonteCarloResult) -> None:
        """Each total over all ``res.runs`` runs into ``res``: hexes (flood then stream, in the order
        met), towns, routes, worst cases and unit outcomes."""
        runs = res.runs

        def chance(k: int) -> float:
            return k / runs if runs else 0.0

        for h, (key, k) in self.floods.items():
            res.hexes[h] = {"flood": chance(k), key: chance(k)}
        if self.walk is not None:
            for h, j in self.walk[4].items():
                if self.streams[j] > 0:
                    res.hexes.setdefault(h, {})["stream"] = chance(int(self.streams[j]))
        self.tally.report(res, chance)
        units = self.b.scenario.units
        for i in sorted(self.outcomes):
            found = self.outcomes[i]
            res.units[units[i].id] = {k: chance(found[k]) for k in sorted(found)}


class _Tally:
    """The runs in which each town and route is hit, and the most swamp, flooded-town and road-cut
    counts of any one run, added up hex by hex as the floodplain rolls come, a chunk at a time."""

    def __init__(self, b: Breach):
        self.b = b
        self.routes_list = list(b.map.roads) + list(b.map.rails)
        self.town_runs = dict.fromkeys((t.id for t in b.map.towns), 0)
        self.route_runs = dict.fromkeys((r.id for r in self.routes_list), 0)
        self.worst = {"swamp": 0, "flooded_town": 0, "road_cut": 0}

    def start(self, n: int) -> None:
        """A chunk of ``n`` runs begins: one entry per run, nothing hit yet."""
        b = self.b
        self.n = n
        self.towns = {t.id: np.zeros(n, dtype=bool) for t in b.map.towns}
        self.routes = {r.id: np.zeros(n, dtype=bool) for r in self.routes_list}
        self.of_hex: dict[Hex, list[Runs]] = {}
        for t in b.map.towns:
            for h in t.hexes:
                self.of_hex.setdefault(_hex(h), []).append(self.towns[t.id])
        for r in self.routes_list:
            for h in r.hexes:
                self.of_hex.setdefault(_hex(h), []).append(self.routes[r.id])
        self.count = {"swamp": np.zeros(n, dtype=np.int64), "flooded_town": np.zeros(n, dtype=np.int64)}
        self.cuts: Ints = np.zeros(n, dtype=np.int64)
        if b.options.cut_routes_at_dam:
            self.cuts += len(b.routes_by_hex.get(_hex(b.dam.hex), []))

    def add(self, h: Hex, floods: Runs, became: str) -> None:
        """Hex ``h`` floods in the runs ``floods`` and becomes ``became`` there."""
        seen: set[int] = set()
        for runs_hit in self.of_hex.get(h, []):
            if id(runs_hit) not in seen:  # a route listing a hex twice
                seen.add(id(runs_hit))
                runs_hit |= floods
        self.count["swamp" if became == "swamp" else "flooded_town"] += floods
        if self.b.params.flooding_cuts_routes:
            self.cuts += floods * len(self.b.routes_by_hex.get(h, []))

    def end(self) -> None:
        """The chunk's runs into the totals; its arrays are let go."""
        for tid, hit_runs in self.towns.items():
            self.town_runs[tid] += int(hit_runs.sum())
        for rid, hit_runs in self.routes.items():
            self.route_runs[rid] += int(hit_runs.sum())
        if self.n:
            for k, v in {**self.count, "road_cut": self.cuts}.items():
                self.worst[k] = max(self.worst[k], int(v.max()))
        self.towns = self.routes = self.of_hex = self.count = {}
        self.cuts = np.zeros(0, dtype=np.int64)

    def report(self, res: MonteCarloResult, chance: Callable[[int], float]) -> None:
        """Towns and routes: the runs in which any of their hexes floods (a route is also cut at the dam);
        worst: the most swamp and flooded-town hexes, and road cuts, of any one run (as ``Breach.step``
        cuts: every route through the dam's hex at the breach, every route through a hex that floods)."""
        b = self.b
        for t in b.map.towns:
            res.towns[t.id] = chance(self.town_runs[t.id])
        dam = tuple(b.dam.hex)
        for r in self.routes_list:
            at_dam = b.options.cut_routes_at_dam and any(tuple(h) == dam for h in r.hexes)
            cut = chance(self.route_runs[r.id]) if b.params.flooding_cuts_routes else 0.0
            res.routes[r.id] = 1.0 if at_dam else cut
        res.worst = dict(self.worst)


def _hex(h: Sequence[int]) -> Hex:
    """A hex as the model may hold it (a list from JSON) as the tuple the breach's tables are keyed by."""
    return (h[0], h[1])


_TABLES: weakref.WeakKeyDictionary[Breach, Walk] = weakref.WeakKeyDictionary()


def _stream_tables(b: Breach, starts_by_step: dict[int, list[tuple[Hexside, Corner]]]) -> Walk:
    """The walk tables of a breach, computed once per ``Breach`` (the editor runs it in chunks)."""
    if b not in _TABLES:
        _TABLES[b] = _build_stream_tables(b, starts_by_step)
    return _TABLES[b]


def _build_stream_tables(b: Breach, starts_by_step: dict[int, list[tuple[Hexside, Corner]]]) -> Walk:
    """Number the (hexside, corner) walk states reachable from the starts and tabulate moves; number
    the hexes on the states' sides. (index, states, table, nopt, hex_ids, state_hexes)."""
    index: dict[tuple[Hexside, Corner], int] = {}
    states: list[tuple[Hexside, Corner]] = []
    nxt: list[list[int]] = []

    def sid(state: tuple[Hexside, Corner]) -> int:
        if state not in index:
            index[state] = len(states)
            states.append(state)
            nxt.append([])
        return index[state]

    frontier = [sid(st) for starts in starts_by_step.values() for st in starts]
    for _ in range(5):
        new: list[int] = []
        for i in frontier:
            if nxt[i]:
                continue
            side, at = states[i]
            opts = [s for s in sides_at(at) if s != side and b.legal_stream_side(s)]
            nxt[i] = [sid((s, other_end(s, at))) for s in opts] or [-1]
            new.extend(j for j in nxt[i] if j >= 0)
        frontier = new
    table = np.full((len(states), 2), -1, dtype=np.int64)
    nopt = np.zeros(len(states), dtype=np.int64)
    for i, opts in enumerate(nxt):
        real = [j for j in opts if j >= 0]
        nopt[i] = len(real)
        for k, j in enumerate(real[:2]):
            table[i, k] = j
    hex_ids: dict[Hex, int] = {}
    state_hexes = np.array(
        [[hex_ids.setdefault(h, len(hex_ids)) for h in hexes_of(s)] for s, _ in states], dtype=np.int64
    ).reshape(len(states), 2)
    return index, states, table, nopt, hex_ids, state_hexes


__all__ = ["CHUNK_BYTES", "CHUNK_RUNS", "RunTotals"]
