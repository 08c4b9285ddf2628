"""The symbols on unit counters: simple side views in the spirit of Ogre counter art (tracks with road
wheels, turrets, guns, hover skirts, soldiers), one QPainterPath per kind, filled in one ink.

A symbol is drawn in a box of x in [-1, 1], y in [-0.6, 0.6] (y down, facing right). Shapes are
added to an ``Ink`` (overlaps merge) and holes (road wheels) are cut out of the result.
``symbol(type_key, category, squads)`` picks one; a type this table does not know gets its
category's symbol.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF


class Ink:
    """Solid shapes and the holes cut out of them."""

    def __init__(self):
        self.solid, self.holes = QPainterPath(), QPainterPath()
        self.solid.setFillRule(Qt.FillRule.WindingFill)

    def poly(self, *pts: tuple[float, float]) -> None:
        self.solid.addPolygon(QPolygonF([QPointF(x, y) for x, y in pts]))
        self.solid.closeSubpath()

    def ellipse(self, cx: float, cy: float, r: float) -> None:
        self.solid.addEllipse(QPointF(cx, cy), r, r)

    def rect(self, x: float, y: float, w: float, h: float, radius: float = 0.0) -> None:
        self.solid.addRoundedRect(QRectF(x, y, w, h), radius, radius)

    def path(self, path: QPainterPath) -> None:
        self.solid.addPath(path)

    def hole(self, cx: float, cy: float, r: float) -> None:
        self.holes.addEllipse(QPointF(cx, cy), r, r)

    def bar(self, x0: float, y0: float, x1: float, y1: float, width: float) -> None:
        """A straight bar (a gun barrel, a mast) from (x0, y0) to (x1, y1)."""
        dx, dy = x1 - x0, y1 - y0
        n = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / n * width / 2, dx / n * width / 2
        self.poly((x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny))

    def track(self, x0: float, x1: float, y0: float, y1: float, wheels: int) -> None:
        """A track (a stadium) with ``wheels`` road wheels cut out of it."""
        h = y1 - y0
        self.rect(x0, y0, x1 - x0, h, h / 2)
        for i in range(wheels):
            cx = x0 + h / 2 + (x1 - x0 - h) * (i / max(1, wheels - 1))
            self.hole(cx, (y0 + y1) / 2, h * 0.28)

    def wheels(self, *xs: float, y: float = 0.34, r: float = 0.16) -> None:
        for cx in xs:
            self.ellipse(cx, y, r)
            self.hole(cx, y, r * 0.4)

    def hover(self, x0: float, x1: float, y: float) -> None:
        """A skirt (a flat band) at ``y`` and the air cushion under it (three dashes)."""
        self.poly((x0, y), (x1, y), (x1 - 0.08, y + 0.16), (x0 + 0.08, y + 0.16))
        for i in range(3):
            cx = x0 + 0.2 + (x1 - x0 - 0.4) * i / 2
            self.rect(cx - 0.16, y + 0.25, 0.32, 0.08, 0.04)

    def result(self) -> QPainterPath:
        return self.solid.simplified().subtracted(self.holes)


def _tank(gun: float = 0.1, turret: bool = True) -> Ink:
    k = Ink()
    k.track(-0.9, 0.72, 0.1, 0.46, 5)
    k.poly((-0.86, 0.12), (-0.72, -0.1), (0.62, -0.1), (0.8, 0.12))
    if turret:
        k.poly((-0.42, -0.1), (-0.3, -0.34), (0.2, -0.34), (0.32, -0.1))
        k.bar(0.1, -0.24, 0.98, -0.24, gun)
    return k


def heavy_tank() -> Ink:
    return _tank(gun=0.12)


def light_tank() -> Ink:
    k = Ink()
    k.track(-0.75, 0.6, 0.14, 0.44, 4)
    k.poly((-0.72, 0.16), (-0.6, -0.04), (0.5, -0.04), (0.66, 0.16))
    k.poly((-0.3, -0.04), (-0.2, -0.22), (0.14, -0.22), (0.22, -0.04))
    k.bar(0.1, -0.14, 0.8, -0.14, 0.06)
    return k


def missile_tank() -> Ink:
    k = _tank(turret=False)
    a = math.radians(-25)  # a launcher raised at 25 degrees, the missile's nose out of it
    c, s = math.cos(a), math.sin(a)

    def rot(x, y):
        return (-0.35 + x * c - y * s, -0.12 + x * s + y * c)

    k.poly(rot(-0.1, 0.0), rot(0.8, 0.0), rot(0.8, -0.2), rot(-0.1, -0.2))
    k.poly(rot(0.84, -0.02), rot(1.05, -0.1), rot(0.84, -0.18))
    k.poly((-0.5, -0.1), (-0.4, -0.2), (-0.1, -0.2), (0.0, -0.1))
    return k


def superheavy() -> Ink:
    k = Ink()
    k.track(-0.98, 0.82, 0.12, 0.5, 6)
    k.poly((-0.94, 0.14), (-0.8, -0.1), (0.7, -0.1), (0.9, 0.14))
    k.poly((-0.62, -0.1), (-0.52, -0.3), (-0.1, -0.3), (0.0, -0.1))
    k.bar(-0.2, -0.22, 0.98, -0.22, 0.1)
    k.poly((0.02, -0.3), (0.1, -0.48), (0.42, -0.48), (0.5, -0.3))
    k.bar(0.3, -0.41, 1.0, -0.41, 0.08)
    return k


def gev() -> Ink:
    """A hovercraft: a low wedge hull with a turret on a thick skirt, riding its air cushion."""
    k = Ink()
    k.rect(-0.95, 0.08, 1.9, 0.22, 0.1)  # the skirt
    k.poly((-0.9, 0.1), (-0.82, -0.14), (0.3, -0.14), (0.92, 0.1))  # the wedge hull
    k.poly((-0.45, -0.14), (-0.36, -0.32), (-0.02, -0.32), (0.06, -0.14))
    k.bar(-0.1, -0.24, 0.78, -0.24, 0.08)
    for cx in (-0.6, 0.0, 0.6):  # the air cushion
        k.rect(cx - 0.22, 0.4, 0.44, 0.1, 0.05)
    return k


def jeep() -> Ink:
    k = Ink()
    k.poly(
        (-0.8, 0.22),
        (-0.7, -0.04),
        (-0.1, -0.04),
        (0.05, -0.22),
        (0.35, -0.22),
        (0.5, -0.04),
        (0.8, 0.0),
        (0.84, 0.22),
    )
    k.wheels(-0.48, 0.52, y=0.3, r=0.2)
    k.bar(-0.45, -0.04, -0.35, -0.32, 0.06)
    k.bar(-0.45, -0.3, 0.15, -0.42, 0.06)
    return k


def howitzer() -> Ink:
    k = Ink()
    k.poly((-0.95, 0.46), (-0.78, 0.14), (0.45, 0.14), (0.62, 0.46))  # the emplacement
    k.ellipse(-0.22, 0.06, 0.24)
    k.bar(-0.22, 0.06, 0.96, -0.5, 0.14)  # the long barrel, raised
    return k


def _ogre_hull(k: Ink, length: float, treads: int) -> None:
    """A cybertank: a long hull on ``treads`` track units."""
    x0 = -0.98
    unit = (length - 0.04 * (treads - 1)) / treads
    for i in range(treads):
        a = x0 + i * (unit + 0.04)
        k.track(a, a + unit, 0.22, 0.54, 3)
    k.poly((x0 + 0.02, 0.24), (x0 + 0.14, -0.02), (x0 + length - 0.2, -0.02), (x0 + length, 0.24))


def ogre(mark5: bool = False) -> Ink:
    k = Ink()
    _ogre_hull(k, 1.96, 3 if mark5 else 2)
    k.poly((-0.5, -0.02), (-0.38, -0.3), (0.12, -0.3), (0.22, -0.02))  # the main battery
    k.bar(0.0, -0.18, 0.98, -0.18, 0.12)
    if mark5:
        k.poly((-0.88, -0.02), (-0.8, -0.2), (-0.58, -0.2), (-0.52, -0.02))
        k.poly((-0.26, -0.3), (-0.2, -0.46), (0.06, -0.46), (0.1, -0.3))
        k.bar(0.02, -0.4, 0.7, -0.4, 0.07)
    else:
        k.poly((0.3, -0.02), (0.36, -0.16), (0.6, -0.16), (0.66, -0.02))  # a secondary
        k.bar(0.55, -0.09, 0.9, -0.09, 0.05)
    return k


def vulcan() -> Ink:
    k = Ink()
    _ogre_hull(k, 1.7, 2)
    k.poly((-0.7, -0.02), (-0.6, -0.24), (-0.2, -0.24), (-0.12, -0.02))
    k.bar(-0.3, -0.2, 0.45, -0.52, 0.1)  # the crane arm with its claw
    k.bar(0.45, -0.52, 0.86, -0.14, 0.08)
    k.poly((0.78, -0.14), (0.98, -0.14), (0.94, 0.02), (0.88, -0.06), (0.82, 0.02))
    return k


def drone() -> Ink:
    """A flying wing seen from above."""
    k = Ink()
    k.poly((0.9, 0.0), (-0.5, -0.56), (-0.3, -0.12), (-0.72, 0.0), (-0.3, 0.12), (-0.5, 0.56))
    k.hole(0.15, 0.0, 0.1)
    return k


def _soldier(k: Ink, cx: float, size: float = 1.0, rifle: bool = True, dy: float = 0.0) -> None:
    def at(x, y):
        return cx + x * size, dy + y * size

    k.ellipse(*at(0.02, -0.4), 0.11 * size)  # head
    k.poly(at(-0.14, -0.26), at(0.16, -0.26), at(0.13, 0.12), at(-0.11, 0.12))  # body
    k.bar(*at(-0.06, 0.1), *at(-0.12, 0.52), 0.09 * size)  # legs
    k.bar(*at(0.07, 0.1), *at(0.14, 0.52), 0.09 * size)
    if rifle:
        k.bar(*at(-0.18, -0.02), *at(0.32, -0.3), 0.06 * size)


def soldiers(squads: int) -> Ink:
    """One soldier per squad (one to three), as on Ogre infantry counters."""
    k = Ink()
    n = max(1, min(3, squads))
    for i in range(n):
        _soldier(k, (i - (n - 1) / 2) * 0.56)
    return k


def marines(squads: int) -> Ink:
    k = soldiers(squads)
    k.rect(-0.95, 0.54, 1.9, 0.06)  # a deck under their feet
    return k


def engineers(squads: int) -> Ink:
    """Soldiers under the engineers' mark (NATO's bridge-like castle)."""
    k = Ink()
    n = max(1, min(3, squads))
    for i in range(n):
        _soldier(k, (i - (n - 1) / 2) * 0.5, 0.82, rifle=False, dy=0.14)
    k.rect(-0.5, -0.6, 1.0, 0.08)
    for x in (-0.5, -0.04, 0.42):
        k.rect(x, -0.6, 0.08, 0.18)
    return k


def command_post() -> Ink:
    """A blockhouse with a radar dish and a flag on its mast."""
    k = Ink()
    k.poly((-0.8, 0.52), (-0.7, -0.06), (0.4, -0.06), (0.5, 0.52))
    k.holes.addRect(QRectF(-0.26, 0.18, 0.22, 0.34))  # the door
    k.bar(0.2, -0.06, 0.2, -0.6, 0.06)  # the mast and its flag
    k.poly((0.23, -0.6), (0.7, -0.49), (0.23, -0.38))
    dish = QPainterPath()
    dish.moveTo(-0.62, -0.5)
    dish.quadTo(-0.45, -0.02, -0.08, -0.3)
    dish.closeSubpath()
    k.path(dish)
    k.bar(-0.3, -0.3, -0.3, -0.06, 0.06)
    return k


def command_trailer() -> Ink:
    k = Ink()
    k.rect(-0.85, -0.2, 1.5, 0.5, 0.06)
    k.bar(0.65, 0.18, 0.95, 0.18, 0.06)
    k.wheels(-0.55, -0.2)
    k.bar(0.3, -0.2, 0.3, -0.58, 0.05)
    k.poly((0.33, -0.58), (0.75, -0.48), (0.33, -0.38))
    return k


def truck() -> Ink:
    k = Ink()
    k.rect(-0.9, -0.36, 1.1, 0.62, 0.04)  # cargo box
    k.poly((0.28, 0.26), (0.28, -0.22), (0.62, -0.22), (0.82, 0.02), (0.86, 0.26))  # cab
    k.wheels(-0.6, -0.2, 0.58)
    return k


def hovertruck() -> Ink:
    k = Ink()
    k.rect(-0.8, -0.4, 1.0, 0.5, 0.04)
    k.poly((0.26, 0.1), (0.26, -0.26), (0.56, -0.26), (0.8, 0.1))
    k.hover(-0.92, 0.92, 0.12)
    return k


def frame() -> Ink:
    """A plain NATO-style frame with a dot, for a kind this table does not know."""
    k = Ink()
    k.rect(-0.8, -0.5, 1.6, 1.0)
    k.holes.addRect(QRectF(-0.7, -0.4, 1.4, 0.8))
    k.ellipse(0, 0, 0.14)
    return k


SQUADS = {"infantry": soldiers, "marines": marines, "combat-engineers": engineers}
KINDS = {
    "ogre-mk3": lambda: ogre(False),
    "ogre-mk5": lambda: ogre(True),
    "vulcan": vulcan,
    "heavy-tank": heavy_tank,
    "light-tank": light_tank,
    "missile-tank": missile_tank,
    "superheavy": superheavy,
    "gev": gev,
    "jeep": jeep,
    "howitzer": howitzer,
    "heavy-drone": drone,
    "command-post": command_post,
    "mobile-command-trailer": command_trailer,
    "truck": truck,
    "hovertruck": hovertruck,
}
BY_CATEGORY = {"ogre": "ogre-mk3", "armor": "heavy-tank", "structure": "command-post", "vehicle": "truck"}


@lru_cache(maxsize=64)
def symbol(type_key: str, category: str = "", squads: int = 1) -> QPainterPath:
    """The symbol of a unit type (its category's for an unknown type)."""
    if type_key in SQUADS or (type_key not in KINDS and category == "infantry"):
        return SQUADS.get(type_key, soldiers)(squads).result()
    return KINDS.get(type_key, KINDS.get(BY_CATEGORY.get(category, ""), frame))().result()
