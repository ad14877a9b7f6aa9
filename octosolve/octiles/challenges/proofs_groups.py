"""Proof strategies for some challenge variants (declared as ``strategy`` in :mod:`.catalogue`, run
by :mod:`.prove`): 18 count and 16 (exact flow MIPs, HiGHS); 20, 22 paths and 22 routes are in
:mod:`.proofs_shapes`. The bounds that need no search (18's colour count, 16's cut, 22 loops, 13,
21, 23 and 22 paths' packing) are in :mod:`.arguments`.

18 count. The catalogue's model (``models.two_stop_build``) makes every stub of a group's two stops
end at the other stop or at a circle; the scorer also accepts a path from a stop back to itself
(possible only in a type C group: 4 + 4 stubs = 4 circles + 2 per stop-stop path + 2 per own
path). :func:`two_stop_exact_build` (CP-SAT) and :class:`TwoStopFlow` (MIP) allow those too, so a
group is counted exactly when the tracer's group exists (tested on fixed placements).
"""

from __future__ import annotations

import itertools

from .. import rules as R
from .geometry import B, STUBS, stubs_of
from ...core.cpsat import new_solver as cpsat_solver

__all__ = ["two_stop_exact_build", "prove_18_count", "group_type", "TwoStopFlow",
           "TurnedFlow", "prove_16"]

def _milp_outcome(res, x) -> dict:
    """What ``scipy.optimize.milp`` (HiGHS, a minimisation of the negated objective) proved:
    status, objective, bound (the optimum, or HiGHS's dual bound at the time limit) and, with the
    tile variables ``x`` [(space, tile, rotation)], the placement."""
    import math

    out = {"status": {0: "OPTIMAL", 1: "TIME_LIMIT", 2: "INFEASIBLE"}.get(res.status, res.message),
           "objective": None, "bound": None, "placement": None}
    if res.x is not None:
        out["objective"] = int(round(-res.fun))
        if x is not None:
            out["placement"] = {s: R.Placed(t, r) for i, (s, t, r) in enumerate(x) if res.x[i] > 0.5}
    db = getattr(res, "mip_dual_bound", None)
    if res.status == 0 and out["objective"] is not None:
        out["bound"] = out["objective"]
    elif db is not None and math.isfinite(db):
        out["bound"] = int(math.floor(-db + 1e-6))
    return out


COLOURS = ("west", "north", "east", "south")


def group_type(s1: str, s2: str) -> str | None:
    """The type of a two-stop group on stops s1, s2 (None: no group fits: the stubs of the two stops
    are 4 circles + 2 per path between them + 2 per path from a stop to itself, so their sum is even
    and at least 6)."""
    d = sorted((len(B.location_ports[s1]), len(B.location_ports[s2])))
    return {(2, 4): "A", (3, 3): "B", (4, 4): "C"}.get(tuple(d))


def two_stop_exact_build(sk, only=None, all_circles: bool = False):
    """Challenge 18 count, exact: one boolean per pair of stops that can form a group (types A, B,
    C), true only when the two stops and four circles, one of each colour, are a whole group of the
    route graph with a path between the two stops. ``only``: restrict to these stop pairs.
    ``all_circles``: require every circle's path to end at a stop of a group (implied when the
    groups are as many as the circles of a colour, e.g. 5: then every circle is in a group)."""
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
    if all_circles:
        for c in B.ring:
            lits = [(zk, kd[1]) for zk, kd in zip(z, kind) if kd[0] == "sc" and kd[2] == c]
            m.AddExactlyOne(zk for zk, _ in lits)
            for zk, st in lits:
                m.AddBoolOr([zk.Not()] + per_stop.get(st, []))
    # redundant: a group takes one circle of each colour, and there are 5 of each
    for c in COLOURS:
        n = sum(1 for r in B.ring if B.circle_group(r) == c)
        m.Add(sum(gl) <= n)
    return sum(gl)


