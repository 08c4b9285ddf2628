"""The editor never loses work: autosave, a crash, and recovery at the next start."""

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from datetime import UTC

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from dambuster.editor.commands import PaintTerrain
from dambuster.editor.files import autosave
from dambuster.editor.files.autosave import (
    ENV_DIR,
    SETTING_FIRST_DELAY,
    SETTING_INTERVAL,
    SETTING_RETRY,
    key_for,
)
from dambuster.editor.mainwindow import MainWindow
from dambuster.model import dumps, load, new_hex_scenario, save

pytestmark = pytest.mark.qt

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def recovery_dir(tmp_path, monkeypatch):
    folder = tmp_path / "recovery"
    monkeypatch.setenv(ENV_DIR, str(folder))
    return folder


def settings(tmp_path, interval_ms=40, first_delay_ms=40, retry_ms=20):
    s = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    s.setValue(SETTING_INTERVAL, interval_ms)
    s.setValue(SETTING_FIRST_DELAY, first_delay_ms)
    s.setValue(SETTING_RETRY, retry_ms)
    return s


@pytest.fixture
def make_window(qtbot, tmp_path, recovery_dir):
    def make(interval_ms=40, first_delay_ms=40):
        w = MainWindow(settings=settings(tmp_path, interval_ms, first_delay_ms))
        w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
        qtbot.addWidget(w)
        return w

    return make


@pytest.fixture
def valley(tmp_path):
    path = tmp_path / "valley.json"
    save(new_hex_scenario(12, 10, title="Valley"), path)
    return path


def paint(doc, col=2, row=3, kind="forest"):
    h = doc.scenario.map.layout.to_axial(col, row)
    doc.push(PaintTerrain(doc, {h: kind}))


def test_changes_are_autosaved_to_a_recovery_copy_with_a_sidecar(make_window, valley, recovery_dir, qtbot):
    w = make_window()
    assert w.files.open_path(valley)
    paint(w.doc)
    copy = recovery_dir / f"{key_for(valley)}.json"
    qtbot.waitUntil(copy.exists, timeout=5000)
    assert dumps(load(copy)) == dumps(w.doc.scenario)
    info = json.loads((recovery_dir / f"{key_for(valley)}.meta.json").read_text())
    assert info["original"] == str(valley.resolve())
    assert info["generator"].startswith("dambuster ")
    assert info["saved"]
    assert load(valley).map.terrain != w.doc.scenario.map.terrain  # the file itself is untouched


def test_an_untitled_scenario_is_autosaved_under_an_untitled_name(make_window, recovery_dir, qtbot):
    w = make_window()
    paint(w.doc)
    qtbot.waitUntil(lambda: w.autosaver.writes == 1, timeout=5000)
    assert w.autosaver.copy_path.name.startswith("untitled-")
    assert w.autosaver.copy_path.exists()


def test_a_clean_save_removes_the_copy(make_window, valley, qtbot):
    w = make_window()
    w.files.open_path(valley)
    paint(w.doc)
    qtbot.waitUntil(lambda: w.autosaver.copy_path.exists(), timeout=5000)
    assert w.files.save()
    assert not w.autosaver.copy_path.exists()


def test_a_clean_close_removes_the_copy(make_window, valley, qtbot):
    w = make_window()
    w.files.open_path(valley)
    paint(w.doc)
    qtbot.waitUntil(lambda: w.autosaver.copy_path.exists(), timeout=5000)
    copy = w.autosaver.copy_path
    assert w.close()  # the user discards the changes
    assert not copy.exists()


def test_a_copy_of_a_running_editor_is_not_offered_to_another_window(make_window, valley, qtbot):
    a = make_window()
    a.files.open_path(valley)
    paint(a.doc)
    qtbot.waitUntil(lambda: a.autosaver.copy_path.exists(), timeout=5000)
    b = make_window()
    asked = []
    b.recovery.ask = lambda found: asked.append(found) or {}
    assert not b.recovery.offer_orphans()
    assert asked == []


CRASH = textwrap.dedent("""
    import os, signal, sys
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from dambuster.editor.app import build
    from dambuster.editor.commands import PaintTerrain
    settings = QSettings(sys.argv[2], QSettings.Format.IniFormat)
    app, w = build([sys.argv[1]], settings)
    doc = w.doc
    layout = doc.scenario.map.layout
    doc.push(PaintTerrain(doc, {layout.to_axial(c, 3): "swamp" for c in range(5)}))
    doc.push(PaintTerrain(doc, {layout.to_axial(1, 1): "water"}))
    while w.autosaver.writes == 0:
        app.processEvents()
    os.kill(os.getpid(), signal.SIGKILL)  # no clean close, no atexit, locks left behind
""")


