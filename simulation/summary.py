"""What a breach did, in a few lines, and what many breaches are likely to do, as rows.

``breach_summary(breach, state, events)`` gathers, up to a state: the units the swell or a new
swamp hit and their results, the stream bridges washed out, the towns flooded (hexes of each) and
the roads and rails cut (where); ``summary_sentences`` words it, one line per heading, "none" included,
so players always find the four answers in the same place.

``chance_rows(breach, result)`` lays out a Monte Carlo result (``montecarlo.MonteCarloResult``) as
rows of a table: the chance each stream bridge washes out, each town floods, each caught unit is
destroyed, disabled or stuck or loses squads, each road or rail is cut. Things that never happen are
counted in one "others" row per section. Qt-free.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dambuster.model.hexgrid import Hex, Layout
from dambuster.model.terrain import TERRAIN_KINDS

from .narrate import Names, Sentence, hex_list, join_words
from .network import as_hex, as_side, hexes_of
from .state import Event, SimState

if TYPE_CHECKING:  # the breach's module loads networkx
    from .breach import Breach
    from .montecarlo_result import MonteCarloResult

HIT_EVENTS = ("surge-attack", "stuck-roll")


@dataclass
class BreachSummary:
    units: list[tuple[str, str, str]] = field(
        default_factory=list[tuple[str, str, str]]
    )  # (unit id, name, result)
    bridges: list[str] = field(default_factory=list[str])
    towns: list[tuple[str, list[Hex], int]] = field(
        default_factory=list[tuple[str, list[Hex], int]]
    )  # (name, hexes flooded, hexes in town)
    routes: list[tuple[str, list[Hex]]] = field(
        default_factory=list[tuple[str, list[Hex]]]
    )  # (name, hexes cut)
    hexes: dict[str, tuple[Hex, ...]] = field(
        default_factory=dict[str, tuple[Hex, ...]]
    )  # heading -> hexes to show
    #: (building id, kind) destroyed with the dam (11.05); None when the dam carries no building
    buildings: list[tuple[str, str]] | None = None


def breach_summary(breach: Breach, state: SimState, events: list[Event]) -> BreachSummary:
    """``events``: every event up to and including ``state``'s step."""
    n = Names(breach)
    sc, m, layout = breach.scenario, breach.map, breach.layout
    out = BreachSummary()
    index = {u.id: i for i, u in enumerate(sc.units)}
    last = {e.where: e for e in events if e.kind in HIT_EVENTS and e.where in index}
    for uid, e in last.items():
        status, squads = state.units[index[uid]]
        before = sc.units[index[uid]]
        if status == "destroyed":
            result = "destroyed"
        elif sc.unit_types[before.type].category == "infantry" and squads < before.squads:
            result = f"{squads} of {before.squads} squads left"
        elif status == before.status:
            free = "not stuck" if e.kind == "stuck-roll" else "unharmed"
            result = free if status == "ready" else f"still {status}"
        else:
            result = status
        out.units.append((uid, n.unit[uid], result))
    out.bridges = list(state.bridges_out)
    if breach.dam.buildings:
        out.buildings = [(e.where, e.detail["kind"]) for e in events if e.kind == "building-destroyed"]
        out.hexes["buildings"] = (as_hex(breach.dam.hex),)
    flooded_town = TERRAIN_KINDS.index("flooded-town")
    before = breach.initial().terrain
    for t in m.towns:
        at = [(as_hex(h), layout.index(as_hex(h))) for h in t.hexes if layout.contains(as_hex(h))]
        wet = [h for h, i in at if state.terrain[i] == flooded_town and before[i] != flooded_town]
        if wet:
            out.towns.append((t.name or t.id, wet, len(t.hexes)))
    cut: dict[str, list[Hex]] = {}
    for h, rid in state.road_cuts:
        cut.setdefault(rid, []).append(as_hex(h))
    for rid, hexes in cut.items():
        out.routes.append((n.route.get(rid, rid), hexes))
    sides = {b.id: as_side(b.side) for b in m.stream_bridges}
    unit_hexes = tuple(n.unit_hex[u] for u, _, _ in out.units if u in n.unit_hex)
    out.hexes = {
        **out.hexes,
        "units": unit_hexes,
        "bridges": tuple(
            h for b in out.bridges if b in sides for h in hexes_of(sides[b]) if layout.contains(h)
        ),
        "towns": tuple(h for _, wet, _ in out.towns for h in wet),
        "routes": tuple(h for _, hexes in out.routes for h in hexes),
    }
    return out


