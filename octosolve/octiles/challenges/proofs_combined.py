"""The proofs of the combined challenges (:mod:`.combined`, declared in :mod:`.catalogue`):
the strategies ``octosolve octiles prove 7 --question with-9`` and ``prove 25 --question with-26``
run (:mod:`.prove`).

* 7 with 8, 9, 10, 16 (:func:`prove_seven_with`): CP-SAT maximises the other challenge's count with
  7 holding, hinted with the start (the combination's own certificate) or, the first time, with the
  other challenge's stored placement. When the value reaches the other challenge's own proven bound,
  that bound's witness is stored as a ``relaxation`` witness (the combined score never exceeds the
  other challenge's). Otherwise the flow MIP (:class:`~.combined_flow.SevenFlow`, HiGHS) is run from
  ``value + 1`` up, then the CP-SAT model with ``objective >= value + 1``; an INFEASIBLE is a claim
  of a ``solver`` witness with the relaxation as its checked ``partial``.
* 25-29 in combination (:func:`prove_whole`): the conjunction of the exact models. A solution is
  re-checked by the tracer (``yes``). INFEASIBLE (``no``) is asked again of a second formulation
  (the ``second_model`` 26-28 declare: 27 and 28 by reachability booleans instead of integer labels,
  26 without its path numbers, a relaxation), by CP-SAT and by HiGHS on its MIP (:mod:`.mip`);
  with no second formulation (25 and 29 only) HiGHS gets the MIP of the same model. Every claim goes
  into the certificate's ``proof.claims``, a run that did not say INFEASIBLE into ``proof.attempts``.
  A near miss kept in ``data/octiles/hints/challengeNN-VARIANT-near.json`` (made by
  :func:`near_miss`) is the hint when there is one, and then the exact models run first.

One solver at a time; each CP-SAT run gets ``ctx.time_limit`` seconds, each HiGHS run
``highs_time_limit`` (default: the same).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from octosolve.core.errors import fail

from .. import rules as R
from .certificates import cert_path, load_certificate
from .combined import SEVEN_WITH
from .combined_models import whole_build
from .runner import run_cpsat

__all__ = ["prove_seven_with", "prove_whole", "near_miss", "hint_path", "highs_on_model"]

CP_MODEL = "the conjunction of the challenges' exact CP-SAT models (combined_models.whole_build)"
FLOW = ("HiGHS (scipy.optimize.milp) on the flow MIP combined_flow.SevenFlow (16's flow with the tiles "
        "for the other challenge's pairs, plus a circle commodity: every circle stub a source or a sink)")
MIP = ("HiGHS (scipy.optimize.milp) on the same model written as a MIP by "
       "octosolve/octiles/challenges/mip.py (big-M rows for enforced linear constraints)")


def highs_on_model(var, lower, time_limit) -> dict:
    """HiGHS on ``var``'s CP-SAT model written as a MIP (with ``objective >= lower``)."""
    from .cpsat import Skeleton
    from .mip import highs_feasible
    sk = Skeleton()
    obj = var.build(sk)
    if lower is not None:
        sk.m.Add(obj >= lower)
    r = highs_feasible(sk.m, time_limit=time_limit)
    r.pop("solution", None)
    return r


def _witness_of(key) -> dict:
    """The bound witness stored in the certificate of ``key`` (the raw JSON)."""
    p = cert_path(*key)
    d = json.loads(p.read_text(encoding="utf-8")) if p.exists() else {}
    if d.get("bound_witness") is None:
        fail(f"{key[0]} {key[1]}: no bound witness stored in {p.name}")
    return d["bound_witness"]


# ---------------------------------------------------------------------------------------------
# 7 with 8, 9, 10, 16


