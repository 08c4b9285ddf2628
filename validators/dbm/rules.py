"""Rules: DBM terrain (dbm-terrain.txt, Terrain choosing and Water features).

The rules live in ``areas`` (sectors, feature size and count, BUA), ``pairs`` (overlaps,
roads), ``rivers`` (rivers) and ``waterway`` (waterway, islands, promontories); importing
this module registers them all. Table geometry and the paces-to-unit conversion are in ``table``.
"""

from __future__ import annotations

from dambuster.validators.engine import profile_note

from . import areas, pairs, rivers, waterway

__all__ = ["areas", "pairs", "rivers", "waterway"]

profile_note(
    "dbm-terrain",
    (
        "**Distances, once for every rule below.** The text gives its distances in paces; each threshold "
        "is a parameter in paces, converted to the table's unit by the table's ground scale: its "
        "`figures` and the text's 5/8 `reduced` distances ([format.md 6.4](format.md#64-ground-scale-dbm) "
        "gives the length of a pace and of an element for each, and where the figures come from). One "
        "element width is an element's frontage and is never reduced. A table in paces needs no "
        "conversion. 'Touching' and 'on an edge' allow `parameters.rules.DBM.tolerance` paces (default "
        '5). Messages give each measure in paces and in the table\'s unit, e.g. "1,040 paces (520 mm)"; '
        "witnesses stay in table units.\n\n"
        "**Frame.** x runs along the width; when width >= depth the long edges are y = 0 and y = depth, "
        "otherwise the roles swap. Who placed a feature comes from `placed_by`; rules the text gives only "
        "for the defender also apply to features with no `placed_by`, never to the invader's.\n\n"
        "**Not checked here.** The dice of the terrain-choosing procedure (the waterway's 5-6, the "
        "sector and position dice) and the army lists' compulsory features are not in the file: "
        "`dambuster dbm-setup` runs that procedure ([dbm-setup.md](dbm-setup.md)). Beach width is not "
        "drawn and not checked."
    ),
)
