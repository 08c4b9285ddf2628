"""Rules of the ogre-basic profile (ogre-basic-redesign.txt: stacking, terrain, setup, forces, mines)
and of the ogre-engineers profile (ogre-combat-engineers.txt: entrenchments, revetments).

Profiles: each rule is registered once, under the profile whose text it comes from, and profiles
stay independent (``--profile ogre-engineers`` runs exactly the engineering rules). The engineering
rules extend the basic game, so a scenario that uses them should declare both ogre-basic and
ogre-engineers; STACK-LIMIT's defaults relax stacking when the scenario declares ogre-engineers.
"""

from __future__ import annotations

from collections.abc import Iterator

from dambuster.model.hexgrid import Hex
from dambuster.model.scenario import Scenario, Unit, UnitType
from dambuster.validators.engine import ByProfile, param, rule
from dambuster.validators.violation import Violation

from .common import as_hex, at_hex, attack_of, hex_map, label, placed_units, size_of, units_by_hex

BASIC, ENGINEERS, DAMBUSTERS = "ogre-basic", "ogre-engineers", "ogre-dambusters"


WATER = frozenset({"water", "debris"})
LAND = frozenset({"clear", "forest", "swamp", "town", "rubble", "flooded-town"})


# ---------------------------------------------------------------------------------- ogre-basic
@rule(
    "STACK-LIMIT",
    BASIC,
    "error",
    "Too many units in a hex: one unit, or up to three infantry squads.",
    params={
        "max_units": ByProfile(1, ENGINEERS, 3),
        "max_squads": 3,
        "infantry_with_others": ByProfile(0, ENGINEERS, 1),
    },
    source="ogre-basic-redesign.txt, IV. Movement (stacking)",
    decision=(
        "Counts units on the map that are not destroyed, of every side together. Infantry: at most "
        "max_squads (3) squads per hex in total. The basic text allows one unit per hex and lets "
        "only infantry stack, so by default a hex holds one non-infantry unit (max_units 1) and "
        "infantry never shares a hex with another unit (infantry_with_others 0). The combat "
        "engineers text, which follows the Designer's Edition, has engineers stacked with armor and "
        "three light tanks sharing a revetment within the stacking limits, so when the scenario "
        "declares ogre-engineers the defaults become max_units 3 and infantry_with_others 1."
    ),
    verdict=(
        "the text says: one unit per hex, infantry up to 3 soldiers; the engineers' stacking (the "
        "Designer's Edition's) when the scenario declares ogre-engineers."
    ),
    no_fix="which unit moves, and where, is the designer's choice",
)
def stack_limit(s: Scenario) -> Iterator[Violation]:
    """At most max_units non-infantry units per hex (1; 3 under ogre-engineers) and at most max_squads (3)
    infantry squads in total; infantry shares a hex with another unit only when infantry_with_others
    allows it (under ogre-engineers)."""
    m = hex_map(s)
    if m is None:
        return
    most = param(s, "STACK-LIMIT", "max_units")
    squads_max = param(s, "STACK-LIMIT", "max_squads")
    mixed = param(s, "STACK-LIMIT", "infantry_with_others")
    for h, here in units_by_hex(s).items():
        if len(here) < 2:
            continue
        others = [u for _, u, t in here if t.category != "infantry"]
        squads = sum(u.squads for _, u, t in here if t.category == "infantry")
        why: list[str] = []
        if len(others) > most:
            why.append(f"{len(others)} non-infantry units (at most {most:g})")
        if squads > squads_max:
            why.append(f"{squads} infantry squads (at most {squads_max:g})")
        if others and squads and not mixed:
            why.append("infantry stacked with another unit")
        if why:
            i = here[-1][0]
            yield Violation(
                f"hex {label(m.layout, h)} holds {' and '.join(why)}",
                location=at_hex(m.layout, h, f"/units/{i}", feature=here[-1][1].id),
                witness={"units": [u.id for _, u, _ in here], "squads": squads},
            )


