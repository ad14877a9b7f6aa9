"""``octosolve octiles prove``: the long searches that settle the challenges, each ending in a
certificate (:mod:`.certificates`) that the report and ``challenge N`` re-check with the tracer.

How a variant is settled (the strongest argument that applies is used, and recorded):

1. **start**: the placement of the existing certificate (or, the first time, of the committed result
   file), unless ``fresh``; its value is re-scored by the tracer.
2. **counting bound** (:mod:`.bounds`, :func:`loop_packing_bound`): proven without search; when
   it equals the start's value the variant is optimal at once.
3. **end-split** (challenge 12): one case per distribution of the path's ends over the spaces; a case
   whose assignment bound is at most the best value is closed by counting, the others by CP-SAT with
   the path's ends fixed to that space and the objective forced above the best value (INFEASIBLE
   closes the case). Cases run in parallel (``workers`` processes, or ``scheduler``).
4. **cycle model** (3): the loop packing bound is 8, and 8 loops would have to be 8 simple cycles on
   real segments (:func:`prove_loops_by_cycles`); INFEASIBLE proves 7;
5. **CP-SAT**: the challenge's model, hinted with the start, with ``objective >= best + 1`` and
   ``objective <= counting bound`` added: INFEASIBLE proves the start optimal; otherwise CP-SAT's
   bound (and any better placement) is kept.
6. **local search** (13, 15, 20-23): annealing from the start; the bound is the variant's counting
   argument.

Yes/no questions (4, 8, 25-29) are settled by a placement that the tracer accepts (``yes``).
"""

from __future__ import annotations

import math
import signal
import time

from octosolve.core.batch import run_batch
from octosolve.core.errors import fail
from octosolve.core.progress import enabled as progress_enabled
from octosolve.core.progress import progress

from .. import rules as R
from .bounds import assignment_bound, counting_bound, end_distributions, local_table
from .catalogue import CHALLENGES, get_variant
from .certificates import load_certificate
from .geometry import SP, STUBS, B

__all__ = ["prove_variant", "start_placement", "run_cpsat", "prove_loops_by_cycles", "TURN_INVARIANT", "turn_placement",
           "canonical_turn", "break_turn_symmetry", "loop_packing_bound", "static_bound",
           "prove_12_cases"]


# ---------------------------------------------------------------------------------------------
# where a proof starts


def start_placement(number: int, variant: str, fresh: bool) -> tuple[dict | None, str]:
    """The placement a proof starts from: the certificate's, or the committed result's (the first
    time); None with ``fresh``."""
    if fresh:
        return None, "from scratch (--fresh)"
    cert = load_certificate(number, variant)
    if cert is not None and cert.get("placement") is not None:
        return cert["placement"], f"started from {cert['file']}"
    from octosolve.core.paths import RESULTS_DIR
    import json
    p = RESULTS_DIR / "octiles" / "challenges" / f"challenge{number:02d}-{variant}.json"
    if p.exists():
        d = json.loads(p.read_text(encoding="utf-8"))
        if d.get("placement"):
            return (R.validate_placement(R.placement_from_json(d["placement"]), full=True),
                    f"started from the committed result results/octiles/challenges/{p.name}")
    return None, "from scratch (no stored placement)"


# ---------------------------------------------------------------------------------------------
# bounds that need no model


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
    st = sv.Solve(m)
    if st != cp_model.OPTIMAL:
        fail("the loop packing bound did not solve")
    b = int(round(sv.ObjectiveValue()))
    return {"bound": b, "method": "cycle packing bound",
            "seconds": round(time.perf_counter() - t0, 1),
            "argument": (f"counting: a loop only uses ports that lead to another tile and each link "
                         f"once; a space with 4 such ports is passed at most twice, one with 3 at most "
                         f"once; the most link-disjoint cycles of the space graph under those "
                         f"capacities ({len(cl)} simple cycles, solved exactly by CP-SAT) is {b}")}


def _cycles():
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
    cl = _cycles()
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
    st = solver.Solve(sk.m)
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
        return _one_tile_bound()
    return None


def _one_tile_bound() -> dict:
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


# ---------------------------------------------------------------------------------------------
# CP-SAT with progress and Ctrl-C


class _Progress:
    """CP-SAT's search log turned into a progress bar on stderr (best value and bound)."""

    def __init__(self, desc: str, time_limit: float):
        self.bar = progress(total=int(math.ceil(time_limit)), desc=desc, unit="s")
        self.t0 = time.perf_counter()
        self.done = 0

    def __call__(self, line: str):
        if not line.startswith("#"):
            return
        el = int(time.perf_counter() - self.t0)
        if el > self.done:
            self.bar.update(min(el, self.bar.total or el) - self.done)
            self.done = el
        parts = line.split()
        info = {p.split(":")[0]: p.split(":", 1)[1] for p in parts if p.startswith(("best:", "next:"))}
        if info:
            self.bar.set_postfix(info, refresh=False)

    def close(self):
        self.bar.close()


