"""Counters and labels players recognise: each unit type's figures as on Ogre counters, figures only
when they are readable, hex labels only at a readable zoom, units still seen far out, and the hover
tooltip listing what is in a hex."""

import dataclasses
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QEvent, QPointF, QRectF
from PySide6.QtGui import QColor, QHelpEvent, QImage, QPainter
from PySide6.QtWidgets import QToolTip

from dambuster.editor.document import Document
from dambuster.editor.scene.counters import UnitCounter
from dambuster.editor.scene.hex.scene import HexSceneController
from dambuster.editor.scene.map_view import MapView
from dambuster.model import load, new_hex_scenario
from dambuster.model.scenario import Side, Unit

pytestmark = pytest.mark.qt
SAMPLES = Path(__file__).resolve().parents[2] / "samples"

#: type, squads -> the counter's texts, top first: defense (top left), movement (top right), attack/range
#: (below), where the basic game's rules put them (shared/rules/ogre-basic-redesign.txt; its unit table,
#: and the Designer's Edition figures of the rest);
#: infantry counts its squads; an Ogre shows its mark and "OGRE"
FACES = {
    ("heavy-tank", 1): ["3", "3", "4/2"],
    ("missile-tank", 1): ["2", "2", "3/4"],
    ("light-tank", 1): ["1", "3", "2/2"],
    ("gev", 1): ["2", "4", "2/2"],
    ("jeep", 1): ["2", "4", "2/2"],  # the original GEV's counter (basic redesign)
    ("howitzer", 1): ["1", "0", "6/8"],
    ("superheavy", 1): ["5", "3", "6/3"],
    ("heavy-drone", 1): ["3", "3", "0/0"],
    ("infantry", 1): ["1", "2", "1/1"],
    ("infantry", 2): ["2", "2", "2/1"],
    ("infantry", 3): ["3", "2", "3/1"],
    ("combat-engineers", 2): ["2", "2", "2/1"],
    ("marines", 3): ["3", "2", "3/1"],
    ("command-post", 1): ["0", "0", "0/0"],
    ("mobile-command-trailer", 1): ["0", "1", "0/0"],
    ("truck", 1): ["1", "3", "0/0"],
    ("hovertruck", 1): ["1", "4", "0/0"],
    ("ogre-mk3", 1): ["MK III", "OGRE"],
    ("ogre-mk5", 1): ["MK V", "OGRE"],
    ("vulcan", 1): ["VULCAN", "OGRE"],
}


def shown(qtbot, doc, size=(700, 500)):
    view = MapView()
    qtbot.addWidget(view)
    view.resize(*size)
    controller = HexSceneController(doc, view)
    view.show()
    qtbot.waitExposed(view)
    return view, controller


def zoom_on(view, point: QPointF, zoom: float) -> QImage:
    """The view at ``zoom`` centred on a scene point, as the user sees it."""
    view.fitting = False
    view.resetTransform()
    view.scale(zoom, zoom)
    view.centerOn(point)
    return view.grab().toImage()


