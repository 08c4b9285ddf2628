"""The one table of the editor's actions (Qt-free): commands for the menus and the main tool bar,
tools for the tool bar, the Tools menu and the Place dock, and the keys that are not actions
(panning, zooming with the wheel...) for the shortcuts page.

A command's ``handler`` names what it calls on the main window: an attribute path
(``"file_save"``, ``"view.zoom_in"``), ``"dock:KEY"`` (the dock's show/hide action),
``"undo"``/``"redo"`` (the undo stack's own actions) or ``"menu:ATTR"`` (an empty submenu the window
fills, e.g. recent files). A shortcut is portable text (``"Ctrl+0"``) or ``"std:NAME"`` for a
``QKeySequence.StandardKey``; an icon is one of ours (``resources/icons/NAME.svg``) or
``"std:NAME"`` for a ``QStyle.StandardPixmap``.
"""

from __future__ import annotations

from dataclasses import dataclass

SEPARATOR = "-"
QUICK_FIX_KEYS = "Ctrl+."  # as VS Code's quick fix; the Validation dock shows it on its Fix button and menu


@dataclass(frozen=True)
class Command:
    name: str  # "file.save": the menu key before the dot
    text: str  # menu text with its & mnemonic
    handler: str
    shortcuts: tuple[str, ...] = ()
    icon: str | None = None
    toolbar: bool = False  # also on the main tool bar
    checkable: bool = False
    tip: str = ""
    submenu: str = ""  # shown in this submenu of its menu ("E&xport")


