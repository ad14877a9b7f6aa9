"""``octosolve octiles prove``: the long searches that settle the challenges, each ending in a
certificate (:mod:`.certificates`) that the report and ``challenge N`` re-check with the tracer.

:func:`prove_variant` is one fixed pipeline over a variant's declaration in :mod:`.catalogue` (the
fields of :class:`~.model.Proof`); nothing here is particular to a challenge. The strongest argument
that applies is used, and recorded:

1. **start**: the placement of the existing certificate (or, the first time, of the committed result
   file, or of a stored start), unless ``fresh``; its value is re-scored by the tracer. A yes/no
   question (4, 8, 25-29) is settled here by a placement the tracer accepts (``yes``), else by its
   declared strategy (the combinations of 25-29: :mod:`.proofs_combined`) or the challenge's CP-SAT
   model (a placement, or INFEASIBLE: ``no``).
2. **bound argument** (``bound_argument``: a counting bound of :mod:`.bounds`, or an argument of
   :mod:`.arguments`): proven without search; when it equals the start's value the variant is
   optimal at once.
3. **turned model** (``turned_model``, 22 loops and 23): a component and its turned copies, for half
   the time; a better placement becomes the start.
4. **strategy** (``strategy``): the variant's own proof, ``strategy(ctx: ProofContext) -> dict``, in
   a proofs module (:mod:`.proofs_paths`: the port-balance relaxation, 14's case split, 12's end
   split; :mod:`.proofs_loops`: 3's cycle model; :mod:`.proofs_groups`, :mod:`.proofs_shapes`,
   :mod:`.proofs_readings`, :mod:`.proofs_combined`: 7 with 8, 9, 10, 16). Without one (or when it returns None: it does not apply), the method's
   default: :func:`prove_by_model` (the challenge's CP-SAT model, hinted with the start, with
   ``objective >= best + 1`` and ``objective <= bound``: INFEASIBLE proves the start optimal,
   otherwise CP-SAT's bound and any better placement are kept; the quarter-turn symmetry broken for
   a ``turn_invariant`` variant) or :func:`prove_by_search` (annealing from the start; the bound is
   the bound argument's).
5. **certificate**: every placement a step returns is re-scored by the tracer (never trusted); the
   bound is the smallest proven; ``optimal`` when the best value reaches it, else ``best+bound``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from octosolve.core.errors import fail

from .. import rules as R
from .catalogue import get_variant
from .certificates import load_certificate
from .arguments import (N_PATHS, cycles, loop_packing_bound, one_tile_bound,  # noqa: F401
                        prove_loops_by_cycles)
from .runner import run_cpsat
from .symmetry import break_turn_symmetry, canonical_turn, turn_placement  # noqa: F401

__all__ = ["prove_variant", "ProofContext", "prove_by_model", "prove_by_search", "DEFAULT_STRATEGY",
           "PROOF_KEYS", "start_placement", "run_cpsat",
           "static_bound",
           # re-exported from .arguments and .symmetry
           "N_PATHS", "cycles", "loop_packing_bound", "one_tile_bound", "prove_loops_by_cycles",
           "break_turn_symmetry", "canonical_turn", "turn_placement"]


# ---------------------------------------------------------------------------------------------
# what a strategy gets and returns


def static_bound(number: int, variant: str, workers: int = 1) -> dict | None:
    """A proven bound for a variant without a model: what its declared ``bound_argument`` proves
    (:class:`~.model.Proof`; the counting/assignment bound or an argument particular to the
    variant). None when none is declared."""
    return get_variant(number, variant)[1].static_bound(workers)


@dataclass
class ProofContext:
    """What a strategy gets: the variant, the best value and placement so far (re-scored by the
    tracer), the proven bound so far (and the name of its argument), and the run's limits."""
    number: int
    var: object
    best: int | None
    start: object
    bound: int | None
    time_limit: float
    workers: int
    seed: int
    scheduler: str | None
    bound_by: str | None = None
    fresh: bool = False                 # --fresh: no stored placement (of any challenge) as a hint

    @staticmethod
    def declared(number: int, variant: str):
        """Another question's declaration (a strategy reads the catalogue through its context,
        never by importing it: the catalogue refers to the strategies)."""
        return get_variant(number, variant)[1]

    @staticmethod
    def declared_witness(number: int, variant: str) -> tuple | None:
        """The bound witness another question declares (for :func:`.witness.check`: a strategy
        reads the catalogue through its context, never by importing it)."""
        from .verify import declared_witness
        return declared_witness(number, variant)


