"""Hex arithmetic as a designer sees it: labels, offsets, neighbours and one key per hexside."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dambuster.model.hexgrid import (
    DIRECTIONS,
    Layout,
    canonical_hexside,
    distance,
    hexside_between,
    hexside_hexes,
    neighbor,
    neighbors,
)

LAYOUTS = [
    Layout("flat", "odd-q", 15, 22),
    Layout("flat", "even-q", 15, 22),
    Layout("pointy", "odd-r", 15, 22),
    Layout("pointy", "even-r", 15, 22),
]


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.offset)
def test_every_hex_round_trips_through_offset_and_label(layout):
    seen = set()
    for h in layout.hexes():
        assert layout.contains(h)
        assert layout.to_axial(*layout.to_offset(h)) == h
        label = layout.label(h)
        assert layout.from_label(label) == h
        seen.add(label)
    assert len(seen) == 15 * 22


def test_first_hex_is_0101_and_labels_are_column_then_row():
    layout = Layout("flat", "odd-q", 15, 22)
    assert layout.label(layout.to_axial(0, 0)) == "0101"
    assert layout.label(layout.to_axial(14, 21)) == "1522"
    assert layout.label(layout.to_axial(2, 0)) == "0301"


def test_labels_widen_for_maps_past_99():
    layout = Layout("flat", "odd-q", 200, 150)
    assert layout.label(layout.to_axial(0, 0)) == "001001"
    assert layout.label(layout.to_axial(199, 149)) == "200150"


@pytest.mark.parametrize("offset,col,expected_rows", [("odd-q", 1, {0, 1}), ("even-q", 1, {-1, 0})])
def test_offset_columns_shift_the_way_their_name_says(offset, col, expected_rows):
    # In odd-q the odd columns are shoved down: hex (1, row 0) neighbours rows 0 and 1 of column 0.
    layout = Layout("flat", offset, 5, 5)
    h = layout.to_axial(col, 0)
    rows_of_col0 = {layout.to_offset(n)[1] for n in neighbors(h) if layout.to_offset(n)[0] == 0}
    assert rows_of_col0 == expected_rows


coords = st.tuples(st.integers(-50, 50), st.integers(-50, 50))


@given(coords, st.integers(0, 5))
def test_each_hexside_has_exactly_one_key(h, d):
    key = canonical_hexside(h, d)
    assert key[2] in (0, 1, 2)
    other = neighbor(h, d)
    assert canonical_hexside(other, (d + 3) % 6) == key
    assert set(hexside_hexes(key)) == {h, other}
    assert hexside_between(h, other) == key == hexside_between(other, h)


@given(coords, coords)
def test_distance_is_a_metric_and_neighbours_are_at_one(a, b):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert all(distance(a, n) == 1 for n in neighbors(a))
    assert len(DIRECTIONS) == 6


def test_edge_hexes():
    layout = Layout("flat", "odd-q", 5, 5)
    assert layout.is_edge(layout.to_axial(0, 2))
    assert not layout.is_edge(layout.to_axial(2, 2))
