"""Layers: one table read by the dock and View > Layers; the eye hides a layer's graphics; the lock
keeps the select tool and the layer's tools off its objects; Ctrl+L is the labels layer; each file's
layers are remembered."""

import shutil
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsRectItem, QMessageBox

from dambuster.editor.mainwindow import MainWindow
from dambuster.editor.scene.layer_table import HEX_LAYERS, TABLE_LAYERS
from dambuster.editor.style import TERRAIN_STYLE

pytestmark = pytest.mark.qt
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def make_window(qtbot, settings, path=None) -> MainWindow:
    w = MainWindow(settings=settings)
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    if path is not None:
        assert w.files.open_path(path)
    return w


@pytest.fixture
def window(qtbot, settings, tmp_path):
    path = tmp_path / "basic.json"
    shutil.copy(SAMPLES / "ogre-basic.json", path)
    return make_window(qtbot, settings, path)


def zoom_on(w, h, zoom=2.0):
    w.view.fitting = False
    w.view.resetTransform()
    w.view.scale(zoom, zoom)
    w.view.centerOn(w.controller.scene_pos(h))


def pixel(w, scene_point: QPointF) -> str:
    at = w.view.mapFromScene(scene_point)
    return w.view.grab().toImage().pixelColor(at.x(), at.y()).name()


def click(qtbot, w, scene_point: QPointF, to: QPointF | None = None) -> None:
    vp = w.view.viewport()
    a = w.view.mapFromScene(scene_point)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=a)
    if to is not None:
        b = w.view.mapFromScene(to)
        qtbot.mouseMove(vp, QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2))
        qtbot.mouseMove(vp, b)
        a = b
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=a)


def test_the_dock_and_the_view_menu_list_the_layers_of_the_table(window):
    titles = [lay.title for lay in reversed(HEX_LAYERS)]
    panel = window.layers_dock.panel
    rows = sorted(panel.titles.values(), key=lambda label: label.y())
    assert [label.text() for label in rows] == titles  # top layer first
    assert [a.text() for a in window.acts.submenus["view.layers_menu"].actions()] == titles
    assert window.act("view.layers") is window.docks["layers"].toggleViewAction()
    assert window.files.open_path(SAMPLES / "sewer-flash-flood.json")
    assert [a.text() for a in window.acts.submenus["view.layers_menu"].actions()] == [
        lay.title for lay in reversed(TABLE_LAYERS)
    ]
    assert set(panel.titles) == {lay.key for lay in TABLE_LAYERS}


def test_the_eye_hides_and_shows_a_layers_graphics(qtbot, window):
    unit = next(u for u in window.doc.scenario.units if u.type == "heavy-tank")
    zoom_on(window, unit.hex)
    centre = window.controller.scene_pos(unit.hex)
    s = window.controller.geom.size
    body = QPointF(centre.x() - 0.38 * s, centre.y() - 0.2 * s)  # the counter's colour, off its figures
    side = next(x for x in window.doc.scenario.sides if x.id == unit.side)
    assert pixel(window, body) == QColor(side.color).name()
    eye = window.layers_dock.panel.eyes["units"]
    qtbot.mouseClick(eye, Qt.MouseButton.LeftButton)
    assert not window.view.layers.visible("units")
    assert pixel(window, body) == QColor(TERRAIN_STYLE[window.doc.terrain_at(unit.hex)][0]).name()
    qtbot.mouseClick(eye, Qt.MouseButton.LeftButton)
    assert pixel(window, body) == QColor(side.color).name()
    # the terrain's eye: the view's background shows through
    window.view.layers.set_visible("terrain", False)
    assert not window.layers_dock.panel.eyes["terrain"].isChecked()
    assert pixel(window, body) == QColor(side.color).name()
    window.view.layers.set_visible("units", False)
    assert pixel(window, body) == window.view.backgroundBrush().color().name()


def test_the_validation_and_preview_overlays_hide_with_their_layers(window):
    view = window.view
    view.mark_problems([(0.0, 0.0, 20.0, "error")])
    preview_item = QGraphicsRectItem(0, 0, 50, 50)
    preview_item.setZValue(60)  # where the breach preview draws
    view.scene().addItem(preview_item)
    assert view._problems.isVisible() and preview_item.isVisible()
    view.layers.set_visible("validation", False)
    view.layers.set_visible("preview", False)
    assert not view._problems.isVisible() and not preview_item.isVisible()
    later = QGraphicsRectItem(0, 0, 50, 50)
    later.setZValue(55)  # the heat map, added while the layer is hidden
    view.scene().addItem(later)
    assert not later.isVisible()
    view.layers.set_visible("preview", True)
    assert preview_item.isVisible() and later.isVisible()
    assert window.layers_dock.panel.locks["preview"].isEnabled() is False  # nothing to lock


