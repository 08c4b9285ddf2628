"""What a designer relies on when saving: nothing is lost, nothing changes, and the file is valid.

Generated scenarios (tests/strategies.py) cover both map kinds, every offset layout, unicode text and
changed parameters.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from strategies import hex_scenarios, rich_hex_scenario, rich_table_scenario, scenarios, table_scenarios

from dambuster.model import load, loads, save
from dambuster.model.io import dumps
from dambuster.model.schema_check import validator


def _schema_errors(text: str) -> list[str]:
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}"
        for e in validator().iter_errors(json.loads(text))
    ]


def _assert_round_trip(scenario) -> None:
    text = dumps(scenario)
    again = loads(text)
    assert again == scenario  # nothing lost or changed by saving and opening
    assert dumps(again) == text  # canonical: the same scenario gives the same bytes
    assert _schema_errors(text) == []  # any engine can read it with the published schema
    assert text.endswith("\n")


@pytest.mark.slow
@given(hex_scenarios())
def test_hex_scenarios_survive_dumps_and_loads(scenario):
    _assert_round_trip(scenario)


@pytest.mark.slow
@given(table_scenarios())
def test_table_scenarios_survive_dumps_and_loads(scenario):
    _assert_round_trip(scenario)


def test_hand_made_scenarios_survive_dumps_and_loads():
    _assert_round_trip(rich_hex_scenario())
    _assert_round_trip(rich_table_scenario())


@settings(max_examples=25)
@given(scenarios())
def test_save_load_save_gives_identical_bytes(tmp_path_factory, scenario):
    folder = tmp_path_factory.mktemp("rt")
    first, second = folder / "a.json", folder / "b.json"
    save(scenario, first)
    loaded = load(first)
    assert loaded == scenario
    save(loaded, second)
    assert second.read_bytes() == first.read_bytes()
    assert first.read_bytes() == dumps(scenario).encode("utf-8")
    assert sorted(p.name for p in folder.iterdir()) == ["a.json", "b.json"]  # no temporary files left


@settings(max_examples=25)
@given(scenarios())
def test_a_reformatted_file_opens_as_the_same_scenario(scenario):
    """Hand-edited or re-serialised files (keys sorted, one line, ASCII escapes) mean the same thing."""
    doc = json.loads(dumps(scenario))
    for text in (json.dumps(doc, sort_keys=True), json.dumps(doc, indent=4, ensure_ascii=True)):
        assert loads(text) == scenario


def test_non_ascii_text_is_written_as_utf8_not_escapes():
    text = dumps(rich_hex_scenario())
    assert "Möhne raid ⚓" in text and "\\u" not in text


def test_whole_numbers_in_float_fields_save_the_same_twice(tmp_path):
    """An editor or script may put 48 where the model holds floats: the first save already writes 48.0,
    so opening and saving again changes nothing."""
    from dambuster.model.scenario import Sewer, TableRiver

    s = rich_table_scenario()
    s.map.width, s.map.depth = 1200, 800
    s.map.rivers.append(TableRiver("r-int", [(0, 0), (10, 5)], 3))
    s.map.sewer = Sewer(flood_origin=(1, 2))
    s.parameters.rules = {"DBM-TEST": {"limit": 3}}
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    save(s, first)
    save(load(first), second)
    assert second.read_bytes() == first.read_bytes()
    assert '"width": 1200.0' in first.read_text(encoding="utf-8")
