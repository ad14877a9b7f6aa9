"""The set LP of :mod:`.bound_sets` with Hall's rows solved to the end, warm-started.

``bound --sets --hall`` re-solves the LP from scratch (scipy's ``linprog``) after every batch of
columns or Hall rows, and stops as soon as the whole-number bound it is after is proved, so its
LP value is that of a partly solved LP. Here one HiGHS model (the ``_Highs`` object scipy ships;
no other package) is kept and grown: columns (letter sets) with a negative reduced cost and Hall
rows that the solution breaks are added to it, and each re-solve starts from the previous basis
(dual simplex after new rows, primal after new columns), until no column prices out and no Hall
row is broken: the LP optimum ``LP_B``. The certificate is the same as ``bound_sets``' (its
duals, rounded, checked in integers by ``check_set_certificate``), so nothing here is trusted.

Between two rounds of Hall rows, the rows whose slack is basic (no longer binding) are deleted
(``purge``; the basis stays valid) and may come back if broken again: at the end only about one
added row in ten binds (313 of 3,492 at 2000 words), and fewer rows make every solve cheaper.
``cpu_limit`` stops the LP between two solves; the last duals still make a valid certificate.

As B falls, the restriction R_B = {S : S meets more than B words} only keeps more sets, so the
model of one B stays a valid start for a lower B: without ``threshold`` the search runs
B = count bound, then B = floor(LP_B) while that lowers the bound, on the same model.
"""

from __future__ import annotations

import math
import time
from collections import Counter

import numpy as np

from ..core.errors import fail
from .bound import _words
from .bound_sets import _certificate, _meets, _reduced, _subsets, _word_masks, all_sets, check_set_certificate
from .rules import NUMBERS, PER_NUMBER

__all__ = ["complete_set_bound"]

_TOL = 1e-9


