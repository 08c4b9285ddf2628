"""The Monte Carlo adds up its runs a chunk at a time: its memory does not grow with the runs, and the
figures are those of all runs drawn at once, whatever the chunk (simulation/montecarlo_runs.py,
simulation/chunked_dice.py). Nothing here is timed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from test_sim_montecarlo import valley

from dambuster.model import load
from dambuster.simulation.breach import Breach
from dambuster.simulation.chunked_dice import ChunkedDice
from dambuster.simulation.montecarlo import monte_carlo

ROOT = Path(__file__).resolve().parents[2]
VALLEY = ROOT / "samples" / "ogre-dambusters-valley.json"
DAMBUSTER = str(Path(sys.executable).parent / "dambuster")


@pytest.mark.parametrize("chunk", [1, 7, 64, 1000])
def test_chunked_dice_give_each_chunk_the_values_of_one_draw_for_all_runs(chunk):
    """The draws the Monte Carlo makes (dice 1-6, picks of 2, 3, 4 and 6, several dice a run), in
    turn for 1,000 runs: served a chunk at a time, each draw is the one numpy makes for all runs."""
    runs = 1000
    draws = [(1, 7, None), (0, 2, None), (1, 7, 3), (0, 3, None), (0, 6, None), (0, 4, None), (1, 7, 1)]
    rng = np.random.Generator(np.random.PCG64(11))
    whole = [rng.integers(lo, hi, size=runs if k is None else (runs, k)) for lo, hi, k in draws]
    dice = ChunkedDice(11, runs, chunk)
    parts: list[list[np.ndarray]] = [[] for _ in draws]
    for _n in dice.chunks():
        for d, (lo, hi, k) in enumerate(draws):
            parts[d].append(dice.integers(lo, hi, per_run=k))
    for d in range(len(draws)):
        assert np.array_equal(np.concatenate(parts[d]), whole[d]), draws[d]


def test_chunks_that_draw_differently_are_refused():
    """Every chunk must make the first chunk's draws: more, or fewer, is an error, not other dice."""
    dice = ChunkedDice(0, 15, 5)
    chunks = dice.chunks()
    next(chunks)
    dice.integers(1, 7)
    next(chunks)
    dice.integers(1, 7)
    with pytest.raises(ValueError, match="more draws than the first"):
        dice.integers(1, 7)
    dice = ChunkedDice(0, 15, 5)
    chunks = dice.chunks()
    next(chunks)
    dice.integers(1, 7)
    next(chunks)
    with pytest.raises(ValueError, match="made 0 draws, the first 1"):
        next(chunks)


def _figures(res, label) -> tuple:
    return res.to_json(label), list(res.hexes), res.towns, res.routes, res.worst, res.units


@pytest.mark.parametrize("mode", ["random", "predetermined"])
def test_every_chunk_size_gives_the_same_figures(mode):
    """Units caught (infantry by squads, a GEV), floodplain rolls, streams, towns, routes and worst
    cases: the same numbers, in the same order, with one chunk or many of any size."""
    s, _ = valley(mode)
    b = Breach(s, "d1")
    runs = 600  # every outcome of this map turns up in a few hundred runs; chunk 1 steps them one by one
    one = _figures(monte_carlo(b, runs, seed=5, chunk=runs), s.map.layout.label)
    for chunk in (1, 7, 256, runs - 1):
        assert _figures(monte_carlo(b, runs, seed=5, chunk=chunk), s.map.layout.label) == one, chunk


def test_the_valley_samples_figures_do_not_depend_on_the_chunk():
    sc = load(VALLEY)
    b = Breach(sc, "dam-aller")
    one = _figures(monte_carlo(b, 25_000, seed=3, chunk=25_000), sc.map.layout.label)
    assert _figures(monte_carlo(b, 25_000, seed=3, chunk=4_096), sc.map.layout.label) == one
    assert _figures(monte_carlo(b, 25_000, seed=3), sc.map.layout.label) == one


#: Runs a command and prints its exit status and peak resident KiB: from a small process of its own, as
#: Linux keeps a process's peak across exec (a child forked from pytest would start at pytest's peak).
_MEASURE = (
    "import os, subprocess, sys; p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL); "
    "_, status, usage = os.wait4(p.pid, 0); print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)"
)


def _peak_rss_mib(runs: int) -> float:
    """Peak resident memory of `dambuster surge --monte-carlo RUNS` on the valley sample, the watched
    child included (``os.wait4``'s usage of the command's process and the children it waited for)."""
    argv = [DAMBUSTER, "surge", str(VALLEY), "--dam", "dam-aller", "--monte-carlo", str(runs)]
    p = subprocess.run([sys.executable, "-c", _MEASURE, *argv], capture_output=True, text=True, timeout=600)
    status, kib = p.stdout.split()
    assert status == "0", p.stderr
    return int(kib) / 1024


@pytest.mark.skipif(sys.platform == "win32", reason="os.wait4 is POSIX")
def test_peak_memory_does_not_grow_with_the_runs():
    """40,000 runs peak within 3 MiB of 2,000 runs (measured: 1.8 MiB more, the chunk of 10,000 runs
    against one of 2,000); holding every run's arrays, as before, took 10 MiB more."""
    small = min(_peak_rss_mib(2_000) for _ in range(2))
    large = min(_peak_rss_mib(40_000) for _ in range(2))
    assert large - small < 3, (small, large)
