"""The migration chain upgrades old files before validation and refuses versions it cannot read."""

import json

import pytest

from dambuster.model import ScenarioError, dumps, loads, migrations, new_hex_scenario


@pytest.fixture
def current_doc():
    return json.loads(dumps(new_hex_scenario(4, 4)))


def test_a_registered_step_upgrades_an_older_file(current_doc, monkeypatch):
    old = dict(current_doc)
    old["format_version"] = "0.9"
    old["meta"] = dict(old["meta"])
    old["meta"]["name"] = old["meta"].pop("title")  # pretend 0.9 called the title "name"

    steps = dict(migrations.STEPS)
    monkeypatch.setattr(migrations, "STEPS", steps)

    @migrations.register("0.9", "1.0")
    def _rename(doc):
        meta = dict(doc["meta"])
        meta["title"] = meta.pop("name")
        return {**doc, "meta": meta}

    scenario = loads(json.dumps(old))
    assert scenario.meta.title == "Untitled scenario"
    assert old["meta"]["name"] == "Untitled scenario"  # steps are pure: the input is untouched


@pytest.mark.parametrize(
    "version,words", [("2.0", "newer"), ("1.7", "newer"), ("0.3", "not supported"), ("one", "MAJOR.MINOR")]
)
def test_unreadable_versions_are_refused_with_a_reason(current_doc, version, words):
    current_doc["format_version"] = version
    with pytest.raises(ScenarioError) as e:
        loads(json.dumps(current_doc))
    assert words in str(e.value)
    assert e.value.first.pointer == "/format_version"
