"""GeoJSON export of table maps and hex maps (RFC 7946 structure).

One FeatureCollection: areas, the waterway and gantries as Polygons (exterior ring counter-clockwise,
closed: the first position repeated last); rivers, roads and sewer corridors as LineStrings; sewer
nodes, grates, sluice gates, cave-ins, the flood origin and models as Points; the six DBM sectors as
Polygons when the scenario follows the dbm-terrain profile (or when asked).

Coordinates are table units (paces, inches or mm), x along the table's width and y along its depth,
in a local plane that is not geographic: RFC 7946 says positions are WGS 84 longitude/latitude, so a
GIS must be told to treat the file as a local, non-georeferenced CRS. The foreign member
``dambuster`` says so and carries the unit and the table's size; ``bbox`` is the table.

Every feature has the properties id, kind, sector, placed_by and name (null where they do not apply)
plus ``layer`` (area, waterway, river, road, sector, sewer, table) and the properties of its kind.

A hex map is one Polygon per hex (layer ``hex``: its ``label``, ``terrain``, ``q``, ``r`` and
``features``, what stands on it such as ``dam:D1; town:Lyon``) and LineStrings through hex centres for
rivers, roads and rails (upstream first), plus one per hexside feature (stream, ridge, trees...) along
the edge; the plane is interop/hexgeometry.py's (neighbouring hexes 1 apart, y down). GIS tools want y
up and a CRS that is not longitude/latitude: interop/gis.py writes the same features as a GeoPackage or
FlatGeobuf file that way.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from dambuster.model.escape import json_escapes
from dambuster.model.hexgrid import Hex
from dambuster.model.scenario import HexMap, Scenario, TableMap

from .hexgeometry import centre, corners, hex_features, hexside_segment

Point = Sequence[float]


# ------------------------------------------------------------------------------ geometry
def signed_area(points: Sequence[Point]) -> float:
    """Shoelace area: positive when the points run counter-clockwise (x right, y up)."""
    pts = list(points)
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1])) / 2


def ring(points: Sequence[Point], ccw: bool = True) -> list[list[float]]:
    """A closed linear ring, counter-clockwise unless ``ccw`` is False (holes run clockwise)."""
    pts = [[float(x), float(y)] for x, y in points]
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    if (signed_area(pts) < 0) == ccw:
        pts.reverse()
    return pts + pts[:1]


def polygon(points: Sequence[Point]) -> dict[str, Any]:
    return {"type": "Polygon", "coordinates": [ring(points)]}


def line(points: Sequence[Point]) -> dict[str, Any]:
    return {"type": "LineString", "coordinates": [[float(x), float(y)] for x, y in points]}


def point(p: Point) -> dict[str, Any]:
    return {"type": "Point", "coordinates": [float(p[0]), float(p[1])]}


def feature(
    geometry: dict[str, Any],
    layer: str,
    kind: str,
    id: str | None = None,
    *,
    sector: int | None = None,
    placed_by: str | None = None,
    name: str | None = None,
    **more: Any,
) -> dict[str, Any]:
    props = {
        "id": id,
        "kind": kind,
        "sector": sector,
        "placed_by": placed_by,
        "name": name or None,
        "layer": layer,
    }
    props.update(more)
    out = {"type": "Feature", "geometry": geometry, "properties": props}
    if id is not None:
        out["id"] = id
    return out


# ------------------------------------------------------------------------------ features
def table_features(m: TableMap) -> Iterator[dict[str, Any]]:
    yield feature(
        polygon([(0, 0), (m.width, 0), (m.width, m.depth), (0, m.depth)]),
        "table",
        "table",
        "table",
        unit=m.unit,
        width=m.width,
        depth=m.depth,
    )


def area_features(m: TableMap) -> Iterator[dict[str, Any]]:
    for a in m.areas:
        yield feature(
            polygon(a.polygon), "area", a.kind, a.id, sector=a.sector, placed_by=a.placed_by, name=a.name
        )
    if m.waterway is not None:
        w = m.waterway
        yield feature(polygon(w.polygon), "waterway", "waterway", w.id, placed_by=w.placed_by, edge=w.edge)


def water_features(m: TableMap) -> Iterator[dict[str, Any]]:
    for r in m.rivers:
        # flow: the line runs downstream (its first position is upstream); flows_into: where it ends
        yield feature(
            line(r.line),
            "river",
            "river",
            r.id,
            placed_by=r.placed_by,
            name=r.name,
            width=r.width,
            flow="downstream",
            flows_into=r.flows_into,
        )


def road_features(m: TableMap) -> Iterator[dict[str, Any]]:
    for r in m.roads:
        yield feature(line(r.line), "road", "road", r.id, placed_by=r.placed_by, name=r.name)


def sector_features(m: TableMap) -> Iterator[dict[str, Any]]:
    from dambuster.validators.dbm.table import Frame

    for k, poly in Frame.of(m).sectors():
        yield feature(
            polygon(list(poly.exterior.coords)),
            "sector",
            "sector",
            f"sector-{k}",
            sector=k,
            name=f"Sector {k}",
        )


def sewer_features(m: TableMap) -> Iterator[dict[str, Any]]:
    s = m.sewer
    if s is None:
        return
    lines: dict[str, Sequence[Point]] = {}
    for c in s.corridors:
        lines[c.id] = c.line
        yield feature(line(c.line), "sewer", "corridor", c.id, name=c.name, width=c.width)
    for kind, points in (
        ("node", s.nodes),
        ("grate", s.grates),
        ("sluice-gate", s.sluice_gates),
        ("cave-in", s.cave_ins),
    ):
        for p in points:
            yield feature(point(p.point), "sewer", kind, p.id)
    for g in s.gantries:
        yield feature(polygon(g.polygon), "sewer", "gantry", g.id)
    if s.flood_origin is not None:
        yield feature(point(s.flood_origin), "sewer", "flood-origin", "flood-origin")
    for md in s.models:
        where = along(lines.get(md.corridor, []), md.position)
        if where is not None:
            yield feature(
                point(where),
                "sewer",
                "model",
                md.id,
                name=md.name,
                side=md.side,
                strength=md.strength,
                corridor=md.corridor,
                position=md.position,
            )


def along(pts: Sequence[Point], distance: float) -> tuple[float, float] | None:
    """The point ``distance`` table units along a polyline (clamped to its ends), as shapely's interpolate."""
    if not pts:
        return None
    from shapely.geometry import LineString

    if len(pts) == 1:
        return float(pts[0][0]), float(pts[0][1])
    p = LineString(pts).interpolate(distance)
    return p.x, p.y