# variants whose objective is unchanged when the whole placement turns with the board (the board,
# its stops, circles, links and printed links are unchanged by a quarter turn; circles of opposite
# sides stay opposite, the four colours are permuted)
TURN_INVARIANT = {(2, "path-segments"), (2, "path-points"), (3, "count"), (6, "points"), (9, "count"),
                  (14, "cross"), (14, "share"), (16, "half-turn"), (16, "quarter-turn"), (18, "count"),
                  (30, "one-tile-paths")}
ORBIT = ("a2", "d1", "e4", "b5")   # a2 under 0, 1, 2, 3 quarter turns


def turn_placement(placement: dict, quarters: int) -> dict:
    """The placement turned with the board by ``quarters`` quarter turns."""
    return {B.turn_space(s, quarters): R.Placed(p[0], (p[1] + 2 * quarters) % 8)
            for s, p in placement.items()}


def canonical_turn(placement: dict) -> dict:
    """The turn of a placement that puts the smallest tile of the orbit of a2 on a2 (the
    representative the symmetry breaking keeps)."""
    for q in range(4):
        t = turn_placement(placement, q)
        if all(t[ORBIT[0]][0] < t[o][0] for o in ORBIT[1:]):
            return t
    raise AssertionError("no canonical turn")


def break_turn_symmetry(sk) -> None:
    """tile(a2) < tile(s) for the other spaces of its orbit: every placement has exactly one turn
    meeting this (the tiles are distinct), so a turn-invariant optimum is kept."""
    def tile_of(s):
        return sum(t * v for (s2, t, _), v in sk.x.items() if s2 == s)
    for o in ORBIT[1:]:
        sk.m.Add(tile_of(ORBIT[0]) < tile_of(o))


def run_cpsat(number: int, var, *, time_limit: float, workers: int, seed: int,
              hint: dict | None = None, lower: int | None = None, upper: int | None = None,
              extra=None, desc: str = "CP-SAT", symmetry: bool = False) -> dict:
    """Solve a variant's model (``extra(sk, obj)`` adds constraints; ``lower``/``upper`` bound the
    objective). Returns {"status", "placement", "objective", "bound", "seconds", "params"}.
    Ctrl-C stops the search and raises KeyboardInterrupt."""
    from ortools.sat.python import cp_model

    from .cpsat import Skeleton

    t0 = time.perf_counter()
    sk = Skeleton()
    obj = var.build(sk)
    if extra is not None:
        extra(sk, obj)
    if obj is not None:
        if lower is not None:
            sk.m.Add(obj >= lower)
        if upper is not None:
            sk.m.Add(obj <= upper)
        sk.m.Maximize(obj)
    if symmetry:
        break_turn_symmetry(sk)
        if hint:
            hint = canonical_turn(hint)
    if hint:
        sk.hint(hint)
    solver = cp_model.CpSolver()
    prm = solver.parameters
    prm.max_time_in_seconds = float(time_limit)
    prm.num_workers = int(workers)
    prm.random_seed = int(seed) % 2**31  # (CP-SAT's seed is 32-bit)
    prm.catch_sigint_signal = False
    bar = None
    if progress_enabled():
        bar = _Progress(desc, time_limit)
        prm.log_search_progress = True
        prm.log_to_stdout = False
        solver.log_callback = bar
    interrupted = []

    def on_int(signum, frame):
        interrupted.append(1)
        solver.StopSearch()

    old = signal.signal(signal.SIGINT, on_int) if _main_thread() else None
    try:
        st = solver.Solve(sk.m)
    finally:
        if old is not None:
            signal.signal(signal.SIGINT, old)
        if bar is not None:
            bar.close()
    if interrupted:
        raise KeyboardInterrupt
    name = solver.StatusName(st)
    out = {"status": name, "placement": None, "objective": None, "bound": None,
           "seconds": round(time.perf_counter() - t0, 1),
           "params": {"time_limit": float(time_limit), "workers": int(workers), "seed": int(seed),
                      "lower": lower, "upper": upper, "solver_status": name,
                      "turn_symmetry_broken": bool(symmetry)}}
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        out["placement"] = sk.placement(solver)
        if obj is not None:
            out["objective"] = int(round(solver.ObjectiveValue()))
    if obj is not None and st != cp_model.INFEASIBLE:
        bd = solver.BestObjectiveBound()
        if math.isfinite(bd):
            out["bound"] = int(math.floor(bd + 1e-6))
    return out


def _main_thread() -> bool:
    import threading
    return threading.current_thread() is threading.main_thread()


# ---------------------------------------------------------------------------------------------
# challenge 12: split by where the path's two ends are