@rule(
    "UNIT-TERRAIN",
    BASIC,
    "error",
    "A unit stands on a building or on terrain its type cannot enter.",
    params={"superheavy_water": ByProfile(0, DAMBUSTERS, 1), "marines_water": 0, "crater_entry": 1},
    source=(
        "ogre-basic-redesign.txt, IV. Movement (buildings, bottom-edge river); ogre-dambusters.txt, "
        "11.04.3 (submerged Ogre or Superheavy); Downriver effects (units on a river bridge)"
    ),
    decision=(
        "By movement class: no unit stands on a building hex. Water and water with debris: Ogres and "
        "GEV-class units (GEVs, hovertrucks) only. Superheavies may be in water when the scenario "
        "declares ogre-dambusters, whose text speaks of a submerged superheavy (parameter "
        "superheavy_water). The unit type 'marines' may be in water only with marines_water 1 (no "
        "text here makes them amphibious). A river bridge's hex is the exception: the dambusters "
        "text has units standing on a river bridge while the surge passes under it, so any unit may "
        "stand on a river bridge that is not marked out. (A stream bridge spans a hexside: its units "
        "stand in the land hexes on either side.) Crater: infantry and Ogres only by default "
        "(crater_entry 1; the texts here are silent); crater_entry 0 lets no unit stand in a crater, "
        "as in the original game. Clear, forest, swamp, town, rubble and flooded town: any unit "
        "(their hazards are movement rules, not placement). Off-map and destroyed units are not "
        "checked."
    ),
    verdict=(
        "the text says: buildings impassable; only Ogres enter the bottom river; GEVs move on water "
        "(Dambusters); a submerged superheavy (11.04.3). Marines in water: the text is silent "
        "(parameter). Units on a river bridge: the text says (the surge passes under a river bridge, "
        "leaving the units on it alone), so any unit may stand there. Craters: the text is silent; "
        "our decision keeps infantry and Ogres allowed (crater_entry 1); crater_entry 0 follows the "
        "original game, where no unit enters one."
    ),
    no_fix="where the unit goes, or which terrain changes, is the designer's choice",
)
def unit_terrain(s: Scenario) -> Iterator[Violation]:
    """No unit on a building hex; in water only Ogres, GEVs and hovertrucks (and superheavies under
    ogre-dambusters, marines by parameter), but any unit on a river bridge that is not out; in craters
    only infantry and Ogres (none with crater_entry 0)."""
    m = hex_map(s)
    if m is None:
        return
    heavy_wet = param(s, "UNIT-TERRAIN", "superheavy_water")
    marines_wet = param(s, "UNIT-TERRAIN", "marines_water")
    crater = frozenset({"crater"}) if param(s, "UNIT-TERRAIN", "crater_entry") else frozenset[str]()
    allowed = {
        "ogre": LAND | WATER | crater,
        "gev": LAND | WATER,
        "armor": LAND,
        "immobile": LAND,
        "superheavy": LAND | (WATER if heavy_wet else frozenset[str]()),
        "infantry": LAND | crater,
    }
    out = {b.bridge for b in m.markers.bridges_out}
    bridges = {as_hex(b.hex) for b in m.river_bridges if b.id not in out}
    for i, u, t in placed_units(s):
        h = as_hex(u.hex)
        kind = m.terrain.get(h)
        if kind is None:
            continue
        ok = allowed.get(t.movement_class, LAND)
        if u.type == "marines" and marines_wet:
            ok = ok | WATER
        if h in bridges:
            ok = ok | WATER  # on the bridge's deck, above the water
        if kind not in ok:
            yield Violation(
                f"{t.name} {u.id} stands on {kind} at {label(m.layout, h)}, which it cannot enter",
                location=at_hex(m.layout, h, f"/units/{i}/hex", feature=u.id),
                witness={"terrain": kind, "movement_class": t.movement_class},
            )


