"""The hexside network the simulation walks: corners are real hex corners, ends of a side are its two
end points, and hexsides_at_corner (model.hexgrid) agrees. Checked against pixel geometry."""

from __future__ import annotations

import math

import pytest

from dambuster.model.hexgrid import canonical_hexside, hexside_hexes, hexsides_at_corner
from dambuster.simulation.network import corner, corner_distances, ends, other_end, side_distance, sides_at


def centre(h):  # flat-top pixel centre, hex radius 1
    q, r = h
    return 1.5 * q, math.sqrt(3) * (r + q / 2)


def point(c):
    xs = [centre(h) for h in c]
    return sum(x for x, _ in xs) / 3, sum(y for _, y in xs) / 3


@pytest.mark.parametrize("h", [(0, 0), (3, -2), (-4, 5)])
def test_corners_are_points_one_radius_from_three_centres(h):
    for k in range(6):
        c = corner(h, k)
        px, py = point(c)
        for x in c:
            cx, cy = centre(x)
            assert math.isclose(math.hypot(px - cx, py - cy), 1.0, rel_tol=1e-9)
        assert sorted(hexsides_at_corner(h, k)) == sides_at(c)


@pytest.mark.parametrize("side", [(0, 0, 0), (0, 0, 1), (0, 0, 2), (5, -3, 1)])
def test_a_side_runs_between_two_corners_of_both_its_hexes(side):
    a, b = hexside_hexes(side)
    e1, e2 = ends(side)
    assert e1 != e2 and a in e1 and b in e1 and a in e2 and b in e2
    p1, p2 = point(e1), point(e2)
    assert math.isclose(math.dist(p1, p2), 1.0, rel_tol=1e-9)  # a hexside is one radius long
    assert other_end(side, e1) == e2


def test_distances_count_hexsides_along_the_zigzag():
    # from the corners of hex (2, 2), down the boundary between columns 2 and 3
    dist = corner_distances([corner((2, 2), k) for k in range(6)], 10)
    chain = [(2, 3, 1), (2, 3, 0), (2, 4, 1), (2, 4, 0), (2, 5, 1), (2, 5, 0), (2, 6, 1)]
    assert [side_distance(s, dist) for s in chain] == [1, 2, 3, 4, 5, 6, 7]
    assert side_distance(canonical_hexside((2, 2), 5), dist) == 1  # a side of the hex itself
