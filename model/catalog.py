"""The default unit catalog, from the Ogre rule texts (basic game, Designer's Edition stats,
combat engineers and Vulcans). Every new scenario carries a copy in its ``unit_types``, so a game
engine reads the stats from the file and a scenario can change them.

Where the rule texts give no figure (sizes of most units, trucks), the values are our decision and
are listed in docs/format.md.
"""

from __future__ import annotations

from .scenario import UnitType

_T = UnitType

DEFAULT_UNIT_TYPES: dict[str, UnitType] = {
    "ogre-mk3": _T("Ogre Mark III", "ogre", "ogre", 4, 3, 0, 3, 7, treads=45),
    "ogre-mk5": _T("Ogre Mark V", "ogre", "ogre", 4, 3, 0, 3, 8, treads=60),
    "vulcan": _T("Vulcan", "ogre", "ogre", 1, 1, 0, 4, 7, treads=48),
    "heavy-tank": _T("Heavy tank", "armor", "armor", 4, 2, 3, 3, 2),
    "missile-tank": _T("Missile tank", "armor", "armor", 3, 4, 2, 2, 2),
    "light-tank": _T("Light tank", "armor", "armor", 2, 2, 1, 3, 1),
    "gev": _T("GEV", "armor", "gev", 2, 2, 2, 4, 2, second_move=3),
    # the basic game's redesign: unit stats identical to the original game's, where the unit that
    # moves 4 and then 3 is the GEV (2/2, D2, M4/3); its size is the GEV's too
    "jeep": _T("Jeep", "armor", "armor", 2, 2, 2, 4, 2, second_move=3),
    "howitzer": _T("Howitzer", "armor", "immobile", 6, 8, 1, 0, 3, armor_weight=2),
    "superheavy": _T("Superheavy tank", "armor", "superheavy", 6, 3, 5, 3, 4),
    "heavy-drone": _T("Heavy drone", "armor", "armor", 0, 0, 3, 3, 2),
    "infantry": _T("Infantry", "infantry", "infantry", 1, 1, 1, 2, 1),
    "marines": _T("Marines", "infantry", "infantry", 1, 1, 1, 2, 1),
    "combat-engineers": _T("Combat engineers", "infantry", "infantry", 1, 1, 1, 2, 1),
    "command-post": _T("Command post", "structure", "immobile", 0, 0, 0, 0, 3),
    "mobile-command-trailer": _T("Mobile command trailer", "structure", "armor", 0, 0, 0, 1, 3),
    "truck": _T("Truck", "vehicle", "armor", 0, 0, 1, 3, 2),
    "hovertruck": _T("Hovertruck", "vehicle", "gev", 0, 0, 1, 4, 2),
}


def default_unit_types() -> dict[str, UnitType]:
    from copy import deepcopy

    return deepcopy(DEFAULT_UNIT_TYPES)
