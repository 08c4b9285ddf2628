"""The templates sheet: a DBM table's terrain features at 1:1 (template_shapes.py), outlines to cut
from felt or card, each with its name, kind, sector and size written inside.

Features that fit the printable area are laid out several to a page (packing.py); a larger one is
tiled over pages as the map is (page_grid.py: the same overlap, registration crosses in the shared
strips, a dashed glue line where the neighbour's page ends, crop marks), each page named by its row
and column. Every page carries a 50 mm calibration bar to check that the printer kept the scale.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from shapely.geometry.base import BaseGeometry

from dambuster.editor import style
from dambuster.editor.scene.counter_face import draw_text
from dambuster.model.paper import table_unit_mm
from dambuster.model.scenario import Scenario, TableMap

from . import marks
from .cut_grid import HEADER_MM, draw_header
from .packing import page_count, shelf_pack
from .page_grid import PageGrid, page_grid
from .sheet import PrintSettings, Sheet
from .template_shapes import Template, templates_of

FOOTER_MM = 6.0  # the calibration bar
GAP_MM = 5.0  # between templates on a page
OUTLINE_MM = 0.3
LABEL_EM_MM = 3.5
CALIBRATION_MM = 50.0
FILLS = {"waterway": "#9cc8ea", "river": "#9cc8ea"}
UNIT_WORD = {"paces": "pace", "mm": "mm", "inches": "inch"}


@dataclass(frozen=True)
class TemplatePage:
    templates: tuple[int, ...] = ()  # packed: the templates on this page
    tiled: int | None = None  # tiled: the template, and which part of it
    row: int = 0
    column: int = 0


def qt_path(geom: BaseGeometry) -> QPainterPath:
    """A shapely (multi)polygon as a QPainterPath, holes included."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for poly in getattr(geom, "geoms", [geom]):
        for ring in [poly.exterior, *poly.interiors]:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring.coords]))
            path.closeSubpath()
    return path


class TemplateSheet:
    name = "templates"

    def __init__(self, scenario: Scenario, settings: PrintSettings, templates: list[Template]):
        self.scenario, self.settings, self.templates = scenario, settings, templates
        p = settings.printable
        self.area = QRectF(p.left(), p.top() + HEADER_MM, p.width(), p.height() - HEADER_MM - FOOTER_MM)
        aw, ah = self.area.width(), self.area.height()
        small = [i for i, t in enumerate(templates) if t.size_mm[0] <= aw and t.size_mm[1] <= ah]
        self.placed = dict(zip(small, shelf_pack([templates[i].size_mm for i in small], aw, ah, GAP_MM)))
        self.pages = [
            TemplatePage(tuple(i for i in small if self.placed[i].page == k))
            for k in range(page_count(list(self.placed.values())))
        ]
        self.grids: dict[int, PageGrid] = {}
        for i, t in enumerate(templates):
            if i not in self.placed:
                g = self.grids[i] = page_grid(*t.size_mm, aw, ah, settings.overlap_mm)
                self.pages += [
                    TemplatePage(tiled=i, row=r, column=c) for r in range(g.rows) for c in range(g.columns)
                ]

    def page_count(self) -> int:
        return len(self.pages)

    def page_title(self, index: int) -> str:
        page = self.pages[index]
        if page.tiled is None:
            return f"Templates {index + 1}"
        return (
            f"Template {self.templates[page.tiled].id} {self.grids[page.tiled].name(page.row, page.column)}"
        )

    def draw_page(self, painter: QPainter, index: int) -> None:
        page = self.pages[index]
        table = self.scenario.map
        assert isinstance(table, TableMap)  # (templates are a table's)
        scale = f"1:1 at {table.figures} figures ({table_unit_mm(table):g} mm per {UNIT_WORD[table.unit]})"
        if page.tiled is None:
            names = ", ".join(self.templates[i].id for i in page.templates)
            draw_header(
                painter,
                self.settings,
                f"Terrain templates {index + 1}/{len(self.pages)} - {self.scenario.meta.title}",
                f"{scale}: {names}; cut along the black outlines",
            )
            for i in page.templates:
                at = self.placed[i]
                painter.save()
                painter.translate(self.area.left() + at.x, self.area.top() + at.y)
                self._template(painter, self.templates[i])
                painter.restore()
        else:
            self._tile(painter, page, page.tiled, index, scale)
        self._calibration(painter)

    def _tile(self, painter: QPainter, page: TemplatePage, tiled: int, index: int, scale: str) -> None:
        """One page of the template ``tiled`` (``page.tiled``), too big for a page of its own."""
        t, g = self.templates[tiled], self.grids[tiled]
        name = g.name(page.row, page.column)
        draw_header(
            painter,
            self.settings,
            f"Template {t.id} {t.name}: part {name} of {g.rows} x {g.columns} pages - page {index + 1}/{len(self.pages)}",
            f"{scale}; lay the crosses of neighbouring parts over each other and glue along the dashed lines",
        )
        x, y, w, h = g.window(page.row, page.column)
        target = QRectF(self.area.left(), self.area.top(), w, h)
        painter.save()
        painter.setClipRect(target)
        painter.translate(target.left() - x, target.top() - y)
        self._template(painter, t)
        for cx, cy in g.crosses():
            marks.registration_cross(painter, QPointF(cx, cy))
        ox, oy = x + g.overlap, y + g.overlap  # where the previous column's and row's pages end
        if page.column > 0:
            marks.glue_line(painter, QLineF(ox, y, ox, y + h))
        if page.row > 0:
            marks.glue_line(painter, QLineF(x, oy, x + w, oy))
        painter.restore()
        marks.crop_marks(painter, target)

    def _template(self, painter: QPainter, t: Template) -> None:
        path = qt_path(t.shape)
        fill = QColor(FILLS.get(t.kind) or style.AREA_STYLE.get(t.kind, ("#eeeeee", None))[0])
        painter.fillPath(path, fill)
        painter.setPen(QPen(QColor("#000000"), OUTLINE_MM))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        c = t.shape.representative_point()
        w, h = t.size_mm
        lines = [(t.name or t.kind, True)] + ([(t.kind, False)] if t.name else [])
        lines += [
            (f"sector {t.sector}" + ("" if t.sector_diced else " (its centre)"), False),
            (f"{t.id}, {w:.0f} x {h:.0f} mm", False),
        ]
        em = LABEL_EM_MM
        top = c.y - len(lines) * em * 1.25 / 2
        bold = QFont()
        bold.setBold(True)
        painter.setPen(QColor("#000000"))
        for k, (text, strong) in enumerate(lines):
            box = QRectF(c.x - 60, top + k * em * 1.25, 120, em * 1.25)
            draw_text(
                painter, box, Qt.AlignmentFlag.AlignCenter, text, bold if strong else QFont(), em, fit=True
            )

    def _calibration(self, painter: QPainter) -> None:
        left = QPointF(self.area.left(), self.area.bottom() + FOOTER_MM / 2)
        marks.calibration_bar(
            painter,
            left,
            CALIBRATION_MM,
            f"{CALIBRATION_MM:g} mm: measure it to check the printer kept the scale",
        )


def sheet_for(scenario: Scenario, settings: PrintSettings) -> Sheet | None:
    """The templates sheet of a DBM table (the dbm-terrain profile) with features, else None."""
    templates = templates_of(scenario)
    if not templates:
        return None
    return TemplateSheet(scenario, settings, templates)


__all__ = ["TemplateSheet", "qt_path", "sheet_for"]
