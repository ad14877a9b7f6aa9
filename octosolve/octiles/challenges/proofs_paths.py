"""Proof strategies for the long-path and two-path variants (2 path-segments, 2 path-points,
6 points, 14 cross, 14 share: declared as ``strategy`` in :mod:`.catalogue`, run by :mod:`.prove`)
and 12's end split (:func:`prove_12_by_end_split`).

**The port-balance relaxation.** Forget that a path is connected and keep only what holds on every
port. A component K uses a set of segments (``w[s, a, b] <= c[s, a, b]``); every port of the board is
on at most one used segment (``act[p] = sum of w at p <= 1``); the two ports of a board link (printed
or not) are both used or both unused (K runs on through the link); a port that faces a stop or a
circle is used only where K ends, so a path uses at most 2 of them (2 per component; a circle-to-
circle path none that faces a stop). Every real path satisfies all of this with the same objective,
so the relaxation's maximum is an upper bound. On a fixed placement its feasible sets are exactly
the unions of whole components with at most one path (a used port forces its segment, the segment
its other port, the link the next port, ...), which the tests check against the tracer: the
relaxation's maximum on a placement equals the best path plus all loops (a brute force over the
tracer's components for 14). The model keeps the skeleton (17 distinct tiles, any rotations).

**Assignment cuts** (redundant, they make the linear relaxation as strong as the counting bound):
per space, the local objective is at most ``sum_t y[s, t] * u[s, t, e_s]`` with ``u`` the local
table of :mod:`.bounds` and ``e_s`` the number of stop/circle ports used on ``s``, linearised with
booleans ``g[s, k] = (e_s >= k)`` (``e_s = sum_k g[s, k]``, ``g[s, k+1] <= g[s, k]``) and ``z[s, t, k] <= y[s, t], sum_t z[s, t, k] = g[s, k]``.

The proof maximises the relaxation (CP-SAT, linearization level 2 so that the cuts are in its
linear relaxation; the board's quarter-turn symmetry broken, which is sound because the relaxation
is turn-invariant like the variant): its optimum, or CP-SAT's bound on it, is a proven bound.
"""

from __future__ import annotations


from .. import rules as R
from .cpsat_models import pair_crossings, self_crossings
from .geometry import B, CROSSING, N_PORTS, PAIRS, PORT_LINKS, SP, STUBS, pidx

__all__ = ["balance_component", "assignment_cuts", "Relaxation",
           "solve_relaxation", "prove_by_relaxation", "PairOfPaths", "pair_case_bounds",
           "prove_pair_by_cases", "case_12_build", "prove_12_cases", "prove_12_by_end_split"]


def balance_component(sk, end_ok=None, max_ends=2, name="K"):
    """One component's port-balance relaxation on a skeleton: returns (w, act, ends) with ``w`` the
    used-segment booleans, ``act[p]`` the linear expression "port p is used", ``ends[s]`` the list
    of the stub-port expressions of space ``s`` (its ends there)."""
    m = sk.m
    w, at = {}, {p: [] for p in range(N_PORTS)}
    for (s, a, b), c in sk.c.items():
        v = m.NewBoolVar(f"{name}w_{s}_{a}_{b}")
        m.AddImplication(v, c)
        w[s, a, b] = v
        at[pidx((s, a))].append(v)
        at[pidx((s, b))].append(v)
    act = {p: sum(at[p]) for p in range(N_PORTS)}
    for p in range(N_PORTS):
        m.Add(act[p] <= 1)
    for p, q in PORT_LINKS:
        m.Add(act[pidx(p)] == act[pidx(q)])
    ends: dict = {s: [] for s in SP}
    for loc, p in STUBS:
        if end_ok is not None and not end_ok(loc):
            m.Add(act[pidx(p)] == 0)
        else:
            ends[p[0]].append(act[pidx(p)])
    m.Add(sum(e for es in ends.values() for e in es) <= max_ends)
    return w, act, ends