@dataclass(frozen=True)
class Tool:
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
    Command("file.new", "&New…", "file_new", ("std:New",), "std:SP_FileIcon", toolbar=True),
    Command("file.open", "&Open…", "file_open", ("std:Open",), "std:SP_DialogOpenButton", toolbar=True),
    Command("file.recent", "Open &Recent", "menu:recent_menu"),
    Command(
        "file.start_page", "Start &Page", "start_page.show_page", tip="Recent files, templates and samples"
    ),
    Command("file.save", "&Save", "file_save", ("std:Save",), "std:SP_DialogSaveButton", toolbar=True),
    Command("file.save_as", "Save &As…", "file_save_as", ("std:SaveAs",)),
    Command("file.export_png", "Map as &PNG…", "exporter.export_png", icon="export", submenu="E&xport"),
    Command("file.export_svg", "Map as &SVG…", "exporter.export_svg", icon="export", submenu="E&xport"),
    Command(
        "file.import_tiled",
        "&Tiled Map…",
        "import_tiled",
        submenu="&Import",
        tip="A hexagonal map drawn in Tiled (TMJ or TMX); asks the terrain of the tiles no name says",
    ),
    Command(
        "file.print_pdf",
        "&Print to PDF…",
        "print_pdf",
        ("std:Print",),
        "print",
        tip="Print-and-play sheets at a chosen hex size: the map over pages, counters, overlays, templates",
    ),
    SEPARATOR,
    Command(
        "file.close",
        "&Close",
        "start_page.close_file",
        ("std:Close",),
        tip="Close the file (asking to save changes) and show the start page",
    ),
    Command("file.quit", "&Quit", "close", ("std:Quit",)),
    Command("edit.undo", "&Undo", "undo", ("std:Undo",), "undo", toolbar=True),
    Command("edit.redo", "&Redo", "redo", ("std:Redo", "Ctrl+Y"), "redo", toolbar=True),
    SEPARATOR,
    Command(
        "edit.delete",
        "&Delete",
        "delete_selection",
        ("std:Delete",),
        tip="Delete the selection (or the selected vertex)",
    ),
    Command(
        "edit.copy",
        "&Copy",
        "copy_region",
        ("std:Copy",),
        tip="Copy the region chosen with Copy region, or the selected objects (system clipboard too)",
    ),
    Command(
        "edit.paste",
        "&Paste",
        "paste_region",
        ("std:Paste",),
        tip="Paste a region or objects (from any editor window) at the hex under the mouse",
    ),
    Command(
        "edit.duplicate",
        "D&uplicate",
        "duplicate_selection",
        ("Ctrl+D",),
        tip="Add a copy of the selected object beside it (also on its right-click menu)",
    ),
    Command("view.zoom_in", "Zoom &In", "view.zoom_in", ("+", "=", "std:ZoomIn"), "zoom-in", toolbar=True),
    Command("view.zoom_out", "Zoom &Out", "view.zoom_out", ("-", "std:ZoomOut"), "zoom-out", toolbar=True),
    Command(
        "view.zoom_fit",
        "Zoom to &Fit",
        "view.zoom_to_fit",
        ("Ctrl+0",),
        "zoom-fit",
        toolbar=True,
        tip="Fit the map to the window (and keep it fitted when the window changes size)",
    ),
    Command("view.labels", "Hex &Labels / Sectors", "_labels_toggled", ("Ctrl+L",), "labels", checkable=True),
    Command("view.layers_menu", "La&yers", "menu:layers_menu"),
    SEPARATOR,
    Command("view.preview", "&Preview", "dock:preview", ("Ctrl+B",), "preview"),
    Command("view.terrain", "&Terrain", "dock:terrain"),
    Command("view.place", "P&lace", "dock:place"),
    Command("view.history", "&History", "dock:history"),
    Command("view.scenario", "&Scenario", "dock:properties"),
    Command("view.validation", "&Validation", "dock:validation"),
    Command("view.minimap", "&Minimap", "dock:minimap"),
    Command(
        "view.layers",
        "Layers &Panel",
        "dock:layers",
        icon="layers",
        tip="Show, hide and lock the map's layers",
    ),
    Command(
        "tools.next_terrain",
        "&Next Terrain",
        "terrain_choice.cycle_forward",
        ("]",),
        tip="The next terrain of the palette",
    ),
    Command(
        "tools.previous_terrain",
        "&Previous Terrain",
        "terrain_choice.cycle_back",
        ("[",),
        tip="The previous terrain of the palette",
    ),
    Command("scenario.properties", "&Properties…", "open_properties", ("Ctrl+Shift+P",), "properties"),
    Command(
        "scenario.dbm_setup",
        "Set Up &Terrain…",
        "open_dbm_setup",
        tip="Lay out a DBM table by the terrain-choosing procedure: dice for sectors and positions",
    ),
    Command("rules.profiles", "Rule &Profiles", "menu:profiles_menu"),
    Command("rules.check", "&Check Now", "validator.run", ("F5",), "check"),
    Command(
        "rules.quick_fix",
        "Apply &Quick Fix",
        "validation_panel.fix_selected",
        (QUICK_FIX_KEYS,),
        tip="Apply the quick fix of the finding selected in the Validation dock (one undo step)",
    ),
    Command("help.shortcuts", "&Keyboard Shortcuts", "show_shortcuts", ("F1",), "shortcuts"),
)

#: tool groups in order: the hex map's, then the table map's
HEX_GROUPS = ("Edit", "Terrain", "Dambusters", "Engineers", "Forces")
TABLE_GROUPS = ("Table", "Sewer")
GROUPS = HEX_GROUPS + TABLE_GROUPS
#: groups shown in the Place dock (the others are on the tool bar and in the Tools menu only)
PLACE_GROUPS = ("Dambusters", "Engineers", "Forces", "Table", "Sewer")

