"""Makes the tool called ``name`` (a name of the catalog's TOOLS) for a main window: the tool reads
its options from the window's tool-options bar when it acts, so changing an option needs no new tool."""

from __future__ import annotations

from functools import partial

from dambuster.editor.edits import hex_map as E
from dambuster.editor.edits import table_map as T

from .hexside import HexsideTool
from .path import DamTool, PathTool
from .place import BridgeOutTool, HexClickTool, HexStrokeTool
from .region import RegionTool
from .select import SelectTool
from .table import DrawTool, PointTool, VertexTool
from .terrain import BucketFill, Eyedropper, RectangleFill, TerrainBrush


def make_tool(name: str, window):
    d, c, o = window.doc, window.controller, window.tool_options
    terrain = window.terrain_choice
    kind = lambda: terrain.kind  # noqa: E731
    text, w = o.text, o.widgets
    selected = lambda obj: window.show_selection(obj)  # noqa: E731 (the Place dock gives it to the window)
    simple = {
        "brush": lambda: TerrainBrush(d, c, kind, o.brush_size, o.brush_shape),
        "rectangle": lambda: RectangleFill(d, c, kind),
        "bucket": lambda: BucketFill(d, c, kind),
        "eyedropper": lambda: Eyedropper(d, c, lambda k: terrain.set(k) if k else None),
        "path": lambda: PathTool(d, c, o.path_kind),
        "dam": lambda: DamTool(d, c),
        "select": lambda: SelectTool(d, c, selected),
        "region": lambda: RegionTool(d, c),
        "bridge-out": lambda: BridgeOutTool(d, c),
        "vertex": lambda: VertexTool(d, c, selected),
    }
    if name in simple:
        return simple[name]()
    if name in ("hexside", "stream-bridge", "graded-ridge"):
        edit = {
            "hexside": lambda s, side: E.toggle_hexside(s, side, text("hexside_kind")),
            "stream-bridge": E.place_stream_bridge,
            "graded-ridge": E.toggle_graded_ridge,
        }[name]
        return HexsideTool(d, c, edit, lambda: f"Edit hexside ({name})", name)
    clicks = {
        "river-bridge": (E.place_river_bridge, "Add river bridge"),
        "entrench+": (lambda s, h: E.entrench(s, h, +1), "Add entrenchment"),
        "entrench-": (lambda s, h: E.entrench(s, h, -1), "Remove entrenchment"),
        "revetment": (lambda s, h: E.place_revetment(s, h, text("size")), "Add revetment"),
        "mine": (lambda s, h: E.place_mine(s, h, o.side(), w["hidden"].isChecked()), "Add mine"),
        "road-cut": (E.toggle_road_cut, "Toggle road cut"),
        "unit": (
            lambda s, h: E.place_unit(s, h, o.unit_type(), o.side(), w["squads"].value()),
            lambda: f"Add unit: {w['unit_type'].currentText()}",  # History names the type
        ),
    }
    if name in clicks:
        edit, label = clicks[name]
        options = lambda: {"size": text("size"), "unit_type": o.unit_type()}  # noqa: E731 (named by a refusal)
        return HexClickTool(d, c, edit, label, name, options)
    strokes = {
        "town": (lambda s, hs, rm: E.paint_town(s, hs, w["town"].text(), rm), "Paint town"),
        "floodplain": (lambda s, hs, _rm: E.toggle_floodplain(s, hs), "Edit floodplain"),
        "zone": (lambda s, hs, rm: E.paint_zone(s, hs, o.side(), rm), "Paint setup zone"),
        "reservoir": (lambda s, hs, _rm: E.toggle_reservoir(s, text("dam"), hs), "Edit reservoir"),
    }
    if name in strokes:
        edit, label = strokes[name]
        return HexStrokeTool(d, c, edit, label, name, lambda: {"dam": text("dam")})
    draws = {
        "area": (lambda s, p: T.add_area(s, text("area_kind"), p, w["sector"].currentData()), True),
        "table-river": (
            lambda s, p: T.add_table_river(s, p, w["width"].value(), not w["downstream"].isChecked()),
            False,
        ),
        "table-road": (T.add_table_road, False),
        "waterway": (T.set_waterway, True),
        "corridor": (lambda s, p: T.add_corridor(s, p, w["width"].value()), False),
        "gantry": (T.add_gantry, True),
    }
    if name in draws:
        edit, closed = draws[name]
        return DrawTool(d, c, edit, f"Add {name}", closed, name)
    points = {
        "flood-origin": T.set_flood_origin,
        "model": lambda s, p: T.add_model(s, o.side(), w["strength"].value(), p),
    }
    edit = points.get(name) or partial(_sewer_point, name)
    return PointTool(d, c, edit, f"Add {name}", name)


def _sewer_point(kind: str, s, p):
    return T.add_sewer_point(s, kind, p)