def assignment_cuts(sk, key, local: dict, ends: dict, E: int) -> None:
    """local[s] <= sum_t y[s,t] u[s,t,e_s] (see the module docstring), ``ends[s]``: the stub-port
    expressions of the components counted by the bound ``key`` of :mod:`.bounds` (its name)."""
    from .bounds import local_table
    u = local_table(key)
    m = sk.m
    for i, s in enumerate(SP):
        y = {t: sum(v for (s2, t2, _), v in sk.x.items() if s2 == s and t2 == t)
             for t in range(R.NUM_TILES)}
        es = sum(ends[s])
        kmax = min(E, len(ends[s]))
        rhs = sum(int(u[i, t, 0]) * y[t] for t in range(R.NUM_TILES))
        gs = [m.NewBoolVar("") for _ in range(kmax)]
        for g1, g2 in zip(gs, gs[1:]):
            m.AddImplication(g2, g1)
        m.Add(es == sum(gs))           # g_k = (e_s >= k), linear: e_s = g_1 + ... + g_kmax
        for k, g in enumerate(gs, start=1):
            zs = []
            for t in range(R.NUM_TILES):
                d = int(u[i, t, k] - u[i, t, k - 1])
                if d == 0:
                    continue
                z = m.NewBoolVar("")
                m.Add(z <= y[t])
                m.AddImplication(z, g)
                zs.append(z)
                rhs = rhs + d * z
            # (a z may be 0 where g is 1 only if its tile is not on s; enforce the tie when every
            # tile has a z, else "<= g" is the sound direction)
            if zs:
                m.Add(sum(zs) <= g)
                if len(zs) == R.NUM_TILES:
                    m.Add(sum(zs) == g)
        m.Add(local[s] <= rhs)


def _points(w, s):
    return sum(R.KIND_POINTS[R.seg_distance(a, b)] * w[s, a, b] for a, b in PAIRS)


class Relaxation:
    """A port-balance relaxation as a model ``run_cpsat`` can solve (``build(sk)`` returns the
    objective), of what a question measures (as its strategy declares it): ``"segments"`` or
    ``"points"`` of one path (ending at circles only: ``circles``), or the ``"cross"`` or
    ``"share"`` of two components (14). ``cuts``: add the assignment cuts of the bound ``spec``
    (a :data:`.bounds.SPECS` name)."""

    def __init__(self, measure, *, spec=None, circles=False, cuts=True, name=None):
        self.measure, self.spec, self.circles, self.cuts = measure, spec, circles, cuts
        self.name = f"{name or measure} (port-balance relaxation)"
        self.parts: dict = {}

    def build(self, sk):
        m = sk.m
        v = self.measure
        if v in ("segments", "points"):
            w, act, ends = balance_component(sk, end_ok=B.is_circle if self.circles else None)
            self.parts = {"w": w, "act": act}
            if v == "segments":
                return sum(w.values()) + sum(act[pidx(p)] for p, q in PORT_LINKS if B.is_printed(p, q))
            if self.cuts:
                assignment_cuts(sk, self.spec, {s: _points(w, s) for s in SP}, ends, 2)
            return sum(_points(w, s) for s in SP)
        wa, _, ea = balance_component(sk, name="A")
        wb, _, eb = balance_component(sk, name="B")
        self.parts = {"wa": wa, "wb": wb}
        for k in wa:
            m.Add(wa[k] + wb[k] <= 1)
        ends = {s: ea[s] + eb[s] for s in SP}
        if v == "cross":
            local = {s: sum(pair_crossings(m, wa, wb, (s,))) for s in SP}
        else:
            for s in SP:
                for e, f in CROSSING:
                    for x, y in ((wa, wb), (wb, wa)):
                        m.AddBoolOr([x[(s,) + e].Not(), y[(s,) + f].Not()])
            local = {}
            for s in SP:
                sh = m.NewBoolVar("")
                m.Add(sum(wa[s, a, b] for a, b in PAIRS) >= 1).OnlyEnforceIf(sh)
                m.Add(sum(wb[s, a, b] for a, b in PAIRS) >= 1).OnlyEnforceIf(sh)
                local[s] = sh
        if self.cuts:
            assignment_cuts(sk, self.spec, local, ends, 4)
        return sum(local.values())