# ------------------------------------------------------------------------------ hex maps
def hex_map_features(m: HexMap) -> Iterator[dict[str, Any]]:
    layout = m.layout
    for h, on in hex_features(m):
        label = layout.label(h)
        yield feature(
            polygon(corners(layout, h)),
            "hex",
            m.terrain[h],
            label,
            label=label,
            terrain=m.terrain[h],
            q=h[0],
            r=h[1],
            features="; ".join(on) or None,
        )

    def through(hexes: Iterable[Hex]) -> dict[str, Any]:
        pts = [centre(layout, (h[0], h[1])) for h in hexes]
        return line(pts if len(pts) > 1 else pts * 2)

    for r in m.rivers:
        yield feature(through(r.hexes), "river", "river", r.id, name=r.name, flow="downstream", joins=r.joins)
    for key in ("roads", "rails"):
        for route in getattr(m, key):
            yield feature(through(route.hexes), key[:-1], key[:-1], route.id, name=route.name)
    for hs in m.hexsides:
        yield feature(
            line(hexside_segment(layout, hs.side)),
            "hexside",
            hs.kind,
            None,
            hexside=",".join(map(str, hs.side)),
        )
    for b in m.stream_bridges:
        seg = hexside_segment(layout, b.side)
        yield feature(
            line(seg), "hexside", "stream-bridge", b.id, road=b.road, hexside=",".join(map(str, b.side))
        )


# ------------------------------------------------------------------------------ document
def to_geojson(scenario: Scenario, sectors: bool | None = None) -> dict[str, Any]:
    """The map as a FeatureCollection. ``sectors``: add the six DBM sectors (default: when the
    scenario follows the dbm-terrain profile)."""
    m = scenario.map
    if isinstance(m, HexMap):
        layout = m.layout
        every = [p for h in layout.hexes() for p in corners(layout, h)]
        xs, ys = [p[0] for p in every], [p[1] for p in every]
        return {
            "type": "FeatureCollection",
            "bbox": [min(xs), min(ys), max(xs), max(ys)],
            "dambuster": {
                "crs": "local",
                "crs_note": "hex coordinates, not longitude/latitude: neighbouring hexes 1 apart, y down",
                "unit": "hex",
                "orientation": layout.orientation,
                "offset": layout.offset,
                "title": scenario.meta.title,
            },
            "features": list(hex_map_features(m)),
        }
    if sectors is None:
        sectors = "dbm-terrain" in scenario.meta.profiles
    feats: list[dict[str, Any]] = [
        *table_features(m),
        *area_features(m),
        *water_features(m),
        *road_features(m),
    ]
    if sectors:
        feats += sector_features(m)
    feats += sewer_features(m)
    return {
        "type": "FeatureCollection",
        "bbox": [0.0, 0.0, float(m.width), float(m.depth)],
        "dambuster": {
            "crs": "local",
            "crs_note": "table coordinates, not longitude/latitude: x along the width, y along the depth",
            "unit": m.unit,
            "width": m.width,
            "depth": m.depth,
            "title": scenario.meta.title,
        },
        "features": feats,
    }


def dumps(scenario: Scenario, sectors: bool | None = None) -> str:
    """The document as JSON text, one feature per line (small diffs when a map changes)."""
    doc = to_geojson(scenario, sectors)

    def enc(v: object) -> str:
        return json.dumps(v, ensure_ascii=False, allow_nan=False)

    head = ",\n".join(f" {enc(k)}: {enc(v)}" for k, v in doc.items() if k != "features")
    feats = ",\n".join(f"  {enc(f)}" for f in doc["features"])
    return json_escapes("{\n" + head + ',\n "features": [\n' + feats + "\n ]\n}\n")
