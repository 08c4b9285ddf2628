"""The editor's first minutes: the start page (recent files, templates, samples) shown when it opens
without a file, and the window layout remembered from one session to the next."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QMessageBox

from dambuster.editor.app import build
from dambuster.editor.files.templates import checkout_samples_dir
from dambuster.editor.mainwindow import MainWindow
from dambuster.model import new_hex_scenario, new_table_scenario, save

pytestmark = pytest.mark.qt
ROOT = Path(__file__).resolve().parents[2]


def settings_at(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def files(tmp_path):
    """Two scenarios the user opened before (the newer first), and one since deleted."""
    valley, table = tmp_path / "valley.json", tmp_path / "table.json"
    save(new_hex_scenario(12, 10, title="Valley"), valley)
    save(new_table_scenario(1200, 800, "mm", title="Table"), table)
    return [valley, table, tmp_path / "gone.json"]


@pytest.fixture
def start(qtbot, tmp_path, files):
    """The editor as launched without a file, with those recent files."""
    settings = settings_at(tmp_path)
    settings.setValue("recent", [str(p) for p in files])
    _app, w = build([], settings)
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def titles(w, section: str) -> list[str]:
    return [b.text() for b in w.start_page.sections[section]]


def click(button) -> None:
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def test_without_a_file_the_start_page_shows_recent_files_and_templates(start, files):
    page = start.start_page
    assert page.is_showing() and page.isVisible() and not start.view.isVisible()
    assert start.windowTitle() == "Start — dambuster editor"
    assert titles(start, "recent") == ["Valley", "Table", "gone.json"]  # the scenarios' titles
    recent = page.sections["recent"]
    assert (
        recent[0].description().endswith("valley.json")
        and Path(recent[0].description()).name == "valley.json"
    )
    assert recent[0].isEnabled() and not recent[2].isEnabled() and "not found" in recent[2].description()
    assert titles(start, "templates") == ["Ogre map", "Dambusters valley", "DBM table", "Sewer"]


def test_the_checkout_samples_are_listed_by_their_titles(start):
    assert checkout_samples_dir() == ROOT / "samples"
    shown = dict(
        zip((b.description() for b in start.start_page.sections["samples"]), titles(start, "samples"))
    )
    assert shown["ogre-dambusters-valley.json"] == "Dambusters: the Aller valley"
    assert "invalid" not in " ".join(shown)  # the invalid-file corpus stays out
    assert start.start_page.section_boxes["samples"].isVisible()


def test_without_samples_the_section_is_hidden(start, tmp_path):
    start.start_page.samples_dir = tmp_path / "nowhere"
    start.start_page.show_page()
    assert start.start_page.sections["samples"] == []
    assert not start.start_page.section_boxes["samples"].isVisible()
    assert start.start_page.section_boxes["templates"].isVisible()


@pytest.mark.parametrize(
    "index, kind, size",
    [
        (0, "hex", (15, 22)),
        (1, "hex", (22, 30)),
        (2, "table", (1800.0, 1200.0, "mm", "15mm")),
        (3, "table", (48.0, 48.0, "inches", "15mm")),
    ],
)
def test_a_template_click_makes_a_new_scenario_of_its_kind_and_size(start, index, kind, size):
    click(start.start_page.sections["templates"][index])
    m = start.doc.scenario.map
    assert start.doc.is_hex == (kind == "hex")
    if kind == "hex":
        assert (m.columns, m.rows) == size
    else:
        assert (m.width, m.depth, m.unit, m.figures) == size
    assert start.doc.path is None and not start.doc.modified
    assert not start.start_page.is_showing() and start.view.isVisible()
    assert start.windowTitle().startswith("untitled.json")


def test_a_recent_file_changed_since_the_last_start_shows_its_new_title(start, files):
    """Titles are remembered between starts with each file's size and time; a changed file is read again."""
    save(new_hex_scenario(12, 10, title="Valley, second draft"), files[0])
    start.start_page.show_page()  # as at the next start (File > Start Page)
    assert titles(start, "recent") == ["Valley, second draft", "Table", "gone.json"]
    files[1].unlink()  # a remembered file since deleted is greyed, not shown by its remembered title
    start.start_page.show_page()
    assert titles(start, "recent") == ["Valley, second draft", "table.json", "gone.json"]
    assert not start.start_page.sections["recent"][1].isEnabled()


def test_the_valley_template_checks_the_dambusters_rules(start):
    click(start.start_page.sections["templates"][1])
    assert "ogre-dambusters" in start.doc.scenario.meta.profiles and start.doc.is_hex