def prove_seven_with(ctx, highs_time_limit: float | None = None) -> dict:
    """7 with X: CP-SAT, then (below X's bound) the flow MIP and CP-SAT from ``value + 1`` up."""
    from .witness import check
    var, name = ctx.var, ctx.var.name
    htl = ctx.time_limit if highs_time_limit is None else highs_time_limit
    other = tuple(var.witness[1:])     # the question its bound relaxes to (declared: "combined")
    ocert = load_certificate(*other)
    if ocert is None or ocert.get("bound") is None:
        fail(f"7 {name}: the certificate of {other[0]} {other[1]} (its bound) is needed first")
    hint, out = ctx.start, {}
    if hint is None and not ctx.fresh:          # the first time: the other challenge's answer
        h = load_certificate(SEVEN_WITH[name][0], "pairs-0" if name == "with-8" else other[1])
        if h is not None:
            hint, out["start"] = h["placement"], f"hinted with the stored placement of {h['file']}"
    r = run_cpsat(7, var, time_limit=ctx.time_limit, workers=ctx.workers, seed=ctx.seed,
                  hint=hint, desc=f"7 {name}")
    placement, value = ctx.start, ctx.best
    if r["placement"] is not None and (value is None or var.score(R.trace(r["placement"])) > value):
        placement, value = r["placement"], var.score(R.trace(r["placement"]))
    if placement is None:
        fail(f"7 {name}: no placement in {ctx.time_limit:g} s ({r['status']})")
    relax = {"kind": "relaxation", "of": list(other), "bound": ocert["bound"],
             "argument": f"the combined score is the count of {other[0]} {other[1]} (0 when 7 "
                         f"fails), so {other[0]} {other[1]}'s bound holds for it",
             "witness": json.loads(json.dumps(_witness_of(other)))}
    out.update({"method": f"the combination's CP-SAT model ({r['status']})",
                "cpsat": {k: r[k] for k in ("status", "objective", "bound", "seconds")},
                "solver": r["params"], "proof_order": ("start", "method", "cpsat", "bound_by",
                                                       "attempts")})
    if value >= relax["bound"]:
        out["method"] += f"; it reaches the bound of {other[0]} {other[1]}"
        out["bound_by"] = f"relaxation: the bound of {other[0]} {other[1]}"
        bound, witness = relax["bound"], relax
    else:
        placement, value, bound, witness = _seven_above(ctx, placement, value, relax, htl, out)
    out.update(placement=placement, bound=bound, bound_witness=witness)
    v = check(7, name, witness, ctx.declared_witness)
    if not v.ok or v.bound != bound:
        fail(f"7 {name}: the witness does not check: {v.problems}")
    return out


def _seven_above(ctx, placement, value, relax, htl, out):
    """Below the relaxation: the flow MIP (HiGHS, a second formulation) from ``value + 1`` up, then
    CP-SAT with ``objective >= value + 1``. Returns (placement, value, bound, witness)."""
    from .combined_flow import SevenFlow
    var, name = ctx.var, ctx.var.name
    claims, attempts = [], []
    while value < relax["bound"]:
        t1 = time.perf_counter()
        h = SevenFlow(SEVEN_WITH[name][1]).solve(lower=value + 1, time_limit=htl)
        rec = {"solver": "HiGHS", "formulation": FLOW + f"; paths >= {value + 1}",
               "status": h["status"], "seconds": round(time.perf_counter() - t1, 1), "time_limit": htl}
        if h["status"] == "INFEASIBLE":
            claims.append(rec)
            break
        if h.get("placement") is not None and var.score(R.trace(h["placement"])) > value:
            placement = h["placement"]
            value = var.score(R.trace(placement))
            rec["found"] = value
            attempts.append(rec)
            continue
        if h.get("bound") is not None:
            rec["dual_bound"] = h["bound"]
        attempts.append(rec)
        break
    if value < relax["bound"]:
        rr = run_cpsat(7, var, time_limit=ctx.time_limit, workers=ctx.workers, seed=ctx.seed,
                       lower=value + 1, desc=f"7 {name} >= {value + 1}")
        c = {"solver": "CP-SAT", "formulation": f"the combination's CP-SAT pairing model "
             f"(combined_models.seven_with_build), objective >= {value + 1}",
             "status": rr["status"], "seconds": rr["seconds"]}
        (claims if rr["status"] == "INFEASIBLE" else attempts).append(c)
    if claims:
        out["method"] += f"; paths >= {value + 1} INFEASIBLE (" + ", ".join(
            c["solver"] for c in claims) + ")"
        out["bound_by"] = " + ".join(c["solver"] for c in claims)
        solvers = {c["solver"] for c in claims}
        witness = {"kind": "solver", "tag": f"7 {name}", "at_least": value + 1, "claims": claims,
                   "rests_on": ("cp-sat + HiGHS" if solvers == {"CP-SAT", "HiGHS"} else
                                "cp-sat only" if solvers == {"CP-SAT"} else "HiGHS only"),
                   "partial": relax, "bound": value}
        if attempts:
            witness["attempts"] = attempts
        return placement, value, value, witness
    if any(c.get("dual_bound") is not None and max(value, c["dual_bound"]) < relax["bound"]
           for c in attempts):
        fail(f"7 {name}: a dual bound below the relaxation is not recorded as a witness: {attempts}")
    out["method"] += f"; paths >= {value + 1} not settled"
    out["attempts"] = attempts
    return placement, value, relax["bound"], relax


