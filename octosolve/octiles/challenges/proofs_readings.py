"""Proof strategies of the issue 19 readings (declared in :mod:`.catalogue`, run by :mod:`.prove`):
challenge 15 with shared stops.

``shared-k``: the routes circle - k stops - circle sharing no path. When the best known count is
below the counting bound, CP-SAT looks for one more: ``n`` route chains (:class:`.cpsat.Chain` in
route mode, ends at circles, each location at most once, exactly k stops), pairwise sharing no
tile segment (so no path). A placement it finds is re-scored by the tracer; the bound stays the
counting bound (checked by ``octosolve octiles verify``): the model is only used to find answers,
never to lower a bound.
"""

from __future__ import annotations

from ...core.cpsat import clock
from .. import rules as R
from .geometry import B
from .runner import run_cpsat

__all__ = ["SharedRoutes", "prove_shared_routes"]


class SharedRoutes:
    """``n`` routes circle - ``k`` stops - circle, pairwise without a common tile segment."""

    def __init__(self, k: int, n: int):
        self.k, self.n, self.name = k, n, f"shared-{k} x{n}"

    def build(self, sk):
        from .cpsat import Chain
        chains = []
        for i in range(self.n):
            ch = Chain(sk, "route", ends=set(B.ring), name=f"r{i}")
            sk.m.Add(ch.measure("squares") == self.k)
            sk.m.Add(ch.is_path == 1)
            for prev in chains:
                for key, w in ch.w.items():
                    sk.m.AddBoolOr([w.Not(), prev.w[key].Not()])
            chains.append(ch)
        return None


def prove_shared_routes(ctx) -> dict:
    """From the best count up to the counting bound: ask the model for one more route each time."""
    k = int(ctx.var.name.split("-")[1])
    best, placement, cases = ctx.best or 0, None, []
    t0 = clock()
    while ctx.bound is None or best < ctx.bound:
        left = ctx.time_limit - (clock() - t0)
        if left <= 1:
            break
        r = run_cpsat(15, SharedRoutes(k, best + 1), time_limit=left, workers=ctx.workers,
                      seed=ctx.seed, desc=f"15 shared-{k}: {best + 1} routes")
        cases.append({"case": f"{best + 1} routes with {k} stops", "solver_status": r["status"],
                      "seconds": r["seconds"]})
        if r["placement"] is None:
            break
        val = ctx.var.score(R.trace(r["placement"]))       # the tracer's count, not the model's
        if val <= best:
            break
        best, placement = val, r["placement"]
    return {"bound": None, "placement": placement, "cases": cases,
            "solver": {"time_limit": ctx.time_limit, "workers": ctx.workers, "seed": ctx.seed},
            "method": (f"CP-SAT route chains (n routes with {k} stops, no common segment), from the "
                       f"best count up; bound: counting")}
