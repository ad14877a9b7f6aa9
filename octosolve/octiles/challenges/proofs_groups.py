"""Proof strategies for some challenge variants (see :func:`.prove.strategies`): 18 count (an exact
two-stop group model), 16 (the pairing model under a matching bound), 22 loops (congruence classes
of simple cycles).

18 count. The catalogue's model (``models.two_stop_build``) makes every stub of a group's two stops
end at the other stop or at a circle; the scorer also accepts a path from a stop back to itself
(possible only in a type C group: 4 + 4 stubs = 4 circles + 2 per stop-stop path + 2 per own
path). :func:`two_stop_exact_build` allows those too, so a group boolean is true exactly when the
tracer's group exists (tested both ways on fixed placements): INFEASIBLE for ``groups >= best + 1``
proves the best optimal.
"""

from __future__ import annotations

import itertools

from .. import rules as R
from .geometry import B, STUBS, stubs_of

__all__ = ["STRATEGIES", "two_stop_exact_build", "TwoStopExact", "prove_18_count", "group_type",
           "cut_expression", "TurnedPairsCut", "prove_16", "short_paths", "shape_classes",
           "port_packing", "segment_assignment", "identical_paths_bound", "class_model", "prove_22_paths"]

COLOURS = ("west", "north", "east", "south")


def group_type(s1: str, s2: str) -> str | None:
    """The type of a two-stop group on stops s1, s2 (None: no group fits: the stubs of the two stops
    are 4 circles + 2 per path between them + 2 per path from a stop to itself, so their sum is even
    and at least 6)."""
    d = sorted((len(B.location_ports[s1]), len(B.location_ports[s2])))
    return {(2, 4): "A", (3, 3): "B", (4, 4): "C"}.get(tuple(d))


def two_stop_exact_build(sk, only=None):
    """Challenge 18 count, exact: one boolean per pair of stops that can form a group (types A, B,
    C), true only when the two stops and four circles, one of each colour, are a whole group of the
    route graph with a path between the two stops. ``only``: restrict to these stop pairs."""
    from .cpsat import pairing
    m = sk.m
    groups = [(s1, s2) for s1, s2 in itertools.combinations(B.stops, 2) if group_type(s1, s2)]
    if only is not None:
        groups = [g for g in groups if g in only]
    in_group = sorted({s for g in groups for s in g})
    cands, kind = [], []           # kind: ("ss", s1, s2) | ("self", s) | ("sc", s, circle)
    for s1, s2 in groups:
        for i in stubs_of(s1):
            for j in stubs_of(s2):
                cands.append((min(i, j), max(i, j)))
                kind.append(("ss", s1, s2))
    for s in in_group:
        for i, j in itertools.combinations(stubs_of(s), 2):
            cands.append((i, j))
            kind.append(("self", s))
        for c in B.ring:
            for j in stubs_of(c):
                for i in stubs_of(s):
                    cands.append((min(i, j), max(i, j)))
                    kind.append(("sc", s, c))
    z = pairing(sk, cands, name="G")
    at: dict = {}
    for zk, (i, j) in zip(z, cands):
        at.setdefault(i, []).append(zk)
        at.setdefault(j, []).append(zk)
    ss = {g: [] for g in groups}
    own = {s: [] for s in in_group}
    col = {(s, c): [] for s in in_group for c in COLOURS}
    for zk, kd in zip(z, kind):
        if kd[0] == "ss":
            ss[kd[1], kd[2]].append(zk)
        elif kd[0] == "self":
            own[kd[1]].append(zk)
        else:
            col[kd[1], B.circle_group(kd[2])].append(zk)
    gl, per_stop = [], {}
    for s1, s2 in groups:
        g = m.NewBoolVar(f"g_{s1}_{s2}")
        gl.append(g)
        per_stop.setdefault(s1, []).append(g)
        per_stop.setdefault(s2, []).append(g)
        m.Add(sum(ss[s1, s2]) >= 1).OnlyEnforceIf(g)
        for s in (s1, s2):
            mine = set(map(id, ss[s1, s2] + own[s] + [zk for c in COLOURS for zk in col[s, c]]))
            for i in stubs_of(s):
                # stub i ends a path to the other stop, to s itself or to a circle
                m.Add(sum(zk for zk in at[i] if id(zk) in mine) == 1).OnlyEnforceIf(g)
        for c in COLOURS:
            m.Add(sum(col[s1, c]) + sum(col[s2, c]) == 1).OnlyEnforceIf(g)
    for gs in per_stop.values():
        m.AddAtMostOne(gs)
    # redundant: a group takes one circle of each colour, and there are 5 of each
    for c in COLOURS:
        n = sum(1 for r in B.ring if B.circle_group(r) == c)
        m.Add(sum(gl) <= n)
    return sum(gl)