# ---------------------------------------------------------------------------------------------
# 25-29 in combination


def hint_path(number: int, variant: str) -> Path:
    """Where a near miss of a combination is kept (a hint for its exact models)."""
    from octosolve.core.paths import DATA_DIR
    return DATA_DIR / "octiles" / "hints" / f"challenge{number:02d}-{variant}-near.json"


def _whole_hint(ctx, nums):
    """(placement, its words, the exact models first?): a kept near miss, else the stored answer of
    one of the challenges combined (26's first: the hardest condition); none with ``fresh``."""
    if ctx.fresh:
        return None, None, False
    p = hint_path(ctx.number, ctx.var.name)
    if p.exists():
        pl = R.validate_placement(R.placement_from_json(json.loads(p.read_text(encoding="utf-8"))),
                                  full=True)
        return pl, f"data/octiles/hints/{p.name}", True
    for m in sorted(nums, key=lambda m: m != 26):
        c = load_certificate(m, "whole-board")
        if c is not None and c.get("placement") is not None:
            return c["placement"], str(m), False
    return None, None, False


def _label(c) -> str:
    second = "second formulation" in c["formulation"]
    if c["solver"] == "HiGHS":
        return "HiGHS on the MIP of the " + ("second formulation" if second else "exact models")
    return "CP-SAT on the " + ("second formulation" if second else "exact models")


