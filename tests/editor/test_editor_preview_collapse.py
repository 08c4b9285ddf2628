"""The referee's collapse rolls in the breach preview: the damage dealt, the chance per player turn from
the text's thresholds (Ogre Dambusters: 80% of the SP lost, a 1; 90%, 1-3), one die per player turn
(seeded, or the die thrown at the table), and the breach once the dam falls."""

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from dambuster.model import load
from dambuster.simulation import Breach, Dice, Run
from dambuster.simulation.collapse import roll_collapse

VALLEY = Path(__file__).resolve().parents[2] / "samples" / "ogre-dambusters-valley.json"


@pytest.fixture
def window_size():
    return (1100, 760)


def preview(w):
    assert w.files.open_path(VALLEY)
    w.preview_dock.show()
    p = w.preview_dock.pane
    p.dam.setCurrentIndex(p.dam.findData("dam-aller"))
    return p


def test_seeded_rolls_until_it_falls_then_the_breach_with_the_same_dice(window):
    p = preview(window)
    p.seed.setValue(3)
    box = p.collapse
    box.damage.setValue(47)
    assert "does not collapse; no roll" in box.chance.text() and not box.btn_roll.isEnabled()
    box.damage.setValue(54)
    assert box.chance.text() == (
        "54 of 60 SP lost (90%): it collapses on 1–3 at the start of each player turn (3 in 6)."
    )
    clicks = 0
    while p.run.state.step < 0 and clicks < 50:
        box.btn_roll.click()
        clicks += 1
    sc = load(VALLEY)
    dice = Dice(3)
    turn, _events = roll_collapse(sc.map.dams[0], 54, sc.parameters.collapse, dice, 50)
    assert clicks == turn  # the same rolls as `dambuster collapse --seed 3 --damage 54`
    assert (
        box.log.text().split("<br>")[-1]
        == f"Player turn {turn}: roll {_events[-1].rolls[0].value}: the dam collapses."
    )
    assert not box.btn_roll.isEnabled()
    expected = Run(Breach(sc, "dam-aller"), dice)
    expected.forward()
    assert p.run.state == expected.state and p.run.events == expected.events
    assert p.log.item(0).text().startswith("The breach: Aller dam (1109) gives way")


def test_the_die_thrown_at_the_table(window):
    p = preview(window)
    p.dice_mode.setCurrentIndex(1)
    box = p.collapse
    box.damage.setValue(48)
    assert box.die.isVisible()
    box.die.setValue(4)
    box.btn_roll.click()
    assert p.run.state.step < 0
    box.die.setValue(1)
    box.btn_roll.click()
    assert box.log.text() == (
        "Player turn 1: roll 4: the dam holds (it falls on a 1).<br>Player turn 2: roll 1: the dam collapses."
    )
    assert p.run.state.step == 0  # the breach, which needs no die; the next step asks the table
    p.btn_forward.click()
    assert p.pending is not None and p.rolls.need is p.pending


def test_all_sp_lost_breaches_at_once(window):
    p = preview(window)
    box = p.collapse
    box.damage.setValue(60)
    assert "destroyed outright" in box.chance.text() and box.btn_roll.text() == "Breach it"
    box.btn_roll.click()
    assert p.run.state.step == 0


def test_the_dams_tooltip_says_who_may_ram_it_and_from_where():
    """11.04.3 (paraphrased): only GEVs, or a submerged Ogre or superheavy, may ram a dam, and only from
    a water hex. The format holds no ram, so the dam's tooltip says it, with the water hexes next to it,
    its collapse chance and the buildings on it."""
    from dambuster.editor.scene.hex.tooltip import hex_tooltip

    sc = load(VALLEY)
    dam = sc.map.dams[0]
    dam.damage = 54
    lines = hex_tooltip(sc, tuple(dam.hex)).splitlines()
    assert "Dam dam-aller (Aller dam): 60 SP, 54 damage, collapses on 1–3 each player turn" in lines
    assert "  On the dam: power station dam-powerhouse (10 of 10 SP)" in lines
    assert (
        "  Rammed only by a GEV, or a submerged Ogre or superheavy, from water (11.04.3): 1108, 1110" in lines
    )
    sc.map.terrain[sc.map.layout.from_label("1108")] = "clear"  # dry land: nowhere to ram from
    assert "from water (11.04.3): 1110" in hex_tooltip(sc, tuple(dam.hex))
