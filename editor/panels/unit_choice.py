"""The choices of the Unit tool's options: each unit type by its proper name ("GEV", "Heavy tank")
with a small counter of it as the icon (the map's own counter art, ``scene.counter_face``), the
catalog key ("gev") kept as the item's data, which is what the tool places; and the side, a box that
is not typed into: the scenario's sides by name, the usual ones, and "New side…" last, which asks for
a name (its id made from it, as the file wants: "Blue Team" -> "blue-team")."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSignalBlocker, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QComboBox, QInputDialog, QWidget

from dambuster.editor.edits.hex_map import side_id
from dambuster.editor.scene.counter_face import counter_art, paint_counter  # pyright: ignore[reportUnknownVariableType]  (counter_face.py: untyped parameters)
from dambuster.model.scenario import Side, Unit, UnitType

ICON_PX = 22
FILL = QColor("#dfe3ea")  # a neutral counter: the side is chosen beside it


def unit_icon(key: str, unit_type: UnitType | None) -> QIcon:
    pixmap = QPixmap(ICON_PX * 2, ICON_PX * 2)  # drawn at twice the size: sharp on high-DPI screens
    pixmap.setDevicePixelRatio(2.0)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    art = counter_art(Unit("icon", key, "", None), unit_type, FILL)
    paint_counter(painter, QRectF(1, 1, ICON_PX - 3, ICON_PX - 3), art, detailed=False, shadow=False)
    painter.end()
    return QIcon(pixmap)


def fill_unit_types(combo: QComboBox, unit_types: dict[str, UnitType]) -> None:
    """The scenario's unit types in ``combo`` by name (keys as data), keeping the current one."""
    keys = sorted(unit_types, key=lambda k: (unit_types[k].name or k).lower())
    if [combo.itemData(i) for i in range(combo.count())] == keys:
        return
    keep = combo.currentData()
    combo.setIconSize(QSize(ICON_PX, ICON_PX))
    with QSignalBlocker(combo):
        combo.clear()
        for key in keys:
            combo.addItem(unit_icon(key, unit_types[key]), unit_types[key].name or key, key)
        if keep in keys:
            combo.setCurrentIndex(keys.index(keep))


NEW_SIDE = "New side…"


def fill_sides(combo: QComboBox, sides: list[Side], usual: tuple[str, ...]) -> None:
    """The scenario's sides by name (ids as data), the usual ones, sides added with "New side…" and
    not yet used, then "New side…"; the current side kept."""
    added = [(combo.itemText(i), str(combo.itemData(i))) for i in range(combo.count()) if combo.itemData(i)]
    items = [(x.name or x.id, x.id) for x in sides]
    items += [(ident.capitalize(), ident) for ident in usual]  # named as a side is ("Defender")
    items += added
    seen: set[str] = set()
    unique: list[tuple[str, str]] = []
    for text, ident in items:
        if ident not in seen:
            seen.add(ident)
            unique.append((text, ident))
    shown: list[tuple[str, object]] = [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]
    if shown == [*unique, (NEW_SIDE, None)]:
        return
    keep = combo.currentData()
    with QSignalBlocker(combo):
        combo.clear()
        for text, ident in unique:
            combo.addItem(text, ident)
        combo.addItem(NEW_SIDE, None)
        idents = [ident for _t, ident in unique]
        combo.setCurrentIndex(idents.index(keep) if keep in idents else 0)


def add_side(combo: QComboBox, name: str) -> str | None:
    """Adds the side called ``name`` to the box (before "New side…") and chooses it; its id, or None
    for a name with nothing an id can be made of."""
    name = name.strip()
    ident = side_id(name) if name else ""
    if not ident:
        return None
    at = combo.findData(ident)
    if at < 0:
        at = combo.count() - 1
        combo.insertItem(at, name, ident)
    combo.setCurrentIndex(at)
    return ident


def install_new_side(combo: QComboBox, parent: QWidget) -> None:
    """Choosing "New side…" asks for the side's name (Cancel goes back to the side chosen before)."""
    last = {"index": 0}

    def chosen(index: int) -> None:
        if combo.itemData(index) is not None:
            last["index"] = index
            return
        name, ok = QInputDialog.getText(parent, "New side", "The new side's name:")
        if not (ok and add_side(combo, name)):
            combo.setCurrentIndex(min(last["index"], combo.count() - 2))

    combo.activated.connect(chosen)
