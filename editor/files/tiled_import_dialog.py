"""The terrain dialog of File > Import > Tiled Map…: one row for each tile of a foreign hex map that no
tile name, class, property or Wang set maps to a terrain (``dambuster.interop.tiled.unresolved``), with
the tile's picture, where it is, how many hexes show it, and a terrain to choose (pre-filled where a
word of its name suggests one). OK is possible once every tile has a terrain; the choices are saved as
the gid -> terrain file ``dambuster import-tiled --terrain-map`` reads, beside the map unless the
designer picks another place (a relative name: in the map's folder), atomically, never over an
existing file without asking; a place that cannot be written keeps the dialog open, choices and all.

Tile pictures are read as external tilesets are (docs/tiled.md): only a file in the map's own folder,
a regular file (not a link), at most MAX_IMAGE_BYTES, an image at most MAX_IMAGE_SIDE pixels a side;
a tile whose picture cannot be read this way shows a grey square and why in its tooltip.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, QSize, Qt
from PySide6.QtGui import QColor, QImage, QImageReader, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dambuster.editor.panels.terrain_palette import swatch
from dambuster.interop.tiled.importer import load_terrain_map
from dambuster.interop.tiled.read import TiledImportError
from dambuster.interop.tiled.unresolved import TileImage, UnresolvedTile, mapping_json
from dambuster.model.atomic_write import write_atomic
from dambuster.model.files import InputError, read_input
from dambuster.model.terrain import TERRAIN_KINDS

MAX_IMAGE_BYTES = 16 * 1024 * 1024
MAX_IMAGE_SIDE = 8192
PICTURE = 48  # pixels a side of a tile's picture in the list
CHOOSE = "Choose…"
GUESS = "(guess)"  # after a terrain suggested by a word of the tile's name, until the designer chooses
MAX_NAMED = 8  # gids named in "N tiles still to choose (gids …)"
COLUMNS = ("Tile", "Hexes", "Terrain")


def mapping_path_for(map_path: Path) -> Path:
    """Where the terrain mapping is offered: beside the map, named after it (``mini-terrain-map.json``)."""
    return map_path.with_name(f"{map_path.stem}-terrain-map.json")


def read_image(folder: Path, name: str) -> QImage | str:
    """The image ``name`` in ``folder`` read under the rules above, or why it cannot be."""
    path = folder / name
    if path.is_symlink():
        return f"{name} is a symbolic link; not read"
    try:
        data = read_input(path, MAX_IMAGE_BYTES)
    except InputError as e:
        return f"{name}: {e}"
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    size = reader.size()  # from the header, before anything is decoded
    if not size.isValid() or max(size.width(), size.height()) > MAX_IMAGE_SIDE:
        return f"{name} is not an image of at most {MAX_IMAGE_SIDE} pixels a side"
    image = reader.read()
    return f"{name}: {reader.errorString()}" if image.isNull() else image


def tile_picture(image: QImage, where: TileImage) -> QImage | str:
    """The tile's part of its image, or why it has none (its place lies outside the image)."""
    if where.rect is None:
        return image
    rect = QRect(*where.rect)
    if not image.rect().contains(rect):
        return f"the tile's place {where.rect} lies outside {where.file} ({image.width()} x {image.height()})"
    return image.copy(rect)


