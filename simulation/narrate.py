"""The events of a breach or a flash flood told as sentences players can read at the table.

``breach_sentences(breach, events)`` words one step: a heading ("Before player turn 2: the swell
covers 1215–1217.") and then what happened, with hex labels and the dice ("1116 floods: clear
becomes swamp (floodplain roll 1)."). Hexes are listed in label order, runs of three or more down
a column as a range. Events without dice that belong together are told once (the reservoir's hexes,
debris, predetermined floods of the same kind, dry floodplain rolls); a road cut by a flood is told
with the flood. ``flood_sentences(events, scenario)`` words a flash flood, one sentence per event.
``prompt(need)`` asks for a roll from the table (``dice.RollNeeded``) by its purpose.

Each :class:`Sentence` carries the hexes it speaks of (a view highlights them when the line is
clicked) and the units, bridges or models it names. Qt-free: the editor and the command line share
the wording.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dambuster.model.hexgrid import Hex, Layout
from dambuster.model.scenario import Scenario, TableMap

from .dice import Draw, RollNeeded
from .network import as_hex, as_side, hexes_of
from .state import Event

if TYPE_CHECKING:  # the breach's module loads networkx; the flood's sentences need none of it
    from .breach import Breach

DASH = "\u2013"  # en dash, for ranges of hexes and faces


@dataclass(frozen=True)
class Sentence:
    text: str
    hexes: tuple[Hex, ...] = ()
    subjects: tuple[str, ...] = ()  # ids of the units, bridges or models named
    heading: bool = False  # the first line of a step


# --------------------------------------------------------------------------------- wording
def join_words(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def hex_list(layout: Layout, hexes: Iterable[Hex]) -> str:
    """Labels in column then row order; three or more consecutive rows of a column as a range."""
    cells = sorted({layout.to_offset(as_hex(h)) for h in hexes})
    parts: list[str] = []
    run: list[tuple[int, int]] = []

    def flush() -> None:
        labels = [layout.label(layout.to_axial(c, r)) for c, r in run]
        parts.extend([f"{labels[0]}{DASH}{labels[-1]}"] if len(labels) >= 3 else labels)

    for cell in cells:
        if run and not (cell[0] == run[-1][0] and cell[1] == run[-1][1] + 1):
            flush()
            run = []
        run.append(cell)
    if run:
        flush()
    return join_words(parts)


def at_most(n: int) -> str:
    """The faces of a roll of ``n`` or less: "a 1", "1 or 2", "1–4"."""
    if n <= 1:
        return "a 1"
    return "1 or 2" if n == 2 else f"1{DASH}{n}"


def at_least(n: int) -> str:
    return "a 6" if n >= 6 else f"{n} or more"


def _inches(x: float) -> str:
    return f"{x:g}\u2033"  # double prime: inches


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


# ------------------------------------------------------------------------------------ breach
class Names:
    """How the breach's things are called: names where the file gives them, else ids."""

    def __init__(self, breach: Breach):
        self.breach, self.layout = breach, breach.layout
        sc, m = breach.scenario, breach.map
        names = [u.name for u in sc.units if u.name]
        self.unit = {u.id: (u.name if u.name and names.count(u.name) == 1 else u.id) for u in sc.units}
        self.unit_hex = {u.id: as_hex(u.hex) for u in sc.units if u.hex is not None}
        self.route = {r.id: r.name or r.id for r in list(m.roads) + list(m.rails)}
        self.town_of = {as_hex(h): t.name or t.id for t in m.towns for h in t.hexes}

    def hexes(self, hexes: Iterable[Hex]) -> str:
        return hex_list(self.layout, hexes)

    def on_map(self, hexes: Iterable[Hex]) -> tuple[Hex, ...]:
        return tuple(h for h in hexes if self.layout.contains(h))

    def where(self, uid: str) -> tuple[str, tuple[Hex, ...]]:
        h = self.unit_hex.get(uid)
        return (self.layout.label(h), (h,)) if h is not None else ("", ())