def army() -> Document:
    sc = new_hex_scenario(8, 4)
    sc.sides = [
        Side("ogre", "Ogre", "attacker", "#c03030"),
        Side("defense", "Defense", "defender", "#3060c0"),
    ]
    lay = sc.map.layout
    for i, (key, squads) in enumerate(FACES):
        side = "ogre" if key.startswith("ogre") or key == "vulcan" else "defense"
        sc.units.append(Unit(f"unit-{i}", key, side, lay.to_axial(i % 8, i // 8), squads))
    return Document(sc)


def counter_at(view, c, h) -> UnitCounter:
    items = [i for i in view.scene().items(c.scene_pos(h)) if isinstance(i, UnitCounter)]
    assert len(items) == 1
    return items[0]


def test_every_unit_type_shows_its_figures_as_on_ogre_counters(qtbot):
    doc = army()
    view, c = shown(qtbot, doc)
    for u in doc.scenario.units:
        counter = counter_at(view, c, u.hex)
        texts = [t.text() for t in counter.childItems() if hasattr(t, "text")]
        assert texts == FACES[(u.type, u.squads)], u.type


def test_figures_are_drawn_only_where_they_are_readable(qtbot):
    """Two heavy tanks whose attack differs: told apart close up, the same coloured square with the
    same symbol far out."""
    sc = new_hex_scenario(6, 3)
    sc.sides = [Side("defense", "Defense", "defender", "#3060c0")]
    sc.unit_types["big-tank"] = dataclasses.replace(sc.unit_types["heavy-tank"], attack=9)
    lay = sc.map.layout
    a, b = lay.to_axial(1, 1), lay.to_axial(3, 1)
    sc.units = [Unit("a", "heavy-tank", "defense", a), Unit("b", "big-tank", "defense", b)]
    view, c = shown(qtbot, Document(sc))
    for layer in ("terrain", "labels"):  # the counters alone
        view.scene().layers.set_visible(layer, False)

    def counter_image(h, zoom) -> QImage:
        counter = counter_at(view, c, h)
        rect = counter.sceneBoundingRect()
        img = QImage(int(rect.width() * zoom) + 1, int(rect.height() * zoom) + 1, QImage.Format.Format_ARGB32)
        img.fill(QColor("white"))
        p = QPainter(img)
        view.scene().render(p, QRectF(img.rect()), rect)
        p.end()
        return img

    assert counter_image(a, 4.0) != counter_image(b, 4.0)  # "4/2" against "9/2"
    assert counter_image(a, 0.4) == counter_image(b, 0.4)  # a symbol only: no figures at 40 %
    blue = QColor("#3060c0")
    small = counter_image(a, 0.4)
    assert (
        small.pixelColor(small.width() // 5, small.height() // 5).name() == blue.name()
    )  # still a blue counter


def test_hex_labels_show_at_a_readable_zoom_and_not_below(qtbot):
    doc = Document(new_hex_scenario(30, 20))
    view, c = shown(qtbot, doc)
    layers = view.scene().layers
    assert layers.visible("labels")  # on by default
    h = doc.scenario.map.layout.to_axial(15, 10)
    centre = c.scene_pos(h)
    for zoom, readable in ((3.0, True), (0.5, False)):
        with_labels = zoom_on(view, centre, zoom)
        layers.set_visible("labels", False)
        without = zoom_on(view, centre, zoom)
        layers.set_visible("labels", True)
        assert (with_labels != without) is readable, zoom


def test_far_out_units_are_dots_in_their_sides_colour(qtbot):
    sc = new_hex_scenario(400, 300)
    sc.sides = [Side("ogre", "Ogre", "attacker", "#c03030")]
    h = sc.map.layout.to_axial(200, 150)
    sc.units = [Unit("ogre-1", "ogre-mk3", "ogre", h)]
    view, c = shown(qtbot, Document(sc))
    view.zoom_to_fit()
    img = view.grab().toImage()
    at = view.mapFromScene(c.scene_pos(h))
    assert view.zoom() * c.geom.size < 1.0  # a hex is under a pixel
    assert img.pixelColor(at.x(), at.y()).name() == "#c03030"


def tooltip_at(qtbot, view, scene_point: QPointF, first_line: str) -> str:
    """The tooltip shown when the mouse rests on a scene point (once it starts with ``first_line``)."""
    pos = view.mapFromScene(scene_point)
    view.viewportEvent(QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos)))
    qtbot.waitUntil(lambda: QToolTip.text().startswith(first_line))
    return QToolTip.text()


def test_the_hover_tooltip_lists_the_features_of_a_hex(qtbot):
    sc = load(SAMPLES / "ogre-dambusters-valley.json")
    dam = sc.map.dams[0]
    river = next(r for r in sc.map.rivers if r.id == dam.river)
    view, c = shown(qtbot, Document(sc))
    head = f"{sc.map.layout.label(dam.hex)}  {sc.map.terrain.get(dam.hex)}"
    text = tooltip_at(qtbot, view, c.scene_pos(dam.hex), head)
    assert f"Dam {dam.id}" in text and f"{dam.sp} SP" in text
    assert f"River {river.id}" in text


def test_the_hover_tooltip_lists_the_units_and_the_violations_in_a_hex(qtbot):
    from dambuster.validators import check_scenario

    sc = load(SAMPLES / "ogre-basic.json")
    tank = next(u for u in sc.units if u.type == "heavy-tank")
    sc.units.append(Unit("unit-extra", "gev", tank.side, tank.hex))  # two armour units in one hex
    view, c = shown(qtbot, Document(sc))
    violations = check_scenario(sc)
    view.violations = lambda: violations
    text = tooltip_at(qtbot, view, c.scene_pos(tank.hex), sc.map.layout.label(tank.hex))
    assert "Heavy tank" in text and "GEV" in text and tank.id in text and "unit-extra" in text
    assert "ERROR STACK-LIMIT" in text
    assert "FORCE-BUDGET" not in text  # a violation located elsewhere