class TwoStopExact:
    """Challenge 18 count as a variant object for :func:`.prove.run_cpsat`."""
    name = "count"

    @staticmethod
    def build(sk):
        return two_stop_exact_build(sk)


def prove_18_count(ctx) -> dict:
    from .prove import run_cpsat
    best = ctx.best or 0
    r = run_cpsat(18, TwoStopExact, time_limit=ctx.time_limit, workers=ctx.workers, seed=ctx.seed,
                  hint=ctx.start, lower=best + 1, upper=ctx.bound, symmetry=True,
                  desc="18 count (exact group model)")
    out = {"solver": r["params"], "bound": None, "placement": r["placement"]}
    if r["status"] == "INFEASIBLE":
        out["bound"] = best
        out["method"] = (f"exact two-stop group model (paths from a stop to itself allowed), turn "
                         f"symmetry broken, with groups >= {best + 1}: INFEASIBLE")
        out["bound_by"] = "CP-SAT (exact group model)"
    else:
        if r["bound"] is not None:
            out["bound"] = max(r["bound"], best)
            out["bound_by"] = "CP-SAT (exact group model)"
        out["method"] = f"exact two-stop group model ({r['status']} at the time limit)"
    return out


def cut_expression(sk, side: dict, side_loc: dict):
    """The number of times all components together change side of a split (:func:`.arguments.
    turned_cut_bound`) on the model's placement: links and stubs across (fixed) plus the active
    segments joining the two sides."""
    from .geometry import PORT_LINKS, SP, PAIRS
    const = sum(side[p] != side[q] for p, q in PORT_LINKS)
    const += sum(side_loc[loc] != side[p] for loc, p in STUBS)
    return const + sum(sk.c[s, a, b] for s in SP for a, b in PAIRS if side[s, a] != side[s, b])


class TurnedPairsCut:
    """Challenge 16's pairing model plus the cut inequalities of a split and its quarter turns
    (redundant: turned paths <= the active crossings of each split)."""
    name = "turned-pairs"

    def __init__(self, quarters: int, side: dict, side_loc: dict):
        self.quarters, self.side, self.side_loc = quarters, side, side_loc

    def build(self, sk):
        from .arguments import _turn_port
        from .cpsat import pairing
        from .geometry import loc_pairs_to_stub_pairs, turned_pairs
        cands, _ = loc_pairs_to_stub_pairs(turned_pairs(self.quarters))
        obj = sum(pairing(sk, cands))
        for q in range(4 if self.quarters == 2 else 1):
            side = {_turn_port(p, q): v for p, v in self.side.items()}
            side_loc = {B.turn_location(u, q): v for u, v in self.side_loc.items()}
            sk.m.Add(obj <= cut_expression(sk, side, side_loc))
        return obj


