"""Hex-grid arithmetic: axial coordinates, offset layouts, labels and hexsides.

The file stores hexes in *axial* coordinates ``(q, r)``. Axial coordinates are the same for
flat-top and pointy-top maps; only the drawing and the offset layout differ.

* flat-top maps use column offsets: ``odd-q`` (odd columns shoved down) or ``even-q``;
* pointy-top maps use row offsets: ``odd-r`` (odd rows shoved right) or ``even-r``.

A hexside is stored as ``(q, r, d)`` with ``d`` in ``{0, 1, 2}``: the side of hex ``(q, r)`` that
faces its neighbour in direction ``d``. Directions 3, 4 and 5 are spelled from the neighbour, so
every hexside has exactly one canonical key.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

Hex = tuple[int, int]
Hexside = tuple[int, int, int]

#: Axial neighbour offsets; direction d and d+3 are opposite.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

OFFSETS_BY_ORIENTATION = {"flat": ("odd-q", "even-q"), "pointy": ("odd-r", "even-r")}


def neighbor(h: Hex, d: int) -> Hex:
    dq, dr = DIRECTIONS[d % 6]
    return (h[0] + dq, h[1] + dr)


def neighbors(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to an adjacent ``b``, or None when they are not adjacent."""
    delta = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRECTIONS.index(delta)
    except ValueError:
        return None


def canonical_hexside(h: Hex, d: int) -> Hexside:
    """The one key of the side of ``h`` facing direction ``d``."""
    d %= 6
    if d < 3:
        return (h[0], h[1], d)
    n = neighbor(h, d)
    return (n[0], n[1], d - 3)


def hexside_between(a: Hex, b: Hex) -> Hexside | None:
    d = direction_between(a, b)
    return None if d is None else canonical_hexside(a, d)


def hexside_hexes(side: Hexside) -> tuple[Hex, Hex]:
    """The two hexes a hexside separates."""
    q, r, d = side
    return (q, r), neighbor((q, r), d)


def hexsides_at_corner(h: Hex, k: int) -> list[Hexside]:
    """The three hexsides meeting at corner ``k`` of ``h`` (corner k joins sides k-1 and k)."""
    a = canonical_hexside(h, (k - 1) % 6)
    b = canonical_hexside(h, k)
    n = neighbor(h, (k - 1) % 6)
    # the third side is between the two neighbours that share this corner
    m = neighbor(h, k)
    c = hexside_between(n, m)
    assert c is not None
    return [a, b, c]


@dataclass(frozen=True, slots=True)
class Layout:
    """An offset layout of a rectangular hex map: converts between axial, offset and labels."""

    orientation: str  # "flat" | "pointy"
    offset: str  # "odd-q" | "even-q" | "odd-r" | "even-r"
    columns: int
    rows: int

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """Axial ``(q, r)`` to zero-based offset ``(col, row)``."""
        q, r = h
        if self.offset == "odd-q":
            return q, r + (q - (q & 1)) // 2
        if self.offset == "even-q":
            return q, r + (q + (q & 1)) // 2
        if self.offset == "odd-r":
            return q + (r - (r & 1)) // 2, r
        return q + (r + (r & 1)) // 2, r  # even-r

    def to_axial(self, col: int, row: int) -> Hex:
        if self.offset == "odd-q":
            return col, row - (col - (col & 1)) // 2
        if self.offset == "even-q":
            return col, row - (col + (col & 1)) // 2
        if self.offset == "odd-r":
            return col - (row - (row & 1)) // 2, row
        return col - (row + (row & 1)) // 2, row  # even-r

    def contains(self, h: Hex) -> bool:
        col, row = self.to_offset(h)
        return 0 <= col < self.columns and 0 <= row < self.rows

    def first_outside(self, hexes: Sequence[Hex]) -> int:
        """The position in ``hexes`` of the first hex off the map, or -1 when all are on it (the loop of
        :meth:`contains` without a call per hex: loading checks every hex a map lists this way)."""
        cols, rows = self.columns, self.rows
        odd = self.offset.startswith("odd")
        if self.offset.endswith("q"):
            for i, (q, r) in enumerate(hexes):
                row = r + ((q - (q & 1)) if odd else (q + (q & 1))) // 2
                if not (0 <= q < cols and 0 <= row < rows):
                    return i
        else:
            for i, (q, r) in enumerate(hexes):
                col = q + ((r - (r & 1)) if odd else (r + (r & 1))) // 2
                if not (0 <= col < cols and 0 <= r < rows):
                    return i
        return -1

    def index(self, h: Hex) -> int:
        """Row-major index of an on-map hex in the terrain array."""
        col, row = self.to_offset(h)
        return row * self.columns + col

    def hexes(self) -> Iterator[Hex]:
        for row in range(self.rows):
            for col in range(self.columns):
                yield self.to_axial(col, row)

    def is_edge(self, h: Hex) -> bool:
        """True for an on-map hex with at least one neighbour off the map."""
        return self.contains(h) and any(not self.contains(n) for n in neighbors(h))

    @property
    def label_width(self) -> int:
        return max(2, len(str(max(self.columns, self.rows))))

    def label(self, h: Hex) -> str:
        """Wargame label: one-based column then row, zero-padded ("0101" is the first hex)."""
        col, row = self.to_offset(h)
        w = self.label_width
        return f"{col + 1:0{w}d}{row + 1:0{w}d}"

    def from_label(self, label: str) -> Hex:
        w = self.label_width
        if len(label) != 2 * w or not label.isdigit():
            raise ValueError(f"hex label {label!r} is not {2 * w} digits")
        return self.to_axial(int(label[:w]) - 1, int(label[w:]) - 1)

    def hexside_on_map(self, side: Hexside) -> bool:
        a, b = hexside_hexes(side)
        return self.contains(a) or self.contains(b)
