"""Upriver effects of a breach: what the reservoir's water hexes become, all at once.

Decisions (docs/simulation.md):
* the reservoir is the dam's ``reservoir`` list; only its hexes whose terrain is water change;
* a reservoir hex touching the dam's hex stays water (deep);
* a river hex in the reservoir is a water hex of the reservoir like any other (the text names no
  exception for it): on the edge it dries out too (a designer who wants the channel kept leaves it
  out of the ``reservoir`` list);
* a reservoir hex's *contacts* are its on-map neighbours that are neither reservoir hexes, nor the
  dam's hex, nor water or debris: "other terrain". A hex with contacts is on the *edge*;
* an edge hex becomes swamp when every contact is swamp, otherwise clear (clear, forest, town -- and
  any other land -- dry out to clear);
* a hex with no contacts (surrounded by water, the map edge or the dam) stays water.
All tests use the terrain before the breach: the drying does not spread ring by ring.
"""

from __future__ import annotations

from dambuster.model.hexgrid import Hex, distance, neighbors
from dambuster.model.scenario import Dam
from dambuster.model.terrain import Terrain

WATERY = ("water", "debris")


def reservoir_changes(dam: Dam, terrain: Terrain) -> list[tuple[Hex, str]]:
    """(hex, new terrain) for every reservoir hex that changes, in the reservoir's order."""
    layout = terrain.layout
    pool = set(dam.reservoir)
    out: list[tuple[Hex, str]] = []
    for h in dam.reservoir:
        if not layout.contains(h) or terrain[h] != "water" or distance(h, dam.hex) <= 1:
            continue
        contacts = [
            terrain[n]
            for n in neighbors(h)
            if layout.contains(n) and n not in pool and n != dam.hex and terrain[n] not in WATERY
        ]
        if not contacts:
            continue
        out.append((h, "swamp" if all(k == "swamp" for k in contacts) else "clear"))
    return out
