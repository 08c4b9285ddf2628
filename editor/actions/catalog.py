"""The one table of the editor's actions (Qt-free): commands for the menus and the main tool bar,
tools for the tool bar, the Tools menu and the Place dock, and the keys that are not actions
(panning, zooming with the wheel...) for the shortcuts page.

A command says what its action is (``kind``): ``"call"`` runs the handler the main window binds to the
command's name (``MainWindow.bindings``: one typed mapping from each name to a bound method, checked
complete when the menus are built and by tests/editor/test_editor_toolsystem.py); ``"dock"`` is the
show/hide action of the dock ``dock``; ``"undo"``/``"redo"`` are the undo stack's own actions;
``"submenu"`` is a submenu a part of the window fills (recent files, layers, rule profiles). A
shortcut is portable text (``"Ctrl+0"``) or ``"std:NAME"`` for a ``QKeySequence.StandardKey``; an icon is
one of ours (``resources/icons/NAME.svg``) or ``"std:NAME"`` for a ``QStyle.StandardPixmap``.

A tool's entry (``ToolEntry``) is what the tool bar, the Tools menu, the Place dock and the tool-options
bar show of it; the tool itself (``tools.base.Tool``, mouse input turned into edits) is made from its
name by ``tools.factory.make_tool``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

#: our icons, ``NAME.svg`` (package data)
ICON_DIR = Path(__file__).resolve().parent.parent / "resources" / "icons"
SEPARATOR = "-"
QUICK_FIX_KEYS = "Ctrl+."  # as VS Code's quick fix; the Validation dock shows it on its Fix button and menu

#: what a command's action is (see the module's docstring)
Kind = Literal["call", "dock", "undo", "redo", "submenu"]
#: the two kinds of map, each with its own tools
MapKind = Literal["hex", "table"]


@dataclass(frozen=True)
class Command:
    name: str  # "file.save": the menu key before the dot
    text: str  # menu text with its & mnemonic
    shortcuts: tuple[str, ...] = ()
    icon: str | None = None
    toolbar: bool = False  # also on the main tool bar
    checkable: bool = False  # its handler is given the new state (``Bindings.toggles``)
    tip: str = ""
    submenu: str = ""  # shown in this submenu of its menu ("E&xport")
    kind: Kind = "call"
    dock: str = ""  # kind "dock": the key of the dock it shows and hides (``MainWindow.docks``)


@dataclass(frozen=True)
class ToolEntry:
    """A tool as the catalog lists it: ``name`` (what ``make_tool`` makes), menu and button ``text``,
    ``group`` (one of GROUPS, which also says its map kind), ``icon``, ``shortcut``, ``options`` (the
    keys of the tool-options bar's controls it reads: ``panels/tool_options.py``) and ``tip``."""

    name: str
    text: str
    group: str  # one of GROUPS
    icon: str
    shortcut: str = ""
    options: tuple[str, ...] = ()  # the option keys the tool-options bar shows for it
    tip: str = ""


#: menu key -> title, in menu-bar order
MENUS = {
    "file": "&File",
    "edit": "&Edit",
    "view": "&View",
    "tools": "&Tools",
    "scenario": "S&cenario",
    "rules": "&Rules",
    "help": "&Help",
}

COMMANDS: tuple[Command | str, ...] = (
    Command("file.new", "&New…", ("std:New",), "std:SP_FileIcon", toolbar=True),
    Command("file.open", "&Open…", ("std:Open",), "std:SP_DialogOpenButton", toolbar=True),
    Command("file.recent", "Open &Recent", kind="submenu"),
    Command("file.start_page", "Start &Page", tip="Recent files, templates and samples"),
    Command("file.save", "&Save", ("std:Save",), "std:SP_DialogSaveButton", toolbar=True),
    Command("file.save_as", "Save &As…", ("std:SaveAs",)),
    Command("file.export_png", "Map as &PNG…", icon="export", submenu="E&xport"),
    Command("file.export_svg", "Map as &SVG…", icon="export", submenu="E&xport"),
    Command(
        "file.import_tiled",
        "&Tiled Map…",
        submenu="&Import",
        tip="A hexagonal map drawn in Tiled (TMJ or TMX); asks the terrain of the tiles no name says",
    ),
    Command(
        "file.print_pdf",
        "&Print to PDF…",
        ("std:Print",),
        "print",
        tip="Print-and-play sheets at a chosen hex size: the map over pages, counters, overlays, templates",
    ),
    SEPARATOR,
    Command(
        "file.close",
        "&Close",
        ("std:Close",),
        tip="Close the file (asking to save changes) and show the start page",
    ),
    Command("file.quit", "&Quit", ("std:Quit",)),
    Command("edit.undo", "&Undo", ("std:Undo",), "undo", toolbar=True, kind="undo"),
    Command("edit.redo", "&Redo", ("std:Redo", "Ctrl+Y"), "redo", toolbar=True, kind="redo"),
    SEPARATOR,
    Command(
        "edit.delete",
        "&Delete",
        ("std:Delete",),
        tip="Delete the selection (or the selected vertex)",
    ),
    Command(
        "edit.copy",
        "&Copy",
        ("std:Copy",),
        tip="Copy the region chosen with Copy region, or the selected objects (system clipboard too)",
    ),
    Command(
        "edit.paste",
        "&Paste",
        ("std:Paste",),
        tip="Paste a region or objects (from any editor window) at the hex under the mouse",
    ),
    Command(
        "edit.duplicate",
        "D&uplicate",
        ("Ctrl+D",),
        tip="Add a copy of the selected object beside it (also on its right-click menu)",
    ),
    Command("view.zoom_in", "Zoom &In", ("+", "=", "std:ZoomIn"), "zoom-in", toolbar=True),
    Command("view.zoom_out", "Zoom &Out", ("-", "std:ZoomOut"), "zoom-out", toolbar=True),
    Command(
        "view.zoom_fit",
        "Zoom to &Fit",
        ("Ctrl+0",),
        "zoom-fit",
        toolbar=True,
        tip="Fit the map to the window (and keep it fitted when the window changes size)",
    ),
    Command("view.labels", "Hex &Labels / Sectors", ("Ctrl+L",), "labels", checkable=True),
    Command("view.layers_menu", "La&yers", kind="submenu"),
    SEPARATOR,
    Command("view.preview", "&Preview", ("Ctrl+B",), "preview", kind="dock", dock="preview"),
    Command("view.terrain", "&Terrain", kind="dock", dock="terrain"),
    Command("view.place", "P&lace", kind="dock", dock="place"),
    Command("view.history", "&History", kind="dock", dock="history"),
    Command("view.scenario", "&Scenario", kind="dock", dock="properties"),
    Command("view.validation", "&Validation", kind="dock", dock="validation"),
    Command("view.minimap", "&Minimap", kind="dock", dock="minimap"),
    Command(
        "view.layers",
        "Layers &Panel",
        icon="layers",
        tip="Show, hide and lock the map's layers",
        kind="dock",
        dock="layers",
    ),
    Command(
        "tools.next_terrain",
        "&Next Terrain",
        ("]",),
        tip="The next terrain of the palette",
    ),
    Command(
        "tools.previous_terrain",
        "&Previous Terrain",
        ("[",),
        tip="The previous terrain of the palette",
    ),
    Command("scenario.properties", "&Properties…", ("Ctrl+Shift+P",), "properties"),
    Command(
        "scenario.dbm_setup",
        "Set Up &Terrain…",
        tip="Lay out a DBM table by the terrain-choosing procedure: dice for sectors and positions",
    ),
    Command("rules.profiles", "Rule &Profiles", kind="submenu"),
    Command("rules.check", "&Check Now", ("F5",), "check"),
    Command(
        "rules.quick_fix",
        "Apply &Quick Fix",
        (QUICK_FIX_KEYS,),
        tip="Apply the quick fix of the finding selected in the Validation dock (one undo step)",
    ),
    Command("help.shortcuts", "&Keyboard Shortcuts", ("F1",), "shortcuts"),
)

#: tool groups in order: the hex map's, then the table map's
HEX_GROUPS = ("Edit", "Terrain", "Dambusters", "Engineers", "Forces")
TABLE_GROUPS = ("Table", "Sewer")
GROUPS = HEX_GROUPS + TABLE_GROUPS
#: groups shown in the Place dock (the others are on the tool bar and in the Tools menu only)
PLACE_GROUPS = ("Dambusters", "Engineers", "Forces", "Table", "Sewer")

#: the tool-options bar's controls, in bar order: option key -> the label shown before it ("" for a
#: check box that names itself); a tool's ``options`` are some of these keys (panels/tool_options.py
#: makes a control for each)
OPTIONS = {
    "terrain": "Terrain",
    "brush_size": "Size",
    "brush_shape": "Shape",
    "path_kind": "Lays",
    "hexside_kind": "Hexside",
    "town": "Town name",
    "fp_mode": "Floodplain mode",
    "size": "Size",
    "unit_type": "Unit type",
    "side": "Side",
    "squads": "Squads",
    "hidden": "",
    "dam": "Dam",
    "area_kind": "Kind",
    "sector": "Sector",
    "width": "Width",
    "downstream": "",
    "strength": "Strength",
}

TERRAIN = ("terrain",)
TOOLS: tuple[ToolEntry, ...] = (
    ToolEntry(
        "select",
        "Select / move",
        "Edit",
        "select",
        "S",
        tip="Pick an object and drag it; a band from empty ground selects several",
    ),
    ToolEntry(
        "region", "Copy region", "Edit", "region", tip="Drag a rectangle of hexes to copy (Ctrl+C, Ctrl+V)"
    ),
    ToolEntry("brush", "Brush", "Terrain", "brush", "B", TERRAIN + ("brush_size", "brush_shape")),
    ToolEntry("rectangle", "Rectangle", "Terrain", "rectangle", "R", TERRAIN),
    ToolEntry("bucket", "Fill", "Terrain", "bucket", "F", TERRAIN, "Fill the connected hexes of one terrain"),
    ToolEntry("eyedropper", "Eyedropper", "Terrain", "eyedropper", "I", tip="Take the terrain of a hex"),
    ToolEntry(
        "path", "Path", "Terrain", "path", "P", ("path_kind",), "Drag a river (upstream first), road or rail"
    ),
    ToolEntry(
        "hexside",
        "Hexside",
        "Terrain",
        "hexside",
        "H",
        ("hexside_kind",),
        "Click near a hexside: stream, ridge, trees...",
    ),
    ToolEntry("dam", "Dam", "Dambusters", "dam", "D", tip="Click a river hex: a dam of 50 SP"),
    ToolEntry("reservoir", "Reservoir", "Dambusters", "reservoir", options=("dam",)),
    ToolEntry("floodplain", "Floodplain", "Dambusters", "floodplain", options=("fp_mode",)),
    ToolEntry("town", "Town", "Dambusters", "town", options=("town",), tip="Shift+stroke takes hexes out"),
    ToolEntry(
        "river-bridge", "River bridge", "Dambusters", "river-bridge", tip="On a hex with a road and a river"
    ),
    ToolEntry(
        "stream-bridge",
        "Stream bridge",
        "Dambusters",
        "stream-bridge",
        tip="On a stream hexside a road crosses",
    ),
    ToolEntry(
        "bridge-out", "Bridge out", "Dambusters", "bridge-out", tip="Click a bridge to mark it out (or back)"
    ),
    ToolEntry("entrench+", "Entrenchment +1", "Engineers", "entrench-plus"),
    ToolEntry("entrench-", "Entrenchment -1", "Engineers", "entrench-minus"),
    ToolEntry("revetment", "Revetment", "Engineers", "revetment", options=("size",)),
    ToolEntry("mine", "Mine", "Engineers", "mine", options=("side", "hidden")),
    ToolEntry("road-cut", "Road cut", "Engineers", "road-cut"),
    ToolEntry("graded-ridge", "Graded ridge", "Engineers", "graded-ridge", tip="Click a ridge hexside"),
    ToolEntry("unit", "Unit", "Forces", "unit", "U", ("unit_type", "side", "squads")),
    ToolEntry("zone", "Setup zone", "Forces", "zone", "Z", ("side",), "Shift+stroke takes hexes out"),
    ToolEntry(
        "vertex",
        "Select / edit vertices",
        "Table",
        "vertex",
        "S",
        tip="Drag a vertex or a whole shape; a band from empty cloth selects several",
    ),
    ToolEntry("area", "Area", "Table", "area", options=("area_kind", "sector")),
    ToolEntry("table-river", "River", "Table", "table-river", options=("width", "downstream")),
    ToolEntry("table-road", "Road", "Table", "table-road"),
    ToolEntry("waterway", "Waterway", "Table", "waterway"),
    ToolEntry("corridor", "Sewer corridor", "Sewer", "corridor", options=("width",)),
    ToolEntry("node", "Sewer node", "Sewer", "node"),
    ToolEntry("grate", "Grate", "Sewer", "grate"),
    ToolEntry("sluice-gate", "Sluice gate", "Sewer", "sluice-gate"),
    ToolEntry("cave-in", "Cave-in", "Sewer", "cave-in"),
    ToolEntry("gantry", "Gantry", "Sewer", "gantry"),
    ToolEntry("flood-origin", "Flood origin", "Sewer", "flood-origin"),
    ToolEntry("model", "Model", "Sewer", "model", options=("side", "strength")),
)
TOOL = {t.name: t for t in TOOLS}
DEFAULT_TOOL: dict[MapKind, str] = {"hex": "brush", "table": "vertex"}

#: keys that are not actions: (keys, what), for the shortcuts page
NAVIGATION: tuple[tuple[str, str], ...] = (
    ("Space + drag", "Pan the map"),
    ("Middle button drag", "Pan the map"),
    ("Wheel", "Zoom in or out under the mouse"),
    ("Shift + stroke", "Take hexes out of a town or setup zone"),
    ("Double-click or Enter", "Finish the shape being drawn (table maps)"),
    ("Escape", "Drop the shape being drawn"),
)


def tools_for(kind: MapKind) -> tuple[ToolEntry, ...]:
    """The tools of a hex or a table map, in group order."""
    groups = HEX_GROUPS if kind == "hex" else TABLE_GROUPS
    return tuple(t for g in groups for t in TOOLS if t.group == g)


def commands() -> tuple[Command, ...]:
    """The commands, without the separators between them."""
    return tuple(c for c in COMMANDS if isinstance(c, Command))
