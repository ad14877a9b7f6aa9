"""A tighter upper bound than the per-letter count bound (bound.py): an LP over the letter SETS a
number can carry, restricted to the sets that meet more than B of the words, with a certificate
checked in exact integer arithmetic, without a solver.

Why it holds. A deck is 8 numbers, each carrying a set S of ``per_number`` distinct letters. A word
is solvable only if every number carries one of its letters (each number takes one position), so a
deck holding a set that misses (shares no letter with) at least N - B of the N words solves at most
B of them. Hence a deck solving more than B words holds only sets of R_B = {S : S meets more than B
words}, and the optimum is at most max(B, LP_B), where LP_B is the optimum of this linear programme
over x_S (how many numbers carry S, S in R_B), b[l][k] (= [c_l >= k], c_l = numbers carrying l) and
y[w] (= [w solvable]), of which every deck solving more than B words is a feasible point:

    maximise   sum_w y[w]
    subject to sum_S x_S <= 8                                       (mu)
               sum_k b[l][k] - sum_{S contains l} x_S <= 0          (gamma[l], each letter)
               b[l][k] - b[l][k-1] <= 0              k = 2..8       (rho[l][k])
               y[w] - b[l][m_w(l)] <= 0              each word w, each letter l of w   (lambda)
               8 y[w] + sum_{S misses w} x_S <= 8    each word w    (delta[w]: no number may miss w)
               0 <= y, b <= 1,  0 <= x_S <= 8.

The last family is Hall's condition for the whole word (all 8 numbers must meet it); the others are
the count bound's. The certificate gives B and non-negative multipliers for the listed rows as
integers over one denominator; the multipliers of the bounds y <= 1, b <= 1 and x_S <= 8 are the
least that make the combination dominate the objective (so rounding the solver's duals only costs
a little value, never validity), and the bound is min(N, max(B, floor(value))).

Checking it needs no solver but does enumerate every set: the checker walks all C(26, per_number)
letter sets, counts the words each meets (whole numbers), and for each one in R_B adds 8 x the
negative part of its reduced cost. That is why per_number is limited to set families of at most
300,000 sets (per_number <= 6 or >= 20).

With ``hall`` (``bound --sets --hall``) the LP also gets Hall's condition for letter subsets T of a
word (2 letters or more, not all), p_T y[w] + sum_{S misses T} x_S <= 8 where p_T counts the word's
positions whose letter is in T (each of them needs its own number carrying a letter of T): the rows
that the LP's solution breaks are added, up to 3000 at a time, and the columns priced again. The
certificate lists them ("hall": word -> letters of T -> multiplier); the checker recomputes p_T from
the word and adds each row's multiplier to the reduced cost of every set missing T.

What it adds over the counts: a number carrying no letter of a word (and with ``hall`` letters
crowded onto the same numbers). The LP still mixes sets fractionally, so its gain is small
(docs/octagion.md gives the measured figures).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from fractions import Fraction
from itertools import chain, combinations

import numba
import numpy as np

from ..core.errors import fail
from .bound import _words, certificate_header, field_error, table
from .rules import NUMBERS, PER_NUMBER

__all__ = ["MAX_SETS", "SETS_FORMAT", "TWINS", "all_sets", "check_any_certificate", "check_set_certificate",
           "set_bound", "stored_bound", "stored_certificates"]

SETS_FORMAT = "octosolve-octagion-bound-sets/1"
PROOF = ("set LP bound: an LP over the letter sets a number can carry, restricted to the sets that "
         "meet more than B words, every number meeting every solvable word; its dual checked in "
         "integers over every set")
MAX_SETS = 300_000
DENOMINATOR = 10 ** 9


def all_sets(per_number: int) -> np.ndarray:
    """Every set of ``per_number`` letters of A..Z as a bit mask (bit l = letter l), in
    lexicographic order of the letters."""
    if math.comb(26, per_number) > MAX_SETS:
        fail(f"the set bound enumerates every set of {per_number} letters: C(26, {per_number}) = "
             f"{math.comb(26, per_number):,} is more than {MAX_SETS:,} (use per-number <= 6 or >= 20)")
    if per_number == 0:
        return np.zeros(1, dtype=np.int64)
    combos = np.fromiter(chain.from_iterable(combinations(range(26), per_number)), dtype=np.int64)
    return (np.int64(1) << combos.reshape(-1, per_number)).sum(axis=1)


def _word_masks(words) -> np.ndarray:
    return np.array([sum(1 << (ord(c) - 65) for c in set(w)) for w in words], dtype=np.int64)


@numba.njit(cache=True)
def _meets(sets, wm):
    out = np.zeros(len(sets), np.int64)
    for s in range(len(sets)):
        m = 0
        for w in wm:
            if sets[s] & w:
                m += 1
        out[s] = m
    return out


@numba.njit(cache=True)
def _reduced(sets, wm, mu, gamma, delta):
    """mu - sum_{l in S} gamma[l] + sum_{w missed by S} delta[w] for every set S (int64 or
    float64 inputs alike)."""
    out = np.empty(len(sets), delta.dtype)
    for s in range(len(sets)):
        v = mu
        for l in range(26):
            if sets[s] >> l & 1:
                v -= gamma[l]
        for i in range(len(wm)):
            if sets[s] & wm[i] == 0:
                v += delta[i]
        out[s] = v
    return out


def _solve_lp(words, cols, rows, letters_rows):
    """The LP above over the given set columns (bit masks) and meeting rows ``rows`` = (word
    indices, letter-set masks T, positions p: p y[w] + sum_{S misses T} x_S <= 8); returns
    (value, mu, gamma[26], lambda rows, rho[26][7], the rows' duals, y, x) as floats."""
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix, csr_matrix, hstack, vstack

    nw, nc, nb = len(words), len(cols), 26 * NUMBERS
    # variables: b (26 x 8) | y (nw) | x (nc)
    member = ((cols[None, :] >> np.arange(26)[:, None]) & 1).astype(float)      # 26 x nc
    rw, rt, rp = rows
    nr = len(rw)
    missm = ((rt[:, None] & cols[None, :]) == 0).astype(float)                    # nr x nc
    blocks = []
    # mu
    blocks.append(hstack([csr_matrix((1, nb + nw)), csr_matrix(np.ones((1, nc)))]))
    # gamma
    gb = coo_matrix((np.ones(nb), (np.repeat(np.arange(26), NUMBERS), np.arange(nb))),
                    shape=(26, nb))
    blocks.append(hstack([gb, csr_matrix((26, nw)), csr_matrix(-member)]))
    # rho
    r = np.arange(26 * (NUMBERS - 1))
    l, k = np.divmod(r, NUMBERS - 1)
    rb = coo_matrix((np.r_[np.ones(len(r)), -np.ones(len(r))],
                     (np.r_[r, r], np.r_[l * NUMBERS + k + 1, l * NUMBERS + k])),
                    shape=(len(r), nb))
    blocks.append(hstack([rb, csr_matrix((len(r), nw + nc))]))
    # lambda
    lw, ll, lm = (np.array(a, dtype=np.int64) for a in zip(*letters_rows))
    nlr = len(lw)
    lb = coo_matrix((np.r_[np.ones(nlr), -np.ones(nlr)],
                     (np.r_[np.arange(nlr), np.arange(nlr)], np.r_[nb + lw, ll * NUMBERS + lm - 1])),
                    shape=(nlr, nb + nw))
    blocks.append(hstack([lb, csr_matrix((nlr, nc))]))
    # delta (whole words, p = 8) and Hall's rows for letter subsets
    dy = coo_matrix((rp.astype(float), (np.arange(nr), nb + rw)), shape=(nr, nb + nw))
    blocks.append(hstack([dy, csr_matrix(missm)]))
    a = vstack(blocks).tocsr()
    rhs = np.r_[8.0, np.zeros(26 + len(r) + nlr), np.full(nr, 8.0)]
    c = np.zeros(nb + nw + nc)
    c[nb:nb + nw] = -1.0
    bounds = np.array([(0, 1)] * (nb + nw) + [(0, NUMBERS)] * nc, dtype=float)
    res = linprog(c, A_ub=a, b_ub=rhs, bounds=bounds, method="highs")
    if res.status != 0:
        raise RuntimeError(f"the set LP did not solve: {res.message}")
    d = np.maximum(-res.ineqlin.marginals, 0.0)
    o = 0
    mu = d[o]; o += 1
    gamma = d[o:o + 26]; o += 26
    rho = d[o:o + len(r)].reshape(26, NUMBERS - 1); o += len(r)
    lam = d[o:o + nlr]; o += nlr
    delta = d[o:o + nr]
    return -float(res.fun), mu, gamma, lam, rho, delta, res.x[nb:nb + nw], res.x[nb + nw:]


def _subsets(word):
    """Every letter subset T of the word with at least 2 letters and not all of them: (mask of T,
    the positions whose letter is in T)."""
    cnt = Counter(word)
    ls = sorted(cnt)
    return [(sum(1 << (ord(c) - 65) for c in t), sum(cnt[c] for c in t))
            for r in range(2, len(ls)) for t in combinations(ls, r)]


def _lp_over(words, threshold, sets, meets, wm, letters_rows, progress=None, max_rounds=60,
             hall=False, max_separations=12, stop_at_b=False):
    """Column generation: the LP over R_threshold, started from its 300 sets meeting most words;
    priced over all of R_threshold until no column improves. With ``hall``, then the Hall rows
    for letter subsets that the LP's solution breaks are added (up to 3000 a time) and the
    columns priced again, until none is broken. Returns (rows, the float solution)."""
    pool = np.nonzero(meets > threshold)[0]
    if len(pool) == 0:
        return None
    order = pool[np.argsort(-meets[pool], kind="stable")]
    cols = list(order[:300])
    chosen = set(cols)
    rows = (np.arange(len(words)), wm.copy(), np.full(len(words), NUMBERS))
    subsets = [_subsets(w) for w in words] if hall else None
    have = set()
    rnd = 0
    for _sep in range(max_separations if hall else 1):
        sol = _columns(words, threshold, sets, pool, cols, chosen, rows, letters_rows, progress,
                       max_rounds, rnd, stop_at_b)
        if not hall or (stop_at_b and math.floor(sol[8] + 1e-6) <= threshold):
            break
        y, x = sol[6], sol[7]
        cm = sets[np.array(cols)]
        used = x > 1e-9
        broken = []
        for wi in np.nonzero(y > 1e-6)[0]:
            for t, p in subsets[wi]:
                if (wi, t) in have:
                    continue
                viol = p * y[wi] + x[used][(cm[used] & t) == 0].sum() - NUMBERS
                if viol > 1e-6:
                    broken.append((viol, int(wi), t, p))
        if not broken:
            break
        broken.sort(reverse=True)
        add = broken[:3000]
        have.update((wi, t) for _, wi, t, _p in add)
        rows = (np.r_[rows[0], [a[1] for a in add]],
                np.r_[rows[1], np.array([a[2] for a in add], dtype=np.int64)],
                np.r_[rows[2], [a[3] for a in add]])
        rnd += 1000
    return rows, sol


def _columns(words, threshold, sets, pool, cols, chosen, rows, letters_rows, progress, max_rounds,
             rnd0, stop_at_b):
    for rnd in range(rnd0, rnd0 + max_rounds):
        sol = _solve_lp(words, sets[np.array(cols)], rows, letters_rows)
        value, mu, gamma, _lam, _rho, delta = sol[:6]
        rc = _reduced(sets[pool], rows[1], float(mu), gamma.astype(float), delta.astype(float))
        neg = pool[rc < -1e-9]
        neg = [s for s in neg[np.argsort(rc[rc < -1e-9], kind="stable")] if s not in chosen][:400]
        # the duals bound LP_B by value + 8 x the negative reduced costs (x_S <= 8): once that
        # has the same floor as the value, more columns cannot lower the whole-number bound
        upper = value + NUMBERS * float(-rc[rc < 0].sum())
        if progress:
            progress(threshold, rnd, len(cols), value, len(neg))
        # ... nor, when B was given, once it proves B itself (the bound is max(B, floor(value)))
        if (not neg or math.floor(upper + 1e-6) <= math.floor(value + 1e-6)
                or (stop_at_b and math.floor(upper + 1e-6) <= threshold)):
            return sol + (upper,)
        cols += neg
        chosen.update(neg)
    return sol + (upper,)


def _certificate(words, per_number, threshold, sol, letters_rows, rows) -> dict:
    value, mu, gamma, lam, rho, delta = sol[:6]
    D = DENOMINATOR

    def q(x) -> int:
        return max(0, int(round(float(x) * D)))

    cert = {"format": SETS_FORMAT, "proof": PROOF, "per_number": int(per_number),
            "numbers": NUMBERS, "words": words, "threshold": int(threshold), "denominator": D,
            "mu": q(mu), "gamma": {}, "rho": {}, "lambda": {}, "delta": {}}
    for l in range(26):
        if q(gamma[l]):
            cert["gamma"][chr(65 + l)] = q(gamma[l])
        rl = {str(k + 2): q(rho[l][k]) for k in range(NUMBERS - 1) if q(rho[l][k])}
        if rl:
            cert["rho"][chr(65 + l)] = rl
    for (wi, li, _m), v in zip(letters_rows, lam):
        if q(v):
            cert["lambda"].setdefault(words[wi], {})[chr(65 + li)] = q(v)
    nw = len(words)
    for wi, v in enumerate(delta[:nw]):
        if q(v):
            cert["delta"][words[wi]] = q(v)
    hall: dict[str, dict[str, int]] = {}
    for wi, t, v in zip(rows[0][nw:], rows[1][nw:], delta[nw:]):
        if q(v):
            letters = "".join(chr(65 + l) for l in range(26) if t >> l & 1)
            hall.setdefault(words[wi], {})[letters] = q(v)
    if hall:
        cert["hall"] = hall
        cert["proof"] = PROOF + "; with Hall's rows for letter subsets of the words"
    cert["lp_value"] = round(value, 6)
    return cert


def set_bound(words, per_number: int = PER_NUMBER, threshold: int | None = None,
              progress=None, max_evaluations: int = 6, hall: bool = False) -> dict:
    """The set LP bound and its certificate (a JSON-ready dict with ``bound``).

    With ``threshold`` B given, proves min(N, max(B, floor(LP_B))), and stops improving the LP once
    B itself is proved. Without it, searches B: starts
    at the count bound, then B = floor(LP_B) while that lowers the bound, then bisects between
    (at most ``max_evaluations`` LPs), and keeps the certificate of the best bound found."""
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
    tried: dict[int, dict] = {}

    def evaluate(b: int) -> dict:
        if b not in tried:
            got = _lp_over(words, b, sets, meets, wm, letters_rows, progress, hall=hall,
                           stop_at_b=threshold is not None)
            if got is None:           # no set meets more than b words: no deck solves more than b
                rows = (np.arange(n), wm, np.full(n, NUMBERS))
                sol = (0.0, 0.0, np.zeros(26), np.zeros(len(letters_rows)),
                       np.zeros((26, NUMBERS - 1)), np.zeros(n))
            else:
                rows, sol = got
            cert = _certificate(words, per_number, b, sol, letters_rows, rows)
            cert["bound"] = check_set_certificate(cert, sets=sets)["bound"]
            tried[b] = cert
        return tried[b]

    if threshold is not None:
        best = evaluate(max(0, min(int(threshold), n)))
    else:
        hi = min(count_bound(words, per_number=per_number)["bound"], n)
        best = evaluate(hi)
        # max(B, f(B)) with f(B) = floor(LP_B) non-increasing in B: the least B with f(B) <= B
        # is the best; hi is a proved bound, every B <= lo has f(B) > B
        lo = -1
        b = min(hi - 1, math.floor(best["lp_value"]))
        while len(tried) < max_evaluations and lo < b < hi:
            c = evaluate(b)
            if c["bound"] < best["bound"]:
                best = c
            if c["bound"] <= b:        # f(b) <= b: B = b is proved
                hi = b
                b = min(b - 1, math.floor(c["lp_value"]))
                if b <= lo:
                    b = (lo + hi) // 2
            else:                      # f(b) > b: the least such B lies above b
                lo = b
                b = (lo + hi) // 2
    best = dict(best)
    best["seconds"] = round(time.perf_counter() - t0, 1)
    best["thresholds_tried"] = {str(k): v["bound"] for k, v in sorted(tried.items())}
    return best


def check_set_certificate(cert: dict, sets: np.ndarray | None = None) -> dict:
    """Re-check a set-bound certificate in exact integer arithmetic (no solver): enumerate every
    set of per_number letters, keep those meeting more than the threshold B of the words, and
    bound the LP by the multipliers (the bound rows' multipliers implied). Returns {"bound": int,
    "value": "p/q", "words": n, "threshold": B, "sets_kept": k, "agrees": bool}."""
    if not isinstance(cert, dict) or cert.get("format") != SETS_FORMAT:
        fail(f"not a set-bound certificate (format {SETS_FORMAT})")

    def nat(v) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"a multiplier must be a whole number >= 0, not {str(v)[:40]!r}")
        if v >= 10 ** 100:         # beyond int64 below, or too long to print
            raise ValueError("a multiplier has more than 100 digits")
        return v

    try:
        per_number, words = certificate_header(cert)
        threshold = nat(cert["threshold"])
        D = nat(cert["denominator"])
        if D == 0:
            raise ValueError("the denominator is 0")
        mu = nat(cert["mu"])
        gamma = {ch: nat(v) for ch, v in table(cert, "gamma").items()}
        rho = {ch: {int(k): nat(v) for k, v in d.items()} for ch, d in table(cert, "rho", 2).items()}
        lam = {w: {ch: nat(v) for ch, v in d.items()} for w, d in table(cert, "lambda", 2).items()}
        delta = {w: nat(v) for w, v in table(cert, "delta").items()}
        hall = {w: {t: nat(v) for t, v in d.items()}
                for w, d in (table(cert, "hall", 2) if "hall" in cert else {}).items()}
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        fail(field_error("the set-bound certificate", e))
    wset = set(words)
    mult = {w: Counter(w) for w in words}
    for w, d in lam.items():
        if w not in wset or any(ch not in mult[w] for ch in d):
            fail(f"the set-bound certificate has a multiplier for a row that does not exist ({w})")
    for w in delta:
        if w not in wset:
            fail(f"the set-bound certificate has a multiplier for a row that does not exist ({w})")
    hall_rows = []                   # (word, mask of T, positions of T in the word, multiplier)
    for w, d in hall.items():
        for t, v in d.items():
            if (w not in wset or not t or len(set(t)) != len(t)
                    or any(ch not in mult[w] for ch in t)):
                fail(f"the set-bound certificate has a Hall row that does not exist ({w} {t})")
            hall_rows.append((w, sum(1 << (ord(ch) - 65) for ch in t),
                              sum(mult[w][ch] for ch in t), v))
    for ch, d in list(rho.items()) + [(ch, {}) for ch in gamma]:
        if len(ch) != 1 or not "A" <= ch <= "Z" or any(not 2 <= k <= NUMBERS for k in d):
            fail(f"the set-bound certificate has a multiplier for a letter row that does not "
                 f"exist ({ch})")
    # value * D, all in Python integers
    value = NUMBERS * mu + NUMBERS * sum(delta.values()) + NUMBERS * sum(r[3] for r in hall_rows)
    hy: Counter = Counter()
    for w, _t, p, v in hall_rows:
        hy[w] += p * v
    for w in words:                  # y[w]: sum lambda + 8 delta + sum p_T hall + alpha >= 1
        s = sum(lam.get(w, {}).values()) + NUMBERS * delta.get(w, 0) + hy[w]
        value += max(0, D - s)
    used: Counter = Counter()
    for w, d in lam.items():
        for ch, v in d.items():
            used[(ch, mult[w][ch])] += v
    for l in range(26):              # b[l][k]: gamma + rho[k] - rho[k+1] - lambda's + beta >= 0
        ch = chr(65 + l)
        rl = rho.get(ch, {})
        for k in range(1, NUMBERS + 1):
            s = gamma.get(ch, 0) + rl.get(k, 0) - rl.get(k + 1, 0) - used[(ch, k)]
            value += max(0, -s)
    # x_S for every S in R_B: mu - sum gamma + sum delta(missed) + beta_S >= 0, beta_S x 8
    if sets is None:
        sets = all_sets(per_number)
    wm = _word_masks(words)
    meets = _meets(sets, wm)
    kept = sets[meets > threshold]
    g = [gamma.get(chr(65 + l), 0) for l in range(26)]
    dl = [delta.get(w, 0) for w in words] + [r[3] for r in hall_rows]
    # int64 is exact here: every term is at most ~2^63 / (27 + len(words)) in size
    if max([mu, *g, *dl]) * (27 + len(dl)) >= 2 ** 62:
        fail("the set-bound certificate's multipliers are too large to check")
    g, dl = np.array(g, dtype=np.int64), np.array(dl, dtype=np.int64)
    rmask = np.r_[wm, np.array([r[1] for r in hall_rows], dtype=np.int64)].astype(np.int64)
    rc = _reduced(kept, rmask, np.int64(mu), g, dl)
    value += NUMBERS * int(-rc[rc < 0].sum())
    frac = Fraction(value, D)
    if len(kept) == 0:               # no set meets more than B words: no deck solves more than B
        bound = min(len(words), threshold)
    else:
        bound = min(len(words), max(threshold, math.floor(frac)))
    claimed = cert.get("bound")
    return {"bound": bound, "value": str(frac), "words": len(words), "threshold": threshold,
            "sets_kept": len(kept), "agrees": claimed is None or claimed == bound}


