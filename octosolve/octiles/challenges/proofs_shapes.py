"""Proof strategies over identical or symmetric shapes (declared as ``strategy`` in
:mod:`.catalogue`, run by :mod:`.prove`): 22 paths (identical short paths, class by class), 22
routes (short route shapes, CP-SAT per shape) and 20 (the rotation-symmetry model); and the
turned-copies models (declared as ``turned_model``) of 22 loops and 23: a component whose turned
copies are placed too, so they are components of the same shape. A path is never its own image
under a quarter turn (no stop or circle is fixed by a half turn), so 23 needs no disjointness; four
loops need it.
"""

from __future__ import annotations

import heapq
import itertools

from .. import rules as R
from .arguments import N_PATHS, N_SEGMENTS, SHORT, _packed_classes
from .geometry import B, STUBS
from ...core.cpsat import new_solver as cpsat_solver

__all__ = ["TurnedCopies", "TurnedRoute", "TurnedOneStop", "prove_20_by_model", "prove_22_routes", "short_routes", "route_class_model",
           "class_model", "prove_22_paths"]

# ---------------------------------------------------------------------------------------------
# 22 paths: identical short paths, class by class


def class_model(members: list, *, lower: int, time_limit: float, seed: int, workers: int = 1,
                hint=None) -> dict:
    """The skeleton with one boolean per placement of the class (true only when all its segments
    are placed, and then it is a path of that shape), maximised, at least ``lower``, turn symmetry
    broken (a class is closed under the turns)."""
    from ortools.sat.python import cp_model

    from .cpsat import Skeleton
    from .symmetry import break_turn_symmetry, canonical_turn
    sk = Skeleton()
    y = []
    for f in members:
        v = sk.m.NewBoolVar("")
        for seg in sorted(f):   # (a set's order follows the string hashes: the model would not)
            sk.m.AddImplication(v, sk.c[seg])
        y.append(v)
    sk.m.Add(sum(y) >= lower)
    sk.m.Maximize(sum(y))
    break_turn_symmetry(sk)
    if hint is not None:
        sk.hint(canonical_turn(hint))
    sv = cpsat_solver()
    sv.parameters.num_workers = int(workers)
    sv.parameters.random_seed = int(seed) % 2**31
    sv.parameters.max_time_in_seconds = float(time_limit)
    from ...core.cpsat import solve as cpsat_solve
    st = cpsat_solve(sv, sk.m, desc="22 paths: one shape")
    out = {"solver_status": sv.StatusName(st), "placement": None, "objective": None, "bound": None}
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        out["placement"] = sk.placement(sv)
        out["objective"] = int(round(sv.ObjectiveValue()))
    if st == cp_model.INFEASIBLE:
        out["bound"] = lower - 1
    elif st == cp_model.OPTIMAL:
        out["bound"] = out["objective"]
    else:
        out["bound"] = int(sv.BestObjectiveBound() + 1e-6)
    return out


def prove_22_paths(ctx) -> dict:
    """k paths of one shape with m segments take km of the 68 segments and the other 36 - k paths
    one each: k(m - 1) <= 32, so k <= 10 when m > 3. Shapes of at most 3 segments are examined
    class by class: a pure port packing first, then the class model (``>= best + 1``), in
    decreasing order of packing. The bound is the largest of 10 and each class's closing value."""
    from ...core.cpsat import clock
    t0 = clock()
    long_bound = (N_SEGMENTS - N_PATHS) // SHORT
    best, placement = ctx.best or 0, None
    classes, packed = _packed_classes(max(best, long_bound))
    cases, bound, examined = [], long_bound, []
    for ub, key, mem in packed:
        if ub <= max(best, long_bound):
            break
        left = ctx.time_limit - (clock() - t0)
        r = class_model(mem, lower=best + 1, time_limit=max(1.0, min(left, ctx.time_limit / 4)),
                        seed=ctx.seed, workers=ctx.workers)
        case = {"case": f"shape of {key[0]} segment(s), {len(mem)} placements, packing bound {ub}",
                "closed_by": "CP-SAT", "solver_status": r["solver_status"],
                "objective": r["objective"], "class_bound": r["bound"]}
        cases.append(case)
        if r["placement"] is not None:
            val = ctx.var.score(R.trace(r["placement"]))
            if val > best:
                best, placement = val, r["placement"]
        cb = r["bound"] if r["bound"] is not None else ub
        examined.append((key, min(cb, ub)))
        bound = max(bound, min(cb, ub))
    open_cases = sum(1 for _, b in examined if b > best)
    done = {key for key, _ in examined}
    rest = [ub for ub, key, _ in packed if key not in done]
    cases.append({"case": f"{len(rest)} other classes of <= {SHORT} segments",
                  "closed_by": f"packing bound <= {max(rest) if rest else 0}"})
    bound = max(bound, best)
    return {"bound": bound, "placement": placement, "cases": cases,
            "method": (f"identical short paths class by class ({len(classes)} shapes of <= {SHORT} "
                       f"segments; port packing, then CP-SAT per class)" +
                       (f"; {open_cases} class(es) open at the time limit" if open_cases else "")),
            "bound_by": "segment count + class models",
            "argument": (f"k identical paths of m > {SHORT} segments: k(m - 1) <= {N_SEGMENTS} - "
                         f"{N_PATHS}, so k <= {long_bound}; shapes of <= {SHORT} segments: each "
                         f"class closed by its packing bound (the most placements sharing no port, "
                         f"and the most of its chords distinct tiles can hold, divided by m) or by "
                         f"CP-SAT on the skeleton with one boolean per placement of the "
                         f"class (all its segments placed = a path of that shape)"),
            "solver": {"time_limit": ctx.time_limit, "workers": ctx.workers, "seed": ctx.seed,
                       "turn_symmetry_broken": True}}