@rule(
    "SETUP-ZONE",
    BASIC,
    "error",
    "A unit is outside its side's setup zones, or a zone holds too much attack.",
    source="ogre-basic-redesign.txt, II. The basic scenario (setup)",
    decision=(
        "Applies to a side only when it has at least one setup zone; units with no hex (entering "
        "later) are fine, destroyed units are skipped. A zone's max_attack caps the attack strength "
        "(per squad for infantry) of that side's units standing in the zone; a unit in two "
        "overlapping zones counts against both."
    ),
    verdict="the text says: setup in the shaded areas, with a cap on the attack strength past the line.",
    no_fix="where the unit goes, or which zone grows, is the designer's choice",
)
def setup_zone(s: Scenario) -> Iterator[Violation]:
    """Units of a side with setup zones stand in one of them (off-map units excepted), and no zone holds more
    attack strength than its max_attack."""
    m = hex_map(s)
    if m is None or not s.setup_zones:
        return
    zones: dict[str, set[Hex]] = {}
    for z in s.setup_zones:
        zones.setdefault(z.side, set()).update(as_hex(h) for h in z.hexes)
    for i, u, _t in placed_units(s):
        h = as_hex(u.hex)
        if u.side in zones and h not in zones[u.side]:
            yield Violation(
                f"{u.id} of side {u.side} is at {label(m.layout, h)}, outside its side's setup zones",
                location=at_hex(m.layout, h, f"/units/{i}/hex", feature=u.id),
            )
    # side -> hex -> its placed units: a zone looks only where its side stands
    at: dict[str, dict[Hex, list[tuple[int, Unit, UnitType]]]] = {}
    for item in placed_units(s):
        at.setdefault(item[1].side, {}).setdefault(as_hex(item[1].hex), []).append(item)
    for k, z in enumerate(s.setup_zones):
        if z.max_attack is None:
            continue
        cells = {as_hex(h) for h in z.hexes}
        mine = at.get(z.side, {})
        hexes = [h for h in cells if h in mine] if len(cells) < len(mine) else [h for h in mine if h in cells]
        inside = [
            (u, attack_of(u, t))
            for _, u, t in sorted((x for h in hexes for x in mine[h]), key=lambda x: x[0])
        ]
        total = sum(a for _, a in inside)
        if total > z.max_attack:
            yield Violation(
                f"setup zone {z.id} holds {total} attack strength; at most {z.max_attack} may set up there",
                location={"pointer": f"/setup_zones/{k}/max_attack", "feature": z.id},
                witness={
                    "attack": total,
                    "max_attack": z.max_attack,
                    "units": [u.id for u, a in inside if a],
                },
            )