def breach_sentences(breach: Breach, events: Sequence[Event]) -> list[Sentence]:
    """One step's events (or the first events of a step still waiting for rolls) as sentences."""
    if not events:
        return []
    n = Names(breach)
    out = [_heading(breach, n, events)]
    cuts: dict[Hex, list[str]] = {}
    rolls: dict[Hex, int] = {}
    for e in events:
        if e.kind == "road-cut" and e.detail.get("because") == "flooded":
            rid: str = e.detail["route"]
            cuts.setdefault(as_hex(e.where), []).append(n.route.get(rid, rid))
        elif e.kind == "flood-roll" and e.detail.get("floods") and e.rolls:
            rolls[as_hex(e.where)] = e.rolls[0].value
    # events told together: key (its kind first) -> (slot, its hexes, names or (hex, roll)s); what the
    # key and the items hold depends on the kind, and _grouped reads them by kind
    groups: dict[tuple[Any, ...], tuple[int, list[Any]]] = {}
    slots: list[Sentence | None] = []  # None: a group's place, filled once all its events are in

    def group(key: tuple[Any, ...], item: object) -> None:
        if key not in groups:
            groups[key] = (len(slots), [])
            slots.append(None)
        groups[key][1].append(item)

    for e in events:
        k = e.kind
        if k in ("breach", "swell", "left-map") or (k == "flood-roll" and e.detail.get("floods")):
            continue  # told in the heading, or with the flood it caused
        if k == "reservoir":
            group(("reservoir", e.detail["becomes"]), as_hex(e.where))
        elif k == "debris":
            group(("debris",), as_hex(e.where))
        elif k == "building-destroyed":
            group(("buildings",), f"the {e.detail.get('kind') or 'building'} {e.where}")
        elif k == "road-cut":
            if e.detail.get("because") != "flooded":
                group(("dam-cut", as_hex(e.where)), n.route.get(e.detail["route"], e.detail["route"]))
        elif k == "flood-roll":
            group(("dry",), (as_hex(e.where), e.rolls[0].value if e.rolls else None))
        elif k == "flood" and as_hex(e.where) not in rolls and as_hex(e.where) not in cuts:
            group(("flood", e.detail["was"], e.detail["becomes"]), as_hex(e.where))
        else:
            slots.append(_one(breach, n, e, cuts, rolls))
    for key, (i, items) in groups.items():
        slots[i] = _grouped(breach, n, key, items)
    return out + [s for s in slots if s is not None]  # every place filled


def _heading(breach: Breach, n: Names, events: Sequence[Event]) -> Sentence:
    k = events[0].step
    swell = next((e for e in events if e.kind == "swell"), None)
    hexes = tuple(swell.detail["hexes"]) if swell else ()
    if any(e.kind == "left-map" for e in events):
        return Sentence(f"Before player turn {k}: the swell has left the map.", heading=True)
    covers = f"the swell covers {n.hexes(hexes)}" if hexes else "the swell"
    if k == 0:
        dam = breach.dam
        return Sentence(
            f"The breach: {dam.name or dam.id} ({n.layout.label(as_hex(dam.hex))}) gives way; {covers}.",
            (as_hex(dam.hex), *hexes),
            (dam.id,),
            True,
        )
    return Sentence(f"Before player turn {k}: {covers}.", hexes, (), True)


def _grouped(breach: Breach, n: Names, key: tuple[Any, ...], items: list[Any]) -> Sentence:
    kind = key[0]
    if kind == "reservoir":
        more = f" ({len(items)} hexes)" if len(items) > 3 else ""
        verb = "becomes" if len(items) == 1 else "become"
        return Sentence(f"The reservoir drains: {n.hexes(items)}{more} {verb} {key[1]}.", tuple(items))
    if kind == "debris":
        return Sentence(f"Debris fills {n.hexes(items)}, just below the dam.", tuple(items))
    if kind == "buildings":
        verb = "is" if len(items) == 1 else "are"
        dam = as_hex(breach.dam.hex)
        return Sentence(f"On the dam, {join_words(items)} {verb} destroyed with it.", (dam,))
    if kind == "dam-cut":
        return Sentence(f"The breach cuts {join_words(items)} at {n.layout.label(key[1])}.", (key[1],))
    if kind == "dry":
        parts = [
            f"{n.layout.label(h)} (roll {v})"
            for h, v in sorted(items, key=lambda x: n.layout.to_offset(x[0]))
        ]
        verb = "stays" if len(items) == 1 else "stay"
        on = at_most(breach.params.floodplain_floods_on)
        return Sentence(f"{join_words(parts)} {verb} dry: a hex floods on {on}.", tuple(h for h, _ in items))
    _, was, becomes = key
    verb = "floods" if len(items) == 1 else "flood"
    towns = sorted({n.town_of[h] for h in items if h in n.town_of})
    where = f" ({join_words(towns)})" if towns else ""
    return Sentence(
        f"{n.hexes(items)}{where} {verb}: {was} becomes {becomes.replace('-', ' ')}.", tuple(items)
    )