class _Model:
    """The growing LP: variables b (26 x 8) | y (words) | x (set columns, added); rows mu, gamma,
    rho, lambda, delta (whole words) then the Hall rows added."""

    def __init__(self, words, letters_rows, wm):
        from scipy.optimize._highspy import _core as hc
        self.hc = hc
        self.h = h = hc._Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("threads", 1)
        h.setOptionValue("solver", "simplex")
        h.setOptionValue("presolve", "off")       # presolve would throw the basis away
        self.nw = nw = len(words)
        self.nb = nb = 26 * NUMBERS
        nc = nb + nw
        cost = np.r_[np.zeros(nb), -np.ones(nw)]
        h.addCols(nc, cost, np.zeros(nc), np.ones(nc), 0, np.zeros(nc, np.int32),
                  np.zeros(0, np.int32), np.zeros(0))
        rows: list[tuple[list[int], list[float], float]] = [([], [], 8.0)]      # mu: x only
        for l in range(26):                                                    # gamma
            rows.append(([l * NUMBERS + k for k in range(NUMBERS)], [1.0] * NUMBERS, 0.0))
        for l in range(26):                                                    # rho
            for k in range(NUMBERS - 1):
                rows.append(([l * NUMBERS + k + 1, l * NUMBERS + k], [1.0, -1.0], 0.0))
        for wi, li, m in letters_rows:                                         # lambda
            rows.append(([nb + wi, li * NUMBERS + m - 1], [1.0, -1.0], 0.0))
        self.n_lambda = len(letters_rows)
        for wi in range(nw):                                                   # delta
            rows.append(([nb + wi], [float(NUMBERS)], 8.0))
        self._add_rows(rows)
        self.row_masks = [int(m) for m in wm]       # the delta and Hall rows' letter sets T
        self.row_words = list(range(nw))
        self.row_p = [NUMBERS] * nw
        self.cols: list[int] = []                     # set masks of the x columns

    def _add_rows(self, rows):
        starts, idx, val = [], [], []
        for ix, vs, _ in rows:
            starts.append(len(idx))
            idx += ix
            val += vs
        n = len(rows)
        self.h.addRows(n, np.full(n, -np.inf), np.array([r[2] for r in rows]), len(idx),
                       np.array(starts, np.int32), np.array(idx, np.int32), np.array(val, float))

    @property
    def first_meet_row(self) -> int:
        return 1 + 26 + 26 * (NUMBERS - 1) + self.n_lambda

    def add_sets(self, masks) -> None:
        """Columns x_S: +1 in mu, -1 in gamma[l] for l in S, +1 in every delta/Hall row whose T
        S misses."""
        rm = np.array(self.row_masks, dtype=np.int64)
        r0 = self.first_meet_row
        starts, idx, val = [], [], []
        for s in masks:
            s = int(s)
            starts.append(len(idx))
            letters = [l for l in range(26) if s >> l & 1]
            miss = np.nonzero((rm & s) == 0)[0]
            idx += [0] + [1 + l for l in letters] + (r0 + miss).tolist()
            val += [1.0] + [-1.0] * len(letters) + [1.0] * len(miss)
            self.cols.append(s)
        n = len(masks)
        self.h.addCols(n, np.zeros(n), np.zeros(n), np.full(n, float(NUMBERS)), len(idx),
                       np.array(starts, np.int32), np.array(idx, np.int32), np.array(val, float))

    def add_hall(self, rows) -> None:
        """Hall rows (word index, T mask, p): p y[w] + sum_{S misses T} x_S <= 8."""
        cm = np.array(self.cols, dtype=np.int64)
        out = []
        for wi, t, p in rows:
            miss = np.nonzero((cm & t) == 0)[0]
            out.append(([self.nb + wi] + (self.nb + self.nw + miss).tolist(),
                        [float(p)] + [1.0] * len(miss), 8.0))
            self.row_masks.append(int(t))
            self.row_words.append(int(wi))
            self.row_p.append(int(p))
        self._add_rows(out)

    def drop_slack_hall(self) -> list[tuple[int, int]]:
        """Delete the Hall rows whose slack is basic (not binding); returns their (word, T)."""
        st = self.h.getBasis().row_status
        r0 = self.first_meet_row + self.nw
        basic = self.hc.HighsBasisStatus.kBasic
        drop = [i for i in range(r0, r0 + len(self.row_masks) - self.nw) if st[i] == basic]
        if not drop:
            return []
        self.h.deleteRows(len(drop), np.array(drop, np.int32))
        gone = set(i - self.first_meet_row for i in drop)
        out = [(self.row_words[k], self.row_masks[k]) for k in sorted(gone)]
        keep = [k for k in range(len(self.row_masks)) if k not in gone]
        self.row_masks = [self.row_masks[k] for k in keep]
        self.row_words = [self.row_words[k] for k in keep]
        self.row_p = [self.row_p[k] for k in keep]
        return out

    def solve(self):
        h = self.h
        h.run()
        st = h.getModelStatus()
        if st != self.hc.HighsModelStatus.kOptimal:
            raise RuntimeError(f"the set LP did not solve: {h.modelStatusToString(st)}")
        sol = h.getSolution()
        d = np.maximum(-np.asarray(sol.row_dual), 0.0)
        xv = np.asarray(sol.col_value)
        o = 0
        mu = d[o]; o += 1
        gamma = d[o:o + 26]; o += 26
        rho = d[o:o + 26 * (NUMBERS - 1)].reshape(26, NUMBERS - 1); o += 26 * (NUMBERS - 1)
        lam = d[o:o + self.n_lambda]; o += self.n_lambda
        delta = d[o:]
        value = -float(h.getInfo().objective_function_value)
        return (value, mu, gamma, lam, rho, delta, xv[self.nb:self.nb + self.nw], xv[self.nb + self.nw:])


def _all_subsets(words):
    """Every Hall row candidate as arrays (word index, T mask, p)."""
    wi, ts, ps = [], [], []
    for i, w in enumerate(words):
        for t, p in _subsets(w):
            wi.append(i)
            ts.append(t)
            ps.append(p)
    return np.array(wi, np.int64), np.array(ts, np.int64), np.array(ps, np.int64)