def summary_sentences(summary: BreachSummary, layout: Layout) -> list[Sentence]:
    units = "; ".join(f"{name} {result}" for _, name, result in summary.units) or "none"
    bridges = join_words(summary.bridges) or "none"
    towns = (
        "; ".join(
            f"{name} ({len(wet)} of {total} hexes: {hex_list(layout, wet)})"
            for name, wet, total in summary.towns
        )
        or "none"
    )
    routes = "; ".join(f"{name} at {hex_list(layout, hexes)}" for name, hexes in summary.routes) or "none"
    h = summary.hexes
    lines = [
        Sentence(f"Units hit: {units}.", h.get("units", ()), tuple(u for u, _, _ in summary.units)),
        Sentence(f"Bridges washed out: {bridges}.", h.get("bridges", ()), tuple(summary.bridges)),
        Sentence(f"Towns flooded: {towns}.", h.get("towns", ())),
        Sentence(f"Roads and rails cut: {routes}.", h.get("routes", ())),
    ]
    if summary.buildings:  # only when the breach destroyed buildings on the dam
        names = join_words([f"{kind} {bid}" for bid, kind in summary.buildings]) or "none"
        lines.append(
            Sentence(
                f"Buildings destroyed with the dam: {names}.",
                h.get("buildings", ()),
                tuple(b for b, _ in summary.buildings),
            )
        )
    return lines


# ------------------------------------------------------------------------------ Monte Carlo
@dataclass(frozen=True)
class ChanceRow:
    section: str  # "Stream bridges", "Towns", "Units", "Roads and rails"
    subject: str
    outcome: str
    chance: float
    hexes: tuple[Hex, ...] = ()


SECTIONS = ("Buildings on the dam", "Stream bridges", "Towns", "Units", "Roads and rails")


def chance_rows(breach: Breach, result: MonteCarloResult) -> list[ChanceRow]:
    n = Names(breach)
    m, layout = breach.map, breach.layout
    rows: list[ChanceRow] = []

    def section(
        name: str, items: Iterable[tuple[str, float, Iterable[Hex]]], outcome: str, plural: str
    ) -> None:
        never = 0
        for subject, p, hexes in items:
            if p > 0:
                rows.append(
                    ChanceRow(name, subject, outcome, p, tuple(h for h in hexes if layout.contains(h)))
                )
            else:
                never += 1
        if never:
            rows.append(
                ChanceRow(
                    name,
                    f"{never} other {plural}" if rows and rows[-1].section == name else f"{never} {plural}",
                    outcome,
                    0.0,
                )
            )

    dam_hex = (as_hex(breach.dam.hex),)
    kinds = {x.id: x.kind for x in breach.dam.buildings}
    section(
        "Buildings on the dam",
        [(f"{kinds.get(bid, 'building')} {bid}", p, dam_hex) for bid, p in result.buildings.items()],
        "destroyed",
        "buildings",
    )
    bridges = {b.id: b for b in m.stream_bridges}
    section(
        "Stream bridges",
        [
            (bid, p, hexes_of(as_side(bridges[bid].side)) if bid in bridges else ())
            for bid, (p, _step) in result.bridges.items()
        ],
        "washed out",
        "bridges",
    )
    towns = {t.id: t for t in m.towns}
    section(
        "Towns",
        [
            (towns[tid].name or tid, p, [as_hex(h) for h in towns[tid].hexes])
            for tid, p in result.towns.items()
            if tid in towns
        ],
        "flooded",
        "towns",
    )
    units = {u.id: u for u in breach.scenario.units}
    for uid, outcomes in result.units.items():
        u = units.get(uid)
        hexes = (as_hex(u.hex),) if u is not None and u.hex is not None else ()
        name = n.unit.get(uid, uid)
        rows.append(ChanceRow("Units", name, "destroyed", outcomes.get("destroyed", 0.0), hexes))
        for what in ("disabled", "stuck"):
            if outcomes.get(what, 0.0) > 0:
                rows.append(ChanceRow("Units", name, what, outcomes[what], hexes))
        if u is not None and u.squads > 1:
            fewer = sum(
                p
                for k, p in outcomes.items()
                if k.endswith(("squad", "squads")) and int(k.split()[0]) < u.squads
            )
            if fewer > 0:
                rows.append(ChanceRow("Units", name, "squads lost", fewer, hexes))
    routes = {r.id: r for r in list(m.roads) + list(m.rails)}
    dam = as_hex(breach.dam.hex)

    def cut_at(rid: str) -> list[Hex]:  # where it may be cut: the dam, hexes that may flood
        return [
            as_hex(h)
            for h in routes[rid].hexes
            if as_hex(h) == dam or result.hexes.get(as_hex(h), {}).get("flood", 0.0) > 0
        ]

    section(
        "Roads and rails",
        [(n.route.get(rid, rid), p, cut_at(rid)) for rid, p in result.routes.items() if rid in routes],
        "cut",
        "roads and rails",
    )
    return rows


__all__ = ["SECTIONS", "BreachSummary", "ChanceRow", "breach_summary", "chance_rows", "summary_sentences"]