def _two_stop_cpsat(k: int, *, time_limit: float, workers: int, seed: int, hint=None) -> dict:
    """The CP-SAT group model with ``groups >= k``, turn symmetry broken; with k groups taking all
    the circles of a colour (4k >= 20 here: 5 of each) every circle is in a group, and that is
    added (``all_circles``)."""
    from ortools.sat.python import cp_model

    from ...core.cpsat import solve as cpsat_solve
    from .cpsat import Skeleton
    from .symmetry import break_turn_symmetry, canonical_turn
    per_colour = min(sum(1 for c in B.ring if B.circle_group(c) == col) for col in COLOURS)
    sk = Skeleton()
    obj = two_stop_exact_build(sk, all_circles=k >= per_colour)
    sk.m.Add(obj >= k)
    sk.m.Maximize(obj)
    break_turn_symmetry(sk)
    if hint is not None:
        sk.hint(canonical_turn(hint))
    sv = cpsat_solver()
    sv.parameters.max_time_in_seconds = float(time_limit)
    sv.parameters.num_workers = int(workers)
    sv.parameters.random_seed = int(seed) % 2**31
    st = cpsat_solve(sv, sk.m, desc=f"18 count: groups >= {k}")
    found = st in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    return {"status": sv.StatusName(st), "placement": sk.placement(sv) if found else None,
            "objective": int(round(sv.ObjectiveValue())) if found else None,
            "all_circles": k >= per_colour}


def prove_18_count(ctx) -> dict:
    """The exact CP-SAT group model (:func:`two_stop_exact_build`), turn symmetry broken, from the
    counting bound down: ``groups >= k`` INFEASIBLE lowers the bound to k - 1; each k gets an equal
    share of the time; a placement or an open case ends the descent. (:class:`TwoStopFlow`, the
    MIP formulation, found nothing for k = 4 in 600 s either; it stays as a second, tested model.)"""
    import time
    best = ctx.best or 0
    top = ctx.bound if ctx.bound is not None else 8
    share = ctx.time_limit / max(1, top - best)
    cases, bound, placement, status = [], None, None, None
    for k in range(top, best, -1):
        t0 = time.perf_counter()
        r = _two_stop_cpsat(k, time_limit=share, workers=ctx.workers, seed=ctx.seed, hint=ctx.start)
        status = r["status"]
        cases.append({"case": f"groups >= {k}" + (" (so every circle is in a group)"
                                                  if r["all_circles"] else ""),
                      "closed_by": "CP-SAT (exact group model)", "solver_status": status,
                      "objective": r["objective"], "seconds": round(time.perf_counter() - t0, 1)})
        if status == "INFEASIBLE":
            bound = k - 1
            continue
        placement = r["placement"]
        break
    closed = [c["case"].split(" (")[0] for c in cases if c["solver_status"] == "INFEASIBLE"]
    out = {"solver": {"time_limit_per_case": share, "workers": ctx.workers, "seed": ctx.seed,
                      "solver_status": status, "turn_symmetry_broken": True},
           "bound": bound, "placement": placement, "cases": cases,
           "method": ("exact two-stop group model (paths from a stop to itself allowed), turn "
                      "symmetry broken, from the counting bound down: "
                      + ("; ".join(closed) + " INFEASIBLE" if closed else "nothing closed")
                      + ("" if status == "INFEASIBLE" else f"; {cases[-1]['case']} {status}"))}
    if bound is not None:
        out["bound_by"] = "CP-SAT (exact group model)"
    return out


