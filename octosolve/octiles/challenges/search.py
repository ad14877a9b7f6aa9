"""Local search over full placements (simulated annealing), the fast scores it uses (compiled
tracer), and the local-search answer of a challenge variant (best found; a bound when one is known).
"""

from __future__ import annotations

import time
from typing import Callable

from .. import rules as R
from .geometry import SP
from .model import Result, SearchVariant

__all__ = ["anneal", "budget", "DEFAULT_RATE", "traced", "fast_count", "fast_max_self_crossings", "fast_repeats", "stored_start",
           "search_solve"]


# how many placements a second the annealing scores, unless the variant declares its own
# ``search_rate`` (measured 2026-11-27: 3 s runs, seed 1, CPU time, 2 cores shared; between 90 and
# 300 for the variants that declare none)
DEFAULT_RATE = 150.0


def budget(var, seconds: float) -> int:
    """The annealing's budget for ``seconds`` of search: the variant's declared ``search_rate``
    (else ``DEFAULT_RATE`` placements a second) times ``seconds``. A run is a fixed number of steps, so
    the same seed gives the same placement on any machine and under any load; only its duration
    varies."""
    rate = var.search_rate or DEFAULT_RATE
    return max(1, int(round(float(seconds) * rate)))


def anneal(score: Callable[[dict], float], *, steps: int, seed: int = 0,
           start: dict | None = None, target: float | None = None, t0: float = 1.0,
           t1: float = 0.05) -> tuple[dict, float, int]:
    """Simulated annealing over full placements: moves turn one tile, swap two spaces' tiles, or
    swap a placed tile with the spare. ``steps`` placements are scored (fewer when ``target`` is
    reached), the temperature falling geometrically from ``t0`` to ``t1`` over them: the run depends
    on ``seed`` (and ``start``) only, never on the clock. Returns (best placement, best score,
    evaluations).

    >>> p1, s1, n1 = anneal(lambda pl: -pl["a3"].rotation, steps=200, seed=4)
    >>> (p1, s1, n1) == anneal(lambda pl: -pl["a3"].rotation, steps=200, seed=4)
    True
    >>> s1, n1
    (0, 200)
    """
    import math
    import random

    if int(steps) < 1:
        raise ValueError(f"the annealing needs at least 1 step, got {steps}")
    steps = int(steps)
    rng = random.Random(seed)
    if start is None:
        tiles = rng.sample(range(R.NUM_TILES), R.NUM_TILES)
        cur = {s: R.Placed(tiles[i], rng.randrange(8)) for i, s in enumerate(SP)}
    else:
        cur = dict(R.validate_placement(start, full=True))
    spare = (set(range(R.NUM_TILES)) - {v.tile for v in cur.values()}).pop()
    cur_s = score(cur)
    best, best_s = dict(cur), cur_s
    n = 0
    while n < steps and not (target is not None and best_s >= target):
        temp = t0 * (t1 / t0) ** (n / steps)
        new = dict(cur)
        new_spare = spare
        mv = rng.random()
        if mv < 0.5:
            s = rng.choice(SP)
            new[s] = R.Placed(new[s].tile, rng.randrange(8))
        elif mv < 0.85:
            a, b = rng.sample(SP, 2)
            new[a], new[b] = R.Placed(new[b].tile, rng.randrange(8)), R.Placed(new[a].tile, rng.randrange(8))
        else:
            s = rng.choice(SP)
            new_spare = new[s].tile
            new[s] = R.Placed(spare, rng.randrange(8))
        s_new = score(new)
        n += 1
        if s_new >= cur_s or rng.random() < math.exp((s_new - cur_s) / max(temp, 1e-9)):
            cur, cur_s, spare = new, s_new, new_spare
            if cur_s > best_s:
                best, best_s = dict(cur), cur_s
    return best, best_s, n


def traced(fn):
    return lambda pl: fn(R.trace(pl))


def fast_count(pred):
    """(The kernels are imported on the first call: declaring a variant loads no compiled code.)"""
    def f(pl):
        from .. import kernels as K
        ft = K.fast_trace(pl)
        return sum(1 for d in ft.components() if pred(d))
    return f


def fast_max_self_crossings(pl):
    from .. import kernels as K
    ft = K.fast_trace(pl)
    return int(ft.stats[:ft.ncomp, K.SELFX].max()) if ft.ncomp else 0


def fast_repeats(times):
    def f(pl):
        from .. import kernels as K
        ft = K.fast_trace(pl)
        best = 0
        own = ft.owner.reshape(-1, 8)
        for c in range(ft.ncomp):
            if ft.ends[c, 1] < -1:  # open (cannot happen on a full board)
                continue
            per_space = (own == c).sum(axis=1) // 2
            best = max(best, int((per_space >= times).sum()))
        return best
    return f


def stored_start(number: int, variant: str) -> dict | None:
    """A starting placement kept in data/octiles/starts/ (found by a longer local-search run; see
    data/octiles/SOURCES.md). The answer is re-checked by the tracer like any other."""
    from octosolve.core.paths import DATA_DIR
    import json

    p = DATA_DIR / "octiles" / "starts" / f"challenge{number:02d}-{variant}.json"
    if not p.exists():
        return None
    d = json.loads(p.read_text(encoding="utf-8"))
    d["placement"] = R.placement_from_json(d["placement"])
    d.setdefault("note", f"score {d.get('score')}, seed {d.get('seed')}, {d.get('seconds')} s")
    return d


def search_solve(number: int, var: SearchVariant, *, seconds: float = 15.0, seed: int = 0) -> Result:
    """Answer one local-search variant: anneal (from a stored start when there is one), then
    re-score the best placement with the tracer. The bound is the variant's declared bound argument
    (:attr:`~.model.Proof.bound_argument`; 13's is a small CP-SAT packing, about a second)."""
    t0 = time.perf_counter()
    fn = var.search or traced(var.score)
    start = stored_start(number, var.name)
    info = var.static_bound()
    bound = info["bound"] if info else None
    best, best_s, n = anneal(fn, steps=budget(var, seconds), seed=seed,
                             target=var.target if var.target is not None else bound,
                             start=start["placement"] if start else None)
    tr = R.trace(best)
    val = var.score(tr)
    res = Result(number, var.name, "FEASIBLE", val, None, time.perf_counter() - t0, best,
                 verified=(val == best_s) if var.search is None else True, verified_value=val)
    res.extra = {"method": f"simulated annealing, {n} placements evaluated"
                 + ("" if bound is not None else ", no bound")
                 + (f"; started from the stored placement of a longer run ({start['note']})"
                    if start else "")}
    if var.target is not None:
        res.bound = var.target
        if val >= var.target:
            res.extra["proven"] = "certificate found"
    if bound is not None:
        res.bound = bound
        res.extra["bound_by"] = info["method"]
        res.extra["argument"] = info["argument"]
        if val >= bound:
            res.status = "OPTIMAL"
    return res
