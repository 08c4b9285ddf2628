"""The exact river-curvature check (largest detour of a polyline) against brute force."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString, Point

from dambuster.validators.dbm.curvature import exceeds, max_detour, max_detour_quadratic, self_crossing


def sampled_max(points, n=300):
    """Brute force: every pair among the vertices and n points spread evenly along the line."""
    line = LineString(points)
    s = np.unique(np.concatenate([[line.project(Point(p)) for p in points], np.linspace(0, line.length, n)]))
    xy = shapely.get_coordinates(shapely.line_interpolate_point(line, s))
    along = np.abs(s[:, None] - s[None, :])
    straight = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1])
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(straight > 0, along / np.where(straight > 0, straight, 1), 1.0)
    return float(r.max()), line.length / (n - 1)


def random_polylines(count, seed):
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        k = int(rng.integers(3, 10))
        # a random walk with random turns and leg lengths (short legs included)
        ang = np.cumsum(rng.uniform(-2.2, 2.2, k - 1))
        legs = rng.uniform(0.05, 3.0, k - 1)
        pts = np.vstack([[0, 0], np.cumsum(np.stack([np.cos(ang), np.sin(ang)], 1) * legs[:, None], 0)])
        if LineString(pts).is_simple:
            out.append([tuple(p) for p in pts])
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_agrees_with_dense_sampling(seed):
    for pts in random_polylines(100, seed):
        ratio, p, q = max_detour(pts)
        sampled, h = sampled_max(pts)
        assert ratio >= sampled - 1e-9, pts
        # the witness is a real pair with that ratio ...
        line = LineString(pts)
        straight = math.dist(p, q)
        along = abs(line.project(Point(q)) - line.project(Point(p)))
        assert math.isclose(along / straight, ratio, rel_tol=1e-7), pts
        # ... and p is a vertex, so some sampled pair is within half a sample step of it
        assert sampled >= (along - h / 2) / (straight + h / 2) - 1e-9, pts


@pytest.mark.parametrize("n,seed", [(50, 4), (400, 5), (1500, 6)])
def test_pruned_search_equals_the_quadratic_check(n, seed):
    rng = np.random.default_rng(seed)
    ang = np.clip(np.cumsum(rng.normal(0, 0.2, n - 1)), -1.3, 1.3)
    pts = np.vstack(
        [[0, 0], np.cumsum(np.stack([np.cos(ang), np.sin(ang)], 1) * rng.uniform(1, 10, (n - 1, 1)), 0)]
    )
    assert LineString(pts).is_simple
    ours = max_detour(pts)
    ref = max_detour_quadratic(pts)
    assert math.isclose(ours[0], ref[0], rel_tol=1e-12)
    decided = max_detour(pts, floor=4 / 3)
    assert (decided[0] > 4 / 3) == (ref[0] > 4 / 3)
    if ref[0] > 4 / 3:
        assert math.isclose(decided[0], ref[0], rel_tol=1e-12)


def test_a_sharp_bend_with_a_short_leg_that_vertex_pairs_miss():
    pts = [(0, 0), (10, 0), (9.5, 0.3)]
    arc = np.concatenate([[0], np.cumsum([math.dist(a, b) for a, b in zip(pts, pts[1:])])])
    vertex_pairs = max(
        (arc[j] - arc[i]) / math.dist(pts[i], pts[j]) for i in range(3) for j in range(i + 1, 3)
    )
    assert vertex_pairs < 4 / 3
    ratio, p, q = max_detour(pts)
    assert ratio > 3 and exceeds(pts, 4 / 3)
    assert p == (9.5, 0.3) and q[1] == 0 and 9 < q[0] < 10  # the best point is inside the long leg


def v_shape(ratio):
    h = math.sqrt(ratio**2 - 1)
    return [(0, 0), (1, h), (2, 0)]


def test_threshold_sides():
    assert not exceeds(v_shape(1.3333), 4 / 3)
    assert exceeds(v_shape(1.3334), 4 / 3)
    assert math.isclose(max_detour(v_shape(1.3334))[0], 1.3334, rel_tol=1e-12)


def test_straight_lines_and_tiny_inputs():
    assert max_detour([(0, 0), (5, 0), (9, 0)])[0] == 1.0
    assert max_detour([(0, 0), (1, 1)])[0] == 1.0
    assert max_detour([(0, 0), (0, 0), (3, 4)])[0] == 1.0  # repeated point ignored


def test_a_self_crossing_is_infinite_with_the_crossing_as_witness():
    pts = [(0, 0), (10, 0), (10, 5), (5, 5), (5, -5)]
    assert self_crossing(pts) == (5.0, 0.0)
    ratio, p, q = max_detour(pts)
    assert math.isinf(ratio) and p == q == (5.0, 0.0)


def test_a_fold_back_and_a_closed_loop_are_self_crossings():
    assert self_crossing([(0, 0), (10, 0), (4, 0)]) == (4.0, 0.0)
    assert self_crossing([(0, 0), (4, 0), (4, 4), (0, 0)]) == (0.0, 0.0)
    assert self_crossing([(0, 0), (4, 0), (4, 4)]) is None


def spiral(n, turns, gap_first=20.0):
    t = np.linspace(0, 2 * turns * np.pi, n)
    r = gap_first + 300 * t / t[-1]
    return np.round(np.stack([r * np.cos(t), r * np.sin(t)], 1), 6)


def lawnmower(rows, per_row, spacing):
    legs = [
        np.stack([np.linspace(0, 100, per_row)[:: 1 if k % 2 == 0 else -1], np.full(per_row, spacing * k)], 1)
        for k in range(rows)
    ]
    return np.concatenate(legs)


@pytest.mark.parametrize(
    "pts",
    [spiral(2000, 40), spiral(1500, 5), spiral(800, 30), lawnmower(40, 30, 3.0)],
    ids=["tight spiral", "loose spiral", "coarse spiral", "lawnmower"],
)
def test_blocks_against_blocks_equal_the_quadratic_check_on_lines_that_wind(pts):
    """Shapes where most pairs of far-apart points have nearly the largest ratio, so pruning is hard."""
    assert LineString(pts).is_simple
    ours, ref = max_detour(pts), max_detour_quadratic(pts)
    assert math.isclose(ours[0], ref[0], rel_tol=1e-12)
    assert math.isclose(
        math.dist(ours[1], ours[2]) * ours[0],
        abs(LineString(pts).project(Point(ours[2])) - LineString(pts).project(Point(ours[1]))),
        rel_tol=1e-9,
    )
