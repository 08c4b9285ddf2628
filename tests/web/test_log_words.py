"""The breach log in the web player (headless Chromium) speaks as `dambuster surge` does: the map's names
(the dam, the towns, the roads), the reservoir draining in one line, a new stream's draws and a bridge's
washout in the command line's words, and no program text."""

from __future__ import annotations

import re

import pytest
from chromium_driver import VALLEY, dambuster, drive

pytestmark = pytest.mark.slow  # each test starts Chromium (seconds)


def test_the_log_uses_the_maps_names_and_the_command_lines_sentences(pages):
    seen = drive(pages["valley"], [{"do": "seeded", "dam": "dam-aller", "seed": 7}])
    assert seen["errors"] == []
    lines = seen["results"][0]["lines"]
    done = dambuster("surge", str(VALLEY), "--dam", "dam-aller", "--seed", "7")
    assert done.returncode == 0, done.stderr
    told = [line.strip() for line in done.stdout.splitlines()]
    drains = next(line for line in told if line.startswith("The reservoir drains"))
    assert drains in lines  # one line, as the command line says it (20 hexes, ranges)
    for said in told:
        if said.startswith(("A new stream of", "Stream bridge", "Debris fills", "Before player turn")):
            assert said in lines, said
    assert lines[0] == "The breach: Aller dam (1109) gives way."
    assert "1313 (Kessel) floods: town becomes flooded town." in lines
    assert "1114: Valley road is cut (flooded)." in lines
    text = "\n".join(lines)
    for program_text in ("dam-aller", "road-valley", "(s)", ") (", "((", "[object", "{"):
        assert program_text not in text, program_text
    assert not re.search(r"\b1 breaches\b|or less", text)


def test_the_map_draws_what_the_log_says_bridges_gone_and_roads_cut(pages):
    seen = drive(
        pages["valley"],
        [
            {"do": "seeded", "dam": "dam-aller", "seed": 7},
            {"do": "drawn"},
            {"do": "step", "button": "breach-start"},
            {"do": "drawn"},
        ],
    )
    assert seen["errors"] == []
    end, drawn, _, cleared = seen["results"]
    assert (
        "Stream bridge bridge-brook between 1514 and 1614 washes out (6 hexsides from the swell)."
        in end["lines"]
    )
    assert drawn["bridgesOut"] == ["bridge-brook"] and drawn["faded"] == ["bridge-brook"]
    cut_lines = [line for line in end["lines"] if "is cut" in line]
    assert len(drawn["roadsCut"]) == len(cut_lines) > 0
    assert "1114 road-valley" in drawn["roadsCut"]
    assert cleared == {"bridgesOut": [], "roadsCut": [], "faded": []}
