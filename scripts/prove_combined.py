"""Settle the combined challenges (issue 19, item 1) and write their certificates.

    nice python scripts/prove_combined.py [--only 7:with-9,25:with-26] [--time-limit 600]
        [--highs-time-limit 600] [--workers 2] [--seed 0]

* 7 with 8, 9, 10, 16 (:mod:`octosolve.octiles.challenges.combined`): CP-SAT maximises the other
  challenge's count with 7 holding. When the value reaches the other challenge's own proven bound,
  that bound's witness is stored as a ``relaxation`` witness (the combined score never exceeds the
  other challenge's). Otherwise the model with ``objective >= value + 1`` is run again and, when
  CP-SAT says INFEASIBLE, re-proved by HiGHS on the same model written as a MIP
  (:mod:`octosolve.octiles.challenges.mip`); the claims go into a ``solver`` witness with the
  relaxation as its checked ``partial``.
* 25-29 in combination: the conjunction of the exact models. A solution is re-checked by the
  tracer (``yes``); INFEASIBLE (``no``) is re-proved by HiGHS on the MIP of the same model and, for
  the pairs with 26, by CP-SAT on a second model (26 without its path numbers: a relaxation, so its
  INFEASIBLE proves the same); every claim goes into the certificate's ``proof.claims``.

One solver at a time; the certificates go to data/octiles/certificates/ (``octosolve octiles verify``
re-checks them).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from octosolve.octiles import rules as R
from octosolve.octiles.challenges.catalogue import get_variant
from octosolve.octiles.challenges.certificates import load_certificate, save_certificate
from octosolve.octiles.challenges.combined import COMBINED_WHOLE, SEVEN_WITH
from octosolve.octiles.challenges.combined_models import WHOLE_BUILDS, whole_build
from octosolve.octiles.challenges.runner import run_cpsat
from octosolve.octiles.challenges.witness import COMBINED, check

CP_MODEL = "the conjunction of the challenges' exact CP-SAT models (combined_models.whole_build)"
MIP = ("HiGHS (scipy.optimize.milp) on the same model written as a MIP by "
       "octosolve/octiles/challenges/mip.py (big-M rows for enforced linear constraints)")


def _highs(var, lower, time_limit) -> dict:
    from octosolve.octiles.challenges.cpsat import Skeleton
    from octosolve.octiles.challenges.mip import highs_feasible
    sk = Skeleton()
    obj = var.build(sk)
    if lower is not None:
        sk.m.Add(obj >= lower)
    r = highs_feasible(sk.m, time_limit=time_limit)
    r.pop("solution", None)
    return r


def _command(a, key) -> str:
    return (f"python scripts/prove_combined.py --only {key[0]}:{key[1]} --time-limit {a.time_limit:g} "
            f"--highs-time-limit {a.highs_time_limit:g} --workers {a.workers} --seed {a.seed}")


def seven(a, name) -> dict:
    t0 = time.perf_counter()
    ch, var = get_variant(7, name)
    other = COMBINED[7, name]
    ocert = load_certificate(*other)
    hint = load_certificate(SEVEN_WITH[name][0], "pairs-0" if name == "with-8" else other[1])
    r = run_cpsat(7, var, time_limit=a.time_limit, workers=a.workers, seed=a.seed,
                  hint=hint["placement"] if hint else None, desc=f"7 {name}")
    if r["placement"] is None:
        raise SystemExit(f"7 {name}: no placement in {a.time_limit} s ({r['status']})")
    placement = r["placement"]
    value = var.score(R.trace(placement))
    relax = {"kind": "relaxation", "of": list(other), "bound": ocert["bound"],
             "argument": f"the combined score is the count of {other[0]} {other[1]} (0 when 7 "
                         f"fails), so {other[0]} {other[1]}'s bound holds for it",
             "witness": json.loads(json.dumps(_witness_of(other)))}
    proof = {"start": f"hinted with the stored placement of {hint['file']}" if hint else "from scratch",
             "method": f"the combination's CP-SAT model ({r['status']})",
             "cpsat": {k: r[k] for k in ("status", "objective", "bound", "seconds")}}
    solver = r["params"]
    if value >= relax["bound"]:
        bound, witness = relax["bound"], relax
        proof["method"] += f"; it reaches the bound of {other[0]} {other[1]}"
        proof["bound_by"] = f"relaxation: the bound of {other[0]} {other[1]}"
    else:
        rr = run_cpsat(7, var, time_limit=a.time_limit, workers=a.workers, seed=a.seed,
                       lower=value + 1, desc=f"7 {name} >= {value + 1}")
        claims = [{"solver": "CP-SAT", "model": f"the combination's CP-SAT model "
                   f"(combined_models.seven_with_build), objective >= {value + 1}",
                   "status": rr["status"], "seconds": rr["seconds"], "command": _command(a, (7, name))}]
        print(f"7 {name}: CP-SAT >= {value + 1}: {rr['status']} {rr['seconds']} s", flush=True)
        attempts = []
        if rr["status"] == "INFEASIBLE":
            h = _highs(var, value + 1, a.highs_time_limit)
            print(f"7 {name}: HiGHS >= {value + 1}: {h['status']} {h['seconds']} s", flush=True)
            h = {"solver": "HiGHS", **h, "formulation": MIP + f"; objective >= {value + 1}"}
            (claims if h["status"] == "INFEASIBLE" else attempts).append(h)
            bound = value
            proof["method"] += f"; with objective >= {value + 1} INFEASIBLE"
            proof["bound_by"] = "CP-SAT" + (" + HiGHS" if len(claims) > 1 else "")
        else:
            bound = rr["bound"] if rr["bound"] is not None else relax["bound"]
            bound = min(bound, relax["bound"])
            proof["method"] += f"; objective >= {value + 1}: {rr['status']}"
        if bound >= relax["bound"]:
            witness = relax
        else:
            witness = {"kind": "solver", "tag": f"7 {name}", "at_least": bound + 1, "claims": claims,
                       "rests_on": "cp-sat + HiGHS" if len(claims) > 1 else "cp-sat only",
                       "partial": relax, "bound": bound}
            if attempts:
                witness["attempts"] = attempts
    status = "optimal" if value >= bound else "best+bound"
    cert = {"challenge": 7, "variant": name, "status": status, "value": value, "bound": bound,
            "proof": proof, "bound_witness": witness, "solver": solver,
            "seconds": round(time.perf_counter() - t0, 1), "command": _command(a, (7, name)),
            "placement": placement}
    v = check(7, name, witness)
    if not v.ok or v.bound != bound:
        raise SystemExit(f"7 {name}: the witness does not check: {v.problems}")
    return cert


def _witness_of(key):
    p = load_certificate(*key)
    from octosolve.octiles.challenges.certificates import cert_path
    d = json.loads(cert_path(*key).read_text(encoding="utf-8"))
    if d.get("bound_witness") is None:
        raise SystemExit(f"{key}: no bound witness stored")
    assert p is not None
    return d["bound_witness"]


def whole(a, key) -> dict:
    t0 = time.perf_counter()
    n, name = key
    nums = COMBINED_WHOLE[key]
    ch, var = get_variant(n, name)
    hint = None
    for m in nums:                      # start from a stored answer of one of the conditions
        c = load_certificate(m, "whole-board")
        if c is not None and c.get("placement") is not None:
            hint = c["placement"]
            break
    r = run_cpsat(n, var, time_limit=a.time_limit, workers=a.workers, seed=a.seed, hint=hint,
                  desc=f"{n} {name}")
    print(f"{n} {name}: CP-SAT {r['status']} {r['seconds']} s", flush=True)
    cmd = _command(a, key)
    base = {"challenge": n, "variant": name, "value": None, "bound": None, "solver": r["params"],
            "command": cmd}
    if r["placement"] is not None:
        if not var.check(R.trace(r["placement"])):
            raise SystemExit(f"{n} {name}: the tracer rejects CP-SAT's placement")
        return {**base, "status": "yes", "proof": {
            "start": f"hinted with the stored placement of {nums[0]}" if hint else "from scratch",
            "method": f"a placement found by {CP_MODEL}; the tracer checks every condition"},
            "seconds": round(time.perf_counter() - t0, 1), "placement": r["placement"]}
    if r["status"] != "INFEASIBLE":
        raise SystemExit(f"{n} {name}: {r['status']} after {a.time_limit} s: not settled")
    claims = [{"solver": "CP-SAT", "formulation": CP_MODEL + ": " + ", ".join(map(str, nums)),
               "status": "INFEASIBLE", "seconds": r["seconds"]}]
    attempts = []
    if 26 in nums:                      # a second CP-SAT model: 26 without the path numbers
        from octosolve.octiles.challenges.wholeboard import model26
        relaxed = dict(WHOLE_BUILDS, **{26: lambda sk: model26(sk, numbers=False)})

        class _Relaxed:
            name = "relaxed"
            build = staticmethod(whole_build(nums, relaxed))
        rr = run_cpsat(n, _Relaxed, time_limit=a.time_limit, workers=a.workers, seed=a.seed,
                       desc=f"{n} {name} relaxed")
        print(f"{n} {name}: CP-SAT relaxed {rr['status']} {rr['seconds']} s", flush=True)
        c = {"solver": "CP-SAT", "formulation": "a relaxation: 26 without its path numbers (a path may "
             "lean on a mirror image elsewhere; wholeboard.model26(numbers=False)) with the other "
             "exact models", "status": rr["status"], "seconds": rr["seconds"]}
        (claims if rr["status"] == "INFEASIBLE" else attempts).append(c)
    h = _highs(var, None, a.highs_time_limit)
    print(f"{n} {name}: HiGHS {h['status']} {h['seconds']} s", flush=True)
    h = {"solver": "HiGHS", **h, "formulation": MIP}
    (claims if h["status"] == "INFEASIBLE" else attempts).append(h)
    solvers = {c["solver"] for c in claims}
    proof = {"start": "from scratch", "method": f"{CP_MODEL} is INFEASIBLE",
             "claims": claims, "rests_on": "cp-sat + HiGHS" if "HiGHS" in solvers else "cp-sat only"}
    if attempts:
        proof["attempts"] = attempts
    return {**base, "status": "no", "proof": proof, "seconds": round(time.perf_counter() - t0, 1),
            "placement": None}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="", help="comma-separated N:variant (default: all)")
    ap.add_argument("--time-limit", type=float, default=600.0, help="seconds per CP-SAT run")
    ap.add_argument("--highs-time-limit", type=float, default=600.0, help="seconds per HiGHS run")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    keys = [(7, v) for v in SEVEN_WITH] + list(COMBINED_WHOLE)
    if a.only:
        want = {(int(x.split(":")[0]), x.split(":")[1]) for x in a.only.split(",") if x.strip()}
        bad = want - set(keys)
        if bad:
            print(f"unknown combination(s): {sorted(bad)}", file=sys.stderr)
            return 2
        keys = [k for k in keys if k in want]
    for key in keys:
        cert = seven(a, key[1]) if key[0] == 7 else whole(a, key)
        p = save_certificate(cert)
        print(f"{p.name}: {cert['status']} value {cert['value']} bound {cert['bound']} "
              f"({cert['seconds']} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
