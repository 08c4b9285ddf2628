"""File > Import > Tiled Map…: a foreign hex map whose tiles name no terrain (Tiled's own example
hexagonal-mini.tmx with its tileset image, tests/tiled/tiled-examples/) asks the terrain of exactly the
tiles no name maps, each shown with its picture from the tileset image; the choices end up in the
imported map and in a mapping file that makes `dambuster import-tiled --terrain-map` succeed on the
same map, giving the same terrain. Cancel changes and writes nothing; an existing mapping file is
replaced only when the designer says so."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import sys
import zlib
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QFileDialog
from tiled_docs import hand_made

from dambuster.editor.files.tiled_import import TiledImporter, lenient_question
from dambuster.editor.files.tiled_import_dialog import CHOOSE, TiledTerrainDialog
from dambuster.interop.tiled.importer import read_document
from dambuster.interop.tiled.unresolved import UnresolvedTile, unresolved_tiles
from dambuster.model.io import load
from dambuster.model.terrain import TERRAIN_KINDS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "tests" / "tiled" / "tiled-examples"
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")


def shown_gids(tmx: Path) -> Counter[int]:
    """The gids the map's tile layer shows and how often, read from the file without dambuster."""
    text = tmx.read_text()
    data = text.split('<data encoding="base64" compression="zlib">')[1].split("</data>")[0].strip()
    raw = zlib.decompress(base64.b64decode(data))
    gids = [int.from_bytes(raw[i : i + 4], "little") & 0x0FFFFFFF for i in range(0, len(raw), 4)]
    return Counter(g for g in gids if g)