def test_clicking_a_recent_file_opens_it_and_hides_the_page(start, files):
    click(start.start_page.sections["recent"][1])
    assert start.doc.path == files[1] and not start.doc.is_hex
    assert not start.start_page.is_showing() and start.view.isVisible()
    assert start.windowTitle().startswith("table.json")


def test_opening_a_file_from_the_menu_hides_the_page(start, files):
    assert start.files.open_path(files[0])
    assert not start.start_page.is_showing() and start.view.isVisible()


def drop(widget, paths) -> bool:
    """Drags ``paths`` onto ``widget`` and drops them there; True when the drop was accepted."""
    from PySide6.QtCore import QMimeData, QPoint, QUrl
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    at, actions = QPoint(20, 20), Qt.DropAction.CopyAction
    enter = QDragEnterEvent(at, actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, enter)
    if not enter.isAccepted():
        return False
    dropped = QDropEvent(at, actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, dropped)
    return dropped.isAccepted()


def test_a_scenario_dropped_on_the_page_opens(start, files):
    assert not drop(start.start_page.viewport(), [files[0], files[1]])  # one file at a time
    assert not drop(start.start_page.viewport(), [files[2]])  # gone
    assert start.start_page.is_showing() and start.doc.path is None
    assert drop(start.start_page.viewport(), [files[1]])
    assert start.doc.path == files[1] and not start.start_page.is_showing()


def test_blank_map_goes_to_the_map_behind(start):
    click(start.start_page.buttons["start-blank"])
    assert not start.start_page.is_showing() and start.view.isVisible()
    assert start.windowTitle().startswith("untitled.json")


def test_the_docks_cannot_edit_the_map_hidden_under_the_page(start):
    """Typing a title in the Scenario dock on the start page edited a blank map nobody saw, which then
    asked to be saved; the docks wait until a map shows."""
    panel = start.properties_panel
    assert not panel.isEnabled()
    assert not start.doc.modified
    click(start.start_page.buttons["start-blank"])
    assert panel.isEnabled()


def test_undo_and_the_edit_commands_cannot_change_the_map_hidden_under_the_page(start, qtbot):
    """Ctrl+Z, Delete or Paste on the start page changed the map left open under it, unseen."""
    click(start.start_page.buttons["start-blank"])
    title = start.properties_panel.title  # an edit as a designer makes it: a title typed in the dock
    title.setText("Mine")
    title.editingFinished.emit()
    stack = start.doc.undo_stack
    done = stack.index()
    assert done >= 1 and start.act("edit.undo").isEnabled()
    start.act("file.start_page").trigger()
    for name in ("edit.undo", "edit.delete", "edit.paste", "scenario.properties", "rules.check"):
        assert not start.act(name).isEnabled(), name
    qtbot.keyClick(start.start_page, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    start.act("edit.undo").trigger()
    assert stack.index() == done and start.doc.scenario.meta.title == "Mine"
    click(start.start_page.buttons["start-blank"])
    assert start.act("edit.undo").isEnabled() and start.act("scenario.properties").isEnabled()
    start.act("edit.undo").trigger()
    assert stack.index() == done - 1


def test_file_start_page_shows_it_again_with_the_files_opened_since(start, files):
    click(start.start_page.sections["recent"][1])
    start.act("file.start_page").trigger()
    assert start.start_page.is_showing()
    assert titles(start, "recent")[0] == "Table"


def test_unsaved_work_is_not_dropped_by_a_template_when_the_user_cancels(start):
    click(start.start_page.buttons["start-blank"])
    start.doc.scenario.meta.title = "Mine"
    start.doc.undo_stack.resetClean()  # as after an edit: modified
    start.act("file.start_page").trigger()
    start.files.ask_save = lambda: QMessageBox.StandardButton.Cancel
    click(start.start_page.sections["templates"][2])
    assert start.doc.is_hex and start.doc.scenario.meta.title == "Mine"
    assert start.start_page.is_showing()


def test_a_file_on_the_command_line_goes_straight_to_the_map(qtbot, tmp_path, files):
    _app, w = build([str(files[0])], settings_at(tmp_path))
    qtbot.addWidget(w)
    assert w.doc.path == files[0] and not w.start_page.is_showing()


def test_a_bare_window_shows_the_map_not_the_start_page(qtbot, tmp_path):
    w = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(w)
    assert not w.start_page.is_showing()


def test_the_window_layout_is_restored_in_the_next_session(qtbot, tmp_path):
    first = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(first)
    first.resize(700, 640)  # offscreen the screen is 800 wide; the docks make the window taller than 640
    first.show()
    qtbot.waitExposed(first)
    first.docks["validation"].hide()
    first.removeDockWidget(first.docks["terrain"])
    first.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, first.docks["terrain"])
    first.docks["terrain"].show()
    assert first.close()

    second = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    assert second.width() == 700 and second.height() == first.height()
    assert second.docks["validation"].isHidden()
    assert second.dockWidgetArea(second.docks["terrain"]) == Qt.DockWidgetArea.RightDockWidgetArea


