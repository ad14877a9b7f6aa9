"""The upper bound on the words any deck solves (octosolve/octagion/bound.py): never below the true
optimum (brute force over every deck on tiny alphabets), its certificate re-checked here by a
checker written independently of the library (its own constraint rows, exact fractions, no solver),
the committed certificate for the 2000 most familiar words, and tampered certificates refused."""

from __future__ import annotations

import copy
import itertools
import json
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numba
import numpy as np
import pytest

from octosolve.core.errors import OctoError
from octosolve.octagion import kernels as K
from octosolve.octagion.bound import check_certificate, count_bound
from octosolve.octagion.wordcards import load_lexicon

ROOT = Path(__file__).resolve().parents[2]
CERT_2000 = ROOT / "data" / "octagion" / "bound_top2000.json"


# ------------------------------------------------------------------------------------------------
# references
# ------------------------------------------------------------------------------------------------
def brute_optimum(words, letters, per_number):
    """Most words solved by any deck: every multiset of 8 columns, each a per_number-subset of
    ``letters`` (the words' letters: other letters never help, and a column with fewer letters is
    contained in one with per_number, so this is the optimum over all decks)."""
    cols = list(itertools.combinations(letters, per_number))
    arr = K.encode_words(words)
    colmask = np.zeros((len(cols), 26), dtype=np.uint8)       # column c carries letter l
    for c, col in enumerate(cols):
        for ch in col:
            colmask[c, ord(ch) - 65] = 1
    combos = np.fromiter(itertools.chain.from_iterable(
        itertools.combinations_with_replacement(range(len(cols)), 8)), dtype=np.int64).reshape(-1, 8)
    best = 0
    for i in range(0, len(combos), 50_000):                    # the decks' masks, 50,000 at a time
        chunk = combos[i:i + 50_000]
        masks = np.zeros((len(chunk), 26), dtype=np.uint8)
        for n in range(8):                                     # number n + 1 is column chunk[:, n]
            masks |= colmask[chunk[:, n]] << np.uint8(n)
        best = max(best, int(_most_solved(arr, masks, K.POPCOUNT8)))
    return best


@numba.njit(cache=True)
def _most_solved(arr, masks, pc):
    """The most words of ``arr`` any one deck of ``masks`` (one deck a row) solves."""
    best = 0
    for d in range(masks.shape[0]):
        s, _ = K.solve_words(arr, masks[d], pc)
        best = max(best, int((s > 0).sum()))
    return best


def brute_count_bound(words, letters, per_number):
    """max over count vectors c (c_l <= 8, sum <= 8 * per_number) of the words with
    m_w(l) <= c_l for every letter: the integer optimum the LP relaxes."""
    best = 0
    for c in itertools.product(range(9), repeat=len(letters)):
        if sum(c) > 8 * per_number:
            continue
        cl = dict(zip(letters, c))
        best = max(best, sum(all(cl[ch] >= m for ch, m in Counter(w).items()) for w in words))
    return best


def independent_check(cert) -> int:
    """The bound a certificate proves, from scratch: rows a.x <= r over x = (y[w], b[l][k]) >= 0,
    multipliers u >= 0 (missing ones 0, those of the bounds y <= 1, b <= 1 the least that work);
    weak duality: if u.A >= objective then max objective <= u.r."""
    words = cert["words"]
    q = int(cert["per_number"])
    letters = sorted({ch for w in words for ch in w})
    rows = []   # (multiplier, {variable: coefficient}, right-hand side)
    for w in words:
        for ch, m in Counter(w).items():
            u = Fraction(cert["lambda"].get(w, {}).get(ch, "0"))
            rows.append((u, {("y", w): 1, ("b", ch, m): -1}, 0))
    for ch in letters:
        for k in range(2, 9):
            u = Fraction(cert["rho"].get(ch, {}).get(str(k), "0"))
            rows.append((u, {("b", ch, k): 1, ("b", ch, k - 1): -1}, 0))
    rows.append((Fraction(cert["mu"]), {("b", ch, k): 1 for ch in letters for k in range(1, 9)},
                 8 * q))
    assert all(u >= 0 for u, _, _ in rows)
    variables = [("y", w) for w in words] + [("b", ch, k) for ch in letters for k in range(1, 9)]
    combo = {v: Fraction(0) for v in variables}
    for u, coef, _ in rows:
        for v, a in coef.items():
            combo[v] += u * a
    value = sum(u * r for u, _, r in rows)
    for v in variables:
        objective = 1 if v[0] == "y" else 0
        if combo[v] < objective:           # the bound row v <= 1, multiplier objective - combo
            value += objective - combo[v]
    return min(len(words), math.floor(value))


def random_words(rng, letters, n):
    return list(dict.fromkeys("".join(rng.choice(list(letters), 8)) for _ in range(n)))


