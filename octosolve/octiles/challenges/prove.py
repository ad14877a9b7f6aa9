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

import time
from dataclasses import dataclass

from octosolve.core.batch import run_batch
from octosolve.core.errors import fail

from .. import rules as R
from .bounds import end_distributions, local_table
from .catalogue import get_variant
from .certificates import load_certificate
from .arguments import (N_PATHS, cycles, loop_packing_bound, one_tile_bound,  # noqa: F401
                        prove_loops_by_cycles, static_bound)
from .geometry import SP, STUBS, B
from .runner import run_cpsat
from .symmetry import (TURN_INVARIANT, break_turn_symmetry, canonical_turn,  # noqa: F401
                       turn_placement)

__all__ = ["prove_variant", "ProofContext", "strategies", "start_placement", "run_cpsat", "prove_12_cases", "TURNED_MODELS",
           # re-exported from .arguments and .symmetry
           "N_PATHS", "cycles", "loop_packing_bound", "one_tile_bound", "prove_loops_by_cycles",
           "static_bound", "TURN_INVARIANT", "break_turn_symmetry", "canonical_turn", "turn_placement"]


# ---------------------------------------------------------------------------------------------
# a variant's own proof strategy


@dataclass
class ProofContext:
    """What a strategy gets: the variant, the best value and placement so far (re-scored by the
    tracer), the proven bound so far, and the run's limits."""
    number: int
    var: object
    best: int | None
    start: object
    bound: int | None
    time_limit: float
    workers: int
    seed: int
    scheduler: str | None


def strategies() -> dict:
    """{(challenge, variant): strategy(ctx) -> dict}. A strategy returns what it proved:
    ``bound`` (a proven upper bound, or None), ``placement`` (a better placement or None; the
    caller re-scores it with the tracer), ``method`` (one line: what settled it), and optionally
    ``cases``, ``bound_by``, ``argument``, ``solver`` (parameters)."""
    from . import proofs_groups, proofs_paths, proofs_readings, proofs_shapes
    return {**proofs_paths.STRATEGIES, **proofs_groups.STRATEGIES, **proofs_shapes.STRATEGIES,
            **proofs_readings.STRATEGIES}


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
    from .search import stored_start
    st = stored_start(number, variant)
    if st is not None:
        return (R.validate_placement(st["placement"], full=True),
                f"started from data/octiles/starts/challenge{number:02d}-{variant}.json ({st['note']})")
    return None, "from scratch (no stored placement)"


# ---------------------------------------------------------------------------------------------
# challenge 12: split by where the path's two ends are


def _case_12(args):
    space, best, time_limit, workers, seed = args
    from .cpsat import Chain
    from .geometry import CROSSING

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
    if (number, var.name) in strategies():
        # a variant's own proof (``proofs_paths``/``proofs_groups``/``proofs_readings``): it
        # returns what it proved
        out = strategies()[number, var.name](ProofContext(
            number=number, var=var, best=best, start=start, bound=bound, time_limit=time_limit,
            workers=workers, seed=seed, scheduler=scheduler))
        solver_info = out.get("solver", {})
        proof.update({k: out[k] for k in ("method", "cases", "bound_by", "argument") if k in out})
        if out.get("placement") is not None:
            val = var.score(R.trace(out["placement"]))      # re-scored by the tracer, not trusted
            if best is None or val > best:
                placement, best = out["placement"], val
        if out.get("bound") is not None and (bound is None or out["bound"] < bound):
            bound = out["bound"]
    elif ch.method == "search":
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


class _TurnedRoute:
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


class _TurnedOneStop:
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


# a path is never its own image under a quarter turn (no stop or circle is fixed by a half turn),
# so 23 needs no disjointness; four loops need it
TURNED_MODELS = {(23, "segments"): _TurnedCopies("path", (1,), False),
                 (22, "loops"): _TurnedCopies("loop", (1, 2, 3), True),
                 (23, "routes"): _TurnedRoute(False), (23, "circuits"): _TurnedRoute(True),
                 (23, "one-stop-circuits"): _TurnedOneStop()}


def _cert(number, variant, status, value, bound, placement, proof, solver, t0, command) -> dict:
    return {"challenge": number, "variant": variant, "status": status, "value": value,
            "bound": bound, "proof": proof, "solver": solver,
            "seconds": round(time.perf_counter() - t0, 1), "command": command,
            "placement": placement}
