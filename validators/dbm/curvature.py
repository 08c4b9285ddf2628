"""Exact maximum detour of a polyline: the DBM river curvature test (dbm-terrain.txt, Water features).

For two points p, q on a polyline, the *detour* is (distance from p to q along the line) / |p - q|.
DBM forbids a river whose mid-stream line has any pair with detour above 4/3 (straight distance less
than 3/4 of the distance along the line).

Exactness. The largest detour over all point pairs is reached with at least one point at a vertex
(at an interior critical point of the ratio, it is constant along one direction in the two segments'
parameter square, so it can slide to the square's border). For a fixed vertex P and a segment
reparametrised to start at the end nearer to P along the line, q(t) = A + t u with arc distance
s0 + t, t in [0, L]:

    f(t) = (s0 + t) / |P - A - t u|,   w = P - A, a = w . u, h^2 = |w|^2 - a^2
    f'(t) = 0  <=>  t* = a + h^2 / (s0 + a)   (a maximum when s0 + a > 0)

so the maximum over the segment is max(f(0), f(L), f(clip(t*))). Checking that for every vertex
against every segment is exact (``max_detour_quadratic``, O(n^2)). ``max_detour`` gives the same
answer with pruning over a hierarchy of blocks of consecutive segments (1, 4, 16, 64, ...
segments), comparing blocks with blocks (a dual-tree search): for two blocks, (largest arc distance
between a point of one and a point of the other) / (distance between their bounding boxes) bounds
every detour between them, so a pair of blocks whose bound cannot beat the current best (or the
caller's ``floor``) is dropped, and only surviving pairs are split into their 16 pairs of children,
down to pairs of single segments, where each segment's first vertex (and the line's last) gets the
closed form against the other segment. The pairs go depth first in batches of at most ``_CHUNK``,
so memory stays bounded; the best is seeded with vertex pairs a few steps apart and raised, at every
level, by the true ratios between the surviving blocks' end vertices. A vertex block against every
segment block would cost n times the blocks near it at each level; pairs of blocks cost the number
of nearby pairs, about n/size of them at a level of blocks of that size, so a river that bends
gently costs about O(n log n) and even a 100-turn spiral of 10,000 vertices takes a fraction of a
second. A self-crossing or self-touching line has an infinite detour; the crossing point is the
witness.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry import LineString

from dambuster.validators.common import XY

Pt = tuple[float, float]

_FANOUT = 4  # children per block in the bounding hierarchy
_TOP = 64  # blocks per side at the top of the hierarchy: every pair of them is looked at
_SEED = 16  # vertex pairs up to this many steps apart seed the best ratio
_CHUNK = 1 << 16  # block pairs handled at once (bounds memory)


def _clean(points: Sequence[Sequence[float]]) -> np.ndarray:
    """Float array of vertices with consecutive duplicates removed."""
    v = np.asarray(points, dtype=float).reshape(-1, 2)
    if len(v) < 2:
        return v
    keep = np.ones(len(v), dtype=bool)
    keep[1:] = np.any(v[1:] != v[:-1], axis=1)
    return v[keep]


def self_crossing(points: Sequence[Sequence[float]]) -> Pt | None:
    """A point where the line meets itself other than at consecutive segments' shared vertex, or None.

    A closed line (last point = first point) counts as meeting itself there.
    """
    v = _clean(points)
    if len(v) < 2:
        return None
    if len(v) > 2 and np.all(v[0] == v[-1]):
        return (float(v[0, 0]), float(v[0, 1]))
    line = LineString(v)
    if line.is_simple:
        return None
    # an array of segments given an array of point pairs (shapely's stubs also allow one LineString)
    segs = cast(npt.NDArray[np.object_], shapely.linestrings(np.stack([v[:-1], v[1:]], axis=1)))
    tree = shapely.STRtree(segs)
    left, right = tree.query(segs, predicate="intersects")
    best: tuple[int, int] | None = None
    for i, j in zip(map(int, left), map(int, right)):
        if j <= i:
            continue
        if j == i + 1:  # consecutive: only a fold back (overlap beyond the shared vertex) counts
            inter = segs[i].intersection(segs[j])
            if inter.geom_type == "Point":
                continue
        if best is None or (i, j) < best:
            best = (i, j)
    if best is None:  # pragma: no cover - shapely said not simple, we found nothing: be conservative
        c = shapely.get_coordinates(shapely.unary_union(line))[0]
        return (float(c[0]), float(c[1]))
    i, j = best
    if j == i + 1:  # a fold back at vertex j: the shorter leg's far end lies on the other leg too
        shorter = v[i] if np.linalg.norm(v[i] - v[j]) <= np.linalg.norm(v[j + 1] - v[j]) else v[j + 1]
        return (float(shorter[0]), float(shorter[1]))
    c = shapely.get_coordinates(segs[i].intersection(segs[j]))[0]
    return (float(c[0]), float(c[1]))


def _segment_max(P: np.ndarray, A: np.ndarray, U: np.ndarray, L: np.ndarray, s0: np.ndarray):
    """Vectorised: max over t in [0, L] of (s0 + t) / |P - A - t U|; returns (ratio, t)."""
    w = P - A
    a = np.einsum("ij,ij->i", w, U)
    ww = np.einsum("ij,ij->i", w, w)
    h2 = np.maximum(ww - a * a, 0.0)
    c = s0 + a
    with np.errstate(divide="ignore", invalid="ignore"):
        tc = np.where(c > 0, a + h2 / np.where(c > 0, c, 1.0), 0.0)
    tc = np.clip(tc, 0.0, L)
    best_r = np.full(len(P), -1.0)
    best_t = np.zeros(len(P))
    for t in (np.zeros(len(P)), L, tc):
        d = np.hypot(w[:, 0] - t * U[:, 0], w[:, 1] - t * U[:, 1])
        along = s0 + t
        with np.errstate(divide="ignore", invalid="ignore"):
            r = np.where(d > 0, along / np.where(d > 0, d, 1.0), np.where(along > 0, np.inf, 1.0))
        better = r > best_r
        best_r = np.where(better, r, best_r)
        best_t = np.where(better, t, best_t)
    return best_r, best_t


class _Chain:
    """Vertices, segments and arc lengths of a cleaned polyline."""

    def __init__(self, v: np.ndarray):
        self.v = v
        d = np.diff(v, axis=0)
        self.len = np.hypot(d[:, 0], d[:, 1])
        self.u = d / self.len[:, None]
        self.s = np.concatenate([[0.0], np.cumsum(self.len)])

    def pairs(self, vi: np.ndarray, sj: np.ndarray):
        """Max detour between vertices vi and segments sj (arrays of equal length).

        Returns (ratio, p, q) arrays: ratio per pair and the two points.
        """
        v, s, ln, u = self.v, self.s, self.len, self.u
        after = sj >= vi  # segment lies after the vertex along the line
        A = np.where(after[:, None], v[sj], v[sj + 1])
        U = np.where(after[:, None], u[sj], -u[sj])
        s0 = np.where(after, s[sj] - s[vi], s[vi] - s[sj + 1])
        r, t = _segment_max(v[vi], A, U, ln[sj], s0)
        q = A + t[:, None] * U
        return r, v[vi], q


def _result(r: float, p: XY, q: XY) -> tuple[float, Pt, Pt]:
    return float(r), (float(p[0]), float(p[1])), (float(q[0]), float(q[1]))


def max_detour_quadratic(points: Sequence[Sequence[float]], *, rows: int = 256) -> tuple[float, Pt, Pt]:
    """Reference: every vertex against every segment, by broadcasting (numpy, O(n^2) time).

    Ignores self-crossings (see ``self_crossing``). Used by the tests and the benchmark.
    """
    v = _clean(points)
    if len(v) < 2:
        p = tuple(v[0]) if len(v) else (0.0, 0.0)
        return _result(1.0, p, p)
    ch = _Chain(v)
    A0, A1, U, L = v[:-1], v[1:], ch.u, ch.len
    s = ch.s
    best = (-1.0, v[0], v[0])
    for start in range(0, len(v), rows):
        idx = np.arange(start, min(len(v), start + rows))
        P = v[idx][:, None, :]
        after = np.arange(len(L))[None, :] >= idx[:, None]
        A = np.where(after[..., None], A0[None], A1[None])
        Ud = np.where(after[..., None], U[None], -U[None])
        s0 = np.where(after, s[None, :-1] - s[idx][:, None], s[idx][:, None] - s[None, 1:])
        w = P - A
        a = (w * Ud).sum(-1)
        h2 = np.maximum((w * w).sum(-1) - a * a, 0.0)
        c = s0 + a
        with np.errstate(divide="ignore", invalid="ignore"):
            tc = np.clip(np.where(c > 0, a + h2 / np.where(c > 0, c, 1.0), 0.0), 0.0, L[None])
            for t in (np.zeros_like(a), np.broadcast_to(L[None], a.shape), tc):
                d = np.hypot(w[..., 0] - t * Ud[..., 0], w[..., 1] - t * Ud[..., 1])
                along = s0 + t
                r = np.where(d > 0, along / np.where(d > 0, d, 1.0), np.where(along > 0, np.inf, 1.0))
                k = np.unravel_index(int(np.argmax(r)), r.shape)
                if r[k] > best[0]:
                    best = (r[k], v[idx[k[0]]], A[k] + t[k] * Ud[k])
    return _result(*best)


class _Blocks:
    """Runs of ``size`` consecutive segments (the last may be shorter) with the bounding box of their
    vertices and the arc-length range they span."""

    def __init__(self, ch: _Chain, size: int):
        v, s = ch.v, ch.s
        m = len(v) - 1
        self.first = np.arange(0, m, size)  # segments first .. last - 1, vertices first .. last
        self.last = np.minimum(self.first + size, m)
        lo = np.minimum(np.minimum.reduceat(v[:m], self.first, axis=0), v[self.last])
        hi = np.maximum(np.maximum.reduceat(v[:m], self.first, axis=0), v[self.last])
        (self.x0, self.y0), (self.x1, self.y1) = lo.T.copy(), hi.T.copy()
        self.s0, self.s1 = s[self.first], s[self.last]

    def bound_beats(self, a: np.ndarray, b: np.ndarray, at_least: float) -> np.ndarray:
        """For blocks a[k] and b[k]: can a vertex of one and a point of the other have a detour
        above ``at_least``? (The largest arc distance between them over the distance between their
        boxes.)"""
        gx = np.maximum(np.maximum(self.x0[b] - self.x1[a], self.x0[a] - self.x1[b]), 0.0)
        gy = np.maximum(np.maximum(self.y0[b] - self.y1[a], self.y0[a] - self.y1[b]), 0.0)
        along = np.maximum(self.s1[b] - self.s0[a], self.s1[a] - self.s0[b])
        return along > at_least * np.hypot(gx, gy)


def _vertex_beats(ch: _Chain, vi: np.ndarray, sj: np.ndarray, at_least: float) -> np.ndarray:
    """The same bound for vertex vi[k] and segment sj[k] alone (a point and the segment's box)."""
    v, s = ch.v, ch.s
    P, A, B = v[vi], v[sj], v[sj + 1]
    dx = np.maximum(
        np.maximum(np.minimum(A[:, 0], B[:, 0]) - P[:, 0], P[:, 0] - np.maximum(A[:, 0], B[:, 0])), 0.0
    )
    dy = np.maximum(
        np.maximum(np.minimum(A[:, 1], B[:, 1]) - P[:, 1], P[:, 1] - np.maximum(A[:, 1], B[:, 1])), 0.0
    )
    along = np.maximum(np.abs(s[sj + 1] - s[vi]), np.abs(s[vi] - s[sj]))
    return along > at_least * np.hypot(dx, dy)


def _ratios(ch: _Chain, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """Detours between vertices i[k] and j[k]."""
    d = np.hypot(*(ch.v[j] - ch.v[i]).T)
    a = np.abs(ch.s[j] - ch.s[i])
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(d > 0, a / np.where(d > 0, d, 1.0), np.where(a > 0, np.inf, 1.0))


def max_detour(points: Sequence[Sequence[float]], *, floor: float = 1.0) -> tuple[float, Pt, Pt]:
    """The largest detour of the polyline and a pair of points reaching it: (ratio, p, q).

    Exact whenever the true maximum is at least ``floor``; below ``floor`` the result is a pair whose
    ratio is below ``floor`` too (enough to decide "is any ratio above floor?"). A self-crossing line
    returns (inf, x, x) with x the crossing point.
    """
    x = self_crossing(points)
    if x is not None:
        return math.inf, x, x
    v = _clean(points)
    if len(v) < 3:
        p = tuple(v[0]) if len(v) else (0.0, 0.0)
        q = tuple(v[-1]) if len(v) else (0.0, 0.0)
        return _result(1.0, p, q)
    ch = _Chain(v)
    n, m = len(v), len(v) - 1
    s = ch.s
    # seed the best with vertex pairs a few steps apart (real ratios, so safe to prune against)
    best: tuple[float, XY, XY] = (1.0, v[0], v[1])
    for k in range(2, min(_SEED, n)):
        d = np.hypot(*(v[k:] - v[:-k]).T)
        a = s[k:] - s[:-k]
        with np.errstate(divide="ignore"):
            r = np.where(d > 0, a / np.where(d > 0, d, 1.0), np.inf)
        j = int(np.argmax(r))
        if r[j] > best[0]:
            best = (float(r[j]), v[j], v[j + k])
    sizes = [1]
    while -(-m // sizes[-1]) > _TOP:
        sizes.append(sizes[-1] * _FANOUT)
    levels = [_Blocks(ch, size) for size in sizes]  # finest first
    top = np.arange(len(levels[-1].first))
    a0, b0 = np.triu_indices(len(top))
    todo = [(len(levels) - 1, a0, b0)]  # (level, blocks a <= b), depth first
    ka, kb = (k.ravel() for k in np.meshgrid(np.arange(_FANOUT), np.arange(_FANOUT), indexing="ij"))
    while todo:
        level, a, b = todo.pop()
        blocks = levels[level]
        ok = blocks.bound_beats(a, b, max(best[0], floor))
        a, b = a[ok], b[ok]
        if level == 0:  # two segments: each one's first vertex (and the line's last) against the other
            a, b = a[a < b], b[a < b]  # (a vertex of a segment against that segment is straight)
            end = b == m - 1
            vi = np.concatenate([a, b, np.full(int(end.sum()), m)])
            sj = np.concatenate([b, a, a[end]])
            near = _vertex_beats(ch, vi, sj, max(best[0], floor))
            vi, sj = vi[near], sj[near]
            if len(vi):
                r, p, q = ch.pairs(vi, sj)
                j = int(np.argmax(r))
                if r[j] > best[0]:
                    best = (float(r[j]), p[j], q[j])
            continue
        if len(a) == 0:
            continue
        # true ratios between the blocks' end vertices raise the best early, so the blocks below
        # prune harder
        for ends in (blocks.first[b], blocks.last[b]):
            r = _ratios(ch, blocks.first[a], ends)
            j = int(np.argmax(r))
            if r[j] > best[0]:
                best = (float(r[j]), v[blocks.first[a][j]], v[ends[j]])
        count = len(levels[level - 1].first)
        ca = (a[:, None] * _FANOUT + ka[None, :]).ravel()
        cb = (b[:, None] * _FANOUT + kb[None, :]).ravel()
        keep = (ca <= cb) & (cb < count)
        ca, cb = ca[keep], cb[keep]
        for start in range(len(ca) - (len(ca) - 1) % _CHUNK - 1 if len(ca) else 0, -1, -_CHUNK):
            todo.append((level - 1, ca[start : start + _CHUNK], cb[start : start + _CHUNK]))
    return _result(*best)


def exceeds(points: Sequence[Sequence[float]], limit: float) -> bool:
    """Decision form: is some pair's detour above ``limit``?"""
    return max_detour(points, floor=limit)[0] > limit
