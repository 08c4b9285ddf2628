"""File > Print to PDF…: the print sheets of the open scenario, chosen and previewed page by page, and
written by the same writer as `dambuster render --format pdf`.

The preview's thumbnails are drawn by the sheets' own ``draw_page`` into images, so what is shown is
what is printed. Every change of a choice lays the pages out again after a short pause; the count of
pages is always the whole file's, the thumbnails the first ``PREVIEW_PAGES`` of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QStatusBar,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.document import Document
from dambuster.editor.files.names import preset_name
from dambuster.editor.scene.layer_table import layers_for
from dambuster.editor.scene.map_view import MapView
from dambuster.model.paper import (
    DEFAULT_HEX_SIZE,
    HEX_PRESETS,
    PAPER_SIZES,
    SizeError,
    parse_hex_size,
    parse_paper,
)
from dambuster.model.scenario import Scenario

from .command import SHEET_ORDER, Refusal, check_page_count, collect_sheets, view_for
from .map_pages import choose_landscape
from .map_source import NOT_PRINTED_BY_DEFAULT, MapSource
from .page_grid import GridError
from .sheet import PrintSettings, Sheet
from .writer import FONT_DPI

#: the settings key of the folder the last PDF was printed to (the save dialog opens there)
LAST_FOLDER_KEY = "print/last_folder"
PREVIEW_PAGES = 48  # thumbnails drawn at most (a 200x200 map at 3/4" has 300 pages)
THUMB_PX = 150  # a thumbnail's longer side
ORIENTATIONS = ("auto", "portrait", "landscape")
EVERYTHING = "Everything (the designer's view)"
MAX_PROBLEM = 300  # characters of why there are no pages shown above the preview (all in its tooltip)


class PrintWindow(Protocol):
    """What File > Print to PDF… needs of the main window: the document, its map view (the layers
    shown), the settings (the folder printed to last), where messages go, and the window itself
    (QWidget.window()) as the dialog's parent."""

    @property
    def doc(self) -> Document: ...
    @property
    def view(self) -> MapView: ...
    @property
    def settings(self) -> QSettings: ...
    def show_error(self, title: str, message: str) -> None: ...
    def statusBar(self) -> QStatusBar: ...
    def window(self) -> QWidget: ...


def thumbnail(sheet: Sheet, index: int, page_mm: tuple[float, float], long_side: int = THUMB_PX) -> QImage:
    """Page ``index`` of ``sheet`` drawn into an image, white paper with a grey edge."""
    w, h = page_mm
    k = long_side / max(w, h)
    image = QImage(max(1, round(w * k)), max(1, round(h * k)), QImage.Format.Format_ARGB32)
    image.setDotsPerMeterX(round(FONT_DPI / 0.0254))
    image.setDotsPerMeterY(round(FONT_DPI / 0.0254))
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    painter.save()
    painter.scale(k, k)
    sheet.draw_page(painter, index)
    painter.restore()
    painter.setPen(QColor("#909090"))
    painter.drawRect(0, 0, image.width() - 1, image.height() - 1)
    painter.end()
    return image