def solve_relaxation(rel, *, time_limit, workers, seed, lower=None, upper=None, symmetry=True,
                     linearization=2, desc="relaxation") -> dict:
    """Solve a :class:`Relaxation` with :func:`.runner.run_cpsat`, plus CP-SAT's linearization
    level (2 puts the assignment cuts into the linear relaxation). Ctrl-C raises KeyboardInterrupt."""
    from .runner import run_cpsat

    r = run_cpsat(0, rel, time_limit=time_limit,
                  workers=workers, seed=seed, lower=lower, upper=upper, desc=desc,
                  symmetry=symmetry, params={"linearization_level": int(linearization)})
    r["params"]["model"] = rel.name
    return r


def prove_by_relaxation(measure, ctx, *, spec=None, circles=False, cuts=True) -> dict:
    """Maximise the port-balance relaxation of ``measure`` (the question's strategy declares it and
    the :class:`Relaxation` parameters; no ``objective >= best + 1``: measured, the plain
    maximisation closes faster, 16 s against 250 s on 2 path-points); its optimum, or CP-SAT's bound
    on it at the time limit, is a proven bound."""
    rel = Relaxation(measure, spec=spec, circles=circles, cuts=cuts, name=ctx.var.name)
    r = solve_relaxation(rel, time_limit=ctx.time_limit, workers=ctx.workers, seed=ctx.seed,
                         upper=ctx.bound, desc=f"{ctx.number} {ctx.var.name} relaxation")
    cuts = " with the assignment cuts" if rel.cuts else ""
    what = (f"port-balance relaxation{cuts} (every port on at most one used segment, both ports of "
            f"a board link used or neither, at most 2 stop/circle ports per component; CP-SAT, "
            f"turn symmetry broken)")
    out = {"solver": r["params"], "bound_by": what, "placement": r["placement"],
           "cases": [{"case": "relaxation, maximised", "solver_status": r["status"],
                      "seconds": r["seconds"], "objective": r["objective"], "bound": r["bound"]}]}
    b = r["bound"]
    if r["status"] == "INFEASIBLE":      # (only with ``upper`` below every point: never expected)
        b = None
    elif b is not None and ctx.best is not None:
        b = max(b, ctx.best)
    out["bound"] = b
    if r["status"] == "OPTIMAL":
        out["method"] = f"the {what}, solved to optimality: its maximum is {r['objective']}"
    else:
        out["method"] = f"the {what} ({r['status']} at the time limit)"
    out["argument"] = (f"every path (pair of components) is a feasible point of the relaxation with "
                       f"the same objective; CP-SAT's bound on the relaxation is {b}")
    return out


class PairOfPaths:
    """Challenge 14 when both components are paths: two disjoint ``Chain`` paths (the exact model of
    :func:`.cpsat_models.pair_cross_build` / ``pair_share_build`` with both in path mode), the assignment
    cuts (4 ends), and the A/B swap broken (A holds the smallest end stub of the two: swapping the
    names keeps the objective, and it changes only the labels, so it combines with the turn
    symmetry, which changes only the placement)."""

    def __init__(self, variant, cuts=True):
        self.variant, self.cuts = variant, cuts
        self.name = f"14 {variant}, both paths (chain model)"

    def build(self, sk):
        from .cpsat import Chain
        m = sk.m
        a = Chain(sk, "path", name="A")
        b = Chain(sk, "path", name="B", disjoint_from=a)
        for i, lk in b.stub_end.items():
            m.AddBoolOr([lk.Not()] + [a.stub_end[j] for j in a.stub_end if j < i])
        ends: dict = {s: [] for s in SP}
        for ch in (a, b):
            for i, lk in ch.stub_end.items():
                ends[STUBS[i][1][0]].append(lk)
        if self.variant == "cross":
            local = {s: sum(pair_crossings(m, a.w, b.w, (s,))) for s in SP}
        else:
            for s in SP:
                for e, f in CROSSING:
                    for x, y in ((a, b), (b, a)):
                        m.AddBoolOr([x.w[(s,) + e].Not(), y.w[(s,) + f].Not()])
            local = {}
            for s in SP:
                sh = m.NewBoolVar("")
                m.AddImplication(sh, a.space_used[s])
                m.AddImplication(sh, b.space_used[s])
                local[s] = sh
        if self.cuts:
            assignment_cuts(sk, f"14 {self.variant}", local, ends, 4)
        return sum(local.values())


