"""The hexside network: hexsides are edges, hex corners are its nodes.

A corner is named by the three mutually adjacent hexes that meet there (a sorted triple); its three
hexsides are the three pairs. A hexside between hexes a and b has two corners: {a, b, c} for each
hex c adjacent to both. No orientation is involved, so flat- and pointy-top maps are alike.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence

from dambuster.model.hexgrid import Hex, Hexside, canonical_hexside, hexside_between, hexside_hexes, neighbor

Corner = tuple[Hex, Hex, Hex]


def as_hex(h: Sequence[int]) -> Hex:
    """A hex as a tuple (a list from an edit then hashes and compares as one)."""
    return (h[0], h[1])


def as_side(s: Sequence[int]) -> Hexside:
    """A hexside as a tuple, as :func:`as_hex`."""
    return (s[0], s[1], s[2])


def corner(h: Hex, k: int) -> Corner:
    """Corner k of hex h, where its sides k-1 and k meet."""
    return tuple(sorted((h, neighbor(h, k - 1), neighbor(h, k))))  # type: ignore[return-value]


def corners_of_hex(h: Hex) -> list[Corner]:
    return [corner(h, k) for k in range(6)]


def ends(side: Hexside) -> tuple[Corner, Corner]:
    """The two corners of a hexside: side d of h runs from corner d to corner d+1."""
    q, r, d = side
    return corner((q, r), d), corner((q, r), d + 1)


def sides_at(c: Corner) -> list[Hexside]:
    a, b, x = c
    out = [hexside_between(a, b), hexside_between(a, x), hexside_between(b, x)]
    return sorted(s for s in out if s is not None)


def other_end(side: Hexside, c: Corner) -> Corner:
    e1, e2 = ends(side)
    return e2 if e1 == c else e1


def sides_of_hex(h: Hex) -> list[Hexside]:
    return [canonical_hexside(h, d) for d in range(6)]


def corner_distances(
    sources: Iterable[Corner], limit: int, usable: Callable[[Hexside], bool] = lambda s: True
) -> dict[Corner, int]:
    """Breadth-first number of hexsides from the nearest source corner, up to ``limit``."""
    dist: dict[Corner, int] = {}
    queue: deque[Corner] = deque()
    for c in sources:
        if c not in dist:
            dist[c] = 0
            queue.append(c)
    while queue:
        c = queue.popleft()
        dc = dist[c]
        if dc >= limit:
            continue
        for s in sides_at(c):
            if not usable(s):
                continue
            n = other_end(s, c)
            if n not in dist:
                dist[n] = dc + 1
                queue.append(n)
    return dist


def side_distance(side: Hexside, dist: dict[Corner, int]) -> int | None:
    """Hexsides from a source corner up to and including ``side`` (1 for a side touching a source)."""
    ds = [dist[c] for c in ends(side) if c in dist]
    return None if not ds else min(ds) + 1


def hexes_of(side: Hexside) -> tuple[Hex, Hex]:
    return hexside_hexes(side)
