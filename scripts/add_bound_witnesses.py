"""Add a ``bound_witness`` to every Octiles certificate with a bound (issue 19), so that
``octosolve octiles verify`` can check the bound without the code that proved it.

    python scripts/add_bound_witnesses.py [--only 12,3] [--dir DIR]
    nice python scripts/add_bound_witnesses.py --highs NAME [--time-limit 600]   # one re-proof

What each witness is (see octosolve/octiles/challenges/witness.py, the checker):

* counting arguments: the facts of the board the formula uses;
* LP bounds (the counting/assignment bound, cycle and port packings, the chords a shape's class can
  hold): the LP is built by the checker's own ``witness.lp_rows``, solved here with HiGHS
  (``scipy.optimize.linprog``), and its dual values are rounded to fractions (the checker's
  Lagrangian bound is valid for any multipliers, so rounding only costs tightness);
* a branch and bound (13: the cycle packing): LPs solved with HiGHS at each node, split on the
  most fractional short cycle until every leaf is below the bound + 1, each leaf's duals rounded;
* the flow LPs of 16 and 10: the port weights (a fractional multicut) from the capacity rows' duals,
  scaled so that every path between a pair weighs at least 1 (checked exactly here, again there);
* CP-SAT proofs: the solver's claims, read from the certificate (its ``proof`` and ``solver``); with
  ``--highs NAME`` one of them is re-proved with HiGHS (``scipy.optimize.milp``) on a formulation
  written here, and the result (proof or time-out) is recorded with its command, wall-clock and
  CPU seconds. Re-proofs already recorded are kept when the script runs again. Heavy: run one at a
  time (``nice``). A "no" certificate (``--highs whole-25-26``) gets the run in its ``proof``:
  among the ``claims`` when HiGHS says INFEASIBLE (its ``rests_on`` follows), else the ``attempts``.

Each variant names its builder in its declaration (``witness = (builder, *args)`` in
octosolve/octiles/challenges/catalogue.py; :data:`BUILDERS` here); a certificate with a bound whose
variant declares none stops the script. The combinations of 7 keep the witness
their proof wrote (``octosolve octiles prove 7 --question with-9``: proofs_combined.py). The witness goes right after ``proof``; nothing else in the
certificate changes. The yes/no certificates (no bound) get none.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

# the package of this checkout (not whichever one is installed): the certificates are written under
# its data/ folder
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from octosolve.core.jsonout import write_json  # noqa: E402
from octosolve.octiles.challenges import witness as W  # noqa: E402
from octosolve.octiles.challenges.certificates import CERT_DIR  # noqa: E402
from octosolve.octiles.challenges.verify import declared_witness  # noqa: E402

HIGHS_FORMULATION = "HiGHS (scipy.optimize.milp) on a formulation written in scripts/add_bound_witnesses.py: "

# ---------------------------------------------------------------------------------------------
# LP duals


def _matrices(rows: dict, cols: list):
    from scipy.sparse import coo_matrix
    names = list(rows)
    eq = [n for n in names if rows[n][0] == "="]
    ub = [n for n in names if rows[n][0] == "<="]
    ie, iu = {n: i for i, n in enumerate(eq)}, {n: i for i, n in enumerate(ub)}
    re_, ce, ve, ru, cu, vu = [], [], [], [], [], []
    for j, (_, a) in enumerate(cols):
        for n, v in a.items():
            if n in ie:
                re_.append(ie[n]), ce.append(j), ve.append(float(v))
            else:
                ru.append(iu[n]), cu.append(j), vu.append(float(v))
    A_eq = coo_matrix((ve, (re_, ce)), shape=(len(eq), len(cols))).tocsr() if eq else None
    A_ub = coo_matrix((vu, (ru, cu)), shape=(len(ub), len(cols))).tocsr() if ub else None
    b_eq = np.array([float(rows[n][1]) for n in eq]) if eq else None
    b_ub = np.array([float(rows[n][1]) for n in ub]) if ub else None
    c = -np.array([float(c) for c, _ in cols])
    return eq, ub, c, A_eq, b_eq, A_ub, b_ub


def _rat(x: float, den: int) -> Fraction:
    return Fraction(0) if abs(x) < 1e-9 else Fraction(x).limit_denominator(den)


def solve_lp(rows: dict, cols: list, upper: float | None = 1) -> tuple[float, dict]:
    """(LP optimum, {row: dual value as a float}) of ``max c.x`` over the rows and 0 <= x <= 1
    (``upper=None``: x >= 0 only, so that the duals sit on the rows, not on the bounds)."""
    from scipy.optimize import linprog
    eq, ub, c, A_eq, b_eq, A_ub, b_ub = _matrices(rows, cols)
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=(0, upper), method="highs")
    if res.status != 0:
        raise RuntimeError(f"LP did not solve: {res.message}")
    y = {}
    if eq:
        y.update({n: -float(v) for n, v in zip(eq, res.eqlin.marginals)})
    if ub:
        y.update({n: max(0.0, -float(v)) for n, v in zip(ub, res.ineqlin.marginals)})
    return -res.fun, y


def _tighten_spaces(rows, cols, y: dict) -> dict:
    """For the assignment LPs (every column in exactly one ``space:`` row, an equality): set each
    space's multiplier to the largest reduced profit of its columns, so no column keeps a positive
    reduced profit (the Lagrangian then is plain sum y b)."""
    best: dict = {}
    for c, a in cols:
        sp = [n for n in a if n.startswith("space:")]
        if len(sp) != 1 or rows[sp[0]][0] != "=":
            return y
        red = c - sum((y.get(n, 0) * v for n, v in a.items() if n != sp[0]), Fraction(0))
        best[sp[0]] = max(best.get(sp[0], red), red)
    y = dict(y)
    y.update(best)
    return y


def lp_dual(lp: str, params: dict, expect: int | None = None) -> dict:
    rows, cols, div = W.lp_rows(lp, params)
    opt, yf = solve_lp(rows, cols)
    for den in (10**3, 10**5, 10**7):
        y = {n: _rat(v, den) for n, v in yf.items()}
        if lp in ("assignment", "class-segments"):
            y = _tighten_spaces(rows, cols, y)
        y = {n: v for n, v in y.items() if v != 0}
        L = W.lagrangian(rows, cols, {n: str(v) for n, v in y.items()})
        b = math.floor(L / div)
        if b == math.floor(opt / div + 1e-7):
            break
    if expect is not None and b > expect:
        raise RuntimeError(f"{lp} {params}: the LP proves only {b} (optimum {opt:.4f}), need {expect}")
    return {"kind": "lp-dual", "lp": lp, "params": params,
            "multipliers": {n: str(v) for n, v in sorted(y.items())}, "value": str(L), "bound": b,
            "lp_optimum": round(opt, 6)}


def lp_branch(lp: str, params: dict, expect: int, prefer=None) -> dict:
    """An ``lp-branch`` witness: branch and bound over the LP's 0/1 columns until every leaf's LP
    (the rows plus the splits on the way) is below ``expect + 1``; each leaf gets its rounded
    duals. Splits on one column (at most 0 / at least 1), the most fractional of ``prefer`` (a list
    of column names) first, then of all columns."""
    rows, cols, _ = W.lp_rows(lp, params)
    names = W.column_names(lp, params)
    index = {n: j for j, n in enumerate(names)}
    pref = [index[n] for n in (prefer or [])]
    count = [0]

    def node(extra):
        r2 = dict(rows)
        c2 = [(c, dict(a)) for c, a in cols]
        for d, (js, sign, rhs) in enumerate(extra):
            r2[f"split:{d}"] = ("<=", rhs)
            for j in js:
                c2[j][1][f"split:{d}"] = sign
        from scipy.optimize import linprog
        eq, ub, c, A_eq, b_eq, A_ub, b_ub = _matrices(r2, c2)
        res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=(0, 1), method="highs")
        if res.status != 0:
            raise RuntimeError(f"branch LP did not solve: {res.message}")
        opt = -res.fun
        if opt < expect + 1 - 1e-6:
            yf = {n: max(0.0, -float(v)) for n, v in zip(ub, res.ineqlin.marginals)}
            if eq:
                yf.update({n: -float(v) for n, v in zip(eq, res.eqlin.marginals)})
            for den in (10**3, 10**5, 10**7):
                y = {n: _rat(v, den) for n, v in yf.items()}
                y = {n: v for n, v in y.items() if v != 0}
                L = W.lagrangian(r2, c2, {n: str(v) for n, v in y.items()})
                if L < expect + 1:
                    break
            else:
                raise RuntimeError(f"rounded duals do not prove {expect} (LP {opt})")
            count[0] += 1
            return {"multipliers": {n: str(v) for n, v in sorted(y.items())}, "value": str(L),
                    "lp_optimum": round(opt, 6)}
        x = res.x
        frac = [j for j in pref if 1e-6 < x[j] < 1 - 1e-6] or \
            [j for j in range(len(cols)) if 1e-6 < x[j] < 1 - 1e-6]
        if not frac:
            raise RuntimeError(f"an integral LP solution of {opt} > {expect}")
        j = min(frac, key=lambda j: abs(x[j] - 0.5))
        return {"split": {"columns": [names[j]], "at_most": 0},
                "below": node(extra + [([j], 1, 0)]), "above": node(extra + [([j], -1, -1)])}

    tree = node([])
    return {"kind": "lp-branch", "lp": lp, "params": params, "tree": tree, "bound": expect,
            "leaves": count[0]}


def multicut(pairs: str, expect: int | None = None) -> dict:
    rows, cols, _ = W.lp_rows("pairs-flow", {"pairs": pairs})
    opt, yf = solve_lp(rows, cols, upper=None)   # (the port rows bound every arc)
    mu = {n: _rat(v, 10**4) for n, v in yf.items() if n.startswith("port:")}
    mu = {n: v for n, v in mu.items() if v > 0}
    total, lightest = W.multicut_value(pairs, {n: str(v) for n, v in mu.items()})
    if lightest is not None and lightest < 1:      # rounding: scale up until every path weighs 1
        mu = {n: v / lightest for n, v in mu.items()}
        total, lightest = W.multicut_value(pairs, {n: str(v) for n, v in mu.items()})
    b = math.floor(total)
    if expect is not None and b > expect:
        raise RuntimeError(f"multicut {pairs}: proves only {b} (LP optimum {opt:.4f})")
    return {"kind": "multicut", "pairs": pairs, "weights": {n: str(v) for n, v in sorted(mu.items())},
            "value": str(total), "bound": b, "lp_optimum": round(opt, 6)}


def counting(argument: str, **params) -> dict:
    f = W.counting_facts()
    b, used = W._count(argument, f, params)
    out = {"kind": "counting", "argument": argument}
    if params:
        out["params"] = params
    out.update({"facts": {k: f[k] for k in used if k != "self_links"}, "bound": b})
    return out


# ---------------------------------------------------------------------------------------------
# solver claims


def _find_tag(w, tag):
    if isinstance(w, dict):
        if w.get("tag") == tag:
            return w
        for v in w.values():
            r = _find_tag(v, tag)
            if r is not None:
                return r
    elif isinstance(w, list):
        for v in w:
            r = _find_tag(v, tag)
            if r is not None:
                return r
    return None


def solver(tag: str, old: dict | None, *, bound: int, cpsat: dict, at_least: int | None = None,
           maximum: int | None = None, partial: dict | None = None) -> dict:
    """A solver witness: the CP-SAT claim, plus any HiGHS re-proof recorded before under ``tag``
    (``HIGHS_RESULTS`` holds the ones made in this run)."""
    claims = [dict(cpsat, solver="CP-SAT")]
    attempts = []
    prev = _find_tag(old, tag) if old else None
    if prev:
        claims += [c for c in prev.get("claims", []) if c.get("solver") == "HiGHS"]
        attempts += prev.get("attempts", [])
    if tag in HIGHS_RESULTS:
        r = HIGHS_RESULTS[tag]
        ok = (r["status"] == "INFEASIBLE" if at_least is not None
              else r["status"] == "OPTIMAL" and r.get("objective") == maximum)
        claims = [c for c in claims if c["solver"] != "HiGHS"]
        (claims if ok else attempts).append(r)
    out = {"kind": "solver", "tag": tag}
    if at_least is not None:
        out["at_least"] = at_least
    else:
        out["maximum"] = maximum
    out["claims"] = claims
    if attempts:
        out["attempts"] = attempts
    solvers = {c["solver"] for c in claims}
    out["rests_on"] = "cp-sat + HiGHS" if "HiGHS" in solvers else "cp-sat only"
    if partial is not None:
        out["partial"] = partial
    out["bound"] = bound
    return out


HIGHS_RESULTS: dict = {}


def _model_claim(cert) -> dict:
    return {"model": "the challenge's CP-SAT model (octosolve/octiles/challenges/cpsat_models.py), "
                     f"objective >= {cert['bound'] + 1}",
            "status": cert["solver"].get("solver_status", "INFEASIBLE"), "seconds": cert["seconds"],
            "command": cert["command"]}


# ---------------------------------------------------------------------------------------------
# the witness of each variant: the builder its declaration names (``witness`` in the catalogue,
# (builder, *args)); each builder gets the certificate, the old witness, the bound and those args


def _balance(measure, ends, circles_only):
    return lp_dual("port-balance", {"measure": measure, "ends": ends, "circles_only": circles_only})


def w_counting(cert, old, b, argument, params=None):
    return counting(argument, **(params or {}))


def w_cycle_per_component(cert, old, b):
    # a cycle in each counted component: the cycle packing, proven <= b by branch and bound
    short = [W.class_key(c[2]) for c in W.simple_cycles() if len(c[0]) <= 3]
    return {"kind": "cases", "split": "cycle-per-component",
            "packing": lp_branch("cycle-packing", {"class": None}, b, prefer=short), "bound": b}


def w_segments_one_tile(cert, old, b):
    one = lp_dual("assignment", {"spec": "30 one-tile", "ends": 0})
    return {"kind": "cases", "split": "segments-one-tile", "one_tile": one,
            "counting": counting("segments: identical pair, one-tile paths", one_tile=one["bound"]),
            "bound": b}


def w_assignment(cert, old, b, spec, ends):
    return lp_dual("assignment", {"spec": spec, "ends": ends}, b)


def w_multicut(cert, old, b, pairs):
    return multicut(pairs, b)


def w_port_balance(cert, old, b, measure, ends, circles_only):
    return lp_dual("port-balance", {"measure": measure, "ends": ends, "circles_only": circles_only}, b)


def w_model(cert, old, b, balance=None):
    """The challenge's CP-SAT model's claim, with a port-balance LP as its checked partial bound."""
    partial = _balance(*balance) if balance else None
    return solver(f"{cert['challenge']} {cert['variant']}", old, bound=b, cpsat=_model_claim(cert),
                  at_least=b + 1, partial=partial)


def w_relaxation(cert, old, b, measure, ends, circles_only):
    """The port-balance relaxation with the assignment cuts (CP-SAT's claim) and its plain LP."""
    case = cert["proof"]["cases"][0]
    claim = {"model": "the port-balance relaxation with the assignment cuts "
                      "(octosolve/octiles/challenges/proofs_paths.py), turn symmetry broken",
             "status": case["solver_status"], "seconds": case["seconds"], "command": cert["command"]}
    partial = _balance(measure, ends, circles_only)
    tag = f"{cert['challenge']} {cert['variant']} relaxation"
    if case["solver_status"] == "OPTIMAL":
        claim["objective"] = case["objective"]
        return solver(tag, old, bound=b, cpsat=claim, maximum=b, partial=partial)
    return solver(tag, old, bound=b, cpsat=claim, at_least=b + 1, partial=partial)


def w_ends_12(cert, old, b):
    proof = cert["proof"]
    spaces = [c["case"].split()[-1] for c in proof["cases"] if c.get("closed_by") == "CP-SAT"]
    cases = [{"case": f"at most one end on each of {', '.join(spaces)}",
              "two_ends_not_on": spaces,
              "witness": lp_dual("assignment", {"spec": "12", "ends": 2, "two_ends_not_on": spaces}, b)}]
    for c in proof["cases"]:
        if c.get("closed_by") != "CP-SAT":
            continue
        s = c["case"].split()[-1]
        cases.append({"case": c["case"], "space": s, "witness": solver(
            f"12 both ends on {s}", old, bound=b, at_least=b + 1,
            cpsat={"model": f"the chain model of 12 with both ends on {s} (proofs_paths.py _case_12), "
                            f"objective >= {b + 1}", "status": c["solver_status"],
                   "seconds": c["seconds"], "command": cert["command"]})})
    return {"kind": "cases", "split": "ends-12", "cases": cases, "bound": b}


def w_component_kinds(cert, old, b):
    v = cert["variant"]
    two = cert["proof"]["cases"][2]
    cases = [{"kinds": "two loops", "witness": lp_dual("assignment", {"spec": f"14 {v}", "ends": 0}, b)},
             {"kinds": "a path and a loop",
              "witness": lp_dual("assignment", {"spec": f"14 {v}", "ends": 2}, b)},
             {"kinds": "two paths", "witness": solver(
                 f"14 {v} two paths", old, bound=b, at_least=b + 1,
                 cpsat={"model": "two disjoint chain paths with the assignment cuts "
                                 "(proofs_paths.PairOfPaths), turn symmetry and A/B swap broken, "
                                 f"objective >= {b + 1}", "status": two["solver_status"],
                        "seconds": two["seconds"], "command": cert["command"]},
                 partial=lp_dual("assignment", {"spec": f"14 {v}", "ends": 4}))}]
    return {"kind": "cases", "split": "component-kinds", "cases": cases, "bound": b}


def w_loops_by_cycles(cert, old, b):
    c8 = cert["proof"]["cases"][0]
    packing = solver("3 cycle packing", old, bound=b + 1, maximum=b + 1,
                     cpsat={"model": "the most link-disjoint simple cycles within the space "
                                     "capacities (arguments.loop_packing_bound)",
                            "status": "OPTIMAL", "objective": b + 1, "command": cert["command"]},
                     partial=lp_dual("cycle-packing", {"class": None}))
    return {"kind": "cases", "split": "loops-by-cycles", "packing": packing,
            "cases": [{"simple_loops": b + 1, "witness": solver(
                f"3 simple loops {b + 1}", old, bound=b, at_least=b + 1,
                cpsat={"model": f"{c8['case']}: the skeleton and one boolean per simple cycle "
                                "needing its segments (arguments.prove_loops_by_cycles), turn "
                                "symmetry broken", "status": c8["solver_status"],
                       "seconds": c8["seconds"], "command": cert["command"]})}],
            "bound": b}


def w_two_stop_groups(cert, old, b):
    c5 = cert["proof"]["cases"][0]
    return {"kind": "cases", "split": "two-stop-groups", "counting": counting("two-stop groups"),
            "cases": [{"groups_at_least": b + 1, "witness": solver(
                f"18 groups {b + 1}", old, bound=b, at_least=b + 1,
                cpsat={"model": "the exact two-stop group model with every circle in a group "
                                "(proofs_groups.two_stop_exact_build), turn symmetry broken, "
                                f"groups >= {b + 1}", "status": c5["solver_status"],
                       "seconds": c5["seconds"], "command": cert["command"]})}],
            "bound": b}


def w_identical_loops(cert, old, b):
    cl = W.classes("cycles")
    return {"kind": "cases", "split": "identical-loops",
            "facts": {"cycles": len(W.simple_cycles()), "classes": len(cl)},
            "packing": lp_dual("cycle-packing", {"class": None}),
            "classes": {k: lp_dual("cycle-packing", {"class": k}, b)
                        for k, mem in cl.items() if len(mem) > b},
            "bound": b}


def w_identical_paths(cert, old, b):
    cl = W.classes("short paths")
    out = {}
    for k, mem in cl.items():
        if len(mem) <= b:
            continue
        try:
            out[k] = lp_dual("port-packing", {"class": k}, b)
        except RuntimeError:
            out[k] = lp_dual("class-segments", {"class": k}, b)
    return {"kind": "cases", "split": "identical-paths",
            "facts": {"short_paths": len(W.short_paths(3)), "classes": len(cl)},
            "long": counting("long identical paths", short=3), "classes": out, "bound": b}


def w_combined(cert, old, b, *of):
    """7 with 8, 9, 10, 16: the witness their proof (proofs_combined.prove_seven_with) wrote is kept."""
    return None


BUILDERS = {"counting": w_counting, "cycle-per-component": w_cycle_per_component,
            "segments-one-tile": w_segments_one_tile, "assignment": w_assignment,
            "multicut": w_multicut, "port-balance": w_port_balance, "model": w_model,
            "relaxation": w_relaxation, "ends-12": w_ends_12, "component-kinds": w_component_kinds,
            "loops-by-cycles": w_loops_by_cycles, "two-stop-groups": w_two_stop_groups,
            "identical-loops": w_identical_loops, "identical-paths": w_identical_paths,
            "combined": w_combined}


def build(n: int, v: str, cert: dict, old: dict | None) -> dict | None:
    """The witness of a certificate with a bound, by the builder the variant declares."""
    from octosolve.octiles.challenges.catalogue import get_variant

    b = cert.get("bound")
    if cert.get("status") not in ("optimal", "best+bound") or b is None:
        return None
    declared = get_variant(n, v)[1].witness
    if declared is None:
        raise SystemExit(f"no witness builder for {n} {v} (declare `witness` in the catalogue)")
    name, *args = declared
    return BUILDERS[name](cert, old, b, *args)


# ---------------------------------------------------------------------------------------------
# HiGHS re-proofs (second formulations)


def _skeleton():
    """Variables x[s, t, r] (17 of the 18 tiles, distinct rotations) as MIP columns; returns
    (index, rows, segment -> list of x columns)."""
    from octosolve.octiles.tiles import NUM_TILES, board, distinct_rotations, tile_segments
    b = board()
    xs = [(s, t, r) for s in b.spaces for t in range(NUM_TILES) for r in distinct_rotations(t)]
    rows_eq, rows_ub = [], []
    for s in b.spaces:
        rows_eq.append(([(i, 1) for i, k in enumerate(xs) if k[0] == s], 1))
    for t in range(NUM_TILES):
        rows_ub.append(([(i, 1) for i, k in enumerate(xs) if k[1] == t], 1))
    seg: dict = {}
    for i, (s, t, r) in enumerate(xs):
        for a, c in tile_segments(t, r):
            seg.setdefault((s, min(a, c), max(a, c)), []).append(i)
    return xs, rows_eq, rows_ub, seg


def _turn_symmetry(xs, rows_ub):
    """tile(a2) < tile(o) for o = d1, e4, b5 (the spaces a2 turns to): one turn of every
    placement qualifies, so a turn-invariant objective keeps its optimum."""
    for o in ("d1", "e4", "b5"):
        rows_ub.append(([(i, t) for i, (s, t, _) in enumerate(xs) if s == "a2"]
                        + [(i, -t) for i, (s, t, _) in enumerate(xs) if s == o], -1))


def _milp(nv, obj, rows_eq, rows_ub, integer, time_limit, lower=None, lb=None, ub=None):
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_matrix

    def mat(rows):
        r = [i for i, (c, _) in enumerate(rows) for _ in c]
        cidx = [j for c, _ in rows for j, _ in c]
        val = [float(v) for c, _ in rows for _, v in c]
        return (coo_matrix((val, (r, cidx)), shape=(len(rows), nv)).tocsr(),
                np.array([float(b) for _, b in rows]))
    cons = []
    if rows_eq:
        a, bb = mat(rows_eq)
        cons.append(LinearConstraint(a, bb, bb))
    if rows_ub:
        a, bb = mat(rows_ub)
        cons.append(LinearConstraint(a, -np.inf, bb))
    c = -np.array(obj, dtype=float)
    if lower is not None:
        cons.append(LinearConstraint(np.array(obj, dtype=float).reshape(1, -1), lower, np.inf))
    integ = np.zeros(nv)
    integ[list(integer)] = 1
    t0, c0 = time.perf_counter(), time.process_time()
    res = milp(c=c, constraints=cons, integrality=integ,
               bounds=Bounds(np.zeros(nv) if lb is None else lb, np.ones(nv) if ub is None else ub),
               options={"time_limit": float(time_limit), "disp": False})
    secs = round(time.perf_counter() - t0, 1)
    status = {0: "OPTIMAL", 1: "TIME_LIMIT", 2: "INFEASIBLE"}.get(res.status, str(res.message))
    out = {"status": status, "seconds": secs, "time_limit": time_limit}
    if time_limit >= 60:      # the long runs (the machine may be shared: wall-clock is not CPU)
        out["cpu_seconds"] = round(time.process_time() - c0, 1)
    if res.status == 0 and res.x is not None:
        out["objective"] = int(round(-res.fun))
    db = getattr(res, "mip_dual_bound", None)
    if res.status == 1 and db is not None and math.isfinite(db):
        out["dual_bound"] = round(-db, 3)
    return out


def highs_packing_3(time_limit):
    rows, cols, _ = W.lp_rows("cycle-packing", {"class": None})
    names = list(rows)
    idx = {n: i for i, n in enumerate(names)}
    rows_ub = [[] for _ in names]
    for j, (_, a) in enumerate(cols):
        for n, v in a.items():
            rows_ub[idx[n]].append((j, v))
    r = _milp(len(cols), [1] * len(cols), [], [(c, rows[n][1]) for c, n in zip(rows_ub, names)],
              range(len(cols)), time_limit)
    r["formulation"] = (HIGHS_FORMULATION + f"one binary per simple cycle ({len(cols)}, enumerated by "
                        "witness.simple_cycles), each board link in at most one, each space in at most "
                        "(ports leading to tiles) // 2; maximised")
    return "3 cycle packing", r


def highs_simple_loops_3(k, time_limit):
    xs, req, rub, seg = _skeleton()
    cyc = W.simple_cycles()
    nx_ = len(xs)
    nv = nx_ + len(cyc)
    for j, (_, _, segs) in enumerate(cyc):
        for sg in segs:        # cycle j only if each of its segments is placed
            rub.append(([(nx_ + j, 1)] + [(i, -1) for i in seg.get(sg, [])], 0))
    rows, cols, _ = W.lp_rows("cycle-packing", {"class": None})   # valid cuts: the packing rows
    names = list(rows)
    for n in names:
        rub.append(([(nx_ + j, 1) for j, (_, a) in enumerate(cols) if n in a], rows[n][1]))
    _turn_symmetry(xs, rub)
    obj = [0] * nx_ + [1] * len(cyc)
    r = _milp(nv, obj, req, rub, range(nv), time_limit, lower=k)
    r["formulation"] = (HIGHS_FORMULATION + "the tiles x[s, t, r] and one binary per simple cycle "
                        "that needs each of its segments placed, the cycle-packing rows as cuts, "
                        f"tile(a2) < tile(d1), tile(e4), tile(b5); cycles >= {k}")
    return f"3 simple loops {k}", r


def highs_relaxation(number, variant, time_limit):
    """The port-balance relaxation of one path, written again: w[s, a, b] <= (segment placed),
    every port on at most one used segment, both ports of a board link used or neither, at most 2
    used ports facing a stop/circle (for 6 only circles), with the assignment cuts of the points
    variants; turn symmetry broken."""
    from octosolve.octiles.tiles import KIND_POINTS, NUM_TILES, board, seg_distance
    b = board()
    xs, req, rub, seg = _skeleton()
    nx_ = len(xs)
    pairs = [(a, c) for a in range(8) for c in range(a + 1, 8)]
    wv = {}
    for s in b.spaces:
        for a, c in pairs:
            wv[s, a, c] = nx_ + len(wv)
    nv = nx_ + len(wv)
    for (s, a, c), j in wv.items():
        rub.append(([(j, 1)] + [(i, -1) for i in seg.get((s, a, c), [])], 0))
    act = {(s, e): [wv[s, min(e, f), max(e, f)] for f in range(8) if f != e]
           for s in b.spaces for e in range(8)}
    for p, js in act.items():
        rub.append(([(j, 1) for j in js], 1))
    done = set()
    for p, q in b.port_link.items():
        if isinstance(q, str):
            continue
        key = tuple(sorted((p, q)))
        if key in done:
            continue
        done.add(key)
        req.append(([(j, 1) for j in act[p]] + [(j, -1) for j in act[q]], 0))
    stub = [p for loc in list(b.stops) + list(b.ring) for p in b.location_ports[loc]]
    if number == 6:
        for loc in b.stops:
            for p in b.location_ports[loc]:
                rub.append(([(j, 1) for j in act[p]], 0))
    rub.append(([(j, 1) for p in stub for j in act[p]], 2))
    segments = variant in ("path-segments", "segments")
    obj = [0] * nv
    for (s, a, c), j in wv.items():
        obj[j] = 1 if segments else KIND_POINTS[seg_distance(a, c)]
    if segments:
        for p, q in b.port_link.items():
            if not isinstance(q, str) and p < q and b.is_printed(p, q):
                for j in act[p]:
                    obj[j] += 1
    integer = list(range(nv))
    if not segments:          # the assignment cuts (see proofs_paths)
        u = W.local_table("6 points" if number == 6 else "2 path-points")
        extra_obj = []
        for s in b.spaces:
            ends = [p for p in stub if p[0] == s]
            kmax = min(2, len(ends))
            y = {t: [i for i, (s2, t2, _) in enumerate(xs) if s2 == s and t2 == t] for t in range(NUM_TILES)}
            g = list(range(nv + len(extra_obj), nv + len(extra_obj) + kmax))
            extra_obj += [0] * kmax
            integer += g
            for g1, g2 in zip(g, g[1:]):
                rub.append(([(g2, 1), (g1, -1)], 0))
            req.append(([(j, 1) for p in ends for j in act[p]] + [(gk, -1) for gk in g], 0))
            rhs = [(i, -u[s, t][0]) for t in range(NUM_TILES) for i in y[t]]
            for k, gk in enumerate(g, start=1):
                zs = []
                for t in range(NUM_TILES):
                    d = u[s, t][k] - u[s, t][k - 1]
                    if d == 0:
                        continue
                    z = nv + len(extra_obj)
                    extra_obj.append(0)
                    rub.append(([(z, 1)] + [(i, -1) for i in y[t]], 0))
                    rub.append(([(z, 1), (gk, -1)], 0))
                    zs.append(z)
                    rhs.append((z, -d))
                if zs:
                    rub.append(([(z, 1) for z in zs] + [(gk, -1)], 0))
            local = [(wv[s, a, c], KIND_POINTS[seg_distance(a, c)]) for a, c in pairs]
            rub.append((local + rhs, 0))
        nv += len(extra_obj)
        obj += extra_obj
    _turn_symmetry(xs, rub)
    bound = {(2, "path-points"): 128, (6, "points"): 128, (2, "path-segments"): 34,
             (6, "segments"): 33}[number, variant]
    feasibility = (number, variant) in ((2, "path-points"), (6, "segments"))
    if feasibility:
        r = _milp(nv, obj, req, rub, integer, time_limit, lower=bound + 1)
    else:
        r = _milp(nv, obj, req, rub, integer, time_limit)
    r["formulation"] = (HIGHS_FORMULATION + "the port-balance relaxation of one path "
                        + ("with the assignment cuts " if not segments else "")
                        + "(tiles x, used segments w <= placed, each port on at most one used segment, "
                          "both ports of a board link used or neither, at most 2 used stub ports"
                        + (", none facing a stop" if number == 6 else "") + "), tile(a2) < tile(d1), "
                        "tile(e4), tile(b5)" + (f"; objective >= {bound + 1}" if feasibility
                                                 else "; maximised"))
    # (6 segments: the relaxation of the challenge model, so the claim is the variant's own tag)
    return (f"{number} {variant}" if (number, variant) == (6, "segments")
            else f"{number} {variant} relaxation"), r


def highs_flow_9(k, time_limit):
    """9 count as the exact multicommodity flow MIP of 16 (proofs_groups.TurnedFlow with the tiles),
    its pairs replaced by the opposite-side circle pairs: a second formulation of the pairing
    model."""
    from octosolve.octiles.challenges import geometry as G
    from octosolve.octiles.challenges import proofs_groups as PG
    saved = G.turned_pairs
    G.turned_pairs = lambda q: G.opposite_circle_pairs()
    try:
        f = PG.TurnedFlow(1, tiles=True)
    finally:
        G.turned_pairs = saved
    t0 = time.perf_counter()
    r = f.solve(lower=k, time_limit=time_limit)
    out = {"status": r["status"], "seconds": round(time.perf_counter() - t0, 1), "time_limit": time_limit,
           "formulation": "HiGHS (scipy.optimize.milp) on the flow formulation of 16 "
                          "(proofs_groups.TurnedFlow with the tiles: one commodity per opposite-side "
                          "circle pair, a unit per path, each port carrying one unit, a segment arc "
                          f"only where its segment is placed); paths >= {k}"}
    if r.get("bound") is not None and r["status"] != "OPTIMAL":
        out["dual_bound"] = r["bound"]
    return f"{9} count", out


def highs_groups_18(k, time_limit):
    from octosolve.octiles.challenges.proofs_groups import TwoStopFlow
    t0 = time.perf_counter()
    r = TwoStopFlow().solve(lower=k, time_limit=time_limit, symmetry=True)
    out = {"status": r["status"], "seconds": round(time.perf_counter() - t0, 1), "time_limit": time_limit,
           "formulation": "HiGHS (scipy.optimize.milp) on the flow formulation proofs_groups.TwoStopFlow "
                          "(a flow commodity per stop following placed segments; a group boolean per "
                          f"stop pair of type A, B or C), tile(a2) < tile(d1), tile(e4), tile(b5); groups >= {k}"}
    if r.get("bound") is not None and r["status"] != "OPTIMAL":
        out["dual_bound"] = r["bound"]
    return f"18 groups {k}", out


def highs_groups_17(k, time_limit):
    """17 count as a flow MIP: the tiles x, and for every stop with 4 stubs (only those can reach 4
    colours) a commodity that leaves each of its stubs with one unit and follows placed segments and
    links to a stub, where it is absorbed into that stub's location. With the tiles integral each
    unit follows the real path from its stub (every port has one placed segment and one link), so
    e[s, circle] counts the paths between s and that circle; g[s] <= the paths from s to circles of
    each colour. Objective: sum g >= k."""
    from octosolve.octiles.tiles import board
    b = board()
    xs, req, rub, seg = _skeleton()
    nv = len(xs)
    ports = [(s, e) for s in b.spaces for e in range(8)]
    pid = {p: i for i, p in enumerate(ports)}
    npt = len(ports)
    links = [(p, q) for p, q in b.port_link.items() if not isinstance(q, str)]   # both directions
    stubs = [(loc, p) for loc in list(b.stops) + list(b.ring) for p in b.location_ports[loc]]
    stops4 = [s for s in b.stops if len(b.location_ports[s]) == 4]
    gvar = {}
    for st in stops4:
        arcs = [(pid[s, e], npt + pid[s, f], (s, min(e, f), max(e, f)))
                for s in b.spaces for e in range(8) for f in range(8) if e != f]
        arcs += [(npt + pid[p], pid[q], None) for p, q in links]
        arcs += [(npt + pid[p], -1, loc) for loc, p in stubs]
        cons: dict = {}
        ends: dict = {}
        for j, (tail, head, tag) in enumerate(arcs):
            v = nv + j
            for node, sg in ((tail, -1), (head, 1)):
                if node >= 0:
                    cons.setdefault(node, []).append((v, sg))
            if isinstance(tag, tuple):
                rub.append(([(v, 1)] + [(i, -1) for i in seg.get(tag, [])], 0))
            elif isinstance(tag, str):
                ends.setdefault(tag, []).append(v)
        nv += len(arcs)
        own = {pid[p] for p in b.location_ports[st]}
        for node, c in cons.items():
            req.append((c, -1 if node in own else 0))
        g = nv
        nv += 1
        gvar[st] = g
        for col in ("west", "north", "east", "south"):
            lits = [v for c in b.ring if b.circle_info[c]["group"] == col for v in ends.get(c, [])]
            rub.append(([(g, 1)] + [(v, -1) for v in lits], 0))
    obj = [0] * nv
    for g in gvar.values():
        obj[g] = 1
    integer = list(range(len(xs))) + list(gvar.values())
    r = _milp(nv, obj, req, rub, integer, time_limit, lower=k)
    r["formulation"] = (HIGHS_FORMULATION + "the tiles x and, for each stop with 4 stubs, a flow "
                        "commodity leaving each of its stubs with one unit along placed segments and "
                        "links to a stub (exact once the tiles are integral); a stop counts when its "
                        f"flow reaches a circle of each colour; stops >= {k}")
    return f"17 count", r


def _crosses(p, q) -> bool:
    """Two chords of one tile cross when exactly one end of q lies strictly between the ends of p."""
    (a, b), (c, d) = sorted(p), q
    return len({a, b, c, d}) == 4 and ((a < c < b) != (a < d < b))


def _component(xs, req, rub, seg, nv, stub_ok, ends):
    """One component's port-balance rows (as in :func:`highs_relaxation`, written for any stub
    rule): used segments w <= placed, each port on at most one used segment, both ports of a board
    link used or neither, a stub port used only where ``stub_ok(location, port)``, and at most
    ``ends`` used stub ports (exactly, with a negative ``ends``). Returns (w, act, stub ports' w
    by space, nv): ``w[s, a, b]`` the column of used segment a-b on s, ``act[port]`` its columns."""
    from octosolve.octiles.tiles import board
    b = board()
    wv = {}
    for (s, a, c) in sorted(seg):
        wv[s, a, c] = nv
        nv += 1
        rub.append(([(wv[s, a, c], 1)] + [(i, -1) for i in seg[s, a, c]], 0))
    act = {(s, e): [j for (s2, a, c), j in wv.items() if s2 == s and e in (a, c)]
           for s in b.spaces for e in range(8)}
    for js in act.values():
        rub.append(([(j, 1) for j in js], 1))
    for p, q in b.port_link.items():
        if not isinstance(q, str) and p < q:
            req.append(([(j, 1) for j in act[p]] + [(j, -1) for j in act[q]], 0))
    end_cols: dict = {s: [] for s in b.spaces}
    for loc in list(b.stops) + list(b.ring):
        for p in b.location_ports[loc]:
            if stub_ok(loc, p):
                end_cols[p[0]] += act[p]
            else:
                rub.append(([(j, 1) for j in act[p]], 0))
    row = [(j, 1) for js in end_cols.values() for j in js]
    (req if ends < 0 else rub).append((row, abs(ends)))
    return wv, act, end_cols, nv


def _fixed_bounds(xs, nv, placement):
    """Column bounds that fix the tiles x to ``placement`` ({space: (tile, rotation)}; a rotation
    is matched by the segments it places, so any of a tile's equal rotations will do)."""
    from octosolve.octiles.tiles import tile_segments
    lb, ub = np.zeros(nv), np.ones(nv)
    for i, (s, t, r) in enumerate(xs):
        pt, pr = placement[s]
        same = pt == t and {tuple(sorted(g)) for g in tile_segments(t, r)} == \
            {tuple(sorted(g)) for g in tile_segments(pt, pr)}
        lb[i] = ub[i] = 1.0 if same else 0.0
    return lb, ub


def highs_ends_12(space, k, time_limit, placement=None, also=()):
    """12, the case "both ends of the path on ``space``", as a second formulation: the port-balance
    relaxation of one component (written here, :func:`_component`) whose stub ports are all on
    ``space`` (at most 2), a crossing column z <= both used chords for every crossing chord pair
    on a space, and per space the local cut "its crossings <= the local table of 12 (witness.
    local_table) of its tile with 2 ends on ``space``, none elsewhere". Every path with both ends
    on ``space`` satisfies it with its own self-crossings (it may add loops: only an upper bound).
    ``placement``: the tiles fixed (the tests), maximised instead of ``objective >= k``; ``also``:
    more spaces where the ends may be (the tests: a path's two end spaces)."""
    on = {space, *also}
    xs, req, rub, seg = _skeleton()
    wv, _, _, nv = _component(xs, req, rub, seg, len(xs), lambda loc, p: p[0] in on, 2)
    z = {}
    for (s, a, c), j in wv.items():
        for (s2, d, e), j2 in wv.items():
            if s2 == s and (a, c) < (d, e) and _crosses((a, c), (d, e)):
                z[s, a, c, d, e] = nv
                rub += [([(nv, 1), (j, -1)], 0), ([(nv, 1), (j2, -1)], 0)]
                nv += 1
    u = W.local_table("12")
    for s in {key[0] for key in wv}:
        rub.append(([(col, 1) for key, col in z.items() if key[0] == s]
                    + [(i, -u[s, t][2 if s in on else 0]) for i, (s2, t, _) in enumerate(xs)
                       if s2 == s], 0))
    obj = [0] * nv
    for col in z.values():
        obj[col] = 1
    if placement is not None:
        lb, ub = _fixed_bounds(xs, nv, placement)
        return _milp(nv, obj, req, rub, range(nv), time_limit, lb=lb, ub=ub)
    r = _milp(nv, obj, req, rub, range(nv), time_limit, lower=k)
    r["formulation"] = (HIGHS_FORMULATION + "the port-balance relaxation of one component (tiles x, "
                        "used segments w <= placed, each port on at most one used segment, both ports "
                        f"of a board link used or neither, at most 2 used stub ports, all on {space}), "
                        "a crossing z <= both chords for each crossing chord pair, per space its "
                        "crossings <= the local table of 12 with the ends there; "
                        f"self-crossings >= {k}")
    return f"12 both ends on {space}", r


def highs_ends_12_all(time_limit):
    """Every "both ends on X" case of the committed 12 certificate, one after the other."""
    d = json.loads((CERT_DIR / "challenge12-count.json").read_text(encoding="utf-8"))
    spaces = [c["space"] for c in d["bound_witness"]["cases"] if "space" in c]
    return [highs_ends_12(s, d["bound"] + 1, time_limit) for s in spaces]


def _connected(rub, req, nv, wv, act, end_cols):
    """Flow rows that tie every used segment of a component to one of its used stub ports (a
    single commodity: each used segment consumes one unit, the used stub ports supply them, flow
    runs only along used segments and the links of used ports). A loop has no stub port, so it gets
    no flow: with at most 2 used stub ports the component is one path. Returns (nv, the flow
    columns, their upper bounds)."""
    from octosolve.octiles.tiles import board
    b = board()
    big = len(wv)
    flows = []
    node: dict = {}                   # port -> [(column, +1 in / -1 out)]

    def arc(tail, head, cap_cols):
        nonlocal nv
        f = nv
        nv += 1
        flows.append(f)
        rub.append(([(f, 1)] + [(c, -big) for c in cap_cols], 0))
        if tail is not None:
            node.setdefault(tail, []).append((f, -1))
        if head is not None:
            node.setdefault(head, []).append((f, 1))
        return f
    for (s, a, c), j in wv.items():
        ins = [arc((s, a), None, [j]), arc((s, c), None, [j])]
        outs = [arc(None, (s, a), [j]), arc(None, (s, c), [j])]
        # the segment keeps one unit of what it receives: in - out = w
        req.append(([(f, 1) for f in ins] + [(f, -1) for f in outs] + [(j, -1)], 0))
    for p, q in b.port_link.items():
        if not isinstance(q, str):
            arc(p, q, act[p])          # both directions (the dict holds both orders)
    for loc in list(b.stops) + list(b.ring):
        for p in b.location_ports[loc]:
            arc(None, p, act[p])       # the supply of a used stub port
    for p, terms in node.items():
        req.append((terms, 0))
    return nv, flows, big


def highs_share_14(k, time_limit, placement=None):
    """14 share, the case "two paths" (4 ends), as a second formulation: two components A and B,
    each the port-balance rows of :func:`_component` with exactly 2 used stub ports and the flow
    rows of :func:`_connected` (so each is one path), no port used by both, no chord of A crossing
    a chord of B on a space, a shared-space column sh[s] <= A's used segments on s and <= B's, and
    the assignment cuts of 14 share (witness.local_table, 4 ends); turn symmetry broken (the case is
    turn-invariant). ``placement``: the tiles fixed (the tests), maximised."""
    from octosolve.octiles.tiles import board
    b = board()
    xs, req, rub, seg = _skeleton()
    nv = len(xs)
    ints = list(range(nv))
    comps, cont, caps = [], [], {}
    for _ in "AB":
        n0 = nv
        wv, act, ends, nv = _component(xs, req, rub, seg, nv, lambda loc, p: True, -2)
        ints += range(n0, nv)
        nv, flows, big = _connected(rub, req, nv, wv, act, ends)
        cont += flows
        caps.update({f: big for f in flows})
        comps.append((wv, act, ends))
    (wa, aa, ea), (wb, ab, eb) = comps
    for p in aa:
        rub.append(([(j, 1) for j in aa[p] + ab[p]], 1))
    for (s, a, c), j in wa.items():
        for (s2, d, e), j2 in wb.items():
            if s2 == s and _crosses((a, c), (d, e)):
                rub.append(([(j, 1), (j2, 1)], 1))
    sh = {}
    for s in b.spaces:
        sh[s] = nv
        ints.append(nv)
        nv += 1
        for w in (wa, wb):
            rub.append(([(sh[s], 1)] + [(j, -1) for (s2, _, _), j in w.items() if s2 == s], 0))
    n0 = nv
    nv = _local_cuts(xs, req, rub, nv, {s: [(sh[s], 1)] for s in b.spaces},
                     {s: ea[s] + eb[s] for s in b.spaces}, W.local_table("14 share"), 4)
    ints += range(n0, nv)
    obj = [0] * nv
    for col in sh.values():
        obj[col] = 1
    ub = np.ones(nv)
    for f, cap in caps.items():
        ub[f] = cap
    lb = np.zeros(nv)
    if placement is not None:
        flb, fub = _fixed_bounds(xs, nv, placement)
        lb[:len(xs)], ub[:len(xs)] = flb[:len(xs)], fub[:len(xs)]
        return _milp(nv, obj, req, rub, ints, time_limit, lb=lb, ub=ub)
    _turn_symmetry(xs, rub)
    r = _milp(nv, obj, req, rub, ints, time_limit, lower=k, lb=lb, ub=ub)
    r["formulation"] = (HIGHS_FORMULATION + "two paths A and B, each the port-balance rows of one "
                        "component (tiles x, used segments w <= placed, each port on at most one "
                        "used segment, both ports of a board link used or neither, exactly 2 used "
                        "stub ports) with a flow from its stub ports to each of its used segments "
                        "(no loop), no port used by both, no chord of A crossing one of B, a shared "
                        "space <= A's and B's segments there, the assignment cuts of 14 share; "
                        f"tile(a2) < tile(d1), tile(e4), tile(b5); shared spaces >= {k}")
    return "14 share two paths", r


def _local_cuts(xs, req, rub, nv, local, ends, u, E):
    """The assignment cuts of :func:`highs_relaxation` for any local objective: per space,
    ``local[s]`` (a list of (column, coefficient)) <= sum_t y[s, t] u[s, t][e_s] with e_s the used
    stub ports on s (``ends[s]``: their columns), linearised with g[s, k] = (e_s >= k) and
    z[s, t, k] <= y[s, t], g[s, k]. Returns the new number of columns (all integral)."""
    from octosolve.octiles.tiles import NUM_TILES, board
    for s in board().spaces:
        kmax = min(E, len(ends[s]))
        y = {t: [i for i, (s2, t2, _) in enumerate(xs) if s2 == s and t2 == t] for t in range(NUM_TILES)}
        g = list(range(nv, nv + kmax))
        nv += kmax
        for g1, g2 in zip(g, g[1:]):
            rub.append(([(g2, 1), (g1, -1)], 0))
        req.append(([(j, 1) for j in ends[s]] + [(gk, -1) for gk in g], 0))
        rhs = [(i, -u[s, t][0]) for t in range(NUM_TILES) for i in y[t]]
        for k, gk in enumerate(g, start=1):
            zs = []
            for t in range(NUM_TILES):
                d = u[s, t][k] - u[s, t][k - 1]
                if d == 0:
                    continue
                z = nv
                nv += 1
                rub += [([(z, 1)] + [(i, -1) for i in y[t]], 0), ([(z, 1), (gk, -1)], 0)]
                zs.append(z)
                rhs.append((z, -d))
            if zs:
                rub.append(([(z, 1) for z in zs] + [(gk, -1)], 0))
        rub.append((list(local[s]) + rhs, 0))
    return nv


def _highs_on_cpsat(build, k, time_limit):
    """HiGHS on a CP-SAT model written as a MIP by octosolve/octiles/challenges/mip.py, with
    ``objective >= k`` and the turn symmetry broken (the questions here are turn-invariant)."""
    from octosolve.octiles.challenges.cpsat import Skeleton
    from octosolve.octiles.challenges.mip import highs_feasible
    from octosolve.octiles.challenges.symmetry import break_turn_symmetry
    sk = Skeleton()
    obj = build(sk)
    sk.m.Add(obj >= k)
    break_turn_symmetry(sk)
    c0 = time.process_time()
    r = highs_feasible(sk.m, time_limit=time_limit)
    r.pop("solution", None)
    r["cpu_seconds"] = round(time.process_time() - c0, 1)
    return r


MIP_WORDS = ("HiGHS (scipy.optimize.milp) on the same CP-SAT model written as a MIP by "
             "octosolve/octiles/challenges/mip.py (big-M rows for enforced linear constraints), "
             "tile(a2) < tile(d1), tile(e4), tile(b5); ")


def highs_model_17(k, time_limit):
    from octosolve.octiles.challenges.cpsat_models import groups_build
    r = _highs_on_cpsat(groups_build, k, time_limit)
    r["formulation"] = MIP_WORDS + f"the challenge's model (cpsat_models.groups_build), stops >= {k}"
    return "17 count", r


def highs_model_18(k, time_limit):
    from octosolve.octiles.challenges.proofs_groups import two_stop_exact_build
    r = _highs_on_cpsat(lambda sk: two_stop_exact_build(sk, all_circles=True), k, time_limit)
    r["formulation"] = (MIP_WORDS + "the exact two-stop group model with every circle in a group "
                        f"(proofs_groups.two_stop_exact_build), groups >= {k}")
    return f"18 groups {k}", r


def highs_whole_25_26(time_limit):
    """25 with 26 ("no"): HiGHS on the conjunction of the two exact CP-SAT models (the variant's own
    model) written as a MIP by mip.py; the earlier run took the second formulation."""
    from octosolve.octiles.challenges.catalogue import get_variant
    from octosolve.octiles.challenges.proofs_combined import MIP, highs_on_model
    c0 = time.process_time()
    r = highs_on_model(get_variant(25, "with-26")[1], None, time_limit)
    r["cpu_seconds"] = round(time.process_time() - c0, 1)
    r["formulation"] = MIP.replace("the same model", "the conjunction of the challenges' exact "
                                   "CP-SAT models (combined_models.whole_build): 25, 26")
    return r


# the "no" certificates: a HiGHS run goes into the proof's claims (INFEASIBLE) or attempts
NO_HIGHS = {"whole-25-26": ((25, "with-26"), highs_whole_25_26)}


def record_no(path: Path, r: dict) -> dict:
    """Put the HiGHS run ``r`` into the "no" certificate at ``path`` (written whole): a claim when it
    says INFEASIBLE (``method`` and ``rests_on`` follow the claims), else an attempt."""
    from octosolve.octiles.challenges.proofs_combined import _label
    d = json.loads(path.read_text(encoding="utf-8"))
    proof = d["proof"]
    if r["status"] == "INFEASIBLE":
        proof["claims"].append(r)
        solvers = {c["solver"] for c in proof["claims"]}
        proof["method"] = "INFEASIBLE: " + ", ".join(_label(c) for c in proof["claims"])
        proof["rests_on"] = "cp-sat + HiGHS" if "HiGHS" in solvers else "cp-sat only"
    else:
        proof.setdefault("attempts", []).append(r)
    write_json(path, d)
    return d


HIGHS = {
    "packing-3": (3, "count", lambda tl: highs_packing_3(tl)),
    "simple-loops-3": (3, "count", lambda tl: highs_simple_loops_3(8, tl)),
    "relax-6-points": (6, "points", lambda tl: highs_relaxation(6, "points", tl)),
    "relax-2-path-points": (2, "path-points", lambda tl: highs_relaxation(2, "path-points", tl)),
    "groups-18": (18, "count", lambda tl: highs_groups_18(5, tl)),
    "relax-6-segments": (6, "segments", lambda tl: highs_relaxation(6, "segments", tl)),
    "flow-9": (9, "count", lambda tl: highs_flow_9(5, tl)),
    "flow-17": (17, "count", lambda tl: highs_groups_17(4, tl)),
    "ends-12": (12, "count", highs_ends_12_all),
    "share-14": (14, "share", lambda tl: highs_share_14(10, tl)),
    "model-17": (17, "count", lambda tl: highs_model_17(4, tl)),
    "model-18": (18, "count", lambda tl: highs_model_18(5, tl)),
}


# ---------------------------------------------------------------------------------------------


def _write(path: Path, d: dict, wit: dict | None) -> None:
    out = {}
    for k, v in d.items():
        if k == "bound_witness":
            continue
        out[k] = v
        if k == "proof" and wit is not None:
            out["bound_witness"] = wit
    write_json(path, out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="", help="comma-separated challenge numbers")
    ap.add_argument("--dir", default=str(CERT_DIR), help="certificate folder")
    ap.add_argument("--highs", choices=sorted(HIGHS) + sorted(NO_HIGHS), default=None,
                    help="re-prove one CP-SAT claim with HiGHS (heavy) and record it")
    ap.add_argument("--time-limit", type=float, default=600.0, help="seconds for --highs")
    a = ap.parse_args(argv)
    only = {int(x) for x in a.only.split(",") if x.strip()}
    command = f"python scripts/add_bound_witnesses.py --highs {a.highs} --time-limit {a.time_limit:g}"
    if a.highs in NO_HIGHS:
        (n, v), run = NO_HIGHS[a.highs]
        r = {"solver": "HiGHS", **run(a.time_limit), "command": command}
        d = record_no(Path(a.dir) / f"challenge{n:02d}-{v}.json", r)
        print(f"{a.highs}: {r['status']} in {r['seconds']} s; rests on {d['proof']['rests_on']}")
        return 0
    if a.highs:
        n, v, run = HIGHS[a.highs]
        only = {n}
        res = run(a.time_limit)
        for tag, r in (res if isinstance(res, list) else [res]):   # one claim, or one per case
            r = {"solver": "HiGHS", **r, "command": command}
            HIGHS_RESULTS[tag] = r
            print(f"{a.highs} ({tag}): {r}", flush=True)
    for path in sorted(Path(a.dir).glob("challenge*.json")):
        d = json.loads(path.read_text(encoding="utf-8"))
        n, v = d["challenge"], d["variant"]
        if only and n not in only:
            continue
        t0 = time.perf_counter()
        wit = build(n, v, d, d.get("bound_witness"))
        if wit is None:
            continue
        verdict = W.check(n, v, wit, declared_witness)
        if not verdict.ok or verdict.bound is None or verdict.bound > d["bound"]:
            print(f"{path.name}: the witness does not check: {verdict.problems}", file=sys.stderr)
            return 1
        _write(path, d, wit)
        print(f"{path.name}: {verdict.kind}, proves {verdict.bound}, rests on {verdict.rests_on} "
              f"({time.perf_counter() - t0:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
