"""Random edits (brush strokes, hexside toggles, placements, paths, moves, deletes, pastes), undos
and redos on a Document and its QUndoStack, no window. Whatever happened: undoing everything gives
the starting scenario byte for byte, redoing everything gives the state after the last edit, and
every state saves to a file that loads strictly."""

import pytest

pytest.importorskip("PySide6")

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from PySide6.QtWidgets import QApplication

from dambuster.editor.commands import PaintTerrain, SetFields, new_stroke_id
from dambuster.editor.document import Document
from dambuster.editor.edits import hex_map as E
from dambuster.editor.edits.clipboard import copy_region, paste
from dambuster.editor.geometry.hexes import hex_line
from dambuster.model import dumps, loads, new_hex_scenario
from dambuster.model.hexgrid import canonical_hexside
from dambuster.model.scenario import Dam, HexsideFeature, River, Route
from dambuster.model.terrain import TERRAIN_KINDS

pytestmark = pytest.mark.qt
COLS, ROWS = 8, 7
APP = QApplication.instance() or QApplication([])

cells = st.tuples(st.integers(0, COLS - 1), st.integers(0, ROWS - 1))


def start_scenario():
    sc = new_hex_scenario(COLS, ROWS, "flat", "odd-q", profiles=["ogre-dambusters", "ogre-engineers"])
    lay = sc.map.layout
    river = [lay.to_axial(3, r) for r in range(ROWS)]
    sc.map.rivers.append(River("r1", river))
    sc.map.roads.append(Route("road-a", [lay.to_axial(c, 4) for c in range(COLS)]))
    sc.map.dams.append(Dam("d1", river[2], "r1", reservoir=river[:2]))
    sc.map.hexsides.append(HexsideFeature(canonical_hexside(lay.to_axial(1, 4), 0), "stream"))
    return sc


