"""Clicking a geometric violation shows its witness: for river curvature, the two worst points and the
straight line between them."""

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QSettings

from dambuster.editor.geometry.locate import witness_lines
from dambuster.editor.mainwindow import MainWindow
from dambuster.model import new_table_scenario, save
from dambuster.model.scenario import TableRiver


def hairpin_table(path):
    s = new_table_scenario(7200, 4800, profiles=["dbm-terrain"])
    # a sharp bend with a short last leg: vertex pairs alone would not catch it
    s.map.rivers = [
        TableRiver("r1", [(0, 1000), (3000, 1000), (3000, 1300), (2950, 1300)], 150.0, placed_by="defender")
    ]
    save(s, path)
    return path


def test_the_curvature_witness_is_drawn_as_two_points_and_a_line(qtbot, tmp_path):
    w = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.files.open_path(hairpin_table(tmp_path / "hairpin.json"))
    found = [v for v in w.validation.run() if v.code == "DBM-RIVER-CURVATURE"]
    assert found, "the hairpin must break the curvature rule"
    v = found[0]
    w.findings.show_violation(v)
    path = w.view.witness_path()
    assert path is not None
    p, q = tuple(v.witness["p"]), tuple(v.witness["q"])
    box = path.boundingRect()
    for x, y in (p, q):
        assert box.left() - 1 <= x <= box.right() + 1 and box.top() - 1 <= y <= box.bottom() + 1
    w.view.clear_highlight()
    assert w.view.witness_path() is None
    w.doc.undo_stack.setClean()


def test_witness_shapes_without_qt():
    assert witness_lines({"p": [0, 0], "q": [3, 4], "ratio": 2.0}, None) == [[(0.0, 0.0), (3.0, 4.0)]]
    assert witness_lines({"crossing": [1, 2]}, None) == [[(1.0, 2.0)]]
    assert witness_lines({"sp": 40}, None) == []
    assert witness_lines(None, None) == []
