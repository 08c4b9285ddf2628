"""The hover tooltip of a hex (Qt-free): its label and terrain, the features there, the units (with
their figures' names) and the rule violations located in it, one line each."""

from __future__ import annotations

from dambuster.model.catalog import DEFAULT_UNIT_TYPES
from dambuster.model.hexgrid import Hex, canonical_hexside, neighbors
from dambuster.model.scenario import HexMap, Scenario


def _named(kind: str, obj) -> str:
    name = getattr(obj, "name", "")
    return f"{kind} {obj.id}" + (f" ({name})" if name else "")


def features_at(s: Scenario, h: Hex) -> list[str]:
    m = s.map
    assert isinstance(m, HexMap)
    mk = m.markers
    out: list[str] = []
    out += [_named("River", r) for r in m.rivers if h in r.hexes]
    out += [_named("Road", r) for r in m.roads if h in r.hexes]
    out += [_named("Rail", r) for r in m.rails if h in r.hexes]
    sides = {canonical_hexside(h, d) for d in range(6)}
    kinds: dict[str, int] = {}
    for f in m.hexsides:
        if f.side in sides:
            kinds[f.kind] = kinds.get(f.kind, 0) + 1
    if kinds:
        out.append("Hexsides: " + ", ".join(f"{k} x{n}" if n > 1 else k for k, n in sorted(kinds.items())))
    for d in m.dams:
        if d.hex == h:
            out += dam_lines(s, d)
    out += [f"Reservoir of {d.id}" for d in m.dams if h in d.reservoir]
    out_ids = {b.bridge for b in mk.bridges_out}
    out += [
        f"Bridge {b.id} (road {b.road} over {b.river})" + (" - OUT" if b.id in out_ids else "")
        for b in m.river_bridges
        if b.hex == h
    ]
    out += [
        f"Bridge {b.id} (road {b.road} over a stream)" + (" - OUT" if b.id in out_ids else "")
        for b in m.stream_bridges
        if b.side in sides
    ]
    out += [f"Town {t.name}" for t in m.towns if h in t.hexes]
    if h in m.floodplain.hexes:
        out.append("Floodplain")
    out += [f"Entrenchment x{e.count}" for e in mk.entrenchments if e.hex == h]
    out += [f"Revetment {r.id} ({r.size})" for r in mk.revetments if r.hex == h]
    out += [f"Mine {x.id} ({x.owner}{', hidden' if x.hidden else ''})" for x in mk.mines if x.hex == h]
    out += [f"Road cut ({c.route or 'every route'})" for c in mk.road_cuts if c.hex == h]
    if any(side in sides for side in mk.graded_ridges):
        out.append("Graded ridge")
    out += [f"Setup zone {z.id} ({z.side})" for z in s.setup_zones if h in z.hexes]
    return out


def dam_lines(s: Scenario, d) -> list[str]:
    """A dam's SP and damage, its chance to collapse each player turn, the buildings on it (11.05) and
    who may ram it from where (Ogre Dambusters 11.04.3: a GEV, or a submerged Ogre or superheavy, and only
    from a water hex)."""
    from dambuster.simulation.collapse import collapses_on
    from dambuster.simulation.narrate import at_most

    m = s.map
    assert isinstance(m, HexMap)
    head = f"{_named('Dam', d)}: {d.sp} SP" + (f", {d.damage} damage" if d.damage else "")
    if d.damage >= d.sp:
        head += ", destroyed"
    elif d.damage:
        on = collapses_on(d.sp, d.damage, s.parameters.collapse)
        head += f", collapses on {at_most(on)} each player turn" if on else ", no collapse roll yet"
    out = [head + (" (hidden)" if d.hidden else "")]
    for b in d.buildings:
        state = "destroyed" if b.damage >= b.sp else f"{b.sp - b.damage} of {b.sp} SP"
        out.append(f"  On the dam: {b.kind} {b.id} ({state})")
    water = [
        m.layout.label(n) for n in neighbors(d.hex) if m.layout.contains(n) and m.terrain.get(n) == "water"
    ]
    whom = "Rammed only by a GEV, or a submerged Ogre or superheavy, from water (11.04.3)"
    out.append(f"  {whom}: " + (", ".join(water) if water else "no water hex next to it"))
    return out


def units_at(s: Scenario, h: Hex) -> list[str]:
    types = {**DEFAULT_UNIT_TYPES, **s.unit_types}
    out = []
    for u in s.units:
        if u.hex != h:
            continue
        t = types.get(u.type)
        what = t.name if t else u.type
        if u.squads > 1 or (t is not None and t.category == "infantry"):
            what += f", {u.squads} squad{'s' if u.squads != 1 else ''}"
        status = "" if u.status == "ready" else f", {u.status}"
        out.append(f"{what} ({u.side}{status}) - {u.id}" + (f' "{u.name}"' if u.name else ""))
    return out


def hex_tooltip(s: Scenario, h: Hex, violations=()) -> str:
    """Plain text, one line per thing in the hex; ``violations`` are those located in it."""
    m = s.map
    assert isinstance(m, HexMap)
    lines = [f"{m.layout.label(h)}  {m.terrain.get(h)}"]
    lines += features_at(s, h)
    units = units_at(s, h)
    if units:
        lines.append("Units:")
        lines += [f"  {u}" for u in units]
    for v in violations:
        lines.append(f"{v.severity.upper()} {v.code}: {v.message}")
    return "\n".join(lines)