# ------------------------------------------------------------------------------------------------
# the bound is valid (never below the optimum) on every enumerable instance
# ------------------------------------------------------------------------------------------------
@pytest.mark.integration
@pytest.mark.parametrize("letters,per_number,seed", [
    ("ABCD", 2, 0), ("ABCD", 2, 1), ("ABCD", 2, 2), ("ABCD", 1, 3), ("ABCD", 3, 4),
    ("ABC", 1, 5), ("ABC", 2, 6), ("ABCDE", 2, 7),
])
def test_bound_at_least_the_brute_force_optimum(letters, per_number, seed):
    rng = np.random.default_rng(seed)
    # words with many repeats (where the counts bind) and a few spread ones
    words = random_words(rng, letters, 10) + ["".join(rng.permutation(list(letters * 8))[:8])
                                              for _ in range(4)]
    words = list(dict.fromkeys(words))
    cert = count_bound(words, per_number=per_number)
    opt = brute_optimum(words, letters, per_number)
    count_opt = brute_count_bound(words, letters, per_number)
    assert cert["bound"] >= count_opt >= opt
    assert independent_check(cert) == cert["bound"] == check_certificate(cert)["bound"]


def test_bound_is_tight_where_counts_decide():
    """AAAAAAAA needs A on all 8 numbers, BBBBBBBB B on all 8: with one letter per number only one
    of them, and the counts see it (the LP cannot have both b[A][8] and b[B][8] above 1/2)."""
    cert = count_bound(["AAAAAAAA", "BBBBBBBB"], per_number=1)
    assert brute_optimum(["AAAAAAAA", "BBBBBBBB"], "AB", 1) == 1 == cert["bound"]
    assert independent_check(cert) == 1


def test_bound_can_exceed_the_optimum():
    """The LP mixes count vectors: with one letter per number no two of these four words (four
    different letter multisets) go together, yet the bound is 2. It bounds, it is not exact."""
    words = ["DDBBCDAA", "ABAABABC", "DCDBCADB", "ABADCCBD"]
    cert = count_bound(words, per_number=1)
    assert brute_optimum(words, "ABCD", 1) == 1 and brute_count_bound(words, "ABCD", 1) == 1
    assert cert["bound"] == 2 and Fraction(cert["lp_value"]).limit_denominator(100) > 1


# ------------------------------------------------------------------------------------------------
# the committed certificate for the 2000 most familiar words
# ------------------------------------------------------------------------------------------------
@pytest.mark.integration
def test_committed_certificate_for_2000_words():
    cert = json.loads(CERT_2000.read_text(encoding="utf-8"))
    assert cert["words"] == list(load_lexicon()[0][:2000])
    assert cert["per_number"] == 6 and cert["bound"] == 1928
    assert independent_check(cert) == 1928
    r = check_certificate(cert)
    assert r["bound"] == 1928 and r["agrees"] and Fraction(r["value"]) == 1928


# ------------------------------------------------------------------------------------------------
# tampered certificates
# ------------------------------------------------------------------------------------------------
def small_cert():
    words = ["BUSINESS", "ANYTHING", "NATIONAL", "ACTUALLY", "CHILDREN", "EVERYONE", "TOGETHER",
             "RESEARCH", "REMEMBER", "PROBABLY", "QUIZZING", "JAZZIEST"]
    return count_bound(words, per_number=1)


def test_tampered_certificates():
    cert = small_cert()
    assert check_certificate(cert)["agrees"]
    lower = dict(cert, bound=cert["bound"] - 1)           # claims more than it proves
    assert not check_certificate(lower)["agrees"]
    more = copy.deepcopy(cert)                            # a word added without multipliers
    more["words"] = more["words"] + ["ZZZZZZZZ"]
    assert cert["bound"] + 1 < len(more["words"])
    assert check_certificate(more)["bound"] == cert["bound"] + 1
    assert not check_certificate(more)["agrees"]
    zero = copy.deepcopy(cert)                            # drop the multipliers: a weaker bound
    zero["lambda"] = {}
    zero["mu"] = "0"
    assert check_certificate(zero)["bound"] == len(cert["words"]) > cert["bound"]
    for bad in ({"mu": "-1"}, {"mu": "x"}, {"mu": 1.5}, {"lambda": {"NOTAWORD": {"A": "1"}}},
                {"lambda": {"BUSINESS": {"Z": "1"}}}, {"rho": {"E": {"9": "1"}}},
                {"format": "other"}, {"words": ["BUSINESS", "BUSINESS"]}, {"per_number": 0},
                # a number too long to print ('internal error' before), and counts that were
                # truncated to an integer (a 1.5-card certificate proved a 1-card bound)
                {"mu": "1e5000"}, {"mu": int("9" * 200)}, {"per_number": 1.5},
                {"per_number": "1"}, {"per_number": True}, {"numbers": 8.5}):
        with pytest.raises(OctoError):
            check_certificate({**copy.deepcopy(cert), **bad})