class TwoStopFlow:
    """Challenge 18 count as a MIP (HiGHS): the tiles x[s, t, r] (integers), and for every stop s a
    flow commodity that leaves each of s's stubs with one unit and follows segments (only placed
    ones) and links to a stub, where it is absorbed into that stub's location: with the tiles
    fixed every unit follows the real path from that stub (each port has one placed segment and
    one link), so ``e[s, l]`` (units of s ending at location l) is the number of paths between s
    and l, and the flows need not be integers. A group boolean g[s1, s2] (types A, B, C) requires
    e[s1, s2] >= 1, every path of s1 and s2 ending at s1, s2 or a circle, and exactly one circle
    of each colour among them. Exact (tested on fixed placements)."""

    def __init__(self):
        from .geometry import PORT_LINKS, SP
        ports = [(s, e) for s in SP for e in range(8)]
        pid = {p: i for i, p in enumerate(ports)}
        npt = len(ports)
        self.x = [(s, t, r) for s in SP for t in range(R.NUM_TILES) for r in R.distinct_rotations(t)]
        nv = len(self.x)
        eq, ub = [], []
        for s in SP:
            eq.append(([(i, 1) for i, k in enumerate(self.x) if k[0] == s], 1))
        for t in range(R.NUM_TILES):
            ub.append(([(i, 1) for i, k in enumerate(self.x) if k[1] == t], 1))
        seg_x: dict = {}
        for i, (s, t, r) in enumerate(self.x):
            for a, b in R.tile_segments(t, r):
                seg_x.setdefault((s, min(a, b), max(a, b)), []).append(i)
        locs = list(B.stops) + list(B.ring)
        self.e = {}                       # (stop, location) -> list of flow vars
        for st in B.stops:
            arcs = [(pid[s, e], npt + pid[s, f], (s, min(e, f), max(e, f)))
                    for s in SP for e in range(8) for f in range(8) if e != f]
            for p, q in PORT_LINKS:
                arcs += [(npt + pid[p], pid[q], None), (npt + pid[q], pid[p], None)]
            sinks = [(npt + pid[p], -1, loc) for loc, p in STUBS]
            cons: dict = {}
            segs: dict = {}
            for k, (tail, head, tag) in enumerate(arcs + sinks):
                j = nv + k
                for node, sg in ((tail, -1), (head, 1)):
                    if node >= 0:
                        cons.setdefault(node, []).append((j, sg))
                if isinstance(tag, tuple):
                    segs.setdefault(tag, []).append(j)
                elif isinstance(tag, str):
                    self.e.setdefault((st, tag), []).append(j)
            nv += len(arcs) + len(sinks)
            own = {pid[p] for loc, p in STUBS if loc == st}
            for node, c in cons.items():   # a unit enters in(p) of each of st's stub ports
                eq.append((c, -1 if node in own else 0))
            for seg, js in segs.items():   # each direction of a segment needs it placed
                for j in js:
                    ub.append(([(j, 1)] + [(i, -1) for i in seg_x.get(seg, [])], 0))
        self.groups = [(s1, s2) for s1, s2 in itertools.combinations(B.stops, 2) if group_type(s1, s2)]
        self.g = {}
        for s1, s2 in self.groups:
            gi = nv
            nv += 1
            self.g[s1, s2] = gi
            E = lambda a, b: [(j, 1) for j in self.e.get((a, b), [])]   # noqa: E731
            ub.append(([(gi, 1)] + [(j, -1) for j, _ in E(s1, s2)], 0))      # a path between them
            for st in (s1, s2):
                d = len(B.location_ports[st])
                inside = E(st, s1) + E(st, s2) + [t for c in B.ring for t in E(st, c)]
                # every path of st ends at s1, s2 or a circle: d - inside <= d (1 - g)
                ub.append(([(gi, d)] + [(j, -1) for j, _ in inside], 0))
            for col in COLOURS:
                lits = [t for st in (s1, s2) for c in B.ring if B.circle_group(c) == col
                        for t in E(st, c)]
                ub.append(([(gi, 1)] + [(j, -1) for j, _ in lits], 0))   # >= 1 when g
                ub.append(([(gi, 4)] + [(j, 1) for j, _ in lits], 5))    # <= 1 when g
        per_stop: dict = {}
        for (s1, s2), gi in self.g.items():
            per_stop.setdefault(s1, []).append(gi)
            per_stop.setdefault(s2, []).append(gi)
        for gis in per_stop.values():
            ub.append(([(gi, 1) for gi in gis], 1))
        self.nv, self.eq, self.ub = nv, eq, ub
        self.npt = npt

    def solve(self, *, lower: int | None = None, time_limit: float = 60.0,
              fixed: dict | None = None, symmetry: bool = False) -> dict:
        import numpy as np
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import coo_matrix

        from .symmetry import ORBIT
        rows_eq, rows_ub = list(self.eq), list(self.ub)
        if symmetry:    # tile(a2) < tile(o) for the rest of a2's orbit (see .symmetry)
            for o in ORBIT[1:]:
                rows_ub.append(([(i, t) for i, (s, t, _) in enumerate(self.x) if s == ORBIT[0]]
                                + [(i, -t) for i, (s, t, _) in enumerate(self.x) if s == o], -1))

        def mat(rows):
            r = [i for i, (c, _) in enumerate(rows) for _ in c]
            cidx = [j for c, _ in rows for j, _ in c]
            val = [float(v) for c, _ in rows for _, v in c]
            return (coo_matrix((val, (r, cidx)), shape=(len(rows), self.nv)).tocsr(),
                    np.array([float(b) for _, b in rows]))
        obj = np.zeros(self.nv)
        gl = list(self.g.values())
        obj[gl] = -1.0
        aeq, beq = mat(rows_eq)
        aub, bub = mat(rows_ub)
        cons = [LinearConstraint(aeq, beq, beq), LinearConstraint(aub, -np.inf, bub)]
        if lower is not None:
            cons.append(LinearConstraint(coo_matrix(([1.0] * len(gl), ([0] * len(gl), gl)),
                                                    shape=(1, self.nv)).tocsr(), lower, np.inf))
        lo, hi = np.zeros(self.nv), np.ones(self.nv)
        if fixed is not None:
            for i, (s, t, r) in enumerate(self.x):
                pl = fixed[s]
                if pl[0] == t and (R.rotate_segments(R.TILES[t], pl[1])
                                   == R.rotate_segments(R.TILES[t], r)):
                    lo[i] = 1
        integ = np.zeros(self.nv)
        integ[:len(self.x)] = 1
        integ[gl] = 1
        res = milp(c=obj, constraints=cons, integrality=integ, bounds=Bounds(lo, hi),
                   options={"time_limit": float(time_limit), "disp": False})
        return _milp_outcome(res, self.x)


