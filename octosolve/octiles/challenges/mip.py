"""A second solver for a CP-SAT model: the model's proto written as a mixed-integer program and
solved by HiGHS (``scipy.optimize.milp``), so that a CP-SAT INFEASIBLE can be re-proved by a solver
that shares no code with CP-SAT (issue 19: "re-prove it with a second, different formulation or
solver").

The translation is exact for the constraints the challenge models use (anything else is refused):

* ``bool_or`` / ``bool_and`` / ``at_most_one`` / ``exactly_one``: the usual rows over literals
  (a negated literal ``not x`` is ``1 - x``);
* ``linear`` with enforcement literals and a domain that may be a union of intervals (``!=``):
  with ``S`` = the number of enforcement literals that are false (0 when the constraint is
  enforced), a one-interval domain ``[L, U]`` becomes ``expr >= L - (L - lo) S`` and
  ``expr <= U + (hi - U) S`` where ``lo``/``hi`` are the bounds of ``expr`` over the variables'
  domains (so the rows are void when ``S >= 1``); a domain of several intervals gets one binary
  ``y_j`` per interval, ``sum y_j = 1``, and interval j's rows relaxed by ``(1 - y_j) + S``.

Integer variables keep their domain ``[min, max]`` (a domain with holes is refused). The objective is
ignored: the challenges' "objective >= k" runs add that row to the model themselves, so a
feasibility question is asked.

>>> from ortools.sat.python import cp_model
>>> m = cp_model.CpModel()
>>> a, b = m.NewIntVar(0, 3, "a"), m.NewBoolVar("b")
>>> _ = m.Add(a != 2).OnlyEnforceIf(b); _ = m.Add(a == 2); _ = m.AddBoolOr([b])
>>> highs_feasible(m, time_limit=10)["status"]
'INFEASIBLE'
"""

from __future__ import annotations

import time

__all__ = ["to_milp", "highs_feasible"]


def _lit(lit: int):
    """A literal as (variable, coefficient, constant): x or 1 - x."""
    return (lit, 1, 0) if lit >= 0 else (-lit - 1, -1, 1)


_KINDS = ("bool_or", "bool_and", "at_most_one", "exactly_one", "linear", "bool_xor", "circuit",
          "lin_max", "int_prod", "int_div", "int_mod", "element", "table", "all_diff", "automaton",
          "inverse", "interval", "no_overlap", "no_overlap_2d", "cumulative", "reservoir", "routes")


def _kind(ct) -> str | None:
    """The kind of a constraint of the proto (OR-Tools' own proto binding has no WhichOneof)."""
    for k in _KINDS:
        if getattr(ct, f"has_{k}")():
            return k
    return None