def pair_case_bounds(variant) -> dict:
    """The assignment bound of 14 with 0 ends (two loops) and 2 ends (a path and a loop)."""
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    from .bounds import end_distributions, local_table
    u = local_table(f"14 {variant}")
    out = {}
    for E in (0, 2):
        best = -1
        for d in ([{}] if E == 0 else end_distributions(len(SP), E)):
            w = u[:, :, 0].copy()
            for i, e in d.items():
                w[i] = u[i, :, e]
            r, c = linear_sum_assignment(w, maximize=True)
            best = max(best, int(np.asarray(w)[r, c].sum()))
        out[E] = best
    return out


def prove_pair_by_cases(ctx) -> dict:
    """14: split by the kinds of the two components. Two loops (no end) and a path with a loop (2
    ends) are closed by the assignment bound with 0 and 2 ends when it is at most the best value;
    two paths by the exact model (both in path mode, assignment cuts) with ``objective >= best + 1``:
    INFEASIBLE closes it."""
    v = ctx.var.name
    cb = pair_case_bounds(v)
    cases = [{"case": "two loops (no end)", "closed_by": f"assignment bound with 0 ends: {cb[0]}"},
             {"case": "a path and a loop (2 ends)", "closed_by": f"assignment bound with 2 ends: {cb[2]}"}]
    if ctx.best is None or max(cb.values()) > ctx.best:
        return {"bound": None, "method": "case split: a case without 4 ends is open", "cases": cases}
    r = solve_relaxation(PairOfPaths(v), time_limit=ctx.time_limit, workers=ctx.workers,
                         seed=ctx.seed, lower=ctx.best + 1, upper=ctx.bound,
                         desc=f"14 {v}: two paths")
    cases.append({"case": f"two paths (4 ends), objective >= {ctx.best + 1}",
                  "closed_by": "CP-SAT" if r["status"] == "INFEASIBLE" else None,
                  "solver_status": r["status"], "seconds": r["seconds"], "objective": r["objective"]})
    out = {"solver": r["params"], "cases": cases, "placement": r["placement"],
           "bound_by": "case split by the kinds of the two components"}
    if r["status"] == "INFEASIBLE":
        out["bound"] = ctx.best
        out["method"] = (f"case split: two loops <= {cb[0]} and a path with a loop <= {cb[2]} "
                         f"(assignment bound), two paths: the exact model with objective >= "
                         f"{ctx.best + 1} is INFEASIBLE")
        out["argument"] = ("two different components are two loops (no end), a path and a loop (2 "
                           "ends) or two paths (4 ends); the first two are bounded by the "
                           "assignment bound with that many ends, the third by CP-SAT")
    elif r["bound"] is not None:
        # OPTIMAL: the two-paths case's maximum is r["objective"]; otherwise CP-SAT's bound on it
        out["bound"] = max(r["bound"], cb[0], cb[2], ctx.best)
        out["method"] = (f"case split: two loops <= {cb[0]} and a path with a loop <= {cb[2]} "
                         f"(assignment bound), two paths: the exact model with objective >= "
                         f"{ctx.best + 1} is {r['status']} with bound {r['bound']}")
        out["argument"] = ("two different components are two loops (no end), a path and a loop (2 "
                           "ends) or two paths (4 ends); the first two are bounded by the "
                           "assignment bound with that many ends, the third by CP-SAT")
    else:
        out["bound"] = None
        out["method"] = f"case split: the two-paths case is open ({r['status']} at the time limit)"
    return out


# ---------------------------------------------------------------------------------------------
# challenge 12: split by where the path's two ends are


def case_12_build(space):
    """Challenge 12's objective (:func:`.cpsat_models.self_crossings`) on a path whose two ends are
    on ``space``."""
    def build(sk):
        from .cpsat import Chain
        ends = {i for i, (_, p) in enumerate(STUBS) if p[0] == space}
        return sum(self_crossings(sk.m, Chain(sk, "path", ends=ends).w))
    return build


