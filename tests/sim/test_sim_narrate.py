"""The breach and flash flood told as sentences, the summary of a breach, the Monte Carlo chances of
towns, roads and units, and dice from the table (Qt-free)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dambuster.model import load
from dambuster.model.scenario import Unit
from dambuster.simulation import Breach, Dice, Run
from dambuster.simulation.dice import RollNeeded, TableDice
from dambuster.simulation.flashflood import flood, when
from dambuster.simulation.montecarlo import monte_carlo
from dambuster.simulation.narrate import breach_sentences, flood_sentences, hex_list, join_words, prompt
from dambuster.simulation.summary import breach_summary, chance_rows, summary_sentences

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
VALLEY = SAMPLES / "ogre-dambusters-valley.json"
SEWER = SAMPLES / "sewer-flash-flood.json"


def valley(mode="predetermined", units=False):
    sc = load(VALLEY)
    sc.map.floodplain.mode = mode
    if units:  # a GEV, three squads of infantry and a heavy tank where the swell and the swamp reach
        swell = Breach(sc, "dam-aller").plan.swell(1)
        sc.units += [
            Unit("gev-x", "gev", "combine", swell[0]),
            Unit("inf-x", "infantry", "combine", swell[1], squads=3),
            Unit("tank-x", "heavy-tank", "combine", sc.map.layout.from_label("1116")),
        ]
    return sc


def texts(sentences):
    return [s.text for s in sentences]


def test_hex_lists_read_as_ranges_down_a_column():
    layout = load(VALLEY).map.layout
    hexes = [layout.from_label(x) for x in ("1217", "1215", "1216", "1318", "1319", "1401")]
    assert hex_list(layout, hexes) == "1215\u20131217, 1318, 1319 and 1401"
    assert join_words(["a"]) == "a" and join_words(["a", "b"]) == "a and b"


def test_a_predetermined_step_reads_as_sentences_with_labels():
    run = Run(Breach(valley(), "dam-aller"), Dice(7))
    run.run(2)
    first, _, second = (breach_sentences(run.breach, step) for step in run.events)
    assert first[0].text == "The breach: Aller dam (1109) gives way; the swell covers 1110\u20131112."
    assert first[0].heading and "Debris fills 1110, just below the dam." in texts(first)
    assert any(
        t.startswith("The reservoir drains: 0803\u20130806, ") and t.endswith("(20 hexes) become clear.")
        for t in texts(first)
    )
    assert second[0].text == "Before player turn 2: the swell covers 1215\u20131217."
    assert "1116\u20131118 and 1316\u20131318 flood: clear becomes swamp." in texts(second)
    layout = run.breach.layout
    line = next(s for s in second if "flood:" in s.text)
    assert {layout.label(h) for h in line.hexes} == {"1116", "1117", "1118", "1316", "1317", "1318"}


def test_a_flood_that_cuts_a_road_says_so_and_towns_are_named():
    run = Run(Breach(valley(), "dam-aller"), Dice(7))
    run.run(1)
    lines = texts(breach_sentences(run.breach, run.events[1]))
    assert "1314 (Kessel) floods: town becomes flooded town and Valley road is cut." in lines
    assert "Stream bridge bridge-brook between 1514 and 1614 washes out (6 hexsides from the swell)." in lines
    stream = next(t for t in lines if "new stream" in t)
    assert "start " in stream and "length " in stream


def test_random_floodplain_rolls_are_told_with_their_dice():
    run = Run(Breach(valley("random"), "dam-aller"), Dice(7))
    run.run(2)
    lines = texts(breach_sentences(run.breach, run.events[2]))
    assert "1117 floods: clear becomes swamp (floodplain roll 1)." in lines
    assert (
        "1116 (roll 3), 1118 (roll 2), 1316 (roll 5) and 1317 (roll 5) stay dry: a hex floods on a 1."
        in lines
    )


def test_units_caught_are_told_with_odds_rolls_and_results():
    run = Run(Breach(valley(units=True), "dam-aller"), Dice(3))
    run.run(2)
    lines = texts(breach_sentences(run.breach, run.events[1]))
    assert "The swell attacks gev-x in 1212 at 2:1: roll 2 (D), disabled." in lines
    assert (
        "The swell attacks inf-x (3 squads) in 1213 at 1:2, each squad alone: rolls 5 (D), 5 (D), 2 (NE), "
        "1 squad left."
    ) in lines
    summary = summary_sentences(
        breach_summary(run.breach, run.state, [e for s in run.events for e in s]), run.breach.layout
    )
    assert summary[0].text == "Units hit: gev-x disabled; inf-x 1 of 3 squads left; tank-x not stuck."
    assert summary[1].text == "Bridges washed out: bridge-brook."
    assert summary[2].text == "Towns flooded: Kessel (2 of 4 hexes: 1313 and 1314)."
    assert summary[3].text.startswith("Roads and rails cut: Valley road at 1114")
    assert summary[2].hexes == tuple(run.breach.layout.from_label(x) for x in ("1313", "1314"))


def test_a_tank_in_a_new_swamp_rolls_to_be_stuck():
    sc = valley("random", units=True)
    run = Run(Breach(sc, "dam-aller"), TableDice([1] * 40))  # every floodplain hex floods, every roll is 1
    run.run(2)
    lines = texts(breach_sentences(run.breach, run.events[2]))
    assert "tank-x in 1116 is in the new swamp: stuck roll 1 (stuck on 1 or 2), stuck." in lines


def test_summary_before_anything_happened_says_none():
    b = Breach(valley(), "dam-aller")
    lines = texts(summary_sentences(breach_summary(b, b.initial(), []), b.layout))
    assert lines == [
        "Units hit: none.",
        "Bridges washed out: none.",
        "Towns flooded: none.",
        "Roads and rails cut: none.",
    ]


def test_flash_flood_sentences():
    sc = load(SEWER)
    dice = Dice(4)
    _turn, pre = when(sc.parameters.flash_flood, dice)
    lines = texts(flood_sentences(pre + flood(sc, dice).events, sc))
    assert lines[0] == "Turn 2: no flood (roll 2; it comes on a 6)."
    assert "Turn 5: the flood comes (no roll needed)." in lines
    assert "Genestealer 4 loses its footing (strength 4, roll 6)." in lines
    assert (
        "Genestealer 4 is carried 2\u2033 along c-west until stopped by the grate grate-2 and takes S1 and S3 hits "
        "(distance roll 4)."
    ) in lines
    assert (
        "Guardsman 4, bumped by Guardsman 3, keeps its footing (roll 3; 4 or more knocks a model off)."
        in lines
    )


# -------------------------------------------------------------------------------- dice from the table
def draws_of(run_events):
    return [d for step in run_events for e in step for d in e.rolls]


@pytest.mark.parametrize("mode, seed", [("predetermined", 7), ("random", 7), ("random", 11)])
def test_rolls_from_the_table_replay_the_seeded_run(mode, seed):
    sc = valley(mode, units=True)
    seeded = Run(Breach(sc, "dam-aller"), Dice(seed))
    seeded.run()
    draws = draws_of(seeded.events)
    assert draws, "the run draws dice"

    table = TableDice()
    run = Run(Breach(sc, "dam-aller"), table)
    asked = []
    while not run.state.done:
        try:
            run.forward()
        except RollNeeded as need:
            run.dice.restore(run.dice_states[-1])
            d = draws[len(asked)]
            asked.append((need.purpose, need.sides, need.die))
            assert (need.purpose, need.sides) == (d.purpose, d.sides)
            assert need.events and need.events[0].step == run.state.step + 1  # the step's events so far
            table.give(d.value if need.die else d.value + 1, need)
    assert len(asked) == len(draws)
    assert run.states == seeded.states
    assert run.events == seeded.events


def test_a_scripted_list_of_the_seeded_draws_gives_the_same_run():
    sc = valley("random", units=True)
    seeded = Run(Breach(sc, "dam-aller"), Dice(5))
    seeded.run()
    replay = Run(Breach(sc, "dam-aller"), TableDice.from_draws(draws_of(seeded.events)))
    replay.run()
    assert replay.states == seeded.states


def test_table_rolls_are_checked_and_can_be_taken_back():
    need = RollNeeded("floodplain 1116", 6, True)
    table = TableDice()
    with pytest.raises(ValueError, match="a die shows 1 to 6"):
        table.give(7, need)
    table.give(3, need)
    table.give(2, RollNeeded("way of the new stream", 2, False))
    assert table.given == [3, 1]  # a pick of 2 is kept as the index 1
    assert table.take_back() == 1 and table.given == [3]
    assert table.d6("floodplain 1116") == 3 and table.take_back() is None  # used rolls stay
    with pytest.raises(RollNeeded) as info:
        table.choice(3, "where the new stream starts", ["a", "b", "c"])
    assert prompt(info.value) == "Pick 1 to 3: where the new stream starts (1 a, 2 b, 3 c)"
    assert table.choice(1, "only one way") == 0  # one way: no roll asked


class Recording(Dice):
    """Seeded dice keeping every draw in the order drawn (events list a carry's roll after its bumps)."""

    def __init__(self, seed):
        super().__init__(seed)
        self.draws = []

    def d6(self, purpose, options=None):
        v = super().d6(purpose, options)
        self.draws.append(self.log[-1])
        return v

    def choice(self, n, purpose, options=None):
        v = super().choice(n, purpose, options)
        if n > 1:
            self.draws.append(self.log[-1])
        return v


def test_the_flash_flood_from_the_table_equals_the_seeded_flood():
    sc = load(SEWER)
    dice = Recording(4)
    turn, pre = when(sc.parameters.flash_flood, dice)
    seeded = pre + flood(sc, dice).events
    draws = dice.draws
    table = TableDice()
    prompts = []
    while True:
        table.restore((0, 0))  # each attempt replays the rolls given so far from the start
        try:
            t, pre2 = when(sc.parameters.flash_flood, table)
            events = pre2 + flood(sc, table).events
            break
        except RollNeeded as need:
            prompts.append(prompt(need))
            d = draws[len(table.given)]
            assert d.purpose == need.purpose
            assert (
                seeded[: len(need.events)] == need.events
                or seeded[len(pre) :][: len(need.events)] == need.events
            )
            table.give(d.value if need.die else d.value + 1, need)
    assert t == turn and events == seeded
    assert len(prompts) == len(draws) and prompts[0] == "Roll a die: flood on turn 2"


def test_monte_carlo_gives_towns_and_roads_their_chances():
    res = monte_carlo(Breach(valley(), "dam-aller"), 500, 1)
    assert res.towns == {"town-kessel": 1.0} and res.routes["road-valley"] == 1.0
    assert res.routes["road-north"] == 0.0
    rnd = monte_carlo(Breach(valley("random"), "dam-aller"), 20_000, 2)
    two_rolls = 1 - (5 / 6) ** 2  # Kessel's two hexes beside the river each flood on a 1
    assert rnd.towns["town-kessel"] == pytest.approx(two_rolls, abs=0.02)
    rows = chance_rows(Breach(valley("random"), "dam-aller"), rnd)
    sections = {r.section for r in rows}
    assert sections == {"Buildings on the dam", "Stream bridges", "Towns", "Roads and rails"}
    kessel = next(r for r in rows if r.subject == "Kessel")
    assert kessel.outcome == "flooded" and kessel.chance == rnd.towns["town-kessel"] and kessel.hexes
    assert any(r.subject == "2 other roads and rails" and r.chance == 0.0 for r in rows)


def test_monte_carlo_rows_for_caught_units():
    b = Breach(valley(units=True), "dam-aller")
    rows = [r for r in chance_rows(b, monte_carlo(b, 4000, 3)) if r.section == "Units"]
    gev = {r.outcome: r.chance for r in rows if r.subject == "gev-x"}
    assert set(gev) == {"destroyed", "disabled"} and 0 < gev["destroyed"] < 1
    inf = {r.outcome: r.chance for r in rows if r.subject == "inf-x"}
    assert set(inf) == {"destroyed", "squads lost"}
