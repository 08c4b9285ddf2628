"""Each rule code against the sentence of the text it checks: "the text says" (the rule is the text's),
"the text is silent" (a decision the rule's Decisions explain, kept as it is, a parameter where it can
be one) or "the text is ambiguous" (a reading, said why). docs/rules.md shows it under each rule
("Against the text"); docs/audit.md gathers the whole audit (catalog figures, rules, simulation steps).
"""

from __future__ import annotations

VERDICTS: dict[str, str] = {
    "DBM-BUA": "the text says: one BUA, touching the waterway, else in a flank sector or linked to an "
    "invader's road; BUA and fields in one sector; fields contiguous with the BUA. The tolerance is ours.",
    "DBM-FEATURE-COUNT": "the text says: at most 3 features of the same equivalence and going per player, "
    "1/2 up to 500p across, 1 1/2 beyond 750p. The going classes are our reading of the terrain list "
    "(the text is silent on a table of them).",
    "DBM-FEATURE-SIZE": "the text says: at most 1,000p across in any direction, at least 100p. How "
    "'across' is measured: the text is silent (diameter and minimum width).",
    "DBM-ISLAND": "the text says: at least 300p from the table edge and one element width from the shore.",
    "DBM-OVERLAP": "the text says: no superimposed features but the exceptions it lists; rivers through "
    "area features are reported because they are not among them.",
    "DBM-PROMONTORY": "the text says: a promontory no closer than 300p to the table edge.",
    "DBM-RIVER-CENTRE": "the text is ambiguous: 'the transverse centre line' is read as the line midway "
    "between the long edges, the one reading under which an edge-to-edge river can obey it.",
    "DBM-RIVER-COURSE": "the text says: the first river edge to opposite edge or to the waterway, the "
    "defender's from a short edge to the opposite one, the waterway or the first river. List order as "
    "placing order: the text is silent.",
    "DBM-RIVER-CURVATURE": "the text says: no two points closer in a straight line than 3/4 of their "
    "distance along the mid-stream line.",
    "DBM-RIVER-LONG-EDGE": "the text says: the defender's river at least 600p from both long edges.",
    "DBM-RIVER-WIDTH": "the text says: a river's width must not exceed 200p.",
    "DBM-ROAD": "the text says: up to 2 external roads, each linking a BUA or joining or crossing an earlier "
    "road, unless roads are compulsory.",
    "DBM-SECTOR": "the text says: each diced area feature entirely in its sector.",
    "DBM-WATERWAY": "the text says: 300p to 900p inward from a short edge, no more than half beyond 600p.",
    "SEWER-FEATURE": "the text is silent: it names grates, sluice gates and cave-ins in the system; that "
    "they lie on a corridor is what the format needs to use them.",
    "SEWER-MODEL": "the text is silent: models are carried along corridors, so each stands on one.",
    "SEWER-ORIGIN": "the text says: decide where the flood originates; on a corridor: the text is silent.",
    "SEWER-UNREACHED": "the text says: note which parts stay out of the flood's reach; a warning, since "
    "some parts are expected to.",
    "FORCE-BUDGET": "the text says: the defender gets a number of infantry attack points and armor units, a "
    "howitzer counting as two.",
    "MINE-VISIBLE": "the text says: mines are noted secretly on a sheet; the tags that allow open mines "
    "are ours (the text is silent on tutorials).",
    "SETUP-ZONE": "the text says: setup in the shaded areas, with a cap on the attack strength past the "
    "line.",
    "STACK-LIMIT": "the text says: one unit per hex, infantry up to 3 soldiers; the engineers' stacking "
    "(the Designer's Edition's) when the scenario declares ogre-engineers.",
    "UNIT-TERRAIN": "the text says: buildings impassable; only Ogres enter the bottom river; GEVs move on "
    "water (Dambusters); a submerged superheavy (11.04.3). Marines in water: the text is silent "
    "(parameter). Units on a river bridge: the text says (the surge passes under a river bridge, leaving "
    "the units on it alone), so any unit may stand there. Craters: the text is silent; our decision keeps "
    "infantry and Ogres allowed (crater_entry 1); crater_entry 0 follows the original game, where no unit "
    "enters one.",
    "BRIDGE-KIND": "the text says: river bridges and stream bridges are different things (the surge passes "
    "under one and washes out the other).",
    "BRIDGE-SITE": "the text is silent on geometry: a bridge carries its road over its water.",
    "DAM-HIDDEN": "the text says: dams may not be hidden (11.06).",
    "DAM-SITE": "the text is silent on geometry: a dam on its river, its reservoir above it.",
    "DAM-SP-MIN": "the text says: 50 SP 'should' be a minimum; a warning because of 'should'.",
    "DAM-STACK": "the text says: only three other buildings in a dam's hex (11.05).",
    "FLOODPLAIN-REACH": "the text says: floodplain hexes roll when the surge is adjacent, so one it never "
    "comes next to cannot flood.",
    "FLOODPLAIN-TERRAIN": "the text says: clear and forest hexes along the river may be floodplain; towns "
    "may flood too.",
    "RIVER-CYCLE": "the text is silent: the surge moves down the river, which needs a river that flows.",
    "RIVER-GAP": "the text is silent: the surge moves into the next hexes of the river.",
    "RIVER-OUTLET": "the text says: the surge moves until it moves off the map.",
    "RIVER-SPLIT": "the text is silent on a river that divides: a warning, the surge takes every branch.",
    "RIVER-TERRAIN": "the text is silent: river hexes are water in the format; debris hexes stay water "
    "(the text says).",
    "SURGE-PATH": "the text says: the surge moves on until it leaves the map; a second dam downstream: the "
    "text is silent (dams_block).",
    "ENTRENCH-MAX": "the text says: up to 15 entrenchments in a hex (14.02.5).",
    "ENTRENCH-TERRAIN": "the text says: entrenching protects infantry in clear, forest or rubble; elsewhere "
    "they give no benefit. Reporting it as an error: the text is silent (ours).",
    "REVETMENT-CAPACITY": "the text is ambiguous: 'up to size 5' and 'less than the size'; its own example "
    "needs 'at most' (14.03.7).",
}
