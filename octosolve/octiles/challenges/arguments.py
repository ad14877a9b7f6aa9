"""Bounds with an argument of their own (not the assignment bound of :mod:`.bounds`): the loop
packing bound and the cycle model of challenge 3, the path counts of 20-23, the one-tile bound of 30;
:func:`static_bound` picks the one that applies to a variant.
"""

from __future__ import annotations

import time

from octosolve.core.errors import fail

from ...core.cpsat import solve as cpsat_solve
from .. import rules as R
from .bounds import counting_bound
from .geometry import B, SP, STUBS
from .symmetry import break_turn_symmetry

__all__ = ["loop_packing_bound", "cycles", "prove_loops_by_cycles", "static_bound", "one_tile_bound",
           "N_PATHS"]


def loop_packing_bound(workers: int = 1) -> dict:
    """Most loops (challenge 3) <= the most link-disjoint cycles of the space graph (spaces joined by
    board links, printed links included) when a space with 4 ports leading to tiles is passed at most
    twice and one with 3 at most once. A loop uses each link at most once; a loop that passes a space
    twice splits into cycles with the same passes, so the cycle packing is an upper bound. Exact by
    CP-SAT over all simple cycles (they are enumerated)."""
    import itertools

    import networkx as nx
    from ortools.sat.python import cp_model

    from .bounds import TILE_PORTS
    from .geometry import PORT_LINKS

    t0 = time.perf_counter()
    g = nx.MultiGraph()
    for k, (p, q) in enumerate(PORT_LINKS):
        g.add_edge(p[0], q[0], key=k)
    cycles = set()
    simple = nx.Graph(g)
    for cyc in nx.simple_cycles(simple):
        opts = [list(g[cyc[i]][cyc[(i + 1) % len(cyc)]].keys()) for i in range(len(cyc))]
        for combo in itertools.product(*opts):
            cycles.add((frozenset(cyc), frozenset(combo)))
    for u, v in simple.edges():
        for a, b in itertools.combinations(list(g[u][v].keys()), 2):
            cycles.add((frozenset((u, v)), frozenset((a, b))))
    cl = sorted(cycles, key=lambda c: (sorted(c[1]), sorted(c[0])))
    m = cp_model.CpModel()
    y = [m.NewBoolVar("") for _ in cl]
    for k in range(len(PORT_LINKS)):
        m.Add(sum(y[i] for i, (_, es) in enumerate(cl) if k in es) <= 1)
    for s in SP:
        m.Add(sum(y[i] for i, (ns, _) in enumerate(cl) if s in ns) <= len(TILE_PORTS[s]) // 2)
    m.Maximize(sum(y))
    sv = cp_model.CpSolver()
    sv.parameters.num_workers = int(workers)
    sv.parameters.random_seed = 0
    st = cpsat_solve(sv, m)
    if st != cp_model.OPTIMAL:
        fail("the loop packing bound did not solve")
    b = int(round(sv.ObjectiveValue()))
    return {"bound": b, "method": "cycle packing bound",
            "seconds": round(time.perf_counter() - t0, 1),
            "argument": (f"counting: a loop only uses ports that lead to another tile and each link "
                         f"once; a space with 4 such ports is passed at most twice, one with 3 at most "
                         f"once; the most link-disjoint cycles of the space graph under those "
                         f"capacities ({len(cl)} simple cycles, solved exactly by CP-SAT) is {b}")}


def cycles():
    """Every simple cycle of the space graph (spaces joined by board links, parallel links apart), as
    (spaces, link indices, the segment (space, a, b) it needs on each space it passes)."""
    import itertools

    import networkx as nx

    from .geometry import PORT_LINKS

    g = nx.MultiGraph()
    for k, (p, q) in enumerate(PORT_LINKS):
        g.add_edge(p[0], q[0], key=k)
    port_at = {}
    for k, (p, q) in enumerate(PORT_LINKS):
        port_at[k, p[0]] = p[1]
        port_at[k, q[0]] = q[1]
    out = set()
    simple = nx.Graph(g)
    seqs = [list(c) for c in nx.simple_cycles(simple)]
    seqs += [[u, v] for u, v in simple.edges() if len(g[u][v]) > 1]
    for cyc in seqs:
        n = len(cyc)
        opts = [list(g[cyc[i]][cyc[(i + 1) % n]].keys()) for i in range(n)]
        for combo in itertools.product(*opts):
            if n == 2 and combo[0] >= combo[1]:
                continue
            segs = []
            for i in range(n):
                s, k_in, k_out = cyc[i], combo[i - 1], combo[i]
                a, b = port_at[k_in, s], port_at[k_out, s]
                segs.append((s, min(a, b), max(a, b)))
            out.add((frozenset(cyc), frozenset(combo), frozenset(segs)))
    return sorted(out, key=lambda c: (sorted(c[1]), sorted(c[2])))


def prove_loops_by_cycles(at_least: int, *, time_limit: float, workers: int, seed: int) -> dict:
    """Challenge 3, a second formulation: a placement with ``at_least`` loops, where ``at_least``
    is the loop packing bound, has only simple loops (a loop passing a space twice would split into
    two cycles and the packing would exceed its maximum), so it is a packing of ``at_least`` simple
    cycles whose passes are segments of the placed tiles. CP-SAT over the skeleton and one boolean
    per simple cycle (needing its segments) with ``sum >= at_least``: INFEASIBLE proves fewer."""
    from ortools.sat.python import cp_model

    from .cpsat import Skeleton

    t0 = time.perf_counter()
    cl = cycles()
    sk = Skeleton()
    y = []
    for _, _, segs in cl:
        v = sk.m.NewBoolVar("")
        for seg in segs:
            sk.m.AddImplication(v, sk.c[seg])
        y.append(v)
    sk.m.Add(sum(y) >= at_least)
    break_turn_symmetry(sk)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = int(workers)
    solver.parameters.random_seed = int(seed) % 2**31  # (CP-SAT's seed is 32-bit)
    st = cpsat_solve(solver, sk.m)
    name = solver.StatusName(st)
    return {"case": f"{at_least} simple loops ({len(cl)} simple cycles, one boolean each)",
            "closed_by": "CP-SAT", "solver_status": name,
            "seconds": round(time.perf_counter() - t0, 1),
            "placement": sk.placement(solver) if st in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None}


N_PATHS = len(STUBS) // 2   # every full placement has exactly 36 paths (72 ports face a location)


def static_bound(number: int, variant: str, workers: int = 1) -> dict | None:
    """A proven bound for a variant without a model: the counting/assignment bound, or an argument
    particular to the variant. None when none is known."""
    cb = counting_bound(number, variant)
    if cb is not None:
        return cb
    from .scoring import BOUND_13, BOUND_13_NOTE, BOUND_15_NOTE, bound_15
    paths = (f"every full placement has exactly {N_PATHS} paths ({len(STUBS)} ports face a stop or "
             f"circle and each ends one path)")
    if number == 13:
        return {"bound": BOUND_13, "method": "counting", "argument": BOUND_13_NOTE}
    if number == 15:
        k = int(variant.split("-")[1])
        return {"bound": bound_15(k), "method": "counting", "argument": BOUND_15_NOTE}
    if (number, variant) in ((3, "count"), (22, "loops")):
        lp = loop_packing_bound(workers)
        return lp
    if (number, variant) in ((20, "count"), (22, "paths")):
        return {"bound": N_PATHS, "method": "counting", "argument": f"counting: {paths}"}
    if (number, variant) == (21, "count"):
        lp = loop_packing_bound(workers)
        return {"bound": N_PATHS + lp["bound"], "method": "counting",
                "argument": f"counting: distinct shapes <= components = {N_PATHS} paths + at most "
                            f"{lp['bound']} loops; {paths}; {lp['argument']}"}
    if (number, variant) == (22, "routes"):
        return {"bound": N_PATHS // 2, "method": "counting",
                "argument": f"counting: the routes share no path and each takes 2; {paths}"}
    if (number, variant) == (23, "segments"):
        n_seg = 4 * len(SP)
        return {"bound": n_seg // 2, "method": "counting",
                "argument": f"counting: the two identical components are disjoint and the board has "
                            f"{n_seg} tile segments, so each has at most {n_seg // 2}"}
    if (number, variant) == (30, "one-tile-paths"):
        return one_tile_bound()
    return None


def one_tile_bound() -> dict:
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    u = np.zeros((len(SP), R.NUM_TILES), dtype=np.int64)
    for i, s in enumerate(SP):
        loc = {e for e in range(8) if isinstance(B.port_link[(s, e)], str)}
        for t in range(R.NUM_TILES):
            u[i, t] = max(sum(1 for a, b in R.tile_segments(t, r) if a in loc and b in loc)
                          for r in R.distinct_rotations(t))
    r, c = linear_sum_assignment(u, maximize=True)
    b = int(u[r, c].sum())
    return {"bound": b, "method": "counting/assignment bound",
            "argument": f"counting: a one-tile path is a segment whose two ports face stops or "
                        f"circles; the most such segments of each tile on each space, maximised over "
                        f"assignments of distinct tiles to spaces, is {b}"}