def prove_16(ctx) -> dict:
    """Local search from the start (a quarter of the time), then the pairing model with the cut
    inequalities, ``objective >= best + 1`` and ``<= the cut bound``, turn symmetry broken."""
    from .arguments import turned_cut_bound
    from .prove import run_cpsat
    from .search import anneal
    quarters = 2 if ctx.var.name == "half-turn" else 1
    cut = turned_cut_bound(quarters, ctx.workers)
    best, start = ctx.best or 0, ctx.start
    t_ls = ctx.time_limit / 4
    found, val, n = anneal(lambda pl: ctx.var.score(R.trace(pl)), seconds=t_ls, seed=ctx.seed,
                           start=start, target=cut["bound"])
    placement = None
    if val > best:
        best, start, placement = int(val), found, found
    out = {"bound": None, "placement": placement}
    local = {"local_search": "simulated annealing", "seconds": round(t_ls, 1), "evaluations": n,
             "value": int(val)}
    if best >= cut["bound"]:
        out.update(bound=cut["bound"], method=f"local search reached the {cut['method']}",
                   solver=local)
        return out
    r = run_cpsat(16, TurnedPairsCut(quarters, cut["side"], cut["side_loc"]),
                  time_limit=ctx.time_limit - t_ls, workers=ctx.workers, seed=ctx.seed, hint=start,
                  lower=best + 1, upper=cut["bound"], symmetry=True, desc=f"16 {ctx.var.name} (cut)")
    out["solver"] = {**r["params"], "before": local}
    if r["placement"] is not None:
        out["placement"] = r["placement"]
    if r["status"] == "INFEASIBLE":
        out["bound"] = best
        out["method"] = (f"pairing model with the cut inequalities, objective >= {best + 1}: "
                         f"INFEASIBLE")
        out["bound_by"] = "CP-SAT (pairing model + cut inequalities)"
    else:
        out["method"] = (f"local search, then the pairing model with the cut inequalities "
                         f"({r['status']} at the time limit); bound: {cut['method']}")
        if r["bound"] is not None and r["bound"] < cut["bound"]:
            out["bound"] = max(r["bound"], best)
            out["bound_by"] = "CP-SAT (pairing model + cut inequalities)"
    return out


# ---------------------------------------------------------------------------------------------
# 22 paths: identical short paths, class by class


def short_paths(max_segments: int = 3) -> list:
    """Every way a path of at most ``max_segments`` tile segments can lie on the board: from a stub
    through segments (two different edges of a space) and board links to a stub, no port twice.
    Returns the distinct segment sets (frozensets of (space, a, b), a < b)."""
    found = set()

    def walk(port, segs, used):
        s, a = port
        for b in range(8):
            if b == a or (s, b) in used:
                continue
            nsegs = segs + [(s, min(a, b), max(a, b))]
            nb = B.port_link[(s, b)]
            if isinstance(nb, str):
                found.add(frozenset(nsegs))
            elif len(nsegs) < max_segments and nb not in used:
                walk(nb, nsegs, used | {(s, b), nb})

    for _, p in STUBS:
        walk(p, [], {p})
    return sorted(found, key=lambda f: sorted(f))


def shape_classes(segment_sets) -> dict:
    """{(segments, tracer shape key): [segment sets]} (the key of :func:`..tracer.shape_key`)."""
    from ..tracer import Step, shape_key

    class _Comp:
        def __init__(self, segs):
            self.steps = [Step(s, a, b, -1) for s, a, b in sorted(segs)]

    out: dict = {}
    for f in segment_sets:
        out.setdefault((len(f), shape_key(_Comp(f))), []).append(f)
    return out


def port_packing(members: list) -> int:
    """The most of these segment sets that share no port (exact, CP-SAT)."""
    from ortools.sat.python import cp_model
    m = cp_model.CpModel()
    y = [m.NewBoolVar("") for _ in members]
    by_port: dict = {}
    for v, f in zip(y, members):
        for s, a, b in f:
            by_port.setdefault((s, a), []).append(v)
            by_port.setdefault((s, b), []).append(v)
    for v in by_port.values():
        m.AddAtMostOne(v)
    m.Maximize(sum(y))
    sv = cp_model.CpSolver()
    sv.parameters.num_workers = 1
    sv.parameters.random_seed = 0
    st = sv.Solve(m)
    assert st == cp_model.OPTIMAL
    return int(round(sv.ObjectiveValue()))


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
        for seg in f:
            sk.m.AddImplication(v, sk.c[seg])
        y.append(v)
    sk.m.Add(sum(y) >= lower)
    sk.m.Maximize(sum(y))
    break_turn_symmetry(sk)
    if hint is not None:
        sk.hint(canonical_turn(hint))
    sv = cp_model.CpSolver()
    sv.parameters.num_workers = int(workers)
    sv.parameters.random_seed = int(seed) % 2**31
    sv.parameters.max_time_in_seconds = float(time_limit)
    st = sv.Solve(sk.m)
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


