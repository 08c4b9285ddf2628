"""The sewer flash-flood preview (table maps with a sewer): seeded dice or dice from the table, step
through the flood's events one at a time (forward, back, play/pause, reset), the events told as
sentences (click one to ring its models on the table), and over the table the flood turn, the
paths of carried models, bumps and hits. Scene items only; the document is not edited.

With dice from the table the flood is played again with the rolls given so far (``TableDice``)
after each roll typed; the log shows every event known up to the roll asked next.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import (
    QFormLayout,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.document import Document
from dambuster.editor.geometry.table import point_along
from dambuster.editor.scene.map_view import MapView
from dambuster.model.scenario import Point, Sewer, TableMap
from dambuster.simulation import Dice, Event, RollNeeded, SimulationError, TableDice
from dambuster.simulation.flashflood import flood, when
from dambuster.simulation.narrate import Sentence, flood_sentences

from .breach_dock import PLAY_MS
from .event_log import EventLog
from .flood_paths import SewerPicture, corridor_lines, picture
from .parts import button, dice_choice
from .roll_entry import RollEntry

Z_FLOOD = 60
PATH = QColor("#1f5fbf")
BUMP = QColor("#e07000")
HIT = QColor("#c8102e")


def _cosmetic(colour: QColor | str, width: float, dash: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(QColor(colour), width, dash, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


class FloodLayer:
    def __init__(self, scene: QGraphicsScene, table: TableMap):
        self.scene, self.table = scene, table
        self.root: QGraphicsItem | None = None
        self.shown: SewerPicture | None = None

    def clear(self) -> None:
        if self.root is not None and shiboken6.isValid(self.root):
            self.scene.removeItem(self.root)
        self.root = None
        self.shown = None

    def _label(self, text: str, at: Point, colour: QColor | str, bold: bool = True) -> None:
        holder = QGraphicsRectItem(self.root)
        holder.setPen(QPen(Qt.PenStyle.NoPen))
        holder.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        holder.setPos(float(at[0]), float(at[1]))
        holder.setZValue(50)
        item = QGraphicsSimpleTextItem(text, holder)
        font = QFont()
        font.setPointSizeF(8.5)
        font.setBold(bold)
        item.setFont(font)
        item.setBrush(QColor(colour))
        r = item.boundingRect()
        item.setPos(6, -r.height() - 4)
        holder.setRect(item.mapRectToParent(r).adjusted(-2, 0, 2, 0))
        holder.setBrush(QColor(255, 255, 255, 215))

    def show(self, sewer: Sewer, events: Sequence[Event], current: Event | None = None) -> None:
        self.clear()
        root = self.root = QGraphicsPathItem()
        root.setZValue(Z_FLOOD)
        self.scene.addItem(root)
        pic = self.shown = picture(sewer, events)
        lines = corridor_lines(sewer)
        names = {m.id: m.name or m.id for m in sewer.models}  # as the log names them
        u = 0.01 * max(self.table.width, self.table.depth)
        for _mid, pts in pic.paths:
            path = QPainterPath(QPointF(*pts[0]))
            for p in pts[1:]:
                path.lineTo(*p)
            item = QGraphicsPathItem(path, root)
            item.setPen(_cosmetic(PATH, 3.5))
            item.setZValue(2)
        for mid, (cid, pos) in pic.at.items():
            pt = point_along(lines.get(cid, []), pos)
            if pt is None:
                continue
            moved = any(m == mid for m, _ in pic.paths)
            ring = QGraphicsPathItem(root)
            shape = QPainterPath()
            shape.addEllipse(QRectF(pt[0] - 1.4 * u, pt[1] - 1.4 * u, 2.8 * u, 2.8 * u))
            ring.setPath(shape)
            ring.setPen(_cosmetic(PATH if moved else "#404040", 2.5 if moved else 1.2))
            ring.setZValue(3)
            notes: list[str] = []
            if mid in pic.tested:
                notes.append("fails" if pic.tested[mid] else "holds")
            if mid in pic.hits:
                notes.append("hits " + "+".join(map(str, pic.hits[mid])))
            knocked = [off for m, off in pic.bumps if m == mid]
            if knocked:
                notes.append("knocked off" if any(knocked) else "bumped")
            quiet = notes == ["holds"]  # a model that held is ringed green, labelled only while current
            if quiet:
                ring.setPen(_cosmetic("#2a8a3a", 2.0))
            if (notes and not quiet) or (current is not None and current.where == mid):
                colour = HIT if mid in pic.hits else (BUMP if knocked else "#202020")
                self._label(f"{names.get(mid, mid)}: {', '.join(notes) or '…'}", pt, colour)
        if pic.turn is not None:
            self._label(f"flash flood on turn {pic.turn}", (0.0, 0.0), PATH)


class FloodPreview(QWidget):
    """The pane for a table map with a sewer: the document it reads, the map view it draws over."""

    def __init__(self, doc: Document, view: MapView):
        super().__init__()
        self.doc, self.view = doc, view
        table = doc.scenario.map
        assert isinstance(table, TableMap)  # (the Preview dock makes this pane for a table with a sewer)
        self.layer = FloodLayer(view.scene(), table)
        self.events: list[Event] = []
        self.told: list[Sentence] = []  # the events as sentences
        self.n = 0  # events shown
        self.active = False
        self.turn: int | None = None
        self.table: TableDice | None = None  # dice from the table
        self.pending: RollNeeded | None = None
        self.problem: str | None = None  # why there is no flood to show

        self.dice_mode, self.seed = dice_choice()
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.dice_mode, 1)
        dice_row.addWidget(QLabel("seed"))
        dice_row.addWidget(self.seed)
        form = QFormLayout()
        form.addRow("Dice", dice_row)
        self.btn_reset = button("Reset", "Reset: before the flood", self.reset)
        self.btn_back = button("◀ Back", "Back one event", self.back)
        self.btn_forward = button("Forward ▶", "Forward one event", self.forward)
        self.btn_play = button("Play", "Play / pause", lambda: self.toggle_play())
        self.btn_play.setCheckable(True)
        row = QHBoxLayout()
        for b in (self.btn_reset, self.btn_back, self.btn_forward, self.btn_play):
            row.addWidget(b)
        self.step_label = QLabel()
        self.step_label.setWordWrap(True)
        self.rolls = RollEntry()
        self.rolls.rolled.connect(self.give_roll)
        self.rolls.undo.connect(self.undo_roll)
        self.rolls.hide()
        self.log = EventLog()
        self.log.setMinimumHeight(150)
        self.log.picked.connect(self._picked)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addLayout(row)
        lay.addWidget(self.step_label)
        lay.addWidget(self.rolls)
        lay.addWidget(self.log, 1)
        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_MS)
        self.timer.timeout.connect(self._tick)
        self.seed.valueChanged.connect(self.reset)
        self.dice_mode.currentIndexChanged.connect(self.reset)
        self.doc.features_changed.connect(self.reset)
        self.reset()

    @property
    def from_table(self) -> bool:
        return self.dice_mode.currentIndex() == 1

    def _sewer(self) -> Sewer | None:
        """The sewer of the table (an edit may have removed it)."""
        m = self.doc.scenario.map
        return m.sewer if isinstance(m, TableMap) else None

    def reset(self, *_args: object) -> None:
        """Before the flood (``_args``: a changed seed or dice mode's value)."""
        self.timer.stop()
        self.btn_play.setChecked(False)
        self.table = TableDice() if self.from_table else None
        self.seed.setEnabled(not self.from_table)
        self.rolls.setVisible(self.from_table)
        self._play()
        self.n = len(self.events) if self.from_table else 0
        self._refresh()

    def _play(self) -> None:
        """The flood with the seeded dice, or with the rolls given at the table so far (what is known
        up to the roll asked next)."""
        sc = self.doc.scenario
        table = self.table
        dice = table if table is not None else Dice(self.seed.value())
        if table is not None:
            table.restore((0, 0))  # every roll given is replayed from the first
        self.pending, self.problem = None, None
        pre: list[Event] = []
        try:
            self.turn, pre = when(sc.parameters.flash_flood, dice)
            result = flood(sc, dice) if self.turn is not None else None
            self.events = pre + (result.events if result else [])
        except RollNeeded as need:
            self.pending, self.turn = need, None
            self.events = pre + need.events
            if table is not None:  # (only dice from the table ask for a roll)
                table.restore((0, 0))  # the rolls given are all taken back-able until the flood is done
        except SimulationError as e:
            self.events, self.problem = [], str(e)
        self.told = flood_sentences(self.events, sc)

    def give_roll(self, value: int) -> None:
        if self.pending is None or self.table is None:
            return
        try:
            self.table.give(value, self.pending)
        except ValueError as e:
            self.rolls.refuse(str(e))
            return
        self._play()
        self.n = len(self.events)
        self._refresh()

    def undo_roll(self) -> None:
        if self.table is not None and self.table.take_back() is not None:
            self._play()
            self.n = len(self.events)
            self._refresh()

    def forward(self) -> None:
        if self.n < len(self.events):
            self.n += 1
            self._refresh()

    def back(self) -> None:
        if self.n > 0:
            self.n -= 1
            self._refresh()

    def toggle_play(self, on: bool | None = None) -> None:
        on = self.btn_play.isChecked() if on is None else on
        self.btn_play.setChecked(on)
        if on and self.n < len(self.events):
            self.timer.start()
        else:
            self.timer.stop()
            self.btn_play.setChecked(False)

    def _tick(self) -> None:
        self.forward()
        if self.n >= len(self.events):
            self.toggle_play(False)

    def _refresh(self) -> None:
        total = len(self.events)
        self.btn_back.setEnabled(self.n > 0)
        self.btn_forward.setEnabled(self.n < total)
        self.btn_play.setEnabled(self.n < total)
        self.log.show_sentences(self.told[: self.n])
        if self.n:
            self.log.scrollToBottom()
        if self.problem:
            self.step_label.setText(f"No flash flood: {self.problem}")
        elif self.pending is not None:
            self.step_label.setText(f"Event {self.n} of {total} so far: waiting for a roll from the table.")
        else:
            when_text = (
                "the flood never comes" if self.turn is None else f"the flood comes on turn {self.turn}"
            )
            self.step_label.setText(f"Event {self.n} of {total}: {when_text}.")
        self.rolls.ask(self.pending, self.table is not None and bool(self.table.given))
        self._draw()

    def _draw(self) -> None:
        if not self.active or self.n == 0:
            self.layer.clear()
            return
        sewer = self._sewer()
        if sewer is None:  # (the pane is made for a table with a sewer)
            self.layer.clear()
            return
        self.layer.show(sewer, self.events[: self.n], self.events[self.n - 1])

    def _picked(self, _hexes: tuple[object, ...], subjects: tuple[str, ...]) -> None:
        self.focus_on(subjects)

    def focus_on(self, models: Iterable[str]) -> None:
        """Rings the models a clicked line names, where they stand after the events shown."""
        sewer, t = self._sewer(), self.doc.scenario.map
        if sewer is None or not isinstance(t, TableMap):  # (the pane is made for a table with a sewer)
            return
        pic = picture(sewer, self.events[: self.n])
        lines = corridor_lines(sewer)
        found = [point_along(lines.get(pic.at[m][0], []), pic.at[m][1]) for m in models if m in pic.at]
        pts = [p for p in found if p is not None]
        if not self.active or not pts:
            return
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        r = max([0.03 * max(t.width, t.depth)] + [math.dist((x, y), p) * 1.3 for p in pts])
        self.view.highlight(x, y, r)

    def set_active(self, on: bool) -> None:
        self.active = on
        if not on:
            self.toggle_play(False)
        self._draw()

    def detach(self) -> None:
        self.set_active(False)
        self.doc.features_changed.disconnect(self.reset)