def _one(breach: Breach, n: Names, e: Event, cuts: dict[Hex, list[str]], rolls: dict[Hex, int]) -> Sentence:
    k, d = e.kind, e.detail
    if k == "flood":
        h = as_hex(e.where)
        town = f" ({n.town_of[h]})" if h in n.town_of else ""
        text = f"{n.layout.label(h)}{town} floods: {d['was']} becomes {d['becomes'].replace('-', ' ')}"
        if h in cuts:
            text += f" and {join_words(cuts[h])} {'is' if len(cuts[h]) == 1 else 'are'} cut"
        if h in rolls:
            text += f" (floodplain roll {rolls[h]})"
        return Sentence(text + ".", (h,))
    if k in ("surge-attack", "stuck-roll", "unaffected", "on-bridge"):
        return _unit(breach, n, e)
    if k == "bridge-out":
        hexes = n.on_map(hexes_of(as_side(d["side"])))
        return Sentence(
            f"Stream bridge {e.where} between {n.hexes(hexes)} washes out "
            f"({_plural(d['hexsides'], 'hexside')} from the swell).",
            hexes,
            (e.where,),
        )
    if k == "stream":
        return _stream(n, e)
    return Sentence(f"{k.replace('-', ' ')} at {e.where}.")  # not reached by today's events


def _unit(breach: Breach, n: Names, e: Event) -> Sentence:
    uid, d = e.where, e.detail
    name = n.unit.get(uid, uid)
    label, hexes = n.where(uid)
    o = breach.options
    if e.kind == "on-bridge":
        return Sentence(f"{name} on the river bridge at {label} is untouched.", hexes, (uid,))
    if e.kind == "unaffected":
        mc = d.get("movement_class", "")
        why = "Ogres ignore the swell" if mc == "ogre" else f"the swell has no rule for {mc} units"
        return Sentence(f"{name} in {label} is untouched: {why}.", hexes, (uid,))
    if e.kind == "stuck-roll":
        roll = e.rolls[0].value if e.rolls else "?"
        river = hexes and hexes[0] in breach.plan.river_hexes
        on = o.superheavy_stuck_on if river else o.swamp_stuck_on
        what = "stuck" if d.get("stuck") else "it stays free"
        cause = f"The swell catches {name} in {label}" if river else f"{name} in {label} is in the new swamp"
        return Sentence(f"{cause}: stuck roll {roll} (stuck on {at_most(on)}), {what}.", hexes, (uid,))
    results = list(d.get("results", []))
    pairs = ", ".join(f"{r.value} ({res})" for r, res in zip(e.rolls, results))
    if "squads_left" in d:
        left, before = d["squads_left"], len(results)
        if left == 0:
            after = "destroyed"
        elif left == before:
            after = "no squad lost"
        else:
            after = f"{_plural(left, 'squad')} left"
        size = f" ({_plural(before, 'squad')})" if before > 1 else ""
        rolls = "rolls" if before > 1 else "roll"
        return Sentence(
            f"The swell attacks {name}{size} in {label} at {d['odds']}, each squad alone: "
            f"{rolls} {pairs}, {after}.",
            hexes,
            (uid,),
        )
    after = "no effect" if results == ["NE"] else d.get("status", "")
    return Sentence(
        f"The swell attacks {name} in {label} at {d['odds']}: roll {pairs}, {after}.", hexes, (uid,)
    )


def _stream(n: Names, e: Event) -> Sentence:
    path = [as_side(s) for s in e.detail["hexsides"]]
    first = n.hexes(n.on_map(hexes_of(path[0])))
    draws: list[str] = []
    length: int | None = None
    for r in e.rolls:
        if r.purpose.startswith("where"):
            draws.append(f"start {r.value + 1} of {r.sides}")
        elif r.purpose.startswith("length"):
            length = r.value
            draws.append(f"length {r.value}")
        else:
            draws.append(f"way {r.value + 1} of {r.sides}")
    hexes = n.on_map(dict.fromkeys(h for s in path for h in hexes_of(s)))
    rolled = f" ({', '.join(draws)})" if draws else ""
    if length is not None and len(path) < length:
        text = (
            f"A new stream starts between {first} and runs {len(path)} of the {length} hexsides "
            f"rolled, then finds no way on{rolled}."
        )
    else:
        text = f"A new stream of {_plural(len(path), 'hexside')} starts between {first}{rolled}."
    return Sentence(text, hexes)


# ------------------------------------------------------------------------------ flash flood
def flood_sentences(events: Sequence[Event], scenario: Scenario | None = None) -> list[Sentence]:
    """The flash flood's events as sentences (model names from ``scenario`` when given)."""
    table = scenario.map if scenario is not None else None
    sewer = table.sewer if isinstance(table, TableMap) else None
    names = {m.id: m.name or m.id for m in (sewer.models if sewer else [])}
    bump_on = scenario.parameters.flash_flood.bump_on if scenario is not None else 4
    return [_flood_one(e, names, bump_on) for e in events]


