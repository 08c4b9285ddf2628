"""Properties of any breach on small generated valleys: stepping back through every step restores
every earlier state, a replay with the same seed is identical, and the applied map loads again."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from dambuster.model import io
from dambuster.model.factory import new_hex_scenario
from dambuster.model.scenario import Dam, River, Route, Side, StreamBridge, Unit
from dambuster.simulation import Breach, Dice, Run, apply


def valley(column: int, rows: int, mode: str, speed: int, length: int):
    s = new_hex_scenario(8, rows)
    L = s.map.layout
    river = [L.to_axial(column, row) for row in range(rows)]
    for h in river:
        s.map.terrain[h] = "water"
    s.map.rivers.append(River("r1", river))
    s.map.dams.append(Dam("d1", river[0], "r1", reservoir=[]))
    s.map.floodplain.mode = mode
    s.parameters.surge.speed, s.parameters.surge.length = speed, length
    s.sides.append(Side("b", "B"))
    s.units += [
        Unit("i", "infantry", "b", river[-2], squads=2),
        Unit("g", "gev", "b", river[len(river) // 2]),
        Unit("t", "heavy-tank", "b", (river[3][0] + 1, river[3][1])),
    ]
    s.map.roads.append(Route("rd", [(0, 2), (1, 2)]))
    s.map.stream_bridges.append(StreamBridge("sb", (0, 2, 0), "rd"))
    return s


@settings(max_examples=25)
@given(
    column=st.integers(2, 5),
    rows=st.integers(6, 14),
    mode=st.sampled_from(["random", "predetermined"]),
    speed=st.integers(1, 4),
    length=st.integers(1, 4),
    seed=st.integers(0, 2**32),
)
def test_back_restores_every_state_and_replays_match(column, rows, mode, speed, length, seed):
    s = valley(column, rows, mode, speed, length)
    b = Breach(s, "d1")
    run = Run(b, Dice(seed))
    events = run.run()
    json.dumps([e.to_dict(s.map.layout.label) for e in events])  # every event is plain JSON
    states = list(run.states)
    while len(run.states) > 1:
        run.back()
        assert run.state == states[len(run.states) - 1]
    again = Run(b, Dice(seed))
    assert [e.to_dict() for e in again.run()] == [e.to_dict() for e in events]
    assert again.state == states[-1]
    io.loads(io.dumps(apply(s, again.state, "d1")))