def _broken(model, y, x, subs, have, limit=3000):
    """The Hall rows the solution (y, x) breaks by more than 1e-6, most broken first."""
    wi, ts, ps = subs
    keep = y[wi] > 1e-6
    if have:
        keep &= np.array([(int(a), int(b)) not in have for a, b in zip(wi, ts)]) if keep.any() else keep
    idx = np.nonzero(keep)[0]
    used = x > _TOL
    cm = np.array(model.cols, dtype=np.int64)[used]
    xu = x[used]
    viol = np.empty(len(idx))
    for lo in range(0, len(idx), 20000):
        part = idx[lo:lo + 20000]
        miss = (ts[part][:, None] & cm[None, :]) == 0
        viol[lo:lo + 20000] = ps[part] * y[wi[part]] + miss.astype(float) @ xu - NUMBERS
    bad = viol > 1e-6
    order = np.argsort(-viol[bad], kind="stable")[:limit]
    sel = idx[bad][order]
    return [(int(wi[k]), int(ts[k]), int(ps[k])) for k in sel]


def _solve_to_end(model, sets, meets, b, subs, have, progress, stats, deadline=None):
    """Price columns of R_b and separate Hall rows on ``model`` until neither adds anything;
    returns (the solution, complete). ``deadline`` (a ``time.process_time()``): past it, the last
    solution is returned with complete False (its duals still give a valid, weaker, certificate)."""
    pool = np.nonzero(meets > b)[0]
    chosen = set(model.cols)
    if not model.cols:
        order = pool[np.argsort(-meets[pool], kind="stable")]
        model.add_sets([int(sets[s]) for s in order[:300]])
        chosen = set(model.cols)
    while True:
        sol = model.solve()
        stats["lps"] += 1
        value, mu, gamma, _lam, _rho, delta = sol[:6]
        rc = _reduced(sets[pool], np.array(model.row_masks, dtype=np.int64), float(mu),
                      gamma.astype(float), delta.astype(float))
        neg = np.nonzero(rc < -_TOL)[0]
        neg = neg[np.argsort(rc[neg], kind="stable")]
        new = [int(sets[pool[k]]) for k in neg if int(sets[pool[k]]) not in chosen][:400]
        if progress:
            progress(b, stats["lps"], len(model.cols), value, len(new))
        if deadline is not None and time.process_time() > deadline:
            return sol, False
        if new:
            model.add_sets(new)
            chosen.update(new)
            continue
        broken = _broken(model, sol[6], sol[7], subs, have)
        if not broken:
            return sol, True
        if stats.get("purge"):
            for key in model.drop_slack_hall():
                have.discard(key)
                stats["hall_rows_dropped"] = stats.get("hall_rows_dropped", 0) + 1
        have.update((a, c) for a, c, _ in broken)
        model.add_hall(broken)
        stats["hall_rows"] += len(broken)