def segment_assignment(members: list) -> int:
    """Placements of a class counted by their segments: on each space a tile (some rotation) holds
    at most so many chords that lie on some placement of the class; the most over assignments of
    distinct tiles (linear_sum_assignment), divided by the class's segments per path."""
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    from .geometry import SP
    m = len(next(iter(members)))
    chords = {}
    for f in members:
        for s, a, b in f:
            chords.setdefault(s, set()).add((a, b))
    u = np.zeros((len(SP), R.NUM_TILES), dtype=np.int64)
    for i, s in enumerate(SP):
        for t in range(R.NUM_TILES):
            u[i, t] = max(sum(1 for a, b in R.tile_segments(t, r)
                              if (min(a, b), max(a, b)) in chords.get(s, ()))
                          for r in R.distinct_rotations(t))
    r, c = linear_sum_assignment(u, maximize=True)
    return int(u[r, c].sum()) // m


SHORT = 3           # classes of paths with at most this many segments are examined one by one


def _packed_classes(threshold: int) -> tuple[dict, list]:
    """The short-path classes and, for those whose port packing exceeds ``threshold``, the packing
    bound (min of port packing and segment assignment), largest first."""
    classes = shape_classes(short_paths(SHORT))
    out = []
    for key, mem in classes.items():
        ub = port_packing(mem)
        if ub > threshold:
            ub = min(ub, segment_assignment(mem))
        out.append((ub, key, mem))
    out.sort(key=lambda x: (-x[0], x[1][0], len(x[2])))
    return classes, out


def identical_paths_bound() -> dict:
    """Challenge 22 paths without search: max(k for paths longer than 3 segments, the packing
    bound of every class of at most 3 segments)."""
    from .arguments import N_PATHS, N_SEGMENTS
    long_bound = (N_SEGMENTS - N_PATHS) // SHORT
    classes, packed = _packed_classes(long_bound)
    top = packed[0][0] if packed else 0
    b = max(long_bound, top)
    n_top = sum(1 for ub, _, _ in packed if ub == top)
    return {"bound": b, "method": "identical-path packing bound",
            "argument": (f"counting: k identical paths of m segments take km of the {N_SEGMENTS} "
                         f"tile segments and the other {N_PATHS} - k paths at least one each, so "
                         f"k(m - 1) <= {N_SEGMENTS - N_PATHS}: k <= {long_bound} for m > {SHORT}; "
                         f"the {len(classes)} shapes of at most {SHORT} segments (every placement "
                         f"of such a path enumerated, grouped by the tracer's shape key) each allow "
                         f"at most min(the most placements sharing no port, the most of its chords "
                         f"17 distinct tiles can hold / m) paths: at most {top} ({n_top} shape(s) "
                         f"reach it); so k <= {b}")}


def prove_22_paths(ctx) -> dict:
    """k paths of one shape with m segments take km of the 68 segments and the other 36 - k paths
    one each: k(m - 1) <= 32, so k <= 10 when m > 3. Shapes of at most 3 segments are examined
    class by class: a pure port packing first, then the class model (``>= best + 1``), in
    decreasing order of packing. The bound is the largest of 10 and each class's closing value."""
    import time
    from .arguments import N_PATHS, N_SEGMENTS
    t0 = time.perf_counter()
    long_bound = (N_SEGMENTS - N_PATHS) // SHORT
    best, placement = ctx.best or 0, None
    classes, packed = _packed_classes(max(best, long_bound))
    cases, bound = [], long_bound
    open_cases = 0
    for ub, key, mem in packed:
        if ub <= max(best, long_bound):
            break
        left = ctx.time_limit - (time.perf_counter() - t0)
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
        if r["solver_status"] not in ("INFEASIBLE", "OPTIMAL"):
            open_cases += 1
        bound = max(bound, min(cb, ub))
    rest = [ub for ub, _, _ in packed if ub <= max(best, long_bound)]
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


STRATEGIES: dict = {(22, "paths"): prove_22_paths, (18, "count"): prove_18_count, (16, "half-turn"): prove_16,
                    (16, "quarter-turn"): prove_16}
