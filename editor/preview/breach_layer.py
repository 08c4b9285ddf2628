"""The breach preview drawn over a hex map: one step's swell, changed terrain, new streams, bridges
out, road cuts and the result of each caught unit. Scene items only -- the document is never edited.

``BreachLayer.show(breach, state, events)`` replaces whatever the layer drew; ``clear()`` removes it.
``shown`` keeps what is on the map (swell hexes, changed hexes, ...) so tests and exports can ask.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import shiboken6
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from dambuster.editor import style
from dambuster.editor.geometry.hexes import HexGeometry
from dambuster.editor.scene.map_text import halo_text
from dambuster.model.hexgrid import Hex, Hexside, Layout
from dambuster.model.scenario import Scenario
from dambuster.model.terrain import TERRAIN_KINDS
from dambuster.simulation import Breach, Event, SimState
from dambuster.simulation.narrate import Names
from dambuster.simulation.network import as_hex, as_side

Z_PREVIEW = 60  # above the map's own overlay (10) and below the problem rings
SWELL_FILL = QColor(20, 90, 200, 110)
SWELL_EDGE = QColor("#0b3d91")
CUT = QColor("#c8102e")

UNIT_EVENTS = ("surge-attack", "stuck-roll", "unaffected", "on-bridge")


def unit_results(scenario: Scenario, state: SimState, events: Iterable[Event]) -> dict[str, str]:
    """unit id -> a short result for every unit an event so far touched (the last word wins)."""
    index = {u.id: i for i, u in enumerate(scenario.units)}
    out: dict[str, str] = {}
    for e in events:
        if e.kind not in UNIT_EVENTS or e.where not in index:
            continue
        status, squads = state.units[index[e.where]]
        if e.kind == "on-bridge":
            out[e.where] = "on bridge"
        elif e.kind == "unaffected":
            out[e.where] = "unaffected"
        elif status != "destroyed" and "squads_left" in e.detail:
            out[e.where] = f"{squads} sq"
        else:
            out[e.where] = status
    return out


def changed_hexes(layout: Layout, before: bytes, after: bytes) -> dict[Hex, str]:
    """Hexes whose terrain differs between two terrain arrays, with the new kind."""
    cols = layout.columns
    return {
        layout.to_axial(i % cols, i // cols): TERRAIN_KINDS[b]
        for i, (a, b) in enumerate(zip(before, after))
        if a != b
    }


class BreachLayer:
    def __init__(self, scene: QGraphicsScene, geom: HexGeometry):
        self.scene, self.geom = scene, geom
        self.root: QGraphicsItem | None = None
        self.shown: dict[str, Any] = {}

    def clear(self) -> None:
        if self.root is not None and shiboken6.isValid(self.root):
            self.scene.removeItem(self.root)
        self.root = None
        self.shown = {}

    def show(self, breach: Breach, state: SimState, events: Iterable[Event]) -> None:
        """Draws ``state`` (a SimState); ``events`` are all events up to and including its step."""
        self.clear()
        root = self.root = QGraphicsPathItem()
        root.setZValue(Z_PREVIEW)
        self.scene.addItem(root)
        m, sc = breach.map, breach.scenario
        changed = changed_hexes(m.layout, breach.initial().terrain, state.terrain)
        results = unit_results(sc, state, events)
        self.shown = {
            "step": state.step,
            "swell": tuple(state.swell),
            "changed": changed,
            "streams": tuple(state.streams),
            "bridges_out": tuple(state.bridges_out),
            "road_cuts": tuple(state.road_cuts),
            "units": results,
        }
        for kind in sorted(set(changed.values())):
            fill, pattern, ink = style.TERRAIN_STYLE.get(kind, ("#dddddd", None, ""))
            hexes = [h for h, k in changed.items() if k == kind]
            self._path(
                self._hexes(hexes),
                QPen(QColor("#303030"), 1.2, Qt.PenStyle.DashLine),
                QBrush(QColor(fill)),
                1,
            )
            if pattern is not None:
                self._path(self._hexes(hexes), None, QBrush(QColor(ink), pattern), 1.1)
        if state.swell:
            self._path(self._hexes(state.swell, 0.92), QPen(SWELL_EDGE, 2.5), QBrush(SWELL_FILL), 2)
        self._streams(state.streams)
        self._bridges_out(breach, state.bridges_out)
        self._cuts(state.road_cuts)
        self._units(sc, results, Names(breach).unit)

    # -- pieces ------------------------------------------------------------------------------
    def _path(
        self, path: QPainterPath, pen: QPen | None, brush: QBrush | None, z: float
    ) -> QGraphicsPathItem:
        item = QGraphicsPathItem(path, self.root)
        item.setPen(pen if pen is not None else QPen(Qt.PenStyle.NoPen))
        item.setBrush(brush if brush is not None else QBrush(Qt.BrushStyle.NoBrush))
        item.setZValue(z)
        return item

    def _hexes(self, hexes: Iterable[Hex], scale: float = 1.0) -> QPainterPath:
        path = QPainterPath()
        for h in hexes:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in self.geom.corners(h, scale)]))
            path.closeSubpath()
        return path

    def _streams(self, sides: Sequence[Hexside]) -> None:
        if not sides:
            return
        path = QPainterPath()
        for s in sides:
            a, b = self.geom.hexside_segment(s)
            path.moveTo(*a)
            path.lineTo(*b)
        self._path(
            path, QPen(QColor("#ffffff"), 7.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap), None, 3
        )
        self._path(path, QPen(style.STREAM, 4.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap), None, 3.1)

    def _cross(self, path: QPainterPath, x: float, y: float, r: float) -> None:
        path.moveTo(x - r, y - r)
        path.lineTo(x + r, y + r)
        path.moveTo(x - r, y + r)
        path.lineTo(x + r, y - r)

    def _bridges_out(self, breach: Breach, ids: Iterable[str]) -> None:
        sides = {b.id: as_side(b.side) for b in breach.map.stream_bridges}
        path = QPainterPath()
        for bid in ids:
            if bid in sides:
                self._cross(path, *self.geom.hexside_mid(sides[bid]), self.geom.size * 0.35)
        self._path(path, QPen(CUT, 4.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap), None, 4)

    def _cuts(self, cuts: Iterable[tuple[Hex, str]]) -> None:
        path = QPainterPath()
        r = self.geom.size * 0.3
        for h, _route in cuts:
            x, y = self.geom.center(h)
            path.moveTo(x - r, y + r * 0.4)
            path.lineTo(x + r, y - r * 0.4)
        self._path(path, QPen(CUT, 4.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap), None, 4)

    def _units(self, scenario: Scenario, results: dict[str, str], names: dict[str, str]) -> None:
        """A label per unit an event touched, named as the log names it."""
        where = {u.id: as_hex(u.hex) for u in scenario.units if u.hex is not None}
        seen: dict[Hex, int] = {}
        for uid, text in results.items():
            h = where.get(uid)
            if h is None:
                continue
            n = seen[h] = seen.get(h, 0) + 1
            x, y = self.geom.center(h)
            colour = CUT if text in ("destroyed", "disabled", "stuck") else style.TEXT
            label = halo_text(
                self.root,
                f"{names.get(uid, uid)}: {text}",
                x,
                y - self.geom.size * (0.75 + 0.6 * n),
                7.5,
                colour=colour,
                bold=True,
                halo=True,
            )
            label.setZValue(6)
