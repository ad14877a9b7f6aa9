"""The CP-SAT skeleton shared by every model, its building blocks, and the solver run.

Skeleton (see docs/octiles-challenges.md):

* ``x[s, t, r]``: space ``s`` holds tile ``t`` at rotation ``r`` (only the rotations giving distinct
  placements of a symmetric tile); every space gets exactly one (tile, rotation), every tile at most
  one space, so exactly 17 of the 18 tiles are used.
* ``c[s, a, b]`` (a < b): board edges ``a`` and ``b`` of space ``s`` are joined by a segment
  (= sum of the ``x`` whose tile has that segment).
* Challenge parts added on top: a single traced path/loop/route as an ``AddCircuit`` over ports
  (``Chain``), port labels equal along every link and active segment (``Labels``) for questions
  about which ends are joined and for counting components, and a flow for whole-board connectivity.

Every answer is re-checked by :func:`octosolve.octiles.rules.trace` (networkx tracer) with the
challenge's own scorer, which never looks at the model. The per-challenge models are in
:mod:`.cpsat_models` and :mod:`.wholeboard`.
"""

from __future__ import annotations

import time

from ortools.sat.python import cp_model

from ...core.cpsat import clock
from ...core.cpsat import solve as cpsat_solve
from .. import rules as R
from .geometry import B, N_PORTS, PAIRS, PORT_LINKS, SP, STUBS, pidx
from .model import Result, Variant
from .search import anneal, budget, traced
from ...core.cpsat import new_solver as cpsat_solver

__all__ = ["Skeleton", "Chain", "Labels", "pairing", "stored_certificate", "solve_cpsat"]


class Skeleton:
    """17 of the 18 tiles on the 17 spaces, and the segment booleans ``c``."""

    def __init__(self):
        m = self.m = cp_model.CpModel()
        self.x: dict = {}
        for s in SP:
            for t in range(R.NUM_TILES):
                for r in R.distinct_rotations(t):
                    self.x[s, t, r] = m.NewBoolVar(f"x_{s}_{t}_{r}")
        for s in SP:
            m.AddExactlyOne(v for (s2, _, _), v in self.x.items() if s2 == s)
        for t in range(R.NUM_TILES):
            m.AddAtMostOne(v for (_, t2, _), v in self.x.items() if t2 == t)
        self.c: dict = {}
        terms: dict = {}
        for (s, t, r), v in self.x.items():
            for a, b in R.tile_segments(t, r):
                terms.setdefault((s, a, b), []).append(v)
        for s in SP:
            for a, b in PAIRS:
                cv = m.NewBoolVar(f"c_{s}_{a}_{b}")
                m.Add(cv == sum(terms.get((s, a, b), [])))
                self.c[s, a, b] = cv
        # each port is on exactly one segment (redundant, helps propagation)
        for s in SP:
            for e in range(8):
                m.AddExactlyOne(self.c[s, min(e, f), max(e, f)] for f in range(8) if f != e)

    def seg(self, s, a, b):
        return self.c[s, min(a, b), max(a, b)]

    def placement(self, solver: cp_model.CpSolver) -> dict:
        out = {}
        for (s, t, r), v in self.x.items():
            if solver.BooleanValue(v):
                out[s] = R.Placed(t, r)
        return {s: out[s] for s in SP}

    def _var_for(self, s, pl):
        t, r = pl
        segs = R.rotate_segments(R.TILES[t], r)
        for r2 in R.distinct_rotations(t):
            if R.rotate_segments(R.TILES[t], r2) == segs:
                return self.x[s, t, r2]
        raise AssertionError

    def fix(self, placement: dict) -> None:
        """Constrain the model to a given full placement (used to test the formulations)."""
        placement = R.validate_placement(placement, full=True)
        for s, pl in placement.items():
            self.m.Add(self._var_for(s, pl) == 1)

    def hint(self, placement: dict) -> None:
        for (s, t, r), v in self.x.items():
            pl = placement.get(s)
            self.m.AddHint(v, 1 if pl is not None and pl[0] == t and
                           R.rotate_segments(R.TILES[t], pl[1]) == R.rotate_segments(R.TILES[t], r)
                           else 0)