def _case_12(args):
    space, best, time_limit, workers, seed, exact_time = args
    from ...core.cpsat import deterministic
    from .runner import run_cpsat

    class _V:   # challenge 12's model with the path's two ends on ``space``
        name = "count"
        build = staticmethod(case_12_build(space))

    with deterministic(exact_time):   # (a process of its own: --deterministic passed along)
        r = run_cpsat(12, _V, time_limit=time_limit, workers=workers, seed=seed, lower=best + 1,
                      desc=f"12: both ends on {space}")
    return {"case": f"both ends on {space}", "closed_by": "CP-SAT", "solver_status": r["status"],
            "seconds": r["seconds"], "objective": r["objective"],
            "placement": R.placement_to_json(r["placement"]) if r["placement"] else None}


def prove_12_cases(best: int, *, time_limit: float, workers: int, seed: int,
                   scheduler: str | None = None) -> tuple[list, int | None]:
    """Challenge 12 split by the end distribution of the path (a loop has none). Returns (cases,
    proven bound or None)."""
    from scipy.optimize import linear_sum_assignment

    from .bounds import end_distributions, local_table
    u = local_table("12")
    cases, open_spaces = [], []
    for E in (0, 2):
        for d in end_distributions(len(SP), E):
            w = u[:, :, 0].copy()
            for i, e in d.items():
                w[i] = u[i, :, e]
            r, c = linear_sum_assignment(w, maximize=True)
            b = int(w[r, c].sum())
            if b <= best:
                continue
            if len(d) == 1 and list(d.values())[0] == 2:
                open_spaces.append(SP[list(d)[0]])
            else:
                open_spaces = None
                break
        if open_spaces is None:
            break
    n_dist = 1 + sum(1 for _ in end_distributions(len(SP), 2))
    if open_spaces is None:
        return [{"case": "a split case other than both ends on one space is open"}], None
    cases.append({"case": f"{n_dist - len(open_spaces)} of {n_dist} end distributions (loop, or "
                          f"the two ends on given spaces)", "closed_by": f"assignment bound <= {best}"})
    per = max(1, workers // max(1, len(open_spaces))) if scheduler is None else 1
    from ...core.cpsat import is_deterministic
    tasks = [(s, best, time_limit, per, seed, is_deterministic()) for s in open_spaces]
    from octosolve.core.batch import run_batch
    # --scheduler local: a throw-away cluster of --workers processes (it had one per core whatever
    # --workers said); a running cluster at an address has the workers it has
    results = run_batch(_case_12, tasks,
                        workers=min(workers, len(tasks)) if scheduler in (None, "local") else None,
                        scheduler=scheduler, desc="12: cases")
    cases += results
    if all(r["solver_status"] == "INFEASIBLE" for r in results):
        return cases, best
    return cases, None


def prove_12_by_end_split(ctx) -> dict | None:
    """12 count: :func:`prove_12_cases` from the best value (None without one: the default CP-SAT
    run then applies). Cases run in parallel (``workers`` processes, or ``scheduler``)."""
    if ctx.best is None:
        return None
    cases, proven = prove_12_cases(ctx.best, time_limit=ctx.time_limit, workers=ctx.workers,
                                   seed=ctx.seed, scheduler=ctx.scheduler)
    out = {"cases": cases, "proof_order": ("cases", "method"),
           "solver": {"time_limit_per_case": ctx.time_limit, "workers": ctx.workers, "seed": ctx.seed}}
    if proven is not None:
        out["bound"] = proven
        out["method"] = ("end-split: every distribution of the path's ends closed by the "
                         "assignment bound or by CP-SAT (INFEASIBLE above the best value)")
        return out
    better = [c for c in cases if c.get("objective") and c["objective"] > ctx.best]
    if better:
        c = max(better, key=lambda c: c["objective"])
        out["placement"] = R.validate_placement(R.placement_from_json(c["placement"]), full=True)
    out["method"] = "end-split did not close every case"
    return out
