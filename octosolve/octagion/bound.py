"""An upper bound on the words of a list that ANY deck solves without Treatment Cards, with a
certificate that is checked with exact fractions, without a solver.

Why it holds. A deck puts ``per_number`` distinct letters on each number 1..8 (a duplicate card never
helps, see docs/rules/octagion.md). Let c_l be the number of numbers carrying letter l: c_l <= 8 and
sum_l c_l = 8 x per_number (48). A word solvable by the deck needs, for every letter l it uses
m_w(l) times, m_w(l) different numbers carrying l (Hall's condition for the set of l's positions):
c_l >= m_w(l). With the 0/1 variables b[l][k] = [c_l >= k] (k = 1..8) and y[w] = [w solvable], every
deck gives a feasible point of the linear programme

    maximise   sum_w y[w]
    subject to y[w] - b[l][m_w(l)] <= 0          for every word w and letter l of w
               b[l][k] - b[l][k-1] <= 0         for k = 2..8
               sum_{l,k} b[l][k] <= 8 x per_number
               0 <= y, b <= 1,

so the LP's optimum, hence any dual feasible value, bounds every deck. The certificate is a set of
non-negative multipliers (fractions) for the first three families; the checker takes for the bounds
y <= 1 and b <= 1 the smallest multipliers that make the combination dominate the objective
(alpha[w] = max(0, 1 - sum_l lambda[w][l]) and likewise for b), and the bound is
``floor(8 x per_number x mu + sum alpha + sum beta)`` (word counts are integers).

This is the per-letter count bound: it sees how many numbers carry each letter, not which ones, so
it does not see Hall's condition for sets of two letters or more (two letters on the same numbers)
or a number carrying no letter of a word. Those are where the designed decks lose most words;
docs/octagion.md gives the measured gaps and what was tried beyond.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from fractions import Fraction

import numpy as np

from ..core.errors import fail
from .rules import NUMBERS, PER_NUMBER, normalize_sequence

__all__ = ["CERTIFICATE_FORMAT", "count_bound", "check_certificate", "field_error", "table"]

CERTIFICATE_FORMAT = "octosolve-octagion-bound/1"
PROOF = ("per-letter count bound: an LP over how many numbers carry each letter, its dual "
         "checked in fractions")
MAX_DENOMINATOR = 10_000


def _frac(s) -> Fraction:
    # 'p' or 'p/q' in at most 100 digits each, as written: Fraction alone takes '1e5000' (too long
    # to print) or '1e999999999' (minutes of arithmetic)
    if isinstance(s, bool) or not isinstance(s, (int, str)) or (
            isinstance(s, str) and not re.fullmatch(r"-?[0-9]{1,100}(/[0-9]{1,100})?", s)):
        raise ValueError(f"a multiplier must be an integer or a 'p/q' string, not {str(s)[:40]!r}")
    if isinstance(s, int) and abs(s) >= 10 ** 100:
        raise ValueError("a multiplier has more than 100 digits")
    f = Fraction(s)
    if f < 0:
        raise ValueError(f"negative multiplier {s}")
    return f


def _words(words) -> list[str]:
    return list(dict.fromkeys(normalize_sequence(w, "word") for w in words))


def _kind(v) -> str:
    """What a JSON value is, in words."""
    for t, word in ((bool, "true/false"), (dict, "an object"), (list, "a list"), (str, "a string"),
                    ((int, float), "a number")):
        if isinstance(v, t):
            return word
    return "null" if v is None else type(v).__name__


def table(doc: dict, key: str, depth: int = 1) -> dict:
    """``doc[key]``, checked to be a JSON object (and, ``depth`` 2, an object of objects): a field
    of another type is a ValueError naming the field, not Python's words about a list's missing
    ``items`` (#45.5)."""
    v = doc[key]
    if not isinstance(v, dict):
        raise ValueError(f"the field {key!r} must be an object, not {_kind(v)}")
    if depth > 1:
        for k, d in v.items():
            if not isinstance(d, dict):
                raise ValueError(f"{key}[{k!r}] must be an object, not {_kind(d)}")
    return v


def field_error(what: str, e: Exception) -> str:
    """The one-line error for a certificate or record field that a checker could not read, in
    words ('lacks the field 'mu''; it was Python's "(KeyError: 'mu')"); no Python internals."""
    if isinstance(e, KeyError):
        return f"{what} lacks the field {e.args[0]!r}"
    if isinstance(e, (TypeError, AttributeError)):
        return f"{what} has a field of the wrong type (a list, object, string or number where another is due)"
    return f"{what} garbles a field: {e}"


def certificate_header(cert: dict) -> tuple[int, list[str]]:
    """(per_number, words) of a bound certificate (either format), checked: 8 numbers, per_number
    1..26, every word valid and listed once. Raises ValueError/KeyError/TypeError on a bad field
    (the checkers turn them into one-line errors)."""
    per_number, numbers = cert["per_number"], cert.get("numbers", NUMBERS)
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (per_number, numbers)) \
            or numbers != NUMBERS or not 1 <= per_number <= 26:
        raise ValueError("numbers must be 8 and per_number an integer 1..26")
    words = [normalize_sequence(w, "certificate word") for w in cert["words"]]
    if len(set(words)) != len(words):
        raise ValueError("a word is listed twice")
    return per_number, words