class EditSession(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.doc = Document(start_scenario())
        self.start = dumps(self.doc.scenario)
        self.tip = self.start  # the state with every pushed edit done
        self.clip = None

    # -- helpers ---------------------------------------------------------------------------------
    def hex(self, cell):
        return self.doc.scenario.map.layout.to_axial(*cell)

    def apply(self, changes, text="edit"):
        if changes:
            self.doc.push(SetFields(self.doc, changes, text))
            self.tip = dumps(self.doc.scenario)

    # -- edits -----------------------------------------------------------------------------------
    @rule(kind=st.sampled_from(TERRAIN_KINDS), stroke=st.lists(cells, min_size=1, max_size=6))
    def brush(self, kind, stroke):
        sid = new_stroke_id()
        pushed = False
        for cell in stroke:
            h = self.hex(cell)
            if self.doc.terrain_at(h) != kind:
                self.doc.push(PaintTerrain(self.doc, {h: kind}, sid))
                pushed = True
        if pushed:
            self.tip = dumps(self.doc.scenario)

    @rule(cell=cells, d=st.integers(0, 5), kind=st.sampled_from(E.HEXSIDE_KINDS))
    def hexside(self, cell, d, kind):
        self.apply(E.toggle_hexside(self.doc.scenario, canonical_hexside(self.hex(cell), d), kind))

    @rule(cell=cells, d=st.integers(0, 5), what=st.sampled_from(["stream-bridge", "graded", "bridge-out"]))
    def on_a_hexside(self, cell, d, what):
        s, side = self.doc.scenario, canonical_hexside(self.hex(cell), d)
        edit = {
            "stream-bridge": lambda: E.place_stream_bridge(s, side),
            "graded": lambda: E.toggle_graded_ridge(s, side),
            "bridge-out": lambda: E.toggle_bridge_out(s, E.bridge_at(s, self.hex(cell), side)),
        }[what]
        self.apply(edit())

    @rule(
        cell=cells,
        what=st.sampled_from(
            [
                "river-bridge",
                "entrench+",
                "entrench-",
                "small",
                "large",
                "mine",
                "cut",
                "infantry",
                "heavy-tank",
            ]
        ),
        side=st.sampled_from(["attacker", "defender"]),
        squads=st.integers(1, 3),
    )
    def place(self, cell, what, side, squads):
        s, h = self.doc.scenario, self.hex(cell)
        edit = {
            "river-bridge": lambda: E.place_river_bridge(s, h),
            "entrench+": lambda: E.entrench(s, h, 1),
            "entrench-": lambda: E.entrench(s, h, -1),
            "small": lambda: E.place_revetment(s, h, "small"),
            "large": lambda: E.place_revetment(s, h, "large"),
            "mine": lambda: E.place_mine(s, h, side),
            "cut": lambda: E.toggle_road_cut(s, h),
            "infantry": lambda: E.place_unit(s, h, "infantry", side, squads),
            "heavy-tank": lambda: E.place_unit(s, h, "heavy-tank", side),
        }[what]
        self.apply(edit())

    @rule(
        stroke=st.lists(cells, min_size=1, max_size=5),
        what=st.sampled_from(["town", "floodplain", "zone", "reservoir"]),
        name=st.sampled_from(["Essen", "Werl"]),
        remove=st.booleans(),
    )
    def paint(self, stroke, what, name, remove):
        s, hexes = self.doc.scenario, [self.hex(c) for c in stroke]
        dam = s.map.dams[0].id if s.map.dams else "none"
        edit = {
            "town": lambda: E.paint_town(s, hexes, name, remove),
            "floodplain": lambda: E.toggle_floodplain(s, hexes),
            "zone": lambda: E.paint_zone(s, hexes, "defender", remove),
            "reservoir": lambda: E.toggle_reservoir(s, dam, hexes),
        }[what]
        self.apply(edit())

    @rule(a=cells, b=cells, kind=st.sampled_from(["rivers", "roads", "rails"]))
    def path(self, a, b, kind):
        hexes = hex_line(self.hex(a), self.hex(b))
        if len(hexes) < 2 or not all(self.doc.scenario.map.layout.contains(h) for h in hexes):
            return
        m = self.doc.scenario.map
        ident = E.fresh_id(self.doc.scenario, kind[:-1] + "-")
        feature = River(ident, hexes) if kind == "rivers" else Route(ident, hexes)
        self.apply([(m, kind, getattr(m, kind) + [feature])])

    @precondition(lambda self: self.doc.scenario.units)
    @rule(i=st.integers(0, 50), cell=cells)
    def move(self, i, cell):
        units = self.doc.scenario.units
        self.apply(E.move_unit(self.doc.scenario, units[i % len(units)].id, self.hex(cell)))

    @rule(i=st.integers(0, 200))
    def delete(self, i):
        s = self.doc.scenario
        m, mk = s.map, s.map.markers
        things = (
            s.units
            + m.rivers
            + m.roads
            + m.rails
            + m.dams
            + m.river_bridges
            + m.stream_bridges
            + m.towns
            + m.hexsides
            + mk.entrenchments
            + mk.revetments
            + mk.mines
            + mk.road_cuts
            + mk.bridges_out
        )
        if things:
            self.apply(E.delete_object(s, things[i % len(things)]))

    @rule(a=cells, b=cells, at=cells)
    def copy_and_paste(self, a, b, at):
        lay = self.doc.scenario.map.layout
        (c0, r0), (c1, r1) = a, b
        region = [
            lay.to_axial(c, r)
            for c in range(min(c0, c1), max(c0, c1) + 1)
            for r in range(min(r0, r1), max(r0, r1) + 1)
        ]
        self.clip = copy_region(self.doc.scenario, region)
        if paste(self.doc, self.clip, self.hex(at)):
            self.tip = dumps(self.doc.scenario)

    @rule()
    def undo(self):
        self.doc.undo_stack.undo()

    @rule()
    def redo(self):
        self.doc.undo_stack.redo()

    # -- what must hold ---------------------------------------------------------------------------
    @invariant()
    def the_file_loads_strictly(self):
        text = dumps(self.doc.scenario)
        assert dumps(loads(text)) == text

    def teardown(self):
        stack = self.doc.undo_stack
        while stack.canUndo():
            stack.undo()
        assert dumps(self.doc.scenario) == self.start
        while stack.canRedo():
            stack.redo()
        assert dumps(self.doc.scenario) == self.tip
        self.doc.deleteLater()


# 20 random sessions of up to 25 steps here (a few seconds); HYPOTHESIS_PROFILE=thorough runs 1,000
EditSession.TestCase.settings = settings(
    max_examples=20 if settings.default.max_examples <= 50 else settings.default.max_examples,
    stateful_step_count=25,
    deadline=None,
)
TestEditSession = EditSession.TestCase


# ------------------------------------------------------------------------------------- tables
from dambuster.editor.edits import table_map as T  # noqa: E402
from dambuster.model import new_table_scenario  # noqa: E402

points = st.tuples(st.integers(0, 60).map(lambda v: v * 10.0), st.integers(0, 40).map(lambda v: v * 10.0))


class TableSession(RuleBasedStateMachine):
    """The same promise on a 600 x 400 table: shapes drawn, vertices moved, inserted and deleted,
    sewer features and models placed, features deleted."""

    def __init__(self):
        super().__init__()
        self.doc = Document(new_table_scenario(600, 400, profiles=["dbm-terrain", "flash-flood"]))
        self.start = self.tip = dumps(self.doc.scenario)

    def apply(self, changes):
        if changes:
            self.doc.push(SetFields(self.doc, changes, "edit"))
            self.tip = dumps(self.doc.scenario)

    @rule(
        pts=st.lists(points, min_size=2, max_size=5),
        what=st.sampled_from(["area", "river", "road", "waterway", "corridor", "gantry"]),
    )
    def draw(self, pts, what):
        s = self.doc.scenario
        edit = {
            "area": lambda: T.add_area(s, "wood", pts),
            "river": lambda: T.add_table_river(s, pts, 8.0),
            "road": lambda: T.add_table_road(s, pts),
            "waterway": lambda: T.set_waterway(s, pts),
            "corridor": lambda: T.add_corridor(s, pts, 5.0),
            "gantry": lambda: T.add_gantry(s, pts),
        }[what]
        self.apply(edit())

    @rule(p=points, what=st.sampled_from(sorted(T.SEWER_POINTS) + ["origin", "model"]))
    def place(self, p, what):
        s = self.doc.scenario
        if what == "origin":
            self.apply(T.set_flood_origin(s, p))
        elif what == "model":
            self.apply(T.add_model(s, "invader", 2, p))
        else:
            self.apply(T.add_sewer_point(s, what, p))

    @rule(
        i=st.integers(0, 100),
        j=st.integers(0, 10),
        p=points,
        how=st.sampled_from(["move", "insert", "delete"]),
    )
    def vertex(self, i, j, p, how):
        targets = list(T.targets(self.doc.scenario))
        if not targets:
            return
        tg = targets[i % len(targets)]
        n = len(getattr(tg.obj, tg.coords))
        edit = {
            "move": lambda: T.move_vertex(tg, j % n, p),
            "insert": lambda: T.insert_vertex(tg, j % (n + 1), p),
            "delete": lambda: T.delete_vertex(tg, j % n),
        }[how]
        self.apply(edit())

    @rule(i=st.integers(0, 100))
    def delete(self, i):
        s = self.doc.scenario
        m = s.map
        things = m.areas + m.rivers + m.roads + ([m.waterway] if m.waterway else [])
        if m.sewer is not None:
            sw = m.sewer
            things += (
                sw.corridors + sw.nodes + sw.grates + sw.sluice_gates + sw.cave_ins + sw.gantries + sw.models
            )
        if things:
            self.apply(E.delete_object(s, things[i % len(things)]))

    @rule()
    def undo(self):
        self.doc.undo_stack.undo()

    @rule()
    def redo(self):
        self.doc.undo_stack.redo()

    @invariant()
    def the_file_loads_strictly(self):
        text = dumps(self.doc.scenario)
        assert dumps(loads(text)) == text

    teardown = EditSession.teardown


TableSession.TestCase.settings = EditSession.TestCase.settings
TestTableSession = TableSession.TestCase
