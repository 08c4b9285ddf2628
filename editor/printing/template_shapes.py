"""A DBM table's terrain features as outlines at 1:1 (Qt-free, shapely): what templates.py prints.

The scale is the table's own, ``model.paper.table_unit_mm`` (the map pages use it too): a table in mm
prints 1:1, a table in paces prints its paces at the figures' ground scale (15mm figures: 50 paces =
25 mm; 25mm figures: 50 paces = 40 mm) and a table in inches prints the terrain text's inch of 25 mm
(its 108" is 2.7 m).

Features: every area (hills, woods, BUA, fields...), the waterway and each river (its mid-stream line
widened to its width, square ends). Roads are left out: the text makes a road "approx. element width
or less", a strip rather than a template.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely import affinity
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from dambuster.editor.edits.table_map import sector_of
from dambuster.model.paper import table_unit_mm
from dambuster.model.scenario import Scenario, TableMap

PROFILE = "dbm-terrain"


@dataclass(frozen=True)
class Template:
    id: str
    kind: str  # an area's kind, "waterway" or "river"
    name: str
    sector: int  # the sector diced for it, or the one its centre lies in
    sector_diced: bool
    shape: BaseGeometry  # in mm, its bounding box's top-left corner at (0, 0)

    @property
    def size_mm(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.shape.bounds
        return x1 - x0, y1 - y0


def _template(
    table: TableMap, id_: str, kind: str, name: str, sector: int | None, geom: BaseGeometry
) -> Template:
    c = geom.representative_point()
    diced = sector is not None
    sector = sector if diced else sector_of(table.width, table.depth, c.x, c.y)
    k = table_unit_mm(table)
    mm = affinity.scale(geom, k, k, origin=(0, 0))
    x0, y0, _, _ = mm.bounds
    return Template(id_, kind, name, sector, diced, affinity.translate(mm, -x0, -y0))


def templates_of(scenario: Scenario) -> list[Template]:
    """The templates of a DBM table (its areas, then the waterway, then rivers); [] for anything else."""
    m = scenario.map
    if not isinstance(m, TableMap) or PROFILE not in scenario.meta.profiles:
        return []
    out: list[Template] = []
    for a in m.areas:
        if len(a.polygon) >= 3:
            out.append(_template(m, a.id, a.kind, a.name, a.sector, Polygon(a.polygon).buffer(0)))
    if m.waterway is not None and len(m.waterway.polygon) >= 3:
        out.append(_template(m, m.waterway.id, "waterway", "", None, Polygon(m.waterway.polygon).buffer(0)))
    for r in m.rivers:
        if len(r.line) >= 2 and r.width > 0:
            ribbon = LineString(r.line).buffer(r.width / 2, cap_style="flat", join_style="round")
            out.append(_template(m, r.id, "river", r.name, None, ribbon))
    return out


__all__ = ["PROFILE", "Template", "templates_of"]