# A strategy returns what it proved, or None when it does not apply (the method's default runs):
# ``bound`` (a proven upper bound, or None), ``placement`` (a better placement or None; the pipeline
# re-scores it with the tracer), ``solver`` (parameters), and the certificate's proof entries
# PROOF_KEYS: ``method`` (one line: what settled it), optionally ``cases``, ``bound_by``,
# ``argument``. They are recorded in the order of PROOF_KEYS, or of ``proof_order`` when given
# (which may name more entries, and ``start`` to say what its search started from). A strategy may
# return its ``bound_witness`` too (the combinations of 7). The strategy of a yes/no question runs
# when no stored placement meets the condition: it returns a ``placement`` (yes; re-checked by the
# tracer) or ``infeasible: True`` (no), with the same proof entries.
PROOF_KEYS = ("method", "cases", "bound_by", "argument")


def _proof_entries(proof: dict, out: dict) -> None:
    """A strategy's proof entries into the certificate's proof (a ``start`` of None keeps the
    pipeline's)."""
    for k in out.get("proof_order", PROOF_KEYS):
        if k in out and not (k == "start" and out[k] is None):
            proof[k] = out[k]
    proof.update({k: out[k] for k in PROOF_KEYS if k in out and k not in proof})


def prove_by_model(ctx: ProofContext) -> dict:
    """The default of a CP-SAT challenge: its model, hinted with the start, with ``objective >= best
    + 1`` and ``objective <= bound`` added."""
    var, best = ctx.var, ctx.best
    lower = best + 1 if best is not None else None
    r = run_cpsat(ctx.number, var, time_limit=ctx.time_limit, workers=ctx.workers, seed=ctx.seed,
                  hint=ctx.start, lower=lower, upper=ctx.bound, desc=f"{ctx.number} {var.name}",
                  symmetry=var.turn_invariant)
    out: dict = {"solver": r["params"]}
    cp_bound = None
    if r["status"] == "INFEASIBLE":
        cp_bound = best if best is not None else None
        out["method"] = (f"the challenge's CP-SAT model with objective >= {lower} is INFEASIBLE"
                         if lower is not None else "the model is INFEASIBLE")
    else:
        if r["placement"] is not None:
            val = var.score(R.trace(r["placement"]))
            if best is None or val > best:
                out["placement"], best = r["placement"], val
        if r["bound"] is not None:
            cp_bound = max(r["bound"], best) if best is not None else r["bound"]
        if r["status"] == "OPTIMAL":
            out["method"] = "the challenge's CP-SAT model, solved to optimality"
        else:
            out["method"] = f"the challenge's CP-SAT model ({r['status']} at the time limit)"
    if cp_bound is not None and (ctx.bound is None or cp_bound < ctx.bound):
        out["bound"] = cp_bound
        out["bound_by"] = "CP-SAT"
    return out


def prove_by_search(ctx: ProofContext) -> dict:
    """The default of a local-search challenge: annealing from the start (stopping at the bound)."""
    from .search import anneal, budget, traced
    fn = ctx.var.search or traced(ctx.var.score)
    found, _, n = anneal(fn, steps=budget(ctx.var, ctx.time_limit), seed=ctx.seed, start=ctx.start,
                         target=ctx.bound)
    return {"placement": found,
            "solver": {"local_search": "simulated annealing", "seconds": ctx.time_limit,
                       "seed": ctx.seed, "evaluations": n},
            "method": "best found by local search" + (f"; bound: {ctx.bound_by}" if ctx.bound_by
                                                      else "; no bound known")}


DEFAULT_STRATEGY = {"cpsat": prove_by_model, "search": prove_by_search}   # by the challenge's method


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
# one variant: the pipeline


