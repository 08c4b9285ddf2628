"""Read-modify-write never loses a save: a command that replaces the file it read (``fmt``,
``surge FILE --apply FILE``, ``player-view FILE -o FILE``) checks, just before its rename, that the
file is still the one it read (size, modification time, inode and a hash of its bytes).

The other program's save is made for real, on the file system, at the last moment a command could
notice it: the saver's test hook (``model.atomic_write.BEFORE_RENAME``) runs it with the target just
before the rename, so the command has already read, worked and written its temporary file. The
commands run in this process through ``dambuster.cli.main``, as a user's command line would run them.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from dambuster.cli import main
from dambuster.model import atomic_write
from dambuster.model.atomic_write import ChangedSinceRead, Original, write_atomic

ROOT = Path(__file__).resolve().parents[2]
VALLEY = ROOT / "samples" / "ogre-dambusters-valley.json"


def other_save(text: str):
    """A hook that saves ``text`` over the target, as an editor would (its own temporary file, renamed)."""

    def save(target: Path) -> None:
        temp = target.with_name(target.name + ".editor-tmp")
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, target)

    return save


@pytest.fixture
def meanwhile():
    """Registers the other program's save for the next command; removed afterwards."""
    hooks: list = []

    def register(hook) -> None:
        hooks.append(hook)
        atomic_write.BEFORE_RENAME.append(hook)

    yield register
    for hook in hooks:
        atomic_write.BEFORE_RENAME.remove(hook)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(atomic_write.TEMP_SUFFIX))


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert lines and "Traceback" not in err
    return next(line for line in lines if "changed on disk since it was read" in line)


def test_fmt_keeps_a_save_made_while_it_formats(tmp_path, meanwhile, capsys):
    path = tmp_path / "valley.json"
    path.write_text(json.dumps(json.loads(VALLEY.read_text(encoding="utf-8"))), encoding="utf-8")  # one line
    theirs = VALLEY.read_text(encoding="utf-8").replace("Dambusters", "Dambusters (edited)", 1)
    meanwhile(other_save(theirs))
    assert main(["fmt", str(path)]) == 2
    line = one_line(capsys.readouterr().err)
    assert line.startswith(f"dambuster fmt: {path}: changed on disk since it was read")
    assert path.read_text(encoding="utf-8") == theirs  # their save, not our formatted old content
    assert leftovers(tmp_path) == []


def test_fmt_still_formats_a_file_nobody_touches(tmp_path, capsys):
    path = tmp_path / "valley.json"
    path.write_text(json.dumps(json.loads(VALLEY.read_text(encoding="utf-8"))), encoding="utf-8")
    assert main(["fmt", str(path)]) == 0
    assert path.read_text(encoding="utf-8").count("\n") > 100
    assert "1 file(s) reformatted" in capsys.readouterr().err


def test_surge_apply_over_its_input_keeps_a_save_made_meanwhile(tmp_path, meanwhile, capsys):
    path = tmp_path / "valley.json"
    path.write_bytes(VALLEY.read_bytes())
    dam = json.loads(VALLEY.read_text(encoding="utf-8"))["map"]["dams"][0]["id"]
    theirs = VALLEY.read_text(encoding="utf-8").replace("Dambusters", "Dambusters (edited)", 1)
    meanwhile(other_save(theirs))
    code = main(["surge", str(path), "--dam", dam, "--apply", str(path), "--force"])
    assert code == 2
    assert one_line(capsys.readouterr().err).startswith(f"dambuster surge: cannot write {path}: changed")
    assert path.read_text(encoding="utf-8") == theirs
    assert leftovers(tmp_path) == []


def test_player_view_over_its_input_keeps_a_save_made_meanwhile(tmp_path, meanwhile, capsys):
    path = tmp_path / "valley.json"
    path.write_bytes(VALLEY.read_bytes())
    side = json.loads(VALLEY.read_text(encoding="utf-8"))["sides"][0]["id"]
    theirs = VALLEY.read_text(encoding="utf-8").replace("Dambusters", "Dambusters (edited)", 1)
    meanwhile(other_save(theirs))
    assert main(["player-view", str(path), "--side", side, "-o", str(path), "--force"]) == 2
    assert "changed on disk since it was read" in one_line(capsys.readouterr().err)
    assert path.read_text(encoding="utf-8") == theirs


def test_an_in_place_write_of_the_same_size_and_time_is_caught_by_the_hash(tmp_path):
    """A program that writes into the file itself (same inode), keeps its size and puts its
    modification time back: only the bytes tell."""
    path = tmp_path / "notes.json"
    path.write_bytes(b'{"a": 1}\n')
    original = Original.of(path, path.read_bytes())
    st = path.stat()
    with open(path, "r+b") as f:
        f.write(b'{"a": 2}\n')
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    with pytest.raises(ChangedSinceRead, match="its content changed"):
        write_atomic(path, b'{"a": 3}\n', expected=original)
    assert path.read_bytes() == b'{"a": 2}\n'
    assert leftovers(tmp_path) == []


def test_a_removed_file_is_not_written_back(tmp_path):
    path = tmp_path / "gone.json"
    path.write_bytes(b"{}\n")
    original = Original.of(path, path.read_bytes())
    path.unlink()
    with pytest.raises(ChangedSinceRead, match="it was removed"):
        write_atomic(path, b"{ }\n", expected=original)
    assert not path.exists()


def test_an_unchanged_original_is_replaced(tmp_path):
    path = tmp_path / "same.json"
    path.write_bytes(b"{}\n")
    write_atomic(path, b"{ }\n", expected=Original.of(path, path.read_bytes()))
    assert path.read_bytes() == b"{ }\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["same.json"]  # the old version is gone


class SavedRightAfterTheLastLook(Original):
    """The other program's save lands after the saver's last look and before its rename: the moment a
    check alone cannot cover (the save itself is real, on the file system)."""

    def changed(self, where=None):
        how = super().changed(where)
        if where is None:
            other_save('{"theirs": true}\n')(Path(self.path))
        return how


@pytest.mark.skipif(atomic_write._renameat2() is None, reason="no renameat2 (not Linux, or glibc < 2.28)")
def test_a_save_between_the_last_look_and_the_rename_is_kept(tmp_path):
    """On Linux the new file is swapped in atomically and what came out is checked: the other save is
    swapped back, ours is dropped, nothing is left behind."""
    path = tmp_path / "raced.json"
    path.write_bytes(b'{"a": 1}\n')
    original = SavedRightAfterTheLastLook.of(path, path.read_bytes())
    with pytest.raises(ChangedSinceRead, match="it was replaced by another file"):
        write_atomic(path, b'{"ours": true}\n', expected=original)
    assert path.read_bytes() == b'{"theirs": true}\n'
    assert leftovers(tmp_path) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["raced.json"]