TERRAIN = ("terrain",)
TOOLS: tuple[Tool, ...] = (
    Tool(
        "select",
        "Select / move",
        "Edit",
        "select",
        "S",
        tip="Pick an object and drag it; a band from empty ground selects several",
    ),
    Tool("region", "Copy region", "Edit", "region", tip="Drag a rectangle of hexes to copy (Ctrl+C, Ctrl+V)"),
    Tool("brush", "Brush", "Terrain", "brush", "B", TERRAIN + ("brush_size", "brush_shape")),
    Tool("rectangle", "Rectangle", "Terrain", "rectangle", "R", TERRAIN),
    Tool("bucket", "Fill", "Terrain", "bucket", "F", TERRAIN, "Fill the connected hexes of one terrain"),
    Tool("eyedropper", "Eyedropper", "Terrain", "eyedropper", "I", tip="Take the terrain of a hex"),
    Tool(
        "path", "Path", "Terrain", "path", "P", ("path_kind",), "Drag a river (upstream first), road or rail"
    ),
    Tool(
        "hexside",
        "Hexside",
        "Terrain",
        "hexside",
        "H",
        ("hexside_kind",),
        "Click near a hexside: stream, ridge, trees...",
    ),
    Tool("dam", "Dam", "Dambusters", "dam", "D", tip="Click a river hex: a dam of 50 SP"),
    Tool("reservoir", "Reservoir", "Dambusters", "reservoir", options=("dam",)),
    Tool("floodplain", "Floodplain", "Dambusters", "floodplain", options=("fp_mode",)),
    Tool("town", "Town", "Dambusters", "town", options=("town",), tip="Shift+stroke takes hexes out"),
    Tool(
        "river-bridge", "River bridge", "Dambusters", "river-bridge", tip="On a hex with a road and a river"
    ),
    Tool(
        "stream-bridge",
        "Stream bridge",
        "Dambusters",
        "stream-bridge",
        tip="On a stream hexside a road crosses",
    ),
    Tool(
        "bridge-out", "Bridge out", "Dambusters", "bridge-out", tip="Click a bridge to mark it out (or back)"
    ),
    Tool("entrench+", "Entrenchment +1", "Engineers", "entrench-plus"),
    Tool("entrench-", "Entrenchment -1", "Engineers", "entrench-minus"),
    Tool("revetment", "Revetment", "Engineers", "revetment", options=("size",)),
    Tool("mine", "Mine", "Engineers", "mine", options=("side", "hidden")),
    Tool("road-cut", "Road cut", "Engineers", "road-cut"),
    Tool("graded-ridge", "Graded ridge", "Engineers", "graded-ridge", tip="Click a ridge hexside"),
    Tool("unit", "Unit", "Forces", "unit", "U", ("unit_type", "side", "squads")),
    Tool("zone", "Setup zone", "Forces", "zone", "Z", ("side",), "Shift+stroke takes hexes out"),
    Tool(
        "vertex",
        "Select / edit vertices",
        "Table",
        "vertex",
        "S",
        tip="Drag a vertex or a whole shape; a band from empty cloth selects several",
    ),
    Tool("area", "Area", "Table", "area", options=("area_kind", "sector")),
    Tool("table-river", "River", "Table", "table-river", options=("width", "downstream")),
    Tool("table-road", "Road", "Table", "table-road"),
    Tool("waterway", "Waterway", "Table", "waterway"),
    Tool("corridor", "Sewer corridor", "Sewer", "corridor", options=("width",)),
    Tool("node", "Sewer node", "Sewer", "node"),
    Tool("grate", "Grate", "Sewer", "grate"),
    Tool("sluice-gate", "Sluice gate", "Sewer", "sluice-gate"),
    Tool("cave-in", "Cave-in", "Sewer", "cave-in"),
    Tool("gantry", "Gantry", "Sewer", "gantry"),
    Tool("flood-origin", "Flood origin", "Sewer", "flood-origin"),
    Tool("model", "Model", "Sewer", "model", options=("side", "strength")),
)
TOOL = {t.name: t for t in TOOLS}
DEFAULT_TOOL = {"hex": "brush", "table": "vertex"}

#: keys that are not actions: (keys, what), for the shortcuts page
NAVIGATION: tuple[tuple[str, str], ...] = (
    ("Space + drag", "Pan the map"),
    ("Middle button drag", "Pan the map"),
    ("Wheel", "Zoom in or out under the mouse"),
    ("Shift + stroke", "Take hexes out of a town or setup zone"),
    ("Double-click or Enter", "Finish the shape being drawn (table maps)"),
    ("Escape", "Drop the shape being drawn"),
)


def tools_for(kind: str) -> tuple[Tool, ...]:
    """The tools of a hex or a table map, in group order."""
    groups = HEX_GROUPS if kind == "hex" else TABLE_GROUPS
    return tuple(t for g in groups for t in TOOLS if t.group == g)


def commands() -> tuple[Command, ...]:
    return tuple(c for c in COMMANDS if isinstance(c, Command))
