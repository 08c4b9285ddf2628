"""The breach of a dam, stepped player turn by player turn.

``Breach(scenario, dam_id)`` precomputes everything that does not depend on dice (the swell's path,
who stands where, which hexes are next to the river); ``step(state, dice)`` returns the events of one
step and a new immutable state. ``Run`` keeps the history so a step can be taken back exactly, and
``apply`` writes a state into a copy of the scenario. The order of the draws within a step is listed
in docs/simulation.md and mirrored here in the order of the calls.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import replace

from dambuster.model.hexgrid import Hex, Hexside
from dambuster.model.scenario import BridgeOut, HexMap, HexsideFeature, RoadCut, Scenario, UnitType
from dambuster.model.terrain import TERRAIN_KINDS, Terrain, kind_index

from . import crt as crtlib
from .dice import Dice, RollNeeded
from .network import (
    Corner,
    as_hex,
    as_side,
    corner_distances,
    corners_of_hex,
    ends,
    hexes_of,
    other_end,
    sides_at,
)
from .options import SimOptions, options_for
from .plan import SimulationError, SurgePlan, find_dam, hex_map
from .reservoir import reservoir_changes
from .state import Event, SimState

_K = {k: kind_index(k) for k in TERRAIN_KINDS}
FLOODS_TO = {"clear": "swamp", "forest": "swamp", "town": "flooded-town"}


def hit(status: str, result: str) -> str:
    """A unit's status after a combat result (a second D destroys a disabled unit)."""
    if status == "destroyed" or result == "NE":
        return status
    if result == "X":
        return "destroyed"
    return {"ready": "disabled", "disabled": "destroyed"}.get(status, status)  # a stuck unit stays stuck