@pytest.fixture
def mini(tmp_path) -> Path:
    """Tiled's example map and its tileset image, in a folder of their own."""
    for name in ("hexagonal-mini.tmx", "hexmini.png"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    return tmp_path / "hexagonal-mini.tmx"


def name_some_tiles(tmx: Path) -> None:
    """Tile 1 is Grass and tile 4 Lake (names the importer knows: not asked); tile 13 'Dense Forest'
    (no terrain's name, but a word of it is: asked, with forest offered)."""
    text = tmx.read_text()
    tiles = '<tile id="1" type="Grass"/><tile id="4" type="Lake"/><tile id="13" type="Dense Forest"/>'
    tmx.write_text(text.replace('<image source="hexmini.png"', tiles + '<image source="hexmini.png"'))


def importer(window, answer) -> TiledImporter:
    """The importer with ``answer(dialog)`` in place of the designer: it returns whether Import was pressed."""
    imp = TiledImporter(window)
    imp.ask = answer
    return imp


def choose_all(qtbot, dialog: TiledTerrainDialog) -> dict[int, str]:
    """A terrain for every tile left to choose, picked from the combo boxes; Import pressed."""
    for i, combo in enumerate(dialog.combos.values()):
        if combo.currentData() is None:
            assert not dialog.ok.isEnabled()  # Import waits for every tile
            combo.setCurrentIndex(combo.findData(TERRAIN_KINDS[i % len(TERRAIN_KINDS)]))
    assert dialog.ok.isEnabled()
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    return dialog.choices()


def test_the_dialog_lists_each_unnamed_tile_with_its_picture_and_the_choices_are_the_map(window, qtbot, mini):
    before = window.doc.scenario
    seen: dict[str, object] = {}

    def answer(dialog: TiledTerrainDialog) -> bool:
        seen["gids"] = list(dialog.combos)
        seen["hexes"] = {t.gid: int(dialog.table.item(r, 1).text()) for r, t in enumerate(dialog.tiles)}
        seen["unreadable"] = dict(dialog.unreadable)
        sheet = QImage(str(mini.parent / "hexmini.png"))
        # each row's picture is its tile's part of the tileset image (18 x 18, 5 to a row: 106 px wide)
        for row, tile in enumerate(dialog.tiles):
            tid = tile.gid - 1
            part = sheet.copy((tid % 5) * 18, (tid // 5) * 18, 18, 18)
            assert dialog.pictures[tile.gid].convertToFormat(sheet.format()) == part, f"gid {tile.gid}"
            assert not dialog.table.item(row, 0).icon().isNull()
        assert all(c.currentText() == CHOOSE for c in dialog.combos.values())  # no name: nothing guessed
        seen["choices"] = choose_all(qtbot, dialog)
        return dialog.result() == dialog.DialogCode.Accepted

    assert importer(window, answer).import_map(mini)
    shown = shown_gids(mini)
    assert seen["gids"] == sorted(shown)  # exactly the tiles the map shows, none of them named
    assert seen["hexes"] == dict(shown)
    assert seen["unreadable"] == {}

    choices: dict[int, str] = seen["choices"]  # type: ignore[assignment]
    scenario = window.doc.scenario
    assert scenario is not before
    expected = Counter()
    for gid, n in shown.items():
        expected[choices[gid]] += n
    assert scenario.map.terrain.counts() == dict(expected)  # every hex has the terrain chosen for its tile
    assert window.doc.modified and window.windowTitle().startswith("untitled.json*")

    saved = mini.with_name("hexagonal-mini-terrain-map.json")  # offered beside the map
    assert json.loads(saved.read_text()) == {str(g): k for g, k in choices.items()}
    out = mini.with_name("imported.json")
    r = subprocess.run(
        [DAMBUSTER, "import-tiled", str(mini), "--terrain-map", str(saved), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert load(out).map.terrain == scenario.map.terrain  # the command line gives the same map
    without = subprocess.run(
        [DAMBUSTER, "import-tiled", str(mini)], capture_output=True, text=True, timeout=120
    )
    assert without.returncode == 2 and "--terrain-map" in without.stderr


def test_only_tiles_no_name_maps_are_asked_and_a_word_of_a_name_is_offered(window, qtbot, mini, tmp_path):
    name_some_tiles(mini)
    where = tmp_path / "choices" / "mini.json"
    where.parent.mkdir()
    seen: dict[str, object] = {}

    def answer(dialog: TiledTerrainDialog) -> bool:
        seen["gids"] = list(dialog.combos)
        seen["offered"] = dialog.combos[14].currentData()
        dialog.path_edit.setText(str(where))  # the designer's own place for the file
        seen["choices"] = choose_all(qtbot, dialog)
        return dialog.result() == dialog.DialogCode.Accepted

    assert importer(window, answer).import_map(mini)
    assert seen["gids"] == sorted(set(shown_gids(mini)) - {2, 5})  # Grass and Lake are not asked
    assert seen["offered"] == "forest"  # 'Dense Forest'
    assert json.loads(where.read_text()) == {str(g): k for g, k in seen["choices"].items()}  # type: ignore[union-attr]
    assert not mini.with_name("hexagonal-mini-terrain-map.json").exists()
    r = subprocess.run(
        [DAMBUSTER, "import-tiled", str(mini), "--terrain-map", str(where)], capture_output=True, timeout=120
    )
    assert r.returncode == 0, r.stderr
    counts = window.doc.scenario.map.terrain.counts()
    assert counts["clear"] >= shown_gids(mini)[2] and counts["water"] >= shown_gids(mini)[5]


def test_cancel_changes_nothing_and_writes_nothing(window, qtbot, mini, monkeypatch):
    before = window.doc.scenario
    files = sorted(p.name for p in mini.parent.iterdir())
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *_a, **_k: (str(mini), "")))
    closed = []

    def cancel() -> None:  # the real dialog, shown modal by the menu command: the designer cancels
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, TiledTerrainDialog):
            QTimer.singleShot(50, cancel)
            return
        dialog.combos[2].setCurrentIndex(1)
        qtbot.mouseClick(
            dialog.buttons.button(dialog.buttons.StandardButton.Cancel), Qt.MouseButton.LeftButton
        )
        closed.append(dialog)

    QTimer.singleShot(0, cancel)
    window.act("file.import_tiled").trigger()  # File > Import > Tiled Map…
    assert closed
    assert window.doc.scenario is before and not window.doc.modified
    assert sorted(p.name for p in mini.parent.iterdir()) == files


def test_an_existing_mapping_file_is_replaced_only_when_the_designer_says_so(window, qtbot, mini):
    saved = mini.with_name("hexagonal-mini-terrain-map.json")
    saved.write_text("notes, not a terrain map\n")  # not choices this dialog read: replacing it asks
    asked = []

    def answer(dialog: TiledTerrainDialog) -> bool:
        dialog.confirm_replace = lambda path: asked.append(path) or len(asked) > 1  # No, then Yes
        choose_all(qtbot, dialog)
        assert dialog.isVisible() or dialog.result() != dialog.DialogCode.Accepted  # still open after No
        assert saved.read_text() == "notes, not a terrain map\n"
        qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
        return dialog.result() == dialog.DialogCode.Accepted

    assert importer(window, answer).import_map(mini)
    assert asked == [saved, saved]
    assert len(json.loads(saved.read_text())) == len(shown_gids(mini))


def test_a_picture_is_read_only_from_a_regular_file_beside_the_map(window, qtbot, mini, tmp_path):
    (mini.parent / "hexmini.png").unlink()
    (mini.parent / "hexmini.png").symlink_to(EXAMPLES / "hexmini.png")
    seen = {}

    def answer(dialog: TiledTerrainDialog) -> bool:
        seen.update(dialog.unreadable)
        return False  # cancelled

    assert not importer(window, answer).import_map(mini)
    assert len(seen) == len(shown_gids(mini)) and all("symbolic link" in why for why in seen.values())

    text = mini.read_text().replace('source="hexmini.png"', 'source="../hexmini.png"')
    mini.write_text(text)
    seen.clear()
    assert not importer(window, answer).import_map(mini)
    assert all("no image in the map's folder" in why for why in seen.values()) and seen


def test_a_map_the_importer_refuses_is_one_message_and_the_document_stays(window, mini, capsys):
    before = window.doc.scenario
    mini.write_text(mini.read_text().replace('orientation="hexagonal"', 'orientation="isometric"'))
    assert not importer(window, lambda _d: pytest.fail("nothing to ask")).import_map(mini)
    assert window.doc.scenario is before
    assert "isometric map" in capsys.readouterr().err


def test_a_place_that_cannot_be_written_keeps_the_dialog_and_its_choices(window, qtbot, mini):
    def answer(dialog: TiledTerrainDialog) -> bool:
        dialog.path_edit.setText(str(mini.parent / "no such folder" / "choices.json"))
        choices = choose_all(qtbot, dialog)
        assert dialog.result() != dialog.DialogCode.Accepted and "Cannot save" in dialog.missing.text()
        assert dialog.choices() == choices  # nothing chosen is lost
        dialog.path_edit.setText("choices.json")  # a relative name: in the map's folder
        qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
        return dialog.result() == dialog.DialogCode.Accepted

    assert importer(window, answer).import_map(mini)
    assert len(json.loads((mini.parent / "choices.json").read_text())) == len(shown_gids(mini))
    assert not (mini.parent / "no such folder").exists()


def test_the_keyboard_alone_chooses_every_terrain(window, qtbot, mini):
    """W picks water in the focused box, Tab goes to the next tile's, Return imports."""

    def answer(dialog: TiledTerrainDialog) -> bool:
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.combos[min(dialog.combos)].setFocus()
        for combo in dialog.combos.values():
            assert dialog.focusWidget() is combo  # the box the keys go to
            qtbot.keyClick(combo, Qt.Key.Key_W)
            qtbot.keyClick(combo, Qt.Key.Key_Tab)
        assert set(dialog.choices().values()) == {"water"} and len(dialog.choices()) == len(dialog.combos)
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)
        return dialog.result() == dialog.DialogCode.Accepted

    assert importer(window, answer).import_map(mini)
    assert window.doc.scenario.map.terrain.counts() == {"water": 400}


def add_a_tree_object(tmx: Path) -> None:
    """An object of a class dambuster does not know, as maps drawn for games have."""
    layer = '<objectgroup name="stuff"><object id="1" name="oak" type="tree" x="20" y="20"/></objectgroup>'
    tmx.write_text(tmx.read_text().replace("</map>", layer + "</map>"))


@pytest.mark.parametrize("yes", [True, False])
def test_what_cannot_be_read_is_left_out_only_when_the_designer_says_so(window, qtbot, mini, yes):
    add_a_tree_object(mini)
    before = window.doc.scenario
    asked = []

    def leave_out(problem: str, left_out: list[str]) -> bool:
        asked.append((problem, left_out))
        return yes

    imp = importer(window, lambda dialog: bool(choose_all(qtbot, dialog)))
    imp.ask_lenient = leave_out
    assert imp.import_map(mini) is yes
    [(problem, left_out)] = asked
    assert "object 1 (tree) in layer 'stuff'" in problem and "terrain choices are saved" in problem
    assert len(left_out) == 1 and "object 1 (tree)" in left_out[0]
    if yes:
        assert window.doc.scenario is not before and imp.warnings == left_out
        assert window.doc.scenario.map.terrain.counts().get("clear", 0) < 400  # the choices, not all clear
    else:
        assert window.doc.scenario is before and not window.doc.modified


def test_tab_to_a_terrain_box_out_of_sight_scrolls_its_row_into_view(qtbot, tmp_path):
    """256 tiles, more than the dialog shows at once: each box Tab reaches is on screen, the last one too."""
    tiles = [UnresolvedTile(g, f"tile {g - 1} of tileset 'big'", "", None, 1, None) for g in range(1, 257)]
    dialog = TiledTerrainDialog(tmp_path / "big.tmx", tiles)
    qtbot.addWidget(dialog)
    with qtbot.waitActive(dialog):  # the window the designer types in
        dialog.show()
        dialog.activateWindow()
    combos = list(dialog.combos.values())
    combos[0].setFocus()
    for row, combo in enumerate(combos):
        assert dialog.focusWidget() is combo
        cell = dialog.table.visualRect(dialog.table.model().index(row, 2))
        assert dialog.table.viewport().rect().contains(cell), f"row {row + 1} is out of sight"
        qtbot.keyClick(combo, Qt.Key.Key_Tab)
    assert dialog.table.verticalScrollBar().value() > 0


def test_reimporting_reads_the_choices_saved_beside_the_map_and_saves_over_them_unasked(window, qtbot, mini):
    first = importer(window, lambda dialog: bool(choose_all(qtbot, dialog)))
    assert first.import_map(mini)
    saved = mini.with_name("hexagonal-mini-terrain-map.json")
    chosen = json.loads(saved.read_text())
    asked = []

    def answer(dialog: TiledTerrainDialog) -> bool:
        dialog.confirm_replace = lambda path: asked.append(path) or True
        assert {str(g): k for g, k in dialog.choices().items()} == chosen  # every box as chosen last time
        assert not dialog.source.isHidden() and str(saved) in dialog.source.text()
        assert dialog.ok.isEnabled()
        dialog.combos[min(dialog.combos)].setCurrentIndex(dialog.combos[min(dialog.combos)].findData("town"))
        qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
        return dialog.result() == dialog.DialogCode.Accepted

    assert importer(window, answer).import_map(mini)
    assert asked == []  # the file the choices came from is saved over without a second question
    assert json.loads(saved.read_text()) == {**chosen, str(min(int(g) for g in chosen)): "town"}


def test_a_broken_saved_mapping_is_one_line_in_the_dialog_and_the_boxes_start_empty(qtbot, mini):
    saved = mini.with_name("hexagonal-mini-terrain-map.json")
    saved.write_text('{"1": "lava"}')
    dialog = TiledTerrainDialog(mini, unresolved_tiles(read_document(mini), mini.parent))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.source.isVisible() and "'lava' is not a terrain" in dialog.source.text()
    assert "\n" not in dialog.source.text() and dialog.choices() == {} and not dialog.ok.isEnabled()


def test_a_mapping_chosen_with_browse_fills_the_boxes_and_is_not_asked_about_twice(qtbot, mini, monkeypatch):
    tiles = unresolved_tiles(read_document(mini), mini.parent)
    elsewhere = mini.parent / "valley-choices.json"
    elsewhere.write_text(json.dumps({str(t.gid): "swamp" for t in tiles}))
    picked = []

    def save_dialog(*args, **kwargs):
        picked.append(kwargs.get("options"))
        return str(elsewhere), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    dialog = TiledTerrainDialog(mini, tiles)
    qtbot.addWidget(dialog)
    dialog.confirm_replace = lambda path: pytest.fail(f"asked again about {path}")
    dialog._browse()
    assert picked == [QFileDialog.Option.DontConfirmOverwrite]  # Qt's own "Replace?" is not asked either
    assert set(dialog.choices().values()) == {"swamp"} and len(dialog.choices()) == len(tiles)
    assert str(elsewhere) in dialog.source.text()
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    assert dialog.result() == dialog.DialogCode.Accepted


def test_the_leave_out_question_names_every_hex_that_becomes_clear(window, qtbot, tmp_path):
    """The designer's map: two empty hexes (0101, 0202) and a tree; its choices saved beside it."""
    designer = ROOT / "tests" / "tiled" / "designer"
    for name in ("broken-mini.tmx", "broken-mini-terrain-map.json"):
        shutil.copy(designer / name, tmp_path / name)
    asked = []

    def press_import(dialog: TiledTerrainDialog) -> bool:
        assert dialog.ok.isEnabled()  # every box from the saved choices
        qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
        return dialog.result() == dialog.DialogCode.Accepted

    imp = importer(window, press_import)
    imp.ask_lenient = lambda problem, left_out: asked.append(left_out) or True
    assert imp.import_map(tmp_path / "broken-mini.tmx")
    [left_out] = asked
    question = lenient_question(left_out)
    assert "hexes 0101, 0202 have no tile" in question and "object 1 (tree)" in question
    assert "things" not in question  # no count that hides what it counts
    many = [f"object {i} (tree) in layer 'stuff' has a class dambuster does not know" for i in range(40)]
    question = lenient_question(many)
    assert "object 7 (tree)" in question and "object 8 (tree)" not in question
    assert "and 32 more, listed in the details" in question


def a_tiled_map(path: Path) -> Path:
    """A 3x2 hex map drawn in Tiled whose two tiles say their terrain, saved as JSON (Tiled's .tmj)."""
    path.write_text(json.dumps(hand_made()))
    return path


@pytest.mark.parametrize("name", ["valley.tmj", "valley.json"])
def test_file_open_on_a_tiled_map_offers_to_import_it(window, monkeypatch, tmp_path, name):
    """By its suffix or, named .json, by Tiled's keys: not 'not valid JSON', but the import, if wanted."""
    from dambuster.editor.files import tiled_import

    path = a_tiled_map(tmp_path / name)
    asked = []
    monkeypatch.setattr(tiled_import, "ask_to_import", lambda w, p: asked.append(p) or True)
    assert window.files.open_path(path)
    assert asked == [path]
    assert window.doc.scenario.map.terrain.counts() == {"clear": 4, "forest": 2}
    assert window.doc.path is None  # a new, unsaved scenario: the map itself is never written over


def test_file_open_on_a_tiled_map_says_to_import_it_and_changes_nothing_when_not(window, mini, capsys):
    before = window.doc.scenario
    assert not window.files.open_path(mini)  # offscreen nobody answers: the plain words are the answer
    err = capsys.readouterr().err
    assert "hexagonal-mini.tmx is a Tiled map" in err and "File > Import > Tiled Map…" in err
    assert "JSON" not in err and window.doc.scenario is before
    xml = mini.with_name("old-map.dat")  # no telling suffix: its first bytes say it
    xml.write_bytes(mini.read_bytes())
    assert not window.files.open_path(xml) and "old-map.dat is a Tiled map" in capsys.readouterr().err
    broken = mini.with_name("broken.json")
    broken.write_text('{"map": ')
    assert not window.files.open_path(broken)
    err = capsys.readouterr().err
    assert "Cannot open scenario" in err and "Tiled" not in err  # a scenario's own fault, as before


def test_save_as_and_the_next_import_start_in_the_maps_folder(window, monkeypatch, tmp_path):
    """Not the folder the editor was started in: the imported map's own."""
    (tmp_path / "maps").mkdir()
    path = a_tiled_map(tmp_path / "maps" / "valley.tmj")
    assert importer(window, lambda dialog: False).import_map(path)  # every tile says its terrain: no dialog
    starts = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda _w, _t, start, _f: (starts.append(start), ("", ""))[1]
    )
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda _w, _t, start, _f: (starts.append(start), ("", ""))[1]
    )
    window.files.save_as()
    TiledImporter(window).run()
    assert Path(starts[0]).parent == path.parent and starts[0].endswith(".json")
    assert starts[1] == str(path.parent)


