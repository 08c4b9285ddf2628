"""Shapely geometry from the model's point lists, built for large inputs.

``polygon`` and ``line`` go through one numpy array (shapely's constructors otherwise convert a list
point by point in Python: 25 ms for a 10,000-vertex outline). ``pieces`` cuts polylines into runs of
a few segments for a spatial index: the distance between two polylines is the least distance between
two of their pieces, so an STRtree of pieces finds the lines within a distance of each other without
comparing every pair of lines point by point, even when their bounding boxes all overlap.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import LineString, Polygon

#: Segments per piece: short enough that a piece's box says where it is, long enough that a line of
#: 100,000 points makes only a few thousand pieces.
PIECE = 16


def coords(points: Sequence[Sequence[float]]) -> npt.NDArray[np.float64]:
    """Points as a float array of shape (n, 2)."""
    return np.asarray(points, dtype=float).reshape(-1, 2)


def polygon(points: Sequence[Sequence[float]]) -> Polygon:
    """The outline as a valid polygon (an invalid one is repaired with buffer(0))."""
    xy = coords(points)
    p = Polygon(xy) if len(xy) else Polygon()
    return p if p.is_valid else p.buffer(0)


def line(points: Sequence[Sequence[float]]) -> LineString:
    return LineString(coords(points))


def pieces(
    lines: Sequence[npt.NDArray[np.float64]], size: int = PIECE
) -> tuple[npt.NDArray[np.object_], npt.NDArray[np.int_]]:
    """Each polyline (an (n, 2) array, n >= 2) cut into runs of at most ``size`` segments that share
    their end points: (the pieces as LineStrings, the index of the line each piece comes from)."""
    starts: list[npt.NDArray[np.int_]] = []
    owners: list[npt.NDArray[np.int_]] = []
    for i, xy in enumerate(lines):
        first = np.arange(0, len(xy) - 1, size)
        starts.append(first)
        owners.append(np.full(len(first), i))
    if not starts:
        return np.empty(0, dtype=object), np.empty(0, dtype=int)
    offsets = np.cumsum([0] + [len(xy) for xy in lines])
    flat = np.concatenate(lines)
    first = np.concatenate([s + o for s, o in zip(starts, offsets[:-1])])
    owner = np.concatenate(owners)
    last = np.minimum(first + size, offsets[owner + 1] - 1)
    counts = last - first + 1
    piece_of = np.repeat(np.arange(len(first)), counts)
    point: npt.NDArray[np.int_] = (
        np.arange(int(counts.sum()))
        - np.repeat(np.cumsum(counts) - counts, counts)
        + np.repeat(first, counts)
    )
    # with indices, shapely makes an array of LineStrings (its stubs also allow one LineString)
    return cast(npt.NDArray[np.object_], shapely.linestrings(flat[point], indices=piece_of)), owner
