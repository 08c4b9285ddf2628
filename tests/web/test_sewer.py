"""The sewer's flash flood in the web player (headless Chromium): nothing runs until asked, the models
stand where the file puts them with their names shown, the log is the command line's sentences
(`dambuster flood FILE --seed S`), and Start again puts the models back."""

from __future__ import annotations

import json

import pytest
from chromium_driver import SEWER, dambuster, drive

pytestmark = pytest.mark.slow  # each test starts Chromium (seconds)


def test_the_flood_runs_only_when_asked_and_tells_the_command_lines_sentences(pages):
    seen = drive(
        pages["sewer"],
        [
            {"do": "sewer"},
            {"do": "sewer", "press": "flood-run", "seed": 3},
            {"do": "sewer", "press": "flood-reset"},
        ],
        viewport=(390, 844),
    )
    assert seen["errors"] == []
    opened, flooded, reset = seen["results"]
    assert opened["lines"] == [] and opened["json"] == ""
    assert "press Run the flood" in opened["status"]
    models = json.loads(SEWER.read_text())["map"]["sewer"]["models"]
    assert opened["names"] == [m.get("name") or m["id"] for m in models]  # visible without hover
    text = dambuster("flood", str(SEWER), "--seed", "3")
    assert text.returncode == 0, text.stderr
    told = [line.strip() for line in text.stdout.splitlines()]
    assert flooded["lines"] == told[:-1]  # the last is the difficult terrain, in the status
    assert told[-1] in flooded["status"]
    assert not any("[object" in line or "{" in line for line in flooded["lines"])
    assert flooded["models"] != opened["models"]
    assert reset["models"] == opened["models"] and reset["lines"] == [] and reset["json"] == ""