def test_a_guess_looks_like_one_until_chosen_and_the_tiles_left_are_named(qtbot, mini):
    name_some_tiles(mini)
    dialog = TiledTerrainDialog(mini, unresolved_tiles(read_document(mini), mini.parent))
    qtbot.addWidget(dialog)
    dialog.show()
    guessed = dialog.combos[14]  # 'Dense Forest'
    assert guessed.currentText() == "forest (guess)" and guessed.font().italic() and dialog.is_guess(14)
    plain = [c for gid, c in dialog.combos.items() if gid != 14]
    assert not any(c.font().italic() for c in plain)
    left = [gid for gid in dialog.combos if gid != 14]
    assert dialog.missing.text().startswith(f"{len(left)} tiles still to choose (gids {left[0]}, {left[1]},")
    for gid in left[:-1]:
        dialog.combos[gid].setCurrentIndex(dialog.combos[gid].findData("clear"))
    assert dialog.missing.text() == f"1 tile still to choose (gid {left[-1]})"
    guessed.setFocus()
    qtbot.keyClick(guessed, Qt.Key.Key_Down)  # the designer chooses: swamp, then back to forest
    qtbot.keyClick(guessed, Qt.Key.Key_Up)
    assert guessed.currentText() == "forest" and not guessed.font().italic() and not dialog.is_guess(14)
    assert dialog.choices()[14] == "forest"
