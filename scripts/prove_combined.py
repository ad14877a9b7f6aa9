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
  tracer (``yes``). INFEASIBLE (``no``) is asked again of a second formulation
  (``combined_models.SECOND_BUILDS``: 27 and 28 by reachability booleans instead of integer labels,
  26 without its path numbers, a relaxation), by CP-SAT and by HiGHS on its MIP
  (:mod:`octosolve.octiles.challenges.mip`); with no second formulation (25 and 29 only) HiGHS
  gets the MIP of the same model. Every claim goes into the certificate's ``proof.claims``, a run
  that did not say INFEASIBLE into ``proof.attempts``.

One solver at a time; the certificates go to data/octiles/certificates/ (``octosolve octiles verify``
re-checks them).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from octosolve.octiles import rules as R
from octosolve.octiles.challenges.catalogue import get_variant
from octosolve.octiles.challenges.certificates import load_certificate, save_certificate
from octosolve.octiles.challenges.combined import COMBINED_WHOLE, SEVEN_WITH
from octosolve.octiles.challenges.combined_models import SECOND_BUILDS, SECOND_WORDS, whole_build
from octosolve.octiles.challenges.runner import run_cpsat
from octosolve.octiles.challenges.witness import COMBINED, check

CP_MODEL = "the conjunction of the challenges' exact CP-SAT models (combined_models.whole_build)"
FLOW = ("HiGHS (scipy.optimize.milp) on the flow MIP combined_flow.SevenFlow (16's flow with the tiles "
        "for the other challenge's pairs, plus a circle commodity: every circle stub a source or a sink)")
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
            f"--highs-time-limit {a.highs_time_limit:g} --workers {a.workers} --seed {a.seed}"
            + (f" --hint {a.hint}" if a.hint else ""))


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
        # the flow MIP (HiGHS, a second formulation) from value + 1 up; then CP-SAT at the end
        from octosolve.octiles.challenges.combined_flow import SevenFlow
        claims, attempts = [], []
        while value < relax["bound"]:
            t1 = time.perf_counter()
            h = SevenFlow(SEVEN_WITH[name][1]).solve(lower=value + 1, time_limit=a.highs_time_limit)
            rec = {"solver": "HiGHS", "formulation": FLOW + f"; paths >= {value + 1}",
                   "status": h["status"], "seconds": round(time.perf_counter() - t1, 1),
                   "time_limit": a.highs_time_limit}
            print(f"7 {name}: HiGHS flow >= {value + 1}: {h['status']} {rec['seconds']} s", flush=True)
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
            rr = run_cpsat(7, var, time_limit=a.time_limit, workers=a.workers, seed=a.seed,
                           lower=value + 1, desc=f"7 {name} >= {value + 1}")
            c = {"solver": "CP-SAT", "formulation": f"the combination's CP-SAT pairing model "
                 f"(combined_models.seven_with_build), objective >= {value + 1}",
                 "status": rr["status"], "seconds": rr["seconds"]}
            print(f"7 {name}: CP-SAT >= {value + 1}: {rr['status']} {rr['seconds']} s", flush=True)
            (claims if rr["status"] == "INFEASIBLE" else attempts).append(c)
        if claims:
            bound = value
            proof["method"] += f"; paths >= {value + 1} INFEASIBLE (" + ", ".join(
                c["solver"] for c in claims) + ")"
            proof["bound_by"] = " + ".join(c["solver"] for c in claims)
        else:
            bound = relax["bound"]
            for c in attempts:
                if c.get("dual_bound") is not None:
                    bound = min(bound, max(value, c["dual_bound"]))
            proof["method"] += f"; paths >= {value + 1} not settled"
            proof["attempts"] = attempts
            if bound < relax["bound"]:
                raise SystemExit(f"7 {name}: a dual bound below the relaxation is not recorded as a "
                                 f"witness: {attempts}")
        if bound >= relax["bound"]:
            witness = relax
        else:
            solvers = {c["solver"] for c in claims}
            witness = {"kind": "solver", "tag": f"7 {name}", "at_least": bound + 1, "claims": claims,
                       "rests_on": ("cp-sat + HiGHS" if solvers == {"CP-SAT", "HiGHS"} else
                                    "cp-sat only" if solvers == {"CP-SAT"} else "HiGHS only"),
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


def _label(c) -> str:
    second = "second formulation" in c["formulation"]
    if c["solver"] == "HiGHS":
        return "HiGHS on the MIP of the " + ("second formulation" if second else "exact models")
    return "CP-SAT on the " + ("second formulation" if second else "exact models")


def whole(a, key) -> dict:
    """One combination of 25-29: the second formulation first (when there is one: it is lighter),
    then the conjunction of the exact models; a placement the tracer accepts settles yes, an
    INFEASIBLE is a claim, and with a claim HiGHS is asked too."""
    t0 = time.perf_counter()
    n, name = key
    nums = COMBINED_WHOLE[key]
    ch, var = get_variant(n, name)
    hint, hint_of = None, None
    for m in sorted(nums, key=lambda m: m != 26):   # 26's answer first: the hardest condition
        c = load_certificate(m, "whole-board")
        if c is not None and c.get("placement") is not None:
            hint, hint_of = c["placement"], m
            break
    if a.hint:                          # a placement from a file (e.g. a near miss of another run)
        hint = R.validate_placement(R.placement_from_json(json.loads(open(a.hint).read())), full=True)
        hint_of = a.hint
        models_first = "exact"
    else:
        models_first = "second"
    second = [m for m in nums if m in SECOND_WORDS]
    words = ("a second formulation: " + "; ".join(SECOND_WORDS[m] for m in second)
             + " (combined_models.SECOND_BUILDS), with the other exact models")

    class _Second:
        name = "second"
        build = staticmethod(whole_build(nums, SECOND_BUILDS))
    models = ([(words, _Second)] if second else []) + [(CP_MODEL + ": " + ", ".join(map(str, nums)), var)]
    if models_first == "exact":
        models = models[::-1]
    claims, attempts, params = [], [], {}
    cmd = _command(a, key)
    for form, model in models:
        # the relaxation of 26 may return a placement whose paths lean on mirror images elsewhere:
        # then it is asked again with other seeds, within the same time limit
        left, seed = a.time_limit, a.seed
        while True:
            r = run_cpsat(n, model, time_limit=left, workers=a.workers, seed=seed,
                          hint=hint if seed == a.seed else None,
                          desc=f"{n} {name}")
            left -= r["seconds"]
            if (r["placement"] is None or var.check(R.trace(r["placement"])) or 26 not in second
                    or model is var or left < 10):
                break
            print(f"{n} {name}: seed {seed}: the relaxation's placement is rejected; next seed", flush=True)
            attempts.append({"solver": "CP-SAT", "formulation": form, "status": r["status"],
                             "seconds": r["seconds"], "seed": seed,
                             "note": "a placement of the relaxation that the tracer rejects"})
            seed += 1
        print(f"{n} {name}: CP-SAT {r['status']} {r['seconds']} s on {form[:40]}", flush=True)
        params = params or r["params"]
        c = {"solver": "CP-SAT", "formulation": form, "status": r["status"], "seconds": r["seconds"]}
        if r["placement"] is not None:
            if var.check(R.trace(r["placement"])):
                return {"challenge": n, "variant": name, "status": "yes", "value": None,
                        "bound": None, "proof": {
                            "start": f"hinted with the stored placement of {hint_of}",
                            "method": f"a placement found by CP-SAT on {form}; the tracer checks "
                                      f"every condition", "attempts": attempts},
                        "solver": r["params"], "seconds": round(time.perf_counter() - t0, 1),
                        "command": cmd, "placement": r["placement"]}
            c["note"] = "a placement of the relaxation that the tracer rejects"
            attempts.append(c)
        elif r["status"] == "INFEASIBLE":
            claims.append(c)
        else:
            attempts.append(c)
    if not claims:
        raise SystemExit(f"{n} {name}: not settled in {a.time_limit} s per model: {attempts}")
    h = _highs(_Second if second else var, None, a.highs_time_limit)
    print(f"{n} {name}: HiGHS {h['status']} {h['seconds']} s", flush=True)
    h = {"solver": "HiGHS", **h, "formulation": MIP.replace("the same model", words) if second else MIP}
    (claims if h["status"] == "INFEASIBLE" else attempts).append(h)
    solvers = {c["solver"] for c in claims}
    proof = {"start": "from scratch", "method": "INFEASIBLE: " + ", ".join(_label(c) for c in claims),
             "claims": claims, "rests_on": "cp-sat + HiGHS" if "HiGHS" in solvers else "cp-sat only"}
    if attempts:
        proof["attempts"] = attempts
    return {"challenge": n, "variant": name, "status": "no", "value": None, "bound": None,
            "proof": proof, "solver": params, "seconds": round(time.perf_counter() - t0, 1),
            "command": cmd, "placement": None}


def near_miss(a, other: int, path: str) -> None:
    """A hint for 26 with ``other``: ``other``'s condition hard, CP-SAT maximising the mirror-
    symmetric paths (26's soft model), hinted with 26's answer; the placement goes to ``path``."""
    from octosolve.core.files import atomic_write_text
    from octosolve.octiles.challenges.wholeboard import model26

    class _Soft:
        name = "soft"

        @staticmethod
        def build(sk):
            SECOND_BUILDS[other](sk)
            return model26(sk, soft=True)
    hint = load_certificate(26, "whole-board")["placement"]
    r = run_cpsat(26, _Soft, time_limit=a.time_limit, workers=a.workers, seed=a.seed, hint=hint,
                  desc=f"26 soft with {other}")
    print(f"26 soft with {other}: {r['status']}, {r['objective']} / 72 (twice the symmetric paths), "
          f"bound {r['bound']}, {r['seconds']} s", flush=True)
    if r["placement"] is not None:
        atomic_write_text(Path(path), json.dumps(R.placement_to_json(r["placement"]), indent=1) + "\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="", help="comma-separated N:variant (default: all)")
    ap.add_argument("--time-limit", type=float, default=600.0, help="seconds per CP-SAT run")
    ap.add_argument("--highs-time-limit", type=float, default=600.0, help="seconds per HiGHS run")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hint", default=None,
                    help="a placement JSON to hint a 25-29 combination with (the exact models run first)")
    ap.add_argument("--near", nargs=2, metavar=("M", "FILE"), default=None,
                    help="only write a near miss of 26 with M (28, 29) to FILE, as a --hint")
    a = ap.parse_args(argv)
    if a.near:
        near_miss(a, int(a.near[0]), a.near[1])
        return 0
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
