"""GeoPackage and FlatGeobuf exports for GIS tools (QGIS, GDAL/OGR, geopandas), through pyogrio.

The features are the GeoJSON export's (interop/geojson.py), in a plane a GIS draws the right way up:

* **y up**: a table's y becomes ``depth - y`` (its near edge, y = depth in the scenario, at the bottom;
  the table is drawn as the editor draws it); a hex map's y becomes ``-y``;
* **a local engineering CRS**, written into the file as WKT2 (``ENGCRS``): coordinates stay table units
  (paces, inches, mm) or hexes, and the CRS's unit says how long one is on the table (a pace of the
  table's figures: 0.5 mm for 15mm, 0.8 mm for 25mm; an inch of 25.4 mm; a millimetre), so a GIS
  measures real lengths, never reads the numbers as longitude and latitude, and refuses to reproject
  them onto the Earth (there is no place on the Earth to put a table). A hex map's unit is one hex
  (centre to centre), declared as a metre.

A GeoPackage (``.gpkg``) holds one layer per kind of feature (``hex``, ``river``, ``road``, ``area``...;
a kind with several geometry types, the sewer, is split: ``sewer-lines``, ``sewer-points``...); a
FlatGeobuf file (``.fgb``) holds one layer, of mixed geometry, whose ``layer`` field says the kind.
"""

from __future__ import annotations

import math
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dambuster.model.ground_scale import FIGURES, MM_PER_50_PACES
from dambuster.model.scenario import Scenario, TableMap

from .geojson import to_geojson

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

DRIVERS = {".gpkg": "GPKG", ".fgb": "FlatGeobuf"}
GEOMETRY_GROUP = {"Point": "points", "LineString": "lines", "Polygon": "polygons"}


class GISError(ValueError):
    """The export cannot be written (pyogrio missing): one sentence."""


def unit_of(scenario: Scenario) -> tuple[str, float]:
    """The CRS's unit: its name and its length in metres on the table."""
    m = scenario.map
    if not isinstance(m, TableMap):
        return "hex", 1.0
    if m.unit == "mm":
        return "millimetre", 0.001
    if m.unit == "inches":
        return "inch", 0.0254  # a tape measure's inch (DBM's rules round it to 25 mm: model/ground_scale.py)
    return "pace", float(MM_PER_50_PACES[FIGURES[m.figures]] / 50) / 1000


def engineering_crs(scenario: Scenario) -> str:
    """The local engineering CRS of the export, as WKT2."""
    unit, metres = unit_of(scenario)
    table = isinstance(scenario.map, TableMap)
    what = "table" if table else "hex map"
    origin = "the table's near left corner" if table else "the centre of hex (0, 0)"
    length = f'LENGTHUNIT["{unit}",{metres!r}]'
    return (
        f'ENGCRS["dambuster {what} (1 unit = 1 {unit})",EDATUM["{origin}"],CS[Cartesian,2],'
        f'AXIS["x: to the right",east,ORDER[1],{length}],'
        f'AXIS["y: up",north,ORDER[2],{length}]]'
    )


def _flip(geometry: dict[str, Any], top: float) -> dict[str, Any]:
    """The geometry with y turned up (y -> top - y); a polygon's rings keep their turning sense."""

    def pos(p: Sequence[float]) -> list[float]:
        return [p[0], top - p[1] + 0.0]

    kind, coords = geometry["type"], geometry["coordinates"]
    if kind == "Point":
        return {"type": kind, "coordinates": pos(coords)}
    if kind == "LineString":
        return {"type": kind, "coordinates": [pos(p) for p in coords]}
    return {"type": kind, "coordinates": [[pos(p) for p in reversed(r)] for r in coords]}


def gis_features(scenario: Scenario, sectors: bool | None = None) -> list[dict[str, Any]]:
    """The GeoJSON export's features, y up."""
    m = scenario.map
    top = float(m.depth) if isinstance(m, TableMap) else 0.0
    return [{**f, "geometry": _flip(f["geometry"], top)} for f in to_geojson(scenario, sectors)["features"]]


def _columns(features: list[dict[str, Any]]) -> tuple[list[str], list[NDArray[Any]], list[NDArray[np.bool_]]]:
    """Field names, values (one array per field, typed) and null masks, from the features' properties."""
    import numpy as np

    names = list(dict.fromkeys(k for f in features for k in f["properties"]))
    data: list[NDArray[Any]] = []
    masks: list[NDArray[np.bool_]] = []
    for name in names:
        values = [f["properties"].get(name) for f in features]
        present = [v for v in values if v is not None]
        if present and all(isinstance(v, bool) for v in present):
            arr = np.array([bool(v) for v in values], dtype=bool)
        elif present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
            arr = np.array([v or 0 for v in values], dtype=np.int64)
        elif present and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in present):
            arr = np.array([math.nan if v is None else float(v) for v in values], dtype=np.float64)
        else:
            arr = np.array(["" if v is None else str(v) for v in values], dtype=object)
        data.append(arr)
        masks.append(np.array([v is None for v in values], dtype=bool))
    return names, data, masks


def _layers(features: list[dict[str, Any]], one_layer: bool) -> dict[str, list[dict[str, Any]]]:
    if one_layer:
        return {"dambuster": features}
    kinds: dict[str, set[str]] = defaultdict(set)
    for f in features:
        kinds[f["properties"]["layer"]].add(f["geometry"]["type"])
    layers: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for f in features:
        layer = f["properties"]["layer"]
        if len(kinds[layer]) > 1:
            layer = f"{layer}-{GEOMETRY_GROUP[f['geometry']['type']]}"
        layers[layer].append(f)
    return layers


def gis_bytes(scenario: Scenario, suffix: str, sectors: bool | None = None) -> bytes:
    """The file's bytes for ``suffix`` (.gpkg or .fgb), built in a private folder."""
    try:
        import numpy as np
        import pyogrio.raw  # pyright: ignore[reportMissingTypeStubs]  # pyogrio ships no types
        from shapely import to_wkb
        from shapely.geometry import shape
    except ImportError:
        raise GISError(
            f"writing {suffix} needs pyogrio (GDAL): pip install 'dambuster[gis]', or write .geojson"
        ) from None
    driver = DRIVERS[suffix]
    crs = engineering_crs(scenario)
    with tempfile.TemporaryDirectory(prefix="dambuster-gis-") as folder:
        path = Path(folder) / f"export{suffix}"
        layers = _layers(gis_features(scenario, sectors), one_layer=driver == "FlatGeobuf")
        for n, (name, feats) in enumerate(layers.items()):
            types = {f["geometry"]["type"] for f in feats}
            names, data, masks = _columns(feats)
            pyogrio.raw.write(  # pyright: ignore[reportUnknownMemberType]  # untyped: see the import
                str(path),
                np.array([to_wkb(shape(f["geometry"])) for f in feats], dtype=object),
                data,
                names,
                field_mask=masks,
                layer=name,
                driver=driver,
                geometry_type=types.pop() if len(types) == 1 else "Unknown",
                crs=crs,
                append=n > 0,
                # GeoPackage 1.2: the version GDAL 3.6 (Debian 12) reads without a warning
                dataset_options={"VERSION": "1.2"} if driver == "GPKG" and n == 0 else None,
            )
        return path.read_bytes()