@rule(
    "FORCE-BUDGET",
    BASIC,
    "error",
    "A side's forces differ from its budget.",
    params={"allow_under": 0, "strict": 0},
    source="ogre-basic-redesign.txt, II. The basic scenario (setup); VIII. More scenarios",
    decision=(
        "Counts every unit of the side, placed or not and whatever its status (the budget is what "
        "the side is given). infantry_attack = squads x attack summed over infantry; armor_units = "
        "armor_weight summed over the armor category (a howitzer weighs 2); each type in units must "
        "match exactly (an armor type listed there still counts towards armor_units). Fewer than the "
        "budget is also a violation unless allow_under is 1. Types named nowhere in the budget are "
        "not limited unless strict is 1, in which case every non-infantry, non-armor type must be "
        "listed."
    ),
    verdict=(
        "the text says: the defender gets a number of infantry attack points and armor units, a "
        "howitzer counting as two."
    ),
    no_fix="change the forces or the budget: the designer's choice",
)
def force_budget(s: Scenario) -> Iterator[Violation]:
    """Each budget matches its side's units: infantry attack strength, armor units weighted by armor_weight,
    and the exact count of each listed unit type."""
    if not s.budgets:
        return
    under_ok = param(s, "FORCE-BUDGET", "allow_under")
    strict = param(s, "FORCE-BUDGET", "strict")

    def bad(have: int, want: int) -> bool:
        return have > want or (have < want and not under_ok)

    for k, b in enumerate(s.budgets):
        mine = [(u, s.unit_types[u.type]) for u in s.units if u.side == b.side and u.type in s.unit_types]
        ptr = f"/budgets/{k}"
        if b.infantry_attack is not None:
            have = sum(attack_of(u, t) for u, t in mine if t.category == "infantry")
            if bad(have, b.infantry_attack):
                yield Violation(
                    f"side {b.side} has {have} infantry attack strength; its budget is {b.infantry_attack}",
                    location={"pointer": f"{ptr}/infantry_attack", "feature": b.side},
                    witness={"have": have, "budget": b.infantry_attack},
                )
        if b.armor_units is not None:
            have = sum(t.armor_weight for _u, t in mine if t.category == "armor")
            if bad(have, b.armor_units):
                yield Violation(
                    f"side {b.side} has {have} armor units (howitzers count double); its budget is {b.armor_units}",
                    location={"pointer": f"{ptr}/armor_units", "feature": b.side},
                    witness={"have": have, "budget": b.armor_units},
                )
        counts: dict[str, int] = {}
        for u, _ in mine:
            counts[u.type] = counts.get(u.type, 0) + 1
        for key, want in b.units.items():
            if bad(counts.get(key, 0), want):
                yield Violation(
                    f"side {b.side} has {counts.get(key, 0)} {key}; its budget is {want}",
                    location={"pointer": f"{ptr}/units/{key}", "feature": b.side},
                    witness={"type": key, "have": counts.get(key, 0), "budget": want},
                )
        if strict:
            for key in sorted(counts):
                t = s.unit_types[key]
                if key not in b.units and t.category not in ("infantry", "armor"):
                    yield Violation(
                        f"side {b.side} has {counts[key]} {key}, which its budget does not list",
                        location={"pointer": f"{ptr}/units", "feature": b.side},
                        witness={"type": key, "have": counts[key], "budget": 0},
                    )


@rule(
    "MINE-VISIBLE",
    BASIC,
    "warning",
    "A mine is not hidden in a scenario meant for play.",
    source=("ogre-basic-redesign.txt, VII. Optional rules (land mines); ogre-combat-engineers.txt, 14.02.1"),
    decision=(
        "Mines are secret in both texts (noted on a sheet). A scenario is meant for play unless its "
        "meta.tags contain 'tutorial' or 'open-mines' (any case); then open mines are fine."
    ),
    verdict=(
        "the text says: mines are noted secretly on a sheet; the tags that allow open mines are ours "
        "(the text is silent on tutorials)."
    ),
    fix="hide the mine",
)
def mine_visible(s: Scenario) -> Iterator[Violation]:
    """Mines are hidden unless the scenario is tagged tutorial or open-mines."""
    m = hex_map(s)
    if m is None or {t.lower() for t in s.meta.tags} & {"tutorial", "open-mines"}:
        return
    for j, x in enumerate(m.markers.mines):
        if not x.hidden:
            yield Violation(
                f"mine {x.id} of {x.owner} at {label(m.layout, as_hex(x.hex))} is visible to the other side",
                location=at_hex(m.layout, x.hex, f"/map/markers/mines/{j}/hidden", feature=x.id),
            )