def prove_variant(number: int, variant: str | None, *, time_limit: float = 600.0, workers: int = 1,
                  seed: int = 0, fresh: bool = False, scheduler: str | None = None,
                  command: str = "") -> dict:
    """Run the proof of one variant and return its certificate (not yet written)."""
    ch, var = get_variant(number, variant)
    if ch.method == "bfs":
        fail("challenge 1 needs no certificate: its BFS runs in seconds and is exact")
    t0 = time.perf_counter()
    # 1. start
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
    if var.check is not None:
        ctx = ProofContext(number=number, var=var, best=None, start=None, bound=None,
                           time_limit=time_limit, workers=workers, seed=seed, scheduler=scheduler,
                           fresh=fresh)
        return _yes_or_no(ctx, start, proof, t0, command)

    # 2. the declared bound argument
    bound_info = var.static_bound(workers)
    bound = bound_info["bound"] if bound_info else None
    placement = start
    if bound_info:
        proof["bound_by"] = bound_info["method"]
        proof["argument"] = bound_info["argument"]
    if best is not None and bound is not None and best >= bound:
        proof["method"] = f"{bound_info['method']}: the stored placement reaches it"
        return _cert(number, var.name, "optimal", best, bound, placement, proof, {}, t0, command)

    # 3. the declared turned-copies model: a good start
    if var.turned_model is not None:
        r = run_cpsat(number, var.turned_model(), time_limit=time_limit / 2,
                      workers=workers, seed=seed, desc=f"{number} turned copies")
        if r["placement"] is not None:
            val = var.score(R.trace(r["placement"]))
            if best is None or val > best:
                placement, best, start = r["placement"], val, r["placement"]
        proof["turned_copies_model"] = {"solver_status": r["status"], "objective": r["objective"],
                                        "seconds": r["seconds"], "time_limit": time_limit / 2}
        time_limit = time_limit / 2

    # 4. the declared strategy, or the method's default
    ctx = ProofContext(number=number, var=var, best=best, start=start, bound=bound,
                       time_limit=time_limit, workers=workers, seed=seed, scheduler=scheduler,
                       bound_by=bound_info["method"] if bound_info else None, fresh=fresh)
    out = var.strategy(ctx) if var.strategy is not None else None
    if out is None:
        out = DEFAULT_STRATEGY[ch.method](ctx)

    # 5. the certificate: placements re-scored by the tracer, the smallest proven bound
    solver_info = out.get("solver", {})
    _proof_entries(proof, out)
    if out.get("placement") is not None:
        val = var.score(R.trace(out["placement"]))      # re-scored by the tracer, not trusted
        if best is None or val > best:
            placement, best = out["placement"], val
    if out.get("bound") is not None and (bound is None or out["bound"] < bound):
        bound = out["bound"]
    if placement is None:
        fail(f"challenge {number} {var.name}: no placement found within {time_limit:g} s")
    status = "optimal" if bound is not None and best >= bound else "best+bound"
    cert = _cert(number, var.name, status, best, bound, placement, proof, solver_info, t0, command)
    if out.get("bound_witness") is not None:
        if out.get("bound") != bound:
            fail(f"challenge {number} {var.name}: the strategy's witness proves {out.get('bound')}, "
                 f"the certificate says {bound}")
        cert["bound_witness"] = out["bound_witness"]
    return cert


def _yes_or_no(ctx, start, proof, t0, command) -> dict:
    """A yes/no question: the stored placement if the tracer accepts it, else the declared strategy,
    or the challenge's CP-SAT model (a placement: yes; INFEASIBLE: no)."""
    number, var, time_limit = ctx.number, ctx.var, ctx.time_limit
    workers, seed = ctx.workers, ctx.seed
    solver_info: dict = {}
    placement = start
    out = var.strategy(ctx) if start is None and var.strategy is not None else None
    if out is not None:
        solver_info = out.get("solver", {})
        _proof_entries(proof, out)
        if out.get("infeasible"):
            return _cert(number, var.name, "no", None, None, None, proof, solver_info, t0, command)
        placement = out.get("placement")
        if placement is None:
            fail(f"challenge {number} {var.name}: the strategy gave neither a placement nor a 'no'")
    elif start is None:
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


def _cert(number, variant, status, value, bound, placement, proof, solver, t0, command) -> dict:
    return {"challenge": number, "variant": variant, "status": status, "value": value,
            "bound": bound, "proof": proof, "solver": solver,
            "seconds": round(time.perf_counter() - t0, 1), "command": command,
            "placement": placement}
