"""Proof strategy of challenge 3 (most loops; declared as ``strategy`` in :mod:`.catalogue`, run by
:mod:`.prove`): the cycle model from the loop packing bound down.

A placement with as many loops as the loop packing bound (:func:`.arguments.loop_packing_bound`)
has only simple loops, so it is a packing of that many simple cycles on placed segments
(:func:`.arguments.prove_loops_by_cycles`): INFEASIBLE for k loops lowers the bound to k - 1; k
loops found settles the value at k.
"""

from __future__ import annotations

from .. import rules as R
from .arguments import prove_loops_by_cycles

__all__ = ["prove_3_by_cycles"]


def prove_3_by_cycles(ctx) -> dict | None:
    """The cycle model from the bound down (None without a bound: the default CP-SAT run then
    applies). Placements found are returned for the pipeline to re-score with the tracer."""
    if ctx.bound is None:
        return None
    cases, k, bound, best, placement = [], ctx.bound, ctx.bound, ctx.best, None
    while best is None or k > best:
        case = prove_loops_by_cycles(k, time_limit=ctx.time_limit, workers=ctx.workers, seed=ctx.seed)
        cases.append({kk: v for kk, v in case.items() if kk != "placement"})
        if case["solver_status"] == "INFEASIBLE":
            bound = k - 1
            k -= 1
            continue
        if case["placement"] is not None:
            val = ctx.var.score(R.trace(case["placement"]))
            if best is None or val > best:
                placement, best = case["placement"], val
        break
    return {"bound": bound, "placement": placement, "cases": cases,
            "proof_order": ("cases", "method"),
            "solver": {"time_limit_per_case": ctx.time_limit, "workers": ctx.workers,
                       "seed": ctx.seed, "turn_symmetry_broken": True},
            "method": (f"loop packing <= {cases[0]['case'].split()[0] if cases else bound}; cycle "
                       f"model (a placement with as many loops as the packing bound has only "
                       f"simple loops): INFEASIBLE for more than {bound}")}