class Chain:
    """One traced component as an ``AddCircuit`` over ports.

    mode: "path" (stub to stub), "loop", "path_or_loop", "route" (paths joined at stops: a trail
    of location nodes, each location at most once; with ``closed_ok`` it may be a circuit).
    ``ends``: allowed end stubs (path) or end locations (route); None = any.
    """

    def __init__(self, sk: Skeleton, mode: str, ends=None, name="k", closed_ok=False,
                 disjoint_from: "Chain | None" = None):
        m = sk.m
        self.sk, self.mode = sk, mode
        arcs = []
        n = N_PORTS
        self.link_arcs = []          # (literal, printed)
        self.w = {}                  # (s, a, b) -> bool: segment on this chain
        self.port_active = {}

        def add_arc(u, v, lit):
            arcs.append((u, v, lit))

        # port nodes 0..n-1
        for s in SP:
            for a, b in PAIRS:
                f = m.NewBoolVar(f"{name}f_{s}_{a}_{b}")
                g = m.NewBoolVar(f"{name}g_{s}_{a}_{b}")
                pa, pb = pidx((s, a)), pidx((s, b))
                add_arc(pa, pb, f)
                add_arc(pb, pa, g)
                wv = m.NewBoolVar(f"{name}w_{s}_{a}_{b}")
                m.Add(wv == f + g)
                m.AddImplication(wv, sk.c[s, a, b])
                self.w[s, a, b] = wv
        seg_at = {p: [] for p in range(n)}
        link_at = {p: [] for p in range(n)}
        for (s, a, b), wv in self.w.items():
            seg_at[pidx((s, a))].append(wv)
            seg_at[pidx((s, b))].append(wv)
        for p, q in PORT_LINKS:
            f, g = m.NewBoolVar(""), m.NewBoolVar("")
            add_arc(pidx(p), pidx(q), f)
            add_arc(pidx(q), pidx(p), g)
            lk = m.NewBoolVar("")
            m.Add(lk == f + g)
            link_at[pidx(p)].append(lk)
            link_at[pidx(q)].append(lk)
            self.link_arcs.append((lk, B.is_printed(p, q)))
        nxt = n
        depot = None
        self.loc_active = {}
        self.stub_end = {}
        if mode in ("path", "loop", "path_or_loop"):
            stub_node = {}
            for i, (loc, p) in enumerate(STUBS):
                stub_node[i] = nxt
                nxt += 1
            depot = nxt
            nxt += 1
            for i, (loc, p) in enumerate(STUBS):
                u = stub_node[i]
                if mode == "loop" or (ends is not None and i not in ends):
                    lk = m.NewBoolVar("")
                    m.Add(lk == 0)
                    link_at[pidx(p)].append(lk)
                    add_arc(u, u, m.NewConstant(1))
                    continue
                f, g = m.NewBoolVar(""), m.NewBoolVar("")
                add_arc(pidx(p), u, f)
                add_arc(u, pidx(p), g)
                lk = m.NewBoolVar("")
                m.Add(lk == f + g)
                link_at[pidx(p)].append(lk)
                d1, d2 = m.NewBoolVar(""), m.NewBoolVar("")
                add_arc(depot, u, d1)
                add_arc(u, depot, d2)
                skip = m.NewBoolVar("")
                add_arc(u, u, skip)
                m.Add(f + g == d1 + d2)
                m.Add(f + g + skip == 1)
                self.stub_end[i] = lk
            dskip = m.NewBoolVar("depot_skip")
            add_arc(depot, depot, dskip)
            if mode == "path":
                m.Add(dskip == 0)
            elif mode == "loop":
                m.Add(dskip == 1)
            self.is_path = dskip.Not()
        else:  # route
            loc_node = {}
            for loc in list(B.stops) + list(B.ring):
                loc_node[loc] = nxt
                nxt += 1
            depot = nxt
            nxt += 1
            for loc, u in loc_node.items():
                ins, outs = [], []
                for p in B.location_ports.get(loc, []):
                    f, g = m.NewBoolVar(""), m.NewBoolVar("")
                    add_arc(pidx(p), u, f)
                    add_arc(u, pidx(p), g)
                    lk = m.NewBoolVar("")
                    m.Add(lk == f + g)
                    link_at[pidx(p)].append(lk)
                    ins.append(f)
                    outs.append(g)
                skip = m.NewBoolVar("")
                add_arc(u, u, skip)
                self.loc_active[loc] = skip.Not()
                if ends is None or loc in ends:
                    d1, d2 = m.NewBoolVar(""), m.NewBoolVar("")
                    add_arc(depot, u, d1)
                    add_arc(u, depot, d2)
            dskip = m.NewBoolVar("depot_skip")
            add_arc(depot, depot, dskip)
            if not closed_ok:
                m.Add(dskip == 0)
            self.is_path = dskip.Not()
        # port skip and local consistency: an active port uses one segment arc and one link arc
        for p in range(n):
            skip = m.NewBoolVar("")
            add_arc(p, p, skip)
            self.port_active[p] = skip.Not()
            m.Add(sum(seg_at[p]) + skip == 1)
            m.Add(sum(link_at[p]) + skip == 1)
        m.AddCircuit(arcs)
        if disjoint_from is not None:
            for key, wv in self.w.items():
                m.AddBoolOr([wv.Not(), disjoint_from.w[key].Not()])
        # measures
        self.space_count = {}
        self.space_used = {}
        for s in SP:
            cnt = sum(self.w[s, a, b] for a, b in PAIRS)
            self.space_count[s] = cnt
            u = m.NewBoolVar(f"{name}u_{s}")
            m.AddMaxEquality(u, [self.w[s, a, b] for a, b in PAIRS])
            self.space_used[s] = u

    def measure(self, name: str):
        if name == "tiles":
            return sum(self.space_used.values())
        if name == "segments":
            return sum(self.w.values()) + sum(lk for lk, pr in self.link_arcs if pr)
        if name == "points":
            return sum(R.KIND_POINTS[R.seg_distance(a, b)] * v for (s, a, b), v in self.w.items())
        if name == "printed":
            return sum(lk for lk, pr in self.link_arcs if pr)
        if name == "squares":
            return sum(v for loc, v in self.loc_active.items() if B.is_stop(loc))
        raise AssertionError(name)


