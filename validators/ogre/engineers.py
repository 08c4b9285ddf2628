"""Rules of the ogre-engineers profile (ogre-combat-engineers.txt: entrenchments, revetments). They extend
the basic game (``rules``), so a scenario that uses them should declare both ogre-basic and ogre-engineers.
"""

from __future__ import annotations

from collections.abc import Iterator

from dambuster.model.hexgrid import Hex
from dambuster.model.scenario import Scenario
from dambuster.validators.engine import param, rule
from dambuster.validators.violation import Violation

from .common import as_hex, at_hex, hex_map, label, size_of, units_by_hex

ENGINEERS = "ogre-engineers"


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