def _case_12(args):
    space, best, time_limit, workers, seed = args
    from .cpsat import Chain
    from .geometry import CROSSING
    import octosolve.octiles.challenges.models  # noqa: F401  (the catalogue's models)

    class _V:   # challenge 12's model with the path's two ends on ``space``
        name = "count"

        @staticmethod
        def build(sk):
            ends = {i for i, (_, p) in enumerate(STUBS) if p[0] == space}
            ch = Chain(sk, "path", ends=ends)
            zs = []
            for s in SP:
                for e, f in CROSSING:
                    z = sk.m.NewBoolVar("")
                    sk.m.AddImplication(z, ch.w[(s,) + e])
                    sk.m.AddImplication(z, ch.w[(s,) + f])
                    zs.append(z)
            return sum(zs)

    r = run_cpsat(12, _V, time_limit=time_limit, workers=workers, seed=seed, lower=best + 1,
                  desc=f"12: both ends on {space}")
    return {"case": f"both ends on {space}", "closed_by": "CP-SAT", "solver_status": r["status"],
            "seconds": r["seconds"], "objective": r["objective"],
            "placement": R.placement_to_json(r["placement"]) if r["placement"] else None}


def prove_12_cases(best: int, *, time_limit: float, workers: int, seed: int,
                   scheduler: str | None = None) -> tuple[list, int | None]:
    """Challenge 12 split by the end distribution of the path (a loop has none). Returns (cases,
    proven bound or None)."""
    u = local_table((12, "count"))
    cases, open_spaces = [], []
    for E in (0, 2):
        for d in end_distributions(len(SP), E):
            import numpy as np
            from scipy.optimize import linear_sum_assignment
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
    tasks = [(s, best, time_limit, per, seed) for s in open_spaces]
    results = run_batch(_case_12, tasks, workers=min(workers, len(tasks)) if scheduler is None else None,
                        scheduler=scheduler, desc="12: cases")
    cases += results
    if all(r["solver_status"] == "INFEASIBLE" for r in results):
        return cases, best
    return cases, None


# ---------------------------------------------------------------------------------------------
# one variant


