"""The one table of the map's layers (Qt-free), read by the Layers dock, the View > Layers menu, the
scenes (each layer's graphics hang under one root item at the layer's z) and the tests.

A layer can be hidden (its graphics are not drawn) and locked (its objects cannot be selected, dragged
or deleted and the tools that edit it do nothing). ``tools`` names the catalog tools
(editor/actions/catalog.py) that edit the layer; ``objects`` the model classes the select tools pick
in it. A layer with a ``band`` holds the scene's top-level items whose z lies in that band, drawn by
other parts of the editor (the breach and flood previews, the heat map).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Layer:
    key: str
    title: str
    z: float  # the stacking order of the layer's root item in the scene
    tools: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()  # class names of the model objects that belong to the layer
    lockable: bool = True  # overlays have nothing to select or edit
    band: tuple[float, float] | None = None
    tip: str = ""


VALIDATION = Layer(
    "validation",
    "Validation overlay",
    990,
    lockable=False,
    tip="The rings around rule violations and the witness of the clicked one",
)
PREVIEW = Layer(
    "preview",
    "Preview overlay",
    50,
    lockable=False,
    band=(50.0, 100.0),
    tip="The breach or flash-flood preview and the Monte Carlo heat map",
)

#: bottom to top
HEX_LAYERS: tuple[Layer, ...] = (
    Layer("terrain", "Terrain", 0, ("brush", "rectangle", "bucket")),
    Layer("towns", "Towns and floodplain", 10, ("town", "floodplain"), ("Town",)),
    Layer("hexsides", "Hexsides", 11, ("hexside",), ("HexsideFeature",), tip="Streams, ridges, trees"),
    Layer("rivers", "Rivers", 12, ("path:river",), ("River",)),
    Layer("roads", "Roads and rails", 13, ("path:road", "path:rail"), ("Route",)),
    Layer(
        "dams",
        "Dams and bridges",
        14,
        ("dam", "reservoir", "river-bridge", "stream-bridge", "bridge-out"),
        ("Dam", "RiverBridge", "StreamBridge"),
        tip="Dams with their reservoirs, bridges, bridges out",
    ),
    Layer(
        "markers",
        "Markers",
        15,
        ("entrench+", "entrench-", "revetment", "mine", "road-cut", "graded-ridge"),
        ("Entrenchment", "Revetment", "Mine", "RoadCut"),
        tip="Entrenchments, revetments, mines, road cuts, graded ridges",
    ),
    Layer("zones", "Setup zones", 16, ("zone",), ("SetupZone",)),
    PREVIEW,  # under the hex numbers and the counters: the hexes the preview's log names stay readable
    Layer(
        "labels",
        "Hex labels",
        101,
        tip="Column and row of each hex, when the zoom makes them readable (Ctrl+L)",
    ),
    Layer("units", "Units", 102, ("unit",), ("Unit",)),
    VALIDATION,
)

TABLE_LAYERS: tuple[Layer, ...] = (
    Layer("areas", "Areas", 1, ("area",), ("Area",), tip="Hills, woods, marsh, fields, built-up areas"),
    Layer("waterway", "Waterway", 2, ("waterway",), ("Waterway",)),
    Layer("rivers", "Rivers", 3, ("table-river",), ("TableRiver",)),
    Layer("roads", "Roads", 4, ("table-road",), ("TableRoad",)),
    Layer(
        "sewer",
        "Sewer",
        5,
        ("corridor", "gantry", "node", "grate", "sluice-gate", "cave-in", "flood-origin"),
        ("Corridor", "Gantry", "SewerPoint"),
        tip="Corridors, gantries, nodes, grates, sluice gates, cave-ins",
    ),
    Layer("models", "Models", 9, ("model",), ("Model",)),
    Layer("sectors", "DBM sectors", 40, tip="The six deployment sectors (Ctrl+L)"),
    VALIDATION,
    PREVIEW,
)

#: the layer View > Hex Labels / Sectors (Ctrl+L) shows and hides
LABELS_LAYER = {"hex": "labels", "table": "sectors"}


def layers_for(kind: str) -> tuple[Layer, ...]:
    """The layers of a hex or a table map, bottom to top."""
    return HEX_LAYERS if kind == "hex" else TABLE_LAYERS


def layer(kind: str, key: str) -> Layer:
    return next(lay for lay in layers_for(kind) if lay.key == key)


def default_visible(kind: str, key: str, profiles=()) -> bool:
    """Every layer shows, but the DBM sectors only on tables that follow the DBM terrain rules."""
    return key != "sectors" or "dbm-terrain" in profiles


def tool_layer(kind: str, tool: str, path_kind: str = "") -> str | None:
    """The layer a tool edits (the path tool's depends on its kind: river, road or rail), or None for
    tools that edit no one layer (select, copy region, eyedropper)."""
    names = (f"{tool}:{path_kind}", tool)
    return next((lay.key for lay in layers_for(kind) for n in names if n in lay.tools), None)


def object_layer(kind: str, obj) -> str | None:
    """The layer a model object is drawn in (and selected from)."""
    name = type(obj).__name__
    return next((lay.key for lay in layers_for(kind) if name in lay.objects), None)
