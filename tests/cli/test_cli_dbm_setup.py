"""`dambuster dbm-setup`: a table from a feature list, the log of every roll, replay by typed dice, and
one line with exit 2 for anything it cannot take."""

from __future__ import annotations

import json

import pytest

from dambuster.cli import main
from dambuster.model import load

FEATURES = {
    "table": {"width": 1800, "depth": 1200, "unit": "mm", "figures": "15mm"},
    "invader": {"kind": "river"},
    "defender": [
        {"kind": "waterway", "compulsory": True},
        {"kind": "bua", "across": "150mm"},
        {"kind": "fields-open"},
        {"kind": "hill-gentle", "across": 600},
        {"kind": "wood", "across": "12in"},
        {"kind": "road"},
    ],
}


@pytest.fixture
def features(tmp_path):
    path = tmp_path / "features.json"
    path.write_text(json.dumps(FEATURES), encoding="utf-8")
    return path


def run(capsys, *args):
    try:
        code = main(["dbm-setup", *map(str, args)])
    except SystemExit as e:  # argparse: a value out of an option's range
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def test_a_feature_list_becomes_a_valid_table_and_the_log_says_what_each_die_did(features, tmp_path, capsys):
    out_file = tmp_path / "table.json"
    code, out, err = run(capsys, features, "--seed", 7, "-o", out_file)
    assert code == 0 and f"wrote {out_file}" in err
    lines = out.splitlines()
    assert lines[0].startswith(
        "DBM terrain set-up, seed 7: a 1800 x 1200 mm table, 15mm figures (a pace is 0.5 mm)"
    )
    assert any(
        line.startswith("  Defender: hill-gentle hill-gentle-1: ") and "sector die" in line for line in lines
    )
    assert lines[-1].startswith("Dice thrown: ") and "--seed 7 --dice " in lines[-1]
    s = load(out_file)
    assert s.map.figures == "15mm" and s.map.waterway is not None and s.meta.profiles == ["dbm-terrain"]
    assert main(["validate", str(out_file)]) == 0


def test_the_logged_dice_typed_back_give_the_same_file(features, tmp_path, capsys):
    first, again = tmp_path / "a.json", tmp_path / "b.json"
    _code, out, _ = run(capsys, features, "--seed", 3, "-o", first)
    dice = out.splitlines()[-1].split("--dice ")[1].rstrip(")")
    assert run(capsys, features, "--seed", 3, "--dice", dice, "-o", again)[0] == 0
    assert first.read_bytes() == again.read_bytes()


def test_the_log_as_json(features, capsys):
    code, out, _ = run(capsys, features, "--seed", 2, "--format", "json")
    log = json.loads(out)
    assert code == 0 and log["seed"] == 2 and log["table"]["unit"] == "mm"
    diced = [s for s in log["steps"] if s["rolls"]]
    assert diced and all(1 <= r["value"] <= 6 for s in diced for r in s["rolls"])
    assert log["dice"] == [r["value"] for s in log["steps"] for r in s["rolls"]]


def test_features_from_options_on_the_default_table(tmp_path, capsys):
    out_file = tmp_path / "t.json"
    code, out, _ = run(
        capsys,
        "--invader",
        "road",
        "--compulsory",
        "hill-steep:400",
        "--defender",
        "wood:250mm",
        "--figures",
        "25mm",
        "--unit",
        "inches",
        "--width",
        "108",
        "--depth",
        "60",
        "--dice",
        "2,5,3,1",
        "-o",
        out_file,
    )
    assert code == 0, out
    m = load(out_file).map
    assert (m.figures, m.unit, m.width) == ("25mm", "inches", 108.0)
    assert [a.kind for a in m.areas] == ["hill-steep", "wood"] and [a.sector for a in m.areas] == [2, 3]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--defender", "wood:1200"], "at most 1,000 paces across"),
        (["--defender", "lake"], "none of"),
        (["--dice", "3"], "the procedure needs more: the next is for"),
        (["--defender", "wood", "--dice", "3,7"], "'7' is not a die roll"),
        (["--defender", "wood", "--dice", "3,1,4"], "the procedure used 2"),
        (["--figures", "15mm", "--reduced"], "5/8 reduction is for 25mm figures"),
        (["--width", "1200", "--depth", "1800"], "long side"),
        (["no-such-file.json"], "no such file"),
        (["--seed", "-1"], "--seed: '-1' is out of range (0 to"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, words, capsys):
    if args == ["--dice", "3"]:
        args = ["--defender", "wood", "--dice", "3"]
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and err.startswith("dambuster dbm-setup: ")


def test_a_broken_features_file_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"defender": [{"kind": "wood", "across": NaN}]}', encoding="utf-8")
    code, _, err = run(capsys, bad)
    assert code == 2 and "NaN" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("table", [[1], "ab", [[1, 2]], 5])
def test_a_table_that_is_not_an_object_is_one_clear_line(table, tmp_path, capsys):
    # was "internal error: TypeError", a message about "dictionary update sequence", or "unknown key 1"
    doc = tmp_path / "features.json"
    doc.write_text(json.dumps({"table": table, "defender": []}), encoding="utf-8")
    code, out, err = run(capsys, doc)
    assert code == 2 and out == ""
    assert err == 'dambuster dbm-setup: "table" is an object: width, depth, unit, figures, reduced\n'


def test_an_existing_output_is_kept_without_force(features, tmp_path, capsys):
    out_file = tmp_path / "t.json"
    out_file.write_text("mine", encoding="utf-8")
    assert run(capsys, features, "-o", out_file)[0] == 2
    assert out_file.read_text(encoding="utf-8") == "mine"
    assert run(capsys, features, "-o", out_file, "--force")[0] == 0
    assert load(out_file).map.kind == "table"