def short_routes(max_segments: int = 4) -> dict:
    """Every placement of a route of two paths with at most ``max_segments`` tile segments in all
    (two paths of :func:`.arguments.short_paths` that end at one stop through different ports, share
    no port, and whose other ends are two other, different locations), grouped by the tracer's
    shape of their segments: ``{(segments, shape key): [segment sets]}``."""
    from .arguments import short_paths
    from .witness_board import _shape

    def ends(segs):
        return [(B.port_link[(sp, e)], (sp, e)) for sp, a, b in segs for e in (a, b)
                if isinstance(B.port_link[(sp, e)], str)]
    paths = [(segs, ends(segs)) for segs in short_paths(min(3, max_segments - 1))]
    paths = [(segs, en) for segs, en in paths if len(en) == 2 and en[0][0] != en[1][0]]
    at: dict = {}
    for i, (_, en) in enumerate(paths):
        for loc, port in en:
            if B.is_stop(loc):
                at.setdefault(loc, []).append((i, port))
    routes = set()
    for stop, lst in at.items():
        for (i, p), (j, q) in itertools.combinations(lst, 2):
            (s1, e1), (s2, e2) = paths[i], paths[j]
            if p == q or len(s1) + len(s2) > max_segments:
                continue
            o1 = [loc for loc, _ in e1 if loc != stop]
            o2 = [loc for loc, _ in e2 if loc != stop]
            if not o1 or not o2 or o1[0] == o2[0]:
                continue
            if {(sp, e) for sp, a, b in s1 for e in (a, b)} & {(sp, e) for sp, a, b in s2 for e in (a, b)}:
                continue
            routes.add(s1 | s2)
    out: dict = {}
    for r in sorted(routes, key=sorted):   # (a set's order varies with the string hashes)
        out.setdefault((len(r), _shape(r)), []).append(r)
    return out


def route_class_model(members: list, *, lower: int, time_limit: float, seed: int,
                      workers: int = 1) -> dict:
    """The skeleton with one boolean per placement of one route shape (true only when all its
    segments are placed: then its two paths are real paths meeting at the stop), no segment in two
    chosen routes (so they share no path), maximised, at least ``lower``, turn symmetry broken (a
    class is closed under the turns)."""
    from ortools.sat.python import cp_model

    from ...core.cpsat import solve as cpsat_solve
    from .cpsat import Skeleton
    from .symmetry import break_turn_symmetry
    sk = Skeleton()
    y, by_seg = [], {}
    for f in members:
        v = sk.m.NewBoolVar("")
        for seg in sorted(f):   # (a set's order follows the string hashes: the model would not)
            sk.m.AddImplication(v, sk.c[seg])
            by_seg.setdefault(seg, []).append(v)
        y.append(v)
    for vs in by_seg.values():
        sk.m.AddAtMostOne(vs)
    sk.m.Add(sum(y) >= lower)
    sk.m.Maximize(sum(y))
    break_turn_symmetry(sk)
    sv = cpsat_solver()
    sv.parameters.num_workers = int(workers)
    sv.parameters.random_seed = int(seed) % 2**31
    sv.parameters.max_time_in_seconds = float(time_limit)
    st = cpsat_solve(sv, sk.m, desc="22 routes: one shape")
    out = {"solver_status": sv.StatusName(st), "placement": None, "objective": None}
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        out["placement"] = sk.placement(sv)
        out["objective"] = int(round(sv.ObjectiveValue()))
    return out