def check_any_certificate(cert) -> dict:
    """Re-check a bound certificate of either kind, the count bound's (`bound --out`) or the set
    bound's (`bound --sets --out`), with no solver; the result of :func:`check_set_certificate`
    or :func:`octosolve.octagion.bound.check_certificate`."""
    from .bound import check_certificate
    if isinstance(cert, dict) and cert.get("format") == SETS_FORMAT:
        return check_set_certificate(cert)
    return check_certificate(cert)


def stored_certificates(lexicon) -> list[dict]:
    """Every bound certificate kept in ``data/octagion/`` (``bound_*.json``), re-checked here
    with no solver, in file order: {"file", "words", "top" (N when the words are the N first of
    ``lexicon``, the lexicon's words most familiar first; else None), "per_number", "proof",
    "hall", "threshold", "bound", "value", "agrees"}. A file that is not a certificate is an
    error."""
    import json
    from ..core.paths import DATA_DIR
    lex = list(lexicon)
    rows = []
    for p in sorted((DATA_DIR / "octagion").glob("bound_*.json")):
        try:
            cert = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            fail(f"data/octagion/{p.name}: not a readable JSON certificate ({type(e).__name__})")
        r = check_any_certificate(cert)
        words = list(cert["words"])
        rows.append({"file": p.name, "words": len(words),
                     "top": len(words) if words == lex[:len(words)] else None,
                     "per_number": cert["per_number"], "proof": cert.get("proof"),
                     "hall": bool(cert.get("hall")), "threshold": r.get("threshold"),
                     "bound": r["bound"], "value": r["value"], "agrees": r["agrees"]})
    return rows