def prove_whole(nums, ctx, highs_time_limit: float | None = None) -> dict:
    """One combination of 25-29 (its conditions ``nums``): the second formulation first (when there
    is one: it is lighter), then the conjunction of the exact models; a placement the tracer accepts
    settles yes, an INFEASIBLE is a claim, and with a claim HiGHS is asked too. Returns the yes/no
    strategy's answer: ``placement`` (yes) or ``infeasible`` (no), with the proof's entries."""
    var, n, name = ctx.var, ctx.number, ctx.var.name
    htl = ctx.time_limit if highs_time_limit is None else highs_time_limit
    hint, hint_of, exact_first = _whole_hint(ctx, nums)
    start = f"hinted with the stored placement of {hint_of}" if hint is not None else None
    whole = {m: ctx.declared(m, "whole-board") for m in nums}   # the conditions' declarations
    second = [m for m in nums if whole[m].second_model]
    # (the words the certificates record, the name of the old table included)
    words = ("a second formulation: " + "; ".join(whole[m].second_model[1] for m in second)
             + " (combined_models.SECOND_BUILDS), with the other exact models")

    class _Second:
        name = "second"
        build = staticmethod(whole_build(tuple(_second(whole[m]) for m in nums)))
    models = ([(words, _Second)] if second else []) + [(CP_MODEL + ": " + ", ".join(map(str, nums)), var)]
    if exact_first:
        models = models[::-1]
    claims, attempts, params = [], [], {}
    for form, model in models:
        # the relaxation of 26 may return a placement whose paths lean on mirror images elsewhere:
        # then it is asked again with other seeds, within the same time limit
        left, seed = ctx.time_limit, ctx.seed
        while True:
            r = run_cpsat(n, model, time_limit=left, workers=ctx.workers, seed=seed,
                          hint=hint if seed == ctx.seed else None, desc=f"{n} {name}")
            left -= r["seconds"]
            if (r["placement"] is None or var.check(R.trace(r["placement"])) or 26 not in second
                    or model is var or left < 10):
                break
            attempts.append({"solver": "CP-SAT", "formulation": form, "status": r["status"],
                             "seconds": r["seconds"], "seed": seed,
                             "note": "a placement of the relaxation that the tracer rejects"})
            seed += 1
        params = params or r["params"]
        c = {"solver": "CP-SAT", "formulation": form, "status": r["status"], "seconds": r["seconds"]}
        if r["placement"] is not None:
            if var.check(R.trace(r["placement"])):
                return {"placement": r["placement"], "solver": r["params"], "start": start,
                        "method": f"a placement found by CP-SAT on {form}; the tracer checks "
                                  f"every condition", "attempts": attempts,
                        "proof_order": ("start", "method", "attempts")}
            c["note"] = "a placement of the relaxation that the tracer rejects"
            attempts.append(c)
        elif r["status"] == "INFEASIBLE":
            claims.append(c)
        else:
            attempts.append(c)
    if not claims:
        fail(f"{n} {name}: not settled in {ctx.time_limit:g} s per model: "
             + "; ".join(f"{c['solver']} {c['status']}" for c in attempts))
    h = highs_on_model(_Second if second else var, None, htl)
    h = {"solver": "HiGHS", **h, "formulation": MIP.replace("the same model", words) if second else MIP}
    (claims if h["status"] == "INFEASIBLE" else attempts).append(h)
    solvers = {c["solver"] for c in claims}
    out = {"infeasible": True, "solver": params, "start": start or "from scratch",
           "method": "INFEASIBLE: " + ", ".join(_label(c) for c in claims), "claims": claims,
           "rests_on": "cp-sat + HiGHS" if "HiGHS" in solvers else "cp-sat only",
           "proof_order": ("start", "method", "claims", "rests_on", "attempts")}
    if attempts:
        out["attempts"] = attempts
    return out


def _second(var):
    """A whole-board question's model for the second formulation: its declared ``second_model``,
    else its own model."""
    return var.second_model[0] if var.second_model else var.build


def near_miss(other: int, path, *, declared, time_limit: float = 200.0, workers: int = 2,
              seed: int = 0) -> dict:
    """A hint for 26 with ``other`` (28, 29): ``other``'s condition hard, CP-SAT maximising the
    mirror-symmetric paths (26's soft model), hinted with 26's answer; the placement goes to
    ``path`` (as :func:`hint_path` names it, :func:`prove_whole` uses it). ``declared``: the
    catalogue's look-up (``prove.ProofContext.declared``). Returns the run."""
    from octosolve.core.files import atomic_write_text
    from .wholeboard import model26

    class _Soft:
        name = "soft"

        @staticmethod
        def build(sk):
            _second(declared(other, "whole-board"))(sk)
            return model26(sk, soft=True)
    hint = load_certificate(26, "whole-board")["placement"]
    r = run_cpsat(26, _Soft, time_limit=time_limit, workers=workers, seed=seed, hint=hint,
                  desc=f"26 soft with {other}")
    if r["placement"] is not None:
        atomic_write_text(Path(path), json.dumps(R.placement_to_json(r["placement"]), indent=1) + "\n")
    return r