def _flood_one(e: Event, names: dict[str, str], bump_on: int) -> Sentence:
    k, d = e.kind, e.detail
    who = str(names.get(e.where, e.where))  # as the sentences write it (None only for the turn's roll)
    roll = e.rolls[0].value if e.rolls else None
    subj = (e.where,) if e.where is not None else ()
    if k in ("no-flood", "flood-comes"):
        need = f"it comes on {at_least(d['needed'])}"
        if k == "no-flood":
            return Sentence(f"Turn {e.step}: no flood (roll {roll}; {need}).", heading=True)
        why = f"roll {roll}; {need}" if roll is not None else "no roll needed"
        return Sentence(f"Turn {e.step}: the flood comes ({why}).", heading=True)
    if k == "out-of-reach":
        return Sentence(f"{who} is out of the water's reach.", subjects=subj)
    if k == "tie":
        ids: list[str] = d["order"]
        order = [names.get(m, m) for m in ids]
        rolled = ", ".join(
            f"{names.get(m, m)} {r.value}" for r in e.rolls for m in [r.purpose.split(" rolls ")[0]]
        )
        return Sentence(
            f"{join_words(sorted(order))} are as far from the origin; a roll-off ({rolled}, the highest "
            f"first) tests them in the order {', '.join(order)}.",
            subjects=tuple(ids),
        )
    if k == "test":
        s = d["strength"]
        if not d["fails"]:
            return Sentence(f"{who} holds (strength {s}, roll {roll}).", subjects=subj)
        six = ": a 6 always fails" if roll == 6 and s >= 6 else ""
        return Sentence(f"{who} loses its footing (strength {s}, roll {roll}{six}).", subjects=subj)
    if k == "bump":
        by_id: str = d["by"]
        by = names.get(by_id, by_id)
        what = "is knocked off" if d["knocked_off"] else "keeps its footing"
        return Sentence(
            f"{who}, bumped by {by}, {what} (roll {roll}; {at_least(bump_on)} knocks a model off).",
            subjects=(str(e.where), by_id),
        )
    if k == "carried":
        return Sentence(_carried(who, d, e.rolls), subjects=subj)
    return Sentence(f"{k.replace('-', ' ')}: {who}.", subjects=subj)


def _carried(who: str, d: dict[str, Any], rolls: Sequence[Draw]) -> str:
    stop = d.get("stopped_by")
    if stop is None:
        end = ""
    elif stop == "end of corridor":
        end = " to the end of its corridor"
    else:
        end = f" until stopped by the {stop}"
    hits = [f"S{h}" for h in d.get("hits", [])]
    took = f"an {hits[0]} hit" if len(hits) == 1 else f"{join_words(hits)} hits"
    distance = [str(r.value) for r in rolls if r.purpose.startswith("distance")]
    said = [f"distance {'rolls' if len(distance) > 1 else 'roll'} {', '.join(distance)}"] if distance else []
    for r in rolls:
        if r.purpose.startswith("branch"):
            said.append(_branch_roll(r))
    along = join_words(list(dict.fromkeys(d.get("corridors", []))))
    if not said and d["inches"] == 0 and stop not in (None, "end of corridor"):  # held where it stands
        return f"{who} is held where it stands by the {stop} and takes {took}."
    return f"{who} is carried {_inches(d['inches'])} along {along}{end} and takes {took} ({'; '.join(said)})."


def _branch_roll(r: Draw) -> str:
    m = re.search(r"\(1 of (\d+)\)", r.purpose)
    if r.sides != 6 or m is None:  # a choice among more than six ways
        return f"branch {r.value + 1} of {r.sides}"
    ways = int(m.group(1))
    per = 6 // ways
    if r.value > per * ways:
        return f"branch roll {r.value}, rolled again"
    return f"branch roll {r.value}: way {(r.value - 1) // per + 1} of {ways}"


# ---------------------------------------------------------------------------- table rolls
def faces(ways: Sequence[str]) -> str:
    """Which faces of a die pick which way (``floor(6/n)`` faces each, the rest rolled again)."""
    per = 6 // len(ways)
    parts: list[str] = []
    for i, w in enumerate(ways):
        lo, hi = i * per + 1, (i + 1) * per
        parts.append(f"{lo} {w}" if lo == hi else f"{lo}{DASH}{hi} {w}")
    spare = per * len(ways)
    if spare < 6:
        parts.append(f"{spare + 1} roll again" if spare + 1 == 6 else f"{spare + 1}{DASH}6 roll again")
    return ", ".join(parts)


def prompt(need: RollNeeded) -> str:
    """What to ask the players for: a die or a pick, by its purpose, with the choices when known."""
    opts = need.options
    if need.die:
        extra = f" ({faces([str(o) for o in opts])})" if opts else ""
        return f"Roll a die: {need.purpose}{extra}"
    if opts and all(isinstance(o, str) for o in opts):
        extra = " (" + ", ".join(f"{i} {o}" for i, o in enumerate(opts, 1)) + ")"
    elif opts:
        extra = " (numbered on the map)"
    else:
        extra = ""
    return f"Pick 1 to {need.sides}: {need.purpose}{extra}"


__all__ = ["Sentence", "breach_sentences", "flood_sentences", "hex_list", "join_words", "prompt"]
