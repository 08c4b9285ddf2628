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
    init = b.initial()
    scen_units = b.scenario.units

    # terrain as the floodplain rolls see it: after the reservoir and the debris
    terrain = Terrain(layout, bytearray(init.terrain))
    for h, kind in reservoir_changes(b.dam, Terrain(layout, bytearray(init.terrain)), plan.river_hexes):
        terrain[h] = kind
    for h in plan.below_dam:
        terrain[h] = "debris"

    # 1. units the swell catches, in step then hex then unit order (as in a single run)
    status = {i: np.full(runs, s, dtype=object) for i, (s, _) in enumerate(init.units)}
    squads = {i: np.full(runs, n, dtype=np.int64) for i, (_, n) in enumerate(init.units)}
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

    # 2. floodplain hexes, in step then row-major order; then armor stuck rolls
    p_on = params.floodplain_floods_on
    flooded: dict[Hex, np.ndarray] = {}  # hex -> the runs in which it floods
    became: dict[Hex, str] = {}  # hex -> what it becomes when it floods
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
            flooded[h] = floods
            became[h] = new_kind
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
                status[i] = np.where(stuck, "stuck", status[i]).astype(object)

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
        for step, st in starts_by_step.items():
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
    _towns_and_routes(b, res, flooded, runs)
    res.worst = _worst(b, flooded, became, runs)

    # 6. unit outcomes
    for i in sorted(touched):
        u = scen_units[i]
        if b.unit_type(i).category == "infantry":
            labels = np.where(
                status[i] == "destroyed",
                "destroyed",
                np.char.add(squads[i].astype(str), np.where(squads[i] == 1, " squad", " squads")),
            ).astype(object)
        else:
            labels = status[i]
        vals, counts = np.unique(labels.astype(str), return_counts=True)
        res.units[u.id] = {str(v): int(c) / runs for v, c in zip(vals, counts)}
    return res


def _towns_and_routes(b: Breach, res: MonteCarloResult, flooded: dict[Hex, np.ndarray], runs: int) -> None:
    def chance(hexes) -> float:
        hit = np.zeros(runs, dtype=bool)
        for h in hexes:
            if tuple(h) in flooded:
                hit |= flooded[tuple(h)]
        return float(hit.mean()) if runs else 0.0

    for t in b.map.towns:
        res.towns[t.id] = chance(t.hexes)
    dam = tuple(b.dam.hex)
    for r in list(b.map.roads) + list(b.map.rails):
        at_dam = b.options.cut_routes_at_dam and any(tuple(h) == dam for h in r.hexes)
        res.routes[r.id] = 1.0 if at_dam else (chance(r.hexes) if b.params.flooding_cuts_routes else 0.0)


def _worst(b: Breach, flooded: dict[Hex, np.ndarray], became: dict[Hex, str], runs: int) -> dict[str, int]:
    """The most swamp and flooded-town hexes, and road cuts, of any one run (as ``Breach.step`` cuts:
    every route through the dam's hex at the breach, every route through a hex that floods)."""
    count = {"swamp": np.zeros(runs, dtype=np.int64), "flooded_town": np.zeros(runs, dtype=np.int64)}
    cuts = np.zeros(runs, dtype=np.int64)
    if b.options.cut_routes_at_dam:
        cuts += len(b.routes_by_hex.get(tuple(b.dam.hex), []))
    for h, floods in flooded.items():
        count["swamp" if became[h] == "swamp" else "flooded_town"] += floods
        if b.params.flooding_cuts_routes:
            cuts += floods * len(b.routes_by_hex.get(h, []))
    count["road_cut"] = cuts
    return {k: int(v.max()) if runs else 0 for k, v in count.items()}


__all__ = ["MonteCarloResult", "monte_carlo"]