class Breach:
    def __init__(self, scenario: Scenario, dam_id: str, options: SimOptions | None = None):
        self.map: HexMap = hex_map(scenario)
        self.scenario = scenario
        self.layout = self.map.layout
        self.params = scenario.parameters
        self.options = options or options_for(scenario)
        self.dam = find_dam(self.map, dam_id)
        self.plan = SurgePlan.build(self.map, self.dam, self.params.surge.length, self.params.surge.speed)
        contains = self.layout.contains
        self.units_by_hex: dict[Hex, list[int]] = {}
        for i, u in enumerate(scenario.units):
            if u.hex is not None and contains(u.hex):
                self.units_by_hex.setdefault(as_hex(u.hex), []).append(i)
        self.routes_by_hex: dict[Hex, list[str]] = {}
        for r in list(self.map.roads) + list(self.map.rails):
            for h in r.hexes:
                ids = self.routes_by_hex.setdefault(as_hex(h), [])
                if r.id not in ids:
                    ids.append(r.id)
        out = {b.bridge for b in self.map.markers.bridges_out}  # a bridge that is out carries nobody
        self.bridge_hexes = {as_hex(b.hex) for b in self.map.river_bridges if b.id not in out}
        self.first_adjacent = self.plan.first_adjacent(contains)
        fp = self.map.floodplain
        self.random_mode = fp.mode == "random"
        self.floodplain = {as_hex(h) for h in fp.hexes}
        self.adjacent_by_step: dict[int, list[Hex]] = {}
        for h, k in self.first_adjacent.items():
            self.adjacent_by_step.setdefault(k, []).append(h)
        for hs in self.adjacent_by_step.values():
            hs.sort(key=self.layout.index)
        self.already_out = {b.bridge for b in self.map.markers.bridges_out}
        self._reach: dict[str, dict[Corner, int]] | None = None
        self._washouts: dict[int, list[tuple[str, int]]] = {}
        self._starts: dict[int, list[tuple[Hexside, Corner]]] = {}

    # ------------------------------------------------------------------------------ helpers
    def initial(self) -> SimState:
        return SimState(
            -1, bytes(self.map.terrain.cells), tuple((u.status, u.squads) for u in self.scenario.units)
        )

    def unit_type(self, i: int) -> UnitType:
        return self.scenario.unit_types[self.scenario.units[i].type]

    def legal_stream_side(self, s: Hexside) -> bool:
        a, b = hexes_of(s)
        river = self.plan.river_hexes
        return self.layout.contains(a) and self.layout.contains(b) and a not in river and b not in river

    def stream_starts(self, swell: list[Hex]) -> list[tuple[Hexside, Corner]]:
        """Hexsides that branch off the swell's hexes: at each corner of a swell hex, the side
        between the two other hexes there, when neither is a river hex. Sorted; with the corner the
        stream flows away from."""
        river = self.plan.river_hexes
        found: dict[Hexside, Corner] = {}
        for h in swell:
            for c in corners_of_hex(h):
                for s in sides_at(c):
                    if h in hexes_of(s) or s in found or not self.legal_stream_side(s):
                        continue
                    far = other_end(s, c)
                    if any(x in river for x in far):  # both ends touch the river: flow from either
                        far = max(ends(s))
                    found[s] = far
        return sorted(found.items())

    def bridge_reach(self) -> dict[str, dict[Corner, int]]:
        """For each stream bridge: corner -> hexsides from the bridge's hexside, within the radius."""
        if self._reach is None:
            r = self.params.washout_radius
            self._reach = {
                b.id: corner_distances(ends(as_side(b.side)), max(r - 1, 0), self.layout.hexside_on_map)
                for b in self.map.stream_bridges
            }
        return self._reach

    def washouts(self, step: int) -> list[tuple[str, int]]:
        """(bridge id, hexsides) for the stream bridges within the washout radius of the swell at
        ``step``: the fewest hexsides of a chain from a corner of a swell hex ending with the
        bridge's hexside. Depends only on the swell's path, so it is computed once per step."""
        if step not in self._washouts:
            r = self.params.washout_radius
            found: list[tuple[str, int]] = []
            if r > 0:
                corners = {c for h in self.plan.swell(step) for c in corners_of_hex(h)}
                for b in self.map.stream_bridges:
                    reach = self.bridge_reach()[b.id]
                    ds = [reach[c] for c in corners if c in reach]
                    if ds and min(ds) + 1 <= r:
                        found.append((b.id, min(ds) + 1))
            self._washouts[step] = found
        return self._washouts[step]

    def starts(self, step: int) -> list[tuple[Hexside, Corner]]:
        if step not in self._starts:
            self._starts[step] = self.stream_starts(self.plan.swell(step))
        return self._starts[step]

    # --------------------------------------------------------------------------------- step
    def step(self, state: SimState, dice: Dice) -> tuple[list[Event], SimState]:
        """The events of the next step and the state after it. With dice from the table, a roll not
        given yet raises ``RollNeeded`` carrying this step's events so far."""
        if state.done:
            raise SimulationError("the swell has already left the map")
        events: list[Event] = []
        try:
            return events, self._step(state, dice, events)
        except RollNeeded as need:
            need.events = list(events)
            raise

    def _step(self, state: SimState, dice: Dice, events: list[Event]) -> SimState:
        k = state.step + 1
        terrain = bytearray(state.terrain)
        units = list(state.units)
        cuts = list(state.road_cuts)
        out = list(state.bridges_out)
        streams = list(state.streams)
        settled = set(state.settled)
        dice.take_log()

        def cut_routes(h: Hex, why: str) -> None:
            for rid in self.routes_by_hex.get(h, []):
                if (h, rid) not in cuts:
                    cuts.append((h, rid))
                    events.append(Event(k, "road-cut", h, {"route": rid, "because": why}))

        if k == 0:
            events.append(Event(0, "breach", self.dam.id, {"hex": self.dam.hex}))
            for b in self.dam.buildings:  # 11.05: buildings on a dam are destroyed with it
                if b.damage < b.sp:
                    events.append(Event(0, "building-destroyed", b.id, {"dam": self.dam.id, "kind": b.kind}))
            for h, kind in reservoir_changes(self.dam, Terrain(self.layout, bytearray(terrain))):
                terrain[self.layout.index(h)] = _K[kind]
                events.append(Event(0, "reservoir", h, {"becomes": kind}))
            for h in self.plan.below_dam:
                terrain[self.layout.index(h)] = _K["debris"]
                events.append(Event(0, "debris", h, {"becomes": "debris"}))
            if self.options.cut_routes_at_dam:
                cut_routes(as_hex(self.dam.hex), "dam breached")

        swell = self.plan.swell(k)
        if not swell:
            events.append(Event(k, "left-map", None, {}))
            return replace(state, step=k, terrain=bytes(terrain), road_cuts=tuple(cuts), swell=(), done=True)
        lo, hi = self.plan.window(k)
        events.append(Event(k, "swell", None, {"hexes": swell, "from": lo, "to": hi}))

        # 1. units in hexes the swell reaches now
        for h in swell:
            if self.plan.arrivals[h] != k:
                continue
            for i in self.units_by_hex.get(h, []):
                units[i] = self._surge_unit(k, i, h, units[i], dice, events)

        # 2. floodplain hexes the swell is next to for the first time
        for h in self.adjacent_by_step.get(k, []):
            if h in settled:
                continue
            self._flood(k, h, terrain, units, settled, dice, events, cut_routes)

        # 3. stream bridges washed out
        sides = {b.id: as_side(b.side) for b in self.map.stream_bridges}
        for bid, n in self.washouts(k):
            if bid not in out and bid not in self.already_out:
                out.append(bid)
                events.append(Event(k, "bridge-out", bid, {"side": sides[bid], "hexsides": n}))

        # 4. a new stream each time the swell moves
        if k >= 1:
            starts = self.starts(k)
            if starts:
                path = self._stream(k, starts, dice)
                streams.extend(path)
                events.append(Event(k, "stream", path[0], {"hexsides": path}, tuple(dice.take_log())))

        return SimState(
            k,
            bytes(terrain),
            tuple(units),
            tuple(cuts),
            tuple(out),
            tuple(streams),
            frozenset(settled),
            tuple(swell),
            False,
        )

    def _surge_unit(
        self, k: int, i: int, h: Hex, unit_state: tuple[str, int], dice: Dice, events: list[Event]
    ) -> tuple[str, int]:
        status, squads = unit_state
        u = self.scenario.units[i]
        t = self.unit_type(i)
        if status == "destroyed":
            return unit_state
        mc = t.movement_class
        if h in self.bridge_hexes and not (mc == "gev" and self.options.gev_under_bridge):
            events.append(Event(k, "on-bridge", u.id, {"hex": h}))
            return unit_state
        o = self.options
        crt = self.params.crt
        if t.category == "infantry":
            col = crtlib.column(crt, o.infantry_odds_attack, o.infantry_odds_defense)
            lost = 0
            results: list[str] = []
            for s in range(squads):
                roll = dice.d6(f"surge attack on {u.id}, squad {s + 1}")
                res = crtlib.result(crt, col, roll)
                results.append(res)
                lost += res in ("D", "X")
            left = squads - lost
            new = (status, left) if left > 0 else ("destroyed", squads)
            events.append(
                Event(
                    k,
                    "surge-attack",
                    u.id,
                    {
                        "odds": crtlib.odds_label(crt, col),
                        "results": results,
                        "squads_left": left,
                        "status": new[0],
                    },
                    tuple(dice.take_log()),
                )
            )
            return new
        if mc == "gev":
            col = crtlib.column(crt, o.gev_surge_attack, t.defense)
            roll = dice.d6(f"surge attack on {u.id}")
            res = crtlib.result(crt, col, roll)
            new = (hit(status, res), squads)
            events.append(
                Event(
                    k,
                    "surge-attack",
                    u.id,
                    {"odds": crtlib.odds_label(crt, col), "results": [res], "status": new[0]},
                    tuple(dice.take_log()),
                )
            )
            return new
        if mc == "superheavy":
            roll = dice.d6(f"stuck roll of {u.id}")
            stuck = roll <= o.superheavy_stuck_on
            new = ("stuck" if stuck else status, squads)
            events.append(
                Event(k, "stuck-roll", u.id, {"stuck": stuck, "status": new[0]}, tuple(dice.take_log()))
            )
            return new
        events.append(Event(k, "unaffected", u.id, {"movement_class": mc}))
        return unit_state

    def _flood(
        self,
        k: int,
        h: Hex,
        terrain: bytearray,
        units: list[tuple[str, int]],
        settled: set[Hex],
        dice: Dice,
        events: list[Event],
        cut_routes: Callable[[Hex, str], None],
    ) -> None:
        kind = TERRAIN_KINDS[terrain[self.layout.index(h)]]
        if self.random_mode:
            if self.floodplain and h not in self.floodplain:
                return
            if kind not in ("clear", "forest") and not (kind == "town" and self.params.random_towns_roll):
                return
            settled.add(h)
            roll = dice.d6(f"floodplain {self.layout.label(h)}")
            floods = roll <= self.params.floodplain_floods_on
            events.append(Event(k, "flood-roll", h, {"floods": floods}, tuple(dice.take_log())))
            if not floods:
                return
        else:
            if h not in self.floodplain or kind not in FLOODS_TO:
                return
            settled.add(h)
        new_kind = FLOODS_TO[kind]
        terrain[self.layout.index(h)] = _K[new_kind]
        events.append(Event(k, "flood", h, {"was": kind, "becomes": new_kind}))
        if self.params.flooding_cuts_routes:
            cut_routes(h, "flooded")
        if new_kind != "swamp":
            return
        for i in self.units_by_hex.get(h, []):
            status, squads = units[i]
            if status == "destroyed" or self.unit_type(i).movement_class not in ("armor", "superheavy"):
                continue
            u = self.scenario.units[i]
            roll = dice.d6(f"stuck roll of {u.id}")
            stuck = roll <= self.options.swamp_stuck_on
            units[i] = ("stuck" if stuck else status, squads)
            events.append(
                Event(k, "stuck-roll", u.id, {"stuck": stuck, "status": units[i][0]}, tuple(dice.take_log()))
            )

    def _stream(self, k: int, starts: Sequence[tuple[Hexside, Corner]], dice: Dice) -> list[Hexside]:
        i = dice.choice(len(starts), "where the new stream starts", [side for side, _ in starts])
        side, at = starts[i]
        length = dice.d6("length of the new stream")
        path = [side]
        while len(path) < length:
            options = [s for s in sides_at(at) if s != path[-1] and self.legal_stream_side(s)]
            if not options:
                break
            s = options[dice.choice(len(options), "way of the new stream", options)]
            path.append(s)
            at = other_end(s, at)
        return path


