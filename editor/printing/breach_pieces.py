"""What a breach of each dam needs on the table, as pieces to print (Qt-free): worked out by the
simulation (dambuster.simulation), never re-derived here.

Per dam, from the Ogre Dambusters text (shared/rules/ogre-dambusters.txt):

* ``swell``: one 3-hex debris swell overlay per position of the swell (``SurgePlan.swell(step)`` for
  every step until it leaves the map), drawn as those hexes lie on this map, so its shape is the
  river's: "straight", "curved" (a 60-degree bend), "sharp" (a 120-degree bend); a window split by a
  fork gives one piece per branch, and one cut short by the map's edge is "short";
* ``debris``: the single debris hex below the dam (``SurgePlan.below_dam``);
* ``reservoir``: each reservoir hex that stops being water (``reservoir_changes``), as what it becomes;
* ``swamp`` and ``flooded-town``: as many as the Monte Carlo's worst run floods (``worst``); a hex that
  floods in every run is labelled with its hex, the rest are spares;
* ``bridge-out``: each stream bridge the swell washes out (the same in every run);
* ``road-cut``: as many as the worst run cuts (those cut in every run labelled with their hex);
* ``building-destroyed``: each building on the dam that is still standing (11.05: destroyed with it),
  labelled with the building's id.
"""

from __future__ import annotations

from dataclasses import dataclass

from dambuster.model.hexgrid import Hex, direction_between
from dambuster.model.scenario import HexMap, Scenario
from dambuster.model.terrain import Terrain
from dambuster.simulation.breach import Breach
from dambuster.simulation.montecarlo import monte_carlo
from dambuster.simulation.plan import SimulationError
from dambuster.simulation.reservoir import reservoir_changes

MONTE_CARLO_RUNS = (
    10_000  # as `dambuster surge --monte-carlo`'s usual figure; seed 0, so a print is reproducible
)
HEX_KINDS = ("swell", "debris", "reservoir", "swamp", "flooded-town")
MARKER_KINDS = ("bridge-out", "road-cut", "building-destroyed")


@dataclass(frozen=True)
class Piece:
    kind: str  # one of HEX_KINDS or MARKER_KINDS
    dam: str
    hexes: tuple[Hex, ...] = ()  # a hex piece's hexes as they lie on the map (one for a generic hex)
    label: str = ""  # where it goes, when that is known ("1215-1217", "bridge-brook")
    shape: str = ""  # a swell piece's shape; a reservoir piece's new terrain
    step: int | None = None  # a swell piece's step (0: the breach)


def swell_shape(hexes: list[Hex]) -> str:
    """ "straight", "curved" (60 degrees), "sharp" (120 degrees), "short" (under 3 hexes) or "fork"."""
    if len(hexes) < 3:
        return "short"
    if len(hexes) > 3:
        return "fork"
    a, b, c = hexes
    d1, d2 = direction_between(a, b), direction_between(b, c)
    if d1 is None or d2 is None:
        return "fork"
    turn = (d2 - d1) % 6
    return {0: "straight", 1: "curved", 5: "curved", 2: "sharp", 4: "sharp"}.get(turn, "fork")


def _branches(hexes: list[Hex], depth: dict[Hex, int]) -> list[list[Hex]]:
    """The window's hexes split into connected runs, each from the dam's end down (by depth)."""
    left, out = set(hexes), list[list[Hex]]()
    for start in hexes:
        if start not in left:
            continue
        group: list[Hex] = []
        todo = [start]
        left.discard(start)
        while todo:
            h = todo.pop()
            group.append(h)
            for n in list(left):
                if direction_between(h, n) is not None:
                    left.discard(n)
                    todo.append(n)
        out.append(sorted(group, key=lambda h: (depth[h], h)))
    return out


def dam_pieces(scenario: Scenario, dam_id: str, runs: int = MONTE_CARLO_RUNS, seed: int = 0) -> list[Piece]:
    b = Breach(scenario, dam_id)
    plan, layout = b.plan, b.layout
    out: list[Piece] = []
    for step in range(plan.last_step):
        for branch in _branches(plan.swell(step), plan.depth):
            label = " ".join(layout.label(h) for h in branch)  # downstream order, as laid on the river
            out.append(Piece("swell", dam_id, tuple(branch), label, swell_shape(branch), step))
    for h in plan.below_dam:
        out.append(Piece("debris", dam_id, (h,), layout.label(h)))
    terrain = Terrain(layout, bytearray(b.map.terrain.cells))
    for h, kind in reservoir_changes(b.dam, terrain):
        out.append(Piece("reservoir", dam_id, (h,), layout.label(h), kind))
    mc = monte_carlo(b, runs, seed)
    sure_floods: list[Hex] = []
    for kind, key in (("swamp", "swamp"), ("flooded-town", "flooded_town")):
        sure = sorted((h for h, p in mc.hexes.items() if p.get(key) == 1.0), key=layout.index)
        sure_floods += sure
        out += [Piece(kind, dam_id, (h,), layout.label(h)) for h in sure]
        out += [Piece(kind, dam_id) for _ in range(mc.worst.get(key, 0) - len(sure))]
    for bid, (p, _step) in mc.bridges.items():
        if p == 1.0:
            out.append(Piece("bridge-out", dam_id, label=bid))
    # the hexes cut in every run (a tuple: the dam's hex may be a list read from JSON)
    cut_at = [(b.dam.hex[0], b.dam.hex[1])] if b.options.cut_routes_at_dam else []
    cut_at += sure_floods if b.params.flooding_cuts_routes else []
    sure_cuts = [layout.label(h) for h in cut_at for _ in b.routes_by_hex.get(h, [])]
    out += [Piece("road-cut", dam_id, label=where) for where in sure_cuts]
    out += [Piece("road-cut", dam_id) for _ in range(mc.worst.get("road_cut", 0) - len(sure_cuts))]
    standing = [x for x in b.dam.buildings if x.damage < x.sp]
    out += [Piece("building-destroyed", dam_id, label=x.id) for x in standing]
    return out


def breach_pieces(
    scenario: Scenario, runs: int = MONTE_CARLO_RUNS, seed: int = 0
) -> tuple[list[Piece], list[str]]:
    """Every dam's pieces, dam by dam in the map's order (none on a table or a map without dams), and
    why a dam that cannot breach got none (the simulation's sentence, e.g. a dam on no river)."""
    if not isinstance(scenario.map, HexMap):
        return [], []
    pieces: list[Piece] = []
    problems: list[str] = []
    for d in scenario.map.dams:
        try:
            pieces += dam_pieces(scenario, d.id, runs, seed)
        except SimulationError as e:
            problems.append(str(e))
    return pieces, problems


def counts(pieces: list[Piece]) -> dict[str, int]:
    """How many pieces of each kind, kinds in HEX_KINDS then MARKER_KINDS order."""
    out: dict[str, int] = dict.fromkeys(HEX_KINDS + MARKER_KINDS, 0)
    for p in pieces:
        out[p.kind] += 1
    return {k: n for k, n in out.items() if n}


__all__ = [
    "HEX_KINDS",
    "MARKER_KINDS",
    "MONTE_CARLO_RUNS",
    "Piece",
    "breach_pieces",
    "counts",
    "dam_pieces",
    "swell_shape",
]
