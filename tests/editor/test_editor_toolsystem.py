"""One tool system: every tool and command comes from the action catalog; tool shortcuts choose the
tool, the tool-options bar shows only that tool's options, ] and [ cycle the terrain, the Place dock
groups placements by rule system, and Help > Keyboard Shortcuts lists what the keys really are."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox, QToolButton

from dambuster.editor.actions import catalog
from dambuster.editor.actions.icons import icon_path
from dambuster.editor.mainwindow import MainWindow
from dambuster.model import new_hex_scenario, new_table_scenario, save
from dambuster.model.terrain import TERRAIN_KINDS

pytestmark = pytest.mark.qt

KEYS = {
    "B": "brush",
    "R": "rectangle",
    "F": "bucket",
    "I": "eyedropper",
    "P": "path",
    "S": "select",
    "H": "hexside",
    "D": "dam",
    "U": "unit",
    "Z": "zone",
}


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    w.view.setFocus()
    return w


def open_table(w, tmp_path):
    path = tmp_path / "table.json"
    save(new_table_scenario(600, 400, "paces"), path)
    assert w.files.open_path(path)


def press(w, key: str) -> None:
    QTest.keyClick(w.view, key)


def test_every_icon_is_a_drawing_and_every_name_is_unique(qapp):
    for tool in catalog.TOOLS:
        assert QSvgRenderer(str(icon_path(tool.icon))).isValid(), tool.icon
    for c in catalog.commands():
        if c.icon and not c.icon.startswith("std:"):
            assert QSvgRenderer(str(icon_path(c.icon))).isValid(), c.icon
    names = [c.name for c in catalog.commands()] + [t.name for t in catalog.TOOLS]
    assert len(names) == len(set(names))


def test_menus_and_tool_bars_are_made_from_the_catalog(window):
    w = window
    for c in catalog.commands():
        if c.kind != "submenu":
            assert w.act(c.name).text() == c.text
        else:
            assert w.acts.submenus[c.name].title() == c.text
    menus = {a.text(): a.menu() for a in w.menuBar().actions()}
    assert list(menus) == list(catalog.MENUS.values())
    assert w.act("view.zoom_fit") in menus["&View"].actions()
    assert [a.data() for a in menus["&Tools"].actions() if a.data()] == [t.name for t in catalog.TOOLS]
    on_bar = [a.objectName() for a in w.acts.main_toolbar.actions() if not a.isSeparator()]
    assert on_bar == [c.name for c in catalog.commands() if c.toolbar]
    tools_bar = [a.data() for a in w.acts.tools_toolbar.actions() if a.isVisible() and not a.isSeparator()]
    assert tools_bar == [t.name for t in catalog.tools_for("hex")]
    assert w.act("tool.brush").toolTip().startswith("Brush (B)")


@pytest.mark.parametrize("key,name", sorted(KEYS.items()))
def test_a_tool_shortcut_chooses_the_tool_and_shows_only_its_options(window, key, name):
    w = window
    w.set_tool("eyedropper" if name != "eyedropper" else "brush")
    press(w, key)
    assert w.state.tool == name and w.act(f"tool.{name}").isChecked()
    assert type(w.view.tool).__name__ != "NoneType"
    assert w.tool_options.tool_name.text() == catalog.TOOL[name].text
    assert w.tool_options.shown_options() == list(catalog.TOOL[name].options)


def test_the_options_bar_follows_every_tool_of_both_map_kinds(window, tmp_path):
    w = window
    for tool in catalog.tools_for("hex"):
        w.act(f"tool.{tool.name}").trigger()
        assert w.tool_options.shown_options() == list(tool.options), tool.name
    w.act("tool.eyedropper").trigger()
    assert w.tool_options.shown_options() == [] and w.tool_options.no_options.isVisible()
    w.act("tool.brush").trigger()
    assert not w.tool_options.no_options.isVisible()
    open_table(w, tmp_path)
    assert w.state.tool == "vertex"  # the brush does not apply to a table
    for tool in catalog.tools_for("table"):
        w.act(f"tool.{tool.name}").trigger()
        assert w.state.tool == tool.name
        assert w.tool_options.shown_options() == list(tool.options), tool.name


def test_on_a_table_map_only_table_tools_show_and_hex_keys_do_nothing(window, tmp_path):
    w = window
    open_table(w, tmp_path)
    shown = [a.data() for a in w.acts.tools_toolbar.actions() if a.isVisible() and not a.isSeparator()]
    assert shown == [t.name for t in catalog.tools_for("table")]
    press(w, "B")
    assert w.state.tool == "vertex"
    w.set_tool("area")
    press(w, "S")
    assert w.state.tool == "vertex"


def test_bracket_keys_cycle_the_terrain_and_every_view_of_it_follows(window):
    w = window
    w.terrain_palette.set_kind(TERRAIN_KINDS[-1])
    press(w, "]")
    assert w.terrain_choice.kind == TERRAIN_KINDS[0]  # wraps round
    press(w, "]")
    assert w.terrain_choice.kind == TERRAIN_KINDS[1]
    press(w, "[")
    press(w, "[")
    assert w.terrain_choice.kind == TERRAIN_KINDS[-1]
    assert w.terrain_palette.currentItem().text() == TERRAIN_KINDS[-1]
    assert w.tool_options.widgets["terrain"].currentText() == TERRAIN_KINDS[-1]
    w.terrain_palette.setCurrentRow(TERRAIN_KINDS.index("water"))  # a click on a swatch
    assert w.terrain_choice.kind == "water" and w.tool_options.widgets["terrain"].currentText() == "water"
    w.tool_options.widgets["terrain"].setCurrentText("swamp")  # the options bar's own choice
    assert w.terrain_choice.kind == "swamp" and w.terrain_palette.currentItem().text() == "swamp"


def test_the_brush_paints_the_cycled_terrain_in_the_chosen_shape(window, qtbot, tmp_path):
    w = window
    path = tmp_path / "map.json"
    save(new_hex_scenario(12, 12), path)
    assert w.files.open_path(path)
    press(w, "B")
    w.terrain_palette.set_kind("clear")
    press(w, "]")  # forest
    w.tool_options.set_brush_size(2)
    w.tool_options.widgets["brush_shape"].setCurrentText("square")
    layout = w.doc.scenario.map.layout
    h = layout.to_axial(5, 5)
    at = w.view.mapFromScene(w.controller.scene_pos(h))
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    painted = {layout.to_offset(x) for x in layout.hexes() if w.doc.terrain_at(x) == "forest"}
    assert painted == {(c, r) for c in (4, 5, 6) for r in (4, 5, 6)}


def test_the_place_dock_groups_placements_by_rule_system(window, tmp_path):
    w = window
    assert w.place_panel.shown_groups() == ["Dambusters", "Engineers", "Forces"]
    button = w.place_panel.findChild(QToolButton, "place-mine")
    assert button.defaultAction() is w.act("tool.mine")
    button.click()
    assert w.state.tool == "mine" and w.tool_options.shown_options() == ["side", "hidden"]
    open_table(w, tmp_path)
    assert w.place_panel.shown_groups() == ["Table", "Sewer"]


def test_the_shortcuts_page_lists_every_key_from_the_actions(window):
    w = window
    dlg = w.show_shortcuts()
    rows = dlg.rows()
    for key, name in KEYS.items():
        tool = catalog.TOOL[name]
        assert rows[f"{tool.text} ({tool.group})"] == key
    assert rows["Next Terrain"] == "]" and rows["Previous Terrain"] == "["
    assert rows["Zoom to Fit"] == "Ctrl+0"
    assert rows["Zoom In"].startswith("+") and rows["Zoom Out"].startswith("-")
    assert rows["Pan the map"] and rows["Zoom in or out under the mouse"] == "Wheel"
    dlg.close()


def test_plus_and_minus_zoom_and_stop_the_map_following_the_window(window):
    w = window
    before = w.view.zoom()
    press(w, "+")
    assert w.view.zoom() > before and not w.view.fitting
    press(w, "-")
    assert w.view.zoom() == pytest.approx(before)
    QTest.keyClick(w.view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert w.view.fitting