class TiledTerrainDialog(QDialog):
    """Which terrain each unresolved tile is; where to save the choices. ``choices()`` and
    ``mapping_path()`` are the answer once accepted. ``confirm_replace`` (replaceable, e.g. by tests)
    asks before an existing mapping file is replaced."""

    def __init__(self, map_path: Path, tiles: list[UnresolvedTile], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"Import {map_path.name}: terrain of its tiles")
        self.map_path = map_path
        self.tiles = tiles
        self.confirm_replace = self._confirm_replace
        self.pictures: dict[int, QImage] = {}  # gid -> its picture, as read
        self.unreadable: dict[int, str] = {}  # gid -> why its picture could not be shown
        n = len(tiles)
        intro = QLabel(
            f"{n} tile{'s' if n != 1 else ''} of {map_path.name} say{'' if n != 1 else 's'} no terrain by name, "
            "class, property or Wang set. Choose a terrain for each; the choices are saved for "
            "<tt>dambuster import-tiled --terrain-map</tt>."
        )
        intro.setWordWrap(True)
        self.table = QTableWidget(n, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setIconSize(QSize(PICTURE, PICTURE))
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from terrain to terrain,
        self.table.setTabKeyNavigation(False)  # not from cell to cell
        self.table.verticalHeader().setVisible(False)
        self.table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)  # rows seen whole
        self.table.verticalHeader().setDefaultSectionSize(PICTURE + 8)
        self.combos: dict[int, QComboBox] = {}
        self.rows: dict[int, int] = {}  # id of a terrain box -> its row
        pictures: dict[str, QImage | str] = {}
        for row, tile in enumerate(tiles):
            label = tile.where + (f", called {tile.name!r}" if tile.name else "")
            item = QTableWidgetItem(self._picture(tile, pictures), f"gid {tile.gid}: {label}")
            item.setToolTip(self.unreadable.get(tile.gid, ""))
            self.table.setItem(row, 0, item)
            hexes = QTableWidgetItem(str(tile.hexes))
            hexes.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, 1, hexes)
            combo = QComboBox()
            combo.addItem(CHOOSE, None)
            for kind in TERRAIN_KINDS:
                combo.addItem(swatch(kind), kind, kind)
            if tile.guess:  # a suggestion, shown as one (italic, "(guess)") until the designer chooses
                at = combo.findData(tile.guess)
                combo.setItemText(at, f"{tile.guess} {GUESS}")
                combo.setCurrentIndex(at)
                combo.setToolTip(f"Guessed from its name {tile.name!r}: choose to confirm")
                font = combo.font()
                font.setItalic(True)
                combo.setFont(font)

                def confirm(_index: int, c: QComboBox = combo) -> None:
                    self._confirm(c)

                combo.activated.connect(confirm)
            combo.currentIndexChanged.connect(self._update)
            self.rows[id(combo)] = row
            holder = QWidget()  # the combo box at its own height, in the middle of the tall row
            box = QVBoxLayout(holder)
            box.setContentsMargins(4, 0, 4, 0)
            box.addWidget(combo, 0, Qt.AlignmentFlag.AlignVCenter)
            self.table.setCellWidget(row, 2, holder)
            self.combos[tile.gid] = combo
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)

        self.path_edit = QLineEdit(str(mapping_path_for(map_path)))
        self.path_edit.textChanged.connect(self._update)
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        where = QHBoxLayout()
        where.addWidget(QLabel("Save the choices as"))
        where.addWidget(self.path_edit, 1)
        where.addWidget(browse)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("Import")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.missing = QLabel()
        self.source = QLabel()  # where the choices shown were read from, or why they could not be
        self.source.setWordWrap(True)
        self.source.hide()
        self.read_from: Path | None = None  # the mapping file the choices came from: saved over unasked
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.source)
        layout.addWidget(self.table, 1)
        layout.addLayout(where)
        layout.addWidget(self.missing)
        layout.addWidget(self.buttons)
        self.resize(640, min(720, 200 + n * (PICTURE + 8)))
        if mapping_path_for(map_path).is_file():  # saved by the last import of this map
            self.load_choices(mapping_path_for(map_path))
        self._update()

    def _picture(self, tile: UnresolvedTile, cache: dict[str, QImage | str]) -> QPixmap:
        if tile.image is None:
            found: QImage | str = "its tileset names no image in the map's folder"
        else:
            if tile.image.file not in cache:
                cache[tile.image.file] = read_image(self.map_path.parent, tile.image.file)
            image = cache[tile.image.file]
            found = tile_picture(image, tile.image) if isinstance(image, QImage) else image
        if isinstance(found, QImage):
            self.pictures[tile.gid] = found
            mode = Qt.TransformationMode  # pixel art grows in crisp squares, large pictures shrink smoothly
            smooth = (
                mode.SmoothTransformation
                if max(found.width(), found.height()) > PICTURE
                else mode.FastTransformation
            )
            return QPixmap.fromImage(
                found.scaled(PICTURE, PICTURE, Qt.AspectRatioMode.KeepAspectRatio, smooth)
            )
        self.unreadable[tile.gid] = found
        grey = QPixmap(PICTURE, PICTURE)
        grey.fill(QColor("#c0c0c0"))
        return grey

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab (Shift+Tab) to a terrain box out of sight brings its row into view."""
        moved = super().focusNextPrevChild(next)
        row = self.rows.get(id(self.focusWidget()), -1)
        if row >= 0:
            self.table.scrollTo(self.table.model().index(row, 2))
        return moved

    # -- the answer ------------------------------------------------------------------------------
    def choices(self) -> dict[int, str]:
        """gid -> terrain of every tile given one."""
        return {gid: c.currentData() for gid, c in self.combos.items() if c.currentData()}

    def mapping_path(self) -> Path:
        """Where the choices are saved; a relative name is in the map's folder."""
        path = Path(self.path_edit.text().strip()).expanduser()
        return path if path.is_absolute() else self.map_path.parent / path

    def is_guess(self, gid: int) -> bool:
        """Whether tile ``gid``'s terrain is still the guess from its name (not chosen, not read)."""
        return self.combos[gid].currentText().endswith(GUESS)

    def _confirm(self, combo: QComboBox) -> None:
        """A guessed box the designer chose from (or that was read from a file): no longer a guess."""
        for i in range(combo.count()):
            combo.setItemText(i, combo.itemText(i).removesuffix(f" {GUESS}"))
        font = combo.font()
        font.setItalic(False)
        combo.setFont(font)
        combo.setToolTip("")

    def _update(self, *_args: object) -> None:
        left = [gid for gid, c in self.combos.items() if not c.currentData()]
        named = ", ".join(str(g) for g in left[:MAX_NAMED]) + (", …" if len(left) > MAX_NAMED else "")
        which = f"gid {named}" if len(left) == 1 else f"gids {named}"
        self.missing.setText(
            f"{len(left)} tile{'s' if len(left) != 1 else ''} still to choose ({which})" if left else ""
        )
        self.ok.setEnabled(not left and bool(self.path_edit.text().strip()))

    def load_choices(self, path: Path) -> bool:
        """Sets the boxes of the tiles ``path`` (a --terrain-map file, read as import-tiled reads it:
        untrusted, bounded) gives a terrain; says so above the list, or in one line why it cannot."""
        try:
            saved = load_terrain_map(path)
        except TiledImportError as e:
            self.source.setText(f"{path.name} cannot be read ({e}); choose the terrains afresh.")
            self.source.show()
            return False
        used = [gid for gid in self.combos if gid in saved]
        for gid in used:
            self._confirm(self.combos[gid])
            self.combos[gid].setCurrentIndex(self.combos[gid].findData(saved[gid]))
            self.combos[gid].setToolTip(f"Chosen before, read from {path.name}")
        self.read_from = path
        self.path_edit.setText(str(path))
        n = len(self.combos)
        self.source.setText(
            f"The terrains of {len(used)} of the {n} tile{'s' if n != 1 else ''} come from {path} "
            "(the choices saved last time); change any of them below."
        )
        self.source.show()
        self._update()
        return True

    def _browse(self) -> None:
        """Where to save the choices; an existing mapping file chosen is also read into the boxes
        (and saving over it then does not ask again)."""
        path, _ = QFileDialog.getSaveFileName(
            self,
            "Save the terrain choices as (an existing file's choices are read)",
            str(self.mapping_path()),
            "JSON (*.json);;All files (*)",
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        if path:
            self.path_edit.setText(path)
            if Path(path).is_file():
                self.load_choices(Path(path))

    def _confirm_replace(self, path: Path) -> bool:
        B = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, "Replace file?", f"{path} exists. Replace it?", B.Yes | B.No, B.No
        )
        return answer == B.Yes

    def accept(self) -> None:
        """Saves the choices (atomically) and closes: only with every tile chosen, an existing file
        replaced only when the designer says so; a file that cannot be written keeps the dialog open."""
        if len(self.choices()) < len(self.combos):
            return
        path = self.mapping_path()
        came_from = self.read_from is not None and path.resolve() == self.read_from.resolve()
        asked = path.exists() and not came_from  # over the file the choices were read from: unasked
        if path.is_dir() or (asked and not self.confirm_replace(path)):
            self.path_edit.setFocus()
            return
        try:
            write_atomic(path, mapping_json(self.choices()))
        except OSError as e:
            self.missing.setText(f"Cannot save {path}: {e.strerror or e}")
            self.path_edit.setFocus()
            return
        super().accept()