# ------------------------------------------------------------------------------------- run
class Run:
    """A breach with its history: ``forward`` takes one step, ``back`` restores the one before."""

    def __init__(self, breach: Breach, dice: Dice):
        self.breach = breach
        self.dice = dice
        self.states: list[SimState] = [breach.initial()]
        self.dice_states = [dice.state()]
        self.events: list[list[Event]] = []

    @property
    def state(self) -> SimState:
        return self.states[-1]

    def forward(self) -> list[Event]:
        events, new = self.breach.step(self.state, self.dice)
        self.states.append(new)
        self.dice_states.append(self.dice.state())
        self.events.append(events)
        return events

    def back(self) -> SimState:
        if len(self.states) == 1:
            raise SimulationError("nothing to step back: the dam is not breached yet")
        self.states.pop()
        self.dice_states.pop()
        self.events.pop()
        self.dice.restore(self.dice_states[-1])
        return self.state

    def run(self, turns: int | None = None) -> list[Event]:
        """Steps until the swell leaves the map, or ``turns`` steps after the breach."""
        out: list[Event] = []
        while not self.state.done and (turns is None or self.state.step < turns):
            out.extend(self.forward())
        return out


def apply(scenario: Scenario, state: SimState, dam_id: str | None = None) -> Scenario:
    """A copy of the scenario after the state: terrain, units, markers, streams; with ``dam_id``,
    that dam's damage equals its SP, so does each of its buildings' (11.05), and its reservoir keeps
    only the hexes still water. Floodplain
    hexes that flooded leave the floodplain list (they are swamp or flooded town now)."""
    before = hex_map(scenario).terrain
    s = copy.deepcopy(scenario)
    m = hex_map(s)  # a copy of the hex map above
    m.terrain.cells[:] = state.terrain
    for u, (status, squads) in zip(s.units, state.units):
        u.status, u.squads = status, squads
    have_cuts = {(as_hex(c.hex), c.route) for c in m.markers.road_cuts}
    for h, rid in state.road_cuts:
        if (h, rid) not in have_cuts and (h, None) not in have_cuts:
            m.markers.road_cuts.append(RoadCut(h, rid))
            have_cuts.add((h, rid))
    have_out = {b.bridge for b in m.markers.bridges_out}
    for b in state.bridges_out:
        if b not in have_out:
            m.markers.bridges_out.append(BridgeOut(b))
            have_out.add(b)
    have_sides = {(as_side(f.side), f.kind) for f in m.hexsides}
    for side in state.streams:
        if (side, "stream") not in have_sides:
            m.hexsides.append(HexsideFeature(side, "stream"))
            have_sides.add((side, "stream"))
    m.floodplain.hexes = [
        h
        for h in m.floodplain.hexes
        if not (before[as_hex(h)] in FLOODS_TO and m.terrain[as_hex(h)] == FLOODS_TO[before[as_hex(h)]])
    ]
    if dam_id is not None and state.step >= 0:
        for d in m.dams:
            if d.id == dam_id:
                d.damage = d.sp
                for b in d.buildings:  # destroyed with the dam (11.05)
                    b.damage = max(b.damage, b.sp)
                d.reservoir = [h for h in d.reservoir if m.terrain.get(as_hex(h)) == "water"]
    return s


__all__ = ["Breach", "Run", "apply", "hit"]
