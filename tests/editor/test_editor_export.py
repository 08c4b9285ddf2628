"""File > Export: PNG and SVG of the map, with the preview's overlay when it is showing."""

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from dambuster.editor.files.export import LONG_SIDE, export_png, image_size
from dambuster.editor.mainwindow import MainWindow

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


@pytest.fixture
def window(qtbot, tmp_path):
    w = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(w)
    w.resize(1000, 700)
    w.show()
    qtbot.waitExposed(w)
    assert w.files.open_path(SAMPLES / "ogre-dambusters-valley.json")
    return w


def test_file_menu_has_export_png_and_svg(window):
    file = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    export = next(a.menu() for a in file.actions() if a.menu() is not None and a.text() == "E&xport")
    assert [a.text() for a in export.actions()] == ["Map as &PNG…", "Map as &SVG…"]


def test_png_has_the_scene_size_and_loads(window, tmp_path):
    out = window.exporter.export("png", tmp_path / "map.png")
    img = QImage(str(out))
    assert not img.isNull()
    want = image_size(window.view.scene().sceneRect())
    assert (img.width(), img.height()) == (want.width(), want.height())
    assert max(img.width(), img.height()) == LONG_SIDE
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left


def test_svg_is_xml_with_a_view_box(window, tmp_path):
    out = window.exporter.export("svg", tmp_path / "map.svg")
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg") and root.get("viewBox")
    assert len(list(root.iter())) > 50


def test_export_includes_the_preview_step(window, tmp_path):
    def png(name):
        export_png(window.view.scene(), tmp_path / name, long_side=500)
        return QImage(str(tmp_path / name))

    plain = png("plain.png")
    window.preview_dock.show()
    window.preview_dock.pane.go_to(2)
    stepped = png("step2.png")
    assert plain.size() == stepped.size() and plain != stepped
    window.preview_dock.close()
    assert png("again.png") == plain


def test_export_to_a_missing_folder_fails_cleanly(window, tmp_path, capsys):
    assert window.exporter.export("png", tmp_path / "nowhere" / "map.png") is None
    assert "Cannot export" in capsys.readouterr().err
    assert not (tmp_path / "nowhere").exists()


def test_table_map_exports(window, tmp_path):
    assert window.files.open_path(SAMPLES / "sewer-flash-flood.json")
    out = window.exporter.export("svg", tmp_path / "sewer.svg")
    assert ET.parse(out).getroot().tag.endswith("svg")