def stored_bound(words, per_number: int = PER_NUMBER) -> dict | None:
    """The best set-bound certificate kept in ``data/octagion/`` for exactly these words (in any
    order) and ``per_number``, re-checked here in integers (a few seconds at 2000 words):
    {"bound", "proof", "file", "certificate"}, or None when no stored certificate is for this list.
    A stored file that does not re-check is an error, never a silent bound."""
    import json
    from ..core.paths import DATA_DIR
    want = sorted(_words(words))
    best = None
    for p in sorted((DATA_DIR / "octagion").glob("bound_*.json")):
        try:
            cert = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if (not isinstance(cert, dict) or cert.get("format") != SETS_FORMAT
                or cert.get("per_number") != per_number or len(cert.get("words", ())) != len(want)
                or sorted(cert["words"]) != want):
            continue
        r = check_set_certificate(cert)
        if not r["agrees"]:
            fail(f"data/octagion/{p.name} does not re-check (it claims {cert.get('bound')}, "
                 f"the check gives {r['bound']})")
        if best is None or r["bound"] < best["bound"]:
            best = {"bound": r["bound"], "proof": f"{cert.get('proof', PROOF)} (data/octagion/{p.name}, "
                                                  f"re-checked in integers)",
                    "file": p.name, "certificate": cert}
    return best


