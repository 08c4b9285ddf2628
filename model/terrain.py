"""Per-hex terrain, stored as one byte per hex (1,000,000 hexes take 1 MB).

In the file, terrain is a list of strings, one per offset row, one letter per hex (see TERRAIN_CODES).
"""

from __future__ import annotations

from .hexgrid import Hex, Layout

#: Terrain kind -> the single letter that stands for it in the file.
TERRAIN_CODES: dict[str, str] = {
    "clear": "c",
    "forest": "f",
    "swamp": "s",
    "water": "w",
    "town": "t",
    "rubble": "r",
    "crater": "x",
    "building": "b",
    "flooded-town": "F",
    "debris": "d",
}
TERRAIN_BY_CODE: dict[str, str] = {v: k for k, v in TERRAIN_CODES.items()}
TERRAIN_KINDS: tuple[str, ...] = tuple(TERRAIN_CODES)
_BYTE_OF_KIND = {k: i for i, k in enumerate(TERRAIN_KINDS)}
_TO_BYTES = bytes.maketrans("".join(TERRAIN_CODES.values()).encode(), bytes(range(len(TERRAIN_KINDS))))
_FROM_BYTES = bytes.maketrans(bytes(range(len(TERRAIN_KINDS))), "".join(TERRAIN_CODES.values()).encode())


def kind_index(kind: str) -> int:
    return _BYTE_OF_KIND[kind]


class Terrain:
    """A rectangle of terrain in offset order (row-major), one byte per hex."""

    __slots__ = ("cells", "layout")

    def __init__(self, layout: Layout, cells: bytearray | None = None, fill: str = "clear"):
        self.layout = layout
        n = layout.columns * layout.rows
        if cells is None:
            cells = bytearray([_BYTE_OF_KIND[fill]]) * n
        if len(cells) != n:
            raise ValueError(f"terrain has {len(cells)} cells, the map {n}")
        self.cells = cells

    def __getitem__(self, h: Hex) -> str:
        return TERRAIN_KINDS[self.cells[self.layout.index(h)]]

    def __setitem__(self, h: Hex, kind: str) -> None:
        self.cells[self.layout.index(h)] = _BYTE_OF_KIND[kind]

    def get(self, h: Hex, default: str | None = None) -> str | None:
        return self[h] if self.layout.contains(h) else default

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Terrain) and self.layout == other.layout and self.cells == other.cells

    def __repr__(self) -> str:
        return f"Terrain({self.layout.columns}x{self.layout.rows})"

    def copy(self) -> Terrain:
        return Terrain(self.layout, bytearray(self.cells))

    def counts(self) -> dict[str, int]:
        return {k: self.cells.count(i) for i, k in enumerate(TERRAIN_KINDS) if self.cells.count(i)}

    # -- file encoding -------------------------------------------------------------------------
    def to_rows(self) -> list[str]:
        text = bytes(self.cells).translate(_FROM_BYTES).decode("ascii")
        w = self.layout.columns
        return [text[i : i + w] for i in range(0, len(text), w)]

    @classmethod
    def from_rows(cls, layout: Layout, rows: list[str]) -> Terrain:
        """Rows must already have been checked (count, lengths, letters) by the loader."""
        data = "".join(rows).encode("ascii").translate(_TO_BYTES)
        return cls(layout, bytearray(data))