def test_a_locked_layer_cannot_be_selected_or_dragged(qtbot, window):
    w = window
    unit = next(u for u in w.doc.scenario.units if u.type == "heavy-tank")
    zoom_on(w, unit.hex, 1.5)
    w.set_tool("select")
    lay = w.doc.scenario.map.layout
    col, row = lay.to_offset(unit.hex)
    target = lay.to_axial(col, row + 2)
    here, there = w.controller.scene_pos(unit.hex), w.controller.scene_pos(target)
    qtbot.mouseClick(w.layers_dock.panel.locks["units"], Qt.MouseButton.LeftButton)
    assert w.view.layers.locked("units")

    click(qtbot, w, here, there)
    assert w.state.selection is None or type(w.state.selection).__name__ != "Unit"
    assert next(u for u in w.doc.scenario.units if u.id == unit.id).hex == unit.hex
    assert w.doc.undo_stack.count() == 0

    w.view.layers.set_locked("units", False)
    click(qtbot, w, here, there)
    assert next(u for u in w.doc.scenario.units if u.id == unit.id).hex == target
    assert w.doc.undo_stack.count() == 1


def test_locking_a_selected_objects_layer_drops_the_selection(qtbot, window):
    w = window
    unit = next(u for u in w.doc.scenario.units if u.type == "heavy-tank")
    zoom_on(w, unit.hex, 1.5)
    w.set_tool("select")
    click(qtbot, w, w.controller.scene_pos(unit.hex))
    assert w.state.selection is not None and w.state.selection.id == unit.id
    w.view.layers.set_locked("units", True)
    assert w.state.selection is None
    w.act("edit.delete").trigger()
    assert any(u.id == unit.id for u in w.doc.scenario.units)


def test_the_tools_of_a_locked_or_hidden_layer_do_nothing(qtbot, window):
    w = window
    h = w.doc.scenario.map.layout.to_axial(2, 3)
    zoom_on(w, h, 1.5)
    before = w.doc.terrain_at(h)
    w.terrain_choice.set("water" if before != "water" else "forest")
    w.set_tool("brush")
    w.view.layers.set_locked("terrain", True)
    click(qtbot, w, w.controller.scene_pos(h))
    assert w.doc.terrain_at(h) == before
    assert w.statusBar().currentMessage() == "Terrain is locked: unlock it in the Layers dock"
    w.view.layers.set_locked("terrain", False)
    w.view.layers.set_visible("terrain", False)
    click(qtbot, w, w.controller.scene_pos(h))
    assert w.doc.terrain_at(h) == before
    assert w.statusBar().currentMessage() == "Terrain is hidden: show it in the Layers dock"
    w.view.layers.set_visible("terrain", True)
    click(qtbot, w, w.controller.scene_pos(h))
    assert w.doc.terrain_at(h) != before
    # the path tool's layer is the one it lays: rivers locked, roads still drawn
    w.view.layers.set_locked("rivers", True)
    w.set_tool("path")
    w.tool_options.widgets["path_kind"].setCurrentText("road")
    assert w.view.tool_refusal() == ""
    w.tool_options.widgets["path_kind"].setCurrentText("river")
    assert w.view.tool_refusal() == "Rivers is locked"


def test_the_select_tool_passes_over_a_locked_layer_to_the_one_below(qtbot, settings, tmp_path):
    path = tmp_path / "valley.json"
    shutil.copy(SAMPLES / "ogre-dambusters-valley.json", path)
    w = make_window(qtbot, settings, path)
    dam = w.doc.scenario.map.dams[0]
    zoom_on(w, dam.hex, 1.5)
    w.set_tool("select")
    click(qtbot, w, w.controller.scene_pos(dam.hex))
    assert type(w.state.selection).__name__ == "Dam"
    w.view.layers.set_locked("dams", True)
    click(qtbot, w, w.controller.scene_pos(dam.hex))
    assert type(w.state.selection).__name__ == "River" and w.state.selection.id == dam.river