def crash_after_autosave(tmp_path, path: Path, recovery_dir: Path) -> None:
    script = tmp_path / "crash.py"
    script.write_text(CRASH)
    ini = tmp_path / "crash-settings.ini"
    s = QSettings(str(ini), QSettings.Format.IniFormat)
    s.setValue(SETTING_INTERVAL, 30)
    s.setValue(SETTING_FIRST_DELAY, 30)
    s.sync()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", **{ENV_DIR: str(recovery_dir)})
    proc = subprocess.run(
        [sys.executable, str(script), str(path), str(ini)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == -9, proc.stderr


def expected_after_crash(path: Path) -> str:
    sc = load(path)
    layout = sc.map.layout
    for c in range(5):
        sc.map.terrain[layout.to_axial(c, 3)] = "swamp"
    sc.map.terrain[layout.to_axial(1, 1)] = "water"
    return dumps(sc)


def test_after_a_crash_the_next_start_offers_the_copy_and_recovers_the_same_scenario(
    make_window, valley, tmp_path, recovery_dir
):
    crash_after_autosave(tmp_path, valley, recovery_dir)
    assert (recovery_dir / f"{key_for(valley)}.json").exists()

    w = make_window()
    offered = []

    def ask(found):
        offered.extend(found)
        return {e.key: "recover" for e in found}

    w.recovery.ask = ask
    assert w.recovery.offer_orphans()
    assert [e.original for e in offered] == [str(valley.resolve())]
    assert dumps(w.doc.scenario) == expected_after_crash(valley)
    assert w.doc.path == valley.resolve()
    assert w.doc.modified and w.windowTitle().startswith("valley.json*")
    assert w.files.save()  # saving the recovered work makes it the file, and the copy goes
    assert dumps(load(valley)) == expected_after_crash(valley)
    assert autosave.entries(recovery_dir)[0] == []


def test_later_keeps_the_copy_for_the_next_start_and_discard_removes_it(
    make_window, valley, tmp_path, recovery_dir
):
    crash_after_autosave(tmp_path, valley, recovery_dir)
    w = make_window()
    w.recovery.ask = lambda found: {e.key: "later" for e in found}
    assert not w.recovery.offer_orphans()
    assert len(autosave.orphans(recovery_dir)[0]) == 1
    w2 = make_window()
    w2.recovery.ask = lambda found: {e.key: "discard" for e in found}
    assert not w2.recovery.offer_orphans()
    assert autosave.entries(recovery_dir)[0] == []
    assert w2.doc.path is None and not w2.doc.modified


def dead_copy(recovery_dir: Path, path: Path | None, scenario, saved: float, key: str | None = None) -> Path:
    """A copy as a crashed session leaves it (its session holds no lock)."""
    recovery_dir.mkdir(parents=True, exist_ok=True)
    key = key or key_for(path)
    copy = recovery_dir / f"{key}.json"
    copy.write_text(dumps(scenario))
    from datetime import datetime

    info = {
        "original": str(path.resolve()) if path else None,
        "generator": "dambuster test",
        "saved": datetime.fromtimestamp(saved, UTC).isoformat(),
        "session": "gone",
        "title": "t",
    }
    (recovery_dir / f"{key}.meta.json").write_text(json.dumps(info))
    return copy


def test_opening_a_file_with_a_newer_copy_offers_it(make_window, valley, recovery_dir, qtbot):
    newer = load(valley)
    newer.meta.title = "Valley, reworked"
    os.utime(valley, (time.time() - 100, time.time() - 100))
    dead_copy(recovery_dir, valley, newer, time.time())
    w = make_window()
    offered = []
    w.recovery.ask = lambda found: offered.extend(found) or {e.key: "recover" for e in found}
    assert w.files.open_path(valley)
    qtbot.waitUntil(lambda: bool(offered), timeout=5000)
    assert w.doc.scenario.meta.title == "Valley, reworked"
    assert w.doc.modified and w.doc.path == valley.resolve()


def test_opening_a_file_with_an_older_copy_does_not_offer_it(make_window, valley, recovery_dir, qtbot):
    older = load(valley)
    older.meta.title = "Stale"
    dead_copy(recovery_dir, valley, older, time.time() - 3600)
    w = make_window()
    offered = []
    w.recovery.ask = lambda found: offered.extend(found) or {}
    assert w.files.open_path(valley)
    qtbot.wait(50)
    assert offered == [] and w.doc.scenario.meta.title == "Valley"


def test_an_untitled_copy_recovers_as_an_untitled_modified_scenario(make_window, recovery_dir):
    sc = new_hex_scenario(8, 8, title="Sketch")
    dead_copy(recovery_dir, None, sc, time.time(), key="untitled-abc")
    w = make_window()
    w.recovery.ask = lambda found: {e.key: "recover" for e in found}
    assert w.recovery.offer_orphans()
    assert dumps(w.doc.scenario) == dumps(sc) and w.doc.path is None and w.doc.modified
    assert w.autosaver.key == "untitled-abc"  # later autosaves replace the same copy


def test_a_corrupted_copy_is_reported_in_one_line_and_kept_aside(make_window, valley, recovery_dir, capfd):
    copy = dead_copy(recovery_dir, valley, load(valley), time.time())
    copy.write_text('{"format_version": "1.0", "meta": ')  # cut off mid-write by a dying disk
    (recovery_dir / "broken.meta.json").write_text("not json")
    (recovery_dir / "broken.json").write_text("{}")
    w = make_window()
    w.recovery.ask = lambda found: {e.key: "recover" for e in found}
    assert not w.recovery.offer_orphans()
    assert len(w.recovery.messages) == 2
    assert all("\n" not in m for m in w.recovery.messages)
    aside = sorted(p.name for p in (recovery_dir / "corrupt").iterdir())
    assert aside == sorted([copy.name, f"{key_for(valley)}.meta.json", "broken.json", "broken.meta.json"])
    assert w.doc.path is None and not w.doc.modified
    assert autosave.orphans(recovery_dir) == ([], [])  # never offered again


def test_start_up_without_a_screen_keeps_the_copies_and_says_so(qapp, tmp_path, recovery_dir, valley, capfd):
    from dambuster.editor.app import build

    dead_copy(recovery_dir, valley, load(valley), time.time())
    _app, w = build([], settings(tmp_path))
    try:
        assert "autosaved work kept for later" in capfd.readouterr().err
        assert len(autosave.orphans(recovery_dir)[0]) == 1
    finally:
        w.files.ask_save = lambda: QMessageBox.StandardButton.Discard
        w.close()
        w.deleteLater()


def test_the_first_copy_comes_after_the_first_delay_and_later_ones_one_interval_after_the_last(
    make_window, valley, qtbot
):
    w = make_window(interval_ms=60_000, first_delay_ms=30)
    w.files.open_path(valley)
    paint(w.doc)
    assert w.autosaver.timer.remainingTime() <= 30
    qtbot.waitUntil(lambda: w.autosaver.writes == 1, timeout=5000)
    paint(w.doc, kind="swamp")  # right after a copy: the next one waits for the interval
    before = w.autosaver.timer.remainingTime()
    assert before > 50_000
    qtbot.wait(20)
    paint(w.doc, kind="water")  # later changes do not restart the timer
    assert w.autosaver.timer.remainingTime() < before - 10
    assert w.files.save()  # clean: the next change starts a new run with the short first delay
    assert not w.autosaver.timer.isActive()
    paint(w.doc, col=4)
    assert w.autosaver.timer.remainingTime() <= 30
    qtbot.waitUntil(lambda: w.autosaver.writes == 2, timeout=5000)


def test_a_failed_autosave_is_tried_again_without_an_edit_and_reported_once(
    make_window, tmp_path, monkeypatch, qtbot
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv(ENV_DIR, str(blocker / "recovery"))
    w = make_window(interval_ms=200)
    failures, resumed = [], []
    w.autosaver.failed.connect(failures.append)
    w.autosaver.resumed.connect(resumed.append)
    paint(w.doc)
    qtbot.waitUntil(lambda: w.autosaver.failures >= 3, timeout=5000)  # retried with no edit in between
    assert w.doc.undo_stack.count() == 1
    assert len(failures) == 1 and "trying again" in failures[0]
    assert w.statusBar().currentMessage() == failures[0]
    blocker.unlink()  # the disk is back
    qtbot.waitUntil(lambda: w.autosaver.writes == 1, timeout=5000)
    assert w.autosaver.copy_path.exists() and len(failures) == 1
    assert resumed and resumed[0].startswith("autosave works again")
    assert w.autosaver.failures == 0


def test_an_unwritable_recovery_folder_is_reported_and_editing_goes_on(
    make_window, tmp_path, monkeypatch, qtbot
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv(ENV_DIR, str(blocker / "recovery"))
    w = make_window()
    failures = []
    w.autosaver.failed.connect(failures.append)
    paint(w.doc)
    qtbot.waitUntil(lambda: bool(failures), timeout=5000)
    assert failures[0].startswith("autosave failed:") and "\n" not in failures[0]
    assert w.autosaver.writes == 0 and w.doc.modified
    paint(w.doc, kind="swamp")  # still editable
    assert w.doc.undo_stack.count() == 2


def test_the_recovery_dialog_lists_the_copies_and_recovers_at_most_one(qtbot, recovery_dir, valley):
    from dambuster.editor.files.recovery import RecoveryDialog

    dead_copy(recovery_dir, valley, load(valley), time.time())
    dead_copy(recovery_dir, None, new_hex_scenario(4, 4, title="Sketch"), time.time() - 5, key="untitled-1")
    found, _ = autosave.orphans(recovery_dir)
    dlg = RecoveryDialog(found)
    qtbot.addWidget(dlg)
    assert dlg.table.rowCount() == 2 and "valley.json" in dlg.table.item(0, 0).text()
    assert dlg.choices() == {found[0].key: "recover", "untitled-1": "later"}
    dlg.choose(1, "recover")
    assert dlg.choices() == {found[0].key: "later", "untitled-1": "recover"}
    dlg.choose(0, "discard")
    assert dlg.choices() == {found[0].key: "discard", "untitled-1": "recover"}


def test_the_offer_says_which_is_newer_and_defaults_to_the_file_when_it_is_newer(qtbot, recovery_dir, valley):
    from dambuster.editor.files.recovery import RecoveryDialog

    dead_copy(recovery_dir, valley, load(valley), time.time() - 3600)  # autosaved, then the file was saved
    dead_copy(
        recovery_dir, None, new_hex_scenario(4, 4, title="Sketch"), time.time() - 7200, key="untitled-1"
    )
    found, _ = autosave.orphans(recovery_dir)
    dlg = RecoveryDialog(found)
    qtbot.addWidget(dlg)
    assert dlg.table.item(0, 1).text().startswith("The file is newer")
    assert dlg.combos[0].currentText() == "Keep the file (discard the copy)"
    assert dlg.table.item(1, 1).text() == "Untitled: the copy is the only version."
    assert dlg.choices() == {found[0].key: "discard", "untitled-1": "recover"}


def test_a_copy_newer_than_its_file_says_so_and_is_recovered_by_default(qtbot, recovery_dir, valley):
    from dambuster.editor.files.recovery import RecoveryDialog

    os.utime(valley, (time.time() - 100, time.time() - 100))
    dead_copy(recovery_dir, valley, load(valley), time.time())
    found, _ = autosave.orphans(recovery_dir)
    dlg = RecoveryDialog(found)
    qtbot.addWidget(dlg)
    assert dlg.table.item(0, 1).text().startswith("The copy is newer")
    assert dlg.choices() == {found[0].key: "recover"}


def test_keeping_the_newer_file_leaves_it_open_untouched_and_puts_the_copy_aside(
    make_window, recovery_dir, valley
):
    from dambuster.editor.files.recovery import default_choices

    stale = load(valley)
    stale.meta.title = "Stale"
    dead_copy(recovery_dir, valley, stale, time.time() - 3600)
    w = make_window()
    w.recovery.ask = default_choices  # the user accepts the offer as it stands
    assert not w.recovery.offer_orphans()
    assert w.doc.path is None and not w.doc.modified
    assert load(valley).meta.title == "Valley"
    assert autosave.entries(recovery_dir)[0] == []
    assert (
        recovery_dir / "discarded" / f"{key_for(valley)}.json"
    ).exists()  # a rescue by hand stays possible


def test_the_recovery_choice_is_in_view_when_the_dialog_opens(qtbot, recovery_dir, valley):
    """Long titles, paths and sentences wrap; the Action column (recover or discard) is seen whole."""
    from dambuster.editor.files.recovery import RecoveryDialog

    long = load(valley)
    long.meta.title = "Mini valley (from Tiled), the designer's first try at the dam and its floodplain"
    dead_copy(recovery_dir, valley, long, time.time())
    dead_copy(recovery_dir, None, new_hex_scenario(4, 4, title="Sketch"), time.time() - 5, key="untitled-1")
    found, _ = autosave.orphans(recovery_dir)
    dlg = RecoveryDialog(found)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    table = dlg.table
    assert table.horizontalScrollBar().maximum() == 0  # nothing to scroll sideways to
    for row, combo in enumerate(dlg.combos):
        cell = table.visualRect(table.model().index(row, 2))
        assert table.viewport().rect().contains(cell), f"row {row + 1}'s choice is out of sight"
        assert combo.width() >= combo.sizeHint().width()  # "Keep the file (discard the copy)", not "Recove"
    assert dlg.frameGeometry().width() <= 1000
