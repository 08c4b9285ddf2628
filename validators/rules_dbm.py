"""Rules: DBM terrain (dbm-terrain.txt, Terrain choosing and Water features).

The rules live in ``dbm_areas`` (sectors, feature size and count, BUA), ``dbm_pairs`` (overlaps,
roads), ``dbm_rivers`` (rivers) and ``dbm_waterway`` (waterway, islands, promontories); importing
this module registers them all. Table geometry and the paces-to-unit conversion are in ``dbm_table``.
"""
from __future__ import annotations

from . import dbm_areas, dbm_pairs, dbm_rivers, dbm_waterway

SOURCE: dict[str, str] = {**dbm_rivers.SOURCE, **dbm_waterway.SOURCE, **dbm_areas.SOURCE, **dbm_pairs.SOURCE}

DECISIONS: dict[str, str] = {
    "DBM": (
        "Frame: x runs along the width; when width >= depth the long edges are y = 0 and y = depth, "
        "otherwise the roles swap. Distances in the text are paces; thresholds are parameters in "
        "paces, converted to the table's unit with parameters.rules['DBM']: paces_per_inch (default "
        "100, DBM's 15mm ground scale; mm via 25.4 mm to the inch) and scale (default 1; set 0.625 for "
        "the text's 5/8 reduction with 25mm figures on a 1.8 m x 1.2 m table). 'Touching' and 'on an "
        "edge' allow tolerance paces (default 5). Who placed a feature comes from placed_by; rules the "
        "text gives only for the defender also apply to features with no placed_by, never to the "
        "invader's. Not checked (not in the model): the second die roll for position within a "
        "sector, compulsory features from army lists, the waterway die roll, beach width."
    ),
    **dbm_rivers.DECISIONS,
    **dbm_waterway.DECISIONS,
    **dbm_areas.DECISIONS,
    **dbm_pairs.DECISIONS,
}