def complete_set_bound(words, per_number: int = PER_NUMBER, threshold: int | None = None,
                       progress=None, max_evaluations: int = 8, cpu_limit: float | None = None,
                       purge: bool = True) -> dict:
    """The set LP bound with Hall's rows, the LP solved to its optimum (warm-started), and its
    certificate (a JSON-ready dict as :func:`bound_sets.set_bound` returns, with ``complete``).

    With ``threshold`` B: proves min(N, max(B, floor(LP_B))). Without: B = the count bound, then
    B = floor(LP_B) while that is lower than B (at most ``max_evaluations`` LPs), the best bound
    kept. ``cpu_limit``: CPU seconds, checked between solves; past them the certificate comes from
    the last solution's duals (valid, weaker) and ``complete`` is False. ``purge``: delete the Hall
    rows that stopped binding before each new round (1.10x less CPU at 2000 words, 1.17x at 1000,
    the same LP values).

    (Lowering B to floor(value) as soon as the columns price out, before the Hall rows are all in,
    was tried on 2026-11-29: the same bound in the same CPU time, 195 s either way at 2000 words.)"""
    from .bound import count_bound

    words = _words(words)
    if not 1 <= int(per_number) <= 26:
        fail(f"--per-number must be 1..26, not {per_number}")
    sets = all_sets(int(per_number))
    wm = _word_masks(words)
    meets = _meets(sets, wm)
    letters_rows = [(wi, ord(c) - 65, m) for wi, w in enumerate(words)
                    for c, m in sorted(Counter(w).items())]
    n = len(words)
    t0 = time.perf_counter()
    c0 = time.process_time()
    deadline = None if cpu_limit is None else c0 + float(cpu_limit)
    model = _Model(words, letters_rows, wm)
    subs = _all_subsets(words)
    have: set = set()
    stats = {"lps": 0, "hall_rows": 0, "purge": purge}
    tried: dict[int, dict] = {}
    b = max(0, min(int(threshold), n)) if threshold is not None else max(0, min(
        count_bound(words, per_number=per_number)["bound"], n - 1))
    best, complete = None, True
    while True:
        if not (meets > b).any():   # no set meets more than b words: no deck solves more than b
            rows = (np.arange(n), wm, np.full(n, NUMBERS))
            sol = (0.0, 0.0, np.zeros(26), np.zeros(len(letters_rows)),
                   np.zeros((26, NUMBERS - 1)), np.zeros(n))
            done = True
        else:
            sol, done = _solve_to_end(model, sets, meets, b, subs, have, progress, stats, deadline)
            rows = (np.array(model.row_words), np.array(model.row_masks, dtype=np.int64),
                    np.array(model.row_p))
        cert = _certificate(words, per_number, b, sol, letters_rows, rows)
        cert["bound"] = check_set_certificate(cert, sets=sets)["bound"]
        tried[b] = cert
        if best is None or cert["bound"] < best["bound"]:
            best, complete = cert, done
        nb = math.floor(cert["lp_value"] + 1e-9)
        if (not done or threshold is not None or not (meets > b).any() or nb >= b
                or len(tried) >= max_evaluations or nb in tried):
            break
        b = nb
    best = dict(best)
    best["complete"] = complete
    best["seconds"] = round(time.perf_counter() - t0, 1)
    best["cpu_seconds"] = round(time.process_time() - c0, 1)
    best["lps_solved"] = stats["lps"]
    best["hall_rows_added"] = stats["hall_rows"]
    best["hall_rows_dropped"] = stats.get("hall_rows_dropped", 0)
    best["thresholds_tried"] = {str(k): v["bound"] for k, v in sorted(tried.items())}
    best["lp_values"] = {str(k): v["lp_value"] for k, v in sorted(tried.items())}
    return best


def design_lp_bound(words, per_number: int, split: str, cpu_limit: float):
    """What ``design-deck`` proves beyond the count bound for the list it was given: the Hall LP
    solved to the end (:func:`complete_set_bound`, at most ``cpu_limit`` CPU seconds, progress on
    the terminal). Returns (summary, certificate): the summary says what was solved, or why not
    ({"skipped": reason}, None) for a free split or 7 to 19 letters a number."""
    from ..core.progress import progress
    from .bound_sets import MAX_SETS
    if split != "equal":
        return {"skipped": "the set LP holds for an equal split only"}, None
    if math.comb(26, per_number) > MAX_SETS:
        return {"skipped": f"the set LP checks every set of {per_number} letters: "
                           f"{math.comb(26, per_number):,} are too many (per-number <= 6 or >= 20)"}, None
    with progress(total=None, desc="LP bound", unit="LP") as bar:
        cert = complete_set_bound(words, per_number=per_number, cpu_limit=cpu_limit, progress=lambda b, rnd, cols, v, neg: (
            bar.update(), bar.set_postfix_str(f"B {b}: {cols} sets, {v:.2f}")))
    summary = {k: cert[k] for k in ("bound", "lp_value", "threshold", "complete", "cpu_seconds", "seconds",
                                    "lps_solved", "hall_rows_added")}
    cert["proof"] = summary["proof"] = cert["proof"] + (
        "; solved to the end for this list" if cert["complete"] else
        f"; stopped after {cpu_limit:g} CPU-s, before the LP's optimum")
    return summary, cert


def lp_lines(lp: dict | None, count: int | None) -> list[str]:
    """design-deck's lines on the LP bound (``design_lp_bound``'s summary), none without one."""
    if not lp:
        return []
    if "skipped" in lp:
        return [f"  no set LP bound: {lp['skipped']}"]
    return [f"  set LP with Hall's rows, B = {lp['threshold']}: {lp['lp_value']:.3f}, so no deck solves more than "
            f"{lp['bound']} (count bound {count}); {lp['lps_solved']} warm-started solves, "
            f"{lp['hall_rows_added']:,} Hall rows, {lp['cpu_seconds']:.0f} s of CPU"
            + ("" if lp["complete"] else ", stopped by --bound-time before the LP's optimum")]