def test_ctrl_l_is_the_labels_layer_and_labels_are_on_by_default(window):
    action = window.act("view.labels")
    assert action.isChecked() and window.view.layers.visible("labels")
    action.trigger()
    assert not window.view.layers.visible("labels")
    assert not window.layers_dock.panel.eyes["labels"].isChecked()
    window.layers_dock.panel.eyes["labels"].click()
    assert action.isChecked()
    menu_entry = next(
        a for a in window.acts.submenus["view.layers_menu"].actions() if a.objectName() == "layer-labels"
    )
    assert menu_entry.isChecked()


def test_each_files_layers_are_remembered(qtbot, settings, tmp_path, window):
    first = window.doc.path
    window.view.layers.set_visible("hexsides", False)
    window.view.layers.set_locked("units", True)
    other = tmp_path / "other.json"
    shutil.copy(SAMPLES / "ogre-basic.json", other)
    assert window.files.open_path(other)
    assert window.view.layers.visible("hexsides") and not window.view.layers.locked("units")  # its own
    again = make_window(qtbot, settings, first)
    assert not again.view.layers.visible("hexsides") and again.view.layers.locked("units")
    assert (
        not again.layers_dock.panel.eyes["hexsides"].isChecked()
        and again.layers_dock.panel.locks["units"].isChecked()
    )
    # Save As carries the layers to the new name
    copy = tmp_path / "copy.json"
    assert again.files.save_to(copy)
    fresh = make_window(qtbot, settings, copy)
    assert fresh.view.layers.locked("units")


def test_an_image_at_another_scale_than_the_views_still_shows_the_terrain(qtbot, settings):
    """Far out the view hides the chunks and shows the overview (and the other way round): an export
    drawn at another scale still gets the map's terrain, whichever the view shows."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from dambuster.editor.document import Document
    from dambuster.editor.scene.hex.scene import HexSceneController
    from dambuster.editor.scene.map_view import MapView
    from dambuster.model import new_hex_scenario

    sc = new_hex_scenario(300, 200)
    for h in sc.map.layout.hexes():
        sc.map.terrain[h] = "water"
    view = MapView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    HexSceneController(Document(sc), view)
    view.show()
    qtbot.waitExposed(view)
    water = QColor(TERRAIN_STYLE["water"][0]).name()
    for zoom, width in ((0.01, 2400), (1.0, 300)):  # the view far out and an image at 8 px a hex, and back
        view.resetTransform()
        view.scale(zoom, zoom)
        view.grab()
        rect = view.sceneRect()
        img = QImage(width, int(width * rect.height() / rect.width()), QImage.Format.Format_ARGB32)
        img.fill(QColor("white"))
        p = QPainter(img)
        view.scene().render(p, QRectF(img.rect()), rect)
        p.end()
        assert img.pixelColor(img.width() // 2, img.height() // 2).name() == water, zoom


def test_a_locked_table_layer_is_passed_over_by_the_vertex_tool(qtbot, settings):
    w = make_window(qtbot, settings, SAMPLES / "dbm-table.json")
    area = max(w.doc.scenario.map.areas, key=lambda a: len(a.polygon))
    from shapely.geometry import Polygon

    inside = Polygon(area.polygon).representative_point()
    w.set_tool("vertex")
    click(qtbot, w, QPointF(inside.x, inside.y))
    assert w.state.selection is area or getattr(w.state.selection, "id", None) == area.id
    w.view.layers.set_locked("areas", True)
    assert w.state.selection is None
    click(qtbot, w, QPointF(inside.x, inside.y))
    assert type(w.state.selection).__name__ != "Area"


@pytest.mark.parametrize(
    "orientation,offset", [("flat", "odd-q"), ("flat", "even-q"), ("pointy", "odd-r"), ("pointy", "even-r")]
)
def test_a_blocks_bounds_from_its_corner_hexes_are_those_of_all_its_hexes(orientation, offset):
    """The terrain chunks' bounds (worked out from the blocks' corners, for a fast open) enclose every hex."""
    from dambuster.editor.geometry.hexes import HexGeometry
    from dambuster.model.hexgrid import Layout

    g = HexGeometry(Layout(orientation, offset, 12, 12))
    for c0, r0, c1, r1 in ((0, 0, 12, 12), (3, 5, 4, 6), (1, 2, 3, 11), (5, 0, 12, 2), (7, 7, 9, 8)):
        every = [g.layout.to_axial(c, r) for c in range(c0, c1) for r in range(r0, r1)]
        assert g.block_bounds(c0, r0, c1, r1) == pytest.approx(g.bounds(every))
