"""Makes the tool called ``name`` (a name of the catalog's TOOLS) for the open map: the tool reads its
options from the tool-options bar when it acts, so changing an option needs no new tool. Every tool of
the catalog is made here, and a name that is not one of them raises ``UnknownTool`` (a new tool's entry
without its line here fails tests/editor/test_editor_toolsystem.py, which makes every tool)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from dambuster.editor.document import Document
from dambuster.editor.editor_state import SceneController
from dambuster.editor.edits import hex_map as E
from dambuster.editor.edits import table_map as T
from dambuster.editor.panels.terrain_palette import TerrainChoice
from dambuster.editor.panels.tool_options import ToolOptionsBar
from dambuster.model.hexgrid import Hex, Hexside
from dambuster.model.scenario import Scenario

from .base import Tool
from .hexside import HexsideTool
from .path import DamTool, PathTool
from .place import BridgeOutTool, HexClickTool, HexStrokeTool
from .region import RegionTool
from .select import SelectTool
from .table import DrawTool, PointTool, VertexTool
from .terrain import BucketFill, Eyedropper, RectangleFill, TerrainBrush

Pt = tuple[float, float]
#: the edits the generic tools apply, each returning the changes of one undo step
SideEdit = Callable[[Scenario, Hexside], object]
HexEdit = Callable[[Scenario, Hex], object]
StrokeEdit = Callable[[Scenario, Iterable[Hex], bool], object]  # the hexes, and whether Shift takes them out
ShapeEdit = Callable[[Scenario, list[Pt]], object]
PointEdit = Callable[[Scenario, Pt], object]

SEWER_POINTS = ("node", "grate", "sluice-gate", "cave-in")


class UnknownTool(ValueError):
    """A tool name the catalog (``actions/catalog.py``, TOOLS) does not have."""


def make_tool(
    name: str,
    doc: Document,
    controller: SceneController,
    options: ToolOptionsBar,
    terrain: TerrainChoice,
    select: Callable[[Any], None],
) -> Tool:
    """The tool ``name`` on ``controller``'s map; ``select`` is told what a select tool selects."""
    d, c, o = doc, controller, options

    def kind() -> str:
        return terrain.kind

    def picked(k: str | None) -> None:
        if k:
            terrain.set(k)

    simple: dict[str, Callable[[], Tool]] = {
        "brush": lambda: TerrainBrush(d, c, kind, o.brush_size, o.brush_shape),
        "rectangle": lambda: RectangleFill(d, c, kind),
        "bucket": lambda: BucketFill(d, c, kind),
        "eyedropper": lambda: Eyedropper(d, c, picked),
        "path": lambda: PathTool(d, c, o.path_kind),
        "dam": lambda: DamTool(d, c),
        "select": lambda: SelectTool(d, c, select),
        "region": lambda: RegionTool(d, c),
        "bridge-out": lambda: BridgeOutTool(d, c),
        "vertex": lambda: VertexTool(d, c, select),
    }
    if name in simple:
        return simple[name]()
    sides: dict[str, SideEdit] = {
        "hexside": lambda s, side: E.toggle_hexside(s, side, o.text("hexside_kind")),
        "stream-bridge": E.place_stream_bridge,
        "graded-ridge": E.toggle_graded_ridge,
    }
    if name in sides:
        return HexsideTool(d, c, sides[name], lambda: f"Edit hexside ({name})", name)
    clicks: dict[str, tuple[HexEdit, str | Callable[[], str]]] = {
        "river-bridge": (E.place_river_bridge, "Add river bridge"),
        "entrench+": (lambda s, h: E.entrench(s, h, +1), "Add entrenchment"),
        "entrench-": (lambda s, h: E.entrench(s, h, -1), "Remove entrenchment"),
        "revetment": (lambda s, h: E.place_revetment(s, h, o.text("size")), "Add revetment"),
        "mine": (lambda s, h: E.place_mine(s, h, o.side(), o.checked("hidden")), "Add mine"),
        "road-cut": (E.toggle_road_cut, "Toggle road cut"),
        "unit": (
            lambda s, h: E.place_unit(s, h, o.unit_type(), o.side(), int(o.number("squads"))),
            lambda: f"Add unit: {o.combos['unit_type'].currentText()}",  # History names the type
        ),
    }
    if name in clicks:
        edit, label = clicks[name]

        def named() -> dict[str, str]:  # what a refusal may name
            return {"size": o.text("size"), "unit_type": o.unit_type()}

        return HexClickTool(d, c, edit, label, name, named)
    strokes: dict[str, tuple[StrokeEdit, str]] = {
        "town": (lambda s, hs, rm: E.paint_town(s, hs, o.line("town"), rm), "Paint town"),
        "floodplain": (lambda s, hs, _rm: E.toggle_floodplain(s, hs), "Edit floodplain"),
        "zone": (lambda s, hs, rm: E.paint_zone(s, hs, o.side(), rm), "Paint setup zone"),
        "reservoir": (lambda s, hs, _rm: E.toggle_reservoir(s, o.text("dam"), hs), "Edit reservoir"),
    }
    if name in strokes:
        edit, text = strokes[name]
        return HexStrokeTool(d, c, edit, text, name, lambda: {"dam": o.text("dam")})
    shapes: dict[str, tuple[ShapeEdit, bool]] = {  # the edit, and whether the shape is closed
        "area": (lambda s, p: T.add_area(s, o.text("area_kind"), p, _sector(o.chosen("sector"))), True),
        "table-river": (
            lambda s, p: T.add_table_river(s, p, o.number("width"), not o.checked("downstream")),
            False,
        ),
        "table-road": (T.add_table_road, False),
        "waterway": (T.set_waterway, True),
        "corridor": (lambda s, p: T.add_corridor(s, p, o.number("width")), False),
        "gantry": (T.add_gantry, True),
    }
    if name in shapes:
        edit, closed = shapes[name]
        return DrawTool(d, c, edit, f"Add {name}", closed, name)
    points: dict[str, PointEdit] = {
        "flood-origin": T.set_flood_origin,
        "model": lambda s, p: T.add_model(s, o.side(), int(o.number("strength")), p),
        **{kind: _sewer_point(kind) for kind in SEWER_POINTS},
    }
    if name in points:
        return PointTool(d, c, points[name], f"Add {name}", name)
    raise UnknownTool(f"no tool called {name!r} (the tools are actions/catalog.py's TOOLS)")


def _sewer_point(kind: str) -> PointEdit:
    return lambda s, p: T.add_sewer_point(s, kind, p)


def _sector(value: object) -> int | None:
    """The area's sector chosen (None: from its centroid)."""
    return value if isinstance(value, int) else None