class TurnedFlow:
    """Challenge 16 as a multicommodity flow: one commodity per location pair (u, u') (u < u', from
    u to u'), a unit per path. Each port is a node split into *in* (the path enters the space
    there; next a segment) and *out* (it leaves there; next a link, or the end stub). Arcs: a
    segment in(s, a) -> out(s, b) for a != b, a link out(p) -> in(q) both ways, u -> in(stub
    port), out(stub port) -> u'. Each port carries at most one unit (in or out, all commodities).

    ``tiles=False``: a relaxation (any segments): its LP optimum bounds the turned paths. With
    ``tiles=True`` the skeleton's x[s, t, r] (one tile per space, each tile once) are added and a
    segment arc needs its segment placed: a unit of flow from u then follows the very path that
    starts at u's stub (the segments and links are the placement's), so with integral flows the
    model is exact: its optimum is the most turned paths (tested on fixed placements)."""

    def __init__(self, quarters: int, tiles: bool):
        from .geometry import PORT_LINKS, SP, turned_pairs
        self.pairs = turned_pairs(quarters)
        ports = [(s, e) for s in SP for e in range(8)]
        pid = {p: i for i, p in enumerate(ports)}
        npt = len(ports)
        self.x = [(s, t, r) for s in SP for t in range(R.NUM_TILES) for r in R.distinct_rotations(t)]
        nv = len(self.x) if tiles else 0
        eq, ub, obj = [], [], []          # rows as lists of (var, coef), with rhs

        def row(lst, coefs, rhs):
            lst.append((coefs, rhs))
        if tiles:
            for s in SP:
                row(eq, [(i, 1) for i, k in enumerate(self.x) if k[0] == s], 1)
            for t in range(R.NUM_TILES):
                row(ub, [(i, 1) for i, k in enumerate(self.x) if k[1] == t], 1)
        seg_x: dict = {}
        for i, (s, t, r) in enumerate(self.x):
            for a, b in R.tile_segments(t, r):
                seg_x.setdefault((s, min(a, b), max(a, b)), []).append(i)
        seg_flow: dict = {}
        cap = {i: [] for i in range(npt)}
        flow_vars = []
        for u, v in self.pairs:
            arcs = [(pid[s, e], npt + pid[s, f], (s, min(e, f), max(e, f)))
                    for s in SP for e in range(8) for f in range(8) if e != f]
            for p, q in PORT_LINKS:
                arcs += [(npt + pid[p], pid[q], None), (npt + pid[q], pid[p], None)]
            arcs += [(-1, pid[p], "src") for loc, p in STUBS if loc == u]
            arcs += [(npt + pid[p], -2, None) for loc, p in STUBS if loc == v]
            cons: dict = {}
            for k, (tail, head, seg) in enumerate(arcs):
                j = nv + k
                if seg == "src":
                    flow_vars.append(j)
                for node, sg in ((tail, -1), (head, 1)):
                    if node >= 0:
                        cons.setdefault(node, []).append((j, sg))
                if head >= 0:
                    cap[head % npt].append(j)
                if seg not in (None, "src"):
                    seg_flow.setdefault(seg, []).append(j)
            nv += len(arcs)
            for c in cons.values():
                row(eq, c, 0)
        for js in cap.values():
            row(ub, [(j, 1) for j in js], 1)
        if tiles:
            for seg, js in seg_flow.items():
                row(ub, [(j, 1) for j in js] + [(i, -1) for i in seg_x.get(seg, [])], 0)
        self.nv, self.eq, self.ub, self.flow_vars, self.tiles = nv, eq, ub, flow_vars, tiles

    def _matrices(self):
        import numpy as np
        from scipy.sparse import coo_matrix

        def mat(rows):
            r = [i for i, (c, _) in enumerate(rows) for _ in c]
            cidx = [j for c, _ in rows for j, _ in c]
            val = [float(v) for c, _ in rows for _, v in c]
            return (coo_matrix((val, (r, cidx)), shape=(len(rows), self.nv)).tocsr(),
                    np.array([float(b) for _, b in rows]))
        obj = np.zeros(self.nv)
        obj[self.flow_vars] = -1.0
        return obj, mat(self.eq), mat(self.ub)

    def lp_bound(self) -> float:
        """The LP optimum (HiGHS)."""
        from scipy.optimize import linprog
        obj, (aeq, beq), (aub, bub) = self._matrices()
        res = linprog(obj, A_ub=aub, b_ub=bub, A_eq=aeq, b_eq=beq, bounds=(0, 1), method="highs")
        if res.status != 0:
            from octosolve.core.errors import fail
            fail(f"the turned-path flow LP did not solve ({res.message})")
        return -res.fun

    def solve(self, *, lower: int | None = None, time_limit: float = 60.0,
              fixed: dict | None = None) -> dict:
        """The MIP (HiGHS): {"status", "objective", "bound", "placement"}; ``lower`` adds
        ``paths >= lower``; ``fixed`` fixes a placement (tests)."""
        import numpy as np
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import csr_matrix
        obj, (aeq, beq), (aub, bub) = self._matrices()
        cons = [LinearConstraint(aeq, beq, beq), LinearConstraint(aub, -np.inf, bub)]
        if lower is not None:
            cons.append(LinearConstraint(csr_matrix(-obj.reshape(1, -1)), lower, np.inf))
        lo = np.zeros(self.nv)
        if fixed is not None:
            for i, (s, t, r) in enumerate(self.x):
                pl = fixed[s]
                if pl[0] == t and (R.rotate_segments(R.TILES[t], pl[1])
                                   == R.rotate_segments(R.TILES[t], r)):
                    lo[i] = 1
        # with the tiles integral every unit of flow follows a real path (each port has one placed
        # segment and one link), so only the tiles need to be integers
        integ = np.zeros(self.nv)
        integ[:len(self.x) if self.tiles else self.nv] = 1
        res = milp(c=obj, constraints=cons, integrality=integ, bounds=Bounds(lo, 1),
                   options={"time_limit": float(time_limit), "disp": False})
        return _milp_outcome(res, self.x if self.tiles else None)