# ------------------------------------------------------------------------------------------------
# pure-Python twins of the two numba kernels (listed in kernels.TWINS)
# ------------------------------------------------------------------------------------------------
def _meets_py(sets, wm):
    return np.array([sum(1 for w in wm.tolist() if s & w) for s in sets.tolist()], dtype=np.int64)


def _reduced_py(sets, wm, mu, gamma, delta):
    out = []
    for s in sets.tolist():
        letters = [l for l in range(26) if s >> l & 1]
        missed = [i for i, w in enumerate(wm.tolist()) if not s & w]
        out.append(mu - sum(gamma[l] for l in letters) + sum(delta[i] for i in missed))
    return np.array(out, dtype=delta.dtype)


def _examples(rng, with_duals: bool):
    for q in (1, 2, 6):
        sets = all_sets(q)
        sets = sets[rng.choice(len(sets), size=min(len(sets), 40), replace=False)]
        words = ["".join(rng.choice(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), 8)) for _ in range(25)]
        wm = _word_masks(words)
        if not with_duals:
            yield sets, wm
            continue
        yield (sets, wm, np.int64(rng.integers(0, 10**6)), rng.integers(0, 10**5, 26),
               rng.integers(0, 10**5, len(words)))
        yield sets, wm, float(rng.random()), rng.random(26), rng.random(len(words))


def _twins():
    from ..core.kernels import Twin
    return (
        Twin("_meets", _meets, _meets_py, lambda rng: _examples(rng, False),
             note="twin: Python sets of bits (bound_sets.py)"),
        Twin("_reduced", _reduced, _reduced_py, lambda rng: _examples(rng, True),
             same=lambda a, b: np.allclose(a, b, rtol=1e-12, atol=1e-9) and a.dtype == b.dtype,
             note="twin: the letters and missed words listed in Python (bound_sets.py)"),
    )


TWINS = _twins()
