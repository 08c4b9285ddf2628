"""`dambuster diff OLD NEW` as a reviewer of a submitted map reads it: terrain by hex label in runs,
features by id and field, exit status as diff's, a JSON form for tools, one line for a broken file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
SCRIPT = Path(sys.executable).with_name("dambuster")
VALLEY = SAMPLES / "ogre-dambusters-valley.json"


def diff(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(SCRIPT), "diff", *args], input=stdin, capture_output=True, timeout=120)


def edited(tmp_path: Path, source: Path, edit, name: str = "new.json") -> Path:
    doc = json.loads(source.read_bytes())
    edit(doc)
    out = tmp_path / name
    out.write_text(json.dumps(doc), encoding="utf-8")
    return out


def paint(doc: dict, cells: dict[tuple[int, int], str]) -> None:
    """Sets terrain letters at zero-based (column, row)."""
    rows = [list(r) for r in doc["map"]["terrain"]["rows"]]
    for (col, row), letter in cells.items():
        rows[row][col] = letter
    doc["map"]["terrain"]["rows"] = ["".join(r) for r in rows]


def lines(p: subprocess.CompletedProcess) -> list[str]:
    return p.stdout.decode("utf-8").splitlines()


def test_the_same_scenario_written_differently_is_equal(tmp_path):
    squashed = tmp_path / "squashed.json"
    doc = json.loads(VALLEY.read_bytes())
    doc["generator"] = "another tool 9"
    squashed.write_text(json.dumps(dict(reversed(doc.items()))))
    p = diff(str(VALLEY), str(squashed))
    assert (p.returncode, p.stdout, p.stderr) == (0, b"", b"")


def test_terrain_changes_are_listed_by_hex_label_in_runs_down_a_column(tmp_path):
    before = json.loads(VALLEY.read_bytes())["map"]["terrain"]["rows"]
    assert {before[r][0] for r in range(4)} == {"c"} and before[5][3] == "f"
    new = edited(
        tmp_path,
        VALLEY,
        lambda d: paint(d, {(0, 0): "f", (0, 1): "f", (0, 2): "f", (0, 3): "f", (3, 5): "s"}),
    )
    p = diff(str(VALLEY), str(new))
    assert p.returncode == 1
    assert lines(p) == ["terrain 0101–0104: clear -> forest", "terrain 0406: forest -> swamp"]


def test_features_are_compared_by_id_and_field(tmp_path):
    def edit(d):
        d["map"]["dams"][0]["sp"] += 10
        d["map"]["towns"][0]["hexes"].pop()
        d["units"] = [u for u in d["units"] if u["id"] != "pe-truck"] + [dict(d["units"][0], id="gev-9")]
        d["sides"][0]["color"] = "#000000"
        d["parameters"]["washout_radius"] = 4
        d["meta"]["title"] = "Aller, second edition"

    p = diff(str(VALLEY), str(edited(tmp_path, VALLEY, edit)))
    assert p.returncode == 1
    out = lines(p)
    assert 'changed meta.title: "Dambusters: the Aller valley" -> "Aller, second edition"' in out
    assert "changed map.dams[dam-aller].sp: 60 -> 70" in out
    assert "changed map.towns[town-kessel].hexes: removed 1414" in out
    assert "removed units[pe-truck]" in out
    assert any(line.startswith('added units[gev-9]: {id: "gev-9"') for line in out)
    assert 'changed sides[combine].color: "#c03030" -> "#000000"' in out
    assert "changed parameters.washout_radius: 6 -> 4" in out
    assert len(out) == 7


def test_items_without_ids_are_added_and_removed_and_hexsides_read_as_labels(tmp_path):
    new = edited(tmp_path, VALLEY, lambda d: d["map"].update(hexsides=d["map"]["hexsides"][1:]))
    assert lines(diff(str(VALLEY), str(new))) == [
        'removed from map.hexsides: {side: 1506/1605, kind: "stream"}'
    ]


def test_a_table_map_area_change(tmp_path):
    table = SAMPLES / "dbm-table.json"
    new = edited(
        tmp_path, table, lambda d: d["map"]["areas"][0].update(sector=3, polygon=[[0, 0], [10, 0], [10, 10]])
    )
    p = diff(str(table), str(new), "--format", "json")
    assert p.returncode == 1
    report = json.loads(p.stdout)
    assert report["equal"] is False
    changes = {c["path"]: c for c in report["changes"]}
    assert changes["map.areas[hill-1].sector"] == {
        "path": "map.areas[hill-1].sector",
        "change": "changed",
        "old": 2,
        "new": 3,
    }
    assert changes["map.areas[hill-1].polygon"]["new"] == [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0]]


def test_json_report_of_terrain_and_of_equal_files(tmp_path):
    new = edited(tmp_path, VALLEY, lambda d: paint(d, {(0, 0): "f", (0, 1): "f"}))
    report = json.loads(diff(str(VALLEY), str(new), "--format", "json").stdout)
    assert report["changes"] == [
        {
            "path": "map.terrain",
            "change": "terrain",
            "hexes": ["0101", "0102"],
            "count": 2,
            "old": "clear",
            "new": "forest",
        }
    ]
    same = diff(str(VALLEY), str(VALLEY), "--format", "json")
    assert same.returncode == 0 and json.loads(same.stdout)["equal"] is True


def test_a_hex_map_replaced_by_a_table_says_so_in_one_line(tmp_path):
    out = lines(diff(str(SAMPLES / "ogre-basic.json"), str(SAMPLES / "dbm-table.json")))
    assert "changed map.kind: hex -> table" in out
    assert not [
        line for line in out if line.startswith("changed map.") and line != "changed map.kind: hex -> table"
    ]


def test_an_unreadable_file_is_one_line_and_exit_2(tmp_path):
    cut = tmp_path / "cut.json"
    cut.write_bytes(VALLEY.read_bytes()[:300])
    p = diff(str(VALLEY), str(cut))
    assert p.returncode == 2 and p.stdout == b""
    err = p.stderr.decode().splitlines()
    assert len(err) == 1 and err[0].startswith(f"dambuster diff: {cut}: line ") and err[0].endswith("(JSON)")
    assert diff(str(tmp_path / "missing.json"), str(VALLEY)).returncode == 2


def test_standard_input_may_be_either_side(tmp_path):
    new = edited(tmp_path, VALLEY, lambda d: paint(d, {(0, 0): "f"}))
    p = diff(str(VALLEY), "-", stdin=new.read_bytes())
    assert p.returncode == 1 and lines(p) == ["terrain 0101: clear -> forest"]
    assert diff("-", "-", stdin=b"{}").returncode == 2


def test_text_from_the_map_cannot_add_lines_or_steer_the_terminal(tmp_path):
    new = edited(tmp_path, VALLEY, lambda d: d["meta"].update(title="a\u202e\nadded units[x]\x1b[31m"))
    out = lines(diff(str(VALLEY), str(new)))
    assert len(out) == 1 and "\u202e" not in out[0] and "\x1b" not in out[0]
