"""`surge` and `flood` on the command line: same seed, same bytes; errors are one line and exit 2."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from dambuster.cli.commands.simulate import add_parsers
from dambuster.cli.options import OneLineParser
from dambuster.model import io
from dambuster.model.factory import new_hex_scenario, new_table_scenario
from dambuster.model.scenario import Corridor, Dam, Model, River, Sewer, Side, Unit


def main(argv) -> int:
    parser = argparse.ArgumentParser(prog="dambuster")
    add_parsers(parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser))
    args = parser.parse_args(argv)
    return args.func(args)


@pytest.fixture
def hexfile(tmp_path):
    s = new_hex_scenario(7, 12)
    L = s.map.layout
    river = [L.to_axial(3, row) for row in range(12)]
    for h in river:
        s.map.terrain[h] = "water"
    s.map.rivers.append(River("r1", river))
    s.map.dams.append(Dam("d1", river[0], "r1"))
    s.map.floodplain.mode = "random"
    s.sides.append(Side("blue", "Blue"))
    s.units.append(Unit("g", "gev", "blue", river[4]))
    p = tmp_path / "valley.json"
    io.save(s, p)
    return p


@pytest.fixture
def tablefile(tmp_path):
    s = new_table_scenario(48, 48, "inches")
    s.sides.append(Side("a", "A"))
    s.map.sewer = Sewer(
        corridors=[Corridor("c1", [(0, 0), (30, 0)], 2)],
        flood_origin=(0, 0),
        models=[Model(f"m{i}", "a", 3, "c1", 4.0 * i) for i in range(1, 5)],
    )
    p = tmp_path / "sewer.json"
    io.save(s, p)
    return p


def test_surge_json_is_the_same_bytes_for_the_same_seed(hexfile, capsys):
    assert main(["surge", str(hexfile), "--dam", "d1", "--seed", "4", "--format", "json"]) == 0
    first = capsys.readouterr().out
    assert main(["surge", str(hexfile), "--dam", "d1", "--seed", "4", "--format", "json"]) == 0
    assert capsys.readouterr().out == first
    doc = json.loads(first)
    assert doc["left_map"] is True and doc["events"][0]["kind"] == "breach"
    assert main(["surge", str(hexfile), "--dam", "d1", "--seed", "5", "--format", "json"]) == 0
    assert capsys.readouterr().out != first


def test_surge_text_stops_after_the_turns_asked_and_applies(hexfile, tmp_path, capsys):
    out = tmp_path / "after.json"
    assert main(["surge", str(hexfile), "--dam", "d1", "--turns", "1", "--apply", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("The breach: ") and any(
        ln.startswith("Before player turn 1: ") for ln in lines
    )
    assert not any("player turn 2" in ln for ln in lines) and "So far (step 1):" in lines
    after = io.load(out)
    assert after.map.terrain[after.map.rivers[0].hexes[1]] == "debris"


def test_monte_carlo_writes_json_and_csv(hexfile, tmp_path, capsys):
    pj, pc = tmp_path / "mc.json", tmp_path / "mc.csv"
    assert (
        main(
            [
                "surge",
                str(hexfile),
                "--dam",
                "d1",
                "--monte-carlo",
                "300",
                "--seed",
                "1",
                "--out-json",
                str(pj),
                "--out-csv",
                str(pc),
            ]
        )
        == 0
    )
    assert "300 runs" in capsys.readouterr().out
    doc = json.loads(pj.read_text())
    assert doc["runs"] == 300 and doc["units"][0]["id"] == "g"
    assert pc.read_text().splitlines()[0] == "label,q,r,flood,swamp,flooded_town,stream,arrival"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["surge", "{hex}", "--dam", "nope"], "no dam 'nope'"),
        (["surge", "{missing}", "--dam", "d1"], "no such file"),
        (["surge", "{table}", "--dam", "d1"], "needs a hex map"),
        (["flood", "{hex}"], "needs a table map"),
        (["surge", "{hex}", "--dam", "d1", "--seed", "-1"], "--seed: '-1' is out of range (0 to"),
        (["surge", "{hex}", "--dam", "d1", "--monte-carlo", "0"], "--monte-carlo: '0' is out of range (1 to"),
        (["surge", "{hex}", "--dam", "d1", "--turns", "-1"], "--turns: '-1' is out of range (0 to"),
    ],
)
def test_errors_are_one_line_and_exit_2(argv, message, hexfile, tablefile, tmp_path, capsys):
    paths = {"{hex}": str(hexfile), "{table}": str(tablefile), "{missing}": str(tmp_path / "no.json")}
    try:
        code = main([paths.get(a, a) for a in argv])
    except SystemExit as e:  # argparse: a value out of an option's range
        code = e.code
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_monte_carlo_on_a_table_map_with_rivers_says_it_needs_a_hex_map(tmp_path, capsys):
    # the estimate before the runs counted river hexes, which a table map's rivers do not have
    sample = Path(__file__).resolve().parents[2] / "samples" / "dbm-table.json"
    out = tmp_path / "mc.json"
    assert main(["surge", str(sample), "--dam", "d1", "--monte-carlo", "10", "--out-json", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs a hex map" in err and "internal error" not in err
    assert not out.exists()


def test_flood_json_is_reproducible(tablefile, capsys):
    assert main(["flood", str(tablefile), "--seed", "3", "--format", "json"]) == 0
    first = capsys.readouterr().out
    assert main(["flood", str(tablefile), "--seed", "3", "--format", "json"]) == 0
    assert capsys.readouterr().out == first
    doc = json.loads(first)
    assert doc["turn"] in (2, 3, 4, 5) and set(doc["models"]) == {"m1", "m2", "m3", "m4"}
