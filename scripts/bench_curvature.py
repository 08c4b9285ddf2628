"""Benchmark: the DBM river curvature check on a 10,000-vertex river.

Prints median wall times of
  * ours, decision form (``max_detour(line, floor=4/3)``, what DBM-RIVER-CURVATURE runs),
  * ours, exact maximum (``floor=1``),
  * the plain numpy O(n^2) check of every vertex against every segment (``max_detour_quadratic``),
for a gentle meander that passes and a tight one that fails, and checks that all agree.

    .venv/bin/python scripts/bench_curvature.py [--vertices 10000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from dambuster.validators.dbm.curvature import max_detour, max_detour_quadratic


def meander(n: int, turn: float, max_angle: float, seed: int) -> np.ndarray:
    """A random-walk river: heading changes by normal steps, clipped to +-max_angle from east."""
    rng = np.random.default_rng(seed)
    ang = np.clip(np.cumsum(rng.normal(0, turn, n - 1)), -max_angle, max_angle)
    steps = np.stack([np.cos(ang), np.sin(ang)], 1) * rng.uniform(5, 15, (n - 1, 1))
    return np.vstack([[0, 0], np.cumsum(steps, 0)])


def median_time(fn, repeats: int):
    times, out = [], None
    for _ in range(repeats):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vertices", type=int, default=10_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument(
        "--quadratic-repeats", type=int, default=None, help="repeats of the O(n^2) check (default: --repeats)"
    )
    args = ap.parse_args()
    n = args.vertices
    qrep = args.quadratic_repeats or args.repeats
    cases = {"gentle (passes)": meander(n, 0.05, 0.6, 1), "tight (fails)": meander(n, 0.3, 1.0, 1)}
    print(f"{n} vertices, median of {args.repeats} runs (O(n^2): {qrep})")
    for name, pts in cases.items():
        t_dec, dec = median_time(lambda pts=pts: max_detour(pts, floor=4 / 3), args.repeats)
        t_ex, ex = median_time(lambda pts=pts: max_detour(pts), args.repeats)
        t_q, q = median_time(lambda pts=pts: max_detour_quadratic(pts), qrep)
        assert abs(ex[0] - q[0]) <= 1e-12 * q[0], (ex, q)
        assert (dec[0] > 4 / 3) == (q[0] > 4 / 3)
        print(f"  {name}: max ratio {q[0]:.6f}")
        print(f"    ours, decision (floor 4/3): {t_dec:8.3f} s   {t_q / t_dec:7.1f}x faster")
        print(f"    ours, exact maximum       : {t_ex:8.3f} s   {t_q / t_ex:7.1f}x faster")
        print(f"    numpy O(n^2) vertex x seg : {t_q:8.3f} s")


if __name__ == "__main__":
    main()
