"""Many breaches at once: per-hex, per-bridge and per-unit probabilities.

The swell's path, its arrival steps, who it catches, which hexes roll for flooding, which bridges
wash out and where streams may start are the same in every run, so :class:`Breach` computes them
once; only the dice are drawn per run, as numpy arrays (one row per run) from
``numpy.random.Generator(PCG64(seed))``. The draw order (docs/simulation.md) is fixed, so the same
seed gives the same figures; the runs are not draw-for-draw replays of ``dambuster surge --seed``.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import numpy as np

from ..model.hexgrid import Hex
from ..model.terrain import Terrain
from . import crt as crtlib
from .breach import FLOODS_TO, Breach, hit
from .network import hexes_of, other_end, sides_at
from .reservoir import reservoir_changes

HEX_KEYS = ("flood", "swamp", "flooded_town", "stream")


@dataclass
class MonteCarloResult:
    runs: int
    seed: int
    dam: str
    last_step: int
    hexes: dict[Hex, dict[str, float]] = field(default_factory=dict)  # flood, swamp, flooded_town, stream
    bridges: dict[str, tuple[float, int | None]] = field(default_factory=dict)  # washout chance, step
    units: dict[str, dict[str, float]] = field(default_factory=dict)  # outcome -> chance
    arrival: dict[Hex, int] = field(default_factory=dict)
    towns: dict[str, float] = field(default_factory=dict)  # town id -> chance any of its hexes floods
    routes: dict[str, float] = field(default_factory=dict)  # road or rail id -> chance it is cut somewhere
    #: the most any single run needs of each: "swamp" and "flooded_town" hexes, "road_cut" (hex, route) pairs
    worst: dict[str, int] = field(default_factory=dict)
    #: building on the dam -> chance it is destroyed: with the dam (11.05), so the chance of a breach
    buildings: dict[str, float] = field(default_factory=dict)

    def to_json(self, label) -> dict:
        r6 = lambda x: round(float(x), 6)  # noqa: E731
        return {
            "runs": self.runs,
            "seed": self.seed,
            "dam": self.dam,
            "steps": self.last_step,
            "hexes": [
                {"hex": list(h), "label": label(h), **{k: r6(p.get(k, 0.0)) for k in HEX_KEYS}}
                for h, p in sorted(self.hexes.items())
            ],
            "bridges": [{"id": b, "washout": r6(p), "step": k} for b, (p, k) in self.bridges.items()],
            "units": [
                {"id": u, "outcomes": {k: r6(v) for k, v in sorted(o.items())}} for u, o in self.units.items()
            ],
            "river": [{"hex": list(h), "label": label(h), "arrival": k} for h, k in self.arrival.items()],
            "buildings": [{"id": i, "destroyed": r6(p)} for i, p in self.buildings.items()],
        }

    def to_csv(self, label) -> str:
        lines = ["label,q,r,flood,swamp,flooded_town,stream,arrival"]
        keys = sorted(set(self.hexes) | set(self.arrival))
        for h in keys:
            p = self.hexes.get(h, {})
            a = self.arrival.get(h)
            vals = [f"{p.get(k, 0.0):.6f}" for k in ("flood", "swamp", "flooded_town", "stream")]
            lines.append(",".join([label(h), str(h[0]), str(h[1]), *vals, "" if a is None else str(a)]))
        return "\n".join(lines) + "\n"


_TABLES: weakref.WeakKeyDictionary[Breach, tuple] = weakref.WeakKeyDictionary()


def _stream_tables(b: Breach, starts_by_step: dict[int, list]):
    """The walk tables of a breach, computed once per ``Breach`` (the editor runs it in chunks)."""
    if b not in _TABLES:
        _TABLES[b] = _build_stream_tables(b, starts_by_step)
    return _TABLES[b]


def _build_stream_tables(b: Breach, starts_by_step: dict[int, list]):
    """Number the (hexside, corner) walk states reachable from the starts and tabulate moves."""
    index: dict[tuple, int] = {}
    states: list[tuple] = []
    nxt: list[list[int]] = []

    def sid(state) -> int:
        if state not in index:
            index[state] = len(states)
            states.append(state)
            nxt.append([])
        return index[state]

    frontier = [sid(st) for starts in starts_by_step.values() for st in starts]
    for _ in range(5):
        new = []
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
    return index, states, table, nopt


def monte_carlo(b: Breach, runs: int = 10_000, seed: int = 0) -> MonteCarloResult:
    rng = np.random.Generator(np.random.PCG64(seed))
    plan, layout, params, opts = b.plan, b.layout, b.params, b.options
    res = MonteCarloResult(runs, seed, b.dam.id, plan.last_step)
    res.arrival = dict(plan.arrivals)
    res.buildings = {x.id: 1.0 for x in b.dam.buildings}  # every run is a breach: they fall with the dam
    init = b.initial()
    scen_units = b.scenario.units

    # terrain as the floodplain rolls see it: after the reservoir and the debris
    terrain = Terrain(layout, bytearray(init.terrain))
    for h, kind in reservoir_changes(b.dam, Terrain(layout, bytearray(init.terrain))):
        terrain[h] = kind
    for h in plan.below_dam:
        terrain[h] = "debris"

    # 1. units the swell catches, in step then hex then unit order (as in a single run)
    # (only the units the swell reaches get arrays of runs; the others keep their state in every run)
    status: dict[int, np.ndarray] = {}
    squads: dict[int, np.ndarray] = {}

    def status_of(i: int) -> np.ndarray:
        return status[i] if i in status else np.full(runs, init.units[i][0], dtype=object)

    touched: set[int] = set()
    crt = params.crt
    for step in range(plan.last_step):
        for h in plan.swell(step):
            if plan.arrivals[h] != step:
                continue
            for i in b.units_by_hex.get(h, []):
                t = b.unit_type(i)
                if init.units[i][0] == "destroyed":
                    continue
                if h in b.bridge_hexes and not (t.movement_class == "gev" and opts.gev_under_bridge):
                    continue
                touched.add(i)
                if t.category == "infantry":
                    col = crtlib.column(crt, opts.infantry_odds_attack, opts.infantry_odds_defense)
                    lose = np.array([crtlib.result(crt, col, r) in ("D", "X") for r in range(1, 7)])
                    rolls = rng.integers(1, 7, size=(runs, init.units[i][1]))
                    left = init.units[i][1] - lose[rolls - 1].sum(axis=1)
                    squads[i] = left
                    status[i] = np.where(left > 0, init.units[i][0], "destroyed").astype(object)
                elif t.movement_class == "gev":
                    col = crtlib.column(crt, opts.gev_surge_attack, t.defense)
                    after = np.array(
                        [hit(init.units[i][0], crtlib.result(crt, col, r)) for r in range(1, 7)], dtype=object
                    )
                    status[i] = after[rng.integers(0, 6, size=runs)]
                elif t.movement_class == "superheavy":
                    stuck = rng.integers(1, 7, size=runs) <= opts.superheavy_stuck_on
                    status[i] = np.where(stuck, "stuck", init.units[i][0]).astype(object)

    # 2. floodplain hexes, in step then row-major order; then armor stuck rolls. What the towns, routes
    # and worst cases need of each hex's runs is added up as it comes (memory: runs x (towns + routes))
    p_on = params.floodplain_floods_on
    tally = _Tally(b, runs)
    for step in sorted(b.adjacent_by_step):
        for h in b.adjacent_by_step[step]:
            kind = terrain[h]
            if b.random_mode:
                if b.floodplain and h not in b.floodplain:
                    continue
                if kind not in ("clear", "forest") and not (kind == "town" and params.random_towns_roll):
                    continue
                floods = rng.integers(1, 7, size=runs) <= p_on
            else:
                if h not in b.floodplain or kind not in FLOODS_TO:
                    continue
                floods = np.ones(runs, dtype=bool)
            new_kind = FLOODS_TO[kind]
            tally.add(h, floods, new_kind)
            p = float(floods.mean())
            res.hexes.setdefault(h, {})["flood"] = p
            res.hexes[h]["swamp" if new_kind == "swamp" else "flooded_town"] = p
            if new_kind != "swamp":
                continue
            for i in b.units_by_hex.get(h, []):
                if init.units[i][0] == "destroyed" or b.unit_type(i).movement_class not in (
                    "armor",
                    "superheavy",
                ):
                    continue
                touched.add(i)
                stuck = floods & (rng.integers(1, 7, size=runs) <= opts.swamp_stuck_on)
                status[i] = np.where(stuck, "stuck", status_of(i)).astype(object)

    # 3. streams: one walk per step after the breach, all runs at once
    starts_by_step = {}
    for step in range(1, plan.last_step):
        st = b.starts(step)
        if st:
            starts_by_step[step] = st
    if starts_by_step:
        index, states, table, nopt = _stream_tables(b, starts_by_step)
        side_of_state = [s for s, _ in states]
        hex_ids: dict[Hex, int] = {}
        state_hexes = []
        for s in side_of_state:
            state_hexes.append([hex_ids.setdefault(h, len(hex_ids)) for h in hexes_of(s)])
        state_hexes = np.array(state_hexes, dtype=np.int64)
        got = np.zeros((runs, len(hex_ids)), dtype=bool)
        rows = np.arange(runs)
        for st in starts_by_step.values():
            first = np.array([index[x] for x in st], dtype=np.int64)
            cur = first[rng.integers(0, len(st), size=runs)]
            length = rng.integers(1, 7, size=runs)
            alive = np.ones(runs, dtype=bool)
            for hop in range(6):
                if hop > 0:
                    alive &= (length > hop) & (nopt[cur] > 0)
                    pick = np.where(nopt[cur] == 2, rng.integers(0, 2, size=runs), 0)
                    cur = np.where(alive, table[cur, pick], cur)
                sel = rows[alive]
                got[sel, state_hexes[cur[sel], 0]] = True
                got[sel, state_hexes[cur[sel], 1]] = True
        pstream = got.mean(axis=0)
        for h, j in hex_ids.items():
            if pstream[j] > 0:
                res.hexes.setdefault(h, {})["stream"] = float(pstream[j])
    for h in res.hexes:
        for k in ("flood", "swamp", "flooded_town", "stream"):
            res.hexes[h].setdefault(k, 0.0)

    # 4. bridges: washing out depends only on the swell's path
    for br in b.map.stream_bridges:
        first = None
        if br.id not in b.already_out:
            first = next(
                (k for k in range(plan.last_step) if any(x == br.id for x, _ in b.washouts(k))), None
            )
        res.bridges[br.id] = (1.0 if first is not None else 0.0, first)

    # 5. towns and routes: the runs in which any of their hexes floods (a route is also cut at the dam)
    tally.finish(res)

    # 6. unit outcomes
    for i in sorted(touched):
        u = scen_units[i]
        if b.unit_type(i).category == "infantry":  # counted by squads left, without a label per run
            destroyed = status[i] == "destroyed"
            left, counts = np.unique(squads[i][~destroyed], return_counts=True)
            found = {f"{n} squad" if n == 1 else f"{n} squads": int(c) for n, c in zip(left, counts)}
            if destroyed.any():
                found["destroyed"] = int(destroyed.sum())
        else:
            vals, counts = np.unique(status_of(i).astype(str), return_counts=True)
            found = {str(v): int(c) for v, c in zip(vals, counts)}
        res.units[u.id] = {k: found[k] / runs for k in sorted(found)}
    return res


class _Tally:
    """The runs in which each town and route is hit, and each run's swamp, flooded-town and road-cut
    counts, added up hex by hex as the floodplain rolls come (no per-hex arrays are kept)."""

    def __init__(self, b: Breach, runs: int):
        self.b, self.runs = b, runs
        self.towns = {t.id: np.zeros(runs, dtype=bool) for t in b.map.towns}
        self.routes = {r.id: np.zeros(runs, dtype=bool) for r in list(b.map.roads) + list(b.map.rails)}
        self.of_hex: dict[Hex, list[np.ndarray]] = {}
        for t in b.map.towns:
            for h in t.hexes:
                self.of_hex.setdefault(tuple(h), []).append(self.towns[t.id])
        for r in list(b.map.roads) + list(b.map.rails):
            for h in r.hexes:
                self.of_hex.setdefault(tuple(h), []).append(self.routes[r.id])
        self.count = {"swamp": np.zeros(runs, dtype=np.int64), "flooded_town": np.zeros(runs, dtype=np.int64)}
        self.cuts = np.zeros(runs, dtype=np.int64)
        if b.options.cut_routes_at_dam:
            self.cuts += len(b.routes_by_hex.get(tuple(b.dam.hex), []))

    def add(self, h: Hex, floods: np.ndarray, became: str) -> None:
        """Hex ``h`` floods in the runs ``floods`` and becomes ``became`` there."""
        seen: set[int] = set()
        for runs_hit in self.of_hex.get(tuple(h), []):
            if id(runs_hit) not in seen:  # a route listing a hex twice
                seen.add(id(runs_hit))
                runs_hit |= floods
        self.count["swamp" if became == "swamp" else "flooded_town"] += floods
        if self.b.params.flooding_cuts_routes:
            self.cuts += floods * len(self.b.routes_by_hex.get(h, []))

    def finish(self, res: MonteCarloResult) -> None:
        """Towns and routes: the runs in which any of their hexes floods (a route is also cut at the dam);
        worst: the most swamp and flooded-town hexes, and road cuts, of any one run (as ``Breach.step``
        cuts: every route through the dam's hex at the breach, every route through a hex that floods)."""
        b, runs = self.b, self.runs
        chance = lambda hit: float(hit.mean()) if runs else 0.0  # noqa: E731
        for t in b.map.towns:
            res.towns[t.id] = chance(self.towns[t.id])
        dam = tuple(b.dam.hex)
        for r in list(b.map.roads) + list(b.map.rails):
            at_dam = b.options.cut_routes_at_dam and any(tuple(h) == dam for h in r.hexes)
            cut = chance(self.routes[r.id]) if b.params.flooding_cuts_routes else 0.0
            res.routes[r.id] = 1.0 if at_dam else cut
        count = {**self.count, "road_cut": self.cuts}
        res.worst = {k: int(v.max()) if runs else 0 for k, v in count.items()}


__all__ = ["MonteCarloResult", "monte_carlo"]