def count_bound(words, per_number: int = PER_NUMBER) -> dict:
    """The per-letter count bound for ``words`` and its certificate (a JSON-ready dict).

    Solves the LP above with HiGHS (scipy), turns its duals into fractions and re-checks them with
    :func:`check_certificate`; the returned ``bound`` is the checked one. Also returns a count
    vector reaching the bound's integer optimum when the LP solution is integral (``counts``)."""
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix

    words = _words(words)
    if not 1 <= int(per_number) <= 26:
        fail(f"--per-number must be 1..26, not {per_number}")
    letters = sorted({c for w in words for c in w})
    li = {c: i for i, c in enumerate(letters)}
    nl, nw = len(letters), len(words)
    nb = nl * NUMBERS                       # b[l][k] at l * 8 + (k - 1), then y[w] at nb + w
    rows, cols, vals = [], [], []
    r = 0
    pairs = []                              # (word index, letter) of each word row
    for wi, w in enumerate(words):
        for c, m in sorted(Counter(w).items()):
            rows += [r, r]
            cols += [nb + wi, li[c] * NUMBERS + m - 1]
            vals += [1.0, -1.0]
            pairs.append((wi, c))
            r += 1
    chain0 = r
    for l in range(nl):
        for k in range(2, NUMBERS + 1):
            rows += [r, r]
            cols += [l * NUMBERS + k - 1, l * NUMBERS + k - 2]
            vals += [1.0, -1.0]
            r += 1
    total_row = r
    rows += [r] * nb
    cols += list(range(nb))
    vals += [1.0] * nb
    r += 1
    a = coo_matrix((vals, (rows, cols)), shape=(r, nb + nw)).tocsr()
    b_ub = np.zeros(r)
    b_ub[total_row] = NUMBERS * per_number
    c = np.zeros(nb + nw)
    c[nb:] = -1.0
    res = linprog(c, A_ub=a, b_ub=b_ub, bounds=(0, 1), method="highs")
    if res.status != 0:
        raise RuntimeError(f"the count LP did not solve: {res.message}")
    duals = -res.ineqlin.marginals          # >= 0 multipliers of the <= rows

    def fr(x: float) -> Fraction:
        return Fraction(max(0.0, float(x))).limit_denominator(MAX_DENOMINATOR)

    lam: dict[str, dict[str, str]] = {}
    for (wi, ch), d in zip(pairs, duals[:chain0]):
        f = fr(d)
        if f:
            lam.setdefault(words[wi], {})[ch] = str(f)
    rho: dict[str, dict[str, str]] = {}
    for l in range(nl):
        for k in range(2, NUMBERS + 1):
            f = fr(duals[chain0 + l * (NUMBERS - 1) + k - 2])
            if f:
                rho.setdefault(letters[l], {})[str(k)] = str(f)
    cert = {"format": CERTIFICATE_FORMAT, "proof": PROOF, "per_number": int(per_number),
            "numbers": NUMBERS, "words": words, "mu": str(fr(duals[total_row])),
            "lambda": lam, "rho": rho}
    chk = check_certificate(cert)
    cert["bound"] = chk["bound"]
    cert["lp_value"] = round(-float(res.fun), 6)
    x = res.x
    if np.allclose(x, np.round(x), atol=1e-7):
        bx = np.round(x[:nb]).reshape(nl, NUMBERS)
        cert["counts"] = {letters[l]: int(bx[l].sum()) for l in range(nl) if bx[l].sum()}
    return cert


def check_certificate(cert: dict) -> dict:
    """Re-check a bound certificate with exact fractions (no solver): every multiplier >= 0, the
    combination of the constraints dominates the objective, and the bound it proves. Returns
    {"bound": int, "value": "p/q", "words": n, "agrees": bool} where ``agrees`` says whether a
    ``bound`` stored in the certificate equals the proved one. A malformed certificate is a
    one-line error."""
    if not isinstance(cert, dict) or cert.get("format") != CERTIFICATE_FORMAT:
        fail(f"not a bound certificate (format {CERTIFICATE_FORMAT})")
    try:
        per_number, words = certificate_header(cert)
        mu = _frac(cert["mu"])
        lam = {w: {ch: _frac(v) for ch, v in d.items()} for w, d in table(cert, "lambda", 2).items()}
        rho = {ch: {int(k): _frac(v) for k, v in d.items()} for ch, d in table(cert, "rho", 2).items()}
    except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError) as e:
        fail(field_error("the bound certificate", e))
    wset = set(words)
    mult = {w: Counter(w) for w in words}
    for w, d in lam.items():
        if w not in wset or any(ch not in mult[w] for ch in d):
            fail(f"the bound certificate has a multiplier for a row that does not exist ({w})")
    for ch, d in rho.items():
        if len(ch) != 1 or not "A" <= ch <= "Z" or any(not 2 <= k <= NUMBERS for k in d):
            fail(f"the bound certificate has a chain multiplier that does not exist ({ch})")
    # y[w]: sum_l lambda[w][l] + alpha[w] >= 1
    value = NUMBERS * per_number * mu
    for w in words:
        s = sum(lam.get(w, {}).values(), Fraction(0))
        if s < 1:
            value += 1 - s
    # b[l][k]: mu + rho[l][k] - rho[l][k+1] - sum_{w: m_w(l) = k} lambda[w][l] + beta >= 0
    used: dict[tuple[str, int], Fraction] = {}
    for w, d in lam.items():
        for ch, v in d.items():
            key = (ch, mult[w][ch])
            used[key] = used.get(key, Fraction(0)) + v
    for ch in sorted({c for w in words for c in w} | set(rho)):
        rl = rho.get(ch, {})
        for k in range(1, NUMBERS + 1):
            s = mu + rl.get(k, Fraction(0)) - rl.get(k + 1, Fraction(0)) - used.get((ch, k), 0)
            if s < 0:
                value -= s
    bound = min(len(words), math.floor(value))
    claimed = cert.get("bound")
    return {"bound": bound, "value": str(value), "words": len(words),
            "agrees": claimed is None or claimed == bound}