def prove_22_routes(ctx) -> dict:
    """22 routes, a search for good answers (no bound): the route shapes of at most 4 segments in
    decreasing order of their port-packing LP (HiGHS), each by :func:`route_class_model` with
    ``routes >= best + 1`` and a share of the time; every placement re-scored by the tracer."""
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import lil_matrix

    from ...core.cpsat import clock
    t0 = clock()
    cls = short_routes(4)

    def packing(mem) -> int:
        ports = sorted({(sp, e) for r in mem for sp, a, b in r for e in (a, b)})
        idx = {p: k for k, p in enumerate(ports)}
        a = lil_matrix((len(ports), len(mem)))
        for j, r in enumerate(mem):
            for sp, x, z in r:
                a[idx[sp, x], j] = a[idx[sp, z], j] = 1
        lp = linprog(-np.ones(len(mem)), A_ub=a.tocsr(), b_ub=np.ones(len(ports)), bounds=(0, 1),
                     method="highs")
        return int(-lp.fun + 1e-6)

    # The shapes in the order of (-packing, segments, -members, first member), the packing LP
    # solved only when a shape comes to the front: until then its key holds a cap on the packing
    # (each member takes 2 x segments ports of the class's ports, and x <= 1), and a shape whose
    # LP has been solved comes out only when its key is the smallest, so the order is the one of
    # sorting every shape by its LP (the first members differ: no two keys are equal). Most of
    # the 4,461 LPs are never solved: the search stops at the first shape that cannot beat the best.
    heap = []
    for key, mem in cls.items():
        ports = {(sp, e) for r in mem for sp, a, b in r for e in (a, b)}
        cap = min(len(mem), len(ports) // (2 * key[0]))
        heap.append((-cap, key[0], -len(mem), sorted(sorted(r) for r in mem)[0], False, key))
    heapq.heapify(heap)

    def ranked():
        while heap:
            neg, m, negn, first, solved, key = heapq.heappop(heap)
            if solved:
                yield -neg, m, -negn, first, key
            else:
                heapq.heappush(heap, (-packing(cls[key]), m, negn, first, True, key))

    best, placement = ctx.best or 0, None
    tried = {"INFEASIBLE": 0, "found": 0, "open": 0}
    per = max(5.0, ctx.time_limit / 20)
    for ub, m, n, _, key in ranked():
        left = ctx.time_limit - (clock() - t0)
        if ub <= best or left < 1:
            break
        r = route_class_model(cls[key], lower=best + 1, time_limit=min(per, left), seed=ctx.seed,
                              workers=ctx.workers)
        if r["placement"] is not None:
            val = ctx.var.score(R.trace(r["placement"]))
            tried["found"] += 1
            if val > best:
                best, placement = val, r["placement"]
        else:
            tried["INFEASIBLE" if r["solver_status"] == "INFEASIBLE" else "open"] += 1
    return {"placement": placement, "bound": None,
            "method": (f"route shapes of <= 4 segments ({len(cls)} shapes) in decreasing order of "
                       f"their port packing, CP-SAT per shape with routes >= best + 1: "
                       f"{tried['found']} found a better placement, {tried['INFEASIBLE']} INFEASIBLE, "
                       f"{tried['open']} open; no bound (longer routes are not examined)"),
            "solver": {"time_limit": ctx.time_limit, "workers": ctx.workers, "seed": ctx.seed,
                       "per_shape": per, "turn_symmetry_broken": True}}


def prove_20_by_model(ctx) -> dict:
    """20: the whole-board symmetry model of 26 with turns for reflections
    (:func:`.wholeboard.model20`, soft: maximise the paths labelled with a turn that maps them onto
    themselves), hinted with the start, for half the time; then annealing from the better of the two
    placements (by the tracer) for the other half. The model is exact, but its bound is not recorded
    (a CP-SAT bound would rest on one solver); every placement is re-scored by the tracer, and the
    bound stays the counting one."""
    from .search import anneal, budget, traced
    from .wholeboard import solve_model
    half = ctx.time_limit / 2
    r = solve_model(20, time_limit=half, workers=ctx.workers, seed=ctx.seed, hint=ctx.start)
    best, placement = ctx.best, ctx.start
    model_val = None
    if r.placement is not None:
        model_val = ctx.var.score(R.trace(r.placement))
        if best is None or model_val > best:
            best, placement = model_val, r.placement
    found, _, n = anneal(traced(ctx.var.score), steps=budget(ctx.var, half), seed=ctx.seed,
                         start=placement,
                         target=ctx.bound)
    val = ctx.var.score(R.trace(found))
    if best is None or val > best:
        best, placement = val, found
    return {"placement": placement, "bound": None,
            "method": (f"the rotation-symmetry model (26's with turns; CP-SAT {r.status}, "
                       f"{r.extra.get('paths')} paths claimed, {model_val} by the tracer) for "
                       f"{half:g} s, then local search for {half:g} s"),
            "solver": {"time_limit": ctx.time_limit, "workers": ctx.workers, "seed": ctx.seed,
                       "model_seconds": round(r.seconds, 1), "local_search_evaluations": n}}


# ---------------------------------------------------------------------------------------------
# the turned-copies models (22 loops, 23)


class TurnedCopies:
    """One path or loop whose segments turned by each of ``quarters`` quarter turns are on the
    board, so each turned copy is a path or loop of the same shape (challenges 22 loops, 23).
    ``disjoint``: no segment of it is the turned image of another of its segments, so the copies
    are different components. Objective: its tile segments."""

    def __init__(self, kind, quarters, disjoint):
        self.name, self.kind, self.quarters, self.disjoint = "turned-copies", kind, quarters, disjoint

    def build(self, sk):
        from .cpsat import Chain
        ch = Chain(sk, self.kind)
        for (s, a, b), w in ch.w.items():
            for q in self.quarters:
                t = B.turn_space(s, q)
                a2, b2 = (a + 2 * q) % 8, (b + 2 * q) % 8
                key = (t, min(a2, b2), max(a2, b2))
                sk.m.AddImplication(w, sk.c[key])
                if self.disjoint and key != (s, a, b):
                    sk.m.AddBoolOr([w.Not(), ch.w[key].Not()])
                elif self.disjoint:
                    sk.m.Add(w == 0)
        return sum(ch.w.values())


class TurnedRoute:
    """23 routes / circuits (issue 19 readings): one route (two or more paths joined at stops; with
    ``closed`` a circuit returning to its first stop) whose segments turned a quarter turn with the
    board are all placed and none of them on the route itself: the turn maps stops to stops and
    circles to circles, so the turned segments form another route of the same shape sharing no path
    with it. Objective: its tile segments."""

    def __init__(self, closed):
        self.name, self.closed = "turned-route", closed

    def build(self, sk):
        from .cpsat import Chain
        ch = Chain(sk, "route", closed_ok=self.closed)
        if self.closed:
            sk.m.Add(ch.is_path == 0)
        else:       # two or more paths: an inner location besides the two ends
            sk.m.Add(sum(ch.loc_active.values()) >= 3)
        for (s, a, b), w in ch.w.items():
            t = B.turn_space(s, 1)
            a2, b2 = (a + 2) % 8, (b + 2) % 8
            key = (t, min(a2, b2), max(a2, b2))
            sk.m.AddImplication(w, sk.c[key])
            sk.m.AddBoolOr([w.Not(), ch.w[key].Not()])
        return sum(ch.w.values())


class TurnedOneStop:
    """23 one-stop circuits: one path from a stop back to the same stop whose segments turned a
    quarter turn are all placed (the turned path runs from the turned stop back to it: another
    one-stop circuit of the same shape; a path is never its own quarter turn). Objective: its tile
    segments."""
    name = "turned-one-stop-circuit"

    def build(self, sk):
        from .cpsat import Chain
        stop_stubs = {i for i, (loc, _) in enumerate(STUBS) if B.is_stop(loc)}
        ch = Chain(sk, "path", ends=stop_stubs)
        for st in B.stops:
            y = sk.m.NewBoolVar("")
            sk.m.Add(sum(ch.stub_end[i] for i, (loc, _) in enumerate(STUBS) if loc == st) == 2 * y)
        for (s, a, b), w in ch.w.items():
            t = B.turn_space(s, 1)
            a2, b2 = (a + 2) % 8, (b + 2) % 8
            sk.m.AddImplication(w, sk.c[(t, min(a2, b2), max(a2, b2))])
        return sum(ch.w.values())