def prove_16(ctx) -> dict:
    """The cut bound (static), the flow LP bound (no tiles), then the exact flow MIP with the
    tiles and ``paths >= best + 1`` (HiGHS): infeasible proves the best optimal."""
    import math
    import time

    from octosolve.core.cpsat import clock
    from octosolve.core.progress import progress
    quarters = 2 if ctx.var.name == "half-turn" else 1
    best = ctx.best or 0
    t0, c0 = time.perf_counter(), clock()
    lp = TurnedFlow(quarters, tiles=False).lp_bound()
    lp_bound = int(math.floor(lp + 1e-6))
    cases = [{"case": "flow LP, any segments", "closed_by": "HiGHS LP",
              "value": round(lp, 4), "bound": lp_bound,
              "seconds": round(time.perf_counter() - t0, 1)}]
    bound = min(lp_bound, ctx.bound) if ctx.bound is not None else lp_bound
    turn = "half" if quarters == 2 else "quarter"
    argument = (f"flow LP: one commodity per location pair (u, u') of the {turn} turn; each port "
                f"is a node split into in (the path enters its space there, next a segment) and "
                f"out (it leaves, next a link or the end stub); every port carries at most one unit "
                f"over all commodities; any segment allowed on any space (tiles ignored): the LP "
                f"optimum {lp:.4f} (HiGHS) bounds the paths between a location and its image, so "
                f"at most {lp_bound}; {ctx.bound} by the cut argument")
    out = {"bound": bound, "placement": None, "cases": cases, "argument": argument,
           "bound_by": "flow LP (multicommodity flow over ports, any segments)",
           "method": f"flow LP bound {lp_bound}"}
    if best >= bound:
        out["method"] = f"flow LP bound {lp_bound}: the stored placement reaches it"
        return out
    left = max(1.0, ctx.time_limit - (clock() - c0))
    bar = progress(total=1, desc=f"16 {ctx.var.name}: flow MIP >= {best + 1}")
    r = TurnedFlow(quarters, tiles=True).solve(lower=best + 1, time_limit=left)
    bar.update(1)
    bar.close()
    cases.append({"case": f"flow MIP with the tiles, paths >= {best + 1}", "closed_by": "HiGHS MIP",
                  "solver_status": r["status"], "objective": r["objective"], "bound": r["bound"],
                  "seconds": round(time.perf_counter() - t0, 1)})
    out["solver"] = {"mip": "HiGHS (scipy.optimize.milp)", "time_limit": left,
                     "solver_status": r["status"]}
    out["placement"] = r["placement"]
    if r["status"] == "INFEASIBLE" or (r["status"] == "OPTIMAL" and r["objective"] is not None
                                       and r["objective"] < bound):
        proven = best if r["status"] == "INFEASIBLE" else r["objective"]
        out["bound"] = max(best, proven)
        out["bound_by"] = "exact flow MIP (HiGHS)"
        out["method"] = (f"exact flow MIP with the tiles, paths >= {best + 1}: "
                         + ("INFEASIBLE" if r["status"] == "INFEASIBLE" else
                            f"optimum {r['objective']}"))
    else:
        if r["bound"] is not None and r["bound"] < bound:
            out["bound"] = max(r["bound"], best)
            out["bound_by"] = "exact flow MIP (HiGHS)"
        out["method"] = (f"flow LP bound {lp_bound}; exact flow MIP with the tiles "
                         f"({r['status']})")
    return out