class PrintDialog(QDialog):
    def __init__(self, window: PrintWindow, parent: QWidget | None = None):
        super().__init__(parent or window.window())
        self.win = window
        self.setWindowTitle("Print to PDF")
        self.sheets: list[Sheet] = []
        self.settings: PrintSettings | None = None
        self.problem = ""
        self._source_key: tuple[float, frozenset[str] | None, str | None] | None = None
        self._source: MapSource | None = None
        scenario = window.doc.scenario
        self.kind = "hex" if window.doc.is_hex else "table"

        self.hex_size = QComboBox()
        self.hex_size.setEditable(True)
        self.hex_size.addItems([preset_name(name) for name in HEX_PRESETS])  # "Hexon", not "hexon"
        self.hex_size.setCurrentText(preset_name(DEFAULT_HEX_SIZE))
        self.hex_size.setToolTip("Across the flats: a preset or a length such as 19mm, 0.75in, 2cm")
        self.paper = QComboBox()
        self.paper.setEditable(True)
        self.paper.addItems([preset_name(name) for name in PAPER_SIZES])  # "A4", not "a4"
        self.paper.setToolTip("A named paper or WxH with a unit, e.g. 300x400mm")
        self.orientation = QComboBox()
        self.orientation.addItems(["Auto (fewest map pages)", "Portrait", "Landscape"])
        self.duplex = QComboBox()  # the edge a two-sided page turns on: the counters' backs follow it
        self.duplex.addItems(["Long edge", "Short edge"])
        self.side = QComboBox()
        self.side.addItem(EVERYTHING, None)
        for s in scenario.sides:
            self.side.addItem(f"{s.name or s.id} only", s.id)
        form = QFormLayout()
        form.addRow("&Hex size", self.hex_size)  # Alt+letter: each field, Save and Cancel its own
        form.addRow("&Paper", self.paper)
        form.addRow("&Orientation", self.orientation)
        form.addRow("&Duplex flip", self.duplex)
        form.addRow("Player &view", self.side)

        self.sheet_boxes = {name: QCheckBox(name.capitalize()) for name in SHEET_ORDER}
        sheets_box = QGroupBox("Sheets")
        sl = QVBoxLayout(sheets_box)
        for box in self.sheet_boxes.values():
            box.setChecked(True)
            sl.addWidget(box)
        state = window.view.scene().layers
        self.layer_boxes: dict[str, QCheckBox] = {}
        layers_box = QGroupBox("Map layers")
        ll = QVBoxLayout(layers_box)
        for lay in layers_for(self.kind):
            if lay.key in ("validation", "preview"):
                continue
            box = QCheckBox(lay.title)
            box.setChecked(state.visible(lay.key) and lay.key not in NOT_PRINTED_BY_DEFAULT)
            box.setToolTip(lay.tip)
            self.layer_boxes[lay.key] = box
            ll.addWidget(box)

        self.pages_label = QLabel()  # the page count, or why there are no pages: wrapped, never wider
        self.pages_label.setWordWrap(True)  # than the preview (the dialog keeps its size)
        self.pages_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.preview = QListWidget()
        self.preview.setViewMode(QListWidget.ViewMode.IconMode)
        self.preview.setIconSize(QSize(THUMB_PX, THUMB_PX))
        self.preview.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.preview.setMovement(QListWidget.Movement.Static)
        self.preview.setGridSize(QSize(THUMB_PX + 40, THUMB_PX + 44))  # aligned cells, titles wrapped in them
        self.preview.setWordWrap(True)
        self.preview.setMinimumSize(520, 420)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setText("&Save PDF…")
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("&Cancel")
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)

        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(sheets_box)
        left.addWidget(layers_box)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self.pages_label)
        right.addWidget(self.preview, 1)
        top = QHBoxLayout()
        holder = QWidget()
        holder.setLayout(left)
        top.addWidget(holder)
        top.addLayout(right, 1)
        outer = QVBoxLayout(self)
        outer.addLayout(top, 1)
        outer.addWidget(self.buttons)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.refresh)
        for combo in (self.hex_size, self.paper):
            combo.currentTextChanged.connect(self._later)
        for combo in (self.orientation, self.duplex, self.side):
            combo.currentIndexChanged.connect(self._later)
        for box in [*self.sheet_boxes.values(), *self.layer_boxes.values()]:
            box.toggled.connect(self._later)
        self.refresh()

    def _later(self, *_args: object) -> None:
        self._timer.start()

    # -- the choices -----------------------------------------------------------------------------
    def chosen(self) -> tuple[PrintSettings, tuple[str, ...], str]:
        """(settings, sheet names, orientation); Refusal with one sentence when a field cannot be read."""
        try:
            size = parse_hex_size(self.hex_size.currentText())
            paper = parse_paper(self.paper.currentText())
        except SizeError as e:
            raise Refusal(str(e)) from None
        layers = frozenset(k for k, box in self.layer_boxes.items() if box.isChecked())
        names = tuple(n for n, box in self.sheet_boxes.items() if box.isChecked())
        settings = PrintSettings(
            hex_mm=size.mm, paper_mm=paper, layers=layers, player_view=self.side.currentData()
        )
        return settings, names, ORIENTATIONS[self.orientation.currentIndex()]

    def _map_source(self, scenario: Scenario, settings: PrintSettings) -> MapSource:
        key = (settings.hex_mm, settings.layers, settings.player_view)
        if self._source is None or key != self._source_key:
            self._source, self._source_key = MapSource(scenario, settings.hex_mm, settings.layers), key
        return self._source

    def lay_out(self) -> None:
        """The sheets and settings for the current choices (``problem`` says why there are none)."""
        self.sheets, self.problem = [], ""
        try:
            settings, names, orientation = self.chosen()
            scenario = view_for(self.win.doc.scenario, settings.player_view)
            source = self._map_source(scenario, settings) if "maps" in names else None
            if orientation == "auto":
                landscape = choose_landscape(source, settings) if source is not None else False
            else:
                landscape = orientation == "landscape"
            settings = replace(settings, landscape=landscape)
            self.settings = settings
            flip = ("long", "short")[self.duplex.currentIndex()]
            self.sheets = collect_sheets(scenario, settings, names, source, flip)
            check_page_count(self.sheets)
            if not self.sheets:
                self.problem = "Nothing to print: choose a sheet this scenario has"
        except (Refusal, GridError) as e:
            self.sheets, self.problem = [], str(e)

    def page_count(self) -> int:
        return sum(s.page_count() for s in self.sheets)

    def refresh(self) -> None:
        self._timer.stop()
        self.lay_out()
        self.preview.clear()
        save = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        save.setEnabled(bool(self.sheets))
        settings = self.settings  # (set whenever there are sheets)
        if not self.sheets or settings is None:
            cut = self.problem if len(self.problem) <= MAX_PROBLEM else self.problem[: MAX_PROBLEM - 1] + "…"
            self.pages_label.setText(cut)
            self.pages_label.setToolTip(self.problem)
            return
        n = self.page_count()
        self.pages_label.setToolTip("")
        w, h = settings.page_mm
        more = f"; the first {PREVIEW_PAGES} shown" if n > PREVIEW_PAGES else ""
        self.pages_label.setText(f"{n} page{'s' if n != 1 else ''} of {w:g} x {h:g} mm{more}")
        shown = 0
        for sheet in self.sheets:
            for i in range(sheet.page_count()):
                if shown >= PREVIEW_PAGES:
                    return
                image = thumbnail(sheet, i, settings.page_mm)
                item = QListWidgetItem(QIcon(QPixmap.fromImage(image)), f"{shown + 1}. {sheet.page_title(i)}")
                item.setTextAlignment(Qt.AlignmentFlag.AlignHCenter)
                self.preview.addItem(item)
                shown += 1

    # -- writing ---------------------------------------------------------------------------------
    def write(self, path: str | Path) -> int:
        """Writes the PDF (replacing a file the save dialog has already asked about); the page count."""
        from .writer import write_pdf

        if self._timer.isActive():
            self.refresh()
        if not self.sheets or self.settings is None:  # (settings are set whenever there are sheets)
            raise Refusal(self.problem)
        title = (self.win.doc.scenario.meta.title or "untitled").strip()
        return write_pdf(path, self.sheets, self.settings, force=True, title=title, progress=self._progress())

    def _progress(self) -> Callable[[int, int], bool]:
        """A progress dialog for a print that takes a while (shown after half a second): pages done of
        all, and Cancel, which stops it with nothing written."""
        from PySide6.QtWidgets import QProgressDialog

        bar = QProgressDialog("Printing to PDF…", "Cancel", 0, 1, self)
        bar.setWindowTitle("Print to PDF")
        bar.setWindowModality(Qt.WindowModality.WindowModal)
        bar.setMinimumDuration(500)

        def step(done: int, total: int) -> bool:
            bar.setMaximum(max(total, 1))
            bar.setLabelText(f"Printing page {done:,} of {total:,}…")
            bar.setValue(done)  # (a modal progress dialog lets the window repaint and Cancel be pressed)
            return not bar.wasCanceled()

        return step

    def suggested_path(self) -> Path:
        """Where the save dialog opens, named after the file: the folder of the last PDF printed, else
        the scenario's own folder (where a designer keeps its prints) when it can be written and is
        not the checkout's samples, else the user's documents folder (else home)."""
        import os

        from PySide6.QtCore import QStandardPaths

        from dambuster.editor.files.templates import checkout_samples_dir

        doc = self.win.doc
        name = doc.path.with_suffix(".pdf").name if doc.path else "map.pdf"
        last = self.win.settings.value(LAST_FOLDER_KEY)
        if last and Path(str(last)).is_dir():
            return Path(str(last)) / name
        own = doc.path.resolve().parent if doc.path else None
        samples = checkout_samples_dir()
        if own is not None and os.access(own, os.W_OK) and (samples is None or own != samples.resolve()):
            return own / name
        docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        folder = Path(docs) if docs and Path(docs).is_dir() else Path.home()
        return folder / name

    def save(self) -> None:
        base = self.suggested_path()
        path, _ = QFileDialog.getSaveFileName(self, "Print to PDF", str(base), "PDF (*.pdf);;All files (*)")
        if not path:
            return
        self.win.settings.setValue(LAST_FOLDER_KEY, str(Path(path).parent))
        from .writer import Cancelled

        try:
            pages = self.write(path)
        except Cancelled:
            self.win.statusBar().showMessage(f"Printing cancelled: {path} not written", 5000)
            return
        except (Refusal, OSError) as e:
            self.win.show_error("Cannot print to PDF", f"{path}: {getattr(e, 'strerror', None) or e}")
            return
        self.win.statusBar().showMessage(f"Printed {pages} pages to {path}", 5000)
        self.accept()


__all__ = ["PREVIEW_PAGES", "PrintDialog", "PrintWindow", "thumbnail"]
