"""Monte Carlo frequencies against exact probabilities, and against many single seeded runs.

Tolerances: with N runs a frequency's standard error is sqrt(p(1-p)/N); each check allows about
five standard errors, so a correct simulation fails far less than once in a million runs."""

from __future__ import annotations

import math
from collections import Counter

from dambuster.model.factory import new_hex_scenario
from dambuster.model.scenario import Dam, River, Route, Side, StreamBridge, Unit
from dambuster.simulation.breach import Breach, Run
from dambuster.simulation.dice import Dice
from dambuster.simulation.montecarlo import monte_carlo
from dambuster.simulation.network import hexes_of

N = 20_000


def tol(p, n=N):
    return 5 * math.sqrt(p * (1 - p) / n) + 1e-9


def valley(mode="random"):
    s = new_hex_scenario(9, 13)
    L = s.map.layout
    river = [L.to_axial(4, row) for row in range(13)]
    for h in river:
        s.map.terrain[h] = "water"
    s.map.rivers.append(River("r1", river))
    s.map.dams.append(Dam("d1", river[0], "r1"))
    s.map.floodplain.mode = mode
    s.sides.append(Side("blue", "Blue"))
    s.units += [Unit("inf", "infantry", "blue", river[4], squads=3), Unit("gev", "gev", "blue", river[8])]
    s.map.roads.append(Route("rd", [(1, 4), (2, 4)]))
    s.map.stream_bridges.append(StreamBridge("sb", (1, 4, 0), "rd"))
    return s, river


def test_random_floodplain_hex_floods_with_one_chance_in_six():
    s, river = valley()
    r = monte_carlo(Breach(s, "d1"), N, seed=1)
    beside = (3, river[5][1] + 1)
    for h in (beside, (5, river[5][1])):
        p = r.hexes[h]["flood"]
        assert abs(p - 1 / 6) <= tol(1 / 6), (h, p)
        assert r.hexes[h]["swamp"] == p


def test_unit_outcomes_match_the_crt():
    s, _ = valley()
    r = monte_carlo(Breach(s, "d1"), N, seed=2)
    inf = r.units["inf"]  # each of 3 squads lost on 5-6 at 1:2
    for k, exact in {"3 squads": 8 / 27, "2 squads": 12 / 27, "1 squad": 6 / 27}.items():
        assert abs(inf[k] - exact) <= tol(exact)
    assert abs(inf["destroyed"] - 1 / 27) <= tol(1 / 27)
    gev = r.units["gev"]  # 4 against 2: the 2:1 column, NE D D X X X
    for k, exact in {"ready": 1 / 6, "disabled": 2 / 6, "destroyed": 3 / 6}.items():
        assert abs(gev[k] - exact) <= tol(exact)


def test_arrival_and_washout_are_the_same_in_every_run():
    s, river = valley()
    r = monte_carlo(Breach(s, "d1"), 100, seed=3)
    assert [r.arrival[h] for h in river[1:]] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    run = Run(Breach(s, "d1"), Dice(0))
    steps_out = [
        k
        for k, events in enumerate(run.forward() for _ in range(5))
        if any(e.kind == "bridge-out" for e in events)
    ]
    assert r.bridges["sb"] == (1.0, steps_out[0])


def test_stream_chances_match_many_single_runs():
    s, _ = valley(mode="predetermined")
    s.units = []
    b = Breach(s, "d1")
    single = 1500
    counts: Counter = Counter()
    for seed in range(single):
        run = Run(b, Dice(seed))
        run.run()
        counts.update({h for side in run.state.streams for h in hexes_of(side)})
    r = monte_carlo(b, N, seed=4)
    hexes = set(counts) | {h for h, p in r.hexes.items() if p["stream"] > 0}
    assert hexes
    for h in hexes:
        p_mc = r.hexes.get(h, {}).get("stream", 0.0)
        p_one = counts[h] / single
        assert abs(p_mc - p_one) <= tol(max(p_mc, 0.01), single) + tol(max(p_mc, 0.01)), (h, p_mc, p_one)


def test_same_seed_same_figures():
    s, _ = valley()
    label = s.map.layout.label
    a = monte_carlo(Breach(s, "d1"), 500, seed=7).to_json(label)
    assert monte_carlo(Breach(s, "d1"), 500, seed=7).to_json(label) == a
    assert monte_carlo(Breach(s, "d1"), 500, seed=8).to_json(label) != a


def test_the_buildings_on_the_dam_are_destroyed_in_every_breach_and_it_is_said():
    """Buildings stacked on a dam fall with it (11.05): the Monte Carlo gives each the chance of a
    breach, which is every run, in its JSON and its text."""
    import subprocess
    import sys
    from pathlib import Path

    from dambuster.model.scenario import Building

    s, _river = valley()
    s.map.dams[0].buildings = [Building("pump", kind="pumping station")]
    res = monte_carlo(Breach(s, "d1"), 50, 1)
    assert res.to_json(lambda h: "")["buildings"] == [{"id": "pump", "destroyed": 1.0}]
    sample = Path(__file__).resolve().parents[2] / "samples" / "ogre-dambusters-valley.json"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "dambuster",
            "surge",
            str(sample),
            "--dam",
            "dam-aller",
            "--monte-carlo",
            "100",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout.splitlines()
    at = out.index("Buildings on the dam:")
    assert out[at + 1 : at + 3] == [
        "  power station dam-powerhouse destroyed: 100.0%",
        "  control tower dam-tower destroyed: 100.0%",
    ]