def test_file_close_asks_to_save_then_shows_the_start_page(start, files):
    """Issue 24 (cosmetic): File > Close (Ctrl+W) closes the file, asking to save changes first."""
    from PySide6.QtGui import QKeySequence

    assert start.files.open_path(files[0])
    close = start.act("file.close")
    assert close.shortcut() == QKeySequence(QKeySequence.StandardKey.Close)
    start.doc.scenario.meta.title = "Changed"
    start.doc.meta_changed.emit()
    start.doc.undo_stack.resetClean()  # unsaved changes
    start.files.ask_save = lambda: QMessageBox.StandardButton.Cancel
    close.trigger()
    assert start.doc.path == files[0] and not start.start_page.is_showing()  # cancelled: nothing lost
    start.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    close.trigger()
    assert start.doc.path is None and start.start_page.is_showing()
    assert start.windowTitle().startswith("Start")


@pytest.mark.parametrize("width", [1200, 1366, 1600])
def test_no_entry_is_cut_at_the_pages_right_edge(start, qtbot, width):
    """At 1366 wide the Samples column was cut at the page's edge: where the two columns do not fit
    beside each other, the samples go under the templates, every entry whole within the page."""
    start.resize(width, 740)
    qtbot.wait(20)
    page = start.start_page
    viewport = page.viewport()
    for section in ("templates", "samples"):
        for button in page.sections[section]:
            right = button.mapTo(viewport, button.rect().topRight()).x()
            assert button.width() >= button.sizeHint().width(), button.text()
            assert right <= viewport.width(), button.text()  # whole, without scrolling sideways
    beside = page.sections["samples"][0].mapTo(viewport, page.sections["samples"][0].rect().topLeft())
    if width >= 1366:  # room for both: side by side, as designed
        assert (
            beside.y()
            < page.sections["templates"][-1]
            .mapTo(viewport, page.sections["templates"][-1].rect().topLeft())
            .y()
        )


def test_the_start_page_shows_nothing_of_the_map_left_open(start, files, qtbot):
    """File > Start Page with a map open left its preview ("Step 0 … swell on 3 hexes"), its history and
    the status bar's hex under the cursor ("110119 q 109, r 64 forest") showing beside the page."""
    assert start.files.open_path(ROOT / "samples" / "ogre-dambusters-valley.json")
    start.view.cursor_moved.emit(start.view.mapToScene(start.view.viewport().rect().center()))
    assert start.readouts.pos_label.text()  # the map's hex readout
    start.docks["preview"].show()
    qtbot.wait(20)
    assert "swell" in " ".join(label.text() for label in start.docks["preview"].findChildren(QLabel))
    sizes = {key: dock.size() for key, dock in start.docks.items()}
    start.act("file.start_page").trigger()
    assert start.start_page.is_showing()
    assert start.readouts.pos_label.text() == ""
    for key in ("preview", "history", "properties", "validation"):
        assert one_colour(start.docks[key]), key  # its contents covered: no step, no log, no history
    assert {key: dock.size() for key, dock in start.docks.items()} == sizes  # the layout as it was
    click(start.start_page.buttons["start-blank"])  # back to the map: all of it again
    assert not one_colour(start.docks["preview"]) and not one_colour(start.docks["history"])
    assert {key: dock.size() for key, dock in start.docks.items()} == sizes


def one_colour(dock) -> bool:
    """Whether the dock's contents show as one plain colour (its title bar left out)."""
    content = dock.widget().geometry()
    image = dock.grab(content).toImage()
    colours = {image.pixel(x, y) for y in range(0, image.height(), 3) for x in range(0, image.width(), 3)}
    return len(colours) == 1


def test_no_sideways_scrollbar_when_the_page_fits(start, qtbot):
    """At 1366x768 with the docks beside it the page's centre is about 490 pixels wide; the subtitle's
    one long line made it scroll sideways though every entry fitted."""
    start.start_page.resize(480, 500)
    qtbot.wait(20)
    assert not start.start_page.horizontalScrollBar().isVisible()
