"""How dambuster's data is named and coloured in a Tiled map, written once for the writers and readers.

Names: every custom property dambuster writes (on the map, on objects, on tiles) is ``dambuster:NAME``,
so none can clash with a field Tiled or a loader already has (pytmx refuses a property called ``id``
or ``name`` on an object: "Reserved names and duplicate names are not allowed"). Readers take
``dambuster:NAME`` first and the bare ``NAME`` that earlier exports (and hand-made maps) used.

Colours: every object layer carries Tiled's layer ``color``, which Tiled uses to draw the layer's
objects; units, sewer models and their layers take their side's counter colour.
"""

from __future__ import annotations

from typing import Any, cast

PREFIX = "dambuster:"
#: map properties of exports made before the namespace (still read)
LEGACY_MAP_NAMES = {"rules": "dambuster.rules", "format": "dambuster.format"}

#: object layer -> Tiled layer colour (#rrggbb); docs/tiled.md lists the same table
LAYER_COLOURS: dict[str, str] = {
    # hex maps
    "streams": "#3d9be9",
    "ridges": "#a0622d",
    "trees": "#2e7d32",
    "cleared ridges": "#c9a26b",
    "rivers": "#1f5fbf",
    "roads": "#8b5a2b",
    "rails": "#303030",
    "dams": "#5c7590",
    "bridges": "#e07000",
    "towns": "#b03a3a",
    "floodplain": "#2fa89a",
    "markers": "#c8102e",
    "setup zones": "#8e44ad",
    # table maps
    "table": "#707070",
    "sectors": "#a0a0a0",
    "waterway": "#174a9c",
    "sewer corridors": "#607d8b",
    "sewer fittings": "#d4a017",
    "gantries": "#6d4c41",
}
#: table area kind -> colour of the area's layer (the layer is named after the kind)
AREA_COLOURS: dict[str, str] = {
    "hill-gentle": "#b8955a",
    "hill-steep": "#8a5a2b",
    "hill-wooded": "#6b8e23",
    "hill-rocky": "#8d7b68",
    "wood": "#2e7d32",
    "marsh": "#2fa89a",
    "rocky": "#757575",
    "dunes": "#d4b44a",
    "fields-open": "#a4b83a",
    "fields-enclosed": "#7c9a2e",
    "bua": "#b03a3a",
}
#: a layer of units (or models) whose side the scenario does not list
UNKNOWN_SIDE_COLOUR = "#808080"

#: hexside feature kind -> the layer it is drawn in
HEXSIDE_LAYERS = {"stream": "streams", "ridge": "ridges", "trees": "trees", "cleared-ridge": "cleared ridges"}


def ours(name: str) -> str:
    """The property name dambuster writes for one of its fields."""
    return PREFIX + name


def prop(name: str, value: Any) -> dict[str, Any]:
    """One typed Tiled property named ``dambuster:<name>``."""
    if isinstance(value, bool):
        kind = "bool"
    elif isinstance(value, int):
        kind = "int"
    elif isinstance(value, float):
        kind = "float"
    else:
        kind, value = "string", str(value)
    return {"name": ours(name), "type": kind, "value": value}


def properties_of(node: dict[str, Any]) -> dict[str, Any]:
    """A node's custom properties as written (names as they are)."""
    props: object = node.get("properties") or []
    if isinstance(props, dict):  # maps written before Tiled 1.2
        by_name = cast("dict[object, object]", props)  # a parsed JSON object: nothing more is assumed
        return {k: v for k, v in by_name.items() if isinstance(k, str)}
    if not isinstance(props, list):
        return {}
    entries = cast("list[object]", props)  # a parsed JSON array
    out: dict[str, Any] = {}
    for p in entries:
        if isinstance(p, dict):
            entry = cast("dict[str, object]", p)  # a parsed JSON object
            name = entry.get("name")
            if isinstance(name, str):
                out[name] = entry.get("value")
    return out


def read_ours(node: dict[str, Any]) -> dict[str, Any]:
    """A node's properties by bare name: ``dambuster:id`` wins over ``id`` (earlier exports, hand-made maps)."""
    named = properties_of(node)  # names are strings
    out = {k: v for k, v in named.items() if not k.startswith(PREFIX)}
    out.update({k[len(PREFIX) :]: v for k, v in named.items() if k.startswith(PREFIX)})
    return out


def map_property(raw: dict[str, Any], name: str) -> Any:
    """A map-wide property of ours (``rules``, ``format``...): the namespaced name, else the earlier one."""
    if ours(name) in raw:
        return raw[ours(name)]
    return raw.get(LEGACY_MAP_NAMES.get(name, ours(name)))