class Labels:
    """Integer label per port, equal along every board link and every active segment, so a
    component (path or loop) has one label. ``stub_domain`` restricts the labels of stub ports."""

    def __init__(self, sk: Skeleton, lo: int, hi: int, name="L"):
        m = sk.m
        self.sk = sk
        parent = list(range(N_PORTS))

        def find(i):
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for p, q in PORT_LINKS:
            parent[find(pidx(p))] = find(pidx(q))
        roots = {}
        self.L = {}
        for i in range(N_PORTS):
            r = find(i)
            if r not in roots:
                roots[r] = m.NewIntVar(lo, hi, f"{name}{i}")
            self.L[i] = roots[r]
        for s in SP:
            for a, b in PAIRS:
                la, lb = self.L[pidx((s, a))], self.L[pidx((s, b))]
                if la is not lb:
                    m.Add(la == lb).OnlyEnforceIf(sk.c[s, a, b])

    def stub(self, i):
        return self.L[pidx(STUBS[i][1])]


def pairing(sk: Skeleton, candidates: list[tuple[int, int]], name="P"):
    """Booleans ``z[k]`` (one per candidate stub pair): true only when stubs i and j are the two
    ends of one path (sound: label k+1 is allowed only at stubs i and j)."""
    m = sk.m
    lab = Labels(sk, 0, len(candidates), name)
    at: dict[int, list] = {}
    z = []
    for k, (i, j) in enumerate(candidates):
        zk = m.NewBoolVar(f"{name}z{k}")
        z.append(zk)
        at.setdefault(i, []).append((k, zk))
        at.setdefault(j, []).append((k, zk))
    for i in range(len(STUBS)):
        L = lab.stub(i)
        opts = at.get(i, [])
        if not opts:
            m.Add(L == 0)
            continue
        m.AddAtMostOne(zk for _, zk in opts)
        m.Add(L == sum((k + 1) * zk for k, zk in opts))
    return z


def stored_certificate(number: int, variant: str) -> dict | None:
    """A certificate kept in data/octiles/certificates/ (found by the challenge's own CP-SAT model;
    the command, seed and time are in the file, see data/octiles/SOURCES.md)."""
    from octosolve.core.paths import DATA_DIR
    import json

    p = DATA_DIR / "octiles" / "certificates" / f"challenge{number:02d}-{variant}.json"
    if not p.exists():
        return None
    d = json.loads(p.read_text(encoding="utf-8"))
    d["placement"] = R.placement_from_json(d["placement"])
    d["file"] = f"data/octiles/certificates/{p.name}"
    return d