def to_milp(proto):
    """(number of columns, rows, lower bounds, upper bounds, integrality) of the proto; a row is
    (list of (column, coefficient), row lower, row upper)."""
    lb, ub = [], []
    for v in proto.variables:
        d = list(v.domain)
        if len(d) != 2:
            raise ValueError(f"variable {v.name!r} has a domain with holes: {d}")
        lb.append(d[0])
        ub.append(d[1])
    n = len(lb)
    rows = []
    extra_lb, extra_ub = [], []
    inf = float("inf")

    def new_bin():
        nonlocal n
        extra_lb.append(0)
        extra_ub.append(1)
        n += 1
        return n - 1

    def lits_row(lits, lo, hi):
        """sum of literals in [lo, hi]."""
        coef, const = {}, 0
        for lt in lits:
            x, c, k = _lit(lt)
            coef[x] = coef.get(x, 0) + c
            const += k
        rows.append(([(x, c) for x, c in coef.items() if c], lo - const, hi - const))

    for ct in proto.constraints:
        kind = _kind(ct)
        enf = list(ct.enforcement_literal)
        if kind == "bool_or":
            lits_row(list(ct.bool_or.literals) + [(-e - 1) for e in enf], 1, inf)
        elif kind == "bool_and":
            for lt in ct.bool_and.literals:        # (and of literals) when enforced
                lits_row([lt] + [(-e - 1) for e in enf], 1, inf)
        elif kind in ("at_most_one", "exactly_one"):
            if enf:
                raise ValueError(f"an enforced {kind}")
            lits = list(getattr(ct, kind).literals)
            lits_row(lits, -inf if kind == "at_most_one" else 1, 1)
        elif kind == "linear":
            lin = ct.linear
            terms = list(zip(lin.vars, lin.coeffs))
            # negative variable references (not x as an integer) do not occur in linear constraints
            # built by the Python API; refuse them rather than guess
            if any(v < 0 for v, _ in terms):
                raise ValueError("a negated reference in a linear constraint")
            lo = sum(min(c * lb[v], c * ub[v]) for v, c in terms)
            hi = sum(max(c * lb[v], c * ub[v]) for v, c in terms)
            d = list(lin.domain)
            ivs = [(max(d[i], lo), min(d[i + 1], hi)) for i in range(0, len(d), 2)]
            ivs = [(a, b) for a, b in ivs if a <= b]
            # S = sum over enforcement literals of (1 - e)
            s_terms = [(e, -1) for e in enf if e >= 0] + [(-e - 1, 1) for e in enf if e < 0]
            s_const = sum(1 for e in enf if e >= 0)
            if not ivs:                              # never satisfiable: S >= 1
                if not enf:
                    rows.append(([], 1, 0))          # an infeasible row
                else:
                    rows.append((s_terms, 1 - s_const, inf))
                continue
            if len(ivs) == 1:
                (a, b), ys = ivs[0], [None]
            else:
                ys = [new_bin() for _ in ivs]
                rows.append(([(y, 1) for y in ys], 1, 1))
            for (a, b), y in zip(ivs, ys):
                # relax = (1 - y) + S, written as terms + constant
                r_terms = list(s_terms) + ([(y, -1)] if y is not None else [])
                r_const = s_const + (1 if y is not None else 0)
                if a > lo:   # expr + (a - lo) * relax >= a
                    m = a - lo
                    rows.append((terms + [(v, m * c) for v, c in r_terms], a - m * r_const, inf))
                if b < hi:   # expr - (hi - b) * relax <= b
                    m = hi - b
                    rows.append((terms + [(v, -m * c) for v, c in r_terms], -inf, b + m * r_const))
        else:
            raise ValueError(f"constraint {kind!r} is not translated")
    return n, rows, lb + extra_lb, ub + extra_ub


def highs_feasible(model, *, time_limit: float = 600.0) -> dict:
    """Ask HiGHS whether the CP-SAT ``model`` (a CpModel) has a solution. Returns {"status":
    "FEASIBLE" | "INFEASIBLE" | "TIME_LIMIT" | message, "seconds", "time_limit", "columns",
    "rows", "solution" (the column values, when feasible)}."""
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_matrix

    t0 = time.perf_counter()
    n, rows, lb, ub = to_milp(model.Proto())
    r = [i for i, (t, _, _) in enumerate(rows) for _ in t]
    c = [j for t, _, _ in rows for j, _ in t]
    v = [float(x) for t, _, _ in rows for _, x in t]
    a = coo_matrix((v, (r, c)), shape=(len(rows), n)).tocsr()
    lo = np.array([float(x) for _, x, _ in rows])
    hi = np.array([float(x) for _, _, x in rows])
    res = milp(c=np.zeros(n), constraints=[LinearConstraint(a, lo, hi)], integrality=np.ones(n),
               bounds=Bounds(np.array(lb, dtype=float), np.array(ub, dtype=float)),
               options={"time_limit": float(time_limit), "disp": False})
    status = {0: "FEASIBLE", 1: "TIME_LIMIT", 2: "INFEASIBLE"}.get(res.status, str(res.message))
    out = {"status": status, "seconds": round(time.perf_counter() - t0, 1),
           "time_limit": float(time_limit), "columns": n, "rows": len(rows)}
    if res.status == 0 and res.x is not None:
        out["solution"] = [int(round(x)) for x in res.x]
    return out