# ------------------------------------------------------------------------------ ogre-engineers
@rule(
    "ENTRENCH-TERRAIN",
    ENGINEERS,
    "error",
    "Entrenchments outside clear, forest or rubble.",
    source="ogre-combat-engineers.txt, 14.02.5",
    decision=(
        "The text says entrenchments outside clear, forest or rubble give no benefit; placing one "
        "there is treated as a mistake (error), since it can only mislead players."
    ),
    verdict=(
        "the text says: entrenching protects infantry in clear, forest or rubble; elsewhere they "
        "give no benefit. Reporting it as an error: the text is silent (ours)."
    ),
    no_fix="remove the entrenchments or repaint the hex: two edits",
)
def entrench_terrain(s: Scenario) -> Iterator[Violation]:
    """Entrenchments lie only in clear, forest or rubble hexes."""
    m = hex_map(s)
    if m is None:
        return
    for j, e in enumerate(m.markers.entrenchments):
        kind = m.terrain.get(as_hex(e.hex))
        if kind is not None and kind not in ("clear", "forest", "rubble"):
            yield Violation(
                f"entrenchments at {label(m.layout, as_hex(e.hex))} are in {kind}; only clear, forest "
                f"or rubble can be entrenched",
                location=at_hex(m.layout, e.hex, f"/map/markers/entrenchments/{j}"),
            )


@rule(
    "ENTRENCH-MAX",
    ENGINEERS,
    "error",
    "More than 15 entrenchments in a hex.",
    params={"max": 15},
    source="ogre-combat-engineers.txt, 14.02.5",
    decision=(
        "The limit of 15 is per hex (parameter max); the per-turn limit of three squads' worth is a "
        "play rule and not checked."
    ),
    verdict="the text says: up to 15 entrenchments in a hex (14.02.5).",
    fix="lower the hex's entrenchments to the maximum",
)
def entrench_max(s: Scenario) -> Iterator[Violation]:
    """At most max (15) entrenchments in one hex."""
    m = hex_map(s)
    if m is None:
        return
    most = param(s, "ENTRENCH-MAX", "max")
    for j, e in enumerate(m.markers.entrenchments):
        if e.count > most:
            yield Violation(
                f"{e.count} entrenchments at {label(m.layout, as_hex(e.hex))}; at most {most:g} per hex",
                location=at_hex(m.layout, e.hex, f"/map/markers/entrenchments/{j}/count"),
                witness={"count": e.count, "max": most},
            )


@rule(
    "REVETMENT-CAPACITY",
    ENGINEERS,
    "error",
    "Units in a revetment's hex are larger in total than it holds.",
    params={"small": 3, "large": 5},
    source="ogre-combat-engineers.txt, 14.03.7",
    decision=(
        "The text says 'up to size 5' for a large revetment but 'less than the size of the "
        "revetment' for several units; its own example (three size-1 light tanks in a small "
        "revetment) only works with 'at most', so the total size may equal the capacity. Capacities: "
        "small 3, large 5 (parameters small, large); several revetments in one hex add up. Every "
        "unit in the hex counts (infantry: size x squads), destroyed units excepted."
    ),
    verdict=(
        "the text is ambiguous: 'up to size 5' and 'less than the size'; its own example needs 'at "
        "most' (14.03.7)."
    ),
    no_fix="move a unit or enlarge the revetment: the designer's choice",
)
def revetment_capacity(s: Scenario) -> Iterator[Violation]:
    """The total size of the units in a revetment hex is at most the revetment's size (small 3, large 5)."""
    m = hex_map(s)
    if m is None or not m.markers.revetments:
        return
    cap = {
        "small": param(s, "REVETMENT-CAPACITY", "small"),
        "large": param(s, "REVETMENT-CAPACITY", "large"),
    }
    room: dict[Hex, float] = {}
    first: dict[Hex, tuple[int, str]] = {}
    for j, r in enumerate(m.markers.revetments):
        h = as_hex(r.hex)
        room[h] = room.get(h, 0) + cap.get(r.size, 0)
        first.setdefault(h, (j, r.id))
    units = units_by_hex(s)
    for h, capacity in room.items():
        here = units.get(h, [])
        total = sum(size_of(u, t) for _, u, t in here)
        if total > capacity:
            j, rid = first[h]
            yield Violation(
                f"units of total size {total} at {label(m.layout, h)}; revetment {rid} holds size {capacity:g}",
                location=at_hex(m.layout, h, f"/map/markers/revetments/{j}", feature=rid),
                witness={"size": total, "capacity": capacity, "units": [u.id for _, u, _ in here]},
            )
