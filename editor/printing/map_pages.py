"""The "maps" sheet: the map at true scale over as many pages as it needs, after an assembly page
(when it needs more than one).

Each map page shows its window of the map (page_grid.py) inside crop marks, with registration crosses
in the strips it shares with its neighbours, a dashed glue line where the next page's edge goes, its
name ("B3", row B, column 3) and number, and a calibration bar of whole hexes (on tables: 100 mm) to
check that the printer kept the scale. The map is the editor's own drawing (map_source.py).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QPainter

from dambuster.model.scenario import Scenario, TableMap

from . import assembly, marks
from .map_source import MapSource
from .page_grid import PageGrid, page_grid, row_name
from .sheet import PrintSettings

HEADER_MM = 7.0  # the band above the map: the page's name, number and the scenario's title
FOOTER_MM = 6.0  # the band below it: the calibration bar
CALIBRATION_MM = 50.0  # the calibration bar holds as many whole hexes as fit in this (at least one)


def window_size(settings: PrintSettings) -> tuple[float, float]:
    """How much of the map (mm) one page shows: the printable area less the header and footer."""
    p = settings.printable
    return p.width(), p.height() - HEADER_MM - FOOTER_MM


def grid_for(source: MapSource, settings: PrintSettings) -> PageGrid:
    w, h = source.size_mm
    return page_grid(w, h, *window_size(settings), settings.overlap_mm)


def choose_landscape(source: MapSource, settings: PrintSettings) -> bool:
    """The orientation with fewer map pages (portrait when both take as many)."""
    portrait = grid_for(source, replace(settings, landscape=False)).count
    landscape = grid_for(source, replace(settings, landscape=True)).count
    return landscape < portrait


def _title(scenario: Scenario) -> str:
    return (scenario.meta.title or "untitled").strip()


class MapSheet:
    name = "maps"

    def __init__(self, source: MapSource, settings: PrintSettings):
        self.source, self.settings = source, settings
        self.grid = grid_for(source, settings)
        self.title = _title(source.scenario)

    @property
    def assembled(self) -> bool:
        """An assembly page comes first when the map takes more than one page."""
        return self.grid.count > 1

    def page_count(self) -> int:
        return self.grid.count + self.assembled

    def page_title(self, index: int) -> str:
        if self.assembled and index == 0:
            return f"Map assembly ({self.grid.rows} x {self.grid.columns} pages)"
        row, col = self.grid.position(index - self.assembled)
        return f"Map {self.grid.name(row, col)} (row {row_name(row)}, column {col + 1})"

    def window_rect(self) -> QRectF:
        """Where a page's window of the map lies on the paper (mm)."""
        p = self.settings.printable
        w, h = window_size(self.settings)
        return QRectF(p.left(), p.top() + HEADER_MM, w, h)

    def draw_page(self, painter: QPainter, index: int) -> None:
        if self.assembled and index == 0:
            assembly.draw(painter, self)
            return
        g = self.grid
        map_page = index - self.assembled
        row, col = g.position(map_page)
        x, y, w, h = g.window(row, col)
        target = self.window_rect()
        self.source.draw(painter, target, QRectF(x, y, w, h))
        for cx, cy in g.crosses():
            if x <= cx <= x + w and y <= cy <= y + h:
                marks.registration_cross(painter, QPointF(target.left() + cx - x, target.top() + cy - y))
        if col < g.columns - 1:
            gx = target.left() + g.step[0]
            marks.glue_line(painter, QLineF(gx, target.top(), gx, target.bottom()))
        if row < g.rows - 1:
            gy = target.top() + g.step[1]
            marks.glue_line(painter, QLineF(target.left(), gy, target.right(), gy))
        marks.crop_marks(painter, target)
        self._header(painter, target, row, col, map_page + 1)
        self._calibration(painter, target)

    def _header(self, painter: QPainter, target: QRectF, row: int, col: int, index: int) -> None:
        band = QRectF(target.left() + 7, target.top() - HEADER_MM, target.width() - 14, HEADER_MM - 1.5)
        g = self.grid
        name = g.name(row, col)
        marks.text(
            painter,
            band,
            f"{name}",
            4.0,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            bold=True,
        )
        where = f"row {row_name(row)}, column {col + 1}  ·  page {index} of {g.count}"
        marks.text(
            painter,
            band.adjusted(12, 0, 0, 0),
            where,
            2.4,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        marks.text(
            painter, band, self.title, 2.4, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )

    def calibration(self) -> tuple[float, str]:
        """The calibration bar's length (mm) and its words."""
        s = self.source
        if s.kind == "hex":
            hexes = max(1, int(CALIBRATION_MM // self.settings.hex_mm))
            length = hexes * self.settings.hex_mm
            what = f"{hexes} hexes across the flats" if hexes > 1 else "1 hex across the flats"
            return length, f"{what} = {length:.1f} mm: measure it to check the print is at 100 %"
        units = 100.0 / s.mm_per_unit
        table = s.scenario.map
        assert isinstance(table, TableMap)  # (kind "table")
        unit = table.unit
        return 100.0, f"100 mm = {units:g} {unit} of the table: measure it to check the print is at 100 %"

    def _calibration(self, painter: QPainter, target: QRectF) -> None:
        length, words = self.calibration()
        marks.calibration_bar(
            painter, QPointF(target.left() + 7, target.bottom() + FOOTER_MM / 2 + 0.5), length, words
        )


def sheet_for(scenario: Scenario, settings: PrintSettings, source: MapSource | None = None) -> MapSheet:
    """The map sheet of a scenario (every scenario has a map)."""
    return MapSheet(source or MapSource(scenario, settings.hex_mm, settings.layers), settings)


__all__ = ["MapSheet", "choose_landscape", "grid_for", "sheet_for", "window_size"]
