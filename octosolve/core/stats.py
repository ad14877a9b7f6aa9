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


def median_ranks(n: int, level: float = 0.95) -> tuple[int, int, float] | None:
    """The order-statistic interval for the median of ``n`` values: (k, n - k + 1, confidence),
    1-based ranks with the largest ``k`` whose interval [X(k), X(n-k+1)] covers the true median
    with probability at least ``level`` (1 - 2 P(Binomial(n, 1/2) <= k - 1), distribution-free);
    None when even [X(1), X(n)] falls short (n <= 5 at 95%).

    >>> median_ranks(17)   # 1 - 2 * 3214 / 2**17
    (5, 13, 0.95096)
    >>> median_ranks(16)   # [X(5), X(12)] would cover only 92.3%
    (4, 13, 0.97873)
    >>> median_ranks(5) is None, median_ranks(6)
    (True, (1, 6, 0.96875))
    """
    best = None
    tail = 0
    for k in range(1, n // 2 + 1):
        tail += math.comb(n, k - 1)          # P(B <= k - 1) * 2**n
        conf = 1 - 2 * tail / 2 ** n
        if conf < level:
            break
        best = (k, n - k + 1, round(conf, 5))
    return best


def censored_median(values, level: float = 0.95) -> dict:
    """Median of ``values`` with its order-statistic interval (:func:`median_ranks`), where a value
    may be censored: ``(x, True)`` means "above x" (a search stopped by its budget after x), and
    every censored value ranks above every exact one. The median of an even count is the mean of the
    middle two. Returns ``median`` (None when a censored value enters it, ``median_above`` then
    holds its lower bound), ``ci`` [low, high] (None where unknown: ``ci_high_above`` is then the
    high end's lower bound; a low end of None with ``confidence`` None means too few values),
    ``confidence``, ``n`` and ``exact`` (how many are not censored).

    Hand-worked: five exact values 1..5 and two "above 10": sorted 1 2 3 4 5 >10 >10, the median
    is the 4th = 4; at n = 7 no interval reaches 95% (the widest, [X(1), X(7)], covers 98.4%:
    k = 1), so the interval is [1, above 10].

    >>> r = censored_median([(3, False), (1, False), (10, True), (5, False), (2, False), (4, False),
    ...                      (10, True)])
    >>> r["median"], r["ci"], r["ci_high_above"], r["confidence"]
    (4, [1, None], 10, 0.98438)
    >>> r = censored_median([(1, False), (2, False), (9, True), (9, True)])  # 2 of 4 exact
    >>> r["median"], r["median_above"], r["ci"], r["confidence"]
    (None, 5.5, [None, None], None)
    """
    vals = [(float(x), bool(c)) for x, c in values]
    exact = sorted(x for x, c in vals if not c)
    cens = sorted(x for x, c in vals if c)
    n = len(vals)
    bound = cens[0] if cens else None          # every censored value is above this
    ordered = [(x, False) for x in exact] + [(bound, True) for _ in cens]

    def num(x):
        return int(x) if float(x).is_integer() else x

    out = {"n": n, "exact": len(exact), "median": None, "median_above": None, "ci": [None, None],
           "ci_high_above": None, "confidence": None}
    if n == 0:
        return out
    mid = [ordered[(n - 1) // 2], ordered[n // 2]]
    if not any(c for _, c in mid):
        out["median"] = num((mid[0][0] + mid[1][0]) / 2)
    else:   # the mean of the middle two is above the mean of their known parts and bounds
        out["median_above"] = num((mid[0][0] + mid[1][0]) / 2)
    ranks = median_ranks(n, level)
    if ranks is not None:
        k, j, conf = ranks
        out["confidence"] = conf
        lo, hi = ordered[k - 1], ordered[j - 1]
        out["ci"][0] = None if lo[1] else num(lo[0])
        if hi[1]:
            out["ci_high_above"] = num(hi[0])
        else:
            out["ci"][1] = num(hi[0])
    return out