def prove_variant(number: int, variant: str | None, *, time_limit: float = 600.0, workers: int = 1,
                  seed: int = 0, fresh: bool = False, scheduler: str | None = None,
                  command: str = "") -> dict:
    """Run the proof of one variant and return its certificate (not yet written)."""
    ch, var = get_variant(number, variant)
    if ch.method == "bfs":
        fail("challenge 1 needs no certificate: its BFS runs in seconds and is exact")
    t0 = time.perf_counter()
    start, start_note = start_placement(number, var.name, fresh)
    best = None
    if start is not None:
        tr = R.trace(start)
        if var.check is not None:
            best = 1 if var.check(tr) else None
            if best is None:
                start = None
        else:
            best = var.score(tr)
    proof: dict = {"start": start_note}
    solver_info: dict = {}
    bound_info = static_bound(number, var.name, workers) if var.check is None else None
    bound = bound_info["bound"] if bound_info else None
    placement = start

    if var.check is not None:                      # yes/no questions
        if start is None:
            r = run_cpsat(number, var, time_limit=time_limit, workers=workers, seed=seed,
                          desc=f"{number} {var.name}")
            solver_info = r["params"]
            if r["status"] == "INFEASIBLE":
                return _cert(number, var.name, "no", None, None, None, {
                    "method": "the challenge's exact CP-SAT model is INFEASIBLE", **proof},
                    solver_info, t0, command)
            if r["placement"] is None:
                fail(f"challenge {number} {var.name}: no certificate within {time_limit:g} s")
            placement = r["placement"]
            proof["method"] = "a placement found by the challenge's CP-SAT model"
        else:
            proof["method"] = "the stored placement meets the condition (tracer)"
        if not var.check(R.trace(placement)):
            fail(f"challenge {number} {var.name}: the tracer rejects the placement")
        return _cert(number, var.name, "yes", None, None, placement, proof, solver_info, t0, command)

    if bound_info:
        proof["bound_by"] = bound_info["method"]
        proof["argument"] = bound_info["argument"]
    if best is not None and bound is not None and best >= bound:
        proof["method"] = f"{bound_info['method']}: the stored placement reaches it"
        return _cert(number, var.name, "optimal", best, bound, placement, proof, solver_info, t0, command)

    if (number, var.name) in TURNED_MODELS:
        # a model for a good answer: a component and its turned copies, of the same shape
        r = run_cpsat(number, TURNED_MODELS[number, var.name], time_limit=time_limit / 2,
                      workers=workers, seed=seed, desc=f"{number} turned copies")
        if r["placement"] is not None:
            val = var.score(R.trace(r["placement"]))
            if best is None or val > best:
                placement, best, start = r["placement"], val, r["placement"]
        proof["turned_copies_model"] = {"solver_status": r["status"], "objective": r["objective"],
                                        "seconds": r["seconds"], "time_limit": time_limit / 2}
        time_limit = time_limit / 2
    if ch.method == "search":
        from .search import anneal, traced
        fn = var.search or traced(var.score)
        found, _, n = anneal(fn, seconds=time_limit, seed=seed, start=start, target=bound)
        val = var.score(R.trace(found))
        if best is None or val > best:
            placement, best = found, val
        solver_info = {"local_search": "simulated annealing", "seconds": time_limit, "seed": seed,
                       "evaluations": n}
        proof["method"] = "best found by local search" + (f"; bound: {bound_info['method']}"
                                                          if bound_info else "; no bound known")
    elif (number, var.name) == (12, "count") and best is not None:
        cases, proven = prove_12_cases(best, time_limit=time_limit, workers=workers, seed=seed,
                                       scheduler=scheduler)
        proof["cases"] = cases
        solver_info = {"time_limit_per_case": time_limit, "workers": workers, "seed": seed}
        if proven is not None:
            bound = proven
            proof["method"] = ("end-split: every distribution of the path's ends closed by the "
                               "assignment bound or by CP-SAT (INFEASIBLE above the best value)")
        else:
            better = [c for c in cases if c.get("objective") and c["objective"] > best]
            if better:
                c = max(better, key=lambda c: c["objective"])
                placement = R.validate_placement(R.placement_from_json(c["placement"]), full=True)
                best = var.score(R.trace(placement))
            proof["method"] = "end-split did not close every case"
    elif (number, var.name) == (3, "count") and bound is not None:
        # the cycle model, from the bound down: k loops INFEASIBLE lowers the bound to k - 1;
        # k loops found settles the value at k
        cases, k = [], bound
        solver_info = {"time_limit_per_case": time_limit, "workers": workers, "seed": seed,
                       "turn_symmetry_broken": True}
        while best is None or k > best:
            case = prove_loops_by_cycles(k, time_limit=time_limit, workers=workers, seed=seed)
            cases.append({kk: v for kk, v in case.items() if kk != "placement"})
            if case["solver_status"] == "INFEASIBLE":
                bound = k - 1
                k -= 1
                continue
            if case["placement"] is not None:
                val = var.score(R.trace(case["placement"]))
                if best is None or val > best:
                    placement, best = case["placement"], val
            break
        proof["cases"] = cases
        proof["method"] = (f"loop packing <= {cases[0]['case'].split()[0] if cases else bound}; cycle "
                           f"model (a placement with as many loops as the packing bound has only "
                           f"simple loops): INFEASIBLE for more than {bound}")
    else:
        lower = best + 1 if best is not None else None
        r = run_cpsat(number, var, time_limit=time_limit, workers=workers, seed=seed, hint=start,
                      lower=lower, upper=bound, desc=f"{number} {var.name}",
                      symmetry=(number, var.name) in TURN_INVARIANT)
        solver_info = r["params"]
        cp_bound = None
        if r["status"] == "INFEASIBLE":
            cp_bound = best if best is not None else None
            proof["method"] = (f"the challenge's CP-SAT model with objective >= {lower} is INFEASIBLE"
                               if lower is not None else "the model is INFEASIBLE")
        else:
            if r["placement"] is not None:
                val = var.score(R.trace(r["placement"]))
                if best is None or val > best:
                    placement, best = r["placement"], val
            if r["bound"] is not None:
                cp_bound = max(r["bound"], best) if best is not None else r["bound"]
            if r["status"] == "OPTIMAL":
                proof["method"] = "the challenge's CP-SAT model, solved to optimality"
            else:
                proof["method"] = f"the challenge's CP-SAT model ({r['status']} at the time limit)"
        if cp_bound is not None and (bound is None or cp_bound < bound):
            bound = cp_bound
            proof["bound_by"] = "CP-SAT"
    if placement is None:
        fail(f"challenge {number} {var.name}: no placement found within {time_limit:g} s")
    status = "optimal" if bound is not None and best >= bound else "best+bound"
    return _cert(number, var.name, status, best, bound, placement, proof, solver_info, t0, command)


class _TurnedCopies:
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


# a path is never its own image under a quarter turn (no stop or circle is fixed by a half turn),
# so 23 needs no disjointness; four loops need it
TURNED_MODELS = {(23, "segments"): _TurnedCopies("path", (1,), False),
                 (22, "loops"): _TurnedCopies("loop", (1, 2, 3), True)}


def _cert(number, variant, status, value, bound, placement, proof, solver, t0, command) -> dict:
    return {"challenge": number, "variant": variant, "status": status, "value": value,
            "bound": bound, "proof": proof, "solver": solver,
            "seconds": round(time.perf_counter() - t0, 1), "command": command,
            "placement": placement}
