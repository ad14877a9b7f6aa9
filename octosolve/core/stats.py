"""Small statistics used by tournaments and balance reports."""

from __future__ import annotations

import math


def wilson_interval(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval (95% by default) for a proportion ``successes / n``.

    Draws counted as half a win are fine (``successes`` may be fractional).

    >>> lo, hi = wilson_interval(50, 100); round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson_interval(0, 24)[0], wilson_interval(24, 24)[1]  # exact ends, not 1e-17 off
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


def mean_ci(values, z: float = 1.959963984540054) -> tuple[float, float, float]:
    """(mean, low, high): normal-approximation 95% interval of the mean of ``values``."""
    vals = [float(v) for v in values]
    n = len(vals)
    if n == 0:
        return (float("nan"), float("nan"), float("nan"))
    m = sum(vals) / n
    if n == 1:
        return (m, m, m)
    var = sum((v - m) ** 2 for v in vals) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)