def solve_cpsat(number: int, var: Variant, *, time_limit: float = 30.0, workers: int = 2,
                seed: int = 0, hint: dict | None = None, fixed: dict | None = None,
                presearch_default: bool = True, stored: bool = True) -> Result:
    """Solve one CP-SAT variant. ``stored=False`` ignores a stored certificate (the model then
    searches from scratch)."""
    t0, c0 = time.perf_counter(), clock()
    cert = None
    if var.stored and stored and not fixed and not hint:
        cert = stored_certificate(number, var.name)
        if cert is not None:
            fixed = cert["placement"]
    sk = Skeleton()
    obj = var.build(sk)
    if obj is not None:
        if var.sense == "max":
            sk.m.Maximize(obj)
        else:
            sk.m.Minimize(obj)
    pre = None
    presearch = var.presearch or (var.score if var.sense == "max" and presearch_default else None)
    if presearch is not None and not fixed and not hint:
        fn = var.fast or traced(presearch)
        share = 3 if var.presearch else 4
        pre, pre_s, _ = anneal(fn, steps=budget(var, min(10.0, time_limit / share)), seed=seed,
                               target=var.presearch_target if var.presearch else var.upper)
        hint = pre
    if hint:
        sk.hint(hint)
        if pre is None and not fixed:
            pre = R.validate_placement(hint, full=True)
    if fixed:
        sk.fix(fixed)
    solver = cpsat_solver()
    solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = int(workers)
    solver.parameters.random_seed = int(seed)
    solver.parameters.max_time_in_seconds = max(1.0, float(time_limit) - (clock() - c0))
    if pre is not None and var.check is not None and var.check(R.trace(pre)):
        solver.parameters.max_time_in_seconds = 0.01  # the search already has a certificate
    st = cpsat_solve(solver, sk.m)
    secs = time.perf_counter() - t0
    name = solver.StatusName(st)
    placement = None
    objective = bound = None
    if obj is not None and st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        import math  # (without a solution CP-SAT's bound is not meaningful)
        bd = solver.BestObjectiveBound()
        if math.isfinite(bd):
            bound = math.floor(bd + 1e-6) if var.sense == "max" else math.ceil(bd - 1e-6)
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        placement = sk.placement(solver)
        if obj is not None:
            objective = solver.ObjectiveValue()
            objective = int(round(objective)) if abs(objective - round(objective)) < 1e-6 else objective
            if name == "OPTIMAL":
                bound = objective
    status = {"OPTIMAL": "OPTIMAL", "FEASIBLE": "FEASIBLE", "INFEASIBLE": "INFEASIBLE"}.get(name, "UNKNOWN")
    res = Result(number, var.name, status, objective, bound, secs, placement)
    if obj is None and status == "OPTIMAL":
        res.status = "FEASIBLE"  # a feasibility question: a certificate was found
        res.extra["proven"] = "certificate found"
    if pre is not None:
        tr_pre = R.trace(pre)
        better = False
        if var.check is not None:
            better = placement is None and var.check(tr_pre)
        elif placement is not None:
            better = var.score(tr_pre) > var.score(R.trace(placement)) if var.sense == "max" else False
        else:
            better = True
        if better:
            res.placement = placement = pre
            res.extra["found_by"] = "the hint placement (CP-SAT gave the bound)"
            if var.check is not None:
                res.status = "FEASIBLE"
                res.extra["proven"] = "certificate found"
            else:
                res.objective = var.score(tr_pre)
                res.status = "OPTIMAL" if bound is not None and res.objective == bound else "FEASIBLE"
    if cert is not None and placement is None:  # (a stale certificate: search from scratch)
        return solve_cpsat(number, var, time_limit=time_limit, workers=workers, seed=seed,
                           presearch_default=presearch_default, stored=False)
    if cert is not None:
        res.extra["found_by"] = (f"stored certificate {cert['file']} ({cert.get('proof', {}).get('argument', '')}); fixed into "
                                 f"the model, which accepts it, and re-checked by the tracer "
                                 f"(`--fresh` searches from scratch)")
    if placement is not None:
        tr = R.trace(placement)
        val = var.score(tr)
        res.verified_value = val
        if var.check is not None:
            res.verified = bool(var.check(tr))
        else:
            res.verified = (val == res.objective)
    return res


# ---------------------------------------------------------------------------------------------
# challenge 1: shortest path between every pair of runner positions
